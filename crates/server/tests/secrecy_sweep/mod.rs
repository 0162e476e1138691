//! The secrecy sweep (issue 18): for each ruleset, a scripted secret-heavy game played by a
//! Referee and three players through the real server. Every byte each player receives — the
//! answers to their own commands, their view, every page of their log, their export and their
//! live stream (read again from the middle, as a resumed connection does) — is scanned for
//! every secret marker the script planted, and each command naming something the player may
//! not see is answered exactly like the same command naming something that does not exist.
//!
//! A ruleset adds its script as a module here (`crows`, `dnd2024`, `acks`): it plays through [`Sweep`],
//! plants markers with [`Sweep::secret`], probes with [`Sweep::hidden_like_absent`] (a named
//! creature) and [`Sweep::same_answer`] (a path through unseen ones) and ends with
//! [`Sweep::finish`].

mod acks;
mod crows;
mod dnd2024;

use super::{Running, Ws, read_until};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// One seated player: their token and every byte they received.
pub(super) struct Seat {
    pub name: String,
    pub token: String,
    ws: Ws,
    /// The last event number their live stream delivered.
    seen: u64,
    bytes: Vec<String>,
}

pub(super) struct Sweep<'a> {
    pub srv: &'a Running,
    pub table: String,
    pub referee: String,
    pub seats: Vec<Seat>,
    secrets: Vec<String>,
}

/// The highest event number in these live messages.
fn last_event(msgs: &[String]) -> Option<u64> {
    msgs.iter()
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
        .filter(|v| v["type"] == "event")
        .filter_map(|v| v["event"]["n"].as_u64())
        .max()
}

impl<'a> Sweep<'a> {
    /// A table of `ruleset` with this config; nobody seated yet.
    pub async fn new(srv: &'a Running, ruleset: &str, config: Value) -> Sweep<'a> {
        let (s, created) = srv
            .post(
                "/api/tables",
                None,
                json!({"ruleset": ruleset, "name": "Sweep", "config": config}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{created}");
        Sweep {
            srv,
            table: created["id"].as_str().expect("id").to_string(),
            referee: created["referee_token"]
                .as_str()
                .expect("token")
                .to_string(),
            seats: Vec::new(),
            secrets: Vec::new(),
        }
    }

    /// Seats `name` (bound to `character`, or with none) and opens their live stream.
    pub async fn seat(&mut self, name: &str, character: Option<&str>) {
        let token = self
            .srv
            .player(&self.table, &self.referee, name, character)
            .await;
        let mut ws = tokio_tungstenite::connect_async(self.srv.ws_url(&self.table, &token, 0))
            .await
            .expect("ws")
            .0;
        let bytes = read_until(&mut ws, |v| v["type"] == "live").await;
        let seen = last_event(&bytes).unwrap_or(0);
        self.seats.push(Seat {
            name: name.to_string(),
            token,
            ws,
            seen,
            bytes,
        });
    }

    /// Plants a marker: a string no player may ever receive.
    pub fn secret(&mut self, marker: impl Into<String>) {
        self.secrets.push(marker.into());
    }

    /// Sends `cmd` as `token`; a rate-limit refusal is waited out and the command sent again
    /// (the sweep sends fast). Every answer is returned, the 429s too.
    async fn send(&self, token: &str, cmd: &Value) -> Vec<(StatusCode, Value)> {
        let mut answers = Vec::new();
        for _ in 0..100 {
            let (s, v) = self.srv.command(&self.table, token, cmd.clone()).await;
            answers.push((s, v));
            if s != StatusCode::TOO_MANY_REQUESTS {
                return answers;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("{cmd} stayed rate-limited");
    }

    /// A Referee command that must be accepted.
    pub async fn referee(&self, cmd: Value) -> Value {
        let (s, v) = self.send(&self.referee, &cmd).await.pop().expect("answer");
        assert_eq!(s, StatusCode::OK, "{cmd} → {v}");
        v
    }

    /// A command of seat `i`; its answers are part of what the player received.
    pub async fn player(&mut self, i: usize, cmd: Value) -> (StatusCode, Value) {
        let token = self.seats[i].token.clone();
        let mut answers = self.send(&token, &cmd).await;
        for (_, v) in &answers {
            self.seats[i].bytes.push(v.to_string());
        }
        answers.pop().expect("answer")
    }

    /// The same command of seat `i` naming `hidden` (something the player may not see) and
    /// `absent` (something that does not exist) gets the same status and the same answer.
    /// The answers are kept with the probed names written `<id>`: a player's own input
    /// echoed back is no leak.
    pub async fn hidden_like_absent(
        &mut self,
        i: usize,
        cmd: impl Fn(&str) -> Value,
        hidden: &str,
        absent: &str,
    ) {
        let token = self.seats[i].token.clone();
        let (s1, v1) = self.send(&token, &cmd(hidden)).await.pop().expect("answer");
        let (s2, v2) = self.send(&token, &cmd(absent)).await.pop().expect("answer");
        let (v1, v2) = (
            v1.to_string().replace(hidden, "<id>"),
            v2.to_string().replace(absent, "<id>"),
        );
        assert_eq!(s1, s2, "{}: {v1} / {v2}", cmd(hidden));
        assert_eq!(v1, v2, "{}", cmd(hidden));
        self.seats[i].bytes.push(v1);
    }

    /// Two commands of seat `i` that differ only in what the player may not know (a path
    /// through unseen creatures and one through empty squares) get the same status and the
    /// same answer, byte for byte.
    pub async fn same_answer(&mut self, i: usize, secret: Value, plain: Value) {
        let token = self.seats[i].token.clone();
        let (s1, v1) = self.send(&token, &secret).await.pop().expect("answer");
        let (s2, v2) = self.send(&token, &plain).await.pop().expect("answer");
        assert_eq!((s1, &v1), (s2, &v2), "{secret} / {plain}");
        self.seats[i].bytes.push(v1.to_string());
    }

    /// Reads every seat's live stream up to its current last event.
    pub async fn drain(&mut self) {
        for seat in &mut self.seats {
            let (_, view) = self
                .srv
                .get(&format!("/api/tables/{}/view", self.table), &seat.token)
                .await;
            let last = view["last_n"].as_u64().expect("last_n");
            if last > seat.seen {
                let msgs =
                    read_until(&mut seat.ws, |v| v["event"]["n"].as_u64() == Some(last)).await;
                seat.seen = last;
                seat.bytes.extend(msgs);
            }
        }
    }

    /// Drops every seat's live connection and resumes it from the middle of its log (the
    /// backlog is read again), as a client does after a disconnect.
    pub async fn resume(&mut self) {
        self.drain().await;
        for seat in &mut self.seats {
            let _ = seat.ws.close(None).await;
            let from = seat.seen / 2;
            let mut ws =
                tokio_tungstenite::connect_async(self.srv.ws_url(&self.table, &seat.token, from))
                    .await
                    .expect("ws")
                    .0;
            seat.bytes
                .extend(read_until(&mut ws, |v| v["type"] == "live").await);
            seat.ws = ws;
        }
    }

    /// Collects each player's view, log pages and export, then scans everything every player
    /// received for every marker. The Referee's export must hold each marker, so a marker
    /// that never made it into the game cannot pass for a kept secret.
    pub async fn finish(mut self) {
        self.resume().await;
        let (s, export) = self
            .srv
            .get_text(&format!("/api/tables/{}/export", self.table), &self.referee)
            .await;
        assert_eq!(s, StatusCode::OK);
        for secret in &self.secrets {
            assert!(
                export.contains(secret.as_str()),
                "marker `{secret}` is not in the Referee's export: the script did not plant it"
            );
        }
        for seat in &mut self.seats {
            for path in ["view", "export"] {
                let (s, text) = self
                    .srv
                    .get_text(&format!("/api/tables/{}/{path}", self.table), &seat.token)
                    .await;
                assert_eq!(s, StatusCode::OK, "{path}: {text}");
                seat.bytes.push(text);
            }
            let log = self.srv.full_log(&self.table, &seat.token).await;
            seat.bytes.push(serde_json::to_string(&log).expect("log"));
            let all = seat.bytes.join("\n");
            for secret in &self.secrets {
                if let Some(at) = all.find(secret.as_str()) {
                    let from = all.floor_char_boundary(at.saturating_sub(300));
                    let to = all.ceil_char_boundary((at + 300).min(all.len()));
                    panic!(
                        "{} received the secret `{secret}`: …{}…",
                        seat.name,
                        &all[from..to]
                    );
                }
            }
        }
    }
}
