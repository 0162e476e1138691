//! The WebSocket message readers of `server::live` on any text: a client's first message
//! (`read_auth`) and a `Sec-WebSocket-Protocol` header value (`token_in_protocols`). Neither
//! panics; what `read_auth` accepts is an `auth` message whose token is the text's own, and a
//! protocol token is a non-empty part of the value.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(auth) = server::live::read_auth(text) {
        assert!(text.contains("auth"), "accepted without the auth type");
        assert!(auth.token.len() <= text.len(), "token longer than the message");
    }
    if let Some(token) = server::live::token_in_protocols(text) {
        assert!(!token.is_empty(), "an empty protocol token");
        assert!(text.contains(&token), "a token that is not in the header");
    }
});
