//! Replay GIFs, decoded with the `gif` crate's decoder: one frame per turn
//! plus the start, and each frame, composited over the ones before it as a
//! viewer shows it, equal to the PNG renderer's image of that position
//! mapped to the theme palette (every pixel one of the palette colours
//! nearest to the rendered one).

use std::collections::HashMap;

use cairn_bot::history::{random_turns, replay_frames};
use cairn_render::replay::{frame_images, render_gif, ReplayFrame, Timing};
use cairn_render::{render, RenderOptions};
use cairn_rules::{GameKind, Outcome, Reason, Seat};

/// The weighted colour distance of the renderer's palette mapping.
fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| u32::from(a[i].abs_diff(b[i]));
    3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
}

struct Decoded {
    palette: Vec<[u8; 3]>,
    /// Each frame as shown: palette indices of the whole screen.
    screens: Vec<Vec<u8>>,
    /// Each frame's rectangle, delay and transparent index.
    parts: Vec<(u16, u16, u16, u16, u16, Option<u8>)>,
    width: usize,
    height: usize,
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF header");
    let palette: Vec<[u8; 3]> = decoder
        .global_palette()
        .expect("a global palette")
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    let (width, height) = (decoder.width() as usize, decoder.height() as usize);
    let mut screen = vec![0u8; width * height];
    let mut screens = Vec::new();
    let mut parts = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        assert!(frame.palette.is_none(), "frames use the global palette");
        let (left, top, w) = (
            frame.left as usize,
            frame.top as usize,
            frame.width as usize,
        );
        for (i, &index) in frame.buffer.iter().enumerate() {
            if Some(index) == frame.transparent {
                continue;
            }
            let (x, y) = (left + i % w, top + i / w);
            screen[y * width + x] = index;
        }
        parts.push((
            frame.left,
            frame.top,
            frame.width,
            frame.height,
            frame.delay,
            frame.transparent,
        ));
        screens.push(screen.clone());
    }
    Decoded {
        palette,
        screens,
        parts,
        width,
        height,
    }
}

/// Every shown pixel is a palette colour nearest to the rendered pixel.
fn assert_frames_match(frames: &[ReplayFrame], decoded: &Decoded) {
    let images = frame_images(frames).expect("frame images");
    let colours = &decoded.palette[..255];
    let mut nearest: HashMap<[u8; 3], u32> = HashMap::new();
    for (n, (image, screen)) in images.iter().zip(&decoded.screens).enumerate() {
        assert_eq!(
            (image.width() as usize, image.height() as usize),
            (decoded.width, decoded.height)
        );
        for (i, p) in image.pixels().enumerate() {
            let want = [p[0], p[1], p[2]];
            let best = *nearest
                .entry(want)
                .or_insert_with(|| colours.iter().map(|&c| distance(c, want)).min().unwrap());
            let shown = decoded.palette[screen[i] as usize];
            assert_eq!(
                distance(shown, want),
                best,
                "frame {n}, pixel ({}, {}): shown {shown:?} for {want:?}",
                i % decoded.width,
                i / decoded.width
            );
        }
    }
}

fn check_game(kind: GameKind, options: &[String], turns: &[String], result: Option<Outcome>) {
    let names = ["alice".to_string(), "bob".to_string()];
    let frames = replay_frames(kind, options, turns, Some(&names), result).expect("frames");
    assert_eq!(frames.len(), turns.len() + 1);
    let timing = Timing::default();
    let bytes = render_gif(&frames, timing).expect("gif");
    let decoded = decode(&bytes);
    assert_eq!(
        decoded.screens.len(),
        turns.len() + 1,
        "{kind}: one frame per turn plus the start"
    );
    assert_frames_match(&frames, &decoded);
    // The final position is held longest; later frames are only what changed.
    let delays: Vec<u16> = decoded.parts.iter().map(|p| p.4).collect();
    assert_eq!(delays.last(), Some(&timing.last_cs));
    let full = decoded.width * decoded.height;
    let partial = decoded
        .parts
        .iter()
        .skip(1)
        .filter(|p| (p.2 as usize) * (p.3 as usize) < full)
        .count();
    assert!(
        partial * 2 >= turns.len(),
        "{kind}: {partial} of {} frames are partial",
        turns.len()
    );
    // Frames as tall as their own render are exactly that render.
    let images = frame_images(&frames).expect("images");
    for (frame, image) in frames.iter().zip(&images) {
        let options = RenderOptions {
            show_hints: false,
            caption: Some(frame.caption.clone()),
            caption_stone: frame.stone,
        };
        let own = render(&frame.view, &options).expect("render");
        if own.height() == image.height() {
            assert_eq!(&own, image, "{kind}: {}", frame.caption);
        }
    }
}

#[test]
fn fanorona_replay_matches_its_boards() {
    let turns = random_turns(GameKind::Fanorona, &[], 30, 7).unwrap();
    assert!(turns.len() >= 10);
    check_game(GameKind::Fanorona, &[], &turns, None);
}

#[test]
fn callanish_replay_matches_its_boards_and_ends_with_the_result() {
    let options = vec!["size=7".to_string()];
    let turns = random_turns(GameKind::Callanish, &options, 24, 3).unwrap();
    let resigned = Outcome::win(Seat::Second, Reason::Resign);
    check_game(GameKind::Callanish, &options, &turns, Some(resigned));
    let names = ["alice".to_string(), "bob".to_string()];
    let frames = replay_frames(
        GameKind::Callanish,
        &options,
        &turns,
        Some(&names),
        Some(resigned),
    )
    .unwrap();
    let last = &frames.last().unwrap().caption;
    assert!(
        last.starts_with("bob (Black) wins (by resignation) after"),
        "{last}"
    );
    assert_eq!(frames[0].caption, "Start: alice (White) to move");
}

#[test]
fn floaters_replay_matches_its_boards() {
    let turns = random_turns(GameKind::Floaters, &[], 16, 11).unwrap();
    check_game(GameKind::Floaters, &[], &turns, None);
}

#[test]
fn a_game_without_turns_is_one_frame() {
    let frames = replay_frames(
        GameKind::Sight,
        &[],
        &[],
        None,
        Some(Outcome::win(Seat::First, Reason::Timeout)),
    )
    .unwrap();
    let bytes = render_gif(&frames, Timing::default()).unwrap();
    let decoded = decode(&bytes);
    assert_eq!(decoded.screens.len(), 1);
    assert_eq!(frames[0].caption, "White wins (on time)");
    assert!(render_gif(&[], Timing::default()).is_err());
}

/// A replay's captions in Japanese and Spanish: the players' sides, the
/// turn numbers and the result in the reader's words (plurals from the
/// catalogue), the turns as written.
#[test]
fn replay_captions_follow_the_language() {
    use cairn_bot::history::replay_frames_in;
    use cairn_bot::i18n::{take_slips, Lang};
    let options = vec!["size=7".to_string()];
    let turns = random_turns(GameKind::Callanish, &options, 6, 3).unwrap();
    let names = ["alice".to_string(), "bob".to_string()];
    let resigned = Some(Outcome::win(Seat::Second, Reason::Resign));
    take_slips();
    let frames = |lang| {
        replay_frames_in(
            lang,
            GameKind::Callanish,
            &options,
            &turns,
            Some(&names),
            resigned,
        )
        .unwrap()
    };
    let japanese = frames(Lang::Ja);
    assert_eq!(japanese[0].caption, "開始：alice（白）の番");
    assert_eq!(
        japanese[1].caption,
        format!("{}手中1手目：alice（白）が{}", turns.len(), turns[0])
    );
    assert_eq!(
        japanese.last().unwrap().caption,
        format!("bob（黒）の勝ち（投了）、{}手で終局", turns.len())
    );
    let spanish = frames(Lang::Es);
    assert_eq!(spanish[0].caption, "Inicio: turno de alice (Blancas)");
    assert_eq!(
        spanish.last().unwrap().caption,
        format!("bob (Negras) gana (abandono) tras {} jugadas", turns.len())
    );
    assert_eq!(take_slips(), Vec::<String>::new());
}

/// Alquad's colour choice is a choice in the replay's captions too.
#[test]
fn a_replay_says_the_colour_choice_as_a_choice() {
    use cairn_bot::history::replay_frames_in;
    use cairn_bot::i18n::Lang;
    let turns = vec!["w:c3 b:d4".to_string(), "white".to_string()];
    let names = ["alice".to_string(), "bob".to_string()];
    for (lang, said) in [
        (Lang::En, "bob (White) chose to play White"),
        (Lang::Ja, "bob（白）が白を選びました"),
        (Lang::Es, "bob (Blancas) eligió jugar con Blancas"),
    ] {
        let frames =
            replay_frames_in(lang, GameKind::Alquad, &[], &turns, Some(&names), None).unwrap();
        assert!(
            frames[2].caption.ends_with(said),
            "{lang:?}: {}",
            frames[2].caption
        );
    }
}
