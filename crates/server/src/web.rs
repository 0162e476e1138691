//! The web UI: static assets embedded in the binary (`include_bytes!` of `crates/server/web/`,
//! so running needs no Node toolchain and works offline), served at `/` and `/assets/…`.
//! The page is a client of the API under `/api` like any other: it holds the token from the
//! link's fragment (`#table=…&token=…`, or `#join=…` for an invite) and reads only what the
//! API gives that token.
//!
//! # Serving
//!
//! - `GET /` → `index.html`; `GET /assets/<version>/<path>` → the file `web/<path>`, where
//!   `<version>` is [`version`], 16 hex digits of the SHA-256 of the whole embedded tree
//!   (computed once, at first use); `GET /assets/<path>` (no version, the old URLs) → the same
//!   file; anything else under `/assets` is a JSON 404 like the API's.
//! - The page: `index.html` is served with every `/assets/` URL rewritten to the versioned
//!   prefix, a `<link rel="modulepreload">` for each module `js/app.js` imports (directly or
//!   not, read from the files' static `import … from "./…"` at start-up), so they download in
//!   parallel rather than one level at a time, and a JSON block `#delve-assets` naming the
//!   prefix and, per entry module loaded later (`js/table.js`, `rulesets/<name>/index.js`),
//!   its modules, which the shell preloads as soon as it knows it needs them (`api.preload`).
//! - `Content-Type` from the extension (UTF-8 for text), `X-Content-Type-Options: nosniff`,
//!   a strict `Content-Security-Policy` (only this origin; `ws:`/`wss:` for the live stream;
//!   `data:` images for the QR code).
//! - Caching: under the versioned prefix `Cache-Control: public, max-age=31536000, immutable`
//!   (a new binary with other files has another prefix, so a repeat visit asks only for the
//!   page); the page and the unversioned paths `no-cache` plus a strong `ETag` (SHA-256 of the
//!   file), so a browser revalidates them and gets `304 Not Modified` while the binary is the
//!   same. A request under another version (a page opened before an upgrade loading a module
//!   lazily) gets the current file, `no-cache`, rather than a 404 that would break that page.
//! - API answers (`/api/…` but the live WebSocket) are gzipped when the client accepts it and
//!   they are at least [`GZIP_MIN_BYTES`] ([`gzip_api`]): each is a JSON value already whole
//!   in memory, so compressing adds no buffering of a stream.
//! - Compression: text files are gzipped once, on first request, when the client sends
//!   `Accept-Encoding: gzip` and it saves at least a tenth (`Vary: Accept-Encoding`). Our own
//!   scripts (`js/`, `rulesets/`) are served without their whole-line comments
//!   ([`without_comment_lines`]): the sources keep their documentation, the browser does not
//!   download it (a fifth of the table screen's first load).
//! - A ruleset's refusal words (`rulesets/<name>/refusals.<lang>.ftl`) are listed in the page
//!   (`later_messages`) and loaded with a seat's first command, not with the page.
//!
//! # Files (`crates/server/web/`)
//!
//! `index.html`, `app.css`, the game-free shell `js/*.js` (plain ES modules, no build step:
//! lobby, table with clock, decisions, log, invites, packs, undo and the raw command form)
//! with its messages `i18n/{en,ru}.ftl`; one folder per ruleset screen, `rulesets/<name>/`
//! (`index.js` imported by the shell when a table of that ruleset opens, its modules, and its
//! own `en.ftl`/`ru.ftl` added to the bundle then: `crows` — the Crows combat, explore and
//! travel controls send their commands as documented in `crates/crows/src/ruleset/` —,
//! `demo`, `dnd2024` — sheets, stat blocks, the d20 panel, the turn budget and reaction
//! prompts over `crates/dnd2024/src/ruleset/` — and `acks` — the ACKS sheet, dungeon turn and
//! combat, `crates/acks/src/ruleset/`); `vendor/preact/` (Preact 10.29.8 and its hooks, MIT),
//! `vendor/htm/` (htm 3.1.1, Apache-2.0), `vendor/fluent/` (`@fluent/bundle` 0.19.1 ESM, Apache-2.0) and
//! `vendor/qrcode/` (`qrcode-generator` 2.0.4, MIT, loaded only when an invite is shown).

use crate::AppState;
use crate::error::ApiError;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Request};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet, HashMap};
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
    "js/grid.js",
    "js/hexmap.js",
    "js/forecast.js",
    "i18n/en.ftl",
    "i18n/ru.ftl",
    // Crows screens (loaded when a Crows table opens).
    "rulesets/crows/index.js",
    "rulesets/crows/log.js",
    "rulesets/crows/odds.js",
    "rulesets/crows/sheet.js",
    "rulesets/crows/inventory.js",
    "rulesets/crows/testpanel.js",
    "rulesets/crows/cast.js",
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
    // Its refusals in words, loaded with a seat's first command (see `later_messages`).
    "rulesets/crows/refusals.en.ftl",
    "rulesets/crows/refusals.ru.ftl",
    // The demo ruleset's screen.
    "rulesets/demo/index.js",
    "rulesets/demo/en.ftl",
    "rulesets/demo/ru.ftl",
    // The D&D 2024 screen.
    "rulesets/dnd2024/index.js",
    "rulesets/dnd2024/en.ftl",
    "rulesets/dnd2024/ru.ftl",
    "rulesets/dnd2024/refusals.en.ftl",
    "rulesets/dnd2024/refusals.ru.ftl",
    // The ACKS screen (sheet, dungeon turn, combat) and its refusals, loaded later.
    "rulesets/acks/index.js",
    "rulesets/acks/tables.js",
    "rulesets/acks/land.js",
    "rulesets/acks/en.ftl",
    "rulesets/acks/ru.ftl",
    "rulesets/acks/sea.js",
    "rulesets/acks/refusals.en.ftl",
    "rulesets/acks/refusals.ru.ftl",
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
    bytes: Bytes,
    mime: &'static str,
    etag: String,
    gzip: Option<Bytes>,
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

/// A script without its whole-line comments: lines that start (after indentation) with `//`,
/// and `/* … */` blocks whose first line starts with `/*` and whose last line ends with `*/`,
/// outside template literals (tracked by the parity of unescaped backticks on the lines
/// kept). `None` — serve the file as it is — when the backticks do not balance, or when the
/// text is not UTF-8: the rule is deliberately simple, and a file it cannot follow is left
/// alone rather than risked.
fn without_comment_lines(bytes: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(bytes).ok()?;
    let mut out = String::with_capacity(text.len());
    let (mut in_template, mut in_block) = (false, false);
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if in_block {
            in_block = !t.ends_with("*/");
            continue;
        }
        if !in_template {
            if t.starts_with("//") {
                continue;
            }
            if t.starts_with("/*") {
                in_block = !t.ends_with("*/") || t == "/*";
                continue;
            }
        }
        let mut escaped = false;
        for c in line.chars() {
            if c == '`' && !escaped {
                in_template = !in_template;
            }
            escaped = c == '\\' && !escaped;
        }
        out.push_str(line);
    }
    (!in_template && !in_block).then(|| out.into_bytes())
}

fn gzip_with(bytes: &[u8], level: flate2::Compression) -> Option<Vec<u8>> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), level);
    enc.write_all(bytes).ok()?;
    let out = enc.finish().ok()?;
    // Worth it only when it saves at least a tenth.
    (out.len() * 10 < bytes.len() * 9).then_some(out)
}

fn gzip(bytes: &[u8]) -> Option<Vec<u8>> {
    gzip_with(bytes, flate2::Compression::best())
}

/// The asset tree's version: 16 hex digits of the SHA-256 over every embedded file's path
/// and bytes (so any change to any file gives another prefix).
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut hash = Sha256::new();
        for f in FILES {
            hash.update((f.path.len() as u64).to_le_bytes());
            hash.update(f.path.as_bytes());
            hash.update((f.bytes.len() as u64).to_le_bytes());
            hash.update(f.bytes);
        }
        hash.finalize()[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    })
}

/// The prefix of the versioned asset URLs, `/assets/<version>/`.
pub fn prefix() -> String {
    format!("/assets/{}/", version())
}

/// The relative module specifiers of a script's static imports and re-exports
/// (`import … from "./x.js"`, `export … from "../y.js"`, `import "./z.js"`); dynamic
/// `import(…)` is left out (it loads later, on purpose).
fn static_imports(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for keyword in ["from", "import"] {
        for (i, _) in text.match_indices(keyword) {
            let before = text[..i].chars().last().unwrap_or(' ');
            if before.is_ascii_alphanumeric() || before == '_' || before == '.' || before == '$' {
                continue;
            }
            let rest = text[i + keyword.len()..].trim_start();
            let Some(quote) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else {
                continue;
            };
            let rest = &rest[1..];
            let Some(end) = rest.find(quote) else {
                continue;
            };
            let spec = &rest[..end];
            if spec.starts_with("./") || spec.starts_with("../") {
                out.push(spec);
            }
        }
    }
    out
}

/// `spec` imported by the file at `from` (both relative to `web/`), or `None` if it leaves
/// the tree.
fn resolve(from: &str, spec: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for seg in spec.split('/') {
        match seg {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

/// Every embedded module `entry` needs through static imports, itself first, then the rest
/// in path order.
fn closure(entry: &str) -> Vec<String> {
    let files: HashMap<&str, &[u8]> = FILES.iter().map(|f| (f.path, f.bytes)).collect();
    let mut seen = BTreeSet::new();
    let mut todo = vec![entry.to_string()];
    while let Some(path) = todo.pop() {
        let Some(bytes) = files.get(path.as_str()) else {
            continue;
        };
        if !seen.insert(path.clone()) {
            continue;
        }
        let text = std::str::from_utf8(bytes).unwrap_or_default();
        todo.extend(
            static_imports(text)
                .into_iter()
                .filter_map(|spec| resolve(&path, spec)),
        );
    }
    seen.remove(entry);
    std::iter::once(entry.to_string()).chain(seen).collect()
}

/// The modules loaded after the page: the table screen and each ruleset's screen.
fn later_entries() -> Vec<&'static str> {
    std::iter::once("js/table.js")
        .chain(
            FILES
                .iter()
                .map(|f| f.path)
                .filter(|p| p.starts_with("rulesets/") && p.ends_with("/index.js")),
        )
        .collect()
}

/// Per ruleset, the message files a seat loads with its first command instead of with the
/// page (`rulesets/<name>/refusals` when `rulesets/<name>/refusals.en.ftl` is embedded): a
/// refusal's words are needed only by a seat that acts, and they weigh as much as a screen.
fn later_messages() -> BTreeMap<&'static str, Vec<String>> {
    FILES
        .iter()
        .filter_map(|f| f.path.strip_prefix("rulesets/"))
        .filter_map(|p| p.strip_suffix("/refusals.en.ftl"))
        .map(|name| (name, vec![format!("rulesets/{name}/refusals")]))
        .collect()
}

/// `index.html` as served: versioned URLs, the shell's modulepreload links and the
/// `#delve-assets` block (see the module documentation).
fn page(html: &str) -> String {
    let prefix = prefix();
    let versioned = html.replace("\"/assets/", &format!("\"{prefix}"));
    let links: String = closure("js/app.js")
        .iter()
        .skip(1)
        .map(|m| format!("<link rel=\"modulepreload\" href=\"{prefix}{m}\">\n"))
        .collect();
    let later: BTreeMap<&str, Vec<String>> = later_entries()
        .into_iter()
        .map(|e| (e, closure(e)))
        .collect();
    let manifest = serde_json::json!({ "base": prefix, "preload": later,
        "later_messages": later_messages() });
    // `<` escaped so no path could close the block early.
    let manifest = manifest.to_string().replace('<', "\\u003c");
    let block = format!(
        "{links}<script type=\"application/json\" id=\"delve-assets\">{manifest}</script>\n"
    );
    versioned.replace("<!-- modulepreload -->\n", &block)
}

fn prepared() -> &'static HashMap<&'static str, Prepared> {
    static PREPARED: OnceLock<HashMap<&'static str, Prepared>> = OnceLock::new();
    PREPARED.get_or_init(|| {
        FILES
            .iter()
            .map(|f| {
                let mime = mime(f.path);
                let ours = f.path.starts_with("js/") || f.path.starts_with("rulesets/");
                let bytes = if f.path == "index.html" {
                    Bytes::from(page(&String::from_utf8_lossy(f.bytes)))
                } else if ours && f.path.ends_with(".js") {
                    without_comment_lines(f.bytes)
                        .map_or_else(|| Bytes::from_static(f.bytes), Bytes::from)
                } else {
                    Bytes::from_static(f.bytes)
                };
                let digest = Sha256::digest(&bytes);
                let etag: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
                let text = mime.starts_with("text/") || mime == "image/svg+xml";
                let p = Prepared {
                    gzip: if text {
                        gzip(&bytes).map(Bytes::from)
                    } else {
                        None
                    },
                    bytes,
                    mime,
                    etag: format!("\"{etag}\""),
                };
                (f.path, p)
            })
            .collect()
    })
}

/// Whether the client accepts gzip (`Accept-Encoding: gzip`, not with `q=0`).
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|e| {
            let mut parts = e.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            name.eq_ignore_ascii_case("gzip") && !refused
        })
}

/// API answers smaller than this are sent as they are (gzip would barely pay).
pub const GZIP_MIN_BYTES: usize = 1024;

/// Answers larger than this are compressed off the async workers.
const GZIP_BLOCKING_BYTES: usize = 64 * 1024;

/// Middleware: gzips `/api` answers (not the live WebSocket, `/api/tables/{id}/live`) for a
/// client that accepts it. Every API answer is one JSON value (or an export's JSON Lines)
/// already whole in memory, so collecting it costs no more than the answer itself.
pub async fn gzip_api(req: Request, next: Next) -> Response {
    let path = req.uri().path();
    let eligible = path.starts_with("/api/") && !path.ends_with("/live");
    let wants = eligible && accepts_gzip(req.headers());
    let mut resp = next.run(req).await;
    if !eligible {
        return resp;
    }
    resp.headers_mut()
        .append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    let small = axum::body::HttpBody::size_hint(resp.body())
        .upper()
        .is_some_and(|n| n < GZIP_MIN_BYTES as u64);
    let skip = !wants
        || small
        || resp.status() == StatusCode::SWITCHING_PROTOCOLS
        || resp.status() == StatusCode::NOT_MODIFIED
        || resp.status() == StatusCode::NO_CONTENT
        || resp.headers().contains_key(header::CONTENT_ENCODING);
    if skip {
        return resp;
    }
    let (mut parts, body) = resp.into_parts();
    // The body is already in memory (see above); no limit beyond the answer's own size.
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let level = flate2::Compression::new(6);
    let zipped = if bytes.len() > GZIP_BLOCKING_BYTES {
        let plain = bytes.clone();
        tokio::task::spawn_blocking(move || gzip_with(&plain, level))
            .await
            .ok()
            .flatten()
    } else {
        gzip_with(&bytes, level)
    };
    match zipped {
        Some(z) => {
            parts.headers.remove(header::CONTENT_LENGTH);
            parts
                .headers
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            Response::from_parts(parts, Body::from(z))
        }
        None => Response::from_parts(parts, Body::from(bytes)),
    }
}

const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; \
frame-ancestors 'none'";

/// How long a browser may keep a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Caching {
    /// Revalidate every time (the page, unversioned and stale-versioned paths).
    Revalidate,
    /// The versioned prefix: never changes.
    Immutable,
}

fn serve(path: &str, headers: &HeaderMap, caching: Caching) -> Response {
    let Some(file) = prepared().get(path) else {
        return ApiError::not_found(format!("no asset `{path}`")).into_response();
    };
    let cache = match caching {
        Caching::Revalidate => "no-cache",
        Caching::Immutable => "public, max-age=31536000, immutable",
    };
    let mut builder = Response::builder()
        .header(header::CACHE_CONTROL, cache)
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
    let body = match (&file.gzip, accepts_gzip(headers)) {
        (Some(gz), true) => {
            builder = builder.header(header::CONTENT_ENCODING, "gzip");
            Body::from(gz.clone())
        }
        _ => Body::from(file.bytes.clone()),
    };
    builder
        .body(body)
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

async fn index(headers: HeaderMap) -> Response {
    serve("index.html", &headers, Caching::Revalidate)
}

/// Whether a path segment has the shape of a version (16 lower-case hex digits).
fn is_version(segment: &str) -> bool {
    segment.len() == 16
        && segment
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    match path.split_once('/') {
        Some((v, rest)) if v == version() => serve(rest, &headers, Caching::Immutable),
        // Another version: a page from before an upgrade; the current file, revalidated.
        Some((v, rest)) if is_version(v) => serve(rest, &headers, Caching::Revalidate),
        _ => serve(&path, &headers, Caching::Revalidate),
    }
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

    /// Every embedded Fluent file parses by the specification with no junk: the browser's
    /// parser drops a malformed message silently (a term called with a variable argument,
    /// `{ -term(x: $y) }`, is one), so its words would fall back to English unnoticed.
    #[test]
    fn every_ftl_file_parses_without_junk() {
        let mut checked = 0;
        for f in FILES.iter().filter(|f| f.path.ends_with(".ftl")) {
            let text = std::str::from_utf8(f.bytes).expect("utf-8");
            let junk: Vec<String> = match fluent_syntax::parser::parse(text) {
                Ok(_) => Vec::new(),
                Err((_, errors)) => errors
                    .iter()
                    .map(|e| {
                        let line = text[..e.pos.start.min(text.len())].lines().count();
                        format!("line {line}: {:?}", e.kind)
                    })
                    .collect(),
            };
            assert!(junk.is_empty(), "{}: {}", f.path, junk.join("; "));
            checked += 1;
        }
        assert!(checked >= 6, "only {checked} .ftl files embedded");
    }

    /// Scripts are served without their whole-line comments, never touching a template
    /// literal's lines, and every script of ours is one the rule can follow.
    #[test]
    fn scripts_lose_their_comment_lines_and_nothing_else() {
        let src = "// head\n/** doc\n * more\n */\nconst a = 1; // kept\n  /* one */\nconst t = html`\n// inside\n/* inside */\n`;\nconst e = \"\\`\";\n";
        let out = String::from_utf8(without_comment_lines(src.as_bytes()).expect("balanced"))
            .expect("utf-8");
        assert_eq!(
            out,
            "const a = 1; // kept\nconst t = html`\n// inside\n/* inside */\n`;\nconst e = \"\\`\";\n"
        );
        assert_eq!(without_comment_lines(b"const t = `open\n// x\n"), None);
        let mut saved = 0;
        for f in FILES.iter().filter(|f| {
            (f.path.starts_with("js/") || f.path.starts_with("rulesets/"))
                && f.path.ends_with(".js")
        }) {
            let out = without_comment_lines(f.bytes)
                .unwrap_or_else(|| panic!("{}: the comment rule cannot follow it", f.path));
            assert!(out.len() <= f.bytes.len());
            saved += f.bytes.len() - out.len();
            // What is served is what is embedded, less whole comment lines.
            let kept: Vec<&str> = std::str::from_utf8(&out).expect("utf-8").lines().collect();
            let all: Vec<&str> = std::str::from_utf8(f.bytes)
                .expect("utf-8")
                .lines()
                .collect();
            let mut it = all.iter();
            for line in &kept {
                assert!(
                    it.any(|l| l == line),
                    "{}: `{line}` is not a line of the source",
                    f.path
                );
            }
        }
        assert!(saved > 30_000, "only {saved} bytes of comments");
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
        plural_problems_of(COUNT_ARGS, AFTER_COUNT_OK, lang, id, body)
    }

    /// [`plural_problems`] for the counts named `args`, `ok` the words that need not agree. An
    /// English range's upper end ("1 to { $max } characters", "0 to …") is always plural.
    fn plural_problems_of(
        args: &[&str],
        ok: &[&str],
        lang: &str,
        id: &str,
        body: &str,
    ) -> Vec<String> {
        let categories: &[&str] = if lang == "ru" {
            &["one", "few", "many", "other"]
        } else {
            &["one", "other"]
        };
        let mut problems = Vec::new();
        for arg in args {
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
                let range_end = body[..i]
                    .strip_suffix(" to ")
                    .is_some_and(|b| b.ends_with(|c: char| c.is_ascii_digit()));
                if lang == "en" && range_end {
                    continue;
                }
                let word: String = body[i + placeable.len()..]
                    .trim_start_matches(' ')
                    .chars()
                    .take_while(|c| c.is_alphabetic())
                    .collect();
                let agrees = word.chars().next().is_some_and(|c| c.is_lowercase())
                    && !ok.contains(&word.as_str());
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
    fn the_page_preloads_the_shell_and_names_the_later_modules() {
        let page = String::from_utf8(prepared()["index.html"].bytes.to_vec()).expect("utf-8");
        let prefix = prefix();
        assert!(
            page.contains(&format!("src=\"{prefix}js/app.js\"")),
            "{page}"
        );
        assert!(
            !page.contains("\"/assets/js"),
            "every asset URL is versioned"
        );
        for m in [
            "js/i18n.js",
            "js/lobby.js",
            "js/api.js",
            "vendor/fluent/bundle.js",
        ] {
            assert!(
                page.contains(&format!(
                    "<link rel=\"modulepreload\" href=\"{prefix}{m}\">"
                )),
                "{m}"
            );
        }
        assert!(
            !page.contains(&format!("{prefix}js/table.js\">")),
            "table.js loads later"
        );
        let open = "id=\"delve-assets\">";
        let start = page.find(open).expect("block") + open.len();
        let end = start + page[start..].find("</script>").expect("end");
        let manifest: serde_json::Value = serde_json::from_str(&page[start..end]).expect("json");
        assert_eq!(manifest["base"], prefix);
        let crows = manifest["preload"]["rulesets/crows/index.js"].to_string();
        for m in ["rulesets/crows/combat.js", "rulesets/crows/sheet.js"] {
            assert!(crows.contains(m), "{m} in {crows}");
        }
        let table = manifest["preload"]["js/table.js"].to_string();
        assert!(table.contains("vendor/preact/hooks.module.js") && table.contains("js/log.js"));
        assert!(
            !table.contains("qrcode"),
            "dynamic imports are not preloaded"
        );
    }

    #[test]
    fn imports_are_read_and_resolved() {
        let text = "import { a } from \"./a.js\";\nimport{b}from\"../v/b.js\"\nexport { c } from './c.js';\nimport \"./d.js\";\nconst x = await import(\"./lazy.js\");\nfrom(\"x\");";
        assert_eq!(
            static_imports(text),
            ["./a.js", "../v/b.js", "./c.js", "./d.js"]
        );
        assert_eq!(
            resolve("js/app.js", "../vendor/x.js").as_deref(),
            Some("vendor/x.js")
        );
        assert_eq!(
            resolve("js/app.js", "./i18n.js").as_deref(),
            Some("js/i18n.js")
        );
        assert_eq!(resolve("app.js", "../../x.js"), None);
        assert!(is_version(version()));
        assert!(!is_version("js") && !is_version("0123456789ABCDEF"));
    }

    #[test]
    fn gzip_is_accepted_by_name_unless_refused() {
        let h = |v: &str| {
            let mut m = HeaderMap::new();
            m.insert(
                header::ACCEPT_ENCODING,
                HeaderValue::from_str(v).expect("value"),
            );
            accepts_gzip(&m)
        };
        assert!(h("gzip") && h("br, gzip;q=0.8") && h("GZIP"));
        assert!(!h("br") && !h("gzip;q=0") && !h("x-gzip2") && !accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn gzip_only_when_it_pays() {
        let text = "abc ".repeat(1000);
        let gz = gzip(text.as_bytes()).expect("repetitive text compresses");
        assert!(gz.len() < text.len() / 10);
        assert!(gzip(&[0x5a]).is_none(), "one byte does not shrink");
    }

    /// The web UI words every event and decision in both languages (issue 23): a log line
    /// that falls back to the event's raw fields, or a prompt left in the server's English,
    /// fails here. Reads the embedded message files.
    mod words {
        use super::{file, ftl_ids};
        use std::collections::BTreeSet;

        /// The ids both languages define, shell and Crows screens together.
        fn both_languages() -> (BTreeSet<String>, BTreeSet<String>) {
            let ids = |path: &str| -> BTreeSet<String> {
                ftl_ids(file(path))
                    .into_iter()
                    .map(str::to_string)
                    .collect()
            };
            let mut en = ids("i18n/en.ftl");
            en.extend(ids("rulesets/crows/en.ftl"));
            en.extend(ids("rulesets/crows/refusals.en.ftl"));
            let mut ru = ids("i18n/ru.ftl");
            ru.extend(ids("rulesets/crows/ru.ftl"));
            ru.extend(ids("rulesets/crows/refusals.ru.ftl"));
            (en, ru)
        }

        /// The refusal words loaded on demand (`refusals.<lang>.ftl`) define the same ids in
        /// both languages, none of them also in the screen's own files, and the page lists the
        /// file for its ruleset (`later_messages`).
        #[test]
        fn crows_refusal_words_are_one_file_per_language_listed_for_later() {
            let en = ftl_ids(file("rulesets/crows/refusals.en.ftl"));
            assert_eq!(en, ftl_ids(file("rulesets/crows/refusals.ru.ftl")));
            assert!(en.len() > 400, "{} refusal messages", en.len());
            let screen = ftl_ids(file("rulesets/crows/en.ftl"));
            assert!(
                en.is_disjoint(&screen),
                "{:?}",
                en.intersection(&screen).collect::<Vec<_>>()
            );
            assert_eq!(
                super::super::later_messages().get("crows"),
                Some(&vec!["rulesets/crows/refusals".to_string()])
            );
        }

        #[test]
        fn crows_every_event_has_a_log_line_in_both_languages() {
            let (en, ru) = both_languages();
            let names = crows::ruleset::event_names();
            assert!(names.len() > 100, "{} event names", names.len());
            let mut missing = Vec::new();
            for name in names {
                let id = format!("ev-rules-{name}");
                for (lang, set) in [("en", &en), ("ru", &ru)] {
                    if !set.contains(&id) {
                        missing.push(format!("{lang}: {id}"));
                    }
                }
            }
            assert!(
                missing.is_empty(),
                "{} log lines fall back to raw fields:\n{}",
                missing.len(),
                missing.join("\n")
            );
        }

        #[test]
        fn crows_every_decision_has_a_prompt_in_both_languages() {
            let (en, ru) = both_languages();
            let mut missing = Vec::new();
            for kind in crows::ruleset::DECISION_KINDS {
                let id = format!("dec-{}", kind.replace('.', "-"));
                for (lang, set) in [("en", &en), ("ru", &ru)] {
                    if !set.contains(&id) {
                        missing.push(format!("{lang}: {id}"));
                    }
                }
            }
            assert!(
                missing.is_empty(),
                "{} decisions keep the server's English prompt:\n{}",
                missing.len(),
                missing.join("\n")
            );
        }

        /// Issue 22: every refusal code of the D&D 2024 ruleset has words in both languages
        /// (its `refusals.<lang>.ftl`, or the shell's for the codes the engine shares), the
        /// two refusal files define the same ids, and the page lists them for later.
        #[test]
        fn dnd2024_every_refusal_has_words_in_both_languages() {
            let ids = |path: &str| -> BTreeSet<String> {
                ftl_ids(file(path))
                    .into_iter()
                    .map(str::to_string)
                    .collect()
            };
            let (en_r, ru_r) = (
                ids("rulesets/dnd2024/refusals.en.ftl"),
                ids("rulesets/dnd2024/refusals.ru.ftl"),
            );
            assert_eq!(en_r, ru_r);
            let mut en = ids("i18n/en.ftl");
            en.extend(en_r);
            let mut ru = ids("i18n/ru.ftl");
            ru.extend(ru_r);
            let mut missing = Vec::new();
            for code in delve_dnd2024::ruleset::REFUSAL_CODES {
                for (lang, set) in [("en", &en), ("ru", &ru)] {
                    if !set.contains(&format!("err-{code}")) {
                        missing.push(format!("{lang}: err-{code}"));
                    }
                }
            }
            assert!(missing.is_empty(), "no words for {missing:?}");
            assert_eq!(
                super::super::later_messages().get("dnd2024"),
                Some(&vec!["rulesets/dnd2024/refusals".to_string()])
            );
        }

        /// Issue 23: every refusal the Crows ruleset can give has words in both languages — each
        /// code (`err-<code>`, the codes its sources give, `crows::ruleset::REFUSAL_CODES`) and
        /// each reason of every pure error enum (`err-<source>-<reason>`, from their strum
        /// `VariantNames`), so no refusal falls back to the server's English.
        #[test]
        fn crows_every_refusal_has_words_in_both_languages() {
            let (en, ru) = both_languages();
            let mut ids: Vec<String> = crows::ruleset::REFUSAL_CODES
                .iter()
                .map(|c| format!("err-{c}"))
                .collect();
            assert!(ids.len() > 200, "{} codes", ids.len());
            let reasons = crows::refusal::all_reasons();
            let count: usize = reasons.iter().map(|(_, r)| r.len()).sum();
            assert!(count > 200, "{count} reasons");
            for (source, names) in reasons {
                ids.extend(names.iter().map(|r| format!("err-{source}-{r}")));
            }
            let mut missing = Vec::new();
            for id in &ids {
                for (lang, set) in [("en", &en), ("ru", &ru)] {
                    if !set.contains(id) {
                        missing.push(format!("{lang}: {id}"));
                    }
                }
            }
            assert!(
                missing.is_empty(),
                "{} refusals have no words:\n{}",
                missing.len(),
                missing.join("\n")
            );
        }

        /// Every ACKS event (`delve_acks::ruleset::event_names`, the masked forms a player gets
        /// included) has a log line in both languages of the ACKS screen.
        #[test]
        fn acks_every_event_has_a_log_line_in_both_languages() {
            let en = ftl_ids(file("rulesets/acks/en.ftl"));
            let ru = ftl_ids(file("rulesets/acks/ru.ftl"));
            let names = delve_acks::ruleset::event_names();
            assert!(names.len() > 50, "{} events", names.len());
            let mut missing = Vec::new();
            for name in names {
                let id = format!("ev-rules-{name}");
                for (lang, set) in [("en", &en), ("ru", &ru)] {
                    if !set.contains(&id.as_str()) {
                        missing.push(format!("{lang}: {id}"));
                    }
                }
            }
            assert!(missing.is_empty(), "{}", missing.join("\n"));
        }

        /// Every refusal code the ACKS ruleset gives (`refuse`, `acks_err`, `RuleError::new`
        /// with a literal code in `crates/acks/src/ruleset/`, read from its sources: the ruleset
        /// lists no codes of its own) has words in both languages, in its own refusal files or,
        /// for the engine's `bad_config`, the shell's.
        #[test]
        fn acks_every_refusal_has_words_in_both_languages() {
            let ids = |path: &str| -> BTreeSet<String> {
                ftl_ids(file(path))
                    .into_iter()
                    .map(str::to_string)
                    .collect()
            };
            let mut en = ids("i18n/en.ftl");
            en.extend(ids("rulesets/acks/refusals.en.ftl"));
            let mut ru = ids("i18n/ru.ftl");
            ru.extend(ids("rulesets/acks/refusals.ru.ftl"));
            let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../acks/src/ruleset");
            let mut dirs = vec![root];
            let mut codes = BTreeSet::new();
            while let Some(dir) = dirs.pop() {
                for entry in std::fs::read_dir(&dir).expect("acks ruleset sources") {
                    let path = entry.expect("entry").path();
                    if path.is_dir() {
                        dirs.push(path);
                        continue;
                    }
                    let text = std::fs::read_to_string(&path).expect("source");
                    for call in ["refuse(", "acks_err(", "RuleError::new("] {
                        for (at, _) in text.match_indices(call) {
                            let rest = text[at + call.len()..].trim_start();
                            let Some(rest) = rest.strip_prefix('"') else {
                                continue;
                            };
                            if let Some(end) = rest.find('"') {
                                codes.insert(rest[..end].to_string());
                            }
                        }
                    }
                }
            }
            assert!(codes.len() > 100, "{} codes", codes.len());
            let mut missing = Vec::new();
            for code in &codes {
                for (lang, set) in [("en", &en), ("ru", &ru)] {
                    if !set.contains(&format!("err-{code}")) {
                        missing.push(format!("{lang}: err-{code}"));
                    }
                }
            }
            assert!(missing.is_empty(), "{}", missing.join("\n"));
            assert_eq!(
                super::super::later_messages().get("acks"),
                Some(&vec!["rulesets/acks/refusals".to_string()])
            );
        }

        /// The snake-case names of the engine's `EventBody` variants, read from its source (the enum
        /// is the wire's `type`).
        fn engine_event_names() -> Vec<String> {
            let path =
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/src/event.rs");
            let text = std::fs::read_to_string(&path).expect("engine/src/event.rs");
            let start = text.find("pub enum EventBody {").expect("EventBody");
            let body = &text[start + "pub enum EventBody {".len()..];
            let mut names = Vec::new();
            let mut depth = 0i32;
            for line in body.lines() {
                let trimmed = line.trim();
                if depth == 0 && trimmed.starts_with('}') {
                    break;
                }
                if depth == 0
                    && trimmed
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_uppercase())
                    && let Some(end) = trimmed.find(|c: char| !c.is_ascii_alphanumeric())
                {
                    let mut snake = String::new();
                    for (i, c) in trimmed[..end].chars().enumerate() {
                        if c.is_ascii_uppercase() && i > 0 {
                            snake.push('_');
                        }
                        snake.push(c.to_ascii_lowercase());
                    }
                    names.push(snake);
                }
                depth += line.matches(['{', '(']).count() as i32
                    - line.matches(['}', ')']).count() as i32;
            }
            names
        }

        #[test]
        fn every_engine_event_has_a_log_line_in_both_languages() {
            let (en, ru) = both_languages();
            let names = engine_event_names();
            assert!(names.len() > 40, "{names:?}");
            // Worded in js/log.js by a branch of their own (the ruleset's events, rolls, decisions,
            // timers, boundaries, access changes); the others through `ev-<type>`.
            let own = [
                "rules",
                "rolled",
                "decision_opened",
                "decision_answered",
                "timer_started",
                "boundary_passed",
                "access_changed",
                "said",
            ];
            let log_js = file("js/log.js");
            let mut missing = Vec::new();
            for name in &names {
                if own.contains(&name.as_str()) {
                    assert!(
                        log_js.contains(&format!("type === \"{name}\"")),
                        "js/log.js has no branch for `{name}`"
                    );
                    continue;
                }
                let id = format!("ev-{name}");
                for (lang, set) in [("en", &en), ("ru", &ru)] {
                    if !set.contains(&id) {
                        missing.push(format!("{lang}: {id}"));
                    }
                }
            }
            assert!(
                missing.is_empty(),
                "{} engine log lines fall back to raw fields:\n{}",
                missing.len(),
                missing.join("\n")
            );
        }
    }

    /// Counts in refusals and log lines beyond [`COUNT_ARGS`]: distances, dice and faces
    /// expected and given, wounds, points, rations.
    const MORE_COUNT_ARGS: &[&str] = &[
        "distance", "needed", "wanted", "expected", "given", "got", "had", "left", "wounds",
        "current", "points", "goal", "squares", "bright", "n",
    ];

    /// Words after a count in refusals and log lines that need not agree with it: unit
    /// abbreviations (squares), a die's `d`, a verb or comparison of a single value, a bonus's
    /// preposition.
    const MORE_AFTER_COUNT_OK: &[&str] = &["sq", "кл", "d", "is", "больше", "к"];

    /// Issue 17 in every message file, the refusal words too (`rulesets/<name>/refusals.<lang>.ftl`,
    /// loaded with a seat's first command): a count of [`COUNT_ARGS`] or [`MORE_COUNT_ARGS`]
    /// before a word that agrees with it selects its plural form.
    #[test]
    fn every_message_file_selects_the_plural_forms_of_its_counts() {
        let args: Vec<&str> = COUNT_ARGS.iter().chain(MORE_COUNT_ARGS).copied().collect();
        let ok: Vec<&str> = AFTER_COUNT_OK
            .iter()
            .chain(MORE_AFTER_COUNT_OK)
            .copied()
            .collect();
        let mut problems = Vec::new();
        let mut files = 0;
        for f in FILES.iter().filter(|f| f.path.ends_with(".ftl")) {
            let lang = if f.path.ends_with("ru.ftl") {
                "ru"
            } else {
                "en"
            };
            for (id, body) in ftl_messages(file(f.path)) {
                problems.extend(
                    plural_problems_of(&args, &ok, lang, id, &body)
                        .into_iter()
                        .map(|p| format!("{}: {p}", f.path)),
                );
            }
            files += 1;
        }
        assert!(files >= 8, "only {files} .ftl files");
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        // The wider rule catches what the narrower one let through.
        assert_eq!(
            plural_problems_of(
                &args,
                &ok,
                "en",
                "x",
                "x = The target is { $distance } squares away"
            )
            .len(),
            1
        );
        assert!(
            plural_problems_of(&args, &ok, "en", "x", "x = 1 to { $max } characters").is_empty()
        );
        assert_eq!(
            plural_problems_of(&args, &ok, "ru", "x", "x = от 1 до { $max } часов").len(),
            1,
            "a Russian range agrees with its upper end"
        );
    }

    /// Issue 17, formatted by a Fluent implementation (`fluent-bundle`, the same plural rules as
    /// the page's `@fluent/bundle`): counted messages of the shell, Crows, its refusals and the
    /// demo say 1 минута, 2 минуты, 5 минут, 21 минута in Russian, 1 hex / 2 hexes in English.
    #[test]
    fn counted_messages_take_the_right_word_forms_in_russian_and_english() {
        use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
        fn say(path: &str, lang: &str, id: &str, args: &[(&str, FluentValue<'static>)]) -> String {
            let res = FluentResource::try_new(file(path).to_string())
                .unwrap_or_else(|(_, e)| panic!("{path}: {e:?}"));
            let mut bundle = FluentBundle::new(vec![lang.parse().expect("language")]);
            bundle.set_use_isolating(false);
            bundle.add_resource(res).expect("one resource");
            let msg = bundle
                .get_message(id)
                .unwrap_or_else(|| panic!("{path}: no {id}"));
            let mut fa = FluentArgs::new();
            for (k, v) in args {
                fa.set(*k, v.clone());
            }
            let mut errors = Vec::new();
            let out = bundle
                .format_pattern(msg.value().expect("value"), Some(&fa), &mut errors)
                .into_owned();
            assert!(errors.is_empty(), "{path} {id}: {errors:?}");
            out
        }
        let each = |path: &str,
                    lang: &str,
                    id: &str,
                    arg: &str,
                    rest: &[(&str, FluentValue<'static>)]|
         -> Vec<String> {
            [1, 2, 5, 21]
                .iter()
                .map(|n| {
                    let mut args = rest.to_vec();
                    args.push((arg, FluentValue::from(*n)));
                    say(path, lang, id, &args)
                })
                .collect()
        };
        let crows_ru = "rulesets/crows/ru.ftl";
        let refusals_ru = "rulesets/crows/refusals.ru.ftl";
        assert_eq!(
            each(crows_ru, "ru", "minutes-n", "count", &[]),
            ["1 минута", "2 минуты", "5 минут", "21 минута"]
        );
        assert_eq!(
            each(
                crows_ru,
                "ru",
                "effect-hexes",
                "n",
                &[("sign", FluentValue::from("+"))]
            ),
            [
                "+1 гекс за день",
                "+2 гекса за день",
                "+5 гексов за день",
                "+21 гекс за день"
            ]
        );
        assert_eq!(
            each(
                refusals_ru,
                "ru",
                "err-fight-out_of_reach",
                "distance",
                &[("reach", FluentValue::from(1))]
            ),
            [
                "До цели 1 клетка, а досягаемость — 1",
                "До цели 2 клетки, а досягаемость — 1",
                "До цели 5 клеток, а досягаемость — 1",
                "До цели 21 клетка, а досягаемость — 1",
            ]
        );
        let sleep = each(
            refusals_ru,
            "ru",
            "err-rest-too_much_sleep",
            "hours",
            &[
                ("creature", FluentValue::from("Вера")),
                ("had", FluentValue::from(1)),
            ],
        );
        let lasts: Vec<&str> = sleep
            .iter()
            .map(|s| s.split(',').next().unwrap_or_default())
            .collect();
        assert_eq!(
            lasts,
            [
                "Отдых длится 1 час",
                "Отдых длится 2 часа",
                "Отдых длится 5 часов",
                "Отдых длится 21 час"
            ]
        );
        assert_eq!(
            each(
                refusals_ru,
                "ru",
                "err-activity-too_few_wounds",
                "wounds",
                &[("target", FluentValue::from("Вера"))]
            )[..2],
            [
                "Вера: 1 рана, а для обработки нужно не меньше 2",
                "Вера: 2 раны, а для обработки нужно не меньше 2",
            ]
        );
        assert_eq!(
            each("i18n/ru.ftl", "ru", "log-older-loaded", "count", &[]),
            [
                "Загружено ещё 1 раннее событие",
                "Загружено ещё 2 ранних события",
                "Загружено ещё 5 ранних событий",
                "Загружено ещё 21 раннее событие",
            ]
        );
        assert_eq!(
            each("rulesets/demo/ru.ftl", "ru", "demo-notes", "count", &[]),
            ["1 заметка", "2 заметки", "5 заметок", "21 заметка"]
        );
        assert_eq!(
            each(
                "rulesets/crows/en.ftl",
                "en",
                "effect-hexes",
                "n",
                &[("sign", FluentValue::from("+"))]
            ),
            [
                "+1 hex today",
                "+2 hexes today",
                "+5 hexes today",
                "+21 hexes today"
            ]
        );
        assert_eq!(
            each(
                "rulesets/crows/refusals.en.ftl",
                "en",
                "err-fight-out_of_reach",
                "distance",
                &[("reach", FluentValue::from(1))]
            )[..2],
            [
                "The target is 1 square away; the reach is only 1",
                "The target is 2 squares away; the reach is only 1",
            ]
        );
    }
}
