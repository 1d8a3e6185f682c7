//! A small RGBA canvas with anti-aliased shapes.
//!
//! Every shape is drawn from a signed distance: a pixel's coverage is how far
//! its centre lies inside the edge, clamped to one pixel. That gives smooth
//! edges with flat fills, which PNG compresses well, and is much faster than
//! general path rasterising for the circles, capsules and rounded boxes a
//! board is made of. The canvas is always opaque.
//!
//! The canvas is an `image::RgbaImage`, and what imageproc draws exactly as
//! well is drawn by imageproc: rectangles on whole pixels (grid lines,
//! frames, tinted cells), which need no anti-aliasing. The rest stays
//! here, because imageproc has no anti-aliased equivalent. Measured by the
//! tests at the end of this file against the exact (16 x 16 supersampled)
//! coverage, as the mean and worst error in 0..=255 over the pixels near
//! the edge:
//!
//! - a disc of radius 10: `draw_filled_circle_mut` (whole-pixel centre and
//!   radius, every pixel in or out) is off by 29.2 on average, 240 at
//!   worst, with no pixel between ink and background; `fill_circle` 0.9
//!   and 10.
//! - a small triangle: `draw_antialiased_polygon_mut` (whole-pixel
//!   vertices, a one-pixel Wu line along each edge) 29.7 and 239;
//!   `fill_convex` 1.6 and 91 (a sharp corner).
//! - a line: `draw_antialiased_line_segment_mut` is a one-pixel Wu line
//!   (the boards' lines are 2 to 3 pixels wide with round caps); even at
//!   one pixel it is off by 6.8 on average where `line` is off by 2.1.
//!
//! Rounded rectangles and rings have no imageproc counterpart at all.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::{Pixel, Rgba, RgbaImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

/// An opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `0xRRGGBB`.
    pub const fn hex(v: u32) -> Rgb {
        Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }

    /// Mix towards `other` by `t` (0 = self, 1 = other).
    pub fn mix(self, other: Rgb, t: f32) -> Rgb {
        let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
}

/// An RGBA image, alpha always 255, with its size at hand for clipping.
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    image: RgbaImage,
    /// While a sprite is recorded ([`Canvas::cached`]): each blend as the
    /// pixel, its weight (`a` of [`blend_pixel`], 256 = opaque) and colour,
    /// in drawing order, instead of drawing.
    record: Option<Vec<(u32, u16, Rgb)>>,
}

/// A recorded drawing: what each pixel it touches becomes. Pixels that
/// end under something opaque are a fixed colour, kept as runs of
/// neighbouring pixels (a pit's floor is rows of one colour: one copy a
/// row, not a store a pixel); the others keep the blends to apply to
/// whatever lies below, in order.
struct Sprite {
    /// First pixel index and length of each run of fixed pixels, and
    /// where its RGBA bytes start in `fixed`.
    runs: Vec<(u32, u32, u32)>,
    /// The fixed pixels' colours, opaque (every canvas is).
    fixed: Vec<u8>,
    /// Pixel index and the range of `ops` of each blended pixel.
    blended: Vec<(u32, u32, u16)>,
    ops: Vec<(u16, Rgb)>,
}

impl Sprite {
    fn from_ops(mut ops: Vec<(u32, u16, Rgb)>) -> Sprite {
        ops.sort_by_key(|op| op.0);
        let mut sprite = Sprite {
            runs: Vec::new(),
            fixed: Vec::new(),
            blended: Vec::new(),
            ops: Vec::new(),
        };
        for group in ops.chunk_by(|a, b| a.0 == b.0) {
            let index = group[0].0;
            match group.iter().rposition(|op| op.1 >= 256) {
                Some(j) => {
                    let mut p = [group[j].2 .0, group[j].2 .1, group[j].2 .2];
                    for &(_, a, colour) in &group[j + 1..] {
                        mix(&mut p, colour, u32::from(a));
                    }
                    sprite.fix(index, p);
                }
                None => {
                    let start = sprite.ops.len() as u32;
                    sprite.ops.extend(group.iter().map(|&(_, a, c)| (a, c)));
                    sprite.blended.push((index, start, group.len() as u16));
                }
            }
        }
        sprite
    }

    /// Pixel `index` becomes `rgb` (pixels come in increasing order).
    fn fix(&mut self, index: u32, rgb: [u8; 3]) {
        match self.runs.last_mut() {
            Some((first, len, _)) if *first + *len == index => *len += 1,
            _ => self.runs.push((index, 1, self.fixed.len() as u32)),
        }
        self.fixed.extend_from_slice(&[rgb[0], rgb[1], rgb[2], 255]);
    }

    /// Recorded pixels and blends (what the cache's budget counts).
    fn size(&self) -> usize {
        self.fixed.len() / 4 + self.blended.len() + self.ops.len()
    }

    /// Draw onto `pixels` (RGBA rows of the canvas it was recorded for).
    fn replay(&self, pixels: &mut [u8]) {
        for &(first, len, at) in &self.runs {
            let (i, n, at) = (first as usize * 4, len as usize * 4, at as usize);
            pixels[i..i + n].copy_from_slice(&self.fixed[at..at + n]);
        }
        for &(index, start, len) in &self.blended {
            let i = index as usize * 4;
            let start = start as usize;
            for &(a, colour) in &self.ops[start..start + len as usize] {
                mix(&mut pixels[i..i + 3], colour, u32::from(a));
            }
        }
    }
}

/// Drawings kept by [`Canvas::cached`]: a caller's key and the canvas size.
type SpriteKey = ([u32; 5], u32, u32);

fn sprites() -> &'static Mutex<HashMap<SpriteKey, Arc<Sprite>>> {
    static SPRITES: OnceLock<Mutex<HashMap<SpriteKey, Arc<Sprite>>>> = OnceLock::new();
    SPRITES.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The sprite cache holds at most this many recorded pixels and blends
/// (16 bytes each: about 24 MB, the stones of many boards of every size);
/// past it, it starts again.
const SPRITE_BUDGET: usize = 1_500_000;

/// Pixels and blends held by the sprite cache (changed under its lock).
static SPRITE_SIZE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Coverage of a pixel whose centre lies `d` pixels inside an edge.
#[inline]
fn coverage(d: f32) -> f32 {
    (d + 0.5).clamp(0.0, 1.0)
}

/// Distance from `(px, py)` to the segment `a`-`b`.
#[inline]
fn segment_distance(px: f32, py: f32, a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((px - a.0) * dx + (py - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (ex, ey) = (px - a.0 - t * dx, py - a.1 - t * dy);
    (ex * ex + ey * ey).sqrt()
}

/// A convex polygon as inward edge half-planes: `(nx, ny, c)` with the
/// signed distance `c - (nx * x + ny * y)` positive inside.
fn half_planes(points: &[(f32, f32)]) -> Vec<(f32, f32, f32)> {
    let n = points.len();
    // Orientation: the sign of the area decides which side is inside.
    let mut area = 0.0;
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        area += a.0 * b.1 - b.0 * a.1;
    }
    let sign = if area >= 0.0 { 1.0 } else { -1.0 };
    let mut planes = Vec::with_capacity(n);
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        let (ex, ey) = (b.0 - a.0, b.1 - a.1);
        let len = (ex * ex + ey * ey).sqrt();
        if len <= f32::EPSILON {
            continue;
        }
        // Outward normal for a counter-clockwise (in y-down: clockwise) polygon.
        let (nx, ny) = (sign * ey / len, -sign * ex / len);
        planes.push((nx, ny, nx * a.0 + ny * a.1));
    }
    planes
}

/// A coverage layer over a box of the canvas: shapes are merged with `max`
/// and then blended once, so translucent shapes that overlap (arrow heads on
/// shafts, joints of a path) do not darken where they meet.
pub struct Layer {
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    cov: Vec<u8>,
}

impl Layer {
    pub fn new(canvas: &Canvas, x0: f32, y0: f32, x1: f32, y1: f32) -> Layer {
        let bx0 = (x0.floor() as i32 - 1).max(0);
        let by0 = (y0.floor() as i32 - 1).max(0);
        let bx1 = (x1.ceil() as i32 + 1).min(canvas.width as i32);
        let by1 = (y1.ceil() as i32 + 1).min(canvas.height as i32);
        let (w, h) = ((bx1 - bx0).max(0), (by1 - by0).max(0));
        Layer {
            x0: bx0,
            y0: by0,
            w,
            h,
            cov: vec![0; (w * h) as usize],
        }
    }

    /// Visit the pixels of the box `x0..x1, y0..y1` (clipped) with their
    /// centres; `f` returns a coverage in 0..=1.
    fn shade(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, f: impl Fn(f32, f32) -> f32) {
        let ix0 = (x0.floor() as i32).max(self.x0);
        let iy0 = (y0.floor() as i32).max(self.y0);
        let ix1 = (x1.ceil() as i32).min(self.x0 + self.w);
        let iy1 = (y1.ceil() as i32).min(self.y0 + self.h);
        for y in iy0..iy1 {
            let row = ((y - self.y0) * self.w) as usize;
            for x in ix0..ix1 {
                let c = f(x as f32 + 0.5, y as f32 + 0.5);
                if c > 0.0 {
                    let slot = &mut self.cov[row + (x - self.x0) as usize];
                    let v = (c * 255.0 + 0.5) as u8;
                    if v > *slot {
                        *slot = v;
                    }
                }
            }
        }
    }

    pub fn capsule(&mut self, a: (f32, f32), b: (f32, f32), width: f32) {
        let r = width / 2.0;
        let y0 = ((a.1.min(b.1) - r - 1.0).floor() as i32).max(self.y0);
        let y1 = ((a.1.max(b.1) + r + 1.0).ceil() as i32).min(self.y0 + self.h);
        for y in y0..y1 {
            let py = y as f32 + 0.5;
            if let Some((x0, x1)) = capsule_row(a, b, r + 1.0, py) {
                self.shade(x0, y as f32, x1, py, |x, y| {
                    coverage(r - segment_distance(x, y, a, b))
                });
            }
        }
    }

    pub fn convex(&mut self, points: &[(f32, f32)]) {
        if points.len() < 3 {
            return;
        }
        let planes = half_planes(points);
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for &(x, y) in points {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        self.shade(x0 - 1.0, y0 - 1.0, x1 + 1.0, y1 + 1.0, |x, y| {
            let mut d = f32::MAX;
            for &(nx, ny, c) in &planes {
                d = d.min(c - (nx * x + ny * y));
            }
            coverage(d)
        });
    }

    /// An arrow from `a` to the tip `b`: a shaft and a triangular head.
    pub fn arrow(&mut self, a: (f32, f32), b: (f32, f32), width: f32, head: f32) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        let head_len = head.min(len);
        let base = (b.0 - ux * head_len, b.1 - uy * head_len);
        let half = head * 0.62;
        // The shaft stops inside the head so its round cap does not poke out.
        let shaft_end = (base.0 + ux * head_len * 0.3, base.1 + uy * head_len * 0.3);
        if len > head_len {
            self.capsule(a, shaft_end, width);
        }
        self.convex(&[
            b,
            (base.0 - uy * half, base.1 + ux * half),
            (base.0 + uy * half, base.1 - ux * half),
        ]);
    }

    /// Blend the layer onto the canvas in `colour` at opacity `alpha`.
    pub fn composite(&self, canvas: &mut Canvas, colour: Rgb, alpha: f32) {
        for y in 0..self.h {
            for x in 0..self.w {
                let c = self.cov[(y * self.w + x) as usize];
                if c > 0 {
                    canvas.blend(self.x0 + x, self.y0 + y, colour, c as f32 / 255.0 * alpha);
                }
            }
        }
    }
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Rgb) -> Canvas {
        Canvas {
            width,
            height,
            image: RgbaImage::from_raw(
                width,
                height,
                opaque(background)
                    .0
                    .repeat(width as usize * height as usize),
            )
            .unwrap_or_else(|| RgbaImage::from_pixel(width, height, opaque(background))),
            record: None,
        }
    }

    /// A canvas holding `image` (opaque, as every canvas is).
    pub fn from_image(image: RgbaImage) -> Canvas {
        Canvas {
            width: image.width(),
            height: image.height(),
            image,
            record: None,
        }
    }

    /// The pixels drawn so far.
    pub fn image(&self) -> &RgbaImage {
        &self.image
    }

    /// `draw` as it would draw here, from a process-wide cache keyed by
    /// `key` (which must name everything `draw` depends on) and the canvas
    /// size: the first time it is recorded, then replayed pixel by pixel
    /// with the same arithmetic, so the image is the same either way. For
    /// shapes drawn again and again at the same place (a stone on a point
    /// of a board), which cost several anti-aliased layers each.
    pub fn cached(&mut self, key: [u32; 5], draw: impl FnOnce(&mut Canvas)) {
        if self.record.is_some() {
            draw(self);
            return;
        }
        let key = (key, self.width, self.height);
        let kept = sprites()
            .lock()
            .ok()
            .and_then(|cache| cache.get(&key).cloned());
        let sprite = match kept {
            Some(sprite) => sprite,
            None => {
                let mut recorder = Canvas {
                    width: self.width,
                    height: self.height,
                    image: RgbaImage::new(0, 0),
                    record: Some(Vec::new()),
                };
                draw(&mut recorder);
                let sprite = Arc::new(Sprite::from_ops(recorder.record.unwrap_or_default()));
                if let Ok(mut cache) = sprites().lock() {
                    use std::sync::atomic::Ordering::Relaxed;
                    let size = sprite.size();
                    if SPRITE_SIZE.load(Relaxed) + size > SPRITE_BUDGET {
                        cache.clear();
                        SPRITE_SIZE.store(0, Relaxed);
                    }
                    if cache.insert(key, sprite.clone()).is_none() {
                        SPRITE_SIZE.fetch_add(size, Relaxed);
                    }
                }
                sprite
            }
        };
        sprite.replay(&mut self.image);
    }

    /// Record a blend of pixel `i` (while recording a sprite).
    #[inline]
    fn note(&mut self, i: usize, colour: Rgb, alpha: f32) -> bool {
        match self.record.as_mut() {
            Some(ops) => {
                let a = if alpha >= 1.0 {
                    256
                } else {
                    (alpha * 256.0) as u16
                };
                ops.push((i as u32, a, colour));
                true
            }
            None => false,
        }
    }

    /// The raw RGBA bytes, row by row.
    fn pixels(&mut self) -> &mut [u8] {
        &mut self.image
    }

    /// Blend one pixel towards `colour` by `alpha` (0..=1).
    #[inline]
    pub fn blend(&mut self, x: i32, y: i32, colour: Rgb, alpha: f32) {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 || alpha <= 0.0 {
            return;
        }
        let at = y as usize * self.width as usize + x as usize;
        if self.note(at, colour, alpha) {
            return;
        }
        let i = at * 4;
        blend_pixel(&mut self.pixels()[i..i + 3], colour, alpha);
    }

    /// Blend the pixels `x0..x1` of row `y` by one alpha.
    #[inline]
    fn blend_span(&mut self, y: i32, x0: i32, x1: i32, colour: Rgb, alpha: f32) {
        if y < 0 || y >= self.height as i32 || alpha <= 0.0 {
            return;
        }
        let x0 = x0.max(0) as usize;
        let x1 = x1.min(self.width as i32);
        if x1 <= x0 as i32 {
            return;
        }
        let row = y as usize * self.width as usize;
        if self.record.is_some() {
            for x in x0..x1 as usize {
                self.note(row + x, colour, alpha);
            }
            return;
        }
        let span = &mut self.pixels()[(row + x0) * 4..(row + x1 as usize) * 4];
        if alpha >= 1.0 {
            let solid = [colour.0, colour.1, colour.2, 255];
            // Four pixels a store (spans are a few dozen pixels: a call to
            // memcpy per doubling cost more than the stores).
            let mut four = [0u8; 16];
            for p in four.chunks_exact_mut(4) {
                p.copy_from_slice(&solid);
            }
            let mut chunks = span.chunks_exact_mut(16);
            for p in &mut chunks {
                p.copy_from_slice(&four);
            }
            for p in chunks.into_remainder().chunks_exact_mut(4) {
                p.copy_from_slice(&solid);
            }
            return;
        }
        for p in span.chunks_exact_mut(4) {
            blend_pixel(&mut p[..3], colour, alpha);
        }
    }

    /// Rows of the canvas that the vertical range `y0..y1` touches.
    fn rows(&self, y0: f32, y1: f32) -> std::ops::Range<i32> {
        (y0.floor() as i32).max(0)..(y1.ceil() as i32).min(self.height as i32)
    }

    /// Shade the pixels `x0..=x1` (clipped) of row `y` one by one.
    #[inline]
    fn shade_row(
        &mut self,
        y: i32,
        x0: f32,
        x1: f32,
        colour: Rgb,
        alpha: f32,
        f: &impl Fn(f32, f32) -> f32,
    ) {
        let ix0 = (x0.floor() as i32).max(0);
        let ix1 = (x1.ceil() as i32).min(self.width as i32);
        let py = y as f32 + 0.5;
        for x in ix0..ix1 {
            let c = f(x as f32 + 0.5, py);
            if c > 0.0 {
                self.blend(x, y, colour, c * alpha);
            }
        }
    }

    /// A solid rectangle on whole pixels (imageproc: no edge to smooth).
    pub fn fill_rect(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, colour: Rgb) {
        if let Some(rect) = whole_rect(x0, y0, x1, y1) {
            draw_filled_rect_mut(&mut self.image, rect, opaque(colour));
        }
    }

    /// A translucent rectangle on whole pixels (imageproc, blending).
    pub fn tint_rect(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, colour: Rgb, alpha: f32) {
        if let Some(rect) = whole_rect(x0, y0, x1, y1) {
            let a = (alpha.clamp(0.0, 1.0) * 255.0).round() as u8;
            let tint = Rgba([colour.0, colour.1, colour.2, a]);
            if self.record.is_some() {
                // Sprites hold blends of single pixels only.
                debug_assert!(false, "tint_rect inside a cached drawing");
                return;
            }
            // What imageproc's `Blend` (`Rgba::blend`) makes of each
            // channel value under this tint, for an opaque canvas: each
            // channel's result depends on that channel alone, so one table
            // of 256 blends gives the same pixels at a table look-up each.
            let mut table = [[0u8; 3]; 256];
            for (d, entry) in table.iter_mut().enumerate() {
                let mut p = Rgba([d as u8, d as u8, d as u8, 255]);
                p.blend(&tint);
                *entry = [p[0], p[1], p[2]];
            }
            let x0 = rect.left().max(0) as usize;
            let x1 = (rect.right() + 1).min(self.width as i32).max(0) as usize;
            let y0 = rect.top().max(0) as u32;
            let y1 = (rect.bottom() + 1).min(self.height as i32).max(0) as u32;
            let width = self.width as usize;
            for y in y0..y1 {
                let row = y as usize * width;
                if x1 <= x0 {
                    break;
                }
                let pixels: &mut [u8] = &mut self.image;
                for p in pixels[(row + x0) * 4..(row + x1) * 4].chunks_exact_mut(4) {
                    p[0] = table[p[0] as usize][0];
                    p[1] = table[p[1] as usize][1];
                    p[2] = table[p[2] as usize][2];
                }
            }
        }
    }

    /// A rounded rectangle (anti-aliased edges).
    #[allow(clippy::too_many_arguments)]
    pub fn fill_round_rect(
        &mut self,
        x0: f32,
        y0: f32,
        x1: f32,
        y1: f32,
        radius: f32,
        colour: Rgb,
        alpha: f32,
    ) {
        self.round_rect((x0, y0, x1, y1), radius, None, alpha, |_| colour);
    }

    /// The outline of a rounded rectangle, `width` wide, centred on its edge.
    #[allow(clippy::too_many_arguments)]
    pub fn stroke_round_rect(
        &mut self,
        x0: f32,
        y0: f32,
        x1: f32,
        y1: f32,
        radius: f32,
        width: f32,
        colour: Rgb,
        alpha: f32,
    ) {
        self.round_rect((x0, y0, x1, y1), radius, Some(width / 2.0), alpha, |_| {
            colour
        });
    }

    /// A rounded rectangle filled (`half` = None) or stroked `2 * half`
    /// wide. Each row is split where the shape's coverage is exactly one
    /// (filled as a span) and its anti-aliased fringes (shaded pixel by
    /// pixel), using the level sets of the rounded box's distance.
    fn round_rect(
        &mut self,
        (x0, y0, x1, y1): (f32, f32, f32, f32),
        radius: f32,
        half: Option<f32>,
        alpha: f32,
        row_colour: impl Fn(i32) -> Rgb,
    ) {
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let (hx, hy) = ((x1 - x0) / 2.0, (y1 - y0) / 2.0);
        if hx <= 0.0 || hy <= 0.0 {
            return;
        }
        let r = radius.min(hx).min(hy).max(0.0);
        // Distances bounding the fringes and the solid part.
        let (outer_in, solid_in, solid_out, outer_out) = match half {
            None => (None, None, -0.5, 0.5),
            Some(h) => (Some(-h - 0.5), Some(-h + 0.5), h - 0.5, h + 0.5),
        };
        let m = half.unwrap_or(0.0) + 1.0;
        let cov = |d: f32| match half {
            None => coverage(-d),
            Some(h) => coverage(h - d.abs()),
        };
        for y in self.rows(y0 - m, y1 + m) {
            let py = y as f32 + 0.5;
            let dy = (py - cy).abs();
            let Some(reach) = level_x(dy, outer_out, hx, hy, r) else {
                continue;
            };
            let colour = row_colour(y);
            let f = |px: f32, py: f32| cov(round_box_distance(px - cx, py - cy, hx, hy, r));
            let hole = outer_in.and_then(|t| level_x(dy, t, hx, hy, r));
            let solid_lo = match solid_in {
                None => Some(-1.0),
                Some(t) => level_x(dy, t, hx, hy, r),
            };
            let solid_hi = level_x(dy, solid_out, hx, hy, r);
            // The hole of a stroke: inside it nothing is drawn.
            let hole = hole.filter(|&inner| inner > 2.0);
            match (solid_lo, solid_hi) {
                (Some(lo), Some(hi)) if hi > lo => {
                    // Pixels whose centres lie within lo..=hi of the middle.
                    let c = (cx - hi - 0.5).ceil() as i32;
                    let b = (cx + hi - 0.5).floor() as i32 + 1;
                    self.shade_row(y, cx - reach - 1.0, c as f32, colour, alpha, &f);
                    if lo < 0.0 {
                        self.blend_span(y, c, b, colour, alpha);
                    } else {
                        let d = ((cx - lo - 0.5).floor() as i32 + 1).max(c);
                        let a = ((cx + lo - 0.5).ceil() as i32).clamp(d, b);
                        self.blend_span(y, c, d, colour, alpha);
                        match hole {
                            Some(inner) => {
                                let left = (cx - inner + 1.0).min(a as f32);
                                let right = (cx + inner - 1.0).max(left.ceil());
                                self.shade_row(y, d as f32, left, colour, alpha, &f);
                                self.shade_row(y, right, a as f32, colour, alpha, &f);
                            }
                            None => self.shade_row(y, d as f32, a as f32, colour, alpha, &f),
                        }
                        self.blend_span(y, a, b, colour, alpha);
                    }
                    self.shade_row(y, b as f32, cx + reach + 1.0, colour, alpha, &f);
                }
                _ => match hole {
                    Some(inner) => {
                        let left = cx - inner + 1.0;
                        let right = (cx + inner - 1.0).max(left.ceil());
                        self.shade_row(y, cx - reach - 1.0, left, colour, alpha, &f);
                        self.shade_row(y, right, cx + reach + 1.0, colour, alpha, &f);
                    }
                    None => {
                        let (left, right) = (cx - reach - 1.0, cx + reach + 1.0);
                        // Along a straight top or bottom edge the coverage
                        // depends on the row alone (the distance's `qx` is
                        // clamped to zero there): one span, not a pixel at a
                        // time.
                        let qy = (py - cy).abs() - hy + r;
                        let inside = |x: i32| (x as f32 + 0.5 - cx).abs() - hx + r <= 0.0;
                        let mut a = (cx - (hx - r) - 0.5).ceil() as i32;
                        let mut b = (cx + (hx - r) - 0.5).floor() as i32;
                        while a <= b && !inside(a) {
                            a += 1;
                        }
                        while b >= a && !inside(b) {
                            b -= 1;
                        }
                        if qy >= 0.0 && b > a {
                            self.shade_row(y, left, a as f32, colour, alpha, &f);
                            let c = f(cx, py);
                            if c > 0.0 {
                                self.blend_span(y, a, b + 1, colour, c * alpha);
                            }
                            self.shade_row(y, (b + 1) as f32, right, colour, alpha, &f);
                        } else {
                            self.shade_row(y, left, right, colour, alpha, &f)
                        }
                    }
                },
            }
        }
    }

    /// A disc.
    pub fn fill_circle(&mut self, cx: f32, cy: f32, r: f32, colour: Rgb, alpha: f32) {
        if r <= 0.0 {
            return;
        }
        let outer = r + 0.5;
        let inner = r - 0.5;
        for y in self.rows(cy - outer, cy + outer) {
            let dy = y as f32 + 0.5 - cy;
            if dy.abs() >= outer {
                continue;
            }
            let wo = (outer * outer - dy * dy).sqrt();
            let f = |px: f32, py: f32| {
                let d = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).sqrt();
                coverage(r - d)
            };
            if inner > 0.0 && dy.abs() < inner {
                let wi = (inner * inner - dy * dy).sqrt();
                let ilo = (cx - wi - 0.5).ceil() as i32;
                let ihi = (cx + wi - 0.5).floor() as i32 + 1;
                self.shade_row(y, cx - wo, ilo as f32, colour, alpha, &f);
                self.blend_span(y, ilo, ihi, colour, alpha);
                self.shade_row(y, ihi as f32, cx + wo, colour, alpha, &f);
            } else {
                self.shade_row(y, cx - wo, cx + wo, colour, alpha, &f);
            }
        }
    }

    /// Shade the band between radii `lo` and `hi` around `(cx, cy)` row by
    /// row, skipping the hole.
    #[allow(clippy::too_many_arguments)]
    fn band(
        &mut self,
        cx: f32,
        cy: f32,
        lo: f32,
        hi: f32,
        colour: Rgb,
        alpha: f32,
        f: impl Fn(f32, f32) -> f32,
    ) {
        for y in self.rows(cy - hi, cy + hi) {
            let dy = y as f32 + 0.5 - cy;
            if dy.abs() >= hi {
                continue;
            }
            let wo = (hi * hi - dy * dy).sqrt();
            if lo > 0.0 && dy.abs() < lo {
                let wi = (lo * lo - dy * dy).sqrt();
                self.shade_row(y, cx - wo, cx - wi + 1.0, colour, alpha, &f);
                self.shade_row(y, cx + wi - 1.0, cx + wo, colour, alpha, &f);
            } else {
                self.shade_row(y, cx - wo, cx + wo, colour, alpha, &f);
            }
        }
    }

    /// A circle outline of radius `r` (to the middle of the stroke).
    pub fn ring(&mut self, cx: f32, cy: f32, r: f32, width: f32, colour: Rgb, alpha: f32) {
        let half = width / 2.0;
        let (lo, hi) = (r - half - 0.5, r + half + 0.5);
        self.band(cx, cy, lo, hi, colour, alpha, |x, y| {
            let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).sqrt();
            coverage(half - (d - r).abs())
        });
    }

    /// A dashed circle outline with `dashes` dashes (each half the period).
    #[allow(clippy::too_many_arguments)]
    pub fn dashed_ring(
        &mut self,
        cx: f32,
        cy: f32,
        r: f32,
        width: f32,
        dashes: u32,
        colour: Rgb,
        alpha: f32,
    ) {
        let half = width / 2.0;
        let period = std::f32::consts::TAU / dashes.max(1) as f32;
        let (lo, hi) = (r - half - 0.5, r + half + 0.5);
        self.band(cx, cy, lo, hi, colour, alpha, |x, y| {
            let (dx, dy) = (x - cx, y - cy);
            let d = (dx * dx + dy * dy).sqrt();
            let radial = coverage(half - (d - r).abs());
            if radial <= 0.0 {
                return 0.0;
            }
            // Distance along the circle to the nearest dash end, in pixels.
            let angle = dy.atan2(dx) + std::f32::consts::PI;
            let phase = angle % period;
            let quarter = period / 4.0;
            let along = (quarter - (phase - quarter * 2.0).abs()) * r;
            radial * coverage(along)
        });
    }

    /// A straight line with round caps.
    pub fn line(&mut self, a: (f32, f32), b: (f32, f32), width: f32, colour: Rgb, alpha: f32) {
        let r = width / 2.0;
        if a.0 == b.0 || a.1 == b.1 {
            // Upright: a stadium, which the row spans draw fastest.
            let area = (
                a.0.min(b.0) - r,
                a.1.min(b.1) - r,
                a.0.max(b.0) + r,
                a.1.max(b.1) + r,
            );
            self.round_rect(area, r, None, alpha, |_| colour);
            return;
        }
        for y in self.rows(a.1.min(b.1) - r - 1.0, a.1.max(b.1) + r + 1.0) {
            if let Some((x0, x1)) = capsule_row(a, b, r + 1.0, y as f32 + 0.5) {
                self.shade_row(y, x0, x1, colour, alpha, &|x, y| {
                    coverage(r - segment_distance(x, y, a, b))
                });
            }
        }
    }

    /// A filled convex polygon.
    pub fn fill_convex(&mut self, points: &[(f32, f32)], colour: Rgb, alpha: f32) {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for &(x, y) in points {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        let mut layer = Layer::new(self, x0, y0, x1, y1);
        layer.convex(points);
        layer.composite(self, colour, alpha);
    }

    pub fn into_image(self) -> RgbaImage {
        self.image
    }
}

fn opaque(colour: Rgb) -> Rgba<u8> {
    Rgba([colour.0, colour.1, colour.2, 255])
}

/// The rectangle `x0..x1, y0..y1` for imageproc, `None` if empty.
fn whole_rect(x0: i32, y0: i32, x1: i32, y1: i32) -> Option<Rect> {
    (x1 > x0 && y1 > y0).then(|| Rect::at(x0, y0).of_size((x1 - x0) as u32, (y1 - y0) as u32))
}

#[inline]
fn blend_pixel(p: &mut [u8], colour: Rgb, alpha: f32) {
    if alpha >= 1.0 {
        p[0] = colour.0;
        p[1] = colour.1;
        p[2] = colour.2;
        return;
    }
    mix(p, colour, (alpha * 256.0) as u32);
}

/// Blend towards `colour` by `a / 256` (256 replaces the pixel).
#[inline]
fn mix(p: &mut [u8], colour: Rgb, a: u32) {
    let m = |d: u8, s: u8| ((s as u32 * a + d as u32 * (256 - a)) >> 8) as u8;
    p[0] = m(p[0], colour.0);
    p[1] = m(p[1], colour.1);
    p[2] = m(p[2], colour.2);
}

/// The x range where a capsule of radius `r` around `a`-`b` may cover the
/// row whose centre is at `py`.
fn capsule_row(a: (f32, f32), b: (f32, f32), r: f32, py: f32) -> Option<(f32, f32)> {
    let dy = b.1 - a.1;
    // The part of the segment within `r` of the row, by its parameter.
    let (t0, t1) = if dy.abs() < 1e-6 {
        if (py - a.1).abs() > r {
            return None;
        }
        (0.0, 1.0)
    } else {
        let ta = (py - r - a.1) / dy;
        let tb = (py + r - a.1) / dy;
        (ta.min(tb).max(0.0), ta.max(tb).min(1.0))
    };
    if t0 > t1 {
        return None;
    }
    let xa = a.0 + (b.0 - a.0) * t0;
    let xb = a.0 + (b.0 - a.0) * t1;
    Some((xa.min(xb) - r, xa.max(xb) + r))
}

/// Where the level set `distance = t` of a rounded box (half sizes `hx`,
/// `hy`, corner radius `r`) crosses a row `dy` from its centre: the
/// horizontal distance from the centre, or `None` if it does not reach
/// that row.
#[inline]
fn level_x(dy: f32, t: f32, hx: f32, hy: f32, r: f32) -> Option<f32> {
    let rt = r + t;
    if rt <= 0.0 {
        // Inside the corner radius the level set is a sharp box.
        return (dy <= hy + t && hx + t > 0.0).then_some(hx + t);
    }
    if dy <= hy - r {
        return Some(hx + t);
    }
    let over = dy - (hy - r);
    (over <= rt).then(|| hx - r + (rt * rt - over * over).sqrt())
}

/// Signed distance to a rounded box centred at the origin with half sizes
/// `hx`, `hy` and corner radius `r` (negative inside).
#[inline]
fn round_box_distance(x: f32, y: f32, hx: f32, hy: f32, r: f32) -> f32 {
    let qx = x.abs() - hx + r;
    let qy = y.abs() - hy + r;
    let outside = (qx.max(0.0) * qx.max(0.0) + qy.max(0.0) * qy.max(0.0)).sqrt();
    outside + qx.max(qy).min(0.0) - r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pixel shaded from the distance alone, for comparison.
    fn brute(canvas: &mut Canvas, area: (f32, f32, f32, f32), radius: f32, half: Option<f32>) {
        let (x0, y0, x1, y1) = area;
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let (hx, hy) = ((x1 - x0) / 2.0, (y1 - y0) / 2.0);
        let r = radius.min(hx).min(hy).max(0.0);
        for y in 0..canvas.height as i32 {
            for x in 0..canvas.width as i32 {
                let d = round_box_distance(x as f32 + 0.5 - cx, y as f32 + 0.5 - cy, hx, hy, r);
                let c = match half {
                    None => coverage(-d),
                    Some(h) => coverage(h - d.abs()),
                };
                canvas.blend(x, y, Rgb(200, 100, 50), c * 0.9);
            }
        }
    }

    #[test]
    fn round_rects_by_rows_match_the_distance_field() {
        let areas = [
            (10.0, 12.0, 90.0, 70.0),
            (10.3, 12.7, 89.6, 70.2),
            (20.5, 20.5, 30.5, 75.5),
            (5.0, 5.0, 95.0, 8.0),
            (1.0, 1.0, 99.0, 79.0),
        ];
        for area in areas {
            for radius in [0.0, 0.4, 1.0, 3.5, 12.0, 40.0] {
                for half in [None, Some(0.3), Some(0.5), Some(1.0), Some(2.25), Some(6.0)] {
                    let mut fast = Canvas::new(100, 80, Rgb(10, 20, 30));
                    let mut slow = Canvas::new(100, 80, Rgb(10, 20, 30));
                    fast.round_rect(area, radius, half, 0.9, |_| Rgb(200, 100, 50));
                    brute(&mut slow, area, radius, half);
                    let worst = fast
                        .image
                        .iter()
                        .zip(slow.image.iter())
                        .map(|(a, b)| a.abs_diff(*b))
                        .max()
                        .unwrap_or(0);
                    assert!(
                        worst <= 1,
                        "{area:?} r {radius} half {half:?}: off by {worst}"
                    );
                }
            }
        }
    }

    #[test]
    fn discs_by_rows_match_the_distance_field() {
        for (cx, cy, r) in [(20.0, 20.0, 10.0), (20.3, 19.6, 7.7), (30.0, 30.0, 0.8)] {
            let mut fast = Canvas::new(60, 60, Rgb(0, 0, 0));
            fast.fill_circle(cx, cy, r, Rgb(255, 255, 255), 1.0);
            for y in 0..60 {
                for x in 0..60 {
                    let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
                    let want = (coverage(r - (dx * dx + dy * dy).sqrt()) * 256.0) as i32;
                    let got = fast.image.get_pixel(x, y)[0] as i32;
                    assert!((want.min(255) - got).abs() <= 1, "{x},{y}: {got} vs {want}");
                }
            }
        }
    }

    /// How far a drawing is from the exact coverage of a shape, white on
    /// black: the mean and largest error (in 0..=255) over the pixels
    /// within two pixels of the edge, and how many of those pixels have a
    /// value strictly between ink and background.
    struct Fidelity {
        mean: f32,
        worst: u8,
        partial: usize,
    }

    /// The exact coverage of each pixel of a `size` x `size` image (16 x
    /// 16 samples a pixel).
    fn exact(size: u32, inside: impl Fn(f32, f32) -> bool) -> Vec<f32> {
        let mut out = Vec::with_capacity((size * size) as usize);
        for y in 0..size {
            for x in 0..size {
                let mut hits = 0;
                for sy in 0..16 {
                    for sx in 0..16 {
                        let px = x as f32 + (sx as f32 + 0.5) / 16.0;
                        let py = y as f32 + (sy as f32 + 0.5) / 16.0;
                        hits += inside(px, py) as u32;
                    }
                }
                out.push(hits as f32 / 256.0);
            }
        }
        out
    }

    fn fidelity(image: &RgbaImage, truth: &[f32]) -> Fidelity {
        let size = image.width();
        let near_edge = |x: u32, y: u32| {
            let (x0, y0) = (x.saturating_sub(2), y.saturating_sub(2));
            let (x1, y1) = ((x + 2).min(size - 1), (y + 2).min(size - 1));
            let (mut lo, mut hi) = (1.0f32, 0.0f32);
            for yy in y0..=y1 {
                for xx in x0..=x1 {
                    let t = truth[(yy * size + xx) as usize];
                    lo = lo.min(t);
                    hi = hi.max(t);
                }
            }
            hi - lo > 0.5
        };
        let (mut sum, mut n, mut worst, mut partial) = (0.0, 0, 0u8, 0);
        for (x, y, p) in image.enumerate_pixels() {
            if !near_edge(x, y) {
                continue;
            }
            let want = (truth[(y * size + x) as usize] * 255.0).round();
            let err = (p[0] as f32 - want).abs();
            sum += err;
            n += 1;
            worst = worst.max(err as u8);
            partial += (p[0] > 0 && p[0] < 255) as usize;
        }
        Fidelity {
            mean: sum / n.max(1) as f32,
            worst,
            partial,
        }
    }

    const WHITE: Rgb = Rgb(255, 255, 255);

    fn black(size: u32) -> Canvas {
        Canvas::new(size, size, Rgb(0, 0, 0))
    }

    fn report(what: &str, own: &Fidelity, theirs: &Fidelity) {
        eprintln!(
            "{what}: own mean {:.1} worst {} partial {}; imageproc mean {:.1} worst {} partial {}",
            own.mean, own.worst, own.partial, theirs.mean, theirs.worst, theirs.partial
        );
    }

    /// imageproc's `draw_filled_circle_mut` is not anti-aliased (whole
    /// pixels in or out, on a whole-pixel centre and radius): the stones
    /// keep the distance-field disc.
    #[test]
    fn discs_are_closer_to_exact_than_imageprocs() {
        let (cx, cy, r) = (20.5, 20.5, 10.0);
        let truth = exact(41, |x, y| (x - cx).powi(2) + (y - cy).powi(2) <= r * r);
        let mut own = black(41);
        own.fill_circle(cx, cy, r, WHITE, 1.0);
        let mut theirs = RgbaImage::from_pixel(41, 41, opaque(Rgb(0, 0, 0)));
        imageproc::drawing::draw_filled_circle_mut(&mut theirs, (20, 20), 10, opaque(WHITE));
        let (own, theirs) = (fidelity(&own.image, &truth), fidelity(&theirs, &truth));
        report("disc r 10", &own, &theirs);
        assert_eq!(theirs.partial, 0, "imageproc's disc has no soft edge");
        assert!(own.partial > 40 && own.mean * 4.0 < theirs.mean);
    }

    /// imageproc's anti-aliased polygon takes whole-pixel vertices and
    /// softens only a one-pixel Wu line along each edge: the small marks
    /// (Floaters' lap-start triangle, arrow heads) keep the half-plane
    /// coverage.
    #[test]
    fn triangles_are_closer_to_exact_than_imageprocs() {
        // Vertices on pixel centres, where both can put them.
        let corners = [(8, 9), (31, 12), (17, 32)];
        let at = |(x, y): (i32, i32)| (x as f32 + 0.5, y as f32 + 0.5);
        let points: Vec<(f32, f32)> = corners.iter().map(|&c| at(c)).collect();
        let planes = half_planes(&points);
        let truth = exact(41, |x, y| {
            planes
                .iter()
                .all(|&(nx, ny, c)| c - (nx * x + ny * y) >= 0.0)
        });
        let mut own = black(41);
        own.fill_convex(&points, WHITE, 1.0);
        let mut theirs = RgbaImage::from_pixel(41, 41, opaque(Rgb(0, 0, 0)));
        let poly: Vec<imageproc::point::Point<i32>> = corners
            .iter()
            .map(|&(x, y)| imageproc::point::Point::new(x, y))
            .collect();
        imageproc::drawing::draw_antialiased_polygon_mut(
            &mut theirs,
            &poly,
            opaque(WHITE),
            imageproc::pixelops::interpolate,
        );
        let (own, theirs) = (fidelity(&own.image, &truth), fidelity(&theirs, &truth));
        report("triangle", &own, &theirs);
        assert!(own.mean * 2.0 < theirs.mean && own.worst < theirs.worst);
    }

    /// imageproc's anti-aliased line is a one-pixel Xiaolin Wu line; the
    /// board's lines are 2 to 3 pixels wide with round caps. Even at one
    /// pixel the capsule is closer to the exact stroke.
    #[test]
    fn lines_are_closer_to_exact_than_imageprocs() {
        let (a, b) = ((6.5, 8.5), (34.5, 27.5));
        let truth = exact(41, |x, y| segment_distance(x, y, a, b) <= 0.5);
        let mut own = black(41);
        own.line(a, b, 1.0, WHITE, 1.0);
        let mut theirs = RgbaImage::from_pixel(41, 41, opaque(Rgb(0, 0, 0)));
        imageproc::drawing::draw_antialiased_line_segment_mut(
            &mut theirs,
            (6, 8),
            (34, 27),
            opaque(WHITE),
            imageproc::pixelops::interpolate,
        );
        let (own, theirs) = (fidelity(&own.image, &truth), fidelity(&theirs, &truth));
        report("line 1 px", &own, &theirs);
        assert!(own.mean < theirs.mean);
    }

    /// Whole-pixel rectangles drawn by imageproc are exactly the spans the
    /// painter drew before (solid), and within rounding when tinted.
    #[test]
    fn whole_pixel_rectangles_match_the_spans() {
        let mut canvas = black(20);
        canvas.fill_rect(3, 4, 9, 15, Rgb(200, 100, 50));
        canvas.tint_rect(6, -2, 30, 8, Rgb(250, 250, 0), 0.62);
        for (x, y, p) in canvas.image.enumerate_pixels() {
            let (x, y) = (x as i32, y as i32);
            let mut want = Rgb(0, 0, 0);
            if (3..9).contains(&x) && (4..15).contains(&y) {
                want = Rgb(200, 100, 50);
            }
            if x >= 6 && y < 8 {
                want = want.mix(Rgb(250, 250, 0), 0.62);
            }
            for (c, w) in [want.0, want.1, want.2].into_iter().enumerate() {
                assert!(p[c].abs_diff(w) <= 1, "{x},{y}: {p:?} vs {want:?}");
            }
            assert_eq!(p[3], 255);
        }
    }
}
