//! The named options for the rulebook's ambiguities in the creature, inventory, damage,
//! condition, light and hazard sections (the errata of checklist section 39) and the house
//! rules on them, with their documented defaults ([`WorldOptions::default`]).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Refusals of the table's settings and the Referee's house rules (CR-CORE-02).
#[derive(
    Debug,
    Clone,
    PartialEq,
    Eq,
    thiserror::Error,
    serde::Serialize,
    strum::VariantNames,
    strum::IntoStaticStr,
    strum::EnumProperty,
)]
#[strum(serialize_all = "snake_case")]
pub enum HouseRuleError {
    #[error("options: {detail}")]
    #[strum(props(rule = "CR-CORE-02"))]
    BadOptions { detail: String },
    #[error("{section}: no setting named `{key}`")]
    #[strum(props(rule = "CR-CORE-02"))]
    UnknownSetting { section: String, key: String },
    #[error("{section}: {detail}")]
    #[strum(props(rule = "CR-CORE-02"))]
    BadSetting { section: String, detail: String },
    #[error("dungeon_turn_minutes must be 0…{max}")]
    #[strum(props(rule = "CR-CORE-02"))]
    BadDungeonTurnMinutes { max: i64 },
    #[error("the house rules given are the ones already in force")]
    #[strum(props(rule = "CR-CORE-02"))]
    Unchanged,
}

crate::refusal::refusal!(HouseRuleError, "house_rule");

/// The longest dungeon turn a table sets, in minutes (a day).
pub const MAX_DUNGEON_TURN_MINUTES: i64 = 24 * 60;

/// Merges the keys of `patch[section]` into the serialised `current` setting and reads the
/// result back, naming each key whose value changed as `section.key` (CR-CORE-02). An unknown
/// key or a value of the wrong shape is refused with the section named, and nothing changes.
pub fn merge_setting<T>(
    section: &str,
    current: &T,
    patch: &Value,
    changed: &mut Vec<String>,
) -> Result<T, HouseRuleError>
where
    T: Serialize + serde::de::DeserializeOwned + Clone,
{
    let Some(patch) = patch.get(section) else {
        return Ok(current.clone());
    };
    let bad = |e: serde_json::Error| HouseRuleError::BadSetting {
        section: section.to_string(),
        detail: e.to_string(),
    };
    let mut value = serde_json::to_value(current).map_err(bad)?;
    match (&mut value, patch) {
        (Value::Object(cur), Value::Object(p)) => {
            for (k, v) in p {
                if !cur.contains_key(k) {
                    return Err(HouseRuleError::UnknownSetting {
                        section: section.to_string(),
                        key: k.clone(),
                    });
                }
                if cur.get(k) != Some(v) {
                    changed.push(format!("{section}.{k}"));
                }
                cur.insert(k.clone(), v.clone());
            }
        }
        (_, p) => {
            if *p != value {
                changed.push(section.to_string());
            }
            value = p.clone();
        }
    }
    serde_json::from_value(value).map_err(bad)
}

/// The dungeon turn's minutes after `patch` (its `dungeon_turn_minutes`, 0…a day, CR-CORE-02),
/// noting the key when it changed.
pub fn merge_dungeon_turn_minutes(
    current: i64,
    patch: &Value,
    changed: &mut Vec<String>,
) -> Result<i64, HouseRuleError> {
    let Some(m) = patch.get("dungeon_turn_minutes") else {
        return Ok(current);
    };
    let m = m
        .as_i64()
        .filter(|m| (0..=MAX_DUNGEON_TURN_MINUTES).contains(m))
        .ok_or(HouseRuleError::BadDungeonTurnMinutes {
            max: MAX_DUNGEON_TURN_MINUTES,
        })?;
    if m != current {
        changed.push("dungeon_turn_minutes".into());
    }
    Ok(m)
}

/// A change of house rules changes something (CR-CORE-02): `changed` names what.
pub fn may_set_house_rules(changed: &[String]) -> Result<(), HouseRuleError> {
    if changed.is_empty() {
        return Err(HouseRuleError::Unchanged);
    }
    Ok(())
}

/// Named options for the rulebook's ambiguities in the creature/inventory/damage/condition/
/// light/hazard sections (checklist section 39). `Default` gives the documented defaults.
/// CR-ERR-28 (a doom against an unconscious target is still tier 3) belongs to the tests:
/// `crate::test_roll::TestRules::automatic_tier_beats_doom`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct WorldOptions {
    /// CR-ERR-11: where a wound may go.
    pub wound_placement: WoundPlacement,
    /// CR-ERR-19: whether excess damage carries over within one hit.
    pub damage_carry_over: DamageCarryOver,
    /// CR-ERR-20: which items give Armor Defense.
    pub armor_defense_sources: ArmorDefenseSources,
    /// CR-ERR-29: a creature that wakes up is still prone.
    pub prone_after_waking: bool,
    /// CR-ERR-30: the vulnerable 1d6 has the type (piercing or not) of the triggering damage;
    /// when false it is always non-piercing.
    pub vulnerable_extra_matches_type: bool,
    /// CR-ERR-31: whether backpack slots 5 and 6 count as consecutive.
    pub backpack_rows: BackpackRows,
    /// CR-ERR-32: which slot kinds may hold a corpse.
    pub corpse_slots: CorpseSlotKinds,
    /// CR-ERR-40: standing up checks the speed ignoring the prone halving.
    pub stand_up_ignores_prone_halving: bool,
    /// CR-ERR-34: at the middle of a rest, lit light sources go out too (default false: the
    /// halfway rule ends effects, not items; a source kept burning rolls once per 2 hours).
    pub rest_halfway_douses_items: bool,
    /// CR-ERR-44: damage and durations never below 0; blessed adds max(0, characteristic).
    pub clamp_negative_results: bool,
    /// CR-ERR-81: suffocation damage is piercing (false: literal reading, non-piercing).
    pub suffocation_piercing: bool,
    /// CR-ERR-39: halving sources are applied after flat speed changes (true) or before them.
    pub flat_speed_changes_first: bool,
    /// House rule (CR-CORE-02, CR-SIZE-03, CR-REF-16): the slots a Holy Shit! corpse takes;
    /// the book's 32 is a floor the Referee may raise.
    pub holy_shit_corpse_slots: u16,
    /// House rule (CR-CORE-02, CR-LIGHT-06, CR-REF-34): the light of a Holy Shit! campfire,
    /// which the table leaves to the Referee (unset: such a fire is refused until set).
    pub holy_shit_campfire: Option<crate::light::LightOutput>,
    /// House rule (CR-CORE-02, CR-HAZ-04): the base of "3 + Strength" rounds of held breath.
    pub breath_rounds_base: i8,
    /// House rule (CR-CORE-06, CR-REF-14): a rule that targets objects (a spell's Object or
    /// Target line) reaches attended objects too; the book's default takes unattended ones
    /// only.
    pub object_rules_affect_attended: bool,
}

/// The book's Holy Shit! corpse slots (CR-CORPSE-01).
pub const HOLY_SHIT_CORPSE_SLOTS: u16 = 32;
/// Most slots a house rule may give a Holy Shit! corpse.
pub const MAX_HOLY_SHIT_CORPSE_SLOTS: u16 = 1024;
/// The book's base of held-breath rounds (CR-HAZ-04).
pub const BREATH_ROUNDS_BASE: i8 = 3;

impl WorldOptions {
    /// Checks the house-ruled numbers (CR-CORE-02); the message names the setting.
    /// The options, checked as a house rule (CR-CORE-02).
    pub fn checked(&self) -> Result<(), HouseRuleError> {
        self.validate()
            .map_err(|detail| HouseRuleError::BadOptions { detail })
    }

    pub fn validate(&self) -> Result<(), String> {
        if !(HOLY_SHIT_CORPSE_SLOTS..=MAX_HOLY_SHIT_CORPSE_SLOTS)
            .contains(&self.holy_shit_corpse_slots)
        {
            return Err(format!(
                "holy_shit_corpse_slots must be {HOLY_SHIT_CORPSE_SLOTS}…{MAX_HOLY_SHIT_CORPSE_SLOTS} \
                 (the book's 32 is the least, CR-SIZE-03)"
            ));
        }
        if !(0..=20).contains(&self.breath_rounds_base) {
            return Err("breath_rounds_base must be 0…20".into());
        }
        if let Some(l) = self.holy_shit_campfire
            && (l.bright > 1000 || l.dim > 1000)
        {
            return Err("holy_shit_campfire is at most 1000/1000 squares".into());
        }
        Ok(())
    }

    /// The Referee's Holy Shit! corpse slots when they differ from the book's.
    pub fn corpse_slots_override(&self) -> Option<u16> {
        (self.holy_shit_corpse_slots != HOLY_SHIT_CORPSE_SLOTS)
            .then_some(self.holy_shit_corpse_slots)
    }
}

impl Default for WorldOptions {
    fn default() -> Self {
        WorldOptions {
            wound_placement: WoundPlacement::AnySlot,
            damage_carry_over: DamageCarryOver::CarryOver,
            armor_defense_sources: ArmorDefenseSources::WornArmorAndHeldShields,
            prone_after_waking: true,
            vulnerable_extra_matches_type: true,
            backpack_rows: BackpackRows::OneRow,
            corpse_slots: CorpseSlotKinds::AnyKind,
            stand_up_ignores_prone_halving: true,
            rest_halfway_douses_items: false,
            clamp_negative_results: true,
            suffocation_piercing: false,
            flat_speed_changes_first: true,
            holy_shit_corpse_slots: HOLY_SHIT_CORPSE_SLOTS,
            holy_shit_campfire: None,
            breath_rounds_base: BREATH_ROUNDS_BASE,
            object_rules_affect_attended: false,
        }
    }
}

/// CR-ERR-11.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WoundPlacement {
    /// Default: a wound is a marker in any backpack slot, empty or holding an item.
    AnySlot,
    /// Alternative: a wound only goes into an empty slot (no speed penalty can arise).
    EmptySlotOnly,
}

/// CR-ERR-19.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageCarryOver {
    /// Default: AD item → next AD item → Stamina → wounds/death.
    CarryOver,
    /// Alternative: a hit that an AD item absorbs in part is absorbed entirely.
    ArmorAbsorbsWholeHit,
}

/// CR-ERR-20.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmorDefenseSources {
    /// Default: the declared worn suit and shields in hand slots.
    WornArmorAndHeldShields,
    /// Alternative: every armor and shield carried anywhere.
    AnyCarried,
}

/// CR-ERR-31.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BackpackRows {
    /// Default: consecutive by number, 5–6 is valid.
    OneRow,
    /// Alternative: the sheet's two rows 1–5 and 6–10 may not be spanned.
    TwoRowsOfFive,
}

/// CR-ERR-32.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CorpseSlotKinds {
    /// Default: hands, belt or backpack, one kind, consecutive.
    AnyKind,
    /// Alternative: backpack slots only.
    BackpackOnly,
}
