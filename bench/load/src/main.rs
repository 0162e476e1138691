//! `delve-load`: a bounded loopback load test of the Delve table server.
//!
//! The server runs in this process (see [`harness`]) on a fresh SQLite file or a fresh
//! PostgreSQL database, with the `demo` ruleset. Simulated players talk to it over real HTTP
//! and WebSocket connections on 127.0.0.1 only. Scenarios:
//!
//! - `closed`: T tables × M players; each player holds a live WebSocket and sends `add`
//!   commands back to back (the next when the last is acknowledged). Reports durable commands
//!   per second (acknowledged = committed and synced) and latency. The per-connection command
//!   rate limit is raised for this scenario (closed loop exceeds any fixed rate by design).
//! - `open`: the same clients at a fixed rate each (default 10/s × 200 = 2,000/s), under the
//!   server's default limits; latency counts from each command's scheduled time.
//! - `fanout`: one table, N WebSocket clients; the Referee posts notes one at a time; reports
//!   the time from the commit returning in the store to each client reading the event.
//!
//! Every loop is bounded in time and count and the tool stops by itself.

mod clients;
mod harness;
mod stats;

use clap::Parser;
use clients::{LiveStats, LoopResult, Player};
use futures_util::StreamExt;
use harness::{Backend, Running};
use stats::{Summary, summarize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::sync::watch;

pub type Res<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// Targets from issue 8 (benchmarks, not tests).
const TARGET_CMDS_PER_S: f64 = 2000.0;
const TARGET_P99_MS: f64 = 25.0;
const TARGET_FANOUT_P99_MS: f64 = 50.0;

/// Upper bounds that keep a run bounded whatever the arguments.
const MAX_SECONDS: f64 = 300.0;
const MAX_CLIENTS: usize = 5000;

#[derive(Parser, Debug)]
#[command(about = "Bounded loopback load and fan-out benchmark of the Delve table server")]
struct Args {
    /// Backends to measure: sqlite, postgres, memory (comma-separated; memory is a baseline
    /// without durability, for profiling).
    #[arg(long, default_value = "sqlite,postgres", value_delimiter = ',')]
    backends: Vec<String>,
    /// Scenarios: closed, open, fanout (comma-separated).
    #[arg(long, default_value = "closed,open,fanout", value_delimiter = ',')]
    scenarios: Vec<String>,
    /// PostgreSQL server; each scenario creates its own database there and drops it after.
    #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/test")]
    pg_url: String,
    /// Tables in the command scenarios.
    #[arg(long, default_value_t = 10)]
    tables: usize,
    /// Players per table (each with one HTTP connection and one live WebSocket).
    #[arg(long, default_value_t = 20)]
    clients_per_table: usize,
    /// Commands per second per player in the open-loop scenario.
    #[arg(long, default_value_t = 10.0)]
    rate: f64,
    /// Seconds of warm-up (not measured) before each command scenario.
    #[arg(long, default_value_t = 2.0)]
    warmup: f64,
    /// Seconds measured in each command scenario.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// WebSocket clients in the fan-out scenario.
    #[arg(long, default_value_t = 1000)]
    fanout_clients: usize,
    /// Players whose tokens the fan-out clients share (round robin).
    #[arg(long, default_value_t = 10)]
    fanout_players: usize,
    /// Events sent one at a time in the fan-out scenario.
    #[arg(long, default_value_t = 20)]
    fanout_events: usize,
    /// Pause between two fan-out events (ms).
    #[arg(long, default_value_t = 250)]
    fanout_interval_ms: u64,
    /// Directory for the temporary SQLite files (default: the system temp directory).
    #[arg(long)]
    dir: Option<PathBuf>,
}

/// Results of one command scenario.
struct CommandRun {
    backend: &'static str,
    mode: &'static str,
    clients: usize,
    offered: Option<f64>,
    seconds: f64,
    result: LoopResult,
    latency: Summary,
    append: Summary,
    live: [u64; 4],
    /// Process CPU time (server and clients) during the measured window.
    cpu: Duration,
}

impl CommandRun {
    /// Acknowledged commands completed inside the measured window, per second.
    fn per_second(&self) -> f64 {
        self.result.done_in_window as f64 / self.seconds
    }
    /// CPU (server + clients, ms) per acknowledged command.
    fn cpu_per_command_ms(&self) -> f64 {
        self.cpu.as_secs_f64() * 1000.0 / (self.result.done_in_window.max(1)) as f64
    }
}

struct FanoutRun {
    backend: &'static str,
    clients: usize,
    events: usize,
    /// Commit → receipt, every client and event.
    latency: Summary,
    /// Commit → the last client's receipt, per event.
    last: Summary,
    /// Command sent → receipt (what a player sees after the Referee clicks).
    from_send: Summary,
    missing: usize,
    live: [u64; 4],
    /// Process CPU time per event delivered to every client.
    cpu_per_event: Duration,
}

fn live_counts(s: &LiveStats) -> [u64; 4] {
    [
        s.events.load(Ordering::Relaxed),
        s.out_of_order.load(Ordering::Relaxed),
        s.resumes.load(Ordering::Relaxed),
        s.ended_early.load(Ordering::Relaxed),
    ]
}

fn say(msg: &str) {
    eprintln!("[delve-load] {msg}");
}

async fn command_scenario(
    backend: &Backend,
    args: &Args,
    dir: &std::path::Path,
    open: bool,
) -> Res<CommandRun> {
    let mut limits = harness::Limits::default();
    if open {
        if args.rate > limits.commands_per_second {
            say(&format!(
                "note: {}/s per client exceeds the default limit of {}/s; raising it",
                args.rate, limits.commands_per_second
            ));
            limits.commands_per_second = args.rate * 2.0;
            limits.command_burst = args.rate * 4.0;
        }
    } else {
        limits.commands_per_second = 1e9;
        limits.command_burst = 1e9;
    }
    let srv = harness::start(backend, limits, dir).await?;
    let outcome = run_commands(&srv, args, open).await;
    srv.stop().await?;
    let (result, append, live, cpu) = outcome?;
    let clients = args.tables * args.clients_per_table;
    Ok(CommandRun {
        backend: backend.name(),
        mode: if open { "open" } else { "closed" },
        clients,
        offered: open.then_some(args.rate * clients as f64),
        seconds: args.seconds,
        latency: summarize(result.latencies.clone()),
        result,
        append,
        live,
        cpu,
    })
}

async fn run_commands(
    srv: &Running,
    args: &Args,
    open: bool,
) -> Res<(LoopResult, Summary, [u64; 4], Duration)> {
    let setups = futures_util::future::join_all((0..args.tables).map(|t| {
        clients::setup_table(&srv.base, format!("load-{t}"), args.clients_per_table, true)
    }))
    .await;
    let mut players: Vec<Player> = Vec::new();
    for s in setups {
        players.extend(s?.players);
    }
    let stats = Arc::new(LiveStats::default());
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut readers = Vec::new();
    let conns = futures_util::stream::iter(
        players
            .iter()
            .map(|p| clients::connect_live(&srv.ws_base, &p.table, &p.token)),
    )
    .buffer_unordered(50)
    .collect::<Vec<_>>()
    .await;
    for c in conns {
        let (ws, last_n) = c?;
        readers.push(tokio::spawn(clients::read_live(
            ws,
            last_n,
            stats.clone(),
            stop_rx.clone(),
            None,
        )));
    }
    say(&format!(
        "{} players at {} tables seated, {} live connections open",
        players.len(),
        args.tables,
        readers.len()
    ));
    srv.probe.take_appends();
    let start = Instant::now() + Duration::from_millis(100);
    let measure_from = start + Duration::from_secs_f64(args.warmup);
    let end = measure_from + Duration::from_secs_f64(args.seconds);
    let loops: Vec<_> = players
        .iter()
        .map(|p| {
            let (base, p) = (srv.base.clone(), p.clone());
            if open {
                tokio::spawn(clients::open_loop(
                    base,
                    p,
                    args.rate,
                    start,
                    measure_from,
                    end,
                ))
            } else {
                tokio::spawn(async move {
                    tokio::time::sleep_until(start.into()).await;
                    clients::closed_loop(base, p, measure_from, end).await
                })
            }
        })
        .collect();
    let cpu_timer = tokio::spawn(async move {
        tokio::time::sleep_until(measure_from.into()).await;
        let before = harness::cpu_time();
        tokio::time::sleep_until(end.into()).await;
        harness::cpu_time().saturating_sub(before)
    });
    let mut result = LoopResult::default();
    for l in loops {
        result.merge(l.await??);
    }
    let cpu = cpu_timer.await?;
    let appends = summarize(srv.probe.take_appends());
    // Let the live streams drain, then close them.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let _ = stop_tx.send(true);
    for r in readers {
        r.await?;
    }
    Ok((result, appends, live_counts(&stats), cpu))
}

async fn fanout_scenario(backend: &Backend, args: &Args, dir: &std::path::Path) -> Res<FanoutRun> {
    let srv = harness::start(backend, harness::Limits::default(), dir).await?;
    let outcome = run_fanout(&srv, args).await;
    srv.stop().await?;
    let mut run = outcome?;
    run.backend = backend.name();
    Ok(run)
}

async fn run_fanout(srv: &Running, args: &Args) -> Res<FanoutRun> {
    let table = clients::setup_table(
        &srv.base,
        "fanout".into(),
        args.fanout_players.max(1),
        false,
    )
    .await?;
    let events = args.fanout_events;
    let stats = Arc::new(LiveStats::default());
    let (stop_tx, stop_rx) = watch::channel(false);
    let conns = futures_util::stream::iter((0..args.fanout_clients).map(|i| {
        let p = &table.players[i % table.players.len()];
        clients::connect_live(&srv.ws_base, &table.id, &p.token)
    }))
    .buffer_unordered(50)
    .collect::<Vec<_>>()
    .await;
    let mut readers = Vec::new();
    for c in conns {
        let (ws, last_n) = c?;
        readers.push(tokio::spawn(clients::read_live(
            ws,
            last_n,
            stats.clone(),
            stop_rx.clone(),
            Some(vec![None; events]),
        )));
    }
    say(&format!(
        "{} live connections open on one table",
        readers.len()
    ));
    let http = clients::http_client()?;
    let url = format!("{}/api/tables/{}/commands", srv.base, table.id);
    let mut sent = Vec::with_capacity(events);
    srv.probe.take_commits();
    srv.probe.recording.store(true, Ordering::SeqCst);
    let cpu_before = harness::cpu_time();
    for k in 0..events {
        tokio::time::sleep(Duration::from_millis(args.fanout_interval_ms)).await;
        let note = serde_json::json!({"rules": {"note": {
            "text": format!("{}{k};", clients::MARK), "secret": false}}});
        sent.push(Instant::now());
        clients::post(&http, &url, Some(&table.referee), &note).await?;
    }
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let cpu = harness::cpu_time().saturating_sub(cpu_before);
    srv.probe.recording.store(false, Ordering::SeqCst);
    let commits = srv.probe.take_commits();
    if commits.len() != events {
        return Err(format!(
            "expected {events} commits during fan-out, the store saw {}",
            commits.len()
        )
        .into());
    }
    let _ = stop_tx.send(true);
    let (mut all, mut from_send, mut last, mut missing) = (Vec::new(), Vec::new(), Vec::new(), 0);
    let mut latest: Vec<Option<Duration>> = vec![None; events];
    for r in readers {
        let marks = r.await?.unwrap_or_default();
        for (k, mark) in marks.iter().enumerate() {
            match mark {
                Some(at) => {
                    let d = at.saturating_duration_since(commits[k]);
                    all.push(d);
                    from_send.push(at.saturating_duration_since(sent[k]));
                    latest[k] = Some(latest[k].map_or(d, |m| m.max(d)));
                }
                None => missing += 1,
            }
        }
    }
    last.extend(latest.into_iter().flatten());
    Ok(FanoutRun {
        backend: "",
        clients: args.fanout_clients,
        events,
        latency: summarize(all),
        last: summarize(last),
        from_send: summarize(from_send),
        missing,
        live: live_counts(&stats),
        cpu_per_event: cpu / (events.max(1) as u32),
    })
}

/// Syncs of a small write per second on the disk under `dir` (context for the durable rate).
fn fdatasync_probe(dir: &std::path::Path) -> Res<Summary> {
    let file = tempfile::tempfile_in(dir)?;
    let mut f = &file;
    let block = [7u8; 4096];
    let mut samples = Vec::new();
    let until = Instant::now() + Duration::from_secs(1);
    while Instant::now() < until && samples.len() < 100_000 {
        let t = Instant::now();
        f.write_all(&block)?;
        file.sync_data()?;
        samples.push(t.elapsed());
    }
    Ok(summarize(samples))
}

fn errors_text(e: &BTreeMap<String, u64>) -> String {
    if e.is_empty() {
        return "none".into();
    }
    e.iter()
        .map(|(k, v)| format!("{k} ×{v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn row(backend: &str, what: &str, value: f64, target: &str, ratio: f64) {
    let verdict = if ratio >= 1.0 { "met" } else { "MISSED" };
    println!("{backend:<11} {what:<44} {value:>10.1} {target:>9} {ratio:>6.2}  {verdict}");
}

fn report(fsync: &Summary, runs: &[CommandRun], fanouts: &[FanoutRun], args: &Args) {
    println!();
    println!(
        "Delve server load benchmark: loopback, server and clients in one process on {} cores",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    println!(
        "disk: 4 KiB write + fdatasync: p50 {:.2} ms, p99 {:.2} ms ({:.0}/s one at a time)",
        fsync.p50_ms,
        fsync.p99_ms,
        if fsync.mean_ms > 0.0 {
            1000.0 / fsync.mean_ms
        } else {
            0.0
        }
    );
    println!(
        "commands: {} tables × {} players = {} clients (each one HTTP connection + one live WebSocket), \
         {} s measured after {} s warm-up",
        args.tables,
        args.clients_per_table,
        args.tables * args.clients_per_table,
        args.seconds,
        args.warmup
    );
    println!();
    println!(
        "{:<11} {:<44} {:>10} {:>9} {:>6}",
        "backend", "measure", "value", "target", "ratio"
    );
    for r in runs {
        match r.mode {
            "closed" => row(
                r.backend,
                &format!("durable commands/s (closed loop, {} clients)", r.clients),
                r.per_second(),
                "≥ 2000",
                r.per_second() / TARGET_CMDS_PER_S,
            ),
            _ => row(
                r.backend,
                &format!(
                    "p99 ms at {:.0} cmd/s offered ({} clients)",
                    r.offered.unwrap_or(0.0),
                    r.clients
                ),
                r.latency.p99_ms,
                "≤ 25",
                TARGET_P99_MS / r.latency.p99_ms.max(1e-9),
            ),
        }
    }
    for f in fanouts {
        row(
            f.backend,
            &format!("fan-out p99 ms, commit → receipt ({} clients)", f.clients),
            f.latency.p99_ms,
            "≤ 50",
            TARGET_FANOUT_P99_MS / f.latency.p99_ms.max(1e-9),
        );
    }
    println!();
    println!("details (ms):");
    for r in runs {
        println!(
            "  {} {}: {} acknowledged in the {} s window = {:.0}/s{}{}; latency p50 {:.2} p99 {:.2} \
             max {:.1}; store append p50 {:.2} p99 {:.2} ({} appends); CPU {:.2} ms per command \
             ({:.0}% of one core); live events {} (out of order {}, resumes {}, ended early {}); \
             errors: {}",
            r.backend,
            r.mode,
            r.result.done_in_window,
            r.seconds,
            r.per_second(),
            r.offered
                .map_or(String::new(), |o| format!(" of {o:.0}/s offered")),
            if r.result.unsent > 0 {
                format!(" ({} never sent: server too far behind)", r.result.unsent)
            } else {
                String::new()
            },
            r.latency.p50_ms,
            r.latency.p99_ms,
            r.latency.max_ms,
            r.append.p50_ms,
            r.append.p99_ms,
            r.append.count,
            r.cpu_per_command_ms(),
            r.cpu.as_secs_f64() * 100.0 / r.seconds,
            r.live[0],
            r.live[1],
            r.live[2],
            r.live[3],
            errors_text(&r.result.errors)
        );
    }
    for f in fanouts {
        println!(
            "  {} fan-out: {} events × {} clients; commit → receipt p50 {:.2} p99 {:.2} max {:.1}; \
             last client per event p50 {:.2} p99 {:.2}; command sent → receipt p50 {:.2} p99 {:.2}; \
             missing {}; live out of order {}, resumes {}, ended early {}; CPU {:.1} ms per event",
            f.backend,
            f.events,
            f.clients,
            f.latency.p50_ms,
            f.latency.p99_ms,
            f.latency.max_ms,
            f.last.p50_ms,
            f.last.p99_ms,
            f.from_send.p50_ms,
            f.from_send.p99_ms,
            f.missing,
            f.live[1],
            f.live[2],
            f.live[3],
            f.cpu_per_event.as_secs_f64() * 1000.0
        );
    }
}

fn check_bounds(args: &Args) -> Res<()> {
    let clients = args.tables * args.clients_per_table;
    if clients == 0 || clients > MAX_CLIENTS || args.fanout_clients > MAX_CLIENTS {
        return Err(format!("clients must be 1…{MAX_CLIENTS}").into());
    }
    if !(0.0..=MAX_SECONDS).contains(&args.seconds) || !(0.0..=MAX_SECONDS).contains(&args.warmup) {
        return Err(format!("--seconds and --warmup must be 0…{MAX_SECONDS}").into());
    }
    if args.seconds <= 0.0 || args.rate <= 0.0 || args.rate > 1000.0 {
        return Err("--seconds must be > 0 and --rate 0…1000".into());
    }
    if args.fanout_events > 1000 || args.fanout_interval_ms > 10_000 {
        return Err("--fanout-events ≤ 1000 and --fanout-interval-ms ≤ 10000".into());
    }
    Ok(())
}

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> Res<()> {
    let args = Args::parse();
    check_bounds(&args)?;
    let dir = args.dir.clone().unwrap_or_else(std::env::temp_dir);
    let mut backends = Vec::new();
    for b in &args.backends {
        backends.push(match b.as_str() {
            "sqlite" => Backend::Sqlite,
            "postgres" | "postgresql" => Backend::Postgres(args.pg_url.clone()),
            "memory" => Backend::Memory,
            other => {
                return Err(format!("unknown backend `{other}` (sqlite, postgres, memory)").into());
            }
        });
    }
    for s in &args.scenarios {
        if !["closed", "open", "fanout"].contains(&s.as_str()) {
            return Err(format!("unknown scenario `{s}` (closed, open, fanout)").into());
        }
    }
    let wants = |s: &str| args.scenarios.iter().any(|x| x == s);
    let probe_dir = dir.clone();
    let fsync = tokio::task::spawn_blocking(move || fdatasync_probe(&probe_dir)).await??;
    let (mut runs, mut fanouts) = (Vec::new(), Vec::new());
    for b in &backends {
        for (name, open) in [("closed", false), ("open", true)] {
            if wants(name) {
                say(&format!("{}: {name}-loop commands", b.name()));
                runs.push(command_scenario(b, &args, &dir, open).await?);
            }
        }
        if wants("fanout") {
            say(&format!("{}: fan-out", b.name()));
            fanouts.push(fanout_scenario(b, &args, &dir).await?);
        }
    }
    report(&fsync, &runs, &fanouts, &args);
    Ok(())
}
