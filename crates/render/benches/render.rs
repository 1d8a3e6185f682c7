//! Board image speed: one benchmark per layout, each a busy position with
//! last-turn marks, rendered and encoded as PNG (what the bot sends).
//!
//!     cargo bench --no-default-features --bench render
//!
//! Times are the bench thread's CPU time (the machine is shared).
//! Goals: a median under 2.5 ms and under 60 KB per image. The sizes are
//! printed before the timings. `mid/<game>` are real mid-game boards of
//! each of the seven games (default options, a seeded random game of a
//! dozen turns or so, the last turn highlighted, notes and caption as the
//! bot draws them); `draw_only` and `encode_only` split their cost.

use criterion::{criterion_group, criterion_main, Criterion};

#[path = "../../../benches/support/cpu_time.rs"]
mod cpu_time;

use cairn_render::replay::{render_gif, theme_palette, ReplayFrame, Timing};
use cairn_render::{render, render_png, RenderOptions};
use cairn_rules::Hand;
use cairn_rules::{AnyGame, GameKind, Lang, Options, Seat, SplitRng};
use cairn_rules::{Colour, Layout, MarkKind, Spot, WordedView};

fn cells(n: u8) -> WordedView {
    let size = n as usize;
    let mut v = WordedView::new(
        format!("Callanish {n} x {n}"),
        Layout::Cells { files: n, ranks: n },
    );
    let mid = (size / 2) as i32;
    let limit = (mid * mid) as f32 * 1.25;
    for (i, spot) in v.spots.iter_mut().enumerate() {
        let (f, r) = ((i % size) as i32, (i / size) as i32);
        let (df, dr) = (f - mid, r - mid);
        *spot = if (df * df + dr * dr) as f32 > limit {
            Spot::Blocked
        } else {
            match (f * 7 + r * 3) % 9 {
                0 | 4 => Spot::Stack(vec![Colour::White]),
                2 | 6 => Spot::Stack(vec![Colour::Black]),
                8 => Spot::Stack(vec![Colour::White, Colour::Black]),
                _ => Spot::Empty,
            }
        };
    }
    let c = size * (size / 2) + size / 2;
    v.spots[c] = Spot::Empty;
    v.last.mark(c, MarkKind::Removed);
    v.last.mark(c + 2 + size, MarkKind::Added);
    v.last.mark(c + 1 + 2 * size, MarkKind::Added);
    v.spots[c + 2 + size] = Spot::Stack(vec![Colour::Black]);
    v.spots[c + 1 + 2 * size] = Spot::Stack(vec![Colour::White, Colour::Black]);
    v.hints = (0..size).map(|i| i * size + i).collect();
    v.status = "White to move".into();
    v.notes = vec!["White supply: 40".into(), "Black supply: 41".into()];
    v
}

fn points(files: u8, ranks: u8) -> WordedView {
    let mut v = WordedView::new(
        format!("Fanorona ({files} x {ranks})"),
        Layout::Points { files, ranks },
    );
    let n = v.spots.len();
    for (i, spot) in v.spots.iter_mut().enumerate() {
        *spot = match i * 3 % 7 {
            0 | 1 => Spot::Stack(vec![Colour::White]),
            2 | 3 => Spot::Stack(vec![Colour::Black]),
            4 => Spot::Stack(vec![Colour::White; 3]),
            _ => Spot::Empty,
        };
    }
    let f = files as usize;
    v.spots[f + 1] = Spot::Empty;
    v.spots[2 * f + 2] = Spot::Empty;
    v.last.path = vec![f + 1, 2 * f + 2, 3 * f + 2];
    v.spots[3 * f + 2] = Spot::Stack(vec![Colour::White]);
    v.last.mark(f + 1, MarkKind::From);
    v.last.mark(3 * f + 2, MarkKind::To);
    v.last.mark(n - 1, MarkKind::Captured);
    v.last.mark(n - 2, MarkKind::Changed);
    v.status = "Black to move".into();
    v.notes = vec!["White: 12".into(), "Black: 10".into()];
    v
}

fn mancala(mid_turn: bool) -> WordedView {
    let mut v = WordedView::new("Floaters", Layout::Mancala { pits: 6 });
    for (i, spot) in v.spots.iter_mut().enumerate() {
        *spot = Spot::Pit {
            red: (i * 5 % 7) as u8,
            black: (i * 3 % 5) as u8,
        };
    }
    v.spots[13] = Spot::Pit { red: 12, black: 9 };
    v.last.mark(2, MarkKind::LapStart);
    for s in 3..9 {
        v.last.mark(s, MarkKind::Changed);
    }
    v.last.mark(9, MarkKind::LapEnd);
    v.last.mark(4, MarkKind::Emptied);
    if mid_turn {
        v.hand = Some(Hand {
            red: 2,
            black: 3,
            next: 10,
        });
    }
    v.status = "Red to move".into();
    v.notes = vec![
        "Red in South's pits: 14".into(),
        "Black in North's pits: 11".into(),
    ];
    v
}

/// A real game `turns` turns in (fewer if it would end), seeded random
/// turns, drawn as the bot draws it: the last turn highlighted, the
/// game's notes, a caption with the stone of the seat to move.
fn mid_game(kind: GameKind, turns: usize) -> (WordedView, RenderOptions) {
    let mut game = AnyGame::new(kind, &Options::default()).expect("default options");
    let mut rng = SplitRng::new(7);
    let mut last = cairn_rules::Highlights::default();
    for _ in 0..turns {
        let legal = game.legal_strings();
        let mut trial = game.clone();
        let turn = &legal[rng.below(legal.len())];
        let played = trial.play_str(turn).expect("a legal turn");
        if trial.outcome().is_some() {
            break;
        }
        last = played.highlights;
        game = trial;
    }
    let mut view = game.view_in(Lang::En);
    view.last = last;
    let seat = game.to_move();
    let options = RenderOptions {
        show_hints: false,
        caption: Some(format!("bob ({}) to move", game.seat_name(seat))),
        caption_stone: game.seat_colour(seat),
    };
    (view, options)
}

/// Mid-game boards of all seven games.
fn mid_games() -> Vec<(String, WordedView, RenderOptions)> {
    GameKind::ALL
        .iter()
        .map(|&kind| {
            let turns = match kind {
                GameKind::Sight => 10,
                GameKind::Floaters => 8,
                _ => 14,
            };
            let (view, options) = mid_game(kind, turns);
            (format!("mid/{kind}"), view, options)
        })
        .collect()
}

fn cases() -> Vec<(&'static str, WordedView, RenderOptions)> {
    let hints = RenderOptions {
        show_hints: true,
        caption: Some("alice (White) to move".into()),
        caption_stone: Some(Colour::White),
    };
    // The stone of the status line: the colour its status names.
    let stone = |colour| RenderOptions {
        caption_stone: Some(colour),
        ..RenderOptions::default()
    };
    vec![
        ("cells_9x9", cells(9), stone(Colour::White)),
        ("cells_19x19", cells(19), hints.clone()),
        ("points_5x5", points(5, 5), stone(Colour::Black)),
        ("points_9x5", points(9, 5), stone(Colour::Black)),
        ("mancala", mancala(false), stone(Colour::Red)),
        ("mancala_mid_turn", mancala(true), hints),
    ]
}

/// A 100-turn Callanish 13 x 13 replay as the bot builds it (board views
/// turn by turn with the last turn marked, a caption naming the turn): each
/// turn drawn at random among those that keep the game going.
fn callanish_replay() -> Vec<ReplayFrame> {
    let options =
        Options::parse(&["size=13".to_string(), "stones=150".to_string()]).expect("options");
    let turns = 100;
    for seed in 1..100 {
        let mut game = AnyGame::new(GameKind::Callanish, &options).expect("game");
        let mut rng = SplitRng::new(seed);
        let mut frames = vec![ReplayFrame {
            view: game.view_in(Lang::En),
            caption: "Start: alice (White) to move".into(),
            stone: game.seat_colour(game.to_move()),
        }];
        while frames.len() <= turns {
            let legal = game.legal_strings();
            if legal.is_empty() {
                break;
            }
            let start = rng.below(legal.len());
            let mut next = None;
            for i in 0..legal.len() {
                let turn = &legal[(start + i) % legal.len()];
                let mut trial = game.clone();
                let seat = trial.to_move();
                let played = trial.play_str(turn).expect("legal");
                if trial.outcome().is_none() || frames.len() == turns {
                    let mut view = trial.view_in(Lang::En);
                    view.last = played.highlights;
                    frames.push(ReplayFrame {
                        view,
                        caption: format!(
                            "Turn {} of {turns}: {} played {turn}",
                            frames.len(),
                            if seat == Seat::First {
                                "alice (White)"
                            } else {
                                "bob (Black)"
                            }
                        ),
                        stone: trial.seat_colour(seat),
                    });
                    next = Some(trial);
                    break;
                }
            }
            match next {
                Some(g) => game = g,
                None => break,
            }
        }
        if frames.len() == turns + 1 {
            return frames;
        }
    }
    panic!("no 100-turn Callanish game");
}

fn all_cases() -> Vec<(String, WordedView, RenderOptions)> {
    let mut all = mid_games();
    all.extend(
        cases()
            .into_iter()
            .map(|(name, view, options)| (name.to_string(), view, options)),
    );
    all
}

fn bench(c: &mut Criterion<cpu_time::CpuTime>) {
    for (name, view, options) in all_cases() {
        let png = render_png(&view, &options).expect("render");
        eprintln!(
            "{name}: {} x {} px, {} bytes ({:.1} KB)",
            png.width(),
            png.height(),
            png.bytes().len(),
            png.bytes().len() as f64 / 1024.0
        );
    }
    let mut group = c.benchmark_group("render_png");
    for (name, view, options) in all_cases() {
        group.bench_function(name, |b| {
            b.iter(|| render_png(std::hint::black_box(&view), &options).expect("render"))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("draw_only");
    for (name, view, options) in all_cases() {
        group.bench_function(name, |b| {
            b.iter(|| render(std::hint::black_box(&view), &options).expect("render"))
        });
    }
    group.finish();
    theme_palette();
    let frames = callanish_replay();
    let gif = render_gif(&frames, Timing::default()).expect("gif");
    eprintln!(
        "replay callanish 13x13: {} frames, {} bytes ({:.0} KB)",
        frames.len(),
        gif.len(),
        gif.len() as f64 / 1024.0
    );
    let mut group = c.benchmark_group("replay_gif");
    group.sample_size(10);
    group.bench_function("callanish_100_turns", |b| {
        b.iter(|| render_gif(std::hint::black_box(&frames), Timing::default()).expect("gif"))
    });
    group.bench_function("callanish_100_turns_drawing_only", |b| {
        b.iter(|| {
            for frame in &frames {
                std::hint::black_box(render(&frame.view, &frame.render_options()).expect("draw"));
            }
        })
    });
    group.finish();
    let mut group = c.benchmark_group("encode_only");
    for (name, view, options) in all_cases() {
        let image = render(&view, &options).expect("render");
        group.bench_function(name, |b| {
            b.iter(|| cairn_render::encode_png(std::hint::black_box(&image)).expect("encode"))
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
