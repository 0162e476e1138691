//! Issue 23 item 8: table chat, whispers and the free dice roller through the real server.
//! A whisper between two players and a secret roll never reach a third player — not in their
//! log pages, view, export or live stream, and not as a count: their log's length and
//! numbering are what they would be had the secret never happened.

use super::*;

/// Opens `token`'s live stream after its event `after` and reads the backlog.
async fn live(srv: &Running, id: &str, token: &str, after: u64) -> (Ws, Vec<String>) {
    let mut ws = tokio_tungstenite::connect_async(srv.ws_url(id, token, after))
        .await
        .expect("ws")
        .0;
    let backlog = read_until(&mut ws, |v| v["type"] == "live").await;
    (ws, backlog)
}

#[tokio::test]
async fn whispers_and_secret_rolls_reach_only_their_audience() {
    let dir = tempfile::tempdir().expect("tmp");
    let srv = start(&dir.path().join("delve.db")).await;
    let (id, referee) = srv.demo_table().await;
    let alice = srv.player(&id, &referee, "alice", Some("c1")).await;
    let bob = srv.player(&id, &referee, "bob", Some("c2")).await;
    let cara = srv.player(&id, &referee, "cara", None).await;
    let (_, view) = srv.get(&format!("/api/tables/{id}/view"), &referee).await;
    let referee_name = view["view"]["participants"]["referee"]
        .as_str()
        .expect("referee name")
        .to_string();

    // Public chat: everyone, in the answer to the sender too.
    let (s, v) = srv
        .command(&id, &alice, json!({"say": {"text": "Hello, table"}}))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["events"][0]["body"]["type"], "said");
    assert_eq!(
        v["events"][0]["actor"],
        json!({"role": "player", "name": "alice"})
    );

    let cara_before = srv.full_log(&id, &cara).await;
    let cara_last = srv.last_n(&id, &cara).await;
    assert_eq!(cara_last, cara_before.len() as u64);
    let (mut cara_ws, _) = live(&srv, &id, &cara, cara_last).await;
    let (mut bob_ws, _) = live(&srv, &id, &bob, srv.last_n(&id, &bob).await).await;

    // Alice whispers to Bob; Bob whispers to the Referee; the Referee and Alice roll in secret.
    let whisper = json!({"say": {"text": "WHISPER-MARK meet me at the well", "to": ["bob"]}});
    let (s, v) = srv.command(&id, &alice, whisper).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["events"][0]["private"], true);
    assert_eq!(v["events"][0]["body"]["to"], json!(["bob"]));
    let (s, v) = srv
        .command(
            &id,
            &bob,
            json!({"say": {"text": "TO-REF-MARK", "to": [referee_name]}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = srv
        .command(
            &id,
            &referee,
            json!({"roll": {"expr": "1d100", "label": "REF-ROLL-MARK", "secret": true}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["events"][0]["body"]["free"], true);
    let (s, v) = srv
        .command(
            &id,
            &alice,
            json!({"roll": {"expr": "2d6", "label": "ALICE-ROLL-MARK", "secret": true}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");

    // Bob receives the whisper live; the first public event after the secrets follows it.
    let (s, v) = srv
        .command(
            &id,
            &bob,
            json!({"roll": {"expr": "2d10+1", "label": "open roll"}}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let public_roll_total = v["events"][0]["body"]["result"]["total"].clone();
    let bob_msgs = read_until(&mut bob_ws, |v| v["event"]["body"]["label"] == "open roll")
        .await
        .join("\n");
    assert!(bob_msgs.contains("WHISPER-MARK") && bob_msgs.contains("TO-REF-MARK"));
    assert!(!bob_msgs.contains("REF-ROLL-MARK") && !bob_msgs.contains("ALICE-ROLL-MARK"));

    // Cara's live stream: the public roll is her very next event, nothing before it.
    let cara_msgs = read_until(&mut cara_ws, |v| v["type"] == "event").await;
    assert_eq!(event_ns(&cara_msgs), vec![cara_last + 1], "{cara_msgs:?}");
    let cara_live = cara_msgs.join("\n");
    assert!(cara_live.contains("open roll"), "{cara_live}");

    // Cara's log, view and export: no marker, and one event more than before.
    let cara_log = srv.full_log(&id, &cara).await;
    assert_eq!(cara_log.len(), cara_before.len() + 1);
    assert_eq!(cara_log[..cara_before.len()], cara_before[..]);
    assert_eq!(srv.last_n(&id, &cara).await, cara_last + 1);
    assert_eq!(
        cara_log.last().expect("event")["body"]["result"]["total"],
        public_roll_total
    );
    let mut cara_bytes = vec![cara_live, serde_json::to_string(&cara_log).expect("log")];
    for path in ["view", "export"] {
        let (s, text) = srv
            .get_text(&format!("/api/tables/{id}/{path}"), &cara)
            .await;
        assert_eq!(s, StatusCode::OK, "{path}: {text}");
        cara_bytes.push(text);
    }
    let cara_all = cara_bytes.join("\n");
    for mark in [
        "WHISPER-MARK",
        "TO-REF-MARK",
        "REF-ROLL-MARK",
        "ALICE-ROLL-MARK",
    ] {
        assert!(!cara_all.contains(mark), "Cara received {mark}");
    }

    // Alice: her whisper and her own secret roll, not the Referee's nor Bob's whisper.
    let alice_log = serde_json::to_string(&srv.full_log(&id, &alice).await).expect("log");
    assert!(alice_log.contains("WHISPER-MARK") && alice_log.contains("ALICE-ROLL-MARK"));
    assert!(!alice_log.contains("REF-ROLL-MARK") && !alice_log.contains("TO-REF-MARK"));
    // The Referee sees every one of them.
    let referee_log = serde_json::to_string(&srv.full_log(&id, &referee).await).expect("log");
    for mark in [
        "WHISPER-MARK",
        "TO-REF-MARK",
        "REF-ROLL-MARK",
        "ALICE-ROLL-MARK",
    ] {
        assert!(referee_log.contains(mark), "the Referee misses {mark}");
    }

    // Refusals change nothing and name the limit; naming someone unseated reveals nothing
    // (the participants are in every seat's view anyway).
    let before = srv.last_n(&id, &referee).await;
    for (cmd, rule) in [
        (
            json!({"say": {"text": "hi", "to": ["mallory"]}}),
            "chat.recipients",
        ),
        (json!({"say": {"text": ""}}), "chat.text"),
        (
            json!({"roll": {"expr": "1d6", "label": "x".repeat(81)}}),
            "roll.label",
        ),
    ] {
        let (s, v) = srv.command(&id, &cara, cmd.clone()).await;
        assert!(s.is_client_error(), "{cmd}: {s} {v}");
        assert_eq!(v["rule"], rule, "{cmd}: {v}");
    }
    let (s, v) = srv
        .command(&id, &cara, json!({"roll": {"expr": "1d0"}}))
        .await;
    assert!(s.is_client_error(), "{v}");
    assert_eq!(v["code"], "bad_dice", "{v}");
    assert_eq!(srv.last_n(&id, &referee).await, before, "nothing stored");
    srv.stop().await;
}
