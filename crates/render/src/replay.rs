//! Replays: a whole game as an animated GIF (Discord shows APNG as a still
//! image), made fast the way lichess's lila-gif is:
//!
//! - One palette for the theme, chosen once per process (no quantising per
//!   frame): sample boards draw every colour of the theme, with their
//!   anti-aliased edges and translucent marks, and the PNG path's palette
//!   chooser keeps the most used colours exactly (the flat areas) and fills
//!   the rest with the colours farthest from those. Each frame's pixels map
//!   to their nearest entry through a small cache.
//! - Every frame after the first is only the rectangle that changed, drawn
//!   over the previous frame (disposal "keep"); pixels inside it that did
//!   not change are transparent, and the frame's own LZW coder (`lzw.rs`)
//!   takes such runs a code at a time rather than a byte at a time.
//!
//! The final position is held longer; its caption carries the result.

use std::borrow::Cow;
use std::sync::OnceLock;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbaImage;

use super::lzw::Lzw;
use super::png::{pack, Histogram, Palette};
use super::{page, render_sized, RenderError, RenderOptions};
use cairn_rules::Hand;
use cairn_rules::{Colour, Highlights, Layout, MarkKind, Spot, WordedView};

/// One position of a replay: the board and the line under it.
#[derive(Clone, Debug)]
pub struct ReplayFrame {
    pub view: WordedView,
    /// "Turn 12 of 40: alice (White) played b2 a4 d1".
    pub caption: String,
    /// The stone before the caption: the colour of the seat the caption
    /// is about (to move, who played, the winner).
    pub stone: Option<Colour>,
}

impl ReplayFrame {
    /// How the renderer is asked to draw this frame.
    pub fn render_options(&self) -> RenderOptions {
        RenderOptions {
            show_hints: false,
            caption: Some(self.caption.clone()),
            caption_stone: self.stone,
        }
    }
}

/// How long each frame shows, in hundredths of a second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// The starting position.
    pub first_cs: u16,
    /// Each turn.
    pub turn_cs: u16,
    /// The final position, with the result.
    pub last_cs: u16,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            first_cs: 150,
            turn_cs: 90,
            last_cs: 500,
        }
    }
}

/// The index of the transparent colour: the theme has at most 255 others.
const TRANSPARENT: u8 = 255;

/// The theme's palette, chosen once.
pub struct ThemePalette {
    palette: Palette,
    /// The GIF colour table: 256 entries of RGB (the last one transparent).
    table: Vec<u8>,
}

impl ThemePalette {
    /// The palette's colours as RGB, in index order (without the
    /// transparent entry).
    pub fn colours(&self) -> Vec<[u8; 3]> {
        self.palette
            .colours
            .iter()
            .map(|&c| [c as u8, (c >> 8) as u8, (c >> 16) as u8])
            .collect()
    }
}

/// The palette of the board theme (computed on first use, about 50 ms).
pub fn theme_palette() -> &'static ThemePalette {
    static PALETTE: OnceLock<ThemePalette> = OnceLock::new();
    PALETTE.get_or_init(build_theme_palette)
}

fn build_theme_palette() -> ThemePalette {
    let mut histogram = Histogram::new();
    for (view, options) in theme_samples() {
        // The samples are fixed and valid; a failure would only leave the
        // palette without their colours, never stop a replay.
        let Ok(image) = render_sized(&view, &options, 0) else {
            tracing::warn!(title = %view.title, "a palette sample failed to render");
            continue;
        };
        for p in image.as_raw().chunks_exact(4) {
            let index = histogram.index(pack(p));
            histogram.counts[index] += 1;
        }
    }
    let (colours, _) = super::png::choose_palette(&histogram, TRANSPARENT as usize);
    let palette = Palette::new(colours);
    let mut table = Vec::with_capacity(256 * 3);
    for &c in &palette.colours {
        table.extend_from_slice(&[c as u8, (c >> 8) as u8, (c >> 16) as u8]);
    }
    table.resize(256 * 3, 0);
    ThemePalette { palette, table }
}

/// Boards that between them draw every colour of the theme: each board
/// family, every piece colour and stack, every mark, hints, a hand,
/// captions with each colour's icon, and notes.
fn theme_samples() -> Vec<(WordedView, RenderOptions)> {
    use MarkKind::*;
    let mark_kinds = [
        From, To, Added, Removed, Captured, Changed, LapStart, LapEnd, Emptied, Hint,
    ];
    let stacks: Vec<Vec<Colour>> = vec![
        vec![Colour::White],
        vec![Colour::Black],
        vec![Colour::White, Colour::Black],
        vec![Colour::Black, Colour::White],
        vec![Colour::White, Colour::White, Colour::Black],
        vec![Colour::Black; 4],
        vec![Colour::White; 12],
        vec![Colour::Red],
    ];
    let mut out = Vec::new();
    for (n, layout) in [
        Layout::Cells { files: 9, ranks: 9 },
        Layout::Points { files: 9, ranks: 5 },
        Layout::Points { files: 5, ranks: 5 },
        Layout::Cells {
            files: 15,
            ranks: 15,
        },
    ]
    .into_iter()
    .enumerate()
    {
        let mut view = WordedView::new(format!("Sample {n}: Callanish 9 x 9 (Tsivy)"), layout);
        let count = view.spots.len();
        for spot in 0..count {
            view.spots[spot] = match spot % 11 {
                0..=7 => Spot::Stack(stacks[(spot + n) % stacks.len()].clone()),
                8 if matches!(layout, Layout::Cells { .. }) => Spot::Blocked,
                _ => Spot::Empty,
            };
        }
        let mut last = Highlights::default();
        for (i, kind) in mark_kinds.iter().enumerate() {
            last.mark((i * 7 + 3 + n) % count, *kind);
            last.mark((i * 5 + 20 + n) % count, *kind);
        }
        last.path = vec![0, 12 % count, 14 % count, count - 3];
        view.last = last;
        view.hints = (0..count).step_by(6).collect();
        view.notes = vec![
            "White: 12 in supply, 3 captured".into(),
            "Black: 9 in supply".into(),
            "Turn 24 of 60".into(),
        ];
        let (caption, stone) = match n {
            0 => (
                "Turn 12 of 40: alice (White) played b2 a4 d1",
                Some(Colour::White),
            ),
            1 => (
                "bob (Black) wins (all pieces captured)",
                Some(Colour::Black),
            ),
            2 => ("carol (Red) to move 0123456789", Some(Colour::Red)),
            _ => ("Draw (threefold repetition)", None),
        };
        out.push((
            view,
            RenderOptions {
                show_hints: n % 2 == 0,
                caption: Some(caption.into()),
                caption_stone: stone,
            },
        ));
    }
    let mut view = WordedView::new("Sample: Floaters", Layout::Mancala { pits: 6 });
    for (spot, content) in view.spots.iter_mut().enumerate() {
        *content = Spot::Pit {
            red: (spot * 3 % 13) as u8,
            black: (spot * 5 % 11) as u8,
        };
    }
    for (i, kind) in [LapStart, LapEnd, Emptied, Changed, Captured]
        .into_iter()
        .enumerate()
    {
        view.last.mark(i * 2 + 1, kind);
    }
    view.hand = Some(Hand {
        red: 3,
        black: 2,
        next: 4,
    });
    view.notes = vec!["Red to sow: 3 red, 2 black in hand".into()];
    out.push((
        view,
        RenderOptions {
            show_hints: false,
            caption: Some("dave (Red) to move; Black in hand".into()),
            caption_stone: Some(Colour::Red),
        },
    ));
    out
}

/// Maps packed RGB colours to palette indices, remembering recent answers
/// (a direct-mapped cache: a board has a few thousand colours).
struct Mapper<'a> {
    palette: &'a Palette,
    keys: Vec<u32>,
    values: Vec<u8>,
}

const CACHE_BITS: u32 = 14;

impl<'a> Mapper<'a> {
    fn new(palette: &'a Palette) -> Mapper<'a> {
        Mapper {
            palette,
            keys: vec![u32::MAX; 1 << CACHE_BITS],
            values: vec![0; 1 << CACHE_BITS],
        }
    }

    #[inline]
    fn index(&mut self, rgb: u32) -> u8 {
        let slot = (rgb.wrapping_mul(0x9E37_79B1) >> (32 - CACHE_BITS)) as usize;
        if self.keys[slot] == rgb {
            return self.values[slot];
        }
        let (_, index) = self.palette.nearest(rgb);
        self.keys[slot] = rgb;
        self.values[slot] = index;
        index
    }
}

/// Each frame as the GIF shows it before palette mapping: the renderer's
/// image of the position, all frames as tall as the tallest (a Floaters
/// hand or an extra line of notes makes some taller).
pub fn frame_images(frames: &[ReplayFrame]) -> Result<Vec<RgbaImage>, RenderError> {
    let height = common_height(frames)?;
    frames
        .iter()
        .map(|f| render_sized(&f.view, &f.render_options(), height))
        .collect()
}

fn common_height(frames: &[ReplayFrame]) -> Result<u32, RenderError> {
    let mut height = 0;
    for frame in frames {
        height = height.max(page(&frame.view, &frame.render_options())?.height as u32);
    }
    Ok(height)
}

/// The replay as GIF bytes: the frames in order, looping.
pub fn render_gif(frames: &[ReplayFrame], timing: Timing) -> Result<Vec<u8>, RenderError> {
    let last = frames.len().checked_sub(1).ok_or(RenderError::NoFrames)?;
    let height = common_height(frames)?;
    let theme = theme_palette();
    let mut mapper = Mapper::new(&theme.palette);
    let mut lzw = Lzw::new();
    let mut encoder: Option<Encoder<Vec<u8>>> = None;
    // The previous frame, as drawn and as shown (palette indices).
    let mut previous: Option<RgbaImage> = None;
    let mut shown: Vec<u8> = Vec::new();
    let mut width = 0usize;
    let mut buffer: Vec<u8> = Vec::new();
    for (i, frame) in frames.iter().enumerate() {
        let image = render_sized(&frame.view, &frame.render_options(), height)?;
        let delay = if i == last {
            timing.last_cs
        } else if i == 0 {
            timing.first_cs
        } else {
            timing.turn_cs
        };
        let raw = image.as_raw();
        let (Some(before), Some(encoder)) = (previous.as_ref(), encoder.as_mut()) else {
            let (w, h) = image.dimensions();
            let too_large = || RenderError::FrameSize {
                width: w,
                height: h,
            };
            let gw = u16::try_from(w).map_err(|_| too_large())?;
            let gh = u16::try_from(h).map_err(|_| too_large())?;
            width = w as usize;
            let mut new = Encoder::new(Vec::with_capacity(1 << 20), gw, gh, &theme.table)?;
            new.set_repeat(Repeat::Infinite)?;
            map_whole(raw, &mut mapper, &mut shown);
            new.write_lzw_pre_encoded_frame(&Frame {
                delay,
                dispose: DisposalMethod::Keep,
                width: gw,
                height: gh,
                buffer: Cow::Borrowed(lzw.encode(&shown)),
                ..Frame::default()
            })?;
            encoder = Some(new);
            previous = Some(image);
            continue;
        };
        let old = before.as_raw();
        if raw.len() != old.len() {
            // Every frame has the first one's width and the common height.
            let (w, h) = image.dimensions();
            return Err(RenderError::FrameSize {
                width: w,
                height: h,
            });
        }
        let rect = changed_rect(old, raw, width);
        let (x0, y0, x1, y1) = rect.unwrap_or((0, 0, 1, 1));
        // Transparent unless a pixel changed (rows that did not change
        // are skipped whole).
        buffer.clear();
        buffer.resize((x1 - x0) * (y1 - y0), TRANSPARENT);
        if rect.is_some() {
            let frame = Changes {
                now: raw,
                then: old,
                width,
                rect: (x0, y0, x1, y1),
            };
            frame.map(&mut mapper, &mut shown, &mut buffer);
        }
        let part = Frame {
            delay,
            dispose: DisposalMethod::Keep,
            transparent: Some(TRANSPARENT),
            left: x0 as u16,
            top: y0 as u16,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
            buffer: Cow::Borrowed(lzw.encode(&buffer)),
            ..Frame::default()
        };
        encoder.write_lzw_pre_encoded_frame(&part)?;
        previous = Some(image);
    }
    match encoder {
        Some(encoder) => Ok(encoder.into_inner()?),
        None => Err(RenderError::NoFrames),
    }
}

/// The first frame's pixels as palette indices, into `shown`.
fn map_whole(raw: &[u8], mapper: &mut Mapper<'_>, shown: &mut Vec<u8>) {
    shown.clear();
    let mut last_rgb = u32::MAX;
    let mut last_index = 0;
    for p in raw.chunks_exact(4) {
        let rgb = pack(p);
        if rgb != last_rgb {
            last_rgb = rgb;
            last_index = mapper.index(rgb);
        }
        shown.push(last_index);
    }
}

/// Two frames (RGBA, `width` pixels a row) and the rectangle holding
/// every pixel that differs between them.
struct Changes<'a> {
    now: &'a [u8],
    then: &'a [u8],
    width: usize,
    rect: (usize, usize, usize, usize),
}

impl Changes<'_> {
    /// Write the changed pixels' palette indices into `out` (the
    /// rectangle, transparent elsewhere) and into `shown` (the whole image
    /// as shown); rows that did not change are skipped whole.
    fn map(&self, mapper: &mut Mapper<'_>, shown: &mut [u8], out: &mut [u8]) {
        let (x0, y0, x1, y1) = self.rect;
        for (y, out) in (y0..y1).zip(out.chunks_exact_mut(x1 - x0)) {
            let row = y * self.width;
            let now = &self.now[(row + x0) * 4..(row + x1) * 4];
            let then = &self.then[(row + x0) * 4..(row + x1) * 4];
            if now == then {
                continue;
            }
            let shown_row = &mut shown[row + x0..row + x1];
            let mut last_rgb = u32::MAX;
            let mut last_index = TRANSPARENT;
            for (((p, q), seen), o) in now
                .chunks_exact(4)
                .zip(then.chunks_exact(4))
                .zip(shown_row.iter_mut())
                .zip(out.iter_mut())
            {
                let rgb = pack(p);
                if rgb == pack(q) {
                    continue;
                }
                if rgb != last_rgb {
                    last_rgb = rgb;
                    last_index = mapper.index(rgb);
                }
                if last_index != *seen {
                    *seen = last_index;
                    *o = last_index;
                }
            }
        }
    }
}

/// The smallest rectangle `(x0, y0, x1, y1)` (ends exclusive) holding
/// every pixel that differs between two RGBA images of `width` pixels a
/// row; `None` if they are equal.
fn changed_rect(before: &[u8], after: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let stride = width * 4;
    let mut rect: Option<(usize, usize, usize, usize)> = None;
    for (y, (a, b)) in before
        .chunks_exact(stride)
        .zip(after.chunks_exact(stride))
        .enumerate()
    {
        if a == b {
            continue;
        }
        let first = a
            .chunks_exact(4)
            .zip(b.chunks_exact(4))
            .position(|(p, q)| p != q)
            .unwrap_or(0);
        let last = width
            - a.chunks_exact(4)
                .rev()
                .zip(b.chunks_exact(4).rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
        rect = Some(match rect {
            None => (first, y, last, y + 1),
            Some((x0, y0, x1, _)) => (x0.min(first), y0, x1.max(last), y + 1),
        });
    }
    rect
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_palette_keeps_the_flat_colours_exactly() {
        let theme = theme_palette();
        let colours = theme.colours();
        assert!(
            colours.len() <= 255 && colours.len() > 100,
            "{}",
            colours.len()
        );
        for rgb in [
            super::super::style::FRAME,
            super::super::style::WOOD,
            super::super::style::LINE,
            super::super::style::ACCENT,
        ] {
            assert!(
                colours.contains(&[rgb.0, rgb.1, rgb.2]),
                "{rgb:?} is not in the palette"
            );
        }
    }

    #[test]
    fn changed_rect_bounds_every_difference() {
        let width = 5;
        let before = vec![0u8; width * 4 * 4];
        let mut after = before.clone();
        assert_eq!(changed_rect(&before, &after, width), None);
        after[(width + 3) * 4] = 9; // (3, 1)
        after[(3 * width + 1) * 4 + 2] = 9; // (1, 3)
        assert_eq!(changed_rect(&before, &after, width), Some((1, 1, 4, 4)));
    }
}
