//! Replay GIF speed and size: a 100-turn Callanish 13 x 13 game and a
//! 40-turn Fanorona (Tsivy) game, from the turn list to the GIF bytes
//! (replaying the turns, drawing every frame, mapping it to the theme's
//! palette and encoding the changed rectangle).
//!
//!     cargo bench --no-default-features --bench replay
//!
//! Goal: a 100-turn game in under 300 ms on one core and under 2 MB. The
//! sizes and frame counts are printed before the timings; times are the
//! bench thread's CPU time.

use criterion::{criterion_group, criterion_main, Criterion};

use cairn_bot::history::replay_frames;
use cairn_render::render;
use cairn_render::replay::{render_gif, theme_palette, Timing};
use cairn_rules::GameKind;
use cairn_rules::{AnyGame, Options, SplitRng};

#[path = "../../../benches/support/cpu_time.rs"]
mod cpu_time;

/// A random game of `turns` turns that does not end before: each turn is
/// drawn at random among those that keep the game going (random play
/// alone ends a Callanish game within a few dozen turns).
fn game(kind: GameKind, options: &[String], turns: usize) -> Vec<String> {
    (1..100)
        .find_map(|seed| game_from(kind, options, turns, seed))
        .unwrap_or_else(|| panic!("no {turns}-turn game of {kind}"))
}

fn game_from(kind: GameKind, options: &[String], turns: usize, seed: u64) -> Option<Vec<String>> {
    let mut game = AnyGame::new(kind, &Options::parse(options).expect("options")).expect("game");
    let mut rng = SplitRng::new(seed);
    let mut out = Vec::new();
    while out.len() < turns {
        let legal = game.legal_strings();
        if legal.is_empty() {
            return None;
        }
        let start = rng.below(legal.len());
        let mut next = None;
        for i in 0..legal.len() {
            let mut trial = game.clone();
            trial
                .play_str(&legal[(start + i) % legal.len()])
                .expect("legal");
            if trial.outcome().is_none() || out.len() + 1 == turns {
                next = Some(trial);
                out.push(legal[(start + i) % legal.len()].clone());
                break;
            }
        }
        game = next?;
    }
    Some(out)
}

/// Name, game, options, turns. Callanish 13 x 13 with a larger supply:
/// on 9 x 9 every turn ends the game (a line is held) by turn 65.
fn cases() -> Vec<(&'static str, GameKind, Vec<String>, Vec<String>)> {
    let callanish = vec!["size=13".to_string(), "stones=150".to_string()];
    vec![
        (
            "callanish_100_turns",
            GameKind::Callanish,
            callanish.clone(),
            game(GameKind::Callanish, &callanish, 100),
        ),
        (
            "fanorona_40_turns",
            GameKind::Fanorona,
            Vec::new(),
            game(GameKind::Fanorona, &[], 40),
        ),
    ]
}

fn bench(c: &mut Criterion<cpu_time::CpuTime>) {
    theme_palette();
    for (name, kind, options, turns) in cases() {
        let frames = replay_frames(kind, &options, &turns, None, None).expect("frames");
        let gif = render_gif(&frames, Timing::default()).expect("gif");
        eprintln!("{name}: {}", turns.join(";"));
        eprintln!(
            "{name}: {} frames, {} bytes ({:.0} KB, {:.1} KB a frame)",
            frames.len(),
            gif.len(),
            gif.len() as f64 / 1024.0,
            gif.len() as f64 / 1024.0 / frames.len() as f64
        );
    }
    let mut group = c.benchmark_group("replay_gif");
    group.sample_size(20);
    for (name, kind, options, turns) in cases() {
        group.bench_function(name, |b| {
            b.iter(|| {
                let frames = replay_frames(kind, &options, &turns, None, None).expect("frames");
                render_gif(&frames, Timing::default()).expect("gif")
            })
        });
    }
    // Replaying the turns through the rules into board views, alone.
    for (name, kind, options, turns) in cases() {
        group.bench_function(format!("{name}_replaying_only"), |b| {
            b.iter(|| replay_frames(kind, &options, &turns, None, None).expect("frames"))
        });
    }
    // The drawing alone (what the PNG boards cost too), for the share of
    // palette mapping and encoding in the totals above.
    for (name, kind, options, turns) in cases() {
        let frames = replay_frames(kind, &options, &turns, None, None).expect("frames");
        group.bench_function(format!("{name}_drawing_only"), |b| {
            b.iter(|| {
                for frame in &frames {
                    std::hint::black_box(
                        render(&frame.view, &frame.render_options()).expect("render"),
                    );
                }
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(cpu_time::CpuTime);
    targets = bench
}
criterion_main!(benches);
