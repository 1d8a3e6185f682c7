//! Random playouts from each game's start position (playouts per second is
//! the reciprocal of the time per playout), plus the variants that
//! scripts/peers compares with Ludii (Alquerque basic, Fanorona Dimy).
//! Times are CPU time of the bench thread (cpu_time.rs).
//! `cargo bench --no-default-features --bench playouts`

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[path = "../../../benches/support/cpu_time.rs"]
mod cpu_time;
use cpu_time::CpuTime;

use cairn_ai::mcts::playout;
use cairn_rules::SplitRng;
use cairn_rules::{AnyGame, Game, GameKind, Options, Seat};

fn one<G: Game>(c: &mut Criterion<CpuTime>, name: &str, start: &G) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    let mut rng = SplitRng::new(1);
    group.bench_function(name, |b| {
        b.iter(|| {
            let mut game = start.clone();
            playout(&mut game, Seat::First, &mut rng)
        })
    });
    group.finish();
}

/// Variants measured besides each game's defaults.
const VARIANTS: &[(GameKind, &str, &str)] = &[
    (GameKind::Alquerque, "rules", "basic"),
    (GameKind::Fanorona, "board", "dimy"),
];

fn playouts(c: &mut Criterion<CpuTime>) {
    for kind in GameKind::ALL {
        let Ok(start) = AnyGame::new(kind, &Options::default()) else {
            continue;
        };
        cairn_rules::with_game!(&start, g => one(c, kind.name(), g));
    }
    for &(kind, key, value) in VARIANTS {
        let Ok(start) = AnyGame::new(kind, &Options::from_pairs(&[(key, value)])) else {
            continue;
        };
        let name = format!("{}[{key}={value}]", kind.name());
        cairn_rules::with_game!(&start, g => one(c, &name, g));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = playouts
}
criterion_main!(benches);
