//! Creatures at the table: the hand-written sheet format ([`CreatureSpec`], its JSON Schema
//! from the `creature_schema` query), creatures of an imported SRD pack
//! ([`crate::import::Creature`]), player characters bound to players, monsters hidden until
//! the Referee reveals them.

pub mod spells;

use engine::{Ctx, RuleError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Dnd2024, MAX_CREATURES, MAX_ID_LEN, check_list, check_name, refusal};
use crate::actions::Turn;
use crate::conditions::{Condition, Conditions};
use crate::core::{Ability, Skill, SkillTraining, ability_modifier};
use crate::damage::{DamageType, Dying, HitPoints};
use crate::magic::{Concentration, SpellSlots};
use crate::movement::Size;
use crate::rest::{HitPointDice, ShortRest};

/// A creature's kind for the rules: a player character (0 HP makes it Unconscious and dying,
/// DD-DMG-12.c) or a monster (0 HP kills it, DD-DMG-12.a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CreatureKind {
    Character,
    #[default]
    Monster,
}

/// The six ability scores (DD-CORE-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Abilities {
    pub strength: i32,
    pub dexterity: i32,
    pub constitution: i32,
    pub intelligence: i32,
    pub wisdom: i32,
    pub charisma: i32,
}

impl Abilities {
    pub fn score(&self, a: Ability) -> i32 {
        match a {
            Ability::Strength => self.strength,
            Ability::Dexterity => self.dexterity,
            Ability::Constitution => self.constitution,
            Ability::Intelligence => self.intelligence,
            Ability::Wisdom => self.wisdom,
            Ability::Charisma => self.charisma,
        }
    }
}

/// Hit Point Dice: `count` dice of `sides` (DD-REST-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HitDiceSpec {
    pub count: u32,
    pub sides: u32,
}

/// One damage part of an attack: dice (`1d8+2`) and a damage type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamagePart {
    pub dice: String,
    pub damage_type: DamageType,
}

/// An attack the creature makes (a weapon, an Unarmed Strike, a monster's attack action).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackSpec {
    pub name: String,
    /// The attack roll's bonus (ability modifier + PB if proficient + others).
    pub bonus: i32,
    /// A melee attack's reach; absent for a ranged one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach_ft: Option<u32>,
    /// A ranged attack's normal range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range_ft: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub long_range_ft: Option<u32>,
    pub damage: Vec<DamagePart>,
    /// Made with a Bonus Action (a monster's bonus-action attack, a Light weapon's extra
    /// attack) instead of as part of the Attack action (DD-ACT-03).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bonus_action: bool,
}

/// Speeds in feet (DD-MOVE-02); `walk` is the Speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SpeedsSpec {
    pub walk: u32,
    pub burrow: u32,
    pub climb: u32,
    pub fly: u32,
    pub swim: u32,
    /// It can hover: flying, it does not fall when knocked Prone, Incapacitated or slowed to 0
    /// (DD-MOVE-12.a).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hover: bool,
}

/// Special senses' ranges in feet (DD-VIS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SensesSpec {
    pub darkvision_ft: u32,
    pub blindsight_ft: u32,
    pub truesight_ft: u32,
    pub tremorsense_ft: u32,
}

/// A creature sheet: the hand-written pack format of this ruleset (the `creature_schema`
/// query gives its JSON Schema).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureSpec {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub kind: CreatureKind,
    #[serde(default = "medium")]
    pub size: Size,
    pub abilities: Abilities,
    #[serde(default = "two")]
    pub proficiency_bonus: i32,
    /// Abilities whose saving throws it is proficient in.
    #[serde(default)]
    pub saving_throws: Vec<Ability>,
    #[serde(default)]
    pub skills: Vec<Skill>,
    /// Skills with Expertise (each also in `skills`, DD-CORE-11.b).
    #[serde(default)]
    pub expertise: Vec<Skill>,
    pub armor_class: i32,
    pub hit_points: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit_dice: Option<HitDiceSpec>,
    #[serde(default)]
    pub speed: SpeedsSpec,
    #[serde(default)]
    pub senses: SensesSpec,
    #[serde(default)]
    pub resistances: Vec<DamageType>,
    #[serde(default)]
    pub vulnerabilities: Vec<DamageType>,
    #[serde(default)]
    pub immunities: Vec<DamageType>,
    #[serde(default)]
    pub condition_immunities: Vec<Condition>,
    #[serde(default)]
    pub attacks: Vec<AttackSpec>,
    /// Spell slots by level (index 0 is level 1), at most nine levels.
    #[serde(default)]
    pub spell_slots: Vec<u32>,
    /// Spells cast with the Reaction when hit by an attack (Shield).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reaction_spells: Vec<super::reactions::sheet::ReactionSpellSpec>,
    /// Legendary Actions, taken right after other creatures' turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legendary: Option<super::reactions::sheet::LegendarySpec>,
    /// Damaging area spells it may cast (the forecast's tactics; [`spells`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub area_spells: Vec<spells::AreaSpellSpec>,
}

fn medium() -> Size {
    Size::Medium
}
fn two() -> i32 {
    2
}

/// Largest Armor Class, hit points and Proficiency Bonus a sheet may give (input limits).
pub const MAX_ARMOR_CLASS: i32 = 50;
pub const MAX_HIT_POINTS: u32 = 100_000;
pub const MAX_PROFICIENCY_BONUS: i32 = 10;
/// Most Hit Point Dice, and most spell slots of one level.
pub const MAX_HIT_DICE: u32 = 100;
pub const MAX_SLOTS_PER_LEVEL: u32 = 10;
/// Longest movement of one kind.
pub const MAX_SPEED_FT: u32 = 1_000;
/// Longest reach or range of an attack.
pub const MAX_RANGE_FT: u32 = 10_000;

impl CreatureSpec {
    /// Checks every number against the rules and the input limits; the refusal names the field.
    pub fn validate(&self) -> Result<(), RuleError> {
        check_id(&self.id)?;
        check_name("a creature's name", &self.name)?;
        for a in Ability::ALL {
            ability_modifier(self.abilities.score(a)).map_err(refusal)?;
        }
        let bad = |field: &str, msg: String| {
            Err(RuleError::new("bad_creature", format!("{field}: {msg}")))
        };
        if !(0..=MAX_PROFICIENCY_BONUS).contains(&self.proficiency_bonus) {
            return bad(
                "proficiency_bonus",
                format!("must be 0…{MAX_PROFICIENCY_BONUS}"),
            );
        }
        if !(0..=MAX_ARMOR_CLASS).contains(&self.armor_class) {
            return bad("armor_class", format!("must be 0…{MAX_ARMOR_CLASS}"));
        }
        if !(1..=MAX_HIT_POINTS).contains(&self.hit_points) {
            return bad("hit_points", format!("must be 1…{MAX_HIT_POINTS}"));
        }
        if let Some(hd) = self.hit_dice
            && (!(1..=MAX_HIT_DICE).contains(&hd.count)
                || ![4, 6, 8, 10, 12, 20].contains(&hd.sides))
        {
            return bad(
                "hit_dice",
                format!("1…{MAX_HIT_DICE} dice of d4, d6, d8, d10, d12 or d20"),
            );
        }
        let s = self.speed;
        if [s.walk, s.burrow, s.climb, s.fly, s.swim]
            .iter()
            .any(|v| *v > MAX_SPEED_FT)
        {
            return bad("speed", format!("at most {MAX_SPEED_FT} ft"));
        }
        check_list("saving_throws", &self.saving_throws)?;
        check_list("skills", &self.skills)?;
        check_list("expertise", &self.expertise)?;
        check_list("resistances", &self.resistances)?;
        check_list("vulnerabilities", &self.vulnerabilities)?;
        check_list("immunities", &self.immunities)?;
        check_list("condition_immunities", &self.condition_immunities)?;
        check_list("attacks", &self.attacks)?;
        let mut training = SkillTraining::default();
        for s in &self.skills {
            training.add_proficiency(*s);
        }
        for s in &self.expertise {
            training.add_expertise(*s).map_err(refusal)?;
        }
        for a in &self.attacks {
            check_name("an attack's name", &a.name)?;
            check_list("an attack's damage", &a.damage)?;
            for d in &a.damage {
                crate::core::DamageDice::parse(&d.dice).map_err(refusal)?;
            }
            if a.bonus.abs() > crate::odds::MAX_BONUS {
                return bad(
                    "attacks",
                    format!(
                        "`{}`: an attack bonus is at most ±{}",
                        a.name,
                        crate::odds::MAX_BONUS
                    ),
                );
            }
            if [a.reach_ft, a.range_ft, a.long_range_ft]
                .iter()
                .flatten()
                .any(|ft| *ft > MAX_RANGE_FT)
            {
                return bad(
                    "attacks",
                    format!(
                        "`{}`: a reach or range is at most {MAX_RANGE_FT} ft",
                        a.name
                    ),
                );
            }
            if a.reach_ft.is_none() && a.range_ft.is_none() {
                return bad(
                    "attacks",
                    format!("`{}` needs a reach_ft or a range_ft", a.name),
                );
            }
        }
        check_list("reaction_spells", &self.reaction_spells)?;
        for r in &self.reaction_spells {
            r.validate()?;
        }
        check_list("area_spells", &self.area_spells)?;
        for a in &self.area_spells {
            a.validate()?;
        }
        if let Some(l) = &self.legendary {
            let attacks: Vec<&str> = self.attacks.iter().map(|a| a.name.as_str()).collect();
            l.validate(&attacks)?;
        }
        if self.spell_slots.len() > 9 || self.spell_slots.iter().any(|n| *n > MAX_SLOTS_PER_LEVEL) {
            return bad(
                "spell_slots",
                format!("at most 9 levels of at most {MAX_SLOTS_PER_LEVEL} slots"),
            );
        }
        Ok(())
    }

    pub fn modifier(&self, a: Ability) -> i32 {
        // `validate` checked every score, so the modifier exists; 0 keeps this total.
        ability_modifier(self.abilities.score(a)).unwrap_or(0)
    }

    pub fn training(&self) -> SkillTraining {
        let mut t = SkillTraining::default();
        for s in &self.skills {
            t.add_proficiency(*s);
        }
        for s in &self.expertise {
            // Validated on the way in; a repeat is simply kept once.
            let _ = t.add_expertise(*s);
        }
        t
    }

    /// A creature of an imported SRD pack as a sheet (a monster; no skills or save
    /// proficiencies are in the pack's typed fields, so none are assumed).
    pub fn from_pack(id: &str, c: &crate::import::Creature) -> Result<CreatureSpec, RuleError> {
        let score = |k: &str| {
            c.abilities.get(k).copied().ok_or_else(|| {
                RuleError::new(
                    "bad_pack_creature",
                    format!("the pack creature has no `{k}`"),
                )
            })
        };
        let mut attacks = Vec::new();
        for action in &c.actions {
            let Some(a) = action.attacks.first() else {
                continue;
            };
            attacks.push(AttackSpec {
                bonus_action: action.kind == "bonus_action",
                name: action.name.clone(),
                bonus: a.bonus,
                reach_ft: a.reach_ft,
                range_ft: a.range_ft,
                long_range_ft: a.long_range_ft,
                damage: action
                    .damage
                    .iter()
                    .map(|d| DamagePart {
                        dice: d.dice.clone(),
                        damage_type: d.damage_type,
                    })
                    .collect(),
            });
        }
        let hit_dice = c.hit_dice.as_deref().and_then(|h| {
            let d = crate::core::DamageDice::parse(h).ok()?;
            Some(HitDiceSpec {
                count: d.count,
                sides: d.sides,
            })
        });
        let speed = |k: &str| c.speed.get(k).copied().unwrap_or(0);
        Ok(CreatureSpec {
            id: id.to_string(),
            name: c.name.clone(),
            kind: CreatureKind::Monster,
            size: c.size,
            abilities: Abilities {
                strength: score("strength")?,
                dexterity: score("dexterity")?,
                constitution: score("constitution")?,
                intelligence: score("intelligence")?,
                wisdom: score("wisdom")?,
                charisma: score("charisma")?,
            },
            proficiency_bonus: c.proficiency_bonus,
            saving_throws: Vec::new(),
            skills: Vec::new(),
            expertise: Vec::new(),
            armor_class: c.armor_class,
            hit_points: c.hit_points,
            hit_dice,
            speed: SpeedsSpec {
                walk: speed("walk"),
                burrow: speed("burrow"),
                climb: speed("climb"),
                fly: speed("fly"),
                swim: speed("swim"),
                hover: c.speed.contains_key("hover"),
            },
            senses: SensesSpec::default(),
            resistances: c.resistances.clone(),
            vulnerabilities: c.vulnerabilities.clone(),
            immunities: c.immunities.clone(),
            condition_immunities: Vec::new(),
            attacks,
            spell_slots: Vec::new(),
            legendary: None,
            reaction_spells: Vec::new(),
            area_spells: Vec::new(),
        })
    }
}

/// Refuses an id that is empty, too long, or not of `[a-z0-9_-]`.
pub fn check_id(id: &str) -> Result<(), RuleError> {
    let ok = !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(RuleError::new(
            "bad_id",
            format!("an id has 1…{MAX_ID_LEN} characters of a-z, 0-9, _ and -"),
        )
        .rule("MAX_ID_LEN"))
    }
}

/// A creature at the table: its sheet and everything the rules track about it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CreatureRecord {
    pub spec: CreatureSpec,
    pub hp: HitPoints,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit_dice: Option<HitPointDice>,
    pub conditions: Conditions,
    /// At 0 HP and not dead (a character).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dying: Option<Dying>,
    #[serde(default)]
    pub dead: bool,
    /// Hidden from the players now: a monster the Referee has not revealed, one Hiding, or
    /// one no character of the party perceives on the grid (`out_of_sight`; [`super::sight`]).
    /// Every secrecy rule reads this one bit.
    #[serde(default)]
    pub hidden: bool,
    /// Hidden only because no character of the party sees it (or senses it) where it stands:
    /// it comes back into view when one does ([`super::sight::refresh`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub out_of_sight: bool,
    /// The current (or last) turn's budget.
    pub turn: Turn,
    /// A Death Saving Throw was rolled this turn.
    #[serde(default)]
    pub death_save_rolled: bool,
    pub slots: SpellSlots,
    pub concentration: Concentration,
    /// Knocked out at 1 HP instead of killed (DD-DMG-17).
    #[serde(default)]
    pub knocked_out: bool,
    /// A Short Rest finished: Hit Point Dice may be spent (DD-REST-01.b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_rest: Option<ShortRest>,
    /// Game second the last Long Rest ended (DD-REST-03.b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_long_rest_end: Option<u64>,
    /// The Ready action's trigger and response, until used or its next turn (DD-ACT-13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readied: Option<super::reactions::sheet::Readied>,
    /// Legendary Action uses spent since its turn started.
    #[serde(default)]
    pub legendary_used: u32,
    /// Armor Class added by a reaction spell until its next turn starts.
    #[serde(default)]
    pub ac_bonus: i32,
    /// Hidden by the Hide action: the Stealth total that finds it (DD-ACT-10.b).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hiding_dc: Option<i32>,
    /// Days in a row it has eaten nothing (DD-HAZ-03.c).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub days_without_food: u32,
    /// Took the Dodge action: holds until its next turn starts, ends at once when it is
    /// Incapacitated or its Speed is 0 (DD-ACT-08; [`super::combat::actions`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dodging: bool,
    /// The Help it gave, until used or its next turn starts (DD-ACT-09;
    /// [`super::combat::actions`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub helping: Option<crate::actions::HelpGiven>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Where a creature stands, as anyone who sees it can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Up,
    Dying,
    Stable,
    Dead,
}

/// What anyone who sees a creature knows of it: no numbers of its sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicView {
    pub id: String,
    pub name: String,
    pub kind: CreatureKind,
    pub size: Size,
    pub conditions: Vec<Condition>,
    pub exhaustion: u8,
    /// At half its hit points or fewer (DD-DMG-11.a): visible to all.
    pub bloodied: bool,
    pub status: Status,
    /// Concentrating on something (its visible effort).
    pub concentrating: bool,
    /// Dodging (the Dodge action is taken in plain view).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dodging: bool,
}

impl CreatureRecord {
    pub fn new(spec: CreatureSpec) -> CreatureRecord {
        let mut conditions = Conditions::default();
        conditions.immune = spec.condition_immunities.clone();
        let mut slots = SpellSlots::default();
        for (i, n) in spec.spell_slots.iter().enumerate().take(9) {
            slots.max[i] = *n;
        }
        CreatureRecord {
            hp: HitPoints::new(spec.hit_points),
            hit_dice: spec.hit_dice.map(|h| HitPointDice {
                total: h.count,
                spent: 0,
                sides: h.sides,
            }),
            conditions,
            dying: None,
            dead: false,
            hidden: spec.kind == CreatureKind::Monster,
            out_of_sight: false,
            turn: Turn::start(spec.speed.walk, false),
            death_save_rolled: false,
            slots,
            concentration: Concentration::default(),
            knocked_out: false,
            short_rest: None,
            last_long_rest_end: None,
            readied: None,
            legendary_used: 0,
            ac_bonus: 0,
            hiding_dc: None,
            days_without_food: 0,
            dodging: false,
            helping: None,
            spec,
        }
    }

    pub fn status(&self) -> Status {
        match (&self.dying, self.dead) {
            (_, true) => Status::Dead,
            (Some(d), _) if d.stable => Status::Stable,
            (Some(_), _) => Status::Dying,
            (None, _) => Status::Up,
        }
    }

    pub fn public_view(&self) -> PublicView {
        PublicView {
            id: self.spec.id.clone(),
            name: self.spec.name.clone(),
            kind: self.spec.kind,
            size: self.spec.size,
            conditions: self.conditions.list(),
            exhaustion: self.conditions.exhaustion.level(),
            bloodied: self.hp.bloodied(),
            status: self.status(),
            concentrating: self.concentration.effect.is_some(),
            dodging: self.dodging,
        }
    }

    /// Speed now: conditions and Exhaustion applied (DD-COND-05.d).
    pub fn speed(&self) -> u32 {
        self.conditions.speed(self.spec.speed.walk)
    }

    /// Refuses a dead creature's action.
    pub fn check_alive(&self) -> Result<(), RuleError> {
        if self.dead {
            return Err(RuleError::new(
                "dead",
                format!("{} is dead", self.spec.name),
            ));
        }
        Ok(())
    }
}

/// A creature named by a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureRef {
    pub creature: String,
}

/// Adds a creature from a sheet; a character may be bound to a seated player at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddCreature {
    pub creature: CreatureSpec,
    /// The player who plays it (binds it; the engine's `bind` does the same later).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

/// Adds a monster from a creature of an imported pack (`delve dnd import` output), under
/// the table id `id`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AddPackCreature {
    pub id: String,
    /// One entry of a pack's `creatures`.
    #[schemars(with = "serde_json::Value")]
    pub creature: crate::import::Creature,
}

pub fn add_creature(ctx: &mut Ctx<'_, Dnd2024>, cmd: &AddCreature) -> Result<(), RuleError> {
    add(ctx, cmd.creature.clone(), cmd.player.as_deref())
}

pub fn add_pack_creature(
    ctx: &mut Ctx<'_, Dnd2024>,
    cmd: &AddPackCreature,
) -> Result<(), RuleError> {
    check_id(&cmd.id)?;
    let spec = CreatureSpec::from_pack(&cmd.id, &cmd.creature)?;
    add(ctx, spec, None)
}

fn add(
    ctx: &mut Ctx<'_, Dnd2024>,
    spec: CreatureSpec,
    player: Option<&str>,
) -> Result<(), RuleError> {
    spec.validate()?;
    let creatures = &ctx.rules().creatures;
    if creatures.contains_key(&spec.id) {
        return Err(RuleError::new(
            "creature_exists",
            format!("there is already a creature `{}`", spec.id),
        ));
    }
    if creatures.len() >= MAX_CREATURES {
        return Err(RuleError::new(
            "too_many_creatures",
            format!("a table holds at most {MAX_CREATURES} creatures"),
        )
        .rule("MAX_CREATURES"));
    }
    if let Some(p) = player
        && !ctx.core().participants.players.contains_key(p)
    {
        return Err(RuleError::new(
            "not_a_player",
            format!("`{p}` is not a player at this table"),
        ));
    }
    let id = spec.id.clone();
    let rec = CreatureRecord::new(spec);
    if let Some(p) = player {
        ctx.bind_character(p, &id)?;
    }
    super::set_record(ctx, rec)
}

/// The Referee shows a hidden monster to everyone (once a character of the party perceives it,
/// when it stands on the grid out of their sight: [`super::sight::show_to_players`]).
pub fn reveal(ctx: &mut Ctx<'_, Dnd2024>, id: &str) -> Result<(), RuleError> {
    let rec = super::record(ctx, id)?;
    if !rec.hidden || rec.out_of_sight {
        return Err(RuleError::new(
            "already_revealed",
            format!(
                "{} is already revealed (out of sight, it shows when a character sees it)",
                rec.spec.name
            ),
        ));
    }
    super::show_to_players(ctx, id)
}
