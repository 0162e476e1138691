//! Names people choose at a table (participants' display names): one normal form, no invisible
//! or control characters, and no name that looks like one already seated.
//!
//! - [`normalise`] puts a name in the form the table stores: Unicode NFC, leading and trailing
//!   white space removed, inner runs of white space made one plain space. It refuses control
//!   characters (Cc), format characters (Cf: zero-width spaces and joiners, bidirectional
//!   overrides and isolates…), line and paragraph separators, private-use, surrogate and
//!   unassigned code points, naming the limit [`NAME_CHARACTERS`].
//! - [`look_alike_keys`] are the UTS #39 confusable skeleton (from `unicode-security`) of the
//!   name, case-folded; two names with the same key look alike ("alice", "Alice", Cyrillic
//!   "аlice"), so [`check_distinct`] refuses the second one, naming [`NAME_LOOK_ALIKE`].

use thiserror::Error;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
use unicode_security::confusable_detection::skeleton;

/// The rule id of the character limit on names.
pub const NAME_CHARACTERS: &str = "names.characters";
/// The rule id of the look-alike limit on names.
pub const NAME_LOOK_ALIKE: &str = "names.look_alike";

/// Why a name is refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NameError {
    #[error("the name is empty")]
    Empty,
    #[error(
        "the name contains {what} U+{code:04X}, which names may not contain (limit {NAME_CHARACTERS})"
    )]
    Character { code: u32, what: &'static str },
    #[error(
        "the name `{name}` looks like `{seated}`, already at this table (limit {NAME_LOOK_ALIKE})"
    )]
    LookAlike { name: String, seated: String },
}

/// What kind of forbidden character `c` is, if it is one.
fn forbidden(c: char) -> Option<&'static str> {
    match c.general_category() {
        GeneralCategory::Control => Some("the control character"),
        GeneralCategory::Format => Some("the invisible format character"),
        GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator => {
            Some("the line separator")
        }
        GeneralCategory::PrivateUse => Some("the private-use character"),
        GeneralCategory::Surrogate => Some("the surrogate"),
        GeneralCategory::Unassigned => Some("the unassigned code point"),
        _ => None,
    }
}

/// The stored form of a chosen name (see the module doc), or why it is refused.
pub fn normalise(name: &str) -> Result<String, NameError> {
    let nfc: String = name.nfc().collect();
    if let Some((c, what)) = nfc.chars().find_map(|c| forbidden(c).map(|w| (c, w))) {
        return Err(NameError::Character {
            code: u32::from(c),
            what,
        });
    }
    let out = nfc.split_whitespace().collect::<Vec<_>>().join(" ");
    if out.is_empty() {
        return Err(NameError::Empty);
    }
    Ok(out)
}

/// The look-alike keys of a name: the confusable skeleton of its lower-case form, and the
/// lower-case form of its skeleton (so both `ALICE`/`alice` and `Il`/`ll` meet). Two names look
/// alike when either key is the same.
pub fn look_alike_keys(name: &str) -> (String, String) {
    let folded: String = skeleton(&name.to_lowercase()).collect();
    let shaped = skeleton(name).collect::<String>().to_lowercase();
    (folded, shaped)
}

/// Refuses `name` if it looks like one of `taken` (see [`look_alike_keys`]).
pub fn check_distinct<'a>(
    name: &str,
    taken: impl IntoIterator<Item = &'a str>,
) -> Result<(), NameError> {
    let (folded, shaped) = look_alike_keys(name);
    let alike = |t: &&str| {
        let (f, s) = look_alike_keys(t);
        f == folded || s == shaped
    };
    match taken.into_iter().find(alike) {
        Some(seated) => Err(NameError::LookAlike {
            name: name.to_string(),
            seated: seated.to_string(),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sec_18_8_normal_form_trims_and_composes() {
        assert_eq!(normalise("  alice  ").unwrap(), "alice");
        assert_eq!(normalise("Ann  Marie").unwrap(), "Ann Marie");
        // "e" + combining acute becomes the precomposed é.
        assert_eq!(normalise("Rene\u{301}").unwrap(), "Ren\u{e9}");
        assert_eq!(normalise("   ").unwrap_err(), NameError::Empty);
        assert!(matches!(
            normalise("a\tb"),
            Err(NameError::Character { code: 9, .. })
        ));
    }

    #[test]
    fn sec_18_8_invisible_and_control_characters_are_refused() {
        for bad in [
            "alice\u{200b}",
            "Referee\u{200b}",
            "\u{202e}ecila",
            "al\u{2066}ice",
            "bob\u{7}",
            "bob\u{2028}x",
            "a\u{feff}",
        ] {
            let err = normalise(bad).unwrap_err();
            assert!(matches!(err, NameError::Character { .. }), "{bad:?}: {err}");
            assert!(err.to_string().contains(NAME_CHARACTERS), "{err}");
        }
    }

    #[test]
    fn sec_18_8_look_alikes_are_refused_distinct_names_are_not() {
        let seated = ["alice", "Referee"];
        for bad in [
            "Alice",
            "ALICE",
            "\u{430}lice",
            "a1ice",
            "referee",
            "Refere\u{435}",
        ] {
            let err = check_distinct(bad, seated).unwrap_err();
            assert!(err.to_string().contains(NAME_LOOK_ALIKE), "{bad:?}: {err}");
        }
        for good in ["alicia", "bob", "Aline", "Ref"] {
            check_distinct(good, seated).unwrap();
        }
    }
}
