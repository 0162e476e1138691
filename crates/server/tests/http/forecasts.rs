//! Forecasts from the Referee's screen (issue 24): `POST /api/tables/{id}/forecasts/{kind}`
//! answers the Referee with the ruleset's report, refuses everyone else before any work, names
//! its limits, and writes nothing to the table's log.

use super::*;

impl Running {
    async fn forecast(
        &self,
        id: &str,
        token: &str,
        kind: &str,
        body: Value,
    ) -> (StatusCode, Value) {
        self.post(
            &format!("/api/tables/{id}/forecasts/{kind}"),
            Some(token),
            body,
        )
        .await
    }
}

/// A Crows table with two crows and two monsters placed on the grid; returns the server,
/// the table, the Referee's token and Alice's (who plays Vera).
async fn two_against_two(dir: &Path) -> (Running, String, String, String) {
    let mut registry = engine::builtin_registry();
    registry.register(crows::ruleset::Crows);
    registry.register(delve_acks::ruleset::Acks);
    registry.register(delve_dnd2024::ruleset::Dnd2024);
    let limits = Limits {
        requests_per_second: 0.0,
        tables_per_minute: 0.0,
        ..Limits::default()
    };
    let srv = start_registry(&dir.join("delve.db"), limits, registry).await;
    let (s, created) = srv
        .post(
            "/api/tables",
            None,
            json!({"ruleset": "crows", "name": "Forecast", "config": {"dungeon_turn_minutes": 0}}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("id").to_string();
    let referee = created["referee_token"]
        .as_str()
        .expect("token")
        .to_string();
    for (cid, kind, x, y, side) in [
        ("vera", "crow", 1, 1, "crows"),
        ("bram", "crow", 1, 2, "crows"),
        ("rat", "monster", 2, 1, "enemies"),
        ("bat", "monster", 2, 2, "enemies"),
    ] {
        let (s, v) = srv
            .command(
                &id,
                &referee,
                json!({"rules": {"create_creature": {"id": cid, "kind": kind, "revealed": true,
                    "characteristics": {"agility": 1, "mind": 0, "strength": 1}, "stamina": 3}}}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (s, v) = srv
            .command(
                &id,
                &referee,
                json!({"rules": {"place": {"creature": cid, "at": {"x": x, "y": y}, "side": side}}}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let alice = srv.player(&id, &referee, "alice", Some("vera")).await;
    (srv, id, referee, alice)
}

fn p(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

#[tokio::test]
async fn forecast_the_referee_gets_a_fight_report_and_the_log_is_unchanged() {
    let dir = tempfile::tempdir().expect("tmp");
    let (srv, id, referee, alice) = two_against_two(dir.path()).await;
    // The Referee's view lists the kinds (the screen's button); a player's does not.
    let (_, view) = srv.get(&format!("/api/tables/{id}/view"), &referee).await;
    assert_eq!(view["forecasts"], json!(["fight", "expedition"]), "{view}");
    let (_, view) = srv.get(&format!("/api/tables/{id}/view"), &alice).await;
    assert!(view.get("forecasts").is_none(), "{view}");

    let before = srv.full_log(&id, &referee).await;
    let (s, report) = srv
        .forecast(
            &id,
            &referee,
            "fight",
            json!({"runs": 300, "seed": 7, "policy": "tactical", "args": {"max_rounds": 20}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{report}");
    assert_eq!(report["kind"], "fight");
    assert_eq!(report["runs"], 300);
    assert_eq!(report["seed"], 7);
    assert_eq!(report["max_rounds"], 20);
    let sides = &report["sides"];
    let total = p(&sides["crows"]["win"]) + p(&sides["enemies"]["win"]) + p(&sides["draw"]["p"]);
    assert!((total - 1.0).abs() < 1e-9, "{sides}");
    for who in ["vera", "bram", "rat", "bat"] {
        assert!(report["creatures"][who]["dies"].is_number(), "{report}");
    }
    // The same seed, the same report.
    let (_, again) = srv
        .forecast(
            &id,
            &referee,
            "fight",
            json!({"runs": 300, "seed": 7, "policy": "tactical", "args": {"max_rounds": 20}}),
        )
        .await;
    assert_eq!(again, report);
    // No seed: the server draws one and reports it.
    let (s, drawn) = srv
        .forecast(&id, &referee, "fight", json!({"runs": 20}))
        .await;
    assert_eq!(s, StatusCode::OK, "{drawn}");
    assert!(drawn["seed"].is_u64(), "{drawn}");
    assert_eq!(drawn["runs"], 20);
    // Nothing of it reached the log, for the Referee or the player.
    assert_eq!(srv.full_log(&id, &referee).await, before);
    let (_, view) = srv.get(&format!("/api/tables/{id}/view"), &referee).await;
    assert_eq!(view["last_n"], json!(before.len()));
    srv.stop().await;
}

#[tokio::test]
async fn forecast_a_players_token_is_refused_before_any_work() {
    let dir = tempfile::tempdir().expect("tmp");
    let (srv, id, referee, alice) = two_against_two(dir.path()).await;
    let before = srv.last_n(&id, &referee).await;
    let seen = srv.last_n(&id, &alice).await;
    let (s, v) = srv
        .forecast(&id, &alice, "fight", json!({"runs": 100}))
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(v["code"], "forecast_referee_only");
    // The same refusal whatever is asked: an unknown kind, runs over the limit, a bad body.
    for (kind, body) in [
        ("nothing", json!({})),
        ("fight", json!({"runs": 1_000_000})),
        ("fight", json!({"unknown_field": 1})),
    ] {
        let (s2, v2) = srv.forecast(&id, &alice, kind, body).await;
        assert_eq!((s2, &v2), (s, &v));
    }
    // No token at all.
    let (s, _) = srv
        .post(
            &format!("/api/tables/{id}/forecasts/fight"),
            None,
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert_eq!(srv.last_n(&id, &referee).await, before);
    assert_eq!(srv.last_n(&id, &alice).await, seen);
    srv.stop().await;
}

#[tokio::test]
async fn forecast_limits_are_named_and_unknown_kinds_refused() {
    let dir = tempfile::tempdir().expect("tmp");
    let (srv, id, referee, _) = two_against_two(dir.path()).await;
    let before = srv.last_n(&id, &referee).await;
    let limit = server::forecasts::MAX_SERVER_FORECAST_RUNS;
    let (s, v) = srv
        .forecast(&id, &referee, "fight", json!({"runs": limit + 1}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "forecast_runs");
    assert_eq!(v["rule"], "forecasts::MAX_SERVER_FORECAST_RUNS");
    assert!(
        v["message"]
            .as_str()
            .expect("message")
            .contains(&limit.to_string()),
        "{v}"
    );
    let (s, v) = srv
        .forecast(&id, &referee, "fight", json!({"runs": 0}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "forecast_runs");
    let (s, v) = srv
        .forecast(&id, &referee, "expedition_to_mars", json!({"runs": 10}))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "no_such_forecast");
    let (s, v) = srv
        .forecast(
            &id,
            &referee,
            "fight",
            json!({"runs": 10, "policy": "reckless"}),
        )
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "no_such_policy");
    let (s, v) = srv
        .forecast(&id, &referee, "fight", json!({"runs": 10, "bogus": true}))
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    let big = json!({"runs": 10, "args": {"pad": "x".repeat(server::forecasts::FORECAST_BYTES)}});
    let (s, v) = srv.forecast(&id, &referee, "fight", big).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(v["rule"], "forecasts::FORECAST_BYTES");
    assert_eq!(srv.last_n(&id, &referee).await, before);
    srv.stop().await;
}

/// One forecast at a time per server: while the slot is taken, another is refused naming the
/// limit; once it is free, the same request runs.
#[tokio::test]
async fn forecast_a_second_one_at_once_is_refused_busy() {
    use tower::ServiceExt;
    let dir = tempfile::tempdir().expect("tmp");
    let state = super::pages::app_state(&dir.path().join("delve.db")).await;
    let (id, referee) = server::api::new_table(
        &state,
        "demo".into(),
        "Busy".into(),
        "Referee".into(),
        Value::Null,
    )
    .await
    .expect("table");
    let router = server::api::router(state.clone());
    let ask = || {
        axum::http::Request::post(format!("/api/tables/{id}/forecasts/rolls"))
            .header("host", "127.0.0.1")
            .header("content-type", "application/json")
            .header("authorization", format!("Bearer {referee}"))
            .body(axum::body::Body::from(r#"{"runs": 50, "seed": 3}"#))
            .expect("request")
    };
    let held = state.forecasts.try_take().expect("a free slot");
    let resp = router.clone().oneshot(ask()).await.expect("response");
    assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(resp.headers().contains_key("retry-after"));
    let body = axum::body::to_bytes(resp.into_body(), 1 << 16)
        .await
        .expect("body");
    let v: Value = serde_json::from_slice(&body).expect("json");
    assert_eq!(v["code"], "forecast_busy", "{v}");
    assert_eq!(v["rule"], "forecasts::MAX_CONCURRENT_FORECASTS");
    drop(held);
    let resp = router.oneshot(ask()).await.expect("response");
    assert_eq!(resp.status(), StatusCode::OK);
    // The slot came back after the forecast.
    assert!(state.forecasts.try_take().is_some());
}
