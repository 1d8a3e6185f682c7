//! Replays: a whole game as an animated GIF (Discord shows APNG as a still
//! image), made fast the way lichess's lila-gif is:
//!
//! - One palette for the theme, chosen once per process (no quantising per
//!   frame, see `theme.rs`). Each frame's pixels map to their nearest
//!   entry through a per-thread cache that outlives the replay.
//! - Every frame after the first is only the rectangle that changed, drawn
//!   over the previous frame (disposal "keep"); pixels inside it that did
//!   not change are transparent, and the frame's own LZW coder (`lzw.rs`)
//!   takes such runs a code at a time rather than a byte at a time.
//!
//! The final position is held longer; its caption carries the result.

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbaImage;

use super::lzw::Lzw;
use super::png::pack;
use super::theme::{with_mapper, Mapper, TRANSPARENT};
use super::{page, render_sized, RenderError, RenderOptions};
use cairn_rules::{Colour, WordedView};

pub use super::theme::{theme_palette, ThemePalette};

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
    with_mapper(|mapper| gif_with(frames, timing, mapper))
}

fn gif_with(
    frames: &[ReplayFrame],
    timing: Timing,
    mapper: &mut Mapper,
) -> Result<Vec<u8>, RenderError> {
    let last = frames.len().checked_sub(1).ok_or(RenderError::NoFrames)?;
    let height = common_height(frames)?;
    let theme = theme_palette();
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
            map_whole(raw, mapper, &mut shown);
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
        let spans = changed_spans(old, raw, width);
        let rect = bounding_rect(&spans);
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
                spans: &spans,
            };
            frame.map(mapper, &mut shown, &mut buffer);
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
fn map_whole(raw: &[u8], mapper: &mut Mapper, shown: &mut Vec<u8>) {
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

/// Two frames (RGBA, `width` pixels a row), the rectangle holding every
/// pixel that differs between them, and each row's changed span.
struct Changes<'a> {
    now: &'a [u8],
    then: &'a [u8],
    width: usize,
    rect: (usize, usize, usize, usize),
    spans: &'a [Option<(usize, usize)>],
}

impl Changes<'_> {
    /// Write the changed pixels' palette indices into `out` (the
    /// rectangle, transparent elsewhere) and into `shown` (the whole image
    /// as shown); only each row's changed span is looked at.
    fn map(&self, mapper: &mut Mapper, shown: &mut [u8], out: &mut [u8]) {
        let (x0, y0, x1, y1) = self.rect;
        for (y, out) in (y0..y1).zip(out.chunks_exact_mut(x1 - x0)) {
            let Some((first, end)) = self.spans[y] else {
                continue;
            };
            let row = y * self.width;
            let now = &self.now[(row + first) * 4..(row + end) * 4];
            let then = &self.then[(row + first) * 4..(row + end) * 4];
            let shown_row = &mut shown[row + first..row + end];
            map_row(now, then, mapper, shown_row, &mut out[first - x0..end - x0]);
        }
    }
}

/// One row of a changed rectangle: pixels of `now` that differ from `then`
/// into `out` and `shown`, as palette indices. Four pixels are compared at
/// once, so the parts of a row that did not change (most of it) cost a
/// comparison per four pixels.
fn map_row(now: &[u8], then: &[u8], mapper: &mut Mapper, shown: &mut [u8], out: &mut [u8]) {
    let width = out.len();
    let mut last_rgb = u32::MAX;
    let mut last_index = TRANSPARENT;
    let four = |bytes: &[u8], x: usize| {
        let mut b = [0u8; 16];
        b.copy_from_slice(&bytes[4 * x..4 * x + 16]);
        u128::from_le_bytes(b)
    };
    let mut x = 0;
    while x < width {
        if x + 4 <= width && four(now, x) == four(then, x) {
            x += 4;
            continue;
        }
        let (p, q) = (&now[4 * x..4 * x + 4], &then[4 * x..4 * x + 4]);
        let rgb = pack(p);
        if rgb != pack(q) {
            if rgb != last_rgb {
                last_rgb = rgb;
                last_index = mapper.index(rgb);
            }
            if last_index != shown[x] {
                shown[x] = last_index;
                out[x] = last_index;
            }
        }
        x += 1;
    }
}

/// Each row's changed pixels between two RGBA images of `width` pixels a
/// row, as the span `(first, end)` (end exclusive) holding them; `None`
/// for a row that did not change. One pass: the spans give both the
/// frame's rectangle and the pixels to map.
fn changed_spans(before: &[u8], after: &[u8], width: usize) -> Vec<Option<(usize, usize)>> {
    let stride = width * 4;
    before
        .chunks_exact(stride)
        .zip(after.chunks_exact(stride))
        .map(|(a, b)| {
            let first = first_difference(a, b)?;
            let last = last_difference(a, b).unwrap_or(first);
            Some((first / 4, last / 4 + 1))
        })
        .collect()
}

/// The first byte where `a` and `b` differ, sixteen bytes a step.
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 16 <= n && a[i..i + 16] == b[i..i + 16] {
        i += 16;
    }
    (i..n).find(|&k| a[k] != b[k])
}

/// The last byte where `a` and `b` differ, sixteen bytes a step.
fn last_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let mut end = a.len().min(b.len());
    while end >= 16 && a[end - 16..end] == b[end - 16..end] {
        end -= 16;
    }
    (0..end).rev().find(|&k| a[k] != b[k])
}

/// The smallest rectangle `(x0, y0, x1, y1)` (ends exclusive) holding
/// every row's changed span; `None` if no row changed.
fn bounding_rect(spans: &[Option<(usize, usize)>]) -> Option<(usize, usize, usize, usize)> {
    let mut rect: Option<(usize, usize, usize, usize)> = None;
    for (y, span) in spans.iter().enumerate() {
        let Some((first, end)) = *span else {
            continue;
        };
        rect = Some(match rect {
            None => (first, y, end, y + 1),
            Some((x0, y0, x1, _)) => (x0.min(first), y0, x1.max(end), y + 1),
        });
    }
    rect
}

/// The smallest rectangle `(x0, y0, x1, y1)` (ends exclusive) holding
/// every pixel that differs between two RGBA images of `width` pixels a
/// row; `None` if they are equal.
#[cfg(test)]
fn changed_rect(before: &[u8], after: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    bounding_rect(&changed_spans(before, after, width))
}

#[cfg(test)]
mod tests {
    use super::*;

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
