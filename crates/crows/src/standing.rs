//! Standing effects: what a running effect forbids or changes for as long as it lasts, kept as
//! data the rest of the rules consult (an unusable hand slot, a slot that holds only one thing,
//! a blocked magic-item slot, doubled damage). A family that starts a running effect lists its
//! standing effects in the effect's data under `"standing"` (with the `"rule"` and `"note"` that
//! explain it); the core rules read them in their slot checks and at the one place damage to a
//! creature is computed. The backlash table (CR-BL-08/10/29/31/51/53) is the first user.
//!
//! Pure rules: no engine here; the caller hands over each running effect's id and data.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::damage::Hit;
use crate::inventory::{Inventory, InventoryError, ItemId, MagicSlot, SlotKind, SlotRef};

/// One standing effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Standing {
    /// This hand slot holds nothing; `hand: null` means every hand slot.
    HandBlocked {
        #[serde(default)]
        hand: Option<u8>,
    },
    /// This hand slot holds `item` and nothing else, and `item` stays there.
    HandReserved { hand: u8, item: ItemId },
    /// Nothing can be worn in this magic-item slot.
    MagicSlotBlocked { slot: MagicSlot },
    /// Damage the creature takes is doubled: only its next damage (`next_only`: the effect is
    /// used up by it) and/or only non-piercing damage (`non_piercing_only`).
    DamageDoubled {
        #[serde(default)]
        next_only: bool,
        #[serde(default)]
        non_piercing_only: bool,
    },
}

impl Standing {
    /// What it forbids, in a few words (for refusals).
    pub fn forbids(&self) -> String {
        match self {
            Standing::HandBlocked { hand: Some(h) } => format!("hand slot {h} cannot be used"),
            Standing::HandBlocked { hand: None } => "the hands cannot hold anything".into(),
            Standing::HandReserved { hand, .. } => {
                format!("hand slot {hand} is taken for good and holds nothing else")
            }
            Standing::MagicSlotBlocked { slot } => {
                format!("nothing can be worn in the {slot:?} magic-item slot")
            }
            Standing::DamageDoubled { .. } => "damage taken is doubled".into(),
        }
    }
}

/// What a running effect's data carries for this module.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingData {
    /// The rule that explains the effect (e.g. `CR-BL-10`).
    #[serde(default)]
    pub rule: String,
    /// A short description of the effect.
    #[serde(default)]
    pub note: String,
    #[serde(default)]
    pub standing: Vec<Standing>,
}

/// A standing effect found on a creature, with the running effect that carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Active {
    /// The running effect's id.
    pub effect: String,
    pub rule: String,
    pub note: String,
    pub standing: Standing,
}

/// The standing effects of one running effect, read from its data (none if the data lists none
/// or cannot be read).
pub fn read(effect: &str, data: &Value) -> Vec<Active> {
    let Ok(StandingData {
        rule,
        note,
        standing,
    }) = serde_json::from_value::<StandingData>(data.clone())
    else {
        return Vec::new();
    };
    standing
        .into_iter()
        .map(|s| Active {
            effect: effect.to_string(),
            rule: rule.clone(),
            note: note.clone(),
            standing: s,
        })
        .collect()
}

/// Every item of `inv` a standing effect does not allow where it is (or, for a reserved hand,
/// the reserved item when it is not in its hand), with the effect that forbids it.
pub fn violations<'a>(active: &'a [Active], inv: &Inventory) -> Vec<(ItemId, &'a Active)> {
    let mut out = Vec::new();
    for a in active {
        match a.standing {
            Standing::HandBlocked { hand } => {
                for (item, at) in inv.items() {
                    let held = at.kind == SlotKind::Hand
                        && hand.is_none_or(|h| at.contains(SlotRef::hand(h)));
                    if held {
                        out.push((item.id, a));
                    }
                }
            }
            Standing::HandReserved { hand, item } => {
                for (other, at) in inv.items() {
                    if other.id != item && at.contains(SlotRef::hand(hand)) {
                        out.push((other.id, a));
                    }
                }
                let in_place = inv
                    .placement(item)
                    .is_some_and(|at| at.contains(SlotRef::hand(hand)));
                if !in_place {
                    out.push((item, a));
                }
            }
            Standing::MagicSlotBlocked { slot } => {
                for item in inv.magic_items_in(slot) {
                    out.push((item.id, a));
                }
            }
            Standing::DamageDoubled { .. } => {}
        }
    }
    out
}

/// The items a standing effect must move out of the way when it starts (what is held in a hand
/// that goes numb, a hat the antlers push off, whatever the weapon hand held): the violations
/// of these effects, except a reserved item not in place yet (its starter puts it there).
pub fn displaced(active: &[Active], inv: &Inventory) -> Vec<ItemId> {
    let mut ids: Vec<ItemId> = violations(active, inv)
        .into_iter()
        .filter(|(id, a)| !matches!(a.standing, Standing::HandReserved { item, .. } if item == *id))
        .map(|(id, _)| id)
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Why a change of inventory is refused: the first violation `after` has that `before` did
/// not (what was already there when the effect started is the starter's business).
pub fn check_change<'a>(
    active: &'a [Active],
    before: &Inventory,
    after: &Inventory,
) -> Option<(ItemId, &'a Active)> {
    let old = violations(active, before);
    violations(active, after).into_iter().find(|(id, a)| {
        !old.iter()
            .any(|(o, b)| o == id && b.effect == a.effect && b.standing == a.standing)
    })
}

/// [`check_change`] as a refusal: the item the first new violation names, what the effect
/// forbids, the effect and its rule.
pub fn may_change(
    active: &[Active],
    before: &Inventory,
    after: &Inventory,
) -> Result<(), InventoryError> {
    let Some((item, a)) = check_change(active, before, after) else {
        return Ok(());
    };
    let name = after
        .item(item)
        .or_else(|| before.item(item))
        .map_or_else(|| format!("item {}", item.0), |i| i.name.clone());
    Err(InventoryError::SlotUnusable {
        item: name,
        forbids: a.standing.forbids(),
        note: a.note.clone(),
        rule: a.rule.clone(),
    })
}

/// The doubling a hit gets from the standing effects (CR-BL-08, CR-BL-29).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Doubling {
    /// The rules that double it.
    pub rules: Vec<String>,
    /// The running effects this hit uses up (the "next damage" ones).
    pub used_up: Vec<String>,
}

/// Whether `hit` is doubled by the standing effects, and by which. A hit of nothing is not
/// doubled and uses nothing up. Two doublings at once still double once (the hit carries one
/// doubling, CR-ERR-30); a "next damage" one is used up all the same.
pub fn doubling(active: &[Active], hit: &Hit) -> Option<Doubling> {
    if hit.damage.amount == 0 && hit.vulnerable_faces.is_empty() {
        return None;
    }
    let mut d = Doubling::default();
    for a in active {
        if let Standing::DamageDoubled {
            next_only,
            non_piercing_only,
        } = a.standing
        {
            if non_piercing_only && hit.damage.piercing {
                continue;
            }
            d.rules.push(a.rule.clone());
            if next_only {
                d.used_up.push(a.effect.clone());
            }
        }
    }
    (!d.rules.is_empty()).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::damage::Damage;
    use crate::inventory::{CarriedItem, InventoryLayout};
    use serde_json::json;

    fn active(s: Standing) -> Active {
        Active {
            effect: "e1".into(),
            rule: "CR-BL-10".into(),
            note: "numb hand".into(),
            standing: s,
        }
    }

    fn inv_with_rope_in(hand: u8) -> Inventory {
        let mut inv = Inventory::new(InventoryLayout::CROW);
        inv.add(
            CarriedItem::new(ItemId(1), "rope", 1),
            &[SlotRef::hand(hand)],
        )
        .expect("a free hand");
        inv
    }

    // Covers CR-BL-10: the numb hand holds nothing; the other hand still does.
    #[test]
    fn cr_bl_10_a_blocked_hand_is_a_violation_the_other_is_not() {
        let a = [active(Standing::HandBlocked { hand: Some(2) })];
        assert_eq!(displaced(&a, &inv_with_rope_in(2)), vec![ItemId(1)]);
        assert!(displaced(&a, &inv_with_rope_in(1)).is_empty());
        let before = Inventory::new(InventoryLayout::CROW);
        let refused = check_change(&a, &before, &inv_with_rope_in(2));
        assert_eq!(
            refused.map(|(id, x)| (id, x.rule.as_str())),
            Some((ItemId(1), "CR-BL-10"))
        );
        assert!(check_change(&a, &before, &inv_with_rope_in(1)).is_none());
    }

    // Covers CR-BL-08, CR-BL-29: which hits are doubled and what is used up.
    #[test]
    fn cr_bl_08_cr_bl_29_doubling_by_kind_of_damage() {
        let next = Active {
            effect: "next".into(),
            rule: "CR-BL-08".into(),
            note: String::new(),
            standing: Standing::DamageDoubled {
                next_only: true,
                non_piercing_only: false,
            },
        };
        let porcelain = Active {
            effect: "porcelain".into(),
            rule: "CR-BL-29".into(),
            note: String::new(),
            standing: Standing::DamageDoubled {
                next_only: false,
                non_piercing_only: true,
            },
        };
        let hit = |amount, piercing| Hit {
            damage: Damage { amount, piercing },
            vulnerable_faces: Vec::new(),
            doubled: false,
            by_player: false,
        };
        let p = [porcelain.clone()];
        assert!(
            doubling(&p, &hit(3, true)).is_none(),
            "piercing is not doubled"
        );
        assert_eq!(
            doubling(&p, &hit(3, false)).unwrap().used_up,
            Vec::<String>::new()
        );
        let both = [next, porcelain];
        let d = doubling(&both, &hit(3, true)).unwrap();
        assert_eq!(d.used_up, vec!["next".to_string()]);
        assert!(
            doubling(&both, &hit(0, false)).is_none(),
            "nothing to double"
        );
    }

    #[test]
    fn standing_effects_read_from_effect_data() {
        let data = json!({"rule": "CR-BL-51", "note": "antlers",
            "standing": [{"kind": "magic_slot_blocked", "slot": "Head"}]});
        let got = read("e9", &data);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].effect, "e9");
        assert_eq!(got[0].rule, "CR-BL-51");
        assert_eq!(
            got[0].standing,
            Standing::MagicSlotBlocked {
                slot: MagicSlot::Head
            }
        );
        assert!(read("e9", &json!({"row": 4})).is_empty());
    }
}
