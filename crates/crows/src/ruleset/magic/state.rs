//! The magic state the table keeps: casts waiting for their test, spells in force, backlash
//! records, crafting projects, and the events of the magic commands.

use std::collections::{BTreeMap, BTreeSet};

use engine::RuleError;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::backlash::{ActiveBacklash, SpellTargetKind};
use crate::crafting::Project;
use crate::expertise::table::ExpertiseName;
use crate::identification::MagicItem;
use crate::inventory::{CarriedItem, Inventory, ItemId};
use crate::nature::Size;
use crate::spells::{CastReport, SpellDuration};

/// Where a spell is aimed (CR-SPELL-05…08): the distances and lines of effect come from the
/// battle grid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Aim {
    #[serde(default)]
    pub line: Option<crate::spells::TargetLine>,
    /// Range in squares (none: no range limit on the card).
    #[serde(default)]
    pub range: Option<u32>,
    /// The chosen targets.
    #[serde(default)]
    pub chosen: Vec<crate::spells::Candidate>,
    /// Every valid target in range (an "All" line must take each of them).
    #[serde(default)]
    pub eligible: Vec<crate::spells::Candidate>,
    #[serde(default)]
    pub area: Option<crate::spells::Area>,
    /// The origin square of an area placed at a distance.
    #[serde(default)]
    pub origin: Option<Origin>,
}

/// An area's origin square as measured on the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Origin {
    pub distance: u32,
    pub line_of_effect: bool,
}

impl Aim {
    /// The aim with the card's target line, range and area where the table sent none.
    pub(in crate::ruleset) fn with_card(&self, spell: &crate::spells::Spell) -> Aim {
        let mut aim = self.clone();
        aim.line = aim.line.or(spell.target);
        aim.range = aim.range.or(spell.range);
        aim.area = aim.area.or(spell.area);
        aim
    }

    /// Checks the targets and the area's origin (CR-SPELL-05/06/07); an attended object is a
    /// target only by the Referee's house rule `object_rules_affect_attended` (CR-CORE-06,
    /// CR-REF-14).
    pub(in crate::ruleset) fn check(&self, attended_objects: bool) -> Result<(), RuleError> {
        if self.chosen.len() > MAX_LISTED || self.eligible.len() > MAX_LISTED {
            return Err(RuleError::new(
                "too_many_targets",
                format!("at most {MAX_LISTED} candidates"),
            )
            .rule("MAX_LISTED"));
        }
        let range = self.range.unwrap_or(u32::MAX);
        if let Some(line) = self.line {
            crate::spells::validate_targets(
                line,
                range,
                &self.chosen,
                &self.eligible,
                attended_objects,
            )
            .map_err(|e| crate::ruleset::adapter::err("bad_aim", e))?;
        } else if self
            .chosen
            .iter()
            .any(|c| c.distance > range || !c.line_of_effect)
        {
            let line = crate::spells::TargetLine {
                count: crate::spells::TargetCount::All,
                kind: crate::spells::TargetKind::Target,
            };
            crate::spells::validate_targets(line, range, &self.chosen, &[], attended_objects)
                .map_err(|e| crate::ruleset::adapter::err("bad_aim", e))?;
        }
        if let Some(o) = self.origin {
            crate::spells::validate_origin(range, o.distance, o.line_of_effect)
                .map_err(|e| crate::ruleset::adapter::err("bad_aim", e))?;
        }
        Ok(())
    }
}

/// A casting waiting for its test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingCast {
    pub item: ItemId,
    pub spell: String,
    pub rank: u8,
    pub duration: SpellDuration,
    pub target: SpellTargetKind,
    pub targets: Vec<String>,
    pub airborne: bool,
    /// A 99–100 backlash was running (CR-BL-50).
    pub tier_penalty: bool,
    /// The spell's area, if any (an aura moves with its caster, CR-SPELL-08).
    #[serde(default)]
    pub area: Option<crate::spells::Area>,
    /// A spell attack in a fight: the first target's own modifiers (in the casting test)…
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub primary_own: Vec<crate::test_roll::Modifier>,
    /// …and every further target's, read against the same roll (CR-ATK-14).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<SpellTarget>,
}

/// A further target of a spell attack and the modifiers that concern it only (CR-ATK-14).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpellTarget {
    pub target: String,
    pub modifiers: Vec<crate::test_roll::Modifier>,
}

/// A spell in effect (CR-SPELL-09/10): an engine effect with its own usage dice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActiveSpellRecord {
    /// The engine effect's id.
    pub effect: String,
    pub spell: crate::spells::ActiveSpell,
    pub targets: Vec<String>,
    /// The area and whether it follows the caster (an aura, CR-SPELL-08).
    #[serde(default)]
    pub area: Option<crate::spells::Area>,
    #[serde(default)]
    pub follows_caster: bool,
}

/// The events of the magic commands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, strum::VariantNames)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum MagicEvent {
    CastBegun {
        caster: String,
        cast: PendingCast,
    },
    /// The casting is over: the report (chaos roll, book dice) and what the card says for the
    /// counted tier (`null` on a backlash).
    CastResolved {
        caster: String,
        spell: String,
        report: CastReport,
        #[serde(default)]
        outcome: Value,
    },
    SpellStarted {
        record: ActiveSpellRecord,
    },
    /// A spell's duration dice were rolled (`remaining` left).
    SpellDiceRolled {
        effect: String,
        remaining: u8,
    },
    SpellEnded {
        effect: String,
        why: String,
    },
    BacklashRolled {
        caster: String,
        d100: u8,
        rank: u8,
        total: u8,
        /// `apply`, `roll_another` or `referee_picks`, with the row(s).
        result: Value,
    },
    /// A row was applied to the caster (and maybe others): the mechanics done and the Referee's
    /// part to play out.
    BacklashApplied {
        caster: String,
        row: u8,
        stacks: u8,
        caster_is_target: bool,
        note: String,
        narrative: bool,
        report: Value,
    },
    /// The caster's running backlashes after a change.
    BacklashesSet {
        caster: String,
        active: Vec<BacklashRecord>,
        what: String,
    },
    /// The caster is gone for ever (CR-BL-55): no corpse remains.
    LostForever {
        creature: String,
    },
    PetSet {
        creature: String,
        summoner: String,
    },
    ProjectSet {
        id: u32,
        project: CraftProject,
        what: String,
    },
    CraftQueued {
        queued: QueuedCraft,
    },
    CraftRolled {
        project: u32,
        crafter: String,
        roll: crate::crafting::CraftRoll,
        progress: crate::crafting::Progress,
    },
    /// The rest about to end does not count for these creatures (CR-REST-01).
    RestNotCounted {
        creatures: Vec<String>,
    },
    /// The queued activities of the rest that just ended were done.
    RestActivitiesDone {},
    /// The Referee's record of a magic item (hidden properties).
    MagicItemSet {
        item: u32,
        holder: String,
        record: MagicItem,
    },
    /// What players see of `magic_item_set`: the item hums with magic.
    MagicItemSensed {
        item: u32,
        holder: String,
    },
    IdentifyQueued {
        creature: String,
        item: u32,
    },
    /// `creature` learned these properties of the item.
    Identified {
        creature: String,
        item: u32,
        method: crate::identification::Method,
        properties: Vec<String>,
        /// Whether everything is known now.
        complete: bool,
    },
    IdentifyTried {
        creature: String,
        item: u32,
        result: String,
    },
    /// The Referee's answer to a magic decision, recorded.
    Called {
        creature: String,
        call: String,
        option: String,
        #[serde(default)]
        text: Option<String>,
    },
}

/// The magic part of the table state.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct MagicState {
    /// Castings waiting for their test, by caster.
    #[serde(default)]
    pub casts: BTreeMap<String, PendingCast>,
    /// Spells in effect.
    #[serde(default)]
    pub spells: Vec<ActiveSpellRecord>,
    /// Running backlashes by caster.
    #[serde(default)]
    pub backlashes: BTreeMap<String, Vec<BacklashRecord>>,
    /// Summoned creatures and their summoners (pets without the command test).
    #[serde(default)]
    pub pets: BTreeMap<String, String>,
    /// Crafting projects by number.
    #[serde(default)]
    pub projects: BTreeMap<u32, CraftProject>,
    #[serde(default)]
    pub next_project: u32,
    /// Crafting rolls waiting for the end of the rest.
    #[serde(default)]
    pub queued_crafts: Vec<QueuedCraft>,
    /// Identifications waiting for the end of the rest: (creature, item).
    #[serde(default)]
    pub queued_identify: Vec<(String, u32)>,
    /// Magic items with hidden properties, by item id.
    #[serde(default)]
    pub items: BTreeMap<u32, MagicItem>,
    /// Holder of each registered magic item.
    #[serde(default)]
    pub holders: BTreeMap<u32, String>,
    /// Creatures for whom the rest ending now does not count (they did not sleep its 4 hours,
    /// CR-REST-01): their queued rest activities are lost and their until-rest backlashes go
    /// on. Set by explore just before the rest ends and cleared by that same rest end.
    #[serde(default)]
    pub rest_not_counted: BTreeSet<String>,
}

impl MagicState {
    /// The summoner of a summoned creature: its commands never need the dangerous-command test
    /// (CR-SPELL-13, CR-PET-05).
    pub fn summoner_of(&self, creature: &str) -> Option<&str> {
        self.pets.get(creature).map(String::as_str)
    }

    /// Whether a running backlash keeps `creature` from resting (CR-BL-43).
    pub fn rest_blocked(&self, creature: &str) -> bool {
        self.backlashes
            .get(creature)
            .is_some_and(|v| v.iter().any(|b| b.active.id == 43))
    }

    /// The running backlashes' modifiers on a test `creature` makes: the dance's bane on
    /// climbing, hiding, sneaking and swimming (CR-BL-02) and the gas's bane on every test
    /// (CR-BL-20). Core's `test` can add these like the conditions' modifiers.
    pub fn test_modifiers(
        &self,
        creature: &str,
        activities: &[crate::test_roll::Activity],
    ) -> Vec<crate::test_roll::Modifier> {
        use crate::test_roll::{Activity as A, Modifier, ModifierSource, SourceKind};
        let mut out = Vec::new();
        let source = |rule: &str| ModifierSource::new(SourceKind::Backlash, rule);
        if self.has_row(creature, 2)
            && activities
                .iter()
                .any(|a| matches!(a, A::Climb | A::Hide | A::Sneak | A::Swim))
        {
            out.push(Modifier::bane(source("CR-BL-02")));
        }
        if self.has_row(creature, 20) {
            out.push(Modifier::bane(source("CR-BL-20")));
        }
        out
    }

    /// Whether `creature` has a crafting roll or an identification queued for the rest in
    /// progress (its one rest activity, CR-RACT-01).
    pub fn busy_at_rest(&self, creature: &str) -> bool {
        self.queued_crafts.iter().any(|q| q.crafter == creature)
            || self.queued_identify.iter().any(|(c, _)| c == creature)
    }

    /// The bonus attacks against `target` get from its glow (+2, CR-BL-24).
    pub fn attack_modifiers_against(&self, target: &str) -> Vec<crate::test_roll::Modifier> {
        use crate::test_roll::{Modifier, ModifierSource, SourceKind};
        if self.has_row(target, 24) {
            vec![Modifier::bonus(
                ModifierSource::new(SourceKind::Backlash, "CR-BL-24"),
                2,
            )]
        } else {
            Vec::new()
        }
    }

    /// Whether a running backlash makes bright light darkness to `creature` (light-sensitive
    /// eyes, CR-LIGHT-08), read from the rows' effects.
    pub fn bright_is_darkness(&self, creature: &str) -> bool {
        self.backlashes.get(creature).is_some_and(|v| {
            v.iter().any(|b| {
                crate::backlash::row_by_id(b.active.id).is_ok_and(|row| {
                    row.effects
                        .contains(&crate::backlash::BacklashEffect::BrightLightIsDarkness)
                })
            })
        })
    }

    /// The ids of the backlash rows running on `creature`.
    pub(in crate::ruleset) fn running_rows(&self, creature: &str) -> Vec<u8> {
        self.backlashes
            .get(creature)
            .map(|v| v.iter().map(|b| b.active.id).collect())
            .unwrap_or_default()
    }

    pub(in crate::ruleset) fn has_row(&self, creature: &str, row: u8) -> bool {
        self.backlashes
            .get(creature)
            .is_some_and(|v| v.iter().any(|b| b.active.id == row))
    }
}

/// What a `crows.magic.*` decision remembers for its answer (the decision's context, wire
/// JSON). Each kind writes its own struct; the answer reads any of them back as a
/// [`Remembered`].
pub(in crate::ruleset) trait DecisionContext: Serialize {
    fn to_value(&self) -> Value {
        // Serialising plain structs of strings and numbers cannot fail.
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// `backlash_overlap`: two rows match the roll, or the rerolls found none (the Referee picks).
#[derive(Debug, Clone, Serialize)]
pub(in crate::ruleset) struct OverlapContext<'a> {
    pub caster: &'a str,
    pub rank: u8,
    pub situation: crate::backlash::CasterSituation,
    pub targets: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u8>,
    /// `overlap` or `no_row`.
    pub reason: &'static str,
}

/// `backlash_area`: the row waits for the creatures within its area.
#[derive(Debug, Clone, Serialize)]
pub(in crate::ruleset) struct AreaContext<'a> {
    pub caster: &'a str,
    pub row: u8,
    pub stacks: u8,
    pub caster_is_target: bool,
    pub targets: &'a [String],
    pub squares: u8,
    pub around_target: bool,
}

/// `backlash_call`: one of a row's calls for the Referee (`item`: the card the call moves).
#[derive(Debug, Clone, Serialize)]
pub(in crate::ruleset) struct CallContext<'a> {
    pub caster: &'a str,
    pub row: u8,
    pub call: &'a str,
    pub item: Option<u32>,
}

/// `hot_temper`: did the caster of row 5 harm someone this dungeon turn?
#[derive(Debug, Clone, Serialize)]
pub(in crate::ruleset) struct HotTemperContext<'a> {
    pub caster: &'a str,
    pub row: u8,
    pub stacks: u8,
}

impl DecisionContext for OverlapContext<'_> {}
impl DecisionContext for AreaContext<'_> {}
impl DecisionContext for CallContext<'_> {}
impl DecisionContext for HotTemperContext<'_> {}

/// Any `crows.magic.*` context read back: the fields a kind did not write take their
/// defaults.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(in crate::ruleset) struct Remembered {
    pub caster: String,
    pub row: u8,
    pub targets: Vec<String>,
    pub call: Option<String>,
    pub rank: u8,
    pub stacks: Option<u8>,
    pub caster_is_target: bool,
    pub item: Option<u32>,
    pub situation: Option<crate::backlash::CasterSituation>,
}

/// The data of a running backlash's engine effect (`crows.backlash`): its row, and the
/// standing effects core's slot checks and damage read ([`crate::standing::read`]).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(in crate::ruleset) struct BacklashEffectData {
    #[serde(default)]
    pub row: u8,
    #[serde(flatten)]
    pub standing: crate::standing::StandingData,
}

/// A question for the Referee: its name, its prompt and its options (id, label).
pub(in crate::ruleset) type RefereeCall = (String, String, Vec<(String, String)>);

/// A running backlash on a caster, with what it changed so the change can be undone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BacklashRecord {
    pub active: ActiveBacklash,
    /// The engine effect mirroring it.
    #[serde(default)]
    pub effect: Option<String>,
    /// Walking speed added (negative: slower).
    #[serde(default)]
    pub speed: i16,
    /// Characteristic points lost until the next finished rest.
    #[serde(default)]
    pub lost: Option<(crate::test_roll::Characteristic, i8)>,
    /// An item taken away (goat) or changed (feather duster), as it was.
    #[serde(default)]
    pub item: Option<CarriedItem>,
    /// The frog's saved form (CR-BL-39, CR-ERR-71).
    #[serde(default)]
    pub saved: Option<Box<SavedForm>>,
}

/// What the frog takes away and gives back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedForm {
    pub size: Size,
    pub max_stamina: u16,
    pub stamina: u16,
    pub speeds: crate::creature::Speeds,
    pub expertises: crate::expertise::Expertises,
    pub inventory: Inventory,
}

/// A project: the item being made, whose materials it uses, and its points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CraftProject {
    /// The crafter who started it; the materials are taken from its inventory.
    pub owner: String,
    pub project: Project,
}

/// One Craft Equipment activity waiting for its roll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueuedCraft {
    pub crafter: String,
    pub project: u32,
    #[serde(default)]
    pub expertises: Vec<ExpertiseName>,
    #[serde(default)]
    pub edges: u32,
    #[serde(default)]
    pub banes: u32,
    #[serde(default)]
    pub bonus: i32,
}

/// Most creature ids a Referee may list in one answer or trigger.
pub const MAX_LISTED: usize = 32;

/// Most fresh backlash rolls one backlash may need (repeats, quicksand off the ground).
pub const MAX_BACKLASH_REROLLS: usize = 16;
