//! Magic: spellcasting from spellbooks with chaos and backlash, crafting, identifying
//! magic items. The rules themselves live in the pure modules [`crate::spells`],
//! [`crate::backlash`], [`crate::crafting`] and [`crate::identification`]; this module rolls
//! through `ctx`, records every result as an event and opens a decision wherever a person
//! chooses (kinds `crows.magic.*`, answered in [`on_answer`]).
//!
//! # Commands
//!
//! Commands travel as `{"rules": {<command>: {…}}}`. "Controller" means the character's player
//! (or the Referee).
//!
//! Spells (controller):
//! - `{"cast": {"creature": "vera", "item": 3, "target": "creature", "targets": ["ghoul"],
//!   "edges": 0, "banes": 0, "bonus": 0, "approved_expertises": [], "airborne": false}}` — the
//!   item must be a spellbook card held in a hand slot (CR-SPELL-01/12, CR-INV-10) with usage
//!   dice left (CR-SPELL-11); an out-of-combat spell is refused in combat rounds and otherwise
//!   advances game time by 10 minutes (CR-SPELL-04). `target` is `creature`, `object` or
//!   `none` (default), used by the backlash substitution (CR-SPELL-17). Emits `cast_begun`,
//!   then the casting test: core's Mind test of kind `casting` (the discipline's expertise may
//!   be spent at the commit point, `crows.expertise`). The running backlashes' banes
//!   ([`MagicState::test_modifiers`]) are added; an
//!   active 99–100 backlash lowers the counted tier (CR-BL-50). When the test is final:
//!   the chaos d6 if the counted tier is 1 without doom (CR-SPELL-15), the book's usage dice
//!   unless a crit (CR-SPELL-11, CR-UD-08), then `cast_resolved` with the report and the
//!   card's text for the tier, or the backlash (CR-SPELL-14/16). A spell with a duration starts
//!   an engine effect (`crows.spell`) and an entry in `spells` (CR-SPELL-10).
//!   Optional `"aim": {"line": {"count": {"number": 1}, "kind": "creature"}, "range": 6,
//!   "chosen": [{"id": "ghoul", "is_creature": true, "is_caster": false, "attended_by_other":
//!   false, "friendly": false, "distance": 4, "line_of_effect": true}], "eligible": […],
//!   "area": {"aura": 2}, "origin": {"distance": 3, "line_of_effect": true}}` — the card's
//!   target line, range and area with the grid's measurements: targets, range, line of effect
//!   and an area's origin square are checked before anything is rolled (CR-SPELL-05/06/07);
//!   the area is kept on the spell (an aura follows its caster, CR-SPELL-08). Whatever the
//!   table leaves out of `aim` comes from the card (its target line, range and area strings
//!   are read at pack load, [`crate::content::spell_text`]).
//!
//!   In a fight the battle grid does the measuring instead (`aim` is refused there): the
//!   card's target line and range are checked against the grid for the creatures named in
//!   `targets` (distance, line of effect, friend or foe by the side placed on; an "All" line
//!   with none named takes every fitting creature in range), and an area is laid on the grid
//!   — an aura around the caster, a cube or a line from `"at": {"origin": {"x": 5, "y": 0},
//!   "toward": {"x": 6, "y": 1}}` (the origin square in range, or next to the caster when the
//!   card has no range, and in line of effect; `toward` gives the direction, default away
//!   from the caster); squares behind walls from the area's source drop out, and the fitting
//!   creatures inside become the targets (CR-SPELL-05…08). The casting then spends the
//!   caster's action or maneuver (refused off its turn, CR-CBT-10/11) or its reaction
//!   (CR-REACT-01). An attack spell's casting test carries the modifiers a weapon attack gets
//!   against its first target (the same computation as combat's: range never exceeded,
//!   cover, concealment, invisibility, the adjacent bane, flanking for melee, high ground,
//!   the target's conditions, surprise, a taunt) and reads light and hiding at that target;
//!   further targets have the same roll read with their own modifiers (CR-ATK-14).
//!
//!   The spell's outcome (CR-SPELL-12): each target gets its tier (the casting's, or for an
//!   attack spell the one roll read at that target) and the card's `tiers.tier_N` for it:
//!   its `damage` is rolled (recorded dice labelled with the spell, one roll per target —
//!   the book is silent on sharing one roll, so targets roll as a multi-target weapon
//!   attack's do) and dealt through core's damage pipeline as a weapon hit's is (armor,
//!   wounds, death); its `effect` text is kept for the Referee. `cast_resolved`'s outcome
//!   lists `targets` with each `tier`, `damage` and `effect` (and `hit` for an attack
//!   spell). An attack spell is also an attack (the book applies both sets of rules): a
//!   tier 1 is a miss with nothing on that target (CR-ATK-03) and, in a fight, the weapon
//!   miss's consequence — the target's counter after a melee spell (`crows.combat.counter`,
//!   CR-REACT-03), the stray-shot parity roll at the caster's allies next to the target
//!   after a ranged one (CR-ATK-08/09, its damage the card's tier 2); a crit grants the
//!   extra action with a hit (CR-ATK-13) besides sparing the book's dice. A backlash
//!   replaces the spell: nothing of the card lands (CR-SPELL-16).
//! - `{"end_spell": {"creature": "vera", "effect": "<id>"}}` — the caster ends its own spell,
//!   free (CR-SPELL-09).
//!
//! Backlash (Referee):
//! - A backlash rolls the recorded d100, adds the rank and reads [`crate::backlash::TABLE`]
//!   (`backlash_rolled`). A repeat of a running, non-stacking row or quicksand off the ground
//!   rolls again (CR-SPELL-18, CR-BL-32); a 62 under the `"backlash_overlap":
//!   "referee_picks"` table option opens `crows.magic.backlash_overlap` (CR-ERR-01; by
//!   default 62 is hands-become-feet). The row is then applied (`backlash_applied` plus the
//!   creature records): damage through core's `apply_hit` (CR-BL-14…), conditions, speed,
//!   characteristic losses until the next finished rest (cumulative, clamped, CR-ERR-44),
//!   wounds, Stamina 0, items dropped, lost, moved or transformed (card draw, CR-ERR-66),
//!   the frog (CR-ERR-71), the expertise swap, the hand weapon, the caster lost for ever.
//!   Rows that touch creatures near the caster ask the Referee who is there
//!   (`crows.magic.backlash_area`, free text: creature ids); rows that need a Referee's call
//!   open `crows.magic.backlash_call` (free text, recorded). Durations (dungeon turn, usage
//!   dice, until rest, until a condition, permanent) are kept per caster in `backlashes` and
//!   mirrored as engine effects `crows.backlash`.
//! - Standing effects: a running row's engine effect lists in its data what the rest of the
//!   rules must respect while it lasts ([`crate::standing`]): the numb hand of 19–20 (the slot
//!   the Referee picks), hands turned to feet (61–62), the weapon hand (103), the antlers'
//!   head slot (101), the doubled damage of 15–16 (the next damage, then used up) and 57–58
//!   (non-piercing). Core refuses putting, moving, picking up or wearing anything there
//!   (`slot_unusable`, naming the row's CR-BL ID) and doubles the damage at the one place it
//!   computes damage to a creature, whatever the source (attacks, falls, backlash rows…).
//!   What the slot held when the row began falls (the antlers push a head item off: our
//!   reading, the book says nothing of it). When another rule ends a row's engine effect (the
//!   doubling used up), magic drops the row too.
//! - Triggers the engine sees fire on their own: a chilled caster (11–12) starting its combat
//!   turn on a water square of the battle grid; the allergy (97–98) when the caster or anyone
//!   the grid or positions put within 10 squares casts. The rest stay with the Referee:
//! - `{"backlash_trigger": {"creature": "vera", "row": 4, "near": ["bram"]}}` — a running
//!   row's trigger happened where the engine cannot see it: speaking (07–08) and a failed
//!   rhyme (43–44) — no command is speech, and the rulebook does not make casting speech —, a
//!   soaked turn start off the grid, a magic item activated near the allergic caster or a
//!   spell cast by an unplaced creature: rolls what the row says and applies its damage (with
//!   stacking, CR-SPELL-18).
//! - `{"end_backlash": {"creature": "vera", "row": 16}}` — a condition-bound row is over (the
//!   goat died: the item comes back; freed from the earth; insects fed).
//! - `{"cut_tentacle": {"creature": "vera", "bladed": true}}` (controller) — one action cuts
//!   one special wound of CR-BL-27 away.
//! - `{"summoned": {"creature": "imp", "summoner": "vera"}}` — a summoned creature obeys its
//!   summoner as a pet that never needs the dangerous-command test (CR-SPELL-13, CR-PET-05).
//!
//! Crafting:
//! - `{"start_craft": {"creature": "vera", "recipe": {"item": "Healing salve", "expertise":
//!   "alchemy", "uses_required": 1, "materials": {"herb": 2}, "goal": 10}}}` (controller) —
//!   checks the prerequisites against the crafter: expertise (CR-ERR-72 reading, config
//!   `"craft_uses_reading"`), tools for the expertise, one copy's materials carried
//!   (CR-CRAFT-02/03); emits `project_set` with a new project number.
//! - `{"craft": {"creature": "vera", "project": 1, "expertises": ["alchemy"], "edges": 0,
//!   "banes": 0, "bonus": 0}}` (controller) — the Craft Equipment rest activity: during a rest
//!   it is queued (`craft_queued`) and rolled when the rest is finished (CR-CRAFT-06,
//!   CR-RACT-03); with `"town": true` (Referee; the party is in town, `enter_town`) it is one
//!   of the crafter's four town activities of the day: it continues a Craft started with
//!   `start_town_activity` or starts one, the rest of its two hours pass (`pass_time`) and it
//!   rolls then (CR-CRAFT-01, CR-TOWN-01/03). Another crafter with the skill and tools may work on the same
//!   project (CR-CRAFT-13). The roll: 2d10 + Mind, edges/banes, +4 per expertise (at most
//!   two, one use each, CR-CRAFT-10, CR-ERR-73), at least 1 point unless a doom
//!   (CR-CRAFT-08), a crit rolls again (CR-CRAFT-09, CR-ERR-74). Finished copies consume the
//!   owner's materials and lie at its feet; surplus starts further copies while materials last
//!   (CR-CRAFT-11/12); points stay across rests (CR-CRAFT-07). Event `craft_rolled`.
//!
//! Identification:
//! - `{"set_magic_item": {"creature": "vera", "item": 7, "properties": ["…"]}}` (Referee) —
//!   the item's hidden properties (CR-ID-01); players see only that it hums with magic.
//! - `{"identify_test": {"creature": "vera", "item": 7}}` (controller) — the item in hand:
//!   core's Mind test (task `identify item 7`, so a repeat waits for changed circumstances,
//!   CR-RETRY-01, CR-ERR-75; `"identify_repeat": "once_per_item"` refuses any repeat). Tier 1:
//!   the Referee decides the harmful activation (`crows.magic.harmful_activation`, CR-REF-35);
//!   tier 2: nothing; tier 3: every property learned (`identified`).
//! - `{"identify_rest": {"creature": "vera", "item": 7}}` (controller, during a rest) — learned
//!   when the rest is finished (CR-RACT-05).
//! - `{"npc_reveals": {"creature": "vera", "item": 7, "npc": "alchemist", "properties":
//!   ["…"]}}` (Referee) — what a knowledgeable NPC tells (CR-ID-02, CR-REF-35).
//!
//! # Table options
//!
//! Read from the table's config at creation: `"backlash_overlap": "paired_rows"` (default: 62
//! is hands-become-feet) or `"referee_picks"` (CR-ERR-01); `"craft_uses_reading":
//! "maximum_uses"` (default) or `"available_uses"` (CR-ERR-72); `"craft_crit_does_not_chain":
//! true` (CR-ERR-74; default false: every crit grants one more roll); `"identify_repeat":
//! "general_retry"` (default) or `"once_per_item"` (CR-ERR-75).
//!
//! # Time
//!
//! At the end of a dungeon turn ([`on_boundary`]): spells and backlashes lasting the turn end,
//! usage-dice durations roll their own dice (CR-SPELL-10/19, CR-ERR-18), the hot temper of
//! 09–10 asks the Referee. At a finished rest: until-rest backlashes end (characteristics come
//! back), queued crafting rolls and identifications resolve. At the start of a caster's combat
//! turn the slug die of 73–74 and the earth of 69–70 act; at the end of a round the quicksand
//! hurts the creatures it holds. A caster that dies — whichever family's rule killed it —
//! loses its spells in the same command: the ruleset ends them after every step of every
//! family (CR-SPELL-09). The middle of a rest is the custom boundary
//! [`REST_HALFWAY`] (ending what lasts the dungeon turn, CR-REST-04) for whichever family
//! passes it; the explore family may resolve its own rest and town activities through
//! [`crafting_activity_done`] and [`identify_activity_done`], and read
//! [`MagicState::rest_blocked`] (the insect swarm of CR-BL-43).
//!
//! # Visibility
//!
//! Casting, backlash and crafting events are seen like the caster's tests (core's `sight`).
//! Hidden properties are the Referee's; a character's players see the properties their
//! character learned.

mod backlash_rows;
mod calls;
mod craft;
pub(in crate::ruleset) mod identify;
pub(in crate::ruleset) mod state;

use std::collections::BTreeMap;

use engine::{
    Acting, Answer, Boundary, Ctx, Decision, EffectSpec, Expiry, RuleError, TableState, Viewer,
    Visibility,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::adapter::Crows;
use super::adapter::err;
use super::core::{audience, living, record, set_creature_only};
use super::request::TestRequest;
use super::state::CrowsState;
use super::then::{MagicThen, Then};
use crate::backlash::SpellTargetKind;
use crate::crafting::Recipe;
use crate::expertise::ExpertiseName;
use crate::inventory::{ItemId, SlotKind};
use crate::spells::SpellDuration;
use crate::test_roll::{Characteristic, ResolvedTest, TestKind, Tier};

pub use self::state::{
    ActiveSpellRecord, Aim, BacklashRecord, CraftProject, MAX_BACKLASH_REROLLS, MAX_LISTED,
    MagicEvent, MagicState, Origin, PendingCast, QueuedCraft, SavedForm, SpellTarget,
};

/// The custom boundary (`Ctx::pass(Boundary::Custom { name })`) at the middle of a rest.
pub const REST_HALFWAY: &str = "rest_halfway";

/// The magic commands (see the module docs).
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, strum::VariantNames,
)]
#[strum(serialize_all = "snake_case")]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum MagicCommand {
    Cast {
        creature: String,
        item: ItemId,
        #[serde(default = "no_target")]
        target: SpellTargetKind,
        #[serde(default)]
        targets: Vec<String>,
        #[serde(default)]
        edges: u32,
        #[serde(default)]
        banes: u32,
        #[serde(default)]
        bonus: i32,
        #[serde(default)]
        approved_expertises: Vec<ExpertiseName>,
        /// The caster does not touch the ground (quicksand, CR-BL-32).
        #[serde(default)]
        airborne: bool,
        /// The spell's target line, range and area as the table reads the card, with the
        /// candidates the grid measured: checked before the test (CR-SPELL-05…08).
        #[serde(default)]
        aim: Option<Aim>,
        /// In a fight: where a cube or a line is put (CR-SPELL-07).
        #[serde(default)]
        at: Option<crate::spells::AreaAt>,
    },
    EndSpell {
        creature: String,
        effect: String,
    },
    BacklashTrigger {
        creature: String,
        row: u8,
        #[serde(default)]
        near: Vec<String>,
    },
    EndBacklash {
        creature: String,
        row: u8,
    },
    CutTentacle {
        creature: String,
        #[serde(default)]
        bladed: bool,
    },
    Summoned {
        creature: String,
        summoner: String,
    },
    StartCraft {
        creature: String,
        recipe: Recipe,
    },
    Craft {
        creature: String,
        project: u32,
        #[serde(default)]
        expertises: Vec<ExpertiseName>,
        #[serde(default)]
        edges: u32,
        #[serde(default)]
        banes: u32,
        #[serde(default)]
        bonus: i32,
        #[serde(default)]
        town: bool,
    },
    SetMagicItem {
        creature: String,
        item: ItemId,
        #[serde(default)]
        properties: Vec<String>,
    },
    IdentifyTest {
        creature: String,
        item: ItemId,
    },
    IdentifyRest {
        creature: String,
        item: ItemId,
    },
    NpcReveals {
        creature: String,
        item: ItemId,
        npc: String,
        #[serde(default)]
        properties: Vec<String>,
    },
}

fn no_target() -> SpellTargetKind {
    SpellTargetKind::None
}

/// For whom a command acts.
pub(super) fn acting(_state: &TableState<CrowsState>, command: &MagicCommand) -> Acting {
    use MagicCommand as M;
    match command {
        M::Cast { creature, .. }
        | M::EndSpell { creature, .. }
        | M::CutTentacle { creature, .. }
        | M::StartCraft { creature, .. }
        | M::Craft { creature, .. }
        | M::IdentifyTest { creature, .. }
        | M::IdentifyRest { creature, .. } => Acting::Characters(vec![creature.clone()]),
        M::BacklashTrigger { .. }
        | M::EndBacklash { .. }
        | M::Summoned { .. }
        | M::SetMagicItem { .. }
        | M::NpcReveals { .. } => Acting::RefereeOnly,
    }
}

/// Decides a command.
pub(super) fn decide(
    rules: &Crows,
    command: &MagicCommand,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    use MagicCommand as M;
    match command {
        M::Cast {
            creature,
            item,
            target,
            targets,
            edges,
            banes,
            bonus,
            approved_expertises,
            airborne,
            aim,
            at,
        } => cast(
            rules,
            ctx,
            CastArgs {
                creature,
                item: *item,
                target: *target,
                targets,
                edges: *edges,
                banes: *banes,
                bonus: *bonus,
                approved: approved_expertises,
                airborne: *airborne,
                aim: aim.as_ref(),
                at: *at,
            },
        ),
        M::EndSpell { creature, effect } => {
            let mine = ctx
                .rules()
                .magic
                .spells
                .iter()
                .any(|s| s.effect == *effect && s.spell.caster == *creature);
            crate::spells::may_end_spell(creature, effect, mine)
                .map_err(|e| err("not_your_spell", e))?;
            end_spell(ctx, effect, "ended early by its caster")
        }
        M::BacklashTrigger {
            creature,
            row,
            near,
        } => backlash_rows::trigger(rules, ctx, creature, *row, near),
        M::EndBacklash { creature, row } => {
            backlash_rows::end_by_referee(rules, ctx, creature, *row)
        }
        M::CutTentacle { creature, bladed } => backlash_rows::cut_tentacle(ctx, creature, *bladed),
        M::Summoned { creature, summoner } => {
            living(ctx, creature)?;
            living(ctx, summoner)?;
            let vis = audience(ctx, summoner);
            ctx.emit_for(
                MagicEvent::PetSet {
                    creature: creature.clone(),
                    summoner: summoner.clone(),
                },
                vis,
            )
        }
        M::StartCraft { creature, recipe } => craft::start(ctx, creature, recipe),
        M::Craft {
            creature,
            project,
            expertises,
            edges,
            banes,
            bonus,
            town,
        } => craft::craft(
            rules,
            ctx,
            QueuedCraft {
                crafter: creature.clone(),
                project: *project,
                expertises: expertises.clone(),
                edges: *edges,
                banes: *banes,
                bonus: *bonus,
            },
            *town,
        ),
        M::SetMagicItem {
            creature,
            item,
            properties,
        } => identify::set_magic_item(ctx, creature, *item, properties),
        M::IdentifyTest { creature, item } => identify::identify_test(rules, ctx, creature, *item),
        M::IdentifyRest { creature, item } => identify::identify_rest(ctx, creature, *item),
        M::NpcReveals {
            creature,
            item,
            npc,
            properties,
        } => identify::npc_reveals(ctx, creature, *item, npc, properties),
    }
}

struct CastArgs<'a> {
    creature: &'a str,
    item: ItemId,
    target: SpellTargetKind,
    targets: &'a [String],
    edges: u32,
    banes: u32,
    bonus: i32,
    approved: &'a [ExpertiseName],
    airborne: bool,
    aim: Option<&'a Aim>,
    at: Option<crate::spells::AreaAt>,
}

/// The spell of the spellbook `item` held by `creature`, checked castable.
fn spellbook(
    ctx: &Ctx<'_, Crows>,
    creature: &str,
    item: ItemId,
) -> Result<(crate::content::SpellbookCard, crate::usage_dice::UsagePool), RuleError> {
    let r = living(ctx, creature)?;
    let inv = &r.creature.inventory;
    let it = inv.item(item).ok_or_else(|| {
        RuleError::new(
            "unknown_item",
            format!("{creature} carries no item {}", item.0),
        )
    })?;
    let card = crate::spells::spellbook_of(
        &it.name,
        it.card
            .as_ref()
            .and_then(|c| ctx.rules().content.items.get(c))
            .and_then(|c| c.spellbook.clone()),
    )
    .map_err(|e| err("not_a_spellbook", e))?;
    let pool = it
        .usage
        .as_ref()
        .map(|u| u.pool)
        .ok_or_else(|| err("no_usage_dice", crate::spells::SpellError::NoUsageDice))?;
    let in_hand = inv
        .placement(item)
        .is_some_and(|p| p.kind == SlotKind::Hand);
    let book = crate::spells::Spellbook {
        spell: spell_of(&card)?,
        usage: pool,
    };
    book.check_castable(in_hand)
        .map_err(|e| err("cannot_cast", e))?;
    Ok((card, pool))
}

/// The pure spell of a spellbook card.
fn spell_of(card: &crate::content::SpellbookCard) -> Result<crate::spells::Spell, RuleError> {
    use crate::content::CastingTime as C;
    use crate::spells::CastingTime as S;
    let duration = match card.duration {
        crate::content::SpellDuration::Instant => SpellDuration::Instant,
        crate::content::SpellDuration::DungeonTurn => SpellDuration::DungeonTurn,
        crate::content::SpellDuration::UsageDice => {
            SpellDuration::UsageDice(card.duration_usage_dice.map_or(1, |n| n.get()))
        }
    };
    Ok(crate::spells::Spell {
        name: card.spell.clone(),
        rank: card.rank,
        discipline: card.discipline,
        casting_time: match card.casting_time {
            C::Action => S::Action,
            C::Maneuver => S::Maneuver,
            C::Reaction => S::Reaction {
                trigger: String::new(),
            },
            C::OutOfCombat => S::OutOfCombat,
        },
        target: card.target.as_ref().map(|t| t.line),
        range: card.range.as_ref().map(|r| r.squares),
        area: card.area.as_ref().map(|a| a.area),
        duration,
    })
}

fn cast(rules: &Crows, ctx: &mut Ctx<'_, Crows>, a: CastArgs<'_>) -> Result<(), RuleError> {
    if ctx.rules().magic.casts.contains_key(a.creature) {
        return Err(RuleError::new(
            "casting",
            format!("{} is already casting a spell", a.creature),
        )
        .with_args(json!({"creature": a.creature})));
    }
    if a.targets.len() > MAX_LISTED {
        return Err(
            RuleError::new("too_many_targets", format!("at most {MAX_LISTED} targets"))
                .rule("MAX_LISTED"),
        );
    }
    for t in a.targets {
        record(ctx, t)?;
    }
    crate::backlash::may_hold_spellbook(a.creature, &ctx.rules().magic.running_rows(a.creature))
        .map_err(|e| err("hands_are_feet", e))?;
    let (card, _) = spellbook(ctx, a.creature, a.item)?;
    let spell = spell_of(&card)?;
    let in_rounds = ctx.core().clock.combat.is_some();
    let minutes = crate::spells::casting_minutes(&spell.casting_time, in_rounds)
        .map_err(|e| err("cannot_cast", e))?;
    let in_fight = ctx.rules().combat.fight.is_some();
    crate::spells::may_aim(in_fight, a.aim.is_some(), a.at.is_some())
        .map_err(|e| err("bad_aim", e))?;
    // In a fight the battle grid measures the card's target line, range and area
    // (CR-SPELL-05…08) and an attack spell gets every modifier a weapon attack gets
    // (CR-ATK-*, CR-LOE-*); elsewhere the table's own measurements (`aim`) are checked against
    // the card.
    let aimed = if in_fight {
        let aimed = crate::ruleset::combat::opposed::aim_spell(
            ctx,
            &crate::ruleset::combat::opposed::SpellOnGrid {
                caster: a.creature,
                line: spell.target,
                range: spell.range,
                area: spell.area,
                at: a.at,
                attack: card.attack,
                named: a.targets,
            },
        )?;
        // The casting costs its action, maneuver or reaction (CR-SPELL-04, CR-CBT-10/11).
        crate::ruleset::combat::opposed::pay_for_cast(ctx, a.creature, card.casting_time)?;
        Some(aimed)
    } else {
        if let Some(aim) = a.aim {
            aim.with_card(&spell)
                .check(ctx.rules().options.object_rules_affect_attended)?;
        }
        None
    };
    let magic = &ctx.rules().magic;
    let tier_penalty = magic.has_row(a.creature, 50);
    // The running backlashes' banes (the foul gas of 39–40 on every test, CR-BL-20) are
    // added by core's test, like every test's.
    let (targets, area, mut modifiers, mut per_target) = match aimed {
        Some(m) => (m.targets, spell.area, m.shared, m.per_target),
        None => (
            a.targets.to_vec(),
            a.aim.and_then(|m| m.area).or(spell.area),
            Vec::new(),
            Vec::new(),
        ),
    };
    // The casting test is the attack's one roll: the first target's own modifiers go in,
    // the others' are read against the same roll when it is final (CR-ATK-14).
    let (primary, primary_own) = if per_target.is_empty() {
        (None, Vec::new())
    } else {
        let (t, own) = per_target.remove(0);
        (Some(t), own)
    };
    modifiers.extend(primary_own.iter().cloned());
    let pending = PendingCast {
        item: a.item,
        spell: spell.name.clone(),
        rank: spell.rank.value(),
        duration: spell.duration,
        target: a.target,
        targets,
        airborne: a.airborne,
        tier_penalty,
        area,
        primary_own,
        others: per_target
            .into_iter()
            .map(|(target, modifiers)| SpellTarget { target, modifiers })
            .collect(),
    };
    let vis = audience(ctx, a.creature);
    ctx.emit_for(
        MagicEvent::CastBegun {
            caster: a.creature.to_string(),
            cast: pending,
        },
        vis,
    )?;
    if let Some(m) = minutes {
        ctx.advance_minutes(u64::from(m))?;
    }
    // Casting stings every allergic creature near the caster, itself included (CR-BL-49).
    backlash_rows::magic_used_near(rules, ctx, a.creature)?;
    TestRequest::new(a.creature, Characteristic::Mind)
        .kind(TestKind::Casting {
            discipline: spell.discipline,
            attack: card.attack,
        })
        .edges_banes_bonus((a.edges, a.banes, a.bonus))
        .modifiers(modifiers)
        .approved(a.approved.to_vec())
        // A casting's crit (no book dice) and doom (backlash) are set by the rules
        // (CR-CRIT-03).
        .crit_and_doom_defined_by_rule(true)
        // A spell attack reads the light and hiding at its (first) target, as a weapon's.
        .target(primary)
        .then(Then::Magic(MagicThen::Cast {
            cast: a.creature.to_string(),
        }))
        .roll(rules, ctx)
}

/// The casting test is final: chaos roll, book dice, spell or backlash.
fn finish_cast(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    resolved: &ResolvedTest,
) -> Result<(), RuleError> {
    let Some(pending) = ctx.rules().magic.casts.get(caster).cloned() else {
        return Err(RuleError::new(
            "no_casting",
            format!("{caster} is not casting"),
        ));
    };
    let outcome = crate::test_roll::Outcome {
        final_tier: resolved.final_tier,
        crit: resolved.crit,
        doom: resolved.doom,
    };
    let vis = audience(ctx, caster);
    let chaos = if crate::spells::needs_chaos_roll(outcome, pending.tier_penalty) {
        Some(super::core::roll_die(ctx, "chaos roll", 6, vis.clone())?)
    } else {
        None
    };
    let r = record(ctx, caster)?.clone();
    let mut c = r.creature.clone();
    let it = c.inventory.item(pending.item).cloned().ok_or_else(|| {
        RuleError::new(
            "unknown_item",
            format!("the spellbook {} is gone", pending.item.0),
        )
    })?;
    let card = it
        .card
        .as_ref()
        .and_then(|id| ctx.rules().content.items.get(id))
        .and_then(|c| c.spellbook.clone())
        .ok_or_else(|| RuleError::new("not_a_spellbook", "the spellbook card is gone"))?;
    let pool = it
        .usage
        .as_ref()
        .map(|u| u.pool)
        .unwrap_or(crate::usage_dice::UsagePool { current: 0, max: 0 });
    let mut book = crate::spells::Spellbook {
        spell: spell_of(&card)?,
        usage: pool,
    };
    let skip = !crate::usage_dice::spellbook_rolls_on_casting(outcome.crit && !outcome.doom);
    let faces = if skip {
        Vec::new()
    } else {
        super::core::roll_d6s(ctx, "spellbook usage dice", book.usage.current, &vis)?
    };
    // The book stays in hand from the command to here: the test is part of the casting.
    let report = crate::spells::cast(
        &mut book,
        true,
        outcome,
        pending.tier_penalty,
        chaos,
        &faces,
    )
    .map_err(|e| err("cannot_cast", e))?;
    if let Some(u) = c
        .inventory
        .item_mut(pending.item)
        .and_then(|i| i.usage.as_mut())
    {
        u.pool = book.usage;
    }
    let strike = crate::ruleset::combat::opposed::SpellStrike {
        caster,
        spell: &card.spell,
        tiers: &card.tiers,
        attack: card.attack,
        range: card.range.as_ref().map(|r| r.squares),
    };
    let mut struck = Vec::new();
    let text = match report.effect {
        crate::spells::CastEffect::Spell { tier } => {
            let t = match tier {
                Tier::One => &card.tiers.tier_1,
                Tier::Two => &card.tiers.tier_2,
                Tier::Three => &card.tiers.tier_3,
            };
            let mut text = json!({"tier": tier.number(), "text": t});
            struck = strike_targets(ctx, &strike, resolved, &pending, tier)?;
            if !struck.is_empty() {
                let list: Vec<Value> = struck.iter().map(|s| s.view(card.attack)).collect();
                text["targets"] = json!(list);
            }
            text
        }
        // The backlash happens instead of the spell: nothing of the card lands (CR-SPELL-16).
        crate::spells::CastEffect::Backlash { .. } => Value::Null,
    };
    if c != r.creature {
        set_creature_only(ctx, caster, c, "spellbook used", json!(report.book_roll))?;
    }
    ctx.emit_for(
        MagicEvent::CastResolved {
            caster: caster.to_string(),
            spell: pending.spell.clone(),
            report: report.clone(),
            outcome: text,
        },
        vis.clone(),
    )?;
    match report.effect {
        crate::spells::CastEffect::Spell { .. } => {
            start_spell(ctx, caster, &book.spell, &pending, vis)?;
            land(rules, ctx, &strike, resolved.crit, &struck)
        }
        crate::spells::CastEffect::Backlash { rank } => backlash_rows::roll(
            rules,
            ctx,
            caster,
            rank,
            crate::backlash::CasterSituation {
                touching_ground: !pending.airborne,
                spell_target: pending.target,
            },
            &pending.targets,
            0,
        ),
    }
}

/// What a spell did to one of its targets (CR-SPELL-12): the tier it got there and the
/// card's result for that tier, damage already rolled.
struct Struck {
    target: String,
    tier: Tier,
    doom: bool,
    damage: Option<i32>,
    effect: Option<String>,
    piercing: bool,
}

impl Struck {
    /// The target's line in `cast_resolved` (an attack spell says whether it hit).
    fn view(&self, attack: Option<crate::test_roll::AttackRange>) -> Value {
        let mut v = json!({"target": self.target, "tier": self.tier.number(),
            "damage": self.damage, "effect": self.effect});
        if attack.is_some() {
            v["hit"] = json!(self.tier != Tier::One);
        }
        v
    }
}

/// Each target's tier and the card's result for it (CR-SPELL-12). A spell that is no attack
/// gives every target the casting's tier. An attack spell's first target takes the casting's
/// tier; each further one the same roll read with its own modifiers (CR-ATK-14; a backlash
/// running through CR-BL-50 lowers each alike); a tier 1 there is a miss, with no damage or
/// other effect on that target (CR-ATK-03). The damage is rolled once per target that takes
/// it: the book rolls one attack for all of an attack's targets (CR-ATK-14) but says nothing
/// of one damage roll serving several, so each target rolls its own, as each target of a
/// multi-target weapon attack does in combat.
fn strike_targets(
    ctx: &mut Ctx<'_, Crows>,
    strike: &crate::ruleset::combat::opposed::SpellStrike<'_>,
    resolved: &ResolvedTest,
    pending: &PendingCast,
    first: Tier,
) -> Result<Vec<Struck>, RuleError> {
    let mut out = Vec::new();
    for (n, target) in pending.targets.iter().enumerate() {
        let (tier, doom) = match pending.others.iter().find(|o| &o.target == target) {
            Some(o) if n > 0 => {
                let (tier, doom) = crate::ruleset::combat::opposed::spell_tier_against(
                    resolved,
                    &pending.primary_own,
                    &o.modifiers,
                )?;
                let outcome = crate::test_roll::Outcome {
                    final_tier: tier,
                    crit: resolved.crit,
                    doom,
                };
                (
                    crate::spells::counted(outcome, pending.tier_penalty).0,
                    doom,
                )
            }
            _ => (first, resolved.doom),
        };
        let (damage, effect, piercing) = if strike.attack.is_some() && tier == Tier::One {
            (None, None, false)
        } else {
            strike.roll(ctx, tier)?
        };
        out.push(Struck {
            target: target.clone(),
            tier,
            doom,
            damage,
            effect,
            piercing,
        });
    }
    Ok(out)
}

/// The spell lands (CR-SPELL-12): each target's rolled damage goes through core's damage
/// pipeline, as a weapon hit's does (armor, wounds, death). In a fight an attack spell is an
/// attack as well as a casting: a crit grants the extra action once, with a hit (CR-ATK-13),
/// and a missed target opens the weapon miss's consequence — the counter after a melee
/// spell, the stray shot at the caster's allies next to the target after a ranged one
/// (CR-ATK-05/08/09). (A doom never gets here: it is a backlash instead, CR-SPELL-14.)
fn land(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    strike: &crate::ruleset::combat::opposed::SpellStrike<'_>,
    crit: bool,
    struck: &[Struck],
) -> Result<(), RuleError> {
    let in_fight = |ctx: &Ctx<'_, Crows>| ctx.rules().combat.fight.is_some();
    if strike.attack.is_some()
        && crit
        && in_fight(ctx)
        && struck.iter().any(|s| s.tier != Tier::One)
    {
        strike.crit(ctx)?;
    }
    for s in struck {
        if let Some(amount) = s.damage {
            strike.deal(rules, ctx, &s.target, amount, s.piercing)?;
        }
        if s.tier == Tier::One && in_fight(ctx) {
            strike.missed(ctx, &s.target, s.doom)?;
        }
    }
    Ok(())
}

/// A spell with a duration becomes an engine effect (CR-SPELL-10).
fn start_spell(
    ctx: &mut Ctx<'_, Crows>,
    caster: &str,
    spell: &crate::spells::Spell,
    pending: &PendingCast,
    vis: Visibility,
) -> Result<(), RuleError> {
    let expiry = match spell.duration {
        SpellDuration::Instant => return Ok(()),
        SpellDuration::DungeonTurn => Expiry::After {
            on: Boundary::ExplorationTurnEnd,
            remaining: 1,
        },
        SpellDuration::UsageDice(_) => Expiry::Never,
    };
    let active = crate::spells::ActiveSpell::new(caster, spell);
    let mut spec = EffectSpec::new("crows.spell", expiry).on(caster);
    spec.visibility = vis.clone();
    spec.data = json!({"spell": spell.name, "caster": caster, "duration": spell.duration});
    let effect = ctx.start_effect(spec)?;
    ctx.emit_for(
        MagicEvent::SpellStarted {
            record: ActiveSpellRecord {
                effect,
                spell: active,
                targets: pending.targets.clone(),
                area: pending.area,
                follows_caster: pending.area.is_some_and(|a| a.follows_caster()),
            },
        },
        vis,
    )
}

/// Ends a spell: its record and (if still running) its engine effect.
fn end_spell(ctx: &mut Ctx<'_, Crows>, effect: &str, why: &str) -> Result<(), RuleError> {
    let Some(s) = ctx
        .rules()
        .magic
        .spells
        .iter()
        .find(|s| s.effect == effect)
        .cloned()
    else {
        return Ok(());
    };
    let vis = audience(ctx, &s.spell.caster);
    ctx.emit_for(
        MagicEvent::SpellEnded {
            effect: effect.to_string(),
            why: why.to_string(),
        },
        vis,
    )?;
    if ctx.core().effect(effect).is_some() {
        ctx.end_effect(effect)?;
    }
    Ok(())
}

/// A dead caster's spells end (CR-SPELL-09, CR-DMG-15). The ruleset runs this after every
/// step of every family, so a caster killed by any rule loses its spells in the same command.
pub(super) fn end_spells_of_the_dead(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let dead: Vec<String> = ctx
        .rules()
        .magic
        .spells
        .iter()
        .filter(|s| {
            ctx.rules()
                .creatures
                .get(&s.spell.caster)
                .is_none_or(|r| !r.creature.alive)
        })
        .map(|s| s.effect.clone())
        .collect();
    for e in dead {
        end_spell(ctx, &e, "its caster died")?;
    }
    Ok(())
}

/// End of a dungeon turn for the spells: DT spells end, UD spells roll (CR-SPELL-10).
fn spells_end_of_turn(ctx: &mut Ctx<'_, Crows>) -> Result<(), RuleError> {
    let spells = ctx.rules().magic.spells.clone();
    for s in spells {
        let vis = audience(ctx, &s.spell.caster);
        let mut active = s.spell.clone();
        let n = active.usage.map_or(0, |p| p.current);
        let faces = super::core::roll_d6s(ctx, &format!("usage dice: {}", active.spell), n, &vis)?;
        let ended = active
            .end_of_dungeon_turn(&faces)
            .map_err(|e| err("bad_usage", e))?;
        if let Some(p) = active.usage {
            ctx.emit_for(
                MagicEvent::SpellDiceRolled {
                    effect: s.effect.clone(),
                    remaining: p.current,
                },
                vis,
            )?;
        }
        if ended {
            end_spell(ctx, &s.effect, "its duration ran out")?;
        }
    }
    Ok(())
}

/// Applies an event. Pure.
pub(super) fn apply(state: &mut CrowsState, event: &MagicEvent) {
    let m = &mut state.magic;
    match event {
        MagicEvent::CastBegun { caster, cast } => {
            m.casts.insert(caster.clone(), cast.clone());
        }
        MagicEvent::CastResolved { caster, .. } => {
            m.casts.remove(caster);
        }
        MagicEvent::SpellStarted { record } => m.spells.push(record.clone()),
        MagicEvent::SpellDiceRolled { effect, remaining } => {
            if let Some(s) = m.spells.iter_mut().find(|s| s.effect == *effect)
                && let Some(p) = s.spell.usage.as_mut()
            {
                p.current = *remaining;
            }
        }
        MagicEvent::SpellEnded { effect, .. } => m.spells.retain(|s| s.effect != *effect),
        MagicEvent::BacklashesSet { caster, active, .. } => {
            if active.is_empty() {
                m.backlashes.remove(caster);
            } else {
                m.backlashes.insert(caster.clone(), active.clone());
            }
        }
        MagicEvent::LostForever { creature } => {
            // Body and soul are sealed away: nothing is left behind (CR-BL-55).
            state.corpses.remove(creature);
        }
        MagicEvent::PetSet { creature, summoner } => {
            m.pets.insert(creature.clone(), summoner.clone());
        }
        MagicEvent::ProjectSet { id, project, .. } => {
            m.projects.insert(*id, project.clone());
            m.next_project = m.next_project.max(id + 1);
        }
        MagicEvent::CraftQueued { queued } => m.queued_crafts.push(queued.clone()),
        MagicEvent::CraftRolled {
            project, progress, ..
        } => {
            if let Some(p) = m.projects.get_mut(project) {
                p.project.points = progress.points_now;
                p.project.finished += progress.finished_now;
            }
        }
        MagicEvent::RestNotCounted { creatures } => {
            m.rest_not_counted.extend(creatures.iter().cloned());
        }
        MagicEvent::RestActivitiesDone {} => {
            m.queued_crafts.clear();
            m.queued_identify.clear();
            m.rest_not_counted.clear();
        }
        MagicEvent::MagicItemSet {
            item,
            holder,
            record,
        } => {
            m.items.insert(*item, record.clone());
            m.holders.insert(*item, holder.clone());
        }
        MagicEvent::IdentifyQueued { creature, item } => {
            m.queued_identify.push((creature.clone(), *item));
        }
        MagicEvent::Identified {
            creature,
            item,
            complete,
            ..
        } => {
            if *complete && let Some(i) = m.items.get_mut(item) {
                i.identified_by.insert(creature.clone());
            }
        }
        MagicEvent::IdentifyTried { creature, item, .. } => {
            if let Some(i) = m.items.get_mut(item) {
                i.tested_by.insert(creature.clone());
            }
        }
        MagicEvent::BacklashRolled { .. }
        | MagicEvent::BacklashApplied { .. }
        | MagicEvent::MagicItemSensed { .. }
        | MagicEvent::Called { .. } => {}
    }
}

/// What `viewer` may see of this part of the state (`null`: nothing to show).
pub(super) fn project(state: &TableState<CrowsState>, viewer: &Viewer) -> Value {
    let m = &state.rules.magic;
    let referee = matches!(viewer, Viewer::Referee);
    let sees = |id: &str| -> bool {
        if referee {
            return true;
        }
        let vis = super::core::sight(&state.core.participants, &state.rules, id);
        match (&vis, viewer) {
            (Visibility::Public, _) => true,
            (Visibility::Players(ps), Viewer::Player(p)) => ps.contains(p),
            _ => false,
        }
    };
    let mine = |id: &str| -> bool {
        match viewer {
            Viewer::Referee => true,
            Viewer::Player(p) => state.core.participants.controls(p, id),
            _ => false,
        }
    };
    let spells: Vec<&ActiveSpellRecord> =
        m.spells.iter().filter(|s| sees(&s.spell.caster)).collect();
    let backlashes: BTreeMap<&String, Value> = m
        .backlashes
        .iter()
        .filter(|(c, _)| sees(c))
        .map(|(c, v)| (c, backlash_rows::view(v)))
        .collect();
    let items: BTreeMap<u32, Value> = m
        .items
        .iter()
        .filter(|(id, _)| referee || m.holders.get(*id).is_some_and(|h| mine(h)))
        .map(|(id, it)| {
            if referee {
                return (*id, json!(it));
            }
            let known = it
                .identified_by
                .iter()
                .any(|c| mine(c))
                .then(|| it.hidden_properties.clone());
            (*id, json!({"magic": it.magic, "properties": known}))
        })
        .collect();
    if m == &MagicState::default() {
        return Value::Null;
    }
    json!({
        "casting": m.casts.keys().filter(|c| sees(c)).collect::<Vec<_>>(),
        "spells": spells,
        "backlashes": backlashes,
        "pets": m.pets,
        "projects": m.projects,
        "items": items,
    })
}

/// A decision of kind `crows.magic.*` was answered.
pub(super) fn on_answer(
    rules: &Crows,
    decision: &Decision,
    answer: &Answer,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    backlash_rows::on_answer(rules, decision, answer, ctx)
}

/// An engine effect ended: a running backlash whose effect another rule removed (a "next
/// damage" doubling used up by core's damage, CR-BL-08) is over for magic too.
pub(super) fn on_effect_ended(
    _rules: &Crows,
    effect: &engine::Effect,
    reason: engine::EndReason,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    backlash_rows::effect_ended(ctx, effect, reason)
}

/// The clock passed a boundary (after the core rules handled it).
pub(super) fn on_boundary(
    rules: &Crows,
    boundary: &Boundary,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match boundary {
        Boundary::ExplorationTurnEnd => {
            spells_end_of_turn(ctx)?;
            backlash_rows::end_of_turn(rules, ctx)
        }
        // The middle of a rest ends what lasts until the end of the dungeon turn
        // (CR-REST-04), for a family that passes this boundary.
        Boundary::Custom { name } if name == REST_HALFWAY => {
            spells_end_of_turn(ctx)?;
            backlash_rows::end_of_turn(rules, ctx)
        }
        Boundary::RestEnd => {
            backlash_rows::rest_end(ctx)?;
            craft::rest_end(rules, ctx)
        }
        Boundary::TurnStart { who } => backlash_rows::turn_start(rules, ctx, who),
        Boundary::RoundEnd => backlash_rows::round_end(rules, ctx),
        _ => Ok(()),
    }
}

/// A test this module started (a `CoreCommand::Test` with `then: Then::Magic(…)`, passed to
/// [`Crows::core_decide`]) reached its final result, after any expertise was spent at the
/// commit point.
pub(super) fn after_test(
    rules: &Crows,
    creature: &str,
    resolved: &ResolvedTest,
    then: MagicThen,
    ctx: &mut Ctx<'_, Crows>,
) -> Result<(), RuleError> {
    match then {
        MagicThen::Cast { .. } => finish_cast(rules, ctx, creature, resolved),
        MagicThen::Resistance { resistance } => {
            backlash_rows::resistance_done(rules, ctx, creature, resolved, &resistance)
        }
        MagicThen::Identify { identify } => {
            identify::identify_done(ctx, creature, identify, resolved)
        }
    }
}

/// For the explore family's rest and town activities: one Craft Equipment activity finished
/// now (at the end of a rest, or after two hours in town): its crafting roll (CR-CRAFT-06,
/// CR-RACT-03, CR-TOWN-01).
#[allow(dead_code)] // Called by the explore family once its activities are wired.
pub(super) fn crafting_activity_done(
    rules: &Crows,
    ctx: &mut Ctx<'_, Crows>,
    activity: &QueuedCraft,
) -> Result<(), RuleError> {
    craft::roll_now(rules, ctx, activity)
}

#[cfg(test)]
mod tests {
    use super::super::CoreCommand;
    use super::*;

    fn running(rows: &[u8]) -> MagicState {
        let mut m = MagicState::default();
        let list = rows
            .iter()
            .map(|r| BacklashRecord {
                active: crate::backlash::ActiveBacklash::start(
                    crate::backlash::row_by_id(*r).expect("a row"),
                ),
                effect: None,
                speed: 0,
                lost: None,
                item: None,
                saved: None,
            })
            .collect();
        m.backlashes.insert("vera".into(), list);
        m
    }

    // Covers CR-BL-02, CR-BL-20, CR-BL-24.
    #[test]
    fn cr_bl_02_cr_bl_20_cr_bl_24_standing_modifiers() {
        use crate::test_roll::{Activity, ModifierEffect};
        let m = running(&[2]);
        assert!(m.test_modifiers("vera", &[Activity::Search]).is_empty());
        let climb = m.test_modifiers("vera", &[Activity::Climb]);
        assert_eq!(climb.len(), 1);
        assert_eq!(climb[0].effect, ModifierEffect::Bane);
        assert!(m.test_modifiers("bram", &[Activity::Climb]).is_empty());
        let m = running(&[20, 24]);
        assert_eq!(m.test_modifiers("vera", &[]).len(), 1);
        let against = m.attack_modifiers_against("vera");
        assert_eq!(against[0].effect, ModifierEffect::Bonus(2));
        assert!(m.attack_modifiers_against("bram").is_empty());
    }

    /// No magic command or event name is a core one (family names are unique on the wire).
    #[test]
    fn magic_names_are_not_core_names() {
        for name in super::super::variant_names::<MagicCommand>() {
            let parsed = serde_json::from_value::<CoreCommand>(json!({ *name: {} }));
            assert!(
                parsed.is_err() && !super::super::variant_names::<CoreCommand>().contains(name),
                "{name} is also a core command"
            );
        }
        for name in super::super::variant_names::<MagicEvent>() {
            assert!(
                !super::super::variant_names::<super::super::CoreEvent>().contains(name),
                "{name} is also a core event"
            );
        }
    }
}
