//! The web UI: static assets embedded in the binary (`include_bytes!` of `crates/server/web/`,
//! so running needs no Node toolchain and works offline), served at `/` and `/assets/…`.
//! The page is a client of the API under `/api` like any other: it holds the token from the
//! link's fragment (`#table=…&token=…`, or `#join=…` for an invite) and reads only what the
//! API gives that token.
//!
//! # Serving
//!
//! - `GET /` → `index.html`; `GET /assets/<path>` → the file `web/<path>`; anything else under
//!   `/assets` is a JSON 404 like the API's.
//! - `Content-Type` from the extension (UTF-8 for text), `X-Content-Type-Options: nosniff`,
//!   a strict `Content-Security-Policy` (only this origin; `ws:`/`wss:` for the live stream;
//!   `data:` images for the QR code).
//! - Caching: `Cache-Control: no-cache` plus a strong `ETag` (SHA-256 of the file), so a
//!   browser revalidates and gets `304 Not Modified` while the binary is the same, and never
//!   runs a stale module after an upgrade.
//! - Compression: text files are gzipped once, on first request, when the client sends
//!   `Accept-Encoding: gzip` and it saves at least a tenth (`Vary: Accept-Encoding`).
//!
//! # Files (`crates/server/web/`)
//!
//! `index.html`, `app.css`, the game-free shell `js/*.js` (plain ES modules, no build step:
//! lobby, table with clock, decisions, log, invites, packs, undo and the raw command form)
//! with its messages `i18n/{en,ru}.ftl`; one folder per ruleset screen, `rulesets/<name>/`
//! (`index.js` imported by the shell when a table of that ruleset opens, its modules, and its
//! own `en.ftl`/`ru.ftl` added to the bundle then: `crows` — the Crows combat, explore and
//! travel controls send their commands as documented in `crates/crows/src/ruleset/` — and
//! `demo`); `vendor/preact/` (Preact 10.29.8 and its hooks, MIT), `vendor/htm/` (htm 3.1.1,
//! Apache-2.0), `vendor/fluent/` (`@fluent/bundle` 0.19.1 ESM, Apache-2.0) and
//! `vendor/qrcode/` (`qrcode-generator` 2.0.4, MIT, loaded only when an invite is shown).

use crate::AppState;
use crate::error::ApiError;
use axum::Router;
use axum::body::Body;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, OnceLock};

/// The web UI's routes (merged into [`crate::api::router`]).
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/", get(index))
        .route("/assets/{*path}", get(asset))
}

/// One embedded file.
struct Embedded {
    path: &'static str,
    bytes: &'static [u8],
}

macro_rules! embed {
    ($($path:literal),+ $(,)?) => {
        &[$(Embedded {
            path: $path,
            bytes: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/web/", $path)),
        }),+]
    };
}

/// Every file of the UI (a file missing here is simply not served; a path listed here that
/// does not exist fails the build).
static FILES: &[Embedded] = embed!(
    "index.html",
    "app.css",
    "favicon.svg",
    // The game-free shell.
    "js/app.js",
    "js/api.js",
    "js/i18n.js",
    "js/lobby.js",
    "js/table.js",
    "js/log.js",
    "js/chat.js",
    "js/dom.js",
    "js/vdom.js",
    "i18n/en.ftl",
    "i18n/ru.ftl",
    // Crows screens (loaded when a Crows table opens).
    "rulesets/crows/index.js",
    "rulesets/crows/log.js",
    "rulesets/crows/odds.js",
    "rulesets/crows/sheet.js",
    "rulesets/crows/inventory.js",
    "rulesets/crows/testpanel.js",
    "rulesets/crows/maps.js",
    "rulesets/crows/combat.js",
    "rulesets/crows/dungeon.js",
    "rulesets/crows/travel.js",
    "rulesets/crows/town.js",
    "rulesets/crows/cards.js",
    "rulesets/crows/player.js",
    "rulesets/crows/referee.js",
    "rulesets/crows/en.ftl",
    "rulesets/crows/ru.ftl",
    // The demo ruleset's screen.
    "rulesets/demo/index.js",
    "rulesets/demo/en.ftl",
    "rulesets/demo/ru.ftl",
    // Vendored libraries.
    "vendor/preact/preact.module.js",
    "vendor/preact/hooks.module.js",
    "vendor/preact/LICENSE",
    "vendor/htm/htm.module.js",
    "vendor/htm/LICENSE",
    "vendor/fluent/index.js",
    "vendor/fluent/bundle.js",
    "vendor/fluent/builtins.js",
    "vendor/fluent/memoizer.js",
    "vendor/fluent/resolver.js",
    "vendor/fluent/resource.js",
    "vendor/fluent/scope.js",
    "vendor/fluent/types.js",
    "vendor/fluent/LICENSE",
    "vendor/qrcode/qrcode.mjs",
    "vendor/qrcode/LICENSE",
);

/// A file ready to serve: its type, validator and (for text worth it) gzipped body.
struct Prepared {
    bytes: &'static [u8],
    mime: &'static str,
    etag: String,
    gzip: Option<Vec<u8>>,
}

fn mime(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "ftl" | "txt" | "md" => "text/plain; charset=utf-8",
        _ if path.ends_with("LICENSE") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn gzip(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(bytes).ok()?;
    let out = enc.finish().ok()?;
    // Worth it only when it saves at least a tenth.
    (out.len() * 10 < bytes.len() * 9).then_some(out)
}

fn prepared() -> &'static HashMap<&'static str, Prepared> {
    static PREPARED: OnceLock<HashMap<&'static str, Prepared>> = OnceLock::new();
    PREPARED.get_or_init(|| {
        FILES
            .iter()
            .map(|f| {
                let mime = mime(f.path);
                let digest = Sha256::digest(f.bytes);
                let etag: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
                let text = mime.starts_with("text/") || mime == "image/svg+xml";
                let p = Prepared {
                    bytes: f.bytes,
                    mime,
                    etag: format!("\"{etag}\""),
                    gzip: if text { gzip(f.bytes) } else { None },
                };
                (f.path, p)
            })
            .collect()
    })
}

const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; \
frame-ancestors 'none'";

fn serve(path: &str, headers: &HeaderMap) -> Response {
    let Some(file) = prepared().get(path) else {
        return ApiError::not_found(format!("no asset `{path}`")).into_response();
    };
    let mut builder = Response::builder()
        .header(header::CACHE_CONTROL, "no-cache")
        .header(header::ETAG, &file.etag)
        .header(header::VARY, "Accept-Encoding")
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        .header(header::CONTENT_SECURITY_POLICY, CSP);
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == file.etag));
    if fresh {
        return builder
            .status(StatusCode::NOT_MODIFIED)
            .body(Body::empty())
            .unwrap_or_else(|_| StatusCode::NOT_MODIFIED.into_response());
    }
    builder = builder.header(header::CONTENT_TYPE, HeaderValue::from_static(file.mime));
    let wants_gzip = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|e| e.split(';').next().is_some_and(|n| n.trim() == "gzip"))
        });
    let body = match (&file.gzip, wants_gzip) {
        (Some(gz), true) => {
            builder = builder.header(header::CONTENT_ENCODING, "gzip");
            Body::from(gz.clone())
        }
        _ => Body::from(file.bytes),
    };
    builder
        .body(body)
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

async fn index(headers: HeaderMap) -> Response {
    serve("index.html", &headers)
}

async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    serve(&path, &headers)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_has_a_type_and_an_etag() {
        for (path, p) in prepared() {
            assert_ne!(p.mime, "application/octet-stream", "{path}");
            assert!(p.etag.starts_with('"') && p.etag.len() == 26, "{path}");
        }
        assert_eq!(mime("js/app.js"), "text/javascript; charset=utf-8");
        assert_eq!(
            mime("vendor/qrcode/qrcode.mjs"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(mime("i18n/ru.ftl"), "text/plain; charset=utf-8");
    }

    fn file(path: &str) -> &'static str {
        let f = FILES.iter().find(|f| f.path == path).expect("embedded");
        std::str::from_utf8(f.bytes).expect("utf-8")
    }

    /// Message ids defined in a Fluent file (`id = …` at the start of a line).
    fn ftl_ids(text: &str) -> std::collections::BTreeSet<&str> {
        text.lines()
            .filter_map(|l| l.split_once(" ="))
            .map(|(id, _)| id)
            .filter(|id| {
                id.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                    && id
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            })
            .collect()
    }

    /// The rulesets with a screen: the folders `rulesets/<name>/` holding an `index.js`.
    fn ruleset_folders() -> Vec<&'static str> {
        FILES
            .iter()
            .filter_map(|f| f.path.strip_prefix("rulesets/"))
            .filter_map(|p| p.strip_suffix("/index.js"))
            .collect()
    }

    /// The message files of a folder (`i18n` for the shell, `rulesets/<name>`), en and ru.
    fn folder_ftl(folder: &str) -> (&'static str, &'static str) {
        (
            file(&format!("{folder}/en.ftl")),
            file(&format!("{folder}/ru.ftl")),
        )
    }

    /// Message ids a script uses through `t("…")`, `tOr("…")` or `has("…")`.
    fn used_ids(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        for call in ["t(\"", "tOr(\"", "has(\""] {
            for (i, _) in text.match_indices(call) {
                // Only calls, not words ending in `t(` like `split(`.
                let before = text[..i].chars().last().unwrap_or(' ');
                if before.is_ascii_alphanumeric() || before == '_' || before == '.' {
                    continue;
                }
                let rest = &text[i + call.len()..];
                out.push(&rest[..rest.find('"').expect("closing quote")]);
            }
        }
        out
    }

    #[test]
    fn both_languages_define_every_message_the_pages_use() {
        // Per folder: the same ids in both languages; no ruleset redefines a shell message
        // (Fluent would keep the first); the shell's scripts use only the shell's messages,
        // a ruleset's scripts the shell's and their own.
        let (shell_en, shell_ru) = folder_ftl("i18n");
        let shell = ftl_ids(shell_en);
        assert_eq!(
            shell,
            ftl_ids(shell_ru),
            "i18n/en.ftl and ru.ftl define different messages"
        );
        let mut en = shell.clone();
        let mut ru_text = shell_ru.to_string();
        let mut used = 0;
        for f in FILES.iter().filter(|f| f.path.starts_with("js/")) {
            for id in used_ids(file(f.path)) {
                assert!(
                    shell.contains(id),
                    "{} uses `{id}`, missing in the shell's .ftl files",
                    f.path
                );
                used += 1;
            }
        }
        let folders = ruleset_folders();
        assert!(folders.contains(&"crows") && folders.contains(&"demo"));
        for folder in folders {
            let dir = format!("rulesets/{folder}");
            let (own_en, own_ru) = folder_ftl(&dir);
            let own = ftl_ids(own_en);
            assert_eq!(own, ftl_ids(own_ru), "{dir}: en.ftl and ru.ftl differ");
            let both: Vec<_> = own.intersection(&shell).collect();
            assert!(both.is_empty(), "{dir} redefines shell messages {both:?}");
            for f in FILES
                .iter()
                .filter(|f| f.path.starts_with(&format!("{dir}/")) && f.path.ends_with(".js"))
            {
                for id in used_ids(file(f.path)) {
                    assert!(
                        shell.contains(id) || own.contains(id),
                        "{} uses `{id}`, missing in {dir}'s and the shell's .ftl files",
                        f.path
                    );
                    used += 1;
                }
            }
            en.extend(own);
            ru_text.push_str(own_ru);
        }
        assert!(used > 100, "found only {used} message uses");
        for id in [
            "char-agility",
            "stamina",
            "armor-defense",
            "slot-backpack",
            "tier-n",
        ] {
            assert!(en.contains(id), "{id}");
        }
        // Russian terms come from the glossary.
        for term in [
            "Ловкость",
            "Выносливость",
            "Защита доспеха",
            "Кости износа",
            "Ход подземелья",
            "преимущество",
            "помеха",
            "Рюкзак",
        ] {
            assert!(
                ru_text.to_lowercase().contains(&term.to_lowercase()),
                "{term}"
            );
        }
    }

    /// The shell imports a ruleset's screen only by a name in its `SCREENS` list: that list is
    /// exactly the folders served, and the lobby's modules load no ruleset code.
    #[test]
    fn the_shell_knows_every_ruleset_screen_and_the_lobby_none() {
        let table = file("js/table.js");
        let line = table
            .lines()
            .find(|l| l.starts_with("export const SCREENS = ["))
            .expect("SCREENS in js/table.js");
        let mut listed: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
        let mut folders = ruleset_folders();
        listed.sort_unstable();
        folders.sort_unstable();
        assert_eq!(listed, folders);
        for lobby in ["js/app.js", "js/lobby.js", "js/api.js", "js/dom.js"] {
            assert!(
                !file(lobby).contains("rulesets/"),
                "{lobby} refers to a ruleset's files"
            );
        }
        assert!(!file("js/app.js").contains("import(\"../rulesets"));
    }

    /// Arguments that carry a count of something (a number a noun must agree with).
    const COUNT_ARGS: &[&str] = &[
        "count",
        "minutes",
        "hours",
        "feet",
        "amount",
        "total",
        "items",
        "creatures",
        "tokens",
        "slots",
        "hexes",
        "max",
        "stamina",
        "rests",
        "moved",
        "width",
        "height",
    ];

    /// Words that may follow a count without agreeing with it (prepositions, unit abbreviations,
    /// mass nouns).
    const AFTER_COUNT_OK: &[&str] = &[
        "of",
        "a",
        "and",
        "to",
        "in",
        "on",
        "by",
        "ft",
        "h",
        "min",
        "damage",
        "из",
        "в",
        "на",
        "и",
        "ч",
        "мин",
        "фт",
        "против",
        "сегодня",
        "today",
    ];

    /// Messages of a Fluent file: (id, the whole text of the message).
    fn ftl_messages(text: &str) -> Vec<(&str, String)> {
        let mut out: Vec<(&str, String)> = Vec::new();
        for line in text.lines() {
            let id = line.split_once(" =").map(|(id, _)| id).filter(|id| {
                id.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                    && id
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            });
            match (id, out.last_mut()) {
                (Some(id), _) => out.push((id, line.to_string())),
                (None, Some((_, body))) if line.starts_with([' ', '}']) => {
                    body.push('\n');
                    body.push_str(line);
                }
                _ => {}
            }
        }
        out
    }

    /// The plural problems of one message in `lang`: a count followed by a word that must agree
    /// with it outside a selector on that count, or a selector on a count missing one of the
    /// language's plural categories.
    fn plural_problems(lang: &str, id: &str, body: &str) -> Vec<String> {
        let categories: &[&str] = if lang == "ru" {
            &["one", "few", "many", "other"]
        } else {
            &["one", "other"]
        };
        let mut problems = Vec::new();
        for arg in COUNT_ARGS {
            let selector = format!("{{ ${arg} ->");
            if let Some(at) = body.find(&selector) {
                let keys: Vec<&str> = body[at..]
                    .lines()
                    .skip(1)
                    .take_while(|l| !l.trim_start().starts_with('}'))
                    .filter_map(|l| {
                        let l = l.trim_start().trim_start_matches('*');
                        l.strip_prefix('[')
                            .and_then(|r| r.split_once(']'))
                            .map(|(k, _)| k)
                    })
                    .collect();
                // A selector on exact numbers only (`[0]`) picks a text, not a plural form.
                let plural = keys.iter().any(|k| categories.contains(k) && *k != "other");
                for c in categories {
                    if plural && !keys.contains(c) {
                        problems.push(format!("{lang} {id}: ${arg} has no [{c}] variant"));
                    }
                }
                continue;
            }
            let placeable = format!("{{ ${arg} }}");
            for (i, _) in body.match_indices(&placeable) {
                let word: String = body[i + placeable.len()..]
                    .trim_start_matches(' ')
                    .chars()
                    .take_while(|c| c.is_alphabetic())
                    .collect();
                let agrees = word.chars().next().is_some_and(|c| c.is_lowercase())
                    && !AFTER_COUNT_OK.contains(&word.as_str());
                if agrees {
                    problems.push(format!(
                        "{lang} {id}: `{{ ${arg} }} {word}` needs a selector on ${arg}"
                    ));
                }
            }
        }
        problems
    }

    /// Issue 17: a count and the word after it agree in both languages (Russian: 1 минута,
    /// 2 минуты, 5 минут) through Fluent plural selectors with every category of the language.
    #[test]
    fn counts_select_their_plural_forms() {
        let mut folders = vec!["i18n".to_string()];
        folders.extend(ruleset_folders().iter().map(|f| format!("rulesets/{f}")));
        let mut problems = Vec::new();
        let mut selectors = 0;
        for folder in &folders {
            let (en, ru) = folder_ftl(folder);
            for (lang, text) in [("en", en), ("ru", ru)] {
                for (id, body) in ftl_messages(text) {
                    selectors += usize::from(
                        COUNT_ARGS
                            .iter()
                            .any(|a| body.contains(&format!("{{ ${a} ->"))),
                    );
                    problems.extend(plural_problems(lang, id, &body));
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        assert!(selectors > 40, "only {selectors} count selectors");
        // The rule itself: a bare count before a noun is caught, the full selector passes.
        assert_eq!(
            plural_problems("ru", "x", "x = { $minutes } минут").len(),
            1
        );
        assert_eq!(
            plural_problems("ru", "x", "x = { $count ->\n    [one] a\n   *[other] b\n}").len(),
            2,
            "few and many are missing"
        );
        assert!(plural_problems("ru", "x", "x = Прошло минут: { $minutes }").is_empty());
        assert!(plural_problems("en", "x", "x = { $count } of { $max }").is_empty());
    }

    #[test]
    fn gzip_only_when_it_pays() {
        let text = "abc ".repeat(1000);
        let gz = gzip(text.as_bytes()).expect("repetitive text compresses");
        assert!(gz.len() < text.len() / 10);
        assert!(gzip(&[0x5a]).is_none(), "one byte does not shrink");
    }
}
