//! Text with the bundled DejaVu Sans fonts and a glyph cache.
//!
//! Outlining a glyph costs far more than copying its coverage, and a board
//! image uses a few dozen distinct glyphs at a handful of sizes, so each
//! glyph is rasterised once per (face, size) and kept in a process-wide
//! cache. Pen positions are rounded to whole pixels.
//!
//! Kept over imageproc's `draw_text_mut` and `text_size`, which draw the
//! same ab_glyph coverage blended the same way but (measured in this
//! file's tests on "alice (White) to move: Te AV Yo", bold 17 px):
//! - put the baseline at the top plus the font's ascent, 13.56 pixels at
//!   this size, so it falls between two rows: the last row of ink above
//!   the baseline holds 15779 of summed coverage against 28036 here (the
//!   letters' bottoms and tops go grey), and 1296 of 1704 ink pixels are
//!   grey against 1095 of 1633 here;
//! - look kerning up reversed and apply it after the next glyph is placed:
//!   "AV" (kerned by -0.99 px in DejaVu Sans Bold) ends a pixel later than
//!   here, and "Te", "Yo" spread the same way;
//! - outline every glyph on every call, where this module keeps a cache.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};

use super::paint::{Canvas, Rgb};
use super::RenderError;

static REGULAR_TTF: &[u8] = include_bytes!("../../../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../../fonts/DejaVuSans-Bold.ttf");
/// Japanese (kana and the JIS X 0213 kanji) for what DejaVu lacks: player
/// names, titles and captions in Japanese. IPAexGothic, under the IPA Font
/// License (fonts/LICENSE-IPAex.txt); one weight serves both faces.
static JAPANESE_TTF: &[u8] = include_bytes!("../../../fonts/ipaexg.ttf");

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
    japanese: FontRef<'static>,
    /// The glyph of each ASCII character in each face (regular, bold) and
    /// whether it is the Japanese font's: looked up once, not on every
    /// measurement (a font's character map is a binary search, and
    /// wrapping a caption measures its words many times over).
    ascii: [[(bool, GlyphId); 128]; 2],
}

fn fonts() -> Result<&'static Fonts, RenderError> {
    static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut fonts = Fonts {
                regular: FontRef::try_from_slice(REGULAR_TTF).ok()?,
                bold: FontRef::try_from_slice(BOLD_TTF).ok()?,
                japanese: FontRef::try_from_slice(JAPANESE_TTF).ok()?,
                ascii: [[(false, GlyphId(0)); 128]; 2],
            };
            for (f, face) in [Face::Regular, Face::Bold].into_iter().enumerate() {
                for code in 0u8..128 {
                    let c = char::from(code);
                    let font = fonts.for_char(face, c);
                    let entry = (std::ptr::eq(font, &fonts.japanese), font.glyph_id(c));
                    fonts.ascii[f][code as usize] = entry;
                }
            }
            Some(fonts)
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

    /// The font that draws `c` in `face` and the glyph's id in it.
    fn glyph(&self, face: Face, c: char) -> (&FontRef<'static>, GlyphId) {
        let f = match face {
            Face::Regular => 0,
            Face::Bold => 1,
        };
        match self.ascii[f].get(c as usize) {
            Some(&(true, id)) => (&self.japanese, id),
            Some(&(false, id)) => (self.font(face), id),
            None => {
                let font = self.for_char(face, c);
                (font, font.glyph_id(c))
            }
        }
    }

    /// The font that draws `c` in `face`: the face's own where it has the
    /// glyph, else the Japanese font where that has it (else the face's,
    /// whose missing-glyph box shows something is missing).
    fn for_char(&self, face: Face, c: char) -> &FontRef<'static> {
        let own = self.font(face);
        if own.glyph_id(c).0 != 0 || self.japanese.glyph_id(c).0 == 0 {
            own
        } else {
            &self.japanese
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
    let fonts = fonts()?;
    let mut pen = 0.0;
    let mut chars = Vec::with_capacity(text.len());
    let mut offsets = Vec::with_capacity(text.len());
    // The previous glyph, and its font: pairs are kerned within one font.
    let mut previous: Option<(GlyphId, *const FontRef<'static>)> = None;
    for c in text.chars() {
        let (font, id) = fonts.glyph(face, c);
        let scaled = font.as_scaled(PxScale::from(size));
        if let Some((p, previous_font)) = previous {
            if std::ptr::eq(previous_font, font) {
                pen += scaled.kern(p, id);
            }
        }
        chars.push(c);
        offsets.push(pen);
        pen += scaled.h_advance(id);
        previous = Some((id, font));
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
    let fonts = fonts()?;
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
        let g = glyph(&mut map, fonts.glyph(face, c).0, face, size, c, quarter);
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

#[cfg(test)]
mod tests {
    use super::*;
    use image::{GenericImageView, Rgba, RgbaImage};

    const CAPTION: &str = "alice (White) to move: Te AV Yo";
    const SIZE: f32 = 17.0;
    const BASELINE: f32 = 26.0;

    /// The caption drawn white on black by this module.
    fn own() -> RgbaImage {
        let mut canvas = Canvas::new(320, 36, Rgb(0, 0, 0));
        draw(
            &mut canvas,
            Face::Bold,
            SIZE,
            4.0,
            BASELINE,
            CAPTION,
            Rgb(255, 255, 255),
        )
        .unwrap();
        canvas.into_image()
    }

    /// The same caption through imageproc's `draw_text_mut`, its top
    /// placed so its baseline lands as near the same row as it can.
    fn imageprocs(text: &str) -> RgbaImage {
        let font = fonts().unwrap().font(Face::Bold);
        let ascent = font.as_scaled(PxScale::from(SIZE)).ascent();
        let mut image = RgbaImage::from_pixel(320, 36, Rgba([0, 0, 0, 255]));
        let top = (BASELINE - ascent).round() as i32;
        eprintln!(
            "imageproc's baseline: {} (ascent {ascent:.2})",
            top as f32 + ascent
        );
        imageproc::drawing::draw_text_mut(
            &mut image,
            Rgba([255, 255, 255, 255]),
            4,
            top,
            SIZE,
            font,
            text,
        );
        image
    }

    /// Ink pixels, and those of them neither full ink nor background.
    fn ink(image: &RgbaImage) -> (usize, usize) {
        let ink = image.pixels().filter(|p| p[0] > 0).count();
        let grey = image.pixels().filter(|p| p[0] > 0 && p[0] < 255).count();
        (ink, grey)
    }

    fn drawn(text: &str) -> RgbaImage {
        let mut canvas = Canvas::new(200, 36, Rgb(0, 0, 0));
        draw(
            &mut canvas,
            Face::Bold,
            SIZE,
            4.0,
            BASELINE,
            text,
            Rgb(255, 255, 255),
        )
        .unwrap();
        canvas.into_image()
    }

    /// Japanese is drawn from the Japanese font, glyph by glyph where
    /// DejaVu has none: real, distinct shapes, not the missing-glyph box.
    #[test]
    fn japanese_draws_real_glyphs() {
        let fonts = fonts().unwrap();
        assert_eq!(fonts.bold.glyph_id('黒').0, 0, "DejaVu has no kanji");
        assert!(std::ptr::eq(
            fonts.for_char(Face::Bold, '黒'),
            &fonts.japanese
        ));
        assert!(std::ptr::eq(fonts.for_char(Face::Bold, 'a'), &fonts.bold));
        // Two characters no font has draw the same box; two kanji differ
        // from it and from each other.
        let missing = drawn("\u{E000}");
        assert_eq!(missing, drawn("\u{E001}"));
        let black = drawn("黒");
        let white = drawn("白");
        assert_ne!(black, missing);
        assert_ne!(black, white);
        let (ink_black, _) = ink(&black);
        let (ink_white, _) = ink(&white);
        assert!(ink_black > 60 && ink_white > 40, "{ink_black} {ink_white}");
        // A caption that mixes scripts is as wide as its parts.
        let mixed = measure(Face::Bold, SIZE, "alice (黒) の番").unwrap();
        let parts = measure(Face::Bold, SIZE, "alice (").unwrap()
            + measure(Face::Bold, SIZE, "黒").unwrap()
            + measure(Face::Bold, SIZE, ") の番").unwrap();
        assert!((mixed - parts).abs() < 1.0, "{mixed} vs {parts}");
        // Latin text is unchanged by the fallback (the goldens check the
        // pixels): every glyph of the caption is DejaVu's.
        assert!(CAPTION
            .chars()
            .all(|c| std::ptr::eq(fonts.for_char(Face::Bold, c), &fonts.bold)));
    }

    /// Why this module draws text rather than imageproc (see the module
    /// comment). `CAIRN_TEXT_COMPARE=<dir>` writes both, magnified.
    #[test]
    fn own_text_is_crisper_than_imageprocs() {
        let ours = own();
        let theirs = imageprocs(CAPTION);
        let (own_ink, own_grey) = ink(&ours);
        let (their_ink, their_grey) = ink(&theirs);
        eprintln!(
            "text: own {own_grey} grey of {own_ink} ink pixels; imageproc {their_grey} of {their_ink}"
        );
        if let Some(dir) = std::env::var_os("CAIRN_TEXT_COMPARE") {
            let dir = std::path::PathBuf::from(dir);
            // Own above, imageproc below, the end of the line magnified.
            let mut both = RgbaImage::from_pixel(150, 60, Rgba([60, 60, 60, 255]));
            image::imageops::replace(&mut both, &*ours.view(150, 6, 150, 28), 0, 0);
            image::imageops::replace(&mut both, &*theirs.view(150, 6, 150, 28), 0, 31);
            let big =
                image::imageops::resize(&both, 1200, 480, image::imageops::FilterType::Nearest);
            big.save(dir.join("text_own_above_imageproc.png")).unwrap();
        }
        // Summed coverage of a row: the last one above the baseline is
        // full ink on a whole-pixel baseline, half ink on imageproc's.
        let row = |image: &RgbaImage, y: u32| {
            (0..image.width())
                .map(|x| image.get_pixel(x, y)[0] as u32)
                .sum::<u32>()
        };
        let last = BASELINE as u32 - 1;
        eprintln!(
            "text: summed coverage of the row above the baseline: own {}, imageproc {}",
            row(&ours, last),
            row(&theirs, last)
        );
        assert!(own_grey * 10 < their_grey * 9, "{own_grey} vs {their_grey}");
        assert!(row(&ours, last) * 2 > row(&theirs, last) * 3);
    }

    /// "AV" is kerned closer than its advances; imageproc places the V a
    /// whole advance after the A (its kerning is looked up reversed and
    /// only moves the glyph after).
    #[test]
    fn kerning_is_applied_where_imageproc_misses_it() {
        let font = fonts().unwrap().font(Face::Bold);
        let scaled = font.as_scaled(PxScale::from(SIZE));
        let kern = scaled.kern(scaled.glyph_id('A'), scaled.glyph_id('V'));
        let mut canvas = Canvas::new(320, 36, Rgb(0, 0, 0));
        draw(
            &mut canvas,
            Face::Bold,
            SIZE,
            4.0,
            BASELINE,
            "AV",
            Rgb(255, 255, 255),
        )
        .unwrap();
        let right = |image: &RgbaImage| {
            (0..image.width())
                .filter(|&x| (0..image.height()).any(|y| image.get_pixel(x, y)[0] > 127))
                .max()
                .unwrap_or(0)
        };
        let own = right(&canvas.into_image());
        let theirs = right(&imageprocs("AV"));
        eprintln!("AV: kern {kern:.2} px; last ink column own {own}, imageproc {theirs}");
        assert!(kern < -0.5, "the font kerns AV: {kern}");
        assert!(own < theirs, "own {own} vs imageproc {theirs}");
    }
}
