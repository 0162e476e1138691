//! JSON merge patches (RFC 7396) between two versions of a creature's record, so that an event
//! records what changed rather than the whole record (`creature_changed`, `creature_seen`'s
//! `patch`).
//!
//! A merge patch is an object whose members replace the target's members of the same name; a
//! member whose value is an object is merged recursively; `null` removes the member. Arrays
//! and scalars are replaced whole. One limit of the format: a member whose new value is
//! `null` cannot be written (it would read as a removal), so [`diff`] reports whether the
//! patch reproduces `after` exactly ([`diff_exact`]) and the caller falls back to the whole
//! record when it does not.

use serde_json::{Map, Value};

/// The merge patch that turns `before` into `after` (objects: only the changed members;
/// anything else: `after` itself).
pub fn diff(before: &Value, after: &Value) -> Value {
    match (before, after) {
        (Value::Object(b), Value::Object(a)) => {
            let mut patch = Map::new();
            for (k, old) in b {
                match a.get(k) {
                    None => {
                        patch.insert(k.clone(), Value::Null);
                    }
                    Some(new) if new != old => {
                        let inner = match (old, new) {
                            (Value::Object(_), Value::Object(_)) => diff(old, new),
                            _ => new.clone(),
                        };
                        patch.insert(k.clone(), inner);
                    }
                    Some(_) => {}
                }
            }
            for (k, new) in a {
                if !b.contains_key(k) {
                    patch.insert(k.clone(), new.clone());
                }
            }
            Value::Object(patch)
        }
        _ => after.clone(),
    }
}

/// Applies a merge patch to `target` in place (RFC 7396 § 2).
pub fn apply(target: &mut Value, patch: &Value) {
    let Value::Object(p) = patch else {
        *target = patch.clone();
        return;
    };
    if !target.is_object() {
        *target = Value::Object(Map::new());
    }
    if let Value::Object(t) = target {
        for (k, v) in p {
            if v.is_null() {
                t.remove(k);
            } else {
                apply(t.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
    }
}

/// [`diff`], or `None` when the patch would not give back `after` exactly (a `null` member in
/// `after`, or a non-object value at the top).
pub fn diff_exact(before: &Value, after: &Value) -> Option<Value> {
    if !before.is_object() || !after.is_object() {
        return None;
    }
    let patch = diff(before, after);
    let mut check = before.clone();
    apply(&mut check, &patch);
    (check == *after).then_some(patch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_patch_carries_only_the_changed_members() {
        let before = json!({"name": "Vera", "stamina": 3, "conditions": {"prone": 1, "weak": 2},
            "items": [1, 2]});
        let after = json!({"name": "Vera", "stamina": 1, "conditions": {"prone": 1},
            "items": [1, 2, 3], "ancestry": "fen"});
        let patch = diff_exact(&before, &after).unwrap();
        assert_eq!(
            patch,
            json!({"stamina": 1, "conditions": {"weak": null}, "items": [1, 2, 3],
                "ancestry": "fen"})
        );
        let mut v = before.clone();
        apply(&mut v, &patch);
        assert_eq!(v, after);
        assert_eq!(diff_exact(&after, &after), Some(json!({})));
    }

    #[test]
    fn a_null_member_cannot_be_patched_in() {
        // Some(x) → None written as `null`: the merge patch would remove the key instead.
        let before = json!({"ancestry": "fen", "stamina": 3});
        let after = json!({"ancestry": null, "stamina": 3});
        assert_eq!(diff_exact(&before, &after), None);
        assert_eq!(diff_exact(&json!([1]), &json!([2])), None);
    }
}
