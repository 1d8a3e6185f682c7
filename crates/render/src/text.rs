//! Text with the bundled DejaVu Sans fonts and a glyph cache.
//!
//! Outlining a glyph costs far more than copying its coverage, and a board
//! image uses a few dozen distinct glyphs at a handful of sizes, so each
//! glyph is rasterised once per (face, size) and kept in a process-wide
//! cache. Pen positions are rounded to whole pixels.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};

use super::paint::{Canvas, Rgb};
use super::RenderError;

static REGULAR_TTF: &[u8] = include_bytes!("../../../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../../fonts/DejaVuSans-Bold.ttf");

/// The font cache only grows this large (names in captions can hold any
/// character); past it glyphs are rasterised without being kept.
const CACHE_LIMIT: usize = 4096;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    Regular,
    Bold,
}

struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

fn fonts() -> Result<&'static Fonts, RenderError> {
    static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            Some(Fonts {
                regular: FontRef::try_from_slice(REGULAR_TTF).ok()?,
                bold: FontRef::try_from_slice(BOLD_TTF).ok()?,
            })
        })
        .as_ref()
        .ok_or(RenderError::Font)
}

impl Fonts {
    fn font(&self, face: Face) -> &FontRef<'static> {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
        }
    }
}

/// One rasterised glyph: coverage rows and its placement from the pen on
/// the baseline.
struct Glyph {
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    coverage: Vec<u8>,
}

/// Face, size in quarter pixels, character, and horizontal pen offset in
/// quarter pixels (glyphs are kept at four sub-pixel positions so spacing
/// stays even).
type Key = (Face, u32, char, u8);

const SUBPIXELS: f32 = 4.0;

fn cache() -> &'static Mutex<HashMap<Key, Arc<Glyph>>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Arc<Glyph>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

fn rasterise(font: &FontRef<'static>, size: f32, c: char, shift: f32) -> Glyph {
    let scaled = font.as_scaled(PxScale::from(size));
    let id = scaled.glyph_id(c);
    let glyph = id.with_scale_and_position(size, ab_glyph::point(shift, 0.0));
    match font.outline_glyph(glyph) {
        Some(outlined) => {
            let bounds = outlined.px_bounds();
            let width = bounds.width().max(0.0) as usize;
            let height = bounds.height().max(0.0) as usize;
            let mut coverage = vec![0u8; width * height];
            outlined.draw(|x, y, c| {
                let (x, y) = (x as usize, y as usize);
                if x < width && y < height {
                    coverage[y * width + x] = (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
                }
            });
            Glyph {
                left: bounds.min.x as i32,
                top: bounds.min.y as i32,
                width,
                height,
                coverage,
            }
        }
        None => Glyph {
            left: 0,
            top: 0,
            width: 0,
            height: 0,
            coverage: Vec::new(),
        },
    }
}

/// The glyph ids and advances of `text` at `size`, and each glyph's pen
/// offset with kerning.
struct Line {
    chars: Vec<char>,
    offsets: Vec<f32>,
    width: f32,
}

fn layout(face: Face, size: f32, text: &str) -> Result<Line, RenderError> {
    let font = fonts()?.font(face);
    let scaled = font.as_scaled(PxScale::from(size));
    let mut pen = 0.0;
    let mut chars = Vec::with_capacity(text.len());
    let mut offsets = Vec::with_capacity(text.len());
    let mut previous: Option<GlyphId> = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = previous {
            pen += scaled.kern(p, id);
        }
        chars.push(c);
        offsets.push(pen);
        pen += scaled.h_advance(id);
        previous = Some(id);
    }
    Ok(Line {
        chars,
        offsets,
        width: pen,
    })
}

/// The rasterised glyph of `c` with its pen at `shift` (0..1) pixels,
/// from the cache where possible.
fn glyph(
    map: &mut HashMap<Key, Arc<Glyph>>,
    font: &FontRef<'static>,
    face: Face,
    size: f32,
    c: char,
    quarter: u8,
) -> Arc<Glyph> {
    let key = (face, (size * 4.0).round() as u32, c, quarter);
    if let Some(g) = map.get(&key) {
        return Arc::clone(g);
    }
    let g = Arc::new(rasterise(font, size, c, quarter as f32 / SUBPIXELS));
    if map.len() < CACHE_LIMIT {
        map.insert(key, Arc::clone(&g));
    }
    g
}

/// The width of `text` in pixels.
pub fn measure(face: Face, size: f32, text: &str) -> Result<f32, RenderError> {
    Ok(layout(face, size, text)?.width)
}

/// The height of capital letters and digits above the baseline.
pub fn cap_height(size: f32) -> f32 {
    size * 0.729
}

/// Draw `text` with its pen starting at `x` on the baseline `y`; returns
/// the advance.
pub fn draw(
    canvas: &mut Canvas,
    face: Face,
    size: f32,
    x: f32,
    y: f32,
    text: &str,
    colour: Rgb,
) -> Result<f32, RenderError> {
    let line = layout(face, size, text)?;
    let font = fonts()?.font(face);
    let base_y = y.round() as i32;
    let mut map = cache()
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for (&c, &off) in line.chars.iter().zip(&line.offsets) {
        let pen = x + off;
        let whole = pen.floor();
        let quarter = (((pen - whole) * SUBPIXELS).round() as u8).min(SUBPIXELS as u8);
        // A full step rounds up to the next whole pixel.
        let (whole, quarter) = if quarter == SUBPIXELS as u8 {
            (whole + 1.0, 0)
        } else {
            (whole, quarter)
        };
        let g = glyph(&mut map, font, face, size, c, quarter);
        let gx = whole as i32 + g.left;
        let gy = base_y + g.top;
        for row in 0..g.height {
            for col in 0..g.width {
                let cov = g.coverage[row * g.width + col];
                if cov > 0 {
                    canvas.blend(gx + col as i32, gy + row as i32, colour, cov as f32 / 255.0);
                }
            }
        }
    }
    Ok(line.width)
}

/// Draw `text` centred on `(cx, cy)`, with capitals and digits centred
/// vertically.
pub fn draw_centred(
    canvas: &mut Canvas,
    face: Face,
    size: f32,
    cx: f32,
    cy: f32,
    text: &str,
    colour: Rgb,
) -> Result<(), RenderError> {
    let width = measure(face, size, text)?;
    draw(
        canvas,
        face,
        size,
        cx - width / 2.0,
        cy + cap_height(size) / 2.0,
        text,
        colour,
    )?;
    Ok(())
}

/// `text` shortened with an ellipsis to fit `max_width`.
pub fn fit(face: Face, size: f32, text: &str, max_width: f32) -> Result<String, RenderError> {
    // Nothing longer than this fits on a board image anyway.
    // One line: control characters (newlines, tabs) become spaces.
    let text: String = text
        .chars()
        .take(300)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let line = layout(face, size, &text)?;
    if line.width <= max_width {
        return Ok(text);
    }
    let ellipsis = measure(face, size, "…")?;
    let keep = line
        .offsets
        .iter()
        .take_while(|&&pen| pen + ellipsis <= max_width)
        .count()
        .saturating_sub(1);
    let mut short: String = text.chars().take(keep).collect();
    short.truncate(short.trim_end().len());
    short.push('…');
    Ok(short)
}
