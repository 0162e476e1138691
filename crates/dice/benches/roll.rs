//! Rolling throughput: the compiled fast path (`Program::roll_total`), the full result tree
//! (`roll`), and parsing. Run: `cargo bench -p delve-dice --bench roll`.
//!
//! Each fast-path benchmark measures a batch of 1,000 rolls, so criterion's "thrpt" line reads
//! directly as rolls per second (target for `2d10+3`: ≥ 50 million per second on one core).

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use dice::roll::seeded_rng;
use dice::{Program, parse, roll};

const EXPRESSIONS: [&str; 8] = [
    "2d10+3",
    "4d6kh3",
    "1d20",
    "10d6",
    "6d10>=8",
    "3d6!",
    "2d20kl1+5",
    "8d6r1",
];
const BATCH: u64 = 1_000;

fn fast_path(c: &mut Criterion) {
    let mut group = c.benchmark_group("roll_total");
    group.throughput(Throughput::Elements(BATCH));
    for src in EXPRESSIONS {
        let mut program = Program::compile(&parse(src).expect("valid")).expect("compiles");
        let mut rng = seeded_rng(1);
        group.bench_function(src, |b| {
            b.iter(|| {
                let mut acc = 0i64;
                for _ in 0..BATCH {
                    acc = acc.wrapping_add(program.roll_total(&mut rng).unwrap_or(0));
                }
                black_box(acc)
            })
        });
    }
    group.finish();
}

fn tree_path(c: &mut Criterion) {
    let mut group = c.benchmark_group("roll_tree");
    group.throughput(Throughput::Elements(1));
    for src in ["2d10+3", "4d6kh3", "3d6!", "8d6r1"] {
        let expr = parse(src).expect("valid");
        let mut rng = seeded_rng(1);
        group.bench_function(src, |b| b.iter(|| black_box(roll(&expr, &mut rng))));
    }
    group.finish();
}

fn parsing(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    for src in ["2d10+3", "4d6r1!mi2kh3>=4+(1d8-2)*3 [Attack]"] {
        group.bench_function(src, |b| b.iter(|| black_box(parse(black_box(src)))));
    }
    group.finish();
}

criterion_group!(benches, fast_path, tree_path, parsing);
criterion_main!(benches);
