//! Issue 17 item 3: players' physical dice, a table option only the Referee turns on.

use super::*;

/// POSTs `cmd` with `?faces=…` as `token`.
async fn with_faces(
    srv: &Running,
    id: &str,
    token: &str,
    faces: &str,
    cmd: &Value,
) -> (StatusCode, Value) {
    let r = reqwest::Client::new()
        .post(format!(
            "{}/api/tables/{id}/commands?faces={faces}",
            srv.base
        ))
        .bearer_auth(token)
        .json(cmd)
        .send()
        .await
        .expect("send");
    let status = r.status();
    (status, r.json::<Value>().await.expect("json"))
}

/// Off by default: a player's faces are refused (403, naming how the Referee turns them on)
/// and nothing is stored. A player may not turn the option on; the Referee does (an
/// `option_set` event every viewer sees). Then the player's faces are their command's dice,
/// with the Referee's fit checks (too few, left over, a face the die lacks: refused, nothing
/// stored); turned off again, refused again.
#[tokio::test]
async fn players_physical_dice_only_at_a_table_whose_referee_turned_them_on() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let alice = srv.player(&id, &referee, "alice", Some("c1")).await;
    let roll = json!({"rules": {"roll": {"character": "c1", "dice": "2d6"}}});
    let before = srv.last_n(&id, &referee).await;
    let (s, v) = with_faces(&srv, &id, &alice, "6,6", &roll).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(v["code"], "physical_dice_referee_only");
    assert!(
        v["message"]
            .as_str()
            .is_some_and(|m| m.contains("players_physical_dice")),
        "{v}"
    );
    assert_eq!(srv.last_n(&id, &referee).await, before, "nothing stored");

    let on = json!({"set_option": {"players_physical_dice": true}});
    let (s, v) = srv.command(&id, &alice, on.clone()).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(srv.last_n(&id, &referee).await, before, "nothing stored");
    let (s, v) = srv.command(&id, &referee, on).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let alice_log = srv.full_log(&id, &alice).await;
    assert!(
        alice_log.iter().any(|e| e["body"]["type"] == "option_set"
            && e["body"]["option"]["players_physical_dice"] == true),
        "the players see the option: {alice_log:?}"
    );

    let before = srv.last_n(&id, &referee).await;
    for faces in ["4", "4,6,1", "4,7"] {
        let (s, v) = with_faces(&srv, &id, &alice, faces, &roll).await;
        assert!(s.is_client_error(), "{faces}: {s} {v}");
        assert_eq!(
            srv.last_n(&id, &referee).await,
            before,
            "{faces}: nothing stored"
        );
    }
    let (s, v) = with_faces(&srv, &id, &alice, "5,6", &roll).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, view) = srv.get(&format!("/api/tables/{id}/view"), &referee).await;
    assert_eq!(view["view"]["rules"]["counters"]["c1"], 11, "{view}");
    // Still only for their own characters.
    let other = json!({"rules": {"roll": {"character": "c2", "dice": "2d6"}}});
    let (s, v) = with_faces(&srv, &id, &alice, "1,1", &other).await;
    assert!(s.is_client_error(), "{s} {v}");

    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"set_option": {"players_physical_dice": false}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let before = srv.last_n(&id, &referee).await;
    let (s, v) = with_faces(&srv, &id, &alice, "6,6", &roll).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(v["code"], "physical_dice_referee_only");
    assert_eq!(srv.last_n(&id, &referee).await, before, "nothing stored");
    srv.stop().await;
}
