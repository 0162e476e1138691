//! `delve acks …`: ACKS (1st edition) chapter 6 rules from the terminal, with exact odds.
//!
//! - `attack (--throw N | --class C --level L | --hd 5+1) --ac A [--bonus B]`
//! - `routine (--throw N | --class C --level L | --hd 5+1) --ac A --attacks "claw 1d3/claw
//!   1d3/bite 1d6" [--bonus B] [--damage-bonus D]`: each listed attack's hit chance and
//!   expected damage, in the routine's order, and the round's expected total
//! - `reaction [--modifier M]`, `morale --score S [--modifier M] [--both-triggers]`
//! - `mortal-wounds --max-hp H --hp -X --con-mod C --timing T [--healing-spell-level L]
//!   [--healer] [--nonlethal N] [--untreated] [--d20 F --d6 F]`
//! - `xp --hd 6+3 [--asterisks N]`, `evasion --fleeing N --pursuers M [--modifier K]` or
//!   `evasion --sea --slower-by FT`, `travel --speed 120 --terrain road [--forced-march] [--fly]`
//! - `surprise [--modifier M] [--alertness]`, `save --class C --level L --category K [--bonus B]`
//! - `table T-16`
//!
//! With `--json` each prints exactly one JSON object. Everything goes through `delve_acks`
//! with the shipped tables and the default options (the AC-OPEN-* defaults).
use crate::CliResult;
use delve_acks::attack::{self, AttackProgression};
use delve_acks::evasion::{self, Circumstances};
use delve_acks::morale::{self, MoraleOdds, NoRoll};
use delve_acks::odds::{Fraction, exact_string, to_f64};
use delve_acks::options::AfterFight;
use delve_acks::routine::{self, AttackRoutine};
use delve_acks::saves::{self, SaveCategory};
use delve_acks::tables::{Condition, MoraleResult, Reaction, Terrain};
use delve_acks::wilderness::{self, TravelMode};
use delve_acks::wounds::{self, Timing, Treatment};
use delve_acks::{HitDice, Options, TableId, Tables, encounters, experience, surprise};
use serde_json::{Map, Value, json};

#[derive(clap::Args)]
#[command(about = "ACKS adventuring rules from the terminal: exact odds and look-ups")]
pub struct AcksArgs {
    #[command(subcommand)]
    pub command: AcksCommand,
}

#[derive(clap::Subcommand)]
pub enum AcksCommand {
    /// Odds of an attack throw (natural 20 always hits, natural 1 always misses).
    Attack(AttackArgs),
    /// A routine's attacks in order: hit chance and exact expected damage of each.
    Routine(RoutineArgs),
    /// Odds of each monster reaction (2d6 + modifier).
    Reaction(ReactionArgs),
    /// Odds of each morale result (2d6 + score + modifier).
    Morale(MoraleArgs),
    /// Mortal Wounds: the d20 modifier and the odds of each band, or one result from faces.
    MortalWounds(WoundArgs),
    /// Monster XP by Hit Dice and special abilities.
    Xp(XpArgs),
    /// Evasion throw and chance, in the wilderness or at sea.
    Evasion(EvasionArgs),
    /// Miles per day by speed and terrain.
    Travel(TravelArgs),
    /// Odds of being surprised.
    Surprise(SurpriseArgs),
    /// A saving throw's value and odds.
    Save(SaveArgs),
    /// Print a table (T-01 … T-25) with its source and confidence.
    Table(TableArgs),
}

#[derive(clap::ValueEnum, Clone, Copy)]
pub enum ClassArg {
    Fighter,
    Cleric,
    Thief,
    Mage,
}

impl From<ClassArg> for AttackProgression {
    fn from(c: ClassArg) -> Self {
        match c {
            ClassArg::Fighter => AttackProgression::Fighter,
            ClassArg::Cleric => AttackProgression::Cleric,
            ClassArg::Thief => AttackProgression::Thief,
            ClassArg::Mage => AttackProgression::Mage,
        }
    }
}

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("attacker").required(true).args(["throw", "class", "hd"])))]
pub struct AttackArgs {
    /// The attacker's attack throw, if known.
    #[arg(long, allow_negative_numbers = true)]
    pub throw: Option<i32>,
    /// Character class (with --level): attack throw from T-13.
    #[arg(long, value_enum, requires = "level")]
    pub class: Option<ClassArg>,
    /// Character level 0–14 (0 only for 0-level humans, as fighters).
    #[arg(long)]
    pub level: Option<u32>,
    /// Monster Hit Dice, e.g. 5, 5+1, 1-1, <1: attack throw from T-14.
    #[arg(long)]
    pub hd: Option<String>,
    /// Target armour class.
    #[arg(long, allow_negative_numbers = true)]
    pub ac: i32,
    /// Attack bonus or penalty.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub bonus: i32,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("attacker").required(true).args(["throw", "class", "hd"])))]
pub struct RoutineArgs {
    /// The attacker's attack throw, if known.
    #[arg(long, allow_negative_numbers = true)]
    pub throw: Option<i32>,
    /// Character class (with --level): attack throw from T-13.
    #[arg(long, value_enum, requires = "level")]
    pub class: Option<ClassArg>,
    /// Character level 0–14.
    #[arg(long)]
    pub level: Option<u32>,
    /// Monster Hit Dice, e.g. 5, 5+1, 1-1, <1: attack throw from T-14.
    #[arg(long)]
    pub hd: Option<String>,
    /// Target armour class.
    #[arg(long, allow_negative_numbers = true)]
    pub ac: i32,
    /// The attacks in the entry's order: `claw 1d3/claw 1d3/bite 1d6` or `sword 1d8+1`.
    #[arg(long)]
    pub attacks: String,
    /// Attack bonus or penalty (each attack).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub bonus: i32,
    /// Damage bonus or penalty (each attack: STR, magic, class).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub damage_bonus: i32,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct ReactionArgs {
    /// Leader's CHA modifier plus the Judge's modifiers.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub modifier: i32,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct MoraleArgs {
    /// Monster morale score, −6…+4.
    #[arg(long, allow_negative_numbers = true)]
    pub score: i32,
    /// The Judge's situational modifier, −2…+2.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub modifier: i32,
    /// First death and half the side down in the same round: one roll at −2.
    #[arg(long)]
    pub both_triggers: bool,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::ValueEnum, Clone, Copy)]
pub enum TimingArg {
    Round,
    Turn,
    Hour,
    Day,
    Later,
}

#[derive(clap::Args)]
pub struct WoundArgs {
    #[arg(long)]
    pub max_hp: i32,
    /// Current hit points (0 or less).
    #[arg(long, allow_negative_numbers = true)]
    pub hp: i32,
    /// The victim's CON modifier, −3…+3.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub con_mod: i32,
    /// Spell level of the healing magic used in the treatment.
    #[arg(long, default_value_t = 0)]
    pub healing_spell_level: u32,
    /// Treated by a character with the Healing proficiency.
    #[arg(long)]
    pub healer: bool,
    /// When the treatment happens.
    #[arg(long, value_enum)]
    pub timing: TimingArg,
    /// Nonlethal damage taken before falling.
    #[arg(long, default_value_t = 0)]
    pub nonlethal: u32,
    /// Nobody treated the character within a day: no treatment bonuses, −10.
    #[arg(long)]
    pub untreated: bool,
    /// Use the worked example's −2 for treatment after the fight instead of −3 (AC-OPEN-01).
    #[arg(long)]
    pub after_fight_example: bool,
    /// The d20 face (with --d6) to resolve one roll.
    #[arg(long, requires = "d6")]
    pub d20: Option<i32>,
    /// The d6 face (with --d20).
    #[arg(long, requires = "d20")]
    pub d6: Option<i32>,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct XpArgs {
    /// Monster Hit Dice, e.g. 6+3.
    #[arg(long)]
    pub hd: String,
    /// Number of special-ability asterisks.
    #[arg(long, default_value_t = 0)]
    pub asterisks: u32,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct EvasionArgs {
    /// Size of the fleeing group (wilderness).
    #[arg(long, required_unless_present = "sea")]
    pub fleeing: Option<u32>,
    /// Size of the pursuing group (wilderness).
    #[arg(long, required_unless_present = "sea")]
    pub pursuers: Option<u32>,
    /// Modifier to the evasion throw.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub modifier: i32,
    /// The fleeing side can reach dense woods in time (+5).
    #[arg(long)]
    pub dense_woods: bool,
    /// The pursuers are at least twice as fast (−5 by default, AC-OPEN-06).
    #[arg(long)]
    pub twice_as_fast: bool,
    /// Sea evasion (T-12) instead of wilderness (T-11).
    #[arg(long, requires = "slower_by")]
    pub sea: bool,
    /// How many feet per round the evader is slower than the pursuer (negative: faster).
    #[arg(long, allow_negative_numbers = true)]
    pub slower_by: Option<i32>,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::ValueEnum, Clone, Copy)]
pub enum TerrainArg {
    Road,
    Clear,
    Desert,
    Hills,
    Woods,
    Jungle,
    Swamp,
    Mountains,
}

impl From<TerrainArg> for Terrain {
    fn from(t: TerrainArg) -> Terrain {
        match t {
            TerrainArg::Road => Terrain::Road,
            TerrainArg::Clear => Terrain::Clear,
            TerrainArg::Desert => Terrain::Desert,
            TerrainArg::Hills => Terrain::Hills,
            TerrainArg::Woods => Terrain::Woods,
            TerrainArg::Jungle => Terrain::Jungle,
            TerrainArg::Swamp => Terrain::Swamp,
            TerrainArg::Mountains => Terrain::Mountains,
        }
    }
}

#[derive(clap::Args)]
pub struct TravelArgs {
    /// Exploration speed in feet per turn (30, 60, … 360).
    #[arg(long)]
    pub speed: u32,
    #[arg(long, value_enum, default_value = "clear")]
    pub terrain: TerrainArg,
    #[arg(long)]
    pub forced_march: bool,
    #[arg(long)]
    pub fly: bool,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct SurpriseArgs {
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub modifier: i32,
    /// Alertness proficiency: surprised only on 1.
    #[arg(long)]
    pub alertness: bool,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::ValueEnum, Clone, Copy)]
pub enum CategoryArg {
    Paralysis,
    Death,
    Breath,
    Wands,
    Spells,
}

#[derive(clap::Args)]
pub struct SaveArgs {
    #[arg(long, value_enum)]
    pub class: ClassArg,
    #[arg(long)]
    pub level: u32,
    #[arg(long, value_enum)]
    pub category: CategoryArg,
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub bonus: i32,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct TableArgs {
    /// Table number, e.g. T-16.
    pub id: String,
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: AcksArgs) -> CliResult {
    let tables = Tables::acks_1e();
    let (value, text, json) = match args.command {
        AcksCommand::Attack(a) => (attack_cmd(&tables, &a)?, None, a.json),
        AcksCommand::Routine(a) => {
            let (value, text) = routine_cmd(&tables, &a)?;
            (value, Some(text), a.json)
        }
        AcksCommand::Reaction(a) => (reaction_cmd(&tables, &a)?, None, a.json),
        AcksCommand::Morale(a) => (morale_cmd(&tables, &a)?, None, a.json),
        AcksCommand::MortalWounds(a) => (wounds_cmd(&tables, &a)?, None, a.json),
        AcksCommand::Xp(a) => {
            let hd: HitDice = a.hd.parse()?;
            (
                json!({"xp": experience::monster_xp(&tables, hd, a.asterisks)?}),
                None,
                a.json,
            )
        }
        AcksCommand::Evasion(a) => (evasion_cmd(&tables, &a)?, None, a.json),
        AcksCommand::Travel(a) => {
            let mode = TravelMode {
                forced_march: a.forced_march,
                flying: a.fly,
            };
            let d = wilderness::daily_travel(&tables, a.speed, a.terrain.into(), mode)?;
            (json!({"miles_per_day": d.miles_per_day}), None, a.json)
        }
        AcksCommand::Surprise(a) => {
            let p = surprise::surprise_odds(&tables, a.modifier, a.alertness)?;
            (
                json!({"surprised": to_f64(p), "ready": to_f64(Fraction::from_integer(1) - p), "exact": exact_string(p)}),
                None,
                a.json,
            )
        }
        AcksCommand::Save(a) => {
            let category = match a.category {
                CategoryArg::Paralysis => SaveCategory::Paralysis,
                CategoryArg::Death => SaveCategory::Death,
                CategoryArg::Breath => SaveCategory::Breath,
                CategoryArg::Wands => SaveCategory::Wands,
                CategoryArg::Spells => SaveCategory::Spells,
            };
            if a.bonus.abs() > attack::MAX_BONUS {
                return Err(format!(
                    "--bonus must be within ±{} (AC-SAVE-01), got {}",
                    attack::MAX_BONUS,
                    a.bonus
                )
                .into());
            }
            let value = saves::save_value(&tables, a.class.into(), a.level, category)?;
            let p = saves::save_odds(value, a.bonus);
            (
                json!({"value": value, "probability": to_f64(p), "exact": exact_string(p)}),
                None,
                a.json,
            )
        }
        AcksCommand::Table(a) => {
            let id: TableId = a.id.parse()?;
            let rendered = tables.render(id);
            let text = rendered
                .iter()
                .map(|r| {
                    let mut s = format!(
                        "{} {} («{}»)\nsource: {} · edition: {} · confidence: {}\n{}\n\n{}\n",
                        r.meta.id,
                        r.meta.title,
                        r.meta.russian,
                        r.meta.source,
                        r.meta.edition,
                        r.meta.confidence,
                        r.meta.note,
                        r.columns.join(" | ")
                    );
                    for row in &r.rows {
                        s.push_str(&row.join(" | "));
                        s.push('\n');
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join("\n");
            let value = if rendered.len() == 1 {
                serde_json::to_value(&rendered[0])?
            } else {
                json!({"id": id, "parts": rendered})
            };
            (value, Some(text), a.json)
        }
    };
    if json {
        println!("{}", serde_json::to_string(&value)?);
    } else if let Some(t) = text {
        print!("{t}");
    } else {
        print_human(&value);
    }
    Ok(())
}

/// `key: value` lines, nested objects indented.
fn print_human(v: &Value) {
    fn walk(v: &Value, indent: usize) {
        if let Value::Object(m) = v {
            for (k, x) in m {
                match x {
                    Value::Object(_) => {
                        println!("{:indent$}{}:", "", k.replace('_', " "));
                        walk(x, indent + 2);
                    }
                    Value::String(s) => println!("{:indent$}{}: {s}", "", k.replace('_', " ")),
                    Value::Number(n) if n.is_f64() => println!(
                        "{:indent$}{}: {:.2} %",
                        "",
                        k.replace('_', " "),
                        n.as_f64().unwrap_or(0.0) * 100.0
                    ),
                    other => println!("{:indent$}{}: {other}", "", k.replace('_', " ")),
                }
            }
        }
    }
    walk(v, 0);
}

fn attack_cmd(tables: &Tables, a: &AttackArgs) -> Result<Value, Box<dyn std::error::Error>> {
    let throw = attacker_throw(tables, a.throw, a.class, a.level, a.hd.as_deref())?;
    let o = attack::attack_odds(throw, a.ac, a.bonus)?;
    Ok(
        json!({"throw": o.throw, "needed": o.needed, "probability": to_f64(o.hit), "exact": exact_string(o.hit)}),
    )
}

/// The attack throw from exactly one of --throw, --class with --level, or --hd.
fn attacker_throw(
    tables: &Tables,
    throw: Option<i32>,
    class: Option<ClassArg>,
    level: Option<u32>,
    hd: Option<&str>,
) -> Result<i32, Box<dyn std::error::Error>> {
    Ok(match (throw, class, hd) {
        (Some(t), None, None) => {
            if !(-10..=20).contains(&t) {
                return Err(format!("--throw must be −10…20 (T-13/T-14 values), got {t}").into());
            }
            t
        }
        (None, Some(c), None) => {
            let level = level.ok_or("--class needs --level")?;
            attack::character_attack_throw(tables, c.into(), level)?
        }
        (None, None, Some(hd)) => attack::monster_attack_throw(tables, hd.parse()?)?,
        _ => return Err("give one of --throw, --class with --level, or --hd".into()),
    })
}

/// AC-DMG-05, AC-ATK-05: each attack of the routine in order, its hit chance and exact
/// expected damage (0 on a miss), and the round's expected total (cleaves aside).
fn routine_cmd(
    tables: &Tables,
    a: &RoutineArgs,
) -> Result<(Value, String), Box<dyn std::error::Error>> {
    let throw = attacker_throw(tables, a.throw, a.class, a.level, a.hd.as_deref())?;
    let routine: AttackRoutine = a.attacks.parse()?;
    let needed = attack::needed(throw, a.ac);
    let mut total = Fraction::from_integer(0);
    let mut rows = Vec::new();
    let mut text = format!(
        "attack throw {throw}+, needs {needed} against AC {}\n",
        a.ac
    );
    for atk in &routine.attacks {
        let o = routine::strike_odds(throw, a.ac, a.bonus, atk.damage, a.damage_bonus)?;
        total = num_traits::CheckedAdd::checked_add(&total, &o.expected_damage)
            .ok_or("the routine's dice are too large for an exact expected total")?;
        text.push_str(&format!(
            "{} {}: hits {:.2} %, expected damage {:.2}\n",
            atk.name,
            atk.damage,
            to_f64(o.hit) * 100.0,
            to_f64(o.expected_damage)
        ));
        rows.push(json!({
            "name": atk.name,
            "damage": atk.damage.to_string(),
            "probability": to_f64(o.hit),
            "exact": exact_string(o.hit),
            "expected_damage": to_f64(o.expected_damage),
            "expected_exact": exact_string(o.expected_damage),
        }));
    }
    text.push_str(&format!("expected damage per round {:.2}\n", to_f64(total)));
    Ok((
        json!({
            "throw": throw,
            "needed": needed,
            "attacks": rows,
            "expected_damage": to_f64(total),
            "expected_exact": exact_string(total),
        }),
        text,
    ))
}

fn name<T: serde::Serialize>(t: T) -> String {
    serde_json::to_value(t)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn reaction_cmd(tables: &Tables, a: &ReactionArgs) -> Result<Value, Box<dyn std::error::Error>> {
    let odds = encounters::reaction_odds(tables, a.modifier)?;
    let mut m = Map::new();
    for r in Reaction::ALL {
        let p = odds
            .iter()
            .find(|(k, _)| *k == r)
            .map(|(_, p)| *p)
            .unwrap_or_default();
        m.insert(name(r), json!(to_f64(p)));
    }
    Ok(Value::Object(m))
}

fn morale_cmd(tables: &Tables, a: &MoraleArgs) -> Result<Value, Box<dyn std::error::Error>> {
    Ok(
        match morale::morale_odds(tables, a.score, a.modifier, a.both_triggers)? {
            MoraleOdds::NoRoll(n) => json!({"no_roll": match n {
                NoRoll::NeverFights => "never_fights",
                NoRoll::FightsToTheDeath => "fights_to_the_death",
            }}),
            MoraleOdds::Odds(odds) => {
                let mut m = Map::new();
                for r in MoraleResult::ALL {
                    let p = odds
                        .iter()
                        .find(|(k, _)| *k == r)
                        .map(|(_, p)| *p)
                        .unwrap_or_default();
                    m.insert(name(r), json!(to_f64(p)));
                }
                Value::Object(m)
            }
        },
    )
}

fn wounds_cmd(tables: &Tables, a: &WoundArgs) -> Result<Value, Box<dyn std::error::Error>> {
    let options = Options {
        after_fight: if a.after_fight_example {
            AfterFight::WorkedExample
        } else {
            AfterFight::ModifierList
        },
        ..Options::default()
    };
    let timing = match a.timing {
        TimingArg::Round => Timing::Round,
        TimingArg::Turn => Timing::Turn,
        TimingArg::Hour => Timing::Hour,
        TimingArg::Day => Timing::Day,
        TimingArg::Later => Timing::Later,
    };
    let t = Treatment {
        max_hp: a.max_hp,
        hp: a.hp,
        con_modifier: a.con_mod,
        healing_spell_level: a.healing_spell_level,
        healer: a.healer,
        timing,
        nonlethal: a.nonlethal,
        untreated: a.untreated,
    };
    let modifier = wounds::wound_modifier(tables, &options, &t)?;
    let odds = wounds::wound_odds(tables, modifier)?;
    let mut bands = Map::new();
    for c in Condition::ALL {
        let p = odds
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, p)| *p)
            .unwrap_or_default();
        bands.insert(band_name(c).to_string(), json!(to_f64(p)));
    }
    let mut out = Map::new();
    out.insert("modifier".into(), json!(modifier));
    out.insert("bands".into(), Value::Object(bands));
    if let (Some(d20), Some(d6)) = (a.d20, a.d6) {
        let r = wounds::resolve_wound(tables, modifier, d20, d6)?;
        // The cell is "name: effects"; `wound` is the name, `wound_effect` the rest.
        let (wound, effect) = match r.wound.split_once(": ") {
            Some((n, e)) => (n.to_string(), Some(e.to_string())),
            None => (r.wound.clone(), None),
        };
        out.insert("total".into(), json!(r.total));
        out.insert("band".into(), json!(band_name(r.condition)));
        out.insert("wound".into(), json!(wound));
        if let Some(e) = effect {
            out.insert("wound_effect".into(), json!(e));
        }
        out.insert("recovery".into(), json!(r.recovery_text));
    }
    Ok(Value::Object(out))
}

fn band_name(c: Condition) -> &'static str {
    match c {
        Condition::Killed => "killed",
        Condition::MortallyWounded => "mortally_wounded",
        Condition::GrievouslyWounded => "grievously_wounded",
        Condition::CriticallyWounded => "critically_wounded",
        Condition::InShock => "in_shock",
        Condition::KnockedOut => "knocked_out",
        Condition::Dazed => "dazed",
    }
}

fn evasion_cmd(tables: &Tables, a: &EvasionArgs) -> Result<Value, Box<dyn std::error::Error>> {
    let o = if a.sea {
        let slower = a.slower_by.ok_or("--sea needs --slower-by")?;
        evasion::sea_evasion(tables, slower, a.modifier)?
    } else {
        let (Some(fleeing), Some(pursuers)) = (a.fleeing, a.pursuers) else {
            return Err("wilderness evasion needs --fleeing and --pursuers".into());
        };
        evasion::wilderness_evasion(
            tables,
            &Options::default(),
            fleeing,
            pursuers,
            Circumstances {
                modifier: a.modifier,
                dense_woods: a.dense_woods,
                pursuers_twice_as_fast: a.twice_as_fast,
            },
        )?
    };
    Ok(json!({"throw": o.throw, "probability": to_f64(o.chance)}))
}
