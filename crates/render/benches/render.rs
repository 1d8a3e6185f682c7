//! Board image speed: one benchmark per layout, each a busy position with
//! last-turn marks, rendered and encoded as PNG (what the bot sends).
//!
//!     cargo bench --no-default-features --bench render
//!
//! Goals: a median under 5 ms and under 60 KB per image. The sizes are
//! printed before the timings.

use criterion::{criterion_group, criterion_main, Criterion};

use cairn_render::{render, render_png, RenderOptions};
use cairn_rules::Hand;
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

fn bench(c: &mut Criterion) {
    for (name, view, options) in cases() {
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
    for (name, view, options) in cases() {
        group.bench_function(name, |b| {
            b.iter(|| render_png(std::hint::black_box(&view), &options).expect("render"))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("draw_only");
    for (name, view, options) in cases().into_iter().take(3) {
        group.bench_function(name, |b| {
            b.iter(|| render(std::hint::black_box(&view), &options).expect("render"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
