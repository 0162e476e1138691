//! Ruleset queries (`POST /api/tables/{id}/queries/{name}`): read-only questions answered from
//! what the caller may see — the demo's preview, the Crows odds the test panel shows — with the
//! same refusal for a hidden creature as for a missing one, and a bounded body.

use super::*;

impl Running {
    async fn query(&self, id: &str, token: &str, name: &str, args: Value) -> (StatusCode, Value) {
        self.post(
            &format!("/api/tables/{id}/queries/{name}"),
            Some(token),
            args,
        )
        .await
    }
}

#[tokio::test]
async fn demo_preview_answers_and_unknown_queries_are_refused_changing_nothing() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let alice = srv.player(&id, &referee, "alice", Some("c1")).await;
    srv.command(
        &id,
        &referee,
        json!({"rules": {"add": {"character": "c1", "amount": 4}}}),
    )
    .await;
    let before = srv.last_n(&id, &referee).await;
    let (s, v) = srv
        .query(
            &id,
            &alice,
            "preview_add",
            json!({"character": "c1", "amount": 3}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["answer"], json!({"before": 4, "after": 7}));
    assert_eq!(v["query"], "preview_add");
    // A query is not a command: nothing was logged, the counter is unchanged.
    assert_eq!(srv.last_n(&id, &referee).await, before);
    let (_, view) = srv.get(&format!("/api/tables/{id}/view"), &referee).await;
    assert_eq!(view["view"]["rules"]["counters"]["c1"], 4);

    let (s, v) = srv.query(&id, &alice, "odds", json!({})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "no_such_query");
    let (s, v) = srv
        .query(
            &id,
            &alice,
            "preview_add",
            json!({"character": "c9", "amount": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "unknown_character");
    let (s, v) = srv
        .query(
            &id,
            &alice,
            "preview_add",
            json!({"character": "c1", "amount": 5000}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["rule"], "demo::MAX_ADD");
    // No token, or a bad one: refused before the ruleset is asked.
    let (s, _) = srv
        .post(
            &format!("/api/tables/{id}/queries/preview_add"),
            None,
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    // The body is a question, not data: bounded.
    let big = json!({"character": "c1", "amount": 1, "pad": "x".repeat(server::api::QUERY_BYTES)});
    let (s, v) = srv.query(&id, &alice, "preview_add", big).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(v["rule"], "api::QUERY_BYTES");
    let (s, v) = srv.query(&id, &alice, &"q".repeat(65), json!({})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["code"], "bad_query");
    srv.stop().await;
}

/// The Crows `odds` query is `crows::odds` itself, reads a creature's characteristic from the
/// caller's own view, and refuses a player's question about a hidden creature exactly as one
/// about a creature that does not exist.
#[tokio::test]
async fn crows_odds_come_from_the_rules_and_hide_what_the_player_cannot_see() {
    use crows::test_roll::{
        Characteristic, Modifier, ModifierSource, SourceKind, TestRules, TestSpec,
    };
    let dir = tempfile::tempdir().expect("tmp");
    let mut registry = engine::builtin_registry();
    registry.register(crows::ruleset::Crows);
    registry.register(delve_acks::ruleset::Acks);
    registry.register(delve_dnd2024::ruleset::Dnd2024);
    let limits = Limits {
        requests_per_second: 0.0,
        tables_per_minute: 0.0,
        ..Limits::default()
    };
    let srv = start_registry(&dir.path().join("delve.db"), limits, registry).await;
    let (s, created) = srv
        .post(
            "/api/tables",
            None,
            json!({"ruleset": "crows", "name": "Odds", "config": {"dungeon_turn_minutes": 0}}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("id").to_string();
    let referee = created["referee_token"]
        .as_str()
        .expect("token")
        .to_string();
    for (cid, kind, revealed, mind) in [("vera", "crow", true, 2), ("lurker", "monster", false, 3)]
    {
        let (s, v) = srv
            .command(
                &id,
                &referee,
                json!({"rules": {"create_creature": {"id": cid, "kind": kind, "revealed": revealed,
                "characteristics": {"agility": 1, "mind": mind, "strength": 0}, "stamina": 5}}}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let alice = srv.player(&id, &referee, "alice", Some("vera")).await;
    let before = srv.last_n(&id, &referee).await;

    let rules_odds = |value: i8, edges: usize, bonus: i32| {
        let source = || ModifierSource::new(SourceKind::Referee, "test");
        let mut spec = TestSpec::new(Characteristic::Mind, value);
        for _ in 0..edges {
            spec = spec.with_modifier(Modifier::edge(source()));
        }
        if bonus != 0 {
            spec = spec.with_modifier(Modifier::bonus(source(), bonus));
        }
        serde_json::to_value(
            crows::odds::odds_with_expertise(&spec, TestRules::standard()).expect("odds"),
        )
        .expect("json")
    };
    // The player's own crow: Mind 2 with an edge and +1.
    let (s, v) = srv
        .query(
            &id,
            &alice,
            "odds",
            json!({"creature": "vera", "characteristic": "mind", "edges": 1, "bonus": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["answer"]["without"], rules_odds(2, 1, 1)["without"]);
    assert_eq!(
        v["answer"]["with_expertise"],
        rules_odds(2, 1, 1)["with_expertise"]
    );
    assert_eq!(v["answer"]["net"], "edge");
    // A bare value.
    let (s, v) = srv
        .query(&id, &alice, "odds", json!({"value": -3, "edges": 2}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["answer"]["without"], rules_odds(-3, 2, 0)["without"]);
    assert_eq!(v["answer"]["net"], "double_edge");
    // The Referee sees the hidden monster's Mind 3.
    let (s, v) = srv
        .query(
            &id,
            &referee,
            "odds",
            json!({"creature": "lurker", "characteristic": "mind"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        v["answer"]["with_expertise"],
        rules_odds(3, 0, 0)["with_expertise"]
    );
    // The player: the hidden monster answers exactly like a creature that does not exist.
    let ask = |c: &str| json!({"creature": c, "characteristic": "mind"});
    let (s_hidden, hidden) = srv.query(&id, &alice, "odds", ask("lurker")).await;
    let (s_absent, absent) = srv.query(&id, &alice, "odds", ask("nobody")).await;
    assert_eq!(s_hidden, StatusCode::UNPROCESSABLE_ENTITY, "{hidden}");
    assert_eq!(s_hidden, s_absent);
    assert_eq!(hidden["code"], "unknown_creature");
    assert_eq!(
        hidden["message"].as_str().map(|m| m.replace("lurker", "X")),
        absent["message"].as_str().map(|m| m.replace("nobody", "X")),
    );
    assert!(!hidden.to_string().contains('3'), "{hidden}");
    // Limits, named.
    for bad in [
        json!({"value": 0, "edges": 5}),
        json!({"value": 11}),
        json!({"value": 0, "bonus": 21}),
        json!({"value": 0, "characteristic": "luck"}),
    ] {
        let (s, v) = srv.query(&id, &alice, "odds", bad.clone()).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {v}");
        assert_eq!(v["rule"], "query.odds", "{bad}: {v}");
    }
    assert_eq!(
        srv.last_n(&id, &referee).await,
        before,
        "queries log nothing"
    );
    srv.stop().await;
}
