//! perft from each game's start position at a depth that runs for about a
//! second, reported as leaf nodes per second (criterion's elements/s).
//! Times are CPU time of the bench thread (cpu_time.rs).
//! `cargo bench --no-default-features --bench perft`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[path = "../../../benches/support/cpu_time.rs"]
mod cpu_time;
use cpu_time::CpuTime;

use cairn_rules::{AnyGame, GameKind, Options};

/// A game, its options and a perft depth deep enough to be measured in bulk.
type Case = (&'static str, &'static [(&'static str, &'static str)], u32);

const CASES: &[Case] = &[
    ("callanish", &[("size", "9")], 5),
    ("callanish", &[("size", "7")], 5),
    ("alquerque", &[("rules", "bell")], 14),
    ("alquerque", &[("rules", "basic")], 9),
    ("fanorona", &[("board", "tsivy")], 6),
    ("fanorona", &[("board", "dimy")], 8),
    ("alquad", &[], 5),
    ("sight", &[], 6),
    ("collapse", &[("setup", "ring")], 8),
    ("collapse", &[("setup", "ranks")], 9),
    ("floaters", &[], 4),
];

fn perft(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (game, options, depth) in CASES {
        let kind = GameKind::parse(game).expect("game");
        let Ok(start) = AnyGame::new(kind, &Options::from_pairs(options)) else {
            continue;
        };
        let nodes = start.perft(*depth);
        let label = options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{game}[{label}] depth {depth}"), |b| {
            b.iter(|| start.perft(*depth))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = perft
}
criterion_main!(benches);
