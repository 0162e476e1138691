//! `delve forecast`: the Referee's forecasts of an offline table (see `engine::forecast` and
//! the ruleset's own kinds: Crows `fight` and `expedition`, D&D 2024 `fight`, ACKS `fight`),
//! with a progress bar on long runs and `--json` for scripts.

use crate::CliResult;
use crate::table_cmd::registry;
use clap::{Args, Subcommand};
use engine::Viewer;
use engine::forecast::{ForecastOptions, MAX_RUNS, MAX_THREADS};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;
use store::{EventStore, SqliteStore, Tables};

#[derive(Args)]
pub struct ForecastArgs {
    #[command(subcommand)]
    kind: Kind,
}

#[derive(Subcommand)]
enum Kind {
    /// How the fight in progress (or the creatures placed on the grid) is likely to end:
    /// each side's chance to win, each creature's to die, be knocked out and gain wounds
    /// (Crows), to die, drop to 0 hit points and be left down (D&D 2024, ACKS).
    Fight {
        #[command(flatten)]
        common: Common,
        /// A fight still undecided after this many rounds counts as a draw (1 to 200).
        #[arg(long, default_value_t = 30)]
        max_rounds: u32,
        /// ACKS: a character's weapon damage dice, `ID=DICE` (repeatable; default 1d6).
        #[arg(long = "weapon", value_name = "ID=DICE")]
        weapons: Vec<String>,
        /// ACKS: who fights when no fight is under way (repeatable; default every character
        /// and every revealed monster).
        #[arg(long = "combatant", value_name = "ID")]
        combatants: Vec<String>,
    },
    /// The next N dungeon turns: will the light last, will the rations, how many encounters.
    Expedition {
        #[command(flatten)]
        common: Common,
        /// Dungeon turns to play forward (1 to 200).
        #[arg(long)]
        turns: u32,
        /// The party rests (eating rations) after every this many turns; omitted: no rest.
        #[arg(long)]
        rest_every: Option<u32>,
    },
}

#[derive(Args)]
struct Common {
    /// The table's id (see `delve table list`).
    #[arg(long)]
    table: String,
    /// SQLite database file.
    #[arg(long, default_value = "./delve.db")]
    db: PathBuf,
    /// How many times to play the situation forward.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_RUNS)))]
    runs: u32,
    /// How every decision is answered and every turn taken: `tactical` (default) or
    /// `defaults` (each decision's offered default).
    #[arg(long)]
    policy: Option<String>,
    /// Seed of the forecast's dice (the same seed gives the same report on any number of
    /// threads). Omitted: drawn at random and printed.
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_THREADS as u64))]
    threads: Option<u64>,
    /// Print one JSON object instead of the summary.
    #[arg(long)]
    json: bool,
}

pub fn run(args: ForecastArgs) -> CliResult {
    let (kind, common, forecast_args) = match args.kind {
        Kind::Fight {
            common,
            max_rounds,
            weapons,
            combatants,
        } => {
            let mut args = json!({"max_rounds": max_rounds});
            if !weapons.is_empty() {
                let mut map = serde_json::Map::new();
                for w in &weapons {
                    let Some((id, dice)) = w.split_once('=') else {
                        return Err(
                            format!("--weapon takes ID=DICE (e.g. brena=1d8), not `{w}`").into(),
                        );
                    };
                    map.insert(id.to_string(), json!(dice));
                }
                args["weapons"] = Value::Object(map);
            }
            if !combatants.is_empty() {
                args["combatants"] = json!(combatants);
            }
            ("fight", common, args)
        }
        Kind::Expedition {
            common,
            turns,
            rest_every,
        } => (
            "expedition",
            common,
            json!({"turns": turns, "rest_every": rest_every}),
        ),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let table = runtime.block_on(async {
        let sqlite = SqliteStore::open(&common.db).await?;
        let store: Arc<dyn EventStore> = Arc::new(sqlite.clone());
        let tables = Tables::new(store, Arc::new(registry()));
        let table = tables.load(&common.table).await;
        sqlite.close().await;
        table.map_err(Box::<dyn std::error::Error>::from)
    })?;
    let threads = common.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t as usize,
    );
    let options = ForecastOptions {
        runs: common.runs,
        seed: common.seed.unwrap_or_else(rand::random),
        threads: threads.min(MAX_THREADS),
        policy: common.policy,
    };
    let bar = indicatif::ProgressBar::new(u64::from(options.runs));
    if common.json {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} runs, {elapsed} ({eta} left)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let now = engine::WallClock::now_ms(&engine::SystemClock);
    let report = table
        .forecast(
            &Viewer::Referee,
            kind,
            &forecast_args,
            &options,
            now,
            &|n| bar.set_position(u64::from(n)),
        )
        .map_err(|e| e.message)?;
    bar.finish_and_clear();
    if common.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", summary(&report));
    }
    Ok(())
}

/// The creatures of a fight measured in hit points (D&D 2024, ACKS): dies, ends down (dying,
/// Stable, knocked out; in ACKS at 0 hp or less with its Mortal Wounds roll to come), dropped
/// to 0 hit points at some point, fled (ACKS' morale), hit points left.
fn hp_table(out: &mut String, r: &Value) {
    use std::fmt::Write as _;
    let _ = writeln!(
        out,
        "\n  {:<12}{:<12}{:>8}{:>9}{:>12}{:>8}{:>10}",
        "creature", "side", "dies", "down", "drops to 0", "flees", "hp left"
    );
    if let Some(cs) = r["creatures"].as_object() {
        for (id, c) in cs {
            let flees = if c.get("flees").is_some() {
                pct(&c["flees"])
            } else {
                "-".to_string()
            };
            let _ = writeln!(
                out,
                "  {:<12}{:<12}{:>8}{:>9}{:>12}{:>8}{:>10.2}",
                id,
                c["side"].as_str().unwrap_or(""),
                pct(&c["dies"]),
                pct(&c["knocked_out"]),
                pct(&c["drops_to_0_hp"]),
                flees,
                c["hp_left_mean"].as_f64().unwrap_or(0.0),
            );
        }
    }
    if let Some(w) = r["weapons"].as_object().filter(|w| !w.is_empty()) {
        let list: Vec<String> = w
            .iter()
            .map(|(id, d)| format!("{id} {}", d.as_str().unwrap_or("?")))
            .collect();
        let _ = writeln!(out, "\n  weapons: {}", list.join(", "));
    }
}

fn pct(v: &Value) -> String {
    format!("{:5.1} %", v.as_f64().unwrap_or(0.0) * 100.0)
}

fn interval(v: &Value) -> String {
    format!(
        "[{:.1}, {:.1}]",
        v[0].as_f64().unwrap_or(0.0) * 100.0,
        v[1].as_f64().unwrap_or(0.0) * 100.0
    )
}

/// The report in words, for a terminal.
fn summary(r: &Value) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let head = format!(
        "{} forecast: {} runs, seed {}, policy {}",
        r["kind"].as_str().unwrap_or("?"),
        r["runs"],
        r["seed"],
        r["policy"].as_str().unwrap_or("?")
    );
    let _ = writeln!(out, "{head}");
    match r["kind"].as_str() {
        Some("fight") => {
            let _ = writeln!(
                out,
                "  (a fight undecided after {} rounds is a draw)",
                r["max_rounds"]
            );
            if let Some(sides) = r["sides"].as_object() {
                for (name, s) in sides {
                    let p = if name == "draw" { &s["p"] } else { &s["win"] };
                    let what = if name == "draw" {
                        "draw".to_string()
                    } else {
                        format!("{name} win")
                    };
                    let _ = writeln!(out, "  {what:<14}{}  95 % {}", pct(p), interval(&s["ci95"]));
                }
            }
            let _ = writeln!(
                out,
                "  rounds        {:5.2}    95 % [{:.2}, {:.2}]",
                r["rounds_mean"].as_f64().unwrap_or(0.0),
                r["rounds_ci95"][0].as_f64().unwrap_or(0.0),
                r["rounds_ci95"][1].as_f64().unwrap_or(0.0)
            );
            let by_hp = r["creatures"]
                .as_object()
                .and_then(|cs| cs.values().next())
                .is_some_and(|c| c.get("hp_left_mean").is_some());
            if by_hp {
                hp_table(&mut out, r);
            } else {
                let _ = writeln!(
                    out,
                    "\n  {:<12}{:<9}{:>8}{:>13}{:>14}{:>8}{:>14}{:>12}",
                    "creature",
                    "side",
                    "dies",
                    "knocked out",
                    "gains wounds",
                    "wounds",
                    "Stamina left",
                    "usage dice"
                );
            }
            if let Some(cs) = r["creatures"].as_object().filter(|_| !by_hp) {
                for (id, c) in cs {
                    let _ = writeln!(
                        out,
                        "  {:<12}{:<9}{:>8}{:>13}{:>14}{:>8.2}{:>14.2}{:>12.2}",
                        id,
                        c["side"].as_str().unwrap_or(""),
                        pct(&c["dies"]),
                        pct(&c["knocked_out"]),
                        pct(&c["gains_wounds"]),
                        c["wounds_mean"].as_f64().unwrap_or(0.0),
                        c["stamina_left_mean"].as_f64().unwrap_or(0.0),
                        c["usage_dice_spent_mean"].as_f64().unwrap_or(0.0),
                    );
                }
            }
            let stuck = r["stuck"].as_u64().unwrap_or(0);
            if stuck > 0 {
                let _ = writeln!(
                    out,
                    "\n  {stuck} runs stopped where the policy found no accepted command (counted as draws)"
                );
            }
        }
        Some("expedition") => {
            let rest = r["rest_every"]
                .as_u64()
                .map_or(String::new(), |k| format!(", a rest every {k}"));
            let _ = writeln!(out, "  {} dungeon turns{rest}", r["turns"]);
            for (what, key) in [
                ("light runs out", "light_runs_out"),
                ("no ration left", "rations_run_out"),
                ("encounter per turn", "encounter_per_turn"),
            ] {
                let _ = writeln!(
                    out,
                    "  {what:<20}{}  95 % {}",
                    pct(&r[key]["p"]),
                    interval(&r[key]["ci95"])
                );
            }
            for (what, key) in [
                ("encounter checks", "encounter_checks_mean"),
                ("encounters", "encounters_mean"),
            ] {
                let _ = writeln!(out, "  {what:<20}{:6.2}", r[key].as_f64().unwrap_or(0.0));
            }
        }
        _ => {
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(r).unwrap_or_default()
            );
        }
    }
    out
}
