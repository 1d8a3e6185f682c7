//! Golden images of the board renderer: a few positions per board family,
//! built by hand, compared with the PNGs checked in under `tests/golden/`.
//!
//! After an intended change to the drawing, regenerate the images with
//!
//!     CAIRN_BLESS=1 cargo test --no-default-features --test render_golden
//!
//! and look at them before committing. A failing comparison writes the new
//! image as `<name>.actual.png` in the system temporary directory
//! (`cairn-golden/`).
//!
//! Helpers that check nothing: `CAIRN_RENDER_SAMPLES=<dir>` writes every
//! case and every game's first positions there for looking at (with
//! `CAIRN_ZOOM=x,y,w,h,scale`, also a magnified crop of the exact render
//! beside the PNG); `CAIRN_PROFILE=<case|all>` runs `profile_loop` 500
//! times for `perf`.

use std::path::PathBuf;

use cairn_render::{render, render_png, RenderOptions};
use cairn_rules::Hand;
use cairn_rules::{Colour, Layout, MarkKind, Spot, WordedView};

/// A square name (`c3`) as a spot index on a board `files` wide.
fn sq(name: &str, files: usize) -> usize {
    let bytes = name.as_bytes();
    let file = (bytes[0] - b'a') as usize;
    let rank: usize = name[1..].parse().unwrap();
    (rank - 1) * files + file
}

fn put(view: &mut WordedView, files: usize, squares: &str, stack: &[Colour]) {
    for name in squares.split_whitespace() {
        view.spots[sq(name, files)] = Spot::Stack(stack.to_vec());
    }
}

use Colour::{Black as B, White as W};

fn callanish_9() -> (WordedView, RenderOptions) {
    let mut v = WordedView::new("Callanish 9 x 9", Layout::Cells { files: 9, ranks: 9 });
    put(&mut v, 9, "c3 e5 g2 f7 b6 h8", &[W]);
    put(&mut v, 9, "d5 c6 e7 g5 b8", &[B]);
    put(&mut v, 9, "a4 d6", &[B, W]);
    put(&mut v, 9, "d1 f4", &[W, B]);
    v.last.mark(sq("b2", 9), MarkKind::Removed);
    v.last.mark(sq("a4", 9), MarkKind::Added);
    v.last.mark(sq("d1", 9), MarkKind::Added);
    v.status = "Black to move".into();
    v.notes = vec![
        "White supply: 55".into(),
        "Black supply: 57".into(),
        "Lines need 5".into(),
    ];
    (v, stone(B))
}

fn callanish_circle() -> (WordedView, RenderOptions) {
    let mut v = WordedView::new(
        "Callanish 9 x 9 (circle)",
        Layout::Cells { files: 9, ranks: 9 },
    );
    for name in "a1 a2 b1 h1 i1 i2 a8 a9 b9 h9 i9 i8".split_whitespace() {
        v.spots[sq(name, 9)] = Spot::Blocked;
    }
    put(&mut v, 9, "e5 c4", &[W]);
    put(&mut v, 9, "f6", &[B]);
    put(&mut v, 9, "d3", &[B, W]);
    v.hints = ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
        .iter()
        .map(|s| sq(s, 9))
        .collect();
    v.status = "Black to move".into();
    v.notes = vec!["White supply: 61".into(), "Black supply: 62".into()];
    let options = RenderOptions {
        show_hints: true,
        caption_stone: Some(B),
        caption: Some("bob (Black) to move".into()),
    };
    (v, options)
}

fn callanish_19() -> (WordedView, RenderOptions) {
    let mut v = WordedView::new(
        "Callanish 19 x 19",
        Layout::Cells {
            files: 19,
            ranks: 19,
        },
    );
    for (i, spot) in v.spots.iter_mut().enumerate() {
        let (f, r) = (i % 19, i / 19);
        let (df, dr) = (f as i32 - 9, r as i32 - 9);
        if df * df + dr * dr > 110 {
            *spot = Spot::Blocked;
        } else if (f * 7 + r * 3) % 5 == 0 {
            *spot = Spot::Stack(vec![W]);
        } else if (f * 5 + r * 11) % 7 == 0 {
            *spot = Spot::Stack(vec![B]);
        } else if (f + r * 13) % 17 == 0 {
            *spot = Spot::Stack(vec![W, B]);
        }
    }
    v.last.mark(sq("j10", 19), MarkKind::Removed);
    v.last.mark(sq("k12", 19), MarkKind::Added);
    v.last.mark(sq("h9", 19), MarkKind::Added);
    v.spots[sq("j10", 19)] = Spot::Empty;
    v.spots[sq("k12", 19)] = Spot::Stack(vec![B]);
    v.spots[sq("h9", 19)] = Spot::Stack(vec![W, B]);
    v.status = "White wins (line)".into();
    v.notes = vec!["White supply: 20".into(), "Black supply: 18".into()];
    (v, stone(W))
}

fn alquerque_start() -> (WordedView, RenderOptions) {
    let mut v = WordedView::new("Alquerque (Bell)", Layout::Points { files: 5, ranks: 5 });
    put(&mut v, 5, "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 d3 e3", &[W]);
    put(&mut v, 5, "a5 b5 c5 d5 e5 a4 b4 c4 d4 e4 a3 b3", &[B]);
    v.status = "White to move".into();
    v.notes = vec!["White: 12".into(), "Black: 12".into()];
    (v, stone(W))
}

fn fanorona_chain() -> (WordedView, RenderOptions) {
    let mut v = WordedView::new(
        "Fanorona (Tsivy, 9 x 5)",
        Layout::Points { files: 9, ranks: 5 },
    );
    put(
        &mut v,
        9,
        "a1 b1 c1 d1 e1 f1 g1 h1 i1 a2 b2 c2 f2 g2 h2 a3 c3 h3 d4",
        &[W],
    );
    put(
        &mut v,
        9,
        // e5 was captured by the approach e3-e4.
        "a5 b5 c5 f5 g5 h5 i5 a4 b4 f4 g4 h4 i4 b3 g3 i3",
        &[B],
    );
    v.last.path = vec![sq("e3", 9), sq("e4", 9), sq("d4", 9)];
    v.last.mark(sq("e3", 9), MarkKind::From);
    v.last.mark(sq("d4", 9), MarkKind::To);
    for s in ["e5", "c4", "d3"] {
        v.last.mark(sq(s, 9), MarkKind::Captured);
    }
    v.status = "Black to move".into();
    v.notes = vec![
        "White: 19".into(),
        "Black: 17".into(),
        "Captured this turn: 3".into(),
    ];
    (v, stone(B))
}

/// A chain that ends on a point it captured earlier in the same turn: the
/// capturer stands there, and must not look captured (issue 19).
fn fanorona_back_on_a_capture() -> (WordedView, RenderOptions) {
    let mut v = WordedView::new(
        "Fanorona (Dimy, 5 x 5)",
        Layout::Points { files: 5, ranks: 5 },
    );
    put(&mut v, 5, "a1 b1 c1 d1 e1 a2 b2 e2 d4", &[W]);
    put(&mut v, 5, "a5 b5 c5 a4 b4 e4 a3", &[B]);
    // d2-d3a takes d4 and d5, d3-e3w takes c3, e3-d4w takes f2's line (e2
    // is White's, so only the approach counts): the piece ends on d4.
    v.last.path = vec![sq("d2", 5), sq("d3", 5), sq("e3", 5), sq("d4", 5)];
    v.last.mark(sq("d2", 5), MarkKind::From);
    v.last.mark(sq("d4", 5), MarkKind::To);
    for s in ["d4", "d5", "c3", "e5"] {
        v.last.mark(sq(s, 5), MarkKind::Captured);
    }
    (
        v,
        RenderOptions {
            show_hints: false,
            caption_stone: Some(B),
            caption: Some("bob (Black) to move".into()),
        },
    )
}

/// A finished Callanish: the winning line's cells ringed, and a caption
/// too long for one line wrapped, not cut.
fn callanish_won() -> (WordedView, RenderOptions) {
    let mut v = WordedView::new("Callanish 7 x 7", Layout::Cells { files: 7, ranks: 7 });
    put(&mut v, 7, "a3 c3 e3 b5 f6", &[W]);
    put(&mut v, 7, "d2 g4 c6 e6", &[B]);
    put(&mut v, 7, "g3", &[B, W]);
    put(&mut v, 7, "b1", &[W, B]);
    v.last.mark(sq("e5", 7), MarkKind::Removed);
    v.last.mark(sq("c6", 7), MarkKind::Added);
    v.last.mark(sq("g4", 7), MarkKind::Added);
    v.winning = ["a3", "c3", "e3", "g3"].iter().map(|s| sq(s, 7)).collect();
    v.notes = vec!["White supply: 58".into(), "Black supply: 57".into()];
    (
        v,
        RenderOptions {
            show_hints: false,
            caption_stone: Some(W),
            caption: Some(
                "alice (White) wins: White holds rank 3 with 4 of its cells (4 needed)".into(),
            ),
        },
    )
}

fn sight_stacks() -> (WordedView, RenderOptions) {
    let mut v = WordedView::new("Sight", Layout::Points { files: 5, ranks: 5 });
    v.spots[sq("c3", 5)] = Spot::Stack(vec![W; 4]);
    v.spots[sq("d4", 5)] = Spot::Stack(vec![W; 2]);
    v.spots[sq("e4", 5)] = Spot::Stack(vec![W; 3]);
    v.spots[sq("a1", 5)] = Spot::Stack(vec![B; 5]);
    v.spots[sq("b2", 5)] = Spot::Stack(vec![B]);
    v.spots[sq("e1", 5)] = Spot::Stack(vec![B; 12]);
    v.spots[sq("a5", 5)] = Spot::Stack(vec![W]);
    v.last.path = vec![sq("c3", 5), sq("d4", 5)];
    v.last.mark(sq("c3", 5), MarkKind::From);
    v.last.mark(sq("d4", 5), MarkKind::To);
    v.last.mark(sq("e4", 5), MarkKind::Changed);
    v.hints = vec![sq("b3", 5), sq("c4", 5), sq("b4", 5)];
    v.status = "Black to move".into();
    v.notes = vec![
        "White: 10 pieces on 4 points, tallest stack 4".into(),
        "Black: 18 pieces on 3 points, tallest stack 12".into(),
    ];
    (
        v,
        RenderOptions {
            show_hints: true,
            caption_stone: Some(B),
            caption: None,
        },
    )
}

fn alquad_square() -> (WordedView, RenderOptions) {
    let mut v = WordedView::new("Alquad", Layout::Points { files: 5, ranks: 5 });
    put(&mut v, 5, "b2 d2 b4 d4 c1", &[W]);
    put(&mut v, 5, "c3 e5 a1", &[B]);
    v.last.mark(sq("d4", 5), MarkKind::Added);
    for s in ["b2", "d2", "b4"] {
        v.last.mark(sq(s, 5), MarkKind::Changed);
    }
    v.status = "Black to move".into();
    v.notes = vec![
        "White in hand: 7".into(),
        "Black in hand: 9".into(),
        "Setter plays White, chooser plays Black".into(),
    ];
    (v, stone(B))
}

/// Floaters spots: South pits 0..6, east store 6, North pits 7..13 (North 1
/// at the east end), west store 13.
fn floaters(pits: [(u8, u8); 14]) -> WordedView {
    let mut v = WordedView::new("Floaters", Layout::Mancala { pits: 6 });
    for (spot, (red, black)) in v.spots.iter_mut().zip(pits) {
        *spot = Spot::Pit { red, black };
    }
    v
}

fn floaters_start() -> (WordedView, RenderOptions) {
    let mut p = [(0, 0); 14];
    for i in 0..6 {
        p[i] = (4, 0);
        p[7 + i] = (0, 4);
    }
    let mut v = floaters(p);
    v.status = "Red to move".into();
    v.notes = vec![
        "Red in South's pits: 24".into(),
        "Black in North's pits: 24".into(),
    ];
    v.hints = (0..6).collect();
    (
        v,
        RenderOptions {
            show_hints: true,
            caption_stone: Some(Colour::Red),
            caption: None,
        },
    )
}

fn floaters_laps() -> (WordedView, RenderOptions) {
    let p = [
        (3, 1),
        (0, 0),
        (5, 2),
        (1, 1),
        (2, 3),
        (0, 2),
        (3, 2),
        (1, 3),
        (0, 0),
        (2, 6),
        (1, 4),
        (0, 3),
        (3, 0),
        (9, 14),
    ];
    let mut v = floaters(p);
    v.last.path = vec![2, 3, 4, 5, 6, 7];
    v.last.mark(1, MarkKind::LapStart);
    for s in [2, 3, 4, 5, 6] {
        v.last.mark(s, MarkKind::Changed);
    }
    v.last.mark(7, MarkKind::LapEnd);
    v.last.mark(8, MarkKind::Emptied);
    v.hints = vec![0, 2, 3, 4, 5];
    v.status = "Black to move".into();
    v.notes = vec![
        "Red in South's pits: 11".into(),
        "Black in North's pits: 16".into(),
        "Stores: west 23, east 5".into(),
    ];
    (v, stone(B))
}

fn floaters_mid_turn() -> (WordedView, RenderOptions) {
    let p = [
        (3, 1),
        (0, 0),
        (5, 2),
        (1, 1),
        (2, 3),
        (0, 2),
        (3, 2),
        (1, 3),
        (0, 0),
        (2, 6),
        (0, 0),
        (0, 3),
        (3, 0),
        (9, 14),
    ];
    let mut v = floaters(p);
    v.hand = Some(Hand {
        red: 1,
        black: 4,
        next: 11,
    });
    v.last.mark(10, MarkKind::LapEnd);
    v.status = "Black to move".into();
    v.notes = vec!["Black is mid-turn: send the next lap's colours".into()];
    (
        v,
        RenderOptions {
            show_hints: false,
            caption_stone: Some(B),
            caption: Some("carol (Black) to move: relay lap".into()),
        },
    )
}

/// Options that only give the stone before the status.
fn stone(colour: Colour) -> RenderOptions {
    RenderOptions {
        caption_stone: Some(colour),
        ..RenderOptions::default()
    }
}

type Case = (&'static str, fn() -> (WordedView, RenderOptions));

const CELLS: &[Case] = &[
    ("callanish_9", callanish_9),
    ("callanish_circle", callanish_circle),
    ("callanish_19", callanish_19),
    ("callanish_won", callanish_won),
];

const POINTS: &[Case] = &[
    ("alquerque_start", alquerque_start),
    ("fanorona_chain", fanorona_chain),
    ("sight_stacks", sight_stacks),
    ("alquad_square", alquad_square),
    ("fanorona_back_on_a_capture", fanorona_back_on_a_capture),
];

const MANCALA: &[Case] = &[
    ("floaters_start", floaters_start),
    ("floaters_laps", floaters_laps),
    ("floaters_mid_turn", floaters_mid_turn),
];

/// A real game a few turns in (the middle legal turn each time), its view
/// worded in `lang` as the bot words it (title, mancala labels), the last
/// turn highlighted.
fn played(kind: cairn_rules::GameKind, turns: usize, lang: cairn_rules::Lang) -> WordedView {
    use cairn_rules::{AnyGame, Options};
    let mut game = AnyGame::new(kind, &Options::default()).expect("default options");
    let mut last = cairn_rules::Highlights::default();
    for _ in 0..turns {
        let legal = game.legal_strings();
        let turn = legal[legal.len() / 2].clone();
        last = game.play_str(&turn).expect("a legal turn").highlights;
    }
    // The captions below name the second seat (Black) as the one to move.
    assert_eq!(game.to_move(), cairn_rules::Seat::Second, "{kind}");
    let mut view = game.view_in(lang);
    view.last = last;
    // Notes left out, as in the start positions: the games may reword them.
    view.notes.clear();
    view
}

/// A caption as the bot writes it (`captions.ftl`; the bot's tests check
/// these very strings against `status_caption_in`).
fn captioned(view: WordedView, caption: &str, stone: Colour) -> (WordedView, RenderOptions) {
    let options = RenderOptions {
        show_hints: false,
        caption: Some(caption.into()),
        caption_stone: Some(stone),
    };
    (view, options)
}

/// Boards and captions in Japanese (IPAexGothic for the glyphs Noto Sans
/// lacks) and Spanish: two games in progress and a finished one each.
const LANGUAGES: &[Case] = &[
    ("callanish_mid_ja", || {
        let view = played(cairn_rules::GameKind::Callanish, 9, cairn_rules::Lang::Ja);
        captioned(view, "けんじ（黒）の番です", B)
    }),
    ("floaters_mid_ja", || {
        let view = played(cairn_rules::GameKind::Floaters, 5, cairn_rules::Lang::Ja);
        captioned(view, "けんじ（黒）の番です", B)
    }),
    ("sight_lost_on_time_ja", || {
        let view = played(cairn_rules::GameKind::Sight, 7, cairn_rules::Lang::Ja);
        captioned(
            view,
            "はるか（白）の勝ち：けんじ（黒）の持ち時間が切れました",
            W,
        )
    }),
    // A caption longer than a 5 x 5 board is wide wraps between Japanese
    // characters, as Latin text wraps between words (issue 35).
    ("sight_square_caption_ja", || {
        let view = played(cairn_rules::GameKind::Sight, 7, cairn_rules::Lang::Ja);
        captioned(
            view,
            "はるか（白）の勝ち：けんじ（黒）はより大きな正四角形で応じられませんでした",
            W,
        )
    }),
    ("callanish_mid_es", || {
        let view = played(cairn_rules::GameKind::Callanish, 9, cairn_rules::Lang::Es);
        captioned(view, "Turno de mateo (Negras)", B)
    }),
    ("floaters_mid_es", || {
        let view = played(cairn_rules::GameKind::Floaters, 5, cairn_rules::Lang::Es);
        captioned(view, "Turno de mateo (Negras)", B)
    }),
    ("sight_resigned_es", || {
        let view = played(cairn_rules::GameKind::Sight, 7, cairn_rules::Lang::Es);
        captioned(view, "lucía (Blancas) gana: mateo (Negras) abandonó", W)
    }),
];

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn decode(png: &[u8]) -> image::RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a PNG")
        .to_rgba8()
}

/// The image is a sensible size, opaque and not one flat colour.
fn check_sane(name: &str, png: &[u8], image: &image::RgbaImage) {
    assert!(png.len() < 60 * 1024, "{name}: {} bytes", png.len());
    let (w, h) = image.dimensions();
    assert!((400..=720).contains(&w), "{name}: width {w}");
    assert!((200..=800).contains(&h), "{name}: height {h}");
    assert!(image.pixels().all(|p| p[3] == 255), "{name}: not opaque");
    let first = image.get_pixel(w / 2, h / 2);
    let differing = image.pixels().filter(|p| *p != first).count();
    assert!(differing > (w * h / 10) as usize, "{name}: nearly blank");
}

fn run(cases: &[Case]) {
    let bless = std::env::var_os("CAIRN_BLESS").is_some();
    let dir = golden_dir();
    let mut failures = Vec::new();
    for (name, build) in cases {
        let (view, options) = build();
        let png = render_png(&view, &options).expect("render");
        let image = decode(png.bytes());
        assert_eq!((png.width(), png.height()), image.dimensions(), "{name}");
        let png = png.into_bytes();
        check_sane(name, &png, &image);
        // The PNG holds `render`'s pixels up to the palette's rounding.
        let exact = render(&view, &options).unwrap();
        assert_eq!(exact.dimensions(), image.dimensions(), "{name}");
        let far = exact
            .pixels()
            .zip(image.pixels())
            .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > 24))
            .count();
        assert!(far * 200 < exact.pixels().len(), "{name}: {far} pixels off");
        let path = dir.join(format!("{name}.png"));
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &png).unwrap();
            continue;
        }
        let expected = match std::fs::read(&path) {
            Ok(bytes) => decode(&bytes),
            Err(e) => {
                failures.push(format!(
                    "{name}: no golden image ({e}); run with CAIRN_BLESS=1"
                ));
                continue;
            }
        };
        if let Some(problem) = compare(&expected, &image) {
            let out = std::env::temp_dir().join("cairn-golden");
            let _ = std::fs::create_dir_all(&out);
            let actual = out.join(format!("{name}.actual.png"));
            let _ = std::fs::write(&actual, &png);
            failures.push(format!(
                "{name}: {problem} (new image: {})",
                actual.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Pixel comparison with a small tolerance (floating point in shapes and
/// text may differ in the last bit across platforms): at most 0.2% of the
/// pixels may differ by more than 4 in a channel.
fn compare(expected: &image::RgbaImage, actual: &image::RgbaImage) -> Option<String> {
    if expected.dimensions() != actual.dimensions() {
        return Some(format!(
            "size {:?} instead of {:?}",
            actual.dimensions(),
            expected.dimensions()
        ));
    }
    let differing = expected
        .pixels()
        .zip(actual.pixels())
        .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > 4))
        .count();
    let allowed = expected.pixels().len() / 500;
    (differing > allowed).then(|| format!("{differing} pixels differ (at most {allowed} may)"))
}

#[test]
fn golden_cells() {
    run(CELLS);
}

#[test]
fn golden_points() {
    run(POINTS);
}

#[test]
fn golden_mancala() {
    run(MANCALA);
}

#[test]
fn golden_languages() {
    run(LANGUAGES);
}

/// Every game's start position with default options, from the game's own
/// view (notes left out: the games may reword them).
#[test]
fn golden_game_starts() {
    fn start(kind: cairn_rules::GameKind) -> (WordedView, RenderOptions) {
        let game = cairn_rules::AnyGame::new(kind, &cairn_rules::Options::default())
            .unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
        let mut view = game.view();
        view.notes.clear();
        let options = RenderOptions {
            caption_stone: game.seat_colour(game.to_move()),
            ..RenderOptions::default()
        };
        (view, options)
    }
    let cases: Vec<Case> = vec![
        ("start_callanish", || {
            start(cairn_rules::GameKind::Callanish)
        }),
        ("start_alquerque", || {
            start(cairn_rules::GameKind::Alquerque)
        }),
        ("start_fanorona", || start(cairn_rules::GameKind::Fanorona)),
        ("start_alquad", || start(cairn_rules::GameKind::Alquad)),
        ("start_sight", || start(cairn_rules::GameKind::Sight)),
        ("start_collapse", || start(cairn_rules::GameKind::Collapse)),
        ("start_floaters", || start(cairn_rules::GameKind::Floaters)),
    ];
    assert_eq!(cases.len(), cairn_rules::GameKind::ALL.len());
    run(&cases);
}

/// Every game's start position and a few turns into it (its real view,
/// last-turn highlights and hints) draw a sane image. Not golden: the
/// games own their notes and may reword them.
#[test]
fn every_game_renders() {
    use cairn_rules::{AnyGame, GameKind, Options};
    let samples = std::env::var_os("CAIRN_RENDER_SAMPLES").map(PathBuf::from);
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(kind, &Options::default()).expect("default options");
        for ply in 0..6 {
            let mut view = game.view();
            let options = RenderOptions {
                show_hints: ply % 2 == 1,
                caption: None,
                caption_stone: game.seat_colour(game.to_move()),
            };
            if options.show_hints {
                view.hints = game.hint_spots();
            }
            let name = format!("{}_{ply}", kind.name());
            let png = render_png(&view, &options)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .into_bytes();
            check_sane(&name, &png, &decode(&png));
            if let Some(dir) = &samples {
                std::fs::create_dir_all(dir).unwrap();
                std::fs::write(dir.join(format!("game_{name}.png")), &png).unwrap();
            }
            // Play the middle legal turn, keeping its highlights.
            let legal = game.legal_strings();
            let Some(turn) = legal.get(legal.len() / 2) else {
                break;
            };
            let played = game.play_str(turn).expect("a legal turn plays");
            let mut next = game.view();
            next.last = played.highlights;
            let png = render_png(&next, &RenderOptions::default())
                .unwrap()
                .into_bytes();
            check_sane(&name, &png, &decode(&png));
        }
    }
}

/// Write every case to a directory for looking at (not a check).
#[test]
fn samples() {
    let Some(dir) = std::env::var_os("CAIRN_RENDER_SAMPLES") else {
        return;
    };
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, build) in CELLS.iter().chain(POINTS).chain(MANCALA).chain(LANGUAGES) {
        let (view, options) = build();
        let t = std::time::Instant::now();
        let png = render_png(&view, &options).unwrap().into_bytes();
        println!("{name}: {} bytes, {:?}", png.len(), t.elapsed());
        std::fs::write(dir.join(format!("{name}.png")), &png).unwrap();
        if let Ok(zoom) = std::env::var("CAIRN_ZOOM") {
            // x,y,w,h,scale: the exact render beside the PNG's pixels.
            let v: Vec<u32> = zoom.split(',').map(|n| n.parse().unwrap()).collect();
            let (x, y, w, h, k) = (v[0], v[1], v[2], v[3], v[4]);
            let exact = render(&view, &options).unwrap();
            let back = decode(&png);
            let mut out = image::RgbaImage::new(2 * w * k + k, h * k);
            for (i, img) in [exact, back].iter().enumerate() {
                for yy in 0..h * k {
                    for xx in 0..w * k {
                        let p = *img.get_pixel(
                            (x + xx / k).min(img.width() - 1),
                            (y + yy / k).min(img.height() - 1),
                        );
                        out.put_pixel(i as u32 * (w * k + k) + xx, yy, p);
                    }
                }
            }
            out.save(dir.join(format!("{name}_zoom.png"))).unwrap();
        }
    }
}

/// `CAIRN_PROFILE=<case or all> perf stat <test binary> profile_loop`:
/// renders the case 500 times, for CPU-time measurements that a busy
/// machine's scheduling does not distort (not a check).
#[test]
fn profile_loop() {
    let Ok(which) = std::env::var("CAIRN_PROFILE") else {
        return;
    };
    for _ in 0..500 {
        for (name, build) in CELLS.iter().chain(POINTS).chain(MANCALA).chain(LANGUAGES) {
            if which == "all" || which == *name {
                let (view, options) = build();
                render_png(&view, &options).unwrap().into_bytes();
            }
        }
    }
}

/// The small stone before a caption stands out on the dark footer: a black
/// one sits on a disc of board wood (issue 19). Counts the light pixels
/// round the icon, left of the caption text.
#[test]
fn black_to_move_marker_is_clearly_visible() {
    let (mut view, _) = alquerque_start();
    view.notes.clear();
    let options = RenderOptions {
        show_hints: false,
        caption: Some("bob (Black) to move".into()),
        caption_stone: Some(B),
    };
    let image = render(&view, &options).unwrap();
    let (w, h) = image.dimensions();
    let luma = |p: &image::Rgba<u8>| (p[0] as u32 * 3 + p[1] as u32 * 6 + p[2] as u32) / 10;
    // The icon sits in the first 40 pixels of the footer's last 50 rows.
    let light = (h.saturating_sub(50)..h - 4)
        .flat_map(|y| (4..40.min(w)).map(move |x| (x, y)))
        .filter(|&(x, y)| luma(image.get_pixel(x, y)) > 120)
        .count();
    assert!(
        light >= 250,
        "only {light} light pixels round the Black marker"
    );
}

/// No highlight covers a coordinate: every pixel of a coordinate glyph's
/// ink on a plain board keeps that ink when every edge spot is marked.
#[test]
fn highlights_never_cover_coordinates() {
    for (files, ranks) in [(5u8, 5u8), (9, 5)] {
        for cells in [false, true] {
            let layout = if cells {
                Layout::Cells { files, ranks }
            } else {
                Layout::Points { files, ranks }
            };
            let plain = WordedView::new("Edges", layout);
            let mut marked = plain.clone();
            let (f, r) = (files as usize, ranks as usize);
            for spot in 0..f * r {
                let (file, rank) = (spot % f, spot / f);
                if file == 0 || rank == 0 || file == f - 1 || rank == r - 1 {
                    marked.spots[spot] = Spot::Stack(vec![W]);
                    marked.last.mark(spot, MarkKind::To);
                    marked.last.mark(spot, MarkKind::Added);
                    marked.last.mark(spot, MarkKind::Changed);
                    marked.hints.push(spot);
                }
            }
            marked.winning = (0..f).collect();
            let options = RenderOptions {
                show_hints: true,
                caption: None,
                caption_stone: None,
            };
            let a = render(&plain, &options).unwrap();
            let b = render(&marked, &options).unwrap();
            let ink = image::Rgba([0x5e, 0x41, 0x28, 255]);
            let mut glyph = 0;
            for (x, y, p) in a.enumerate_pixels() {
                if *p == ink {
                    glyph += 1;
                    let q = b.get_pixel(x, y);
                    assert!(
                        (0..3).all(|c| q[c].abs_diff(ink[c]) <= 8),
                        "{layout:?}: a coordinate pixel at ({x}, {y}) is covered: {q:?}"
                    );
                }
            }
            assert!(
                glyph > 40,
                "{layout:?}: only {glyph} coordinate pixels found"
            );
        }
    }
}
