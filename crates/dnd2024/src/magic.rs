//! Magic and spellcasting (checklist §14, DD-MAG): spell slots and one slot per turn,
//! components, rituals, Concentration, spell DC and attack, attunement.

use crate::{RulesError, in_range};
use serde::{Deserialize, Serialize};

/// Highest Concentration DC (DD-MAG-09.c).
pub const MAX_CONCENTRATION_DC: u32 = 30;
/// Largest damage accepted for a Concentration DC.
pub const MAX_DAMAGE: u32 = 1_000_000;

/// Concentration save DC after taking `damage`: max(10, floor(damage / 2)), capped at 30
/// (DD-MAG-09.c). One save per damage instance (Appendix C.4).
pub fn concentration_dc(damage: u32) -> Result<u32, RulesError> {
    in_range(
        "damage",
        i64::from(damage),
        0,
        i64::from(MAX_DAMAGE),
        "input limit",
    )?;
    Ok((damage / 2).clamp(10, MAX_CONCENTRATION_DC))
}

/// Spell save DC = 8 + spellcasting ability modifier + PB (DD-MAG-10.a, DD-CORE-04.e).
pub fn spell_save_dc(ability_modifier: i32, pb: i32) -> i32 {
    8 + ability_modifier + pb
}

/// Spell attack bonus = spellcasting ability modifier + PB (DD-MAG-10.b).
pub fn spell_attack_bonus(ability_modifier: i32, pb: i32) -> i32 {
    ability_modifier + pb
}

/// A spell's casting time (DD-MAG-05.a): the Magic action, a Bonus Action, a Reaction (its
/// trigger is in the spell), or a number of minutes (DD-MAG-05.b, DD-ACT-12.b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CastingTime {
    Action,
    BonusAction,
    Reaction,
    Minutes(u32),
}

/// Spell slots by level 1…9 (DD-MAG-03), with the one-slot-per-turn rule (DD-MAG-04).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellSlots {
    /// Maximum slots per level; index 0 is level 1.
    pub max: [u32; 9],
    pub spent: [u32; 9],
    /// Whether a slot was already spent this turn (DD-MAG-04.a).
    pub spent_this_turn: bool,
}

/// How a spell is being cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casting {
    /// Spell level 0…9 (0 = cantrip).
    pub spell_level: u8,
    /// Slot level used (ignored for cantrips and rituals).
    pub slot_level: u8,
    /// Cast as a Ritual (DD-MAG-08.a).
    pub ritual: bool,
    /// The spell has the Ritual tag.
    pub has_ritual_tag: bool,
}

/// The result of a successful cast: the level it is cast at, and extra casting time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cast {
    pub cast_level: u8,
    pub slot_spent: Option<u8>,
    pub extra_minutes: u32,
}

impl SpellSlots {
    /// Casts a spell: cantrips spend no slot and are not limited per turn (DD-MAG-02.a,
    /// DD-MAG-04.a); a Ritual adds 10 minutes, spends no slot and is cast at its own level
    /// (DD-MAG-08.a); otherwise a slot of the spell's level or higher is spent and the spell is
    /// cast at the slot's level (DD-MAG-03.a), at most one slot per turn (DD-MAG-04.a).
    /// A refusal changes nothing.
    pub fn cast(&mut self, c: Casting) -> Result<Cast, RulesError> {
        in_range("spell level", i64::from(c.spell_level), 0, 9, "DD-MAG-01.a")?;
        if c.spell_level == 0 {
            return Ok(Cast {
                cast_level: 0,
                slot_spent: None,
                extra_minutes: 0,
            });
        }
        if c.ritual {
            if !c.has_ritual_tag {
                return Err(RulesError::Forbidden {
                    rule: "DD-MAG-08.a",
                    reason: "only a spell with the Ritual tag can be cast as a Ritual".into(),
                });
            }
            return Ok(Cast {
                cast_level: c.spell_level,
                slot_spent: None,
                extra_minutes: 10,
            });
        }
        in_range("slot level", i64::from(c.slot_level), 1, 9, "DD-MAG-03.a")?;
        if c.slot_level < c.spell_level {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-03.a",
                reason: format!(
                    "a level {} spell needs a slot of level {} or higher, not {}",
                    c.spell_level, c.spell_level, c.slot_level
                ),
            });
        }
        if self.spent_this_turn {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-04.a",
                reason: "a spell slot was already spent this turn".into(),
            });
        }
        let i = usize::from(c.slot_level - 1);
        if self.spent[i] >= self.max[i] {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-03.a",
                reason: format!("no level {} slot left", c.slot_level),
            });
        }
        self.spent[i] += 1;
        self.spent_this_turn = true;
        Ok(Cast {
            cast_level: c.slot_level,
            slot_spent: Some(c.slot_level),
            extra_minutes: 0,
        })
    }

    /// A casting stopped before it spent its slot gives the slot back (a spell dissipated by
    /// Counterspell: its slot is not expended), and with it this turn's one slot.
    pub fn give_back(&mut self, slot_level: u8) {
        let i = usize::from(slot_level.clamp(1, 9) - 1);
        self.spent[i] = self.spent[i].saturating_sub(1);
        self.spent_this_turn = false;
    }

    /// A new turn starts: the per-turn limit resets.
    pub fn start_turn(&mut self) {
        self.spent_this_turn = false;
    }

    /// A finished Long Rest restores every slot (DD-MAG-03.b, DD-REST-03.c).
    pub fn finish_long_rest(&mut self) {
        self.spent = [0; 9];
    }
}

/// Spell components (DD-MAG-06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Components {
    pub verbal: bool,
    pub somatic: bool,
    pub material: bool,
    /// The material is consumed or has a stated cost (a focus cannot replace it).
    pub material_consumed_or_costly: bool,
}

/// What the caster has to hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CasterState {
    pub can_speak: bool,
    pub free_hands: u8,
    pub has_materials: bool,
    /// Holds a focus (or component pouch) its features allow.
    pub has_usable_focus: bool,
    /// Wears armor it lacks training in (DD-MAG-14.a, DD-CBT-11.a).
    pub untrained_armor: bool,
}

/// Whether the spell can be cast with these components (DD-MAG-06, DD-MAG-07, DD-MAG-14).
/// The S hand may also handle M (DD-MAG-06.c).
pub fn check_components(c: Components, s: CasterState) -> Result<(), RulesError> {
    let fail = |rule: &'static str, reason: &str| {
        Err(RulesError::Forbidden {
            rule,
            reason: reason.into(),
        })
    };
    if s.untrained_armor {
        return fail("DD-MAG-14.a", "cannot cast in armor without training in it");
    }
    if c.verbal && !s.can_speak {
        return fail("DD-MAG-06.a", "the Verbal component needs a voice");
    }
    if (c.somatic || c.material) && s.free_hands == 0 {
        return fail(
            "DD-MAG-06.b",
            "Somatic or Material components need a free hand",
        );
    }
    if c.material {
        let focus_ok = s.has_usable_focus && !c.material_consumed_or_costly;
        if !s.has_materials && !focus_ok {
            return fail(
                "DD-MAG-07.a",
                "missing the Material component (a focus replaces only free, unconsumed materials)",
            );
        }
    }
    Ok(())
}

/// Concentration held by a caster (DD-MAG-09).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Concentration {
    pub effect: Option<String>,
}

impl Concentration {
    /// Starts concentrating on an effect; the previous one ends at once (DD-MAG-09.b).
    /// Returns the effect that ended. Refused while Incapacitated (DD-COND-08.b).
    pub fn start(
        &mut self,
        effect: &str,
        incapacitated: bool,
    ) -> Result<Option<String>, RulesError> {
        if incapacitated {
            return Err(RulesError::Forbidden {
                rule: "DD-COND-08.b",
                reason: "an Incapacitated creature cannot concentrate".into(),
            });
        }
        Ok(self.effect.replace(effect.to_string()))
    }

    /// Incapacitated or dead: Concentration ends (DD-MAG-09.d/e). Returns the ended effect.
    pub fn on_incapacitated_or_death(&mut self) -> Option<String> {
        self.effect.take()
    }

    /// The creature's conditions now: any that make it Incapacitated (Stunned, Paralyzed,
    /// Unconscious, …) end Concentration (DD-MAG-09.d/e; the SRD's Incapacitated, not only
    /// Unconscious). Returns the ended effect.
    pub fn check_conditions(&mut self, c: &crate::conditions::Conditions) -> Option<String> {
        if c.incapacitated() {
            self.effect.take()
        } else {
            None
        }
    }

    /// Ending it is free, at any time (DD-MAG-09.a).
    pub fn end(&mut self) -> Option<String> {
        self.effect.take()
    }

    /// The saves a damage event forces: one per instance by default (Appendix C.4); damage
    /// wholly absorbed by Temporary HP still counts unless the option says otherwise.
    /// `instances` are (damage dealt, damage that reached HP). Returns the DCs.
    pub fn saves_for(
        &self,
        instances: &[(u32, u32)],
        opts: &crate::Interpretations,
    ) -> Result<Vec<u32>, RulesError> {
        if self.effect.is_none() {
            return Ok(vec![]);
        }
        let counted: Vec<u32> = instances
            .iter()
            .filter(|(dealt, to_hp)| {
                *dealt > 0 && (*to_hp > 0 || opts.concentration_save_when_temp_hp_absorb_all)
            })
            .map(|(dealt, _)| *dealt)
            .collect();
        if counted.is_empty() {
            return Ok(vec![]);
        }
        if opts.concentration_save_per_instance {
            counted.into_iter().map(concentration_dc).collect()
        } else {
            Ok(vec![concentration_dc(counted.iter().sum())?])
        }
    }
}

/// Attunement: at most 3 items at once (DD-MAG-15.a); all end at death (DD-DMG-18.d).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attunement {
    pub items: Vec<String>,
}

/// Attunement limit (DD-MAG-15.a).
pub const MAX_ATTUNED: usize = 3;

impl Attunement {
    /// Attunes to an item under the general limit of 3 (DD-MAG-15.a).
    pub fn attune(&mut self, item: &str) -> Result<(), RulesError> {
        self.attune_with(item, &crate::exceptions::Exceptions::general())
    }

    /// Attunes to an item under the limit in force: 3 by the general rule, or what a feature
    /// sets through the override layer (DD-MAG-15.a, DD-CORE-20.a). A refusal changes nothing.
    pub fn attune_with(
        &mut self,
        item: &str,
        ex: &crate::exceptions::Exceptions,
    ) -> Result<(), RulesError> {
        if self.items.iter().any(|i| i == item) {
            return Ok(());
        }
        let limit = ex.number(crate::exceptions::RuleKey::AttunementLimit)?;
        if i64::try_from(self.items.len()).unwrap_or(i64::MAX) >= limit {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-15.a",
                reason: format!("already attuned to {limit} items"),
            });
        }
        self.items.push(item.to_string());
        Ok(())
    }

    pub fn on_death(&mut self) {
        self.items.clear();
    }
}

/// Same spell cast several times: only the strongest applies, the most recent if equal
/// (DD-MAG-13.a). `castings` are (strength, order cast); returns the index that applies.
pub fn applying_casting(castings: &[(i32, u32)]) -> Option<usize> {
    castings
        .iter()
        .enumerate()
        .max_by_key(|(_, (strength, order))| (*strength, *order))
        .map(|(i, _)| i)
}

/// A spell with a casting time of 1 minute or more (DD-ACT-12.b, DD-MAG-05.b): the Magic
/// action every turn and Concentration throughout. If Concentration breaks, the spell fails
/// and no slot is spent. Returns whether the slot is spent (only on completion).
pub fn long_casting(
    turns_needed: u32,
    turns_with_magic_action: u32,
    concentration_broken: bool,
) -> Result<bool, RulesError> {
    if concentration_broken {
        return Err(RulesError::Forbidden {
            rule: "DD-ACT-12.b",
            reason: "Concentration broke: the spell fails and no slot is spent".into(),
        });
    }
    Ok(turns_with_magic_action >= turns_needed)
}

/// A time-span spell may be dismissed by its caster at any time, unless Incapacitated
/// (DD-MAG-12.a).
pub fn may_dismiss(incapacitated: bool) -> bool {
    !incapacitated
}

/// Telepathy contact (DD-MAG-21): within range, neither party Incapacitated, the recipient
/// understands a language or is telepathic.
pub fn telepathy_contact(
    distance_ft: u32,
    range_ft: u32,
    either_incapacitated: bool,
    recipient_understands: bool,
) -> bool {
    distance_ft <= range_ft && !either_incapacitated && recipient_understands
}

/// A spell's range (DD-MAG-11.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpellRange {
    SelfOnly,
    Touch,
    Feet(u32),
}

/// Whether a spell can target something (DD-MAG-11.a/b, DD-COV-01.f): within range (Touch =
/// within the caster's reach; Self = the caster only) and not behind Total Cover.
pub fn check_spell_target(
    range: SpellRange,
    distance_ft: u32,
    caster_reach_ft: u32,
    target_is_caster: bool,
    total_cover: bool,
) -> Result<(), RulesError> {
    if total_cover {
        return Err(RulesError::Forbidden {
            rule: "DD-MAG-11.b",
            reason: "no clear path: the target is behind Total Cover".into(),
        });
    }
    let ok = match range {
        SpellRange::SelfOnly => target_is_caster,
        SpellRange::Touch => distance_ft <= caster_reach_ft,
        SpellRange::Feet(r) => distance_ft <= r,
    };
    if ok {
        Ok(())
    } else {
        Err(RulesError::Forbidden {
            rule: "DD-MAG-11.a",
            reason: format!("target at {distance_ft} ft is out of the spell's range"),
        })
    }
}

/// Whether a spell may be cast at all (DD-MAG-01.b): it must be prepared, or come from an item
/// such as a Spell Scroll.
pub fn may_cast(prepared: bool, from_item: bool) -> Result<(), RulesError> {
    if prepared || from_item {
        Ok(())
    } else {
        Err(RulesError::Forbidden {
            rule: "DD-MAG-01.b",
            reason: "the spell is neither prepared nor cast from an item".into(),
        })
    }
}

/// Ways to cast a level 1+ spell without a slot besides a Ritual (DD-MAG-03.c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotFree {
    /// A magic item that casts it.
    MagicItem,
    /// A special ability with limited uses (often X/day).
    Ability,
}

/// Casts without a slot (DD-MAG-03.c): at the spell's own level, no slot spent, not counted by
/// the one-slot-per-turn rule. An ability spends one of its uses (`uses`), refused when none is
/// left.
pub fn cast_without_slot(
    spell_level: u8,
    how: SlotFree,
    uses: Option<&mut crate::core::PerDayUse>,
) -> Result<Cast, RulesError> {
    in_range("spell level", i64::from(spell_level), 0, 9, "DD-MAG-01.a")?;
    if how == SlotFree::Ability {
        match uses {
            Some(u) => u.spend()?,
            None => {
                return Err(RulesError::Forbidden {
                    rule: "DD-MAG-03.c",
                    reason: "an ability casting needs its limited uses".into(),
                });
            }
        }
    }
    Ok(Cast {
        cast_level: spell_level,
        slot_spent: None,
        extra_minutes: 0,
    })
}

/// Whether a spell that targets "a creature of your choice" may target its caster
/// (DD-MAG-11.c): yes unless it says the creature must be Hostile or someone else.
pub fn may_target_self(spell_excludes_caster: bool) -> bool {
    !spell_excludes_caster
}

/// Whether a target knows it was targeted (DD-MAG-11.d): only when the spell has a perceptible
/// effect on it.
pub fn target_knows(perceptible_effect: bool) -> bool {
    perceptible_effect
}

/// What an invalid target sees of the spell (DD-MAG-11.e): nothing happens to it (the slot stays
/// spent); if the spell normally does nothing on a successful save, it looks as if it saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InvalidTarget {
    NothingHappens,
    AppearsToSave,
}

pub fn invalid_target(nothing_on_successful_save: bool) -> InvalidTarget {
    if nothing_on_successful_save {
        InvalidTarget::AppearsToSave
    } else {
        InvalidTarget::NothingHappens
    }
}

/// Whether a creature meets an item's class requirement for attunement (DD-MAG-15.b): a
/// character by its classes, a monster by a class tag in its stat block.
pub fn meets_class_requirement(required_class: &str, classes_or_tags: &[&str]) -> bool {
    classes_or_tags
        .iter()
        .any(|c| c.eq_ignore_ascii_case(required_class))
}

/// A telepath's one contact at a time (DD-MAG-21).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Telepathy {
    pub range_ft: u32,
    pub contact: Option<String>,
}

impl Telepathy {
    /// Starts contact (DD-MAG-21.a/b/c): no action and no sight needed; the recipient within
    /// range must understand a language or be telepathic; neither may be Incapacitated.
    /// Contacting someone new breaks the old contact, returned.
    pub fn contact(
        &mut self,
        recipient: &str,
        distance_ft: u32,
        either_incapacitated: bool,
        recipient_understands_or_telepathic: bool,
    ) -> Result<Option<String>, RulesError> {
        if !telepathy_contact(
            distance_ft,
            self.range_ft,
            either_incapacitated,
            recipient_understands_or_telepathic,
        ) {
            return Err(RulesError::Forbidden {
                rule: "DD-MAG-21.c",
                reason: "contact needs the recipient in range, understanding a language or telepathic, and neither Incapacitated".into(),
            });
        }
        Ok(self.contact.replace(recipient.to_string()))
    }

    /// The contact holds while the recipient stays in range and neither is Incapacitated
    /// (DD-MAG-21.c). Returns whether it still holds (and drops it otherwise).
    pub fn check(&mut self, distance_ft: u32, either_incapacitated: bool) -> bool {
        if distance_ft > self.range_ft || either_incapacitated {
            self.contact = None;
        }
        self.contact.is_some()
    }

    /// A message from `from` (DD-MAG-21.d): the telepath always may; a non-telepath only
    /// replies within an open contact, never starts one.
    pub fn may_send(&self, from_telepath: bool, from: &str) -> bool {
        from_telepath || self.contact.as_deref() == Some(from)
    }
}
