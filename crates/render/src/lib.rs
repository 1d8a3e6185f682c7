//! Board images: a [`WordedView`] (a board view worded in the reader's
//! language by the caller: the renderer never sees message ids) drawn as a PNG, and whole games as
//! animated GIFs ([`replay`]).
//!
//! One drawing module per board family: `cells` (Callanish), `points`
//! (the Alquerque and Fanorona boards) and `mancala` (Floaters). This
//! module lays out the frame around the board: the title above, then the
//! board with its coordinates, the stones in hand mid-turn, the status or
//! caption line and the notes.
//!
//! Images are about 480-640 pixels wide, use flat colours with
//! anti-aliased edges, and are encoded as indexed PNGs with fast
//! compression ([`Png`], which knows its size), so a board costs a few
//! milliseconds and a few tens of kilobytes. The stone before the caption
//! is given ([`RenderOptions::caption_stone`]), never read from the words.

mod backdrop;
mod cells;
mod deflate;
mod lzw;
mod mancala;
mod paint;
mod png;
mod points;
pub mod replay;
mod style;
mod text;
mod theme;

use image::RgbaImage;

pub use self::png::Png;
use cairn_rules::{Colour, Layout, MarkKind, WordedView};

use style::Marks;
use text::Face;

/// How to draw a board.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// Mark `view.hints` (the legal destinations).
    pub show_hints: bool,
    /// Replaces `view.status`, e.g. "alice (White) to move".
    pub caption: Option<String>,
    /// The stone drawn before the caption (or the status): the colour to
    /// move, or the winner's; `None` draws no stone (a draw, Alquad's
    /// setter). Set by whoever writes the caption, from the game state:
    /// the renderer never reads colours out of the words.
    pub caption_stone: Option<Colour>,
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("a {files} x {ranks} board cannot be drawn (1 to 26 files and ranks)")]
    BoardSize { files: u8, ranks: u8 },
    #[error("a mancala board with {pits} pits a side cannot be drawn (1 to 12)")]
    PitCount { pits: u8 },
    #[error("the board view has {found} spots where its layout needs {expected}")]
    SpotCount { expected: usize, found: usize },
    #[error("the bundled font could not be read")]
    Font,
    #[error("PNG encoding failed: {0}")]
    Encode(#[from] ::png::EncodingError),
    #[error("GIF encoding failed: {0}")]
    Gif(#[from] gif::EncodingError),
    #[error("a replay needs at least one position")]
    NoFrames,
    #[error("a replay frame of {width} x {height} pixels is too large for a GIF")]
    FrameSize { width: u32, height: u32 },
}

/// The space around the board panel.
const MARGIN: f32 = 14.0;
/// The narrowest image (room for a title and a caption).
const MIN_WIDTH: f32 = 440.0;
const TITLE_SIZE: f32 = 21.0;
const TITLE_HEIGHT: f32 = 46.0;
const STATUS_SIZE: f32 = 17.0;
const NOTE_SIZE: f32 = 14.0;
const NOTE_LINE: f32 = 20.0;
const HAND_HEIGHT: f32 = 42.0;

/// The board as an RGBA image.
pub fn render(view: &WordedView, options: &RenderOptions) -> Result<RgbaImage, RenderError> {
    render_sized(view, options, 0)
}

/// The board as an RGBA image at least `min_height` pixels tall (the
/// frames of a replay share one size; extra room goes below the notes).
fn render_sized(
    view: &WordedView,
    options: &RenderOptions,
    min_height: u32,
) -> Result<RgbaImage, RenderError> {
    let Page {
        board_w,
        width,
        inner,
        title,
        caption,
        icon,
        icon_room,
        notes,
        board_y,
        hand_y,
        status_y,
        notes_y,
        height,
    } = page(view, options)?;
    let marks = spot_marks(view, options);
    let height = height.max(min_height as f32);

    let board_x = ((width - board_w) / 2.0).round();
    let mut canvas = backdrop::canvas(
        backdrop::Key {
            layout: view.layout,
            width: width as u32,
            height: height as u32,
            title: title.clone(),
        },
        (board_x, board_y),
    )?;
    match view.layout {
        Layout::Cells { files, ranks } => cells::draw(
            &mut canvas,
            &cells::Geometry::new(files, ranks),
            (board_x, board_y),
            view,
            &marks,
        )?,
        Layout::Points { files, ranks } => points::draw(
            &mut canvas,
            &points::Geometry::new(files, ranks),
            (board_x, board_y),
            view,
            &marks,
        )?,
        Layout::Mancala { pits } => mancala::draw(
            &mut canvas,
            &mancala::Geometry::new(pits),
            (board_x, board_y),
            view,
            &marks,
        )?,
    }

    if let Some(hand) = view.hand {
        mancala::hand_row(&mut canvas, MARGIN, hand_y, inner, view, hand)?;
    }
    if !caption.is_empty() {
        let baseline = status_y + 20.0;
        let mut x = MARGIN + 2.0;
        if let Some(colour) = icon {
            style::frame_stone(&mut canvas, x + 8.0, baseline - 6.0, 8.0, colour);
            x += icon_room;
        }
        for (i, line) in caption.iter().enumerate() {
            text::draw(
                &mut canvas,
                Face::Bold,
                STATUS_SIZE,
                x,
                baseline + CAPTION_LINE * i as f32,
                line,
                style::TITLE,
            )?;
        }
    }
    for (i, line) in notes.iter().enumerate() {
        let baseline = notes_y + 14.0 + i as f32 * NOTE_LINE;
        let mut x = MARGIN + 2.0;
        for (j, note) in line.iter().enumerate() {
            if j > 0 {
                canvas.fill_circle(
                    x + NOTE_GAP / 2.0,
                    baseline - 4.5,
                    1.8,
                    style::TEXT_DIM,
                    1.0,
                );
                x += NOTE_GAP;
            }
            x += text::draw(
                &mut canvas,
                Face::Regular,
                NOTE_SIZE,
                x,
                baseline,
                note,
                style::TEXT,
            )?;
        }
    }
    Ok(canvas.into_image())
}

/// Where everything goes in a board image.
struct Page {
    board_w: f32,
    width: f32,
    inner: f32,
    title: String,
    caption: Vec<String>,
    icon: Option<Colour>,
    icon_room: f32,
    notes: Vec<Vec<String>>,
    board_y: f32,
    hand_y: f32,
    status_y: f32,
    notes_y: f32,
    height: f32,
}

/// Lay a board image out without drawing it.
fn page(view: &WordedView, options: &RenderOptions) -> Result<Page, RenderError> {
    check(view)?;
    let (board_w, board_h) = match view.layout {
        Layout::Cells { files, ranks } => cells::Geometry::new(files, ranks).size(),
        Layout::Points { files, ranks } => points::Geometry::new(files, ranks).size(),
        Layout::Mancala { pits } => mancala::Geometry::new(pits).size(),
    };
    let width = (board_w + 2.0 * MARGIN).max(MIN_WIDTH).round();
    let inner = width - 2.0 * MARGIN;

    let title = text::fit(Face::Bold, TITLE_SIZE, &view.title, inner)?;
    let caption = options.caption.as_deref().unwrap_or(&view.status);
    let icon = options.caption_stone;
    let icon_room = if icon.is_some() { 30.0 } else { 0.0 };
    // A long caption ("bob (Black) wins: alice (White) has no legal move")
    // wraps onto a second line rather than being cut.
    let caption = wrap_words(Face::Bold, STATUS_SIZE, caption, inner - icon_room, 3)?;
    let notes = wrap_notes(&view.notes, inner)?;

    let board_y = TITLE_HEIGHT;
    let mut y = board_y + board_h + 10.0;
    let hand_y = y;
    if view.hand.is_some() {
        y += HAND_HEIGHT;
    }
    let status_y = y;
    if !caption.is_empty() {
        y += 30.0 + CAPTION_LINE * (caption.len() - 1) as f32;
    }
    let notes_y = y;
    y += notes.len() as f32 * NOTE_LINE;
    let height = (y + 10.0).round();

    Ok(Page {
        board_w,
        width,
        inner,
        title,
        caption,
        icon,
        icon_room,
        notes,
        board_y,
        hand_y,
        status_y,
        notes_y,
        height,
    })
}

/// The board as a PNG (indexed colour, fast compression).
pub fn render_png(view: &WordedView, options: &RenderOptions) -> Result<Png, RenderError> {
    let image = render(view, options)?;
    png::encode(&image)
}

/// An image drawn by [`render`] as the PNG [`render_png`] makes of it (the
/// encoding alone, for benchmarks).
pub fn encode_png(image: &RgbaImage) -> Result<Png, RenderError> {
    png::encode(image)
}

/// Refuse views the renderer cannot draw sensibly.
fn check(view: &WordedView) -> Result<(), RenderError> {
    match view.layout {
        Layout::Cells { files, ranks } | Layout::Points { files, ranks } => {
            if !(1..=26).contains(&files) || !(1..=26).contains(&ranks) {
                return Err(RenderError::BoardSize { files, ranks });
            }
        }
        Layout::Mancala { pits } => {
            if !(1..=12).contains(&pits) {
                return Err(RenderError::PitCount { pits });
            }
        }
    }
    let expected = view.layout.spot_count();
    if view.spots.len() != expected {
        return Err(RenderError::SpotCount {
            expected,
            found: view.spots.len(),
        });
    }
    Ok(())
}

/// The marks of every spot: the last turn, the hints if asked for, and the
/// pit about to be sown. Marks on spots outside the board are ignored.
fn spot_marks(view: &WordedView, options: &RenderOptions) -> Vec<Marks> {
    let mut marks = vec![Marks::default(); view.spots.len()];
    for m in &view.last.marks {
        if m.kind == MarkKind::Hint && !options.show_hints {
            continue;
        }
        if let Some(slot) = marks.get_mut(m.spot) {
            slot.add(m.kind);
        }
    }
    if options.show_hints {
        for &h in &view.hints {
            if let Some(slot) = marks.get_mut(h) {
                slot.add(MarkKind::Hint);
            }
        }
    }
    if let Some(hand) = view.hand {
        if let Some(slot) = marks.get_mut(hand.next) {
            slot.add(MarkKind::Next);
        }
    }
    marks
}

const NOTE_GAP: f32 = 22.0;
const CAPTION_LINE: f32 = 22.0;

/// `text` in lines that fit `width`, broken where the Unicode line
/// breaking rules allow (between words, and between most characters of
/// Japanese), at most `max_lines` (the last one shortened if the text is
/// longer still).
fn wrap_words(
    face: Face,
    size: f32,
    text: &str,
    width: f32,
    max_lines: usize,
) -> Result<Vec<String>, RenderError> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut start = 0;
    for (end, _) in unicode_linebreak::linebreaks(&text) {
        let piece = &text[start..end];
        start = end;
        let candidate = format!("{current}{piece}");
        if current.is_empty() || text::measure(face, size, candidate.trim_end())? <= width {
            current = candidate;
        } else {
            lines.push(std::mem::replace(&mut current, piece.to_string()));
        }
    }
    if !current.trim_end().is_empty() {
        lines.push(current);
    }
    if lines.len() > max_lines {
        let rest = lines.split_off(max_lines - 1).concat();
        lines.push(rest);
    }
    lines
        .iter()
        .map(|line| text::fit(face, size, line.trim_end(), width))
        .collect()
}

/// The notes flowed into lines that fit `width`, each note kept whole
/// (or shortened when it alone is too long).
fn wrap_notes(notes: &[String], width: f32) -> Result<Vec<Vec<String>>, RenderError> {
    let mut lines: Vec<Vec<String>> = Vec::new();
    let mut used = 0.0;
    // A board image has room for a few lines of notes at most.
    for note in notes.iter().take(12) {
        let note = text::fit(Face::Regular, NOTE_SIZE, note.trim(), width)?;
        if note.is_empty() {
            continue;
        }
        let w = text::measure(Face::Regular, NOTE_SIZE, &note)?;
        match lines.last_mut() {
            Some(line) if used + NOTE_GAP + w <= width => {
                line.push(note);
                used += NOTE_GAP + w;
            }
            _ => {
                lines.push(vec![note]);
                used = w;
            }
        }
    }
    Ok(lines)
}

/// Names of files: `a`, `b`, ...
fn file_name(file: usize) -> String {
    ((b'a' + (file as u8 % 26)) as char).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cairn_rules::Hand;
    use cairn_rules::Spot;

    fn decode(png: &Png) -> RgbaImage {
        image::load_from_memory_with_format(png.bytes(), image::ImageFormat::Png)
            .map(|i| i.to_rgba8())
            .unwrap_or_else(|e| panic!("not a PNG: {e}"))
    }

    /// Japanese has no spaces: a long caption breaks between characters
    /// where the Unicode rules allow, not only at spaces, and is not cut
    /// while lines are left.
    #[test]
    fn japanese_captions_wrap_between_characters() {
        let caption = "はるか（白）の勝ち：けんじ（黒）はより大きな正四角形で応じられませんでした";
        let lines = wrap_words(Face::Bold, STATUS_SIZE, caption, 300.0, 3).unwrap();
        assert!(lines.len() >= 2, "{lines:?}");
        assert!(lines.iter().all(|line| !line.ends_with('…')), "{lines:?}");
        assert_eq!(lines.concat(), caption);
        // No line starts with closing punctuation.
        assert!(
            lines.iter().all(|l| !l.starts_with(['）', '、', '。'])),
            "{lines:?}"
        );
        let latin = wrap_words(
            Face::Bold,
            STATUS_SIZE,
            "alice (White) wins: bob (Black) has no legal move",
            300.0,
            3,
        )
        .unwrap();
        assert!(latin.len() >= 2, "{latin:?}");
        assert_eq!(
            latin.join(" "),
            "alice (White) wins: bob (Black) has no legal move"
        );
    }

    #[test]
    fn every_layout_renders() {
        for layout in [
            Layout::Cells { files: 9, ranks: 9 },
            Layout::Cells {
                files: 19,
                ranks: 19,
            },
            Layout::Points { files: 5, ranks: 5 },
            Layout::Points { files: 9, ranks: 5 },
            Layout::Mancala { pits: 6 },
            Layout::Cells { files: 1, ranks: 1 },
            Layout::Points {
                files: 1,
                ranks: 26,
            },
            Layout::Cells {
                files: 26,
                ranks: 26,
            },
            Layout::Mancala { pits: 1 },
            Layout::Mancala { pits: 12 },
        ] {
            let mut view = WordedView::new("Test\nwith a newline", layout);
            view.status = "White\tto move".into();
            let png = render_png(&view, &RenderOptions::default()).unwrap();
            let image = decode(&png);
            assert_eq!((png.width(), png.height()), image.dimensions());
            assert!(image.width() >= 400 && image.width() <= 900, "{layout:?}");
        }
    }

    #[test]
    fn bad_views_are_refused_not_panicking() {
        let mut view = WordedView::new("Bad", Layout::Points { files: 5, ranks: 5 });
        view.spots.pop();
        assert!(matches!(
            render(&view, &RenderOptions::default()),
            Err(RenderError::SpotCount {
                expected: 25,
                found: 24
            })
        ));
        let view = WordedView::new("Bad", Layout::Cells { files: 0, ranks: 5 });
        assert!(render(&view, &RenderOptions::default()).is_err());
        let view = WordedView::new("Bad", Layout::Mancala { pits: 40 });
        assert!(render(&view, &RenderOptions::default()).is_err());
    }

    #[test]
    fn stray_marks_and_odd_spots_are_drawn_or_ignored() {
        let mut view = WordedView::new("Odd", Layout::Points { files: 5, ranks: 5 });
        view.last.mark(999, MarkKind::To);
        view.last.path = vec![0, 999, 3];
        view.hints = vec![1000];
        view.spots[0] = Spot::Pit { red: 3, black: 1 };
        view.spots[1] = Spot::Stack(vec![]);
        view.spots[2] = Spot::Blocked;
        view.hand = Some(Hand {
            red: 1,
            black: 2,
            next: 77,
        });
        let options = RenderOptions {
            show_hints: true,
            caption: Some("x".repeat(500)),
            caption_stone: Some(Colour::Red),
        };
        render_png(&view, &options).unwrap();
        let mut view = WordedView::new("Odd", Layout::Mancala { pits: 6 });
        view.spots[0] = Spot::Stack(vec![Colour::White, Colour::Red]);
        view.spots[1] = Spot::Blocked;
        view.spots[2] = Spot::Pit {
            red: 255,
            black: 255,
        };
        render_png(&view, &options).unwrap();
    }

    /// A pixel `dy` below the middle of the stone before the caption, a
    /// little right of it (a red stone has a pale centre dot).
    fn caption_stone_pixel(caption: &str, stone: Option<Colour>, dy: f32) -> image::Rgba<u8> {
        let view = WordedView::new("Sight", Layout::Cells { files: 5, ranks: 5 });
        let options = RenderOptions {
            caption: Some(caption.into()),
            caption_stone: stone,
            ..RenderOptions::default()
        };
        let layout = page(&view, &options).unwrap();
        let image = render(&view, &options).unwrap();
        let (x, y) = (MARGIN + 2.0 + 8.0 + 4.0, layout.status_y + 20.0 - 6.0 + dy);
        *image.get_pixel(x as u32, y as u32)
    }

    #[test]
    fn the_caption_stone_is_the_colour_given_not_a_word_in_the_caption() {
        // Redmond plays White: the stone is white, though "Red" comes first.
        let p = caption_stone_pixel("Redmond (White) to move", Some(Colour::White), 0.0);
        assert!(p[0] > 200 && p[1] > 200 && p[2] > 190, "white stone: {p:?}");
        let p = caption_stone_pixel("Whitney (Red) to move", Some(Colour::Red), 0.0);
        assert!(p[0] > p[1].saturating_add(80), "red stone: {p:?}");
        let p = caption_stone_pixel("Redmond (Black) to move", Some(Colour::Black), 0.0);
        assert!(p[0] < 90 && p[1] < 90 && p[2] < 90, "black stone: {p:?}");
        // Below the baseline the wood disc under a stone, or the frame when
        // no stone is given, whatever the words say.
        let p = caption_stone_pixel("Redmond (White) to move", Some(Colour::White), 10.0);
        let wood = style::WOOD;
        assert_eq!((p[0], p[1], p[2]), (wood.0, wood.1, wood.2));
        let p = caption_stone_pixel("Redmond (White) to move", None, 10.0);
        let frame = style::FRAME;
        assert_eq!((p[0], p[1], p[2]), (frame.0, frame.1, frame.2));
    }
}
