//! Micro-benchmarks of the exact-odds engine (`cargo bench -p delve-dice --bench odds`).

use criterion::{Criterion, black_box, criterion_group, criterion_main};

const EXPRESSIONS: &[&str] = &[
    "2d6",
    "3d6",
    "4d6kh3",
    "2d20kh1",
    "100d6",
    "20d10kh5",
    "10d20dl3",
    "6d10>=8",
    "d6r1",
    "8d6ro1",
    "3d6!",
    "10d6!kh3",
    "4d6!dl1",
    "2d6*1d10",
    "50d6",
    "200d6",
    "400d6",
    "60d20kh10",
    "1000d6",
    "10000d6",
];

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("odds");
    for src in EXPRESSIONS {
        let expr = dice::parse(src).expect("benchmark expressions parse");
        group.bench_function(*src, |b| {
            b.iter(|| dice::odds::distribution(black_box(&expr)).expect("within the limits"))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_millis(300)).measurement_time(std::time::Duration::from_secs(1));
    targets = bench
}
criterion_main!(benches);
