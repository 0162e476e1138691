//! Issue 23 item 8: the chat and dice panel (js/chat.js) on the table screen. The Referee and
//! two players in three browsers, a third player through the API only: table chat reaches
//! everyone; a whisper reaches its recipient and the Referee, never the third player's page
//! nor log; a whisper to the Referee alone never shows on another player's page; the
//! Referee's secret roll shows on no player's page; a player's public roll shows its faces
//! everywhere; the panel speaks Russian.

use crate::browser_harness::*;
use crate::crows_screens::*;
use fantoccini::Client;
use serde_json::{Value, json};

/// The text of the chat panel's lines on a page.
async fn chat_text(c: &Client) -> String {
    js(
        c,
        "const l = document.querySelector('#chat-lines'); return l ? l.textContent : ''",
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Waits until the chat panel on `c` shows `text`.
async fn chat_shows(c: &Client, what: &str, text: &str) {
    wait_js(
        c,
        what,
        &format!(
            "const l = document.querySelector('#chat-lines'); return l && l.textContent.includes({})",
            json!(text)
        ),
    )
    .await;
}

/// The whole log as the seat of `token` reads it from the API (fetched from page `c`).
async fn log_as(c: &Client, token: &str) -> String {
    let v: Value = c
        .execute_async(
            r#"const [token, done] = arguments;
               const p = new URLSearchParams(location.hash.slice(1));
               fetch(`/api/tables/${p.get("table")}/log?after=0&limit=1000`, {headers: {Authorization: `Bearer ${token}`}})
                 .then(r => r.text()).then(done);"#,
            vec![json!(token)],
        )
        .await
        .expect("log");
    v.as_str().unwrap_or_default().to_string()
}

/// The page's own token.
async fn own_token(c: &Client) -> String {
    js(
        c,
        "return new URLSearchParams(location.hash.slice(1)).get('token')",
    )
    .await
    .as_str()
    .expect("token")
    .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_whispers_and_dice_on_the_table_screen() {
    let Some(driver) = start_driver().await else {
        return;
    };
    let srv = start_server().await;
    let profiles = tempfile::tempdir().expect("profiles");
    let referee = browser(&driver, &profiles.path().join("referee"), 1280, 900).await;
    referee_table(&referee, &srv.base, "Chat night").await;
    setup(
        &referee,
        &[
            crow("vera", "Vera"),
            crow("wren", "Wren"),
            crow("ash", "Ash"),
        ],
    )
    .await;
    let bob_seat = join_player(&referee, "vera", "Bob").await;
    let cleo_seat = join_player(&referee, "wren", "Cleo").await;
    let dora_seat = join_player(&referee, "ash", "Dora").await;
    let dora = dora_seat["player_token"]
        .as_str()
        .expect("token")
        .to_string();

    let mut players = Vec::new();
    for (seat, name) in [(&bob_seat, "bob"), (&cleo_seat, "cleo")] {
        let c = browser(&driver, &profiles.path().join(name), 1100, 900).await;
        c.goto(seat["link"].as_str().expect("link"))
            .await
            .expect("open");
        wait_js(
            &c,
            &format!("{name}'s chat panel"),
            "return document.querySelector('.table-screen.player #chat #chat-text')",
        )
        .await;
        players.push(c);
    }
    let (bob, cleo) = (&players[0], &players[1]);
    wait_js(
        &referee,
        "the players in the Referee's picker",
        "return document.querySelector('#chat-to input[data-to=Cleo]')",
    )
    .await;

    // Bob to the whole table, sent with Enter.
    fill(bob, "#chat-text", &format!("Hello all{ENTER}")).await;
    for (c, who) in [(&referee, "referee"), (bob, "bob"), (cleo, "cleo")] {
        chat_shows(c, &format!("{who} reads Bob's hello"), "Hello all").await;
    }
    assert_eq!(
        js(bob, "return document.querySelector('#chat-text').value").await,
        json!(""),
        "the box is emptied once sent"
    );
    // Announced once to the others through the panel's polite live region, not to the sender.
    wait_js(
        cleo,
        "cleo's live region",
        "return document.querySelector('#chat-live[aria-live=polite]')?.textContent.includes('Bob: Hello all')",
    )
    .await;
    assert_eq!(
        js(
            bob,
            "return document.querySelector('#chat-live').textContent"
        )
        .await,
        json!("")
    );

    // Bob whispers to Cleo.
    click(bob, "#chat-to input[data-to=Cleo]").await;
    fill(bob, "#chat-text", "PSST-CLEO the key is under the mat").await;
    click(bob, "#chat-send").await;
    chat_shows(cleo, "cleo reads the whisper", "PSST-CLEO").await;
    chat_shows(&referee, "the referee reads the whisper", "PSST-CLEO").await;
    // Then only to the Referee (Cleo unticked).
    click(bob, "#chat-to input[data-to=Cleo]").await;
    click(bob, "#chat-to input[data-to=Ann]").await;
    fill(bob, "#chat-text", &format!("PSST-REF a secret plan{ENTER}")).await;
    chat_shows(&referee, "the referee reads Bob's note", "PSST-REF").await;

    // The Referee rolls in secret.
    fill(&referee, "#roll-expr", "1d100").await;
    fill(&referee, "#roll-label", "REF-SECRET-ROLL").await;
    click(&referee, "#roll-secret").await;
    click(&referee, "#roll-button").await;
    chat_shows(&referee, "the referee's secret roll", "REF-SECRET-ROLL").await;

    // Cleo rolls a public d20 with a quick button: everyone sees its face.
    click(cleo, ".quick-die[data-dice='1d20']").await;
    let face_js = "const l = [...document.querySelectorAll('#chat-lines li.roll')].pop(); \
                   const d = l && l.querySelector('.die'); return d && l.textContent.includes('1d20') && d.textContent";
    let mut faces = Vec::new();
    for (c, who) in [(&referee, "referee"), (bob, "bob"), (cleo, "cleo")] {
        faces.push(wait_js(c, &format!("{who} sees Cleo's d20"), face_js).await);
    }
    assert!(faces.windows(2).all(|w| w[0] == w[1]), "{faces:?}");
    let face: i64 = faces[0].as_str().expect("face").parse().expect("number");
    assert!((1..=20).contains(&face));

    // After that public roll arrived, the secrets are on no page they were not for.
    let bob_page = chat_text(bob).await;
    let cleo_page = chat_text(cleo).await;
    assert!(!bob_page.contains("REF-SECRET-ROLL"), "{bob_page}");
    assert!(!cleo_page.contains("REF-SECRET-ROLL"), "{cleo_page}");
    assert!(!cleo_page.contains("PSST-REF"), "{cleo_page}");
    for c in [bob, cleo] {
        let all = js(c, "return document.body.textContent").await;
        let all = all.as_str().unwrap_or_default();
        assert!(!all.contains("REF-SECRET-ROLL"), "{all}");
    }
    let cleo_all = js(cleo, "return document.body.textContent").await;
    assert!(!cleo_all.as_str().unwrap_or_default().contains("PSST-REF"));
    // And in their logs from the API: Dora (never named) has neither whisper nor the roll.
    let dora_log = log_as(&referee, &dora).await;
    assert!(dora_log.contains("Hello all"), "{dora_log}");
    for mark in ["PSST-CLEO", "PSST-REF", "REF-SECRET-ROLL"] {
        assert!(!dora_log.contains(mark), "Dora's log has {mark}");
    }
    let cleo_log = log_as(cleo, &own_token(cleo).await).await;
    assert!(cleo_log.contains("PSST-CLEO"));
    assert!(!cleo_log.contains("PSST-REF") && !cleo_log.contains("REF-SECRET-ROLL"));
    let bob_log = log_as(bob, &own_token(bob).await).await;
    assert!(!bob_log.contains("REF-SECRET-ROLL"));
    // The whisper is marked as one in the shared log too, naming its recipient.
    let line = log_line(cleo, "the whisper in the log", "PSST-CLEO").await;
    assert!(line.contains("Cleo") && line.contains("Bob"), "{line}");
    shot_at(&referee, "chat-referee", Some("#chat")).await;

    // Russian: the panel's labels follow the language.
    select(bob, "#lang-select", "ru").await;
    wait_js(
        bob,
        "the chat panel in Russian",
        "return document.querySelector('#chat-h')?.textContent === 'Чат и кости'",
    )
    .await;
    let labels = js(
        bob,
        "return [...document.querySelectorAll('#chat label, #chat legend')].map(l => l.textContent.trim())",
    )
    .await;
    for want in ["Сообщение", "Кому", "Кости", "Подпись", "Только я и Рефери"]
    {
        assert!(
            labels
                .as_array()
                .expect("labels")
                .iter()
                .any(|l| l.as_str() == Some(want)),
            "{want} not in {labels}"
        );
    }
    shot_at(bob, "chat-player-ru", Some("#chat")).await;

    for c in players {
        c.close().await.expect("close");
    }
    referee.close().await.expect("close");
    srv.stop().await;
}
