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
//! `index.html`, `app.css`, `js/*.js` (plain ES modules, no build step; `js/combat.js`,
//! `js/dungeon.js`, `js/town.js` and `js/travel.js` are the controls of the Crows combat,
//! explore and travel families, sending their commands as documented in
//! `crates/crows/src/ruleset/`), `i18n/{en,ru}.ftl`
//! (Fluent messages), `vendor/fluent/` (`@fluent/bundle` 0.19.1 ESM, Apache-2.0) and
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
    "js/app.js",
    "js/api.js",
    "js/i18n.js",
    "js/odds.js",
    "js/lobby.js",
    "js/table.js",
    "js/sheet.js",
    "js/inventory.js",
    "js/testpanel.js",
    "js/log.js",
    "js/maps.js",
    "js/combat.js",
    "js/dungeon.js",
    "js/travel.js",
    "js/town.js",
    "js/dom.js",
    "js/cards.js",
    "js/player.js",
    "js/referee.js",
    "i18n/en.ftl",
    "i18n/ru.ftl",
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

    #[test]
    fn both_languages_define_every_message_the_pages_use() {
        let en = ftl_ids(file("i18n/en.ftl"));
        let ru = ftl_ids(file("i18n/ru.ftl"));
        assert_eq!(en, ru, "en.ftl and ru.ftl define different messages");
        let mut used = 0;
        for f in FILES.iter().filter(|f| f.path.starts_with("js/")) {
            let text = file(f.path);
            for call in ["t(\"", "tOr(\"", "has(\""] {
                for (i, _) in text.match_indices(call) {
                    // Only calls, not words ending in `t(` like `split(`.
                    let before = text[..i].chars().last().unwrap_or(' ');
                    if before.is_ascii_alphanumeric() || before == '_' || before == '.' {
                        continue;
                    }
                    let rest = &text[i + call.len()..];
                    let id = &rest[..rest.find('"').expect("closing quote")];
                    assert!(
                        en.contains(id),
                        "{} uses `{id}`, missing in the .ftl files",
                        f.path
                    );
                    used += 1;
                }
            }
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
        let ru_text = file("i18n/ru.ftl");
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

    #[test]
    fn gzip_only_when_it_pays() {
        let text = "abc ".repeat(1000);
        let gz = gzip(text.as_bytes()).expect("repetitive text compresses");
        assert!(gz.len() < text.len() / 10);
        assert!(gzip(&[0x5a]).is_none(), "one byte does not shrink");
    }
}
