//! `delve crows …`: Crows rules from the terminal.
//!
//! - `delve crows odds --stat N [--edge K] [--bane K] [--bonus B] [--expertise] [--json]`:
//!   the exact odds of a test (tier 1/2/3 after every shift, crit, doom).
//! - `delve crows test --stat N … [--seed S] [--json]`: rolls one test and shows the dice,
//!   the total, the tier and any crit or doom.
//!
//! Everything here goes through the public API of the `crows` crate (checks, odds, dice).
use crate::CliResult;
use crows::dice::DiceRng;
use crows::edges::NetEdge;
use crows::odds::{self, Fraction, TestOdds};
use crows::test_roll::{
    self, Characteristic, Modifier, ModifierSource, ResolvedTest, ShiftCause, SourceKind,
    TestRules, TestSpec,
};
use rand::SeedableRng;
use serde_json::json;

/// Largest number of edges or banes accepted on the command line (only 0, 1 and 2+ matter).
const MAX_EDGES: u32 = 20;
/// Largest absolute numeric bonus accepted on the command line.
const MAX_BONUS: i32 = 100;

#[derive(clap::Args)]
#[command(about = "Crows rules from the terminal: exact test odds and test rolls")]
pub struct CrowsArgs {
    #[command(subcommand)]
    pub command: CrowsCommand,
}

#[derive(clap::Subcommand)]
pub enum CrowsCommand {
    /// Exact odds of a test: 2d10 + characteristic + bonus, with edges and banes.
    Odds(OddsArgs),
    /// Roll one test and show the dice, the total and the tier.
    Test(TestArgs),
}

/// The test being described (shared by `odds` and `test`).
#[derive(clap::Args, Clone)]
pub struct TestOptions {
    /// The characteristic's value, −5…5.
    #[arg(long, allow_negative_numbers = true)]
    pub stat: i32,
    /// Which characteristic (recorded only; the numbers use --stat).
    #[arg(long, value_enum, default_value = "agility")]
    pub characteristic: CharacteristicArg,
    /// Number of edges on the test (cancellation applies: 1 = +2, 2+ = +1 tier).
    #[arg(long, default_value_t = 0)]
    pub edge: u32,
    /// Number of banes on the test (1 = −2, 2+ = −1 tier).
    #[arg(long, default_value_t = 0)]
    pub bane: u32,
    /// Numeric bonus (or penalty, negative) that is not an edge or bane.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    pub bonus: i32,
    /// Spend an expertise on the result (+1 tier, never on a doom).
    #[arg(long)]
    pub expertise: bool,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::ValueEnum, Clone, Copy)]
pub enum CharacteristicArg {
    Agility,
    Mind,
    Strength,
}

impl From<CharacteristicArg> for Characteristic {
    fn from(c: CharacteristicArg) -> Characteristic {
        match c {
            CharacteristicArg::Agility => Characteristic::Agility,
            CharacteristicArg::Mind => Characteristic::Mind,
            CharacteristicArg::Strength => Characteristic::Strength,
        }
    }
}

#[derive(clap::Args)]
pub struct OddsArgs {
    #[command(flatten)]
    pub test: TestOptions,
}

#[derive(clap::Args)]
pub struct TestArgs {
    #[command(flatten)]
    pub test: TestOptions,
    /// Seed for the roll (ChaCha8); without it a random seed is drawn and printed.
    #[arg(long)]
    pub seed: Option<u64>,
}

pub fn run(args: CrowsArgs) -> CliResult {
    match args.command {
        CrowsCommand::Odds(a) => run_odds(&a.test),
        CrowsCommand::Test(a) => run_test(&a.test, a.seed),
    }
}

/// Builds the test spec from the options, refusing values outside the rules' limits.
fn spec_of(o: &TestOptions) -> Result<TestSpec, String> {
    let min = i32::from(test_roll::CHARACTERISTIC_MIN);
    let max = i32::from(test_roll::CHARACTERISTIC_MAX);
    if !(min..=max).contains(&o.stat) {
        return Err(format!(
            "--stat must be {min}…{max} (a characteristic's range, CR-CORE-08), got {}",
            o.stat
        ));
    }
    for (flag, n) in [("--edge", o.edge), ("--bane", o.bane)] {
        if n > MAX_EDGES {
            return Err(format!(
                "{flag} must be 0…{MAX_EDGES} (two or more already make a double, CR-EDGE-05), got {n}"
            ));
        }
    }
    if o.bonus.abs() > MAX_BONUS {
        return Err(format!(
            "--bonus must be −{MAX_BONUS}…{MAX_BONUS} (CLI limit), got {}",
            o.bonus
        ));
    }
    // In range by the check above.
    let stat = i8::try_from(o.stat).map_err(|e| e.to_string())?;
    let mut spec = TestSpec::new(o.characteristic.into(), stat);
    for i in 0..o.edge {
        spec = spec.with_modifier(Modifier::edge(ModifierSource::new(
            SourceKind::Referee,
            format!("edge {}", i + 1),
        )));
    }
    for i in 0..o.bane {
        spec = spec.with_modifier(Modifier::bane(ModifierSource::new(
            SourceKind::Referee,
            format!("bane {}", i + 1),
        )));
    }
    if o.bonus != 0 {
        spec = spec.with_modifier(Modifier::bonus(
            ModifierSource::new(SourceKind::Referee, "bonus"),
            o.bonus,
        ));
    }
    Ok(spec)
}

fn fraction_json(f: Fraction) -> serde_json::Value {
    json!(f.to_string())
}

fn odds_json(o: &TestOdds) -> serde_json::Value {
    json!({
        "tier_1": o.tier_1.to_f64(),
        "tier_2": o.tier_2.to_f64(),
        "tier_3": o.tier_3.to_f64(),
        "crit": o.crit.to_f64(),
        "doom": o.doom.to_f64(),
        "exact": {
            "tier_1": fraction_json(o.tier_1),
            "tier_2": fraction_json(o.tier_2),
            "tier_3": fraction_json(o.tier_3),
            "crit": fraction_json(o.crit),
            "doom": fraction_json(o.doom),
        }
    })
}

fn describe(o: &TestOptions) -> String {
    let sign = |v: i32| {
        if v < 0 {
            format!("− {}", -v)
        } else {
            format!("+ {v}")
        }
    };
    let mut s = format!(
        "2d10 {} ({:?})",
        sign(o.stat),
        Characteristic::from(o.characteristic)
    );
    if o.bonus != 0 {
        s.push_str(&format!(" {} bonus", sign(o.bonus)));
    }
    s.push_str(&format!(", {} edge(s), {} bane(s)", o.edge, o.bane));
    let net = match crows::edges::net(o.edge, o.bane) {
        NetEdge::None => "nothing",
        NetEdge::Edge => "an edge (+2)",
        NetEdge::DoubleEdge => "a double edge (+1 tier)",
        NetEdge::Bane => "a bane (−2)",
        NetEdge::DoubleBane => "a double bane (−1 tier)",
    };
    s.push_str(&format!(" → made with {net}"));
    s
}

fn pct(f: Fraction) -> String {
    format!("{:6.2}%", f.to_f64() * 100.0)
}

fn run_odds(o: &TestOptions) -> CliResult {
    let spec = spec_of(o)?;
    let rules = TestRules::standard();
    let both = odds::odds_with_expertise(&spec, rules)?;
    let chosen = if o.expertise {
        both.with_expertise
    } else {
        both.without
    };
    if o.json {
        println!("{}", odds_json(&chosen));
        return Ok(());
    }
    println!("Test: {}", describe(o));
    if o.expertise {
        println!("An expertise is spent on the result whenever it helps (never on a doom).");
    }
    println!();
    println!(
        "{:<8} {:>8} {:>9}   {:>16}",
        "", "chance", "exact", "with expertise"
    );
    let rows = [
        ("tier 1", chosen.tier_1, both.with_expertise.tier_1),
        ("tier 2", chosen.tier_2, both.with_expertise.tier_2),
        ("tier 3", chosen.tier_3, both.with_expertise.tier_3),
        ("crit", chosen.crit, both.with_expertise.crit),
        ("doom", chosen.doom, both.with_expertise.doom),
    ];
    for (label, p, with) in rows {
        println!(
            "{label:<8} {} {:>9}   {:>16}",
            pct(p),
            p.to_string(),
            pct(with).trim()
        );
    }
    println!();
    println!(
        "Tiers: ≤11 → 1, 12–16 → 2, 17+ → 3; natural 19–20 is a crit (tier 3), 2–3 a doom (tier 1)."
    );
    Ok(())
}

fn cause_label(cause: &ShiftCause) -> String {
    match cause {
        ShiftCause::DoubleEdge => "double edge".to_owned(),
        ShiftCause::DoubleBane => "double bane".to_owned(),
        ShiftCause::Modifier { source } => format!("tier shift from {}", source.name),
        ShiftCause::Expertise { .. } => "expertise".to_owned(),
        ShiftCause::Crit => "crit".to_owned(),
        ShiftCause::Doom => "doom".to_owned(),
        ShiftCause::Automatic { source } => format!("automatic result from {}", source.name),
    }
}

fn run_test(o: &TestOptions, seed: Option<u64>) -> CliResult {
    let spec = spec_of(o)?;
    let seed = seed.unwrap_or_else(rand::random);
    let mut rng = DiceRng::seed_from_u64(seed);
    let faces = crows::dice::roll_2d10(&mut rng);
    let rolled = test_roll::roll_test(&spec, faces, TestRules::standard())?;
    let spend = o.expertise && rolled.expertise_would_help();
    let tier_at_commit = rolled.tier_before_expertise;
    let resolved: ResolvedTest = if spend {
        // The CLI has no character sheet: the commit needs a name for its record, so a
        // stand-in is used; the output only ever says "expertise".
        rolled.commit(Some(crows::expertise::ExpertiseName::Search))?
    } else {
        rolled.commit(None)?
    };
    if o.json {
        let out = json!({
            "seed": seed,
            "faces": resolved.rolled.faces,
            "natural": resolved.rolled.natural,
            "stat": o.stat,
            "bonus": resolved.rolled.bonus_total,
            "edge_modifier": resolved.rolled.edge_modifier,
            "net": resolved.rolled.net,
            "total": resolved.rolled.total,
            "base_tier": resolved.rolled.base_tier,
            "tier_before_expertise": tier_at_commit,
            "expertise_spent": spend,
            "tier": resolved.final_tier,
            "crit": resolved.crit,
            "doom": resolved.doom,
            "steps": resolved.steps.iter().map(|st| json!({
                "cause": cause_label(&st.cause),
                "from": st.from,
                "to": st.to,
            })).collect::<Vec<_>>(),
            "decisions": resolved.decisions(),
        });
        println!("{out}");
        return Ok(());
    }
    let r = &resolved.rolled;
    println!("Test: {}", describe(o));
    println!("Seed: {seed}");
    println!(
        "Dice: {} + {} = {} (natural)",
        r.faces[0], r.faces[1], r.natural
    );
    println!(
        "Total: {} {:+} (stat) {:+} (bonus) {:+} (edge/bane) = {}",
        r.natural, o.stat, r.bonus_total, r.edge_modifier, r.total
    );
    println!("Base tier: {}", r.base_tier.number());
    for step in &resolved.steps {
        println!(
            "  {}: tier {} → tier {}",
            cause_label(&step.cause),
            step.from.number(),
            step.to.number()
        );
    }
    let flag = if resolved.crit {
        " — CRIT"
    } else if resolved.doom {
        " — DOOM"
    } else {
        ""
    };
    println!("Result: tier {}{flag}", resolved.final_tier.number());
    for d in resolved.decisions() {
        println!("Left to the {:?} ({}): {:?}", d.decider, d.rule, d.options);
    }
    Ok(())
}
