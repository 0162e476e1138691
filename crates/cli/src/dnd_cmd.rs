//! `delve dnd …`: D&D 2024 (SRD 5.2 rules glossary) from the terminal.
//!
//! Each command prints one JSON object with `--json`, readable text without it:
//! `odds` (exact D20 Test odds), `attack` (one attack's odds and damage dice), `damage` (the damage pipeline), `concentration`, `fall`,
//! `jump`, `carry`, `modifier`, `travel`, `condition NAME`, and `import` (SRD 5.2 JSON from
//! open5e or 5e-database into a Delve content pack). Everything goes through the public API of
//! the `delve-dnd2024` crate; this module only parses flags, reads files and prints.

use crate::CliResult;
use delve_dnd2024::conditions::Condition;
use delve_dnd2024::core::{D20Test, D20TestKind, RollMode, ability_modifier};
use delve_dnd2024::damage::{DamageType, Defences, adjust_damage};
use delve_dnd2024::hazards::fall_damage;
use delve_dnd2024::magic::concentration_dc;
use delve_dnd2024::movement::{Size, carrying_capacity, jump};
use delve_dnd2024::odds::d20_odds;
use delve_dnd2024::travel::{Pace, travel};
use delve_dnd2024::{Interpretations, RulesError};
use num_traits::ToPrimitive;
use serde_json::json;

#[derive(clap::Args)]
#[command(about = "D&D 2024 rules (SRD 5.2 glossary) from the terminal")]
pub struct DndArgs {
    #[command(subcommand)]
    pub command: DndCommand,
}

#[derive(clap::Subcommand)]
pub enum DndCommand {
    /// Exact odds of a D20 Test (check, save, or attack with --attack).
    Odds(OddsArgs),
    /// Odds of one attack against an AC: cover, Advantage/Disadvantage, Critical Hit range,
    /// and the damage dice on a hit and on a Critical Hit.
    Attack(AttackArgs),
    /// Damage after flat reduction, Resistance, Vulnerability and Immunity, in that order.
    Damage(DamageArgs),
    /// The Constitution save DC to keep Concentration after taking damage.
    Concentration(ConcentrationArgs),
    /// Fall damage dice for a fall of N feet.
    Fall(FallArgs),
    /// Long and high jump distances in feet.
    Jump(JumpArgs),
    /// Carrying capacity and drag/lift/push limit in pounds.
    Carry(CarryArgs),
    /// The modifier of an ability score.
    Modifier(ModifierArgs),
    /// Distance of a travel day at a pace, and the extended-travel saves.
    Travel(TravelArgs),
    /// What a condition does, in our own words, with its checklist IDs.
    Condition(ConditionArgs),
    /// Turn SRD 5.2 JSON (open5e or 5e-database) into a Delve content pack.
    Import(ImportArgs),
}

#[derive(clap::Args)]
pub struct OddsArgs {
    /// Everything added to the d20 (modifier, proficiency, other bonuses).
    #[arg(long, allow_negative_numbers = true)]
    pub bonus: i32,
    /// The DC (or the AC with --attack).
    #[arg(long)]
    pub dc: i32,
    /// An attack roll: natural 20 hits and is a Critical Hit, natural 1 misses.
    #[arg(long)]
    pub attack: bool,
    /// Number of Advantage sources.
    #[arg(long, default_value_t = 0)]
    pub advantage: u32,
    /// Number of Disadvantage sources.
    #[arg(long, default_value_t = 0)]
    pub disadvantage: u32,
    /// Exhaustion level 0–5 (−2 per level).
    #[arg(long, default_value_t = 0)]
    pub exhaustion: u8,
    /// Spend Heroic Inspiration to reroll one d20 when the test fails.
    #[arg(long)]
    pub heroic_inspiration: bool,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct AttackArgs {
    /// The attack bonus (ability modifier, proficiency, other bonuses).
    #[arg(long, allow_negative_numbers = true)]
    pub bonus: i32,
    /// The target's Armor Class before cover.
    #[arg(long)]
    pub ac: i32,
    /// none, half, three-quarters or total.
    #[arg(long, default_value = "none")]
    pub cover: String,
    /// Number of Advantage sources.
    #[arg(long, default_value_t = 0)]
    pub advantage: u32,
    /// Number of Disadvantage sources.
    #[arg(long, default_value_t = 0)]
    pub disadvantage: u32,
    /// The attacker's Exhaustion level 0–5 (−2 per level).
    #[arg(long, default_value_t = 0)]
    pub exhaustion: u8,
    /// Lowest d20 face that is a Critical Hit, when a feature says so (20 by the general rule).
    #[arg(long)]
    pub crit_on: Option<u8>,
    /// Damage dice on a hit, e.g. 1d8+3.
    #[arg(long)]
    pub damage: Option<String>,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct DamageArgs {
    #[arg(long)]
    pub amount: u32,
    /// Damage type (acid, bludgeoning, cold, fire, force, lightning, necrotic, piercing,
    /// poison, psychic, radiant, slashing, thunder).
    #[arg(long = "type")]
    pub damage_type: String,
    #[arg(long)]
    pub resistance: bool,
    #[arg(long)]
    pub vulnerability: bool,
    #[arg(long)]
    pub immunity: bool,
    /// Flat reduction applied first (never below 0).
    #[arg(long, default_value_t = 0)]
    pub reduction: u32,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct ConcentrationArgs {
    #[arg(long)]
    pub damage: u32,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct FallArgs {
    #[arg(long)]
    pub feet: u64,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct JumpArgs {
    /// Strength score 1–30.
    #[arg(long, allow_negative_numbers = true)]
    pub strength: i32,
    /// With a run-up of at least 10 feet.
    #[arg(long)]
    pub running: bool,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct CarryArgs {
    /// Strength score 1–30.
    #[arg(long, allow_negative_numbers = true)]
    pub strength: i32,
    /// tiny, small, medium, large, huge or gargantuan.
    #[arg(long, default_value = "medium")]
    pub size: String,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct ModifierArgs {
    /// Ability score 1–30.
    #[arg(long, allow_negative_numbers = true)]
    pub score: i32,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct TravelArgs {
    /// fast, normal or slow.
    #[arg(long)]
    pub pace: String,
    /// Hours travelled (0–24).
    #[arg(long)]
    pub hours: u32,
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct ConditionArgs {
    /// Condition name, e.g. prone.
    pub name: String,
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: DndArgs) -> CliResult {
    match args.command {
        DndCommand::Odds(a) => run_odds(&a),
        DndCommand::Attack(a) => run_attack(&a),
        DndCommand::Damage(a) => run_damage(&a),
        DndCommand::Concentration(a) => {
            let dc = concentration_dc(a.damage)?;
            emit(
                a.json,
                json!({ "dc": dc }),
                format!(
                    "Concentration save: Constitution DC {dc} (half of {} damage, at least 10, at most 30; DD-MAG-09.c)",
                    a.damage
                ),
            )
        }
        DndCommand::Fall(a) => {
            let d = fall_damage(a.feet)?;
            let dice = if d.count == 0 {
                "0".to_string()
            } else {
                d.to_string()
            };
            let text = if d.count == 0 {
                format!(
                    "A {} ft fall does no damage and leaves the creature standing (DD-HAZ-05).",
                    a.feet
                )
            } else {
                format!(
                    "A {} ft fall: {dice} bludgeoning damage at the end of the fall, then Prone if any damage was taken (DD-HAZ-05).",
                    a.feet
                )
            };
            emit(a.json, json!({ "dice": dice }), text)
        }
        DndCommand::Jump(a) => {
            let j = jump(a.strength, a.running)?;
            let how = if a.running {
                "with a 10 ft run-up"
            } else {
                "standing"
            };
            emit(
                a.json,
                json!({ "long_jump_feet": j.long_jump_ft, "high_jump_feet": j.high_jump_ft }),
                format!(
                    "Strength {} {how}: long jump {} ft, high jump {} ft (DD-MOVE-08, DD-MOVE-09).",
                    a.strength, j.long_jump_ft, j.high_jump_ft
                ),
            )
        }
        DndCommand::Carry(a) => {
            let size = Size::parse(&a.size)?;
            let c = carrying_capacity(a.strength, size)?;
            emit(
                a.json,
                json!({ "carry_lb": c.carry_lb, "drag_lift_push_lb": c.drag_lift_push_lb }),
                format!(
                    "{} creature, Strength {}: carries {} lb; drags, lifts or pushes {} lb at Speed 5 ft at most (DD-MOVE-21).",
                    size.name(),
                    a.strength,
                    c.carry_lb,
                    c.drag_lift_push_lb
                ),
            )
        }
        DndCommand::Modifier(a) => {
            let m = ability_modifier(a.score)?;
            emit(
                a.json,
                json!({ "modifier": m }),
                format!("Score {} → modifier {m:+} (DD-CORE-02.b).", a.score),
            )
        }
        DndCommand::Travel(a) => run_travel(&a),
        DndCommand::Condition(a) => run_condition(&a),
        DndCommand::Import(a) => run_import(&a),
    }
}

/// Prints the JSON object (one line) or the text.
fn emit(as_json: bool, value: serde_json::Value, text: String) -> CliResult {
    if as_json {
        println!("{value}");
    } else {
        println!("{text}");
    }
    Ok(())
}

fn run_odds(a: &OddsArgs) -> CliResult {
    let kind = if a.attack {
        D20TestKind::AttackRoll
    } else {
        D20TestKind::AbilityCheck
    };
    let mode = RollMode::from_sources(a.advantage, a.disadvantage);
    let test = D20Test {
        kind,
        bonus: a.bonus,
        target: a.dc,
        mode,
        exhaustion: a.exhaustion,
    };
    let o = d20_odds(&test, a.heroic_inspiration)?;
    let success = o.success.to_f64().unwrap_or(0.0);
    let critical = o.critical.to_f64().unwrap_or(0.0);
    if a.json {
        println!(
            "{}",
            json!({
                "success": success,
                "success_exact": o.success.to_string(),
                "critical": critical,
            })
        );
        return Ok(());
    }
    let what = if a.attack {
        format!("Attack {:+} against AC {}", a.bonus, a.dc)
    } else {
        format!("D20 Test {:+} against DC {}", a.bonus, a.dc)
    };
    let dice = match mode {
        RollMode::Normal => "one d20",
        RollMode::Advantage => "two d20, higher kept (Advantage)",
        RollMode::Disadvantage => "two d20, lower kept (Disadvantage)",
    };
    println!("{what}, {dice}.");
    if a.exhaustion > 0 {
        println!(
            "Exhaustion {}: {} on the total.",
            a.exhaustion,
            -2 * i32::from(a.exhaustion)
        );
    }
    if a.heroic_inspiration {
        println!("Heroic Inspiration rerolls one d20 when the test fails.");
    }
    println!("Success:  {:>7.3}%  ({})", success * 100.0, o.success);
    if a.attack {
        println!("Critical: {:>7.3}%  ({})", critical * 100.0, o.critical);
    }
    Ok(())
}

fn run_attack(a: &AttackArgs) -> CliResult {
    use delve_dnd2024::combat::{AttackReach, AttackRequest, AttackTarget, plan_attack};
    use delve_dnd2024::conditions::{Conditions, Exhaustion, ExhaustionSource};
    use delve_dnd2024::core::DamageDice;
    use delve_dnd2024::cover::Cover;
    use delve_dnd2024::exceptions::{Exceptions, RuleKey, RuleValue};
    use delve_dnd2024::odds::d20_odds_with;
    let cover = Cover::parse(&a.cover)?;
    let damage = a.damage.as_deref().map(DamageDice::parse).transpose()?;
    let mut ex = Exceptions::general();
    if let Some(face) = a.crit_on {
        ex = ex.specific(
            RuleKey::CriticalHitFace,
            RuleValue::Number(i64::from(face)),
            "--crit-on",
        )?;
    }
    let target_conditions = Conditions::default();
    let mut attacker = Conditions::default();
    if a.exhaustion > 5 {
        return Err(RulesError::OutOfRange {
            what: "exhaustion level",
            min: 0,
            max: 5,
            got: i64::from(a.exhaustion),
            rule: "DD-COND-05.b",
        }
        .into());
    }
    attacker.exhaustion =
        Exhaustion::with_levels(vec![ExhaustionSource::Other; usize::from(a.exhaustion)])?;
    let plan = plan_attack(&AttackRequest {
        bonus: a.bonus,
        reach: AttackReach::Melee { reach_ft: 5 },
        distance_ft: 5,
        target: AttackTarget::Creature {
            armor_class: a.ac,
            conditions: &target_conditions,
        },
        cover,
        attacker: &attacker,
        attacker_sees_target: true,
        target_sees_attacker: true,
        target_is_grappler: false,
        fear_source_in_sight: false,
        enemy_within_5ft: false,
        other_advantage: a.advantage,
        other_disadvantage: a.disadvantage,
        damage,
    })?;
    let o = d20_odds_with(&plan.test, false, &ex)?;
    let crit_face = ex.number(RuleKey::CriticalHitFace)?;
    let hit = o.success.to_f64().unwrap_or(0.0);
    let critical = o.critical.to_f64().unwrap_or(0.0);
    let mode = match plan.test.mode {
        RollMode::Normal => "normal",
        RollMode::Advantage => "advantage",
        RollMode::Disadvantage => "disadvantage",
    };
    let on_hit = damage.map(|d| d.to_string());
    let on_crit = damage.map(|d| d.critical().to_string());
    if a.json {
        println!(
            "{}",
            json!({
                "target_ac": plan.test.target,
                "mode": mode,
                "hit": hit,
                "hit_exact": o.success.to_string(),
                "critical": critical,
                "critical_exact": o.critical.to_string(),
                "critical_on": crit_face,
                "damage": on_hit,
                "critical_damage": on_crit,
            })
        );
        return Ok(());
    }
    println!(
        "Attack {:+} against AC {} ({} cover → AC {}), {mode} (DD-CBT-04).",
        a.bonus,
        a.ac,
        cover.name(),
        plan.test.target
    );
    println!("Hit:      {:>7.3}%  ({})", hit * 100.0, o.success);
    println!(
        "Critical: {:>7.3}%  ({}; a Critical Hit on {crit_face}–20)",
        critical * 100.0,
        o.critical
    );
    if let (Some(h), Some(c)) = (on_hit, on_crit) {
        println!("Damage on a hit: {h}; on a Critical Hit: {c}.");
    }
    Ok(())
}

fn run_damage(a: &DamageArgs) -> CliResult {
    let t = DamageType::parse(&a.damage_type)?;
    let reduction = i32::try_from(a.reduction).map_err(|_| RulesError::OutOfRange {
        what: "reduction",
        min: 0,
        max: i64::from(i32::MAX),
        got: i64::from(a.reduction),
        rule: "input limit",
    })?;
    let d = Defences {
        resistance: a.resistance,
        vulnerability: a.vulnerability,
        immunity: a.immunity,
        flat: -reduction,
        threshold: 0,
    };
    let damage = adjust_damage(a.amount, &d, &Interpretations::default());
    emit(
        a.json,
        json!({ "damage": damage }),
        format!(
            "{} {} damage → {damage} taken (reduction, then Resistance, then Vulnerability; Immunity takes none; DD-DMG-07).",
            a.amount,
            t.name()
        ),
    )
}

fn run_travel(a: &TravelArgs) -> CliResult {
    let pace = Pace::parse(&a.pace)?;
    let day = travel(pace, a.hours, 0)?;
    let effects: Vec<serde_json::Value> = pace
        .check_effects()
        .into_iter()
        .map(|(check, mode)| json!({ "check": check, "roll": mode }))
        .collect();
    if a.json {
        println!(
            "{}",
            json!({
                "pace": pace.name(),
                "hours": day.hours,
                "miles": day.miles,
                "feet_per_minute": pace.feet_per_minute(),
                "miles_per_day": pace.miles_per_day(),
                "checks": effects,
                "extended_travel_dcs": day.extended_travel_dcs,
            })
        );
        return Ok(());
    }
    println!(
        "{} pace for {} h: {} miles ({} ft per minute, {} miles per hour; a full day is {} miles; DD-TRV-01).",
        pace.name(),
        day.hours,
        day.miles,
        pace.feet_per_minute(),
        pace.miles_per_hour(),
        pace.miles_per_day()
    );
    for (check, mode) in pace.check_effects() {
        println!("  {check}: {mode:?}");
    }
    for (i, dc) in day.extended_travel_dcs.iter().enumerate() {
        println!(
            "  end of hour {}: Constitution save DC {dc} or one Exhaustion level (DD-TRV-03)",
            9 + i
        );
    }
    Ok(())
}

fn run_condition(a: &ConditionArgs) -> CliResult {
    let c = Condition::parse(&a.name)?;
    let clauses = c.description();
    if a.json {
        println!(
            "{}",
            json!({
                "condition": c.name(),
                "id": c.id(),
                "includes": c.includes().iter().map(|i| i.name()).collect::<Vec<_>>(),
                "clauses": clauses.iter().map(|(id, text)| json!({ "id": id, "text": text })).collect::<Vec<_>>(),
            })
        );
        return Ok(());
    }
    println!("{} ({})", c.name(), c.id());
    for (id, text) in clauses {
        println!("  {id}  {text}");
    }
    Ok(())
}

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["open5e", "five_e_database"])))]
pub struct ImportArgs {
    /// An open5e `data/v2/wizards-of-the-coast/srd-2024` directory (Creature.json, Spell.json, …).
    #[arg(long, value_name = "DIR")]
    pub open5e: Option<std::path::PathBuf>,
    /// A 5e-database `src/2024` file (monsters, spells or equipment).
    #[arg(long = "5e-database", value_name = "FILE")]
    pub five_e_database: Option<std::path::PathBuf>,
    /// Import only these record ids (open5e `pk`, 5e-database `index`), comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// Where to write the pack (JSON).
    #[arg(long, value_name = "PACK")]
    pub out: std::path::PathBuf,
    #[arg(long)]
    pub json: bool,
}

/// Reads and parses one JSON file, naming the file (and line and column) on failure.
fn read_json(path: &std::path::Path) -> Result<serde_json::Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text)
        .map_err(|e| format!("{}:{}:{}: {e}", path.display(), e.line(), e.column()))
}

fn run_import(a: &ImportArgs) -> CliResult {
    use delve_dnd2024::import::{Open5eFiles, import_5e_database, import_open5e};
    let only = (!a.only.is_empty()).then_some(a.only.as_slice());
    let report = if let Some(dir) = &a.open5e {
        let mut files = Open5eFiles::default();
        let mut found = 0;
        for name in Open5eFiles::FILES {
            let path = dir.join(name);
            if path.is_file() {
                files.set(name, read_json(&path)?);
                found += 1;
            }
        }
        if found == 0 {
            return Err(format!(
                "{}: none of the open5e files ({}) is there",
                dir.display(),
                Open5eFiles::FILES.join(", ")
            )
            .into());
        }
        import_open5e(&files, only)?
    } else if let Some(file) = &a.five_e_database {
        let v = read_json(file)?;
        import_5e_database(&file.display().to_string(), &v, only)?
    } else {
        return Err("give --open5e DIR or --5e-database FILE".into());
    };
    let text = serde_json::to_string_pretty(&report.pack)?;
    std::fs::write(&a.out, text + "\n").map_err(|e| format!("{}: {e}", a.out.display()))?;
    let p = &report.pack;
    if a.json {
        println!(
            "{}",
            json!({
                "out": a.out.display().to_string(),
                "creatures": p.creatures.len(),
                "spells": p.spells.len(),
                "weapons": p.weapons.len(),
                "armor": p.armor.len(),
                "skipped": report.skipped,
                "not_found": report.not_found,
            })
        );
    } else {
        println!(
            "Wrote {}: {} creatures, {} spells, {} weapons, {} armor (SRD 5.2, CC-BY-4.0 attribution included).",
            a.out.display(),
            p.creatures.len(),
            p.spells.len(),
            p.weapons.len(),
            p.armor.len()
        );
        for b in &report.skipped {
            eprintln!("skipped {}: {}", b.id, b.error);
        }
        for id in &report.not_found {
            eprintln!("not found: {id}");
        }
    }
    Ok(())
}
