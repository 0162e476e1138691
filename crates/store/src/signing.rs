//! The server's export key: exports are signed with Ed25519 (`ed25519-dalek`), so an import
//! can tell a file this server wrote, unchanged, from an edited or foreign one (the SHA-256
//! chain alone is unkeyed: anyone who edits a line can recompute it).
//!
//! The key is 32 secret bytes written as 64 hex digits: generated once and kept in a file
//! beside the database (`delve.db.key`, created with mode 0600), or given by the operator
//! (`delve serve --signing-key FILE`, or `DELVE_SIGNING_KEY` as hex; several servers on one
//! PostgreSQL database share one key so each verifies the others' exports).

use crate::StoreError;
use ed25519_dalek::{Signer, SigningKey, Verifier, VerifyingKey};
use std::path::Path;

/// Domain separation: what exactly is signed (followed by the final chain hash).
const CONTEXT: &[u8] = b"delve-table export v1\n";

/// The server's signing key.
#[derive(Clone)]
pub struct ServerKey {
    key: SigningKey,
}

impl std::fmt::Debug for ServerKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ServerKey")
            .field("public", &hex(self.key.verifying_key().as_bytes()))
            .finish_non_exhaustive()
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Decodes `n` bytes written as hex.
pub(crate) fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let text = text.trim();
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; N];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

impl ServerKey {
    /// A fresh key from the operating system's generator.
    pub fn generate() -> ServerKey {
        ServerKey {
            key: SigningKey::from_bytes(&rand::random::<[u8; 32]>()),
        }
    }

    /// A key given as 64 hex digits.
    pub fn from_hex(text: &str) -> Result<ServerKey, StoreError> {
        let bytes = unhex::<32>(text)
            .ok_or_else(|| StoreError::Io("a signing key is 64 hex digits (32 bytes)".into()))?;
        Ok(ServerKey {
            key: SigningKey::from_bytes(&bytes),
        })
    }

    /// Reads the key file, or creates it with a fresh key (readable by its owner only).
    pub fn load_or_create(path: &Path) -> Result<ServerKey, StoreError> {
        let io = |e: std::io::Error| StoreError::Io(format!("signing key {}: {e}", path.display()));
        match std::fs::read_to_string(path) {
            Ok(text) => ServerKey::from_hex(&text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = ServerKey::generate();
                let mut options = std::fs::OpenOptions::new();
                options.write(true).create_new(true);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
                let mut file = options.open(path).map_err(io)?;
                std::io::Write::write_all(&mut file, hex(&key.key.to_bytes()).as_bytes())
                    .map_err(io)?;
                file.sync_all().map_err(io)?;
                Ok(key)
            }
            Err(e) => Err(io(e)),
        }
    }

    /// The public half, which verifies this server's exports.
    pub fn public(&self) -> VerifyingKey {
        self.key.verifying_key()
    }

    /// The public key as hex (what an export's signature line names).
    pub fn public_hex(&self) -> String {
        hex(self.public().as_bytes())
    }

    /// Signs an export whose hash chain ends in `chain_end`.
    pub(crate) fn sign(&self, chain_end: &[u8]) -> String {
        hex(&self.key.sign(&message(chain_end)).to_bytes())
    }
}

fn message(chain_end: &[u8]) -> Vec<u8> {
    [CONTEXT, chain_end].concat()
}

/// Whether `signature` (hex) by `key` (hex) signs an export ending in `chain_end`; `Err` names
/// what is malformed.
pub(crate) fn verify(key: &str, signature: &str, chain_end: &[u8]) -> Result<VerifyingKey, String> {
    let key_bytes = unhex::<32>(key).ok_or("the key is not 64 hex digits")?;
    let key = VerifyingKey::from_bytes(&key_bytes).map_err(|_| "the key is not an Ed25519 key")?;
    let sig = unhex::<64>(signature).ok_or("the signature is not 128 hex digits")?;
    key.verify(
        &message(chain_end),
        &ed25519_dalek::Signature::from_bytes(&sig),
    )
    .map_err(|_| "the signature does not match the file: it was altered after signing")?;
    Ok(key)
}
