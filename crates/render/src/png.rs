//! PNG encoding as an indexed (palette) image.
//!
//! A board image is flat colours with anti-aliased edges: a few thousand
//! distinct colours at most, most pixels in a few dozen. One byte per pixel
//! instead of three makes encoding about three times faster and the file
//! far smaller. The `image` crate writes no palette PNGs, so the indices are
//! encoded as an 8-bit grey image and the header is then rewritten as an
//! indexed one with a `PLTE` chunk: the pixel data of the two formats is
//! laid out identically.
//!
//! The palette holds every colour when there are at most 256; otherwise the
//! most used colours (skipping near-duplicates first), and each remaining
//! colour maps to its nearest palette entry. Flat areas stay exact; only
//! rare edge pixels move slightly.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder, RgbaImage};

use super::RenderError;

const EMPTY: u32 = u32::MAX;

/// Distinct colours and how often each occurs.
pub(super) struct Histogram {
    keys: Vec<u32>,
    slot_index: Vec<u32>,
    pub(super) colours: Vec<u32>,
    pub(super) counts: Vec<u32>,
    shift: u32,
}

impl Histogram {
    pub(super) fn new() -> Histogram {
        let bits = 14;
        Histogram {
            keys: vec![EMPTY; 1 << bits],
            slot_index: vec![0; 1 << bits],
            colours: Vec::new(),
            counts: Vec::new(),
            shift: 32 - bits,
        }
    }

    #[inline]
    fn slot(&self, rgb: u32) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = (rgb.wrapping_mul(0x9E37_79B1) >> self.shift) as usize;
        loop {
            let k = self.keys[i];
            if k == rgb || k == EMPTY {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The index of `rgb` among the distinct colours (added if new).
    #[inline]
    pub(super) fn index(&mut self, rgb: u32) -> usize {
        let i = self.slot(rgb);
        if self.keys[i] == rgb {
            return self.slot_index[i] as usize;
        }
        let index = self.colours.len();
        self.keys[i] = rgb;
        self.slot_index[i] = index as u32;
        self.colours.push(rgb);
        self.counts.push(0);
        if self.colours.len() * 2 > self.keys.len() {
            self.grow();
        }
        index
    }

    fn grow(&mut self) {
        let size = self.keys.len() * 2;
        self.keys = vec![EMPTY; size];
        self.slot_index = vec![0; size];
        self.shift -= 1;
        for (index, &rgb) in self.colours.iter().enumerate() {
            let i = self.slot(rgb);
            self.keys[i] = rgb;
            self.slot_index[i] = index as u32;
        }
    }
}

/// A pixel as `r | g << 8 | b << 16`.
#[inline]
pub(super) fn pack(p: &[u8]) -> u32 {
    u32::from_le_bytes([p[0], p[1], p[2], p[3]]) & 0x00FF_FFFF
}

/// A colour distance weighted for the eye (green most, blue least).
#[inline]
fn distance(a: u32, b: u32) -> u32 {
    let d = |shift: u32| ((a >> shift) & 255).abs_diff((b >> shift) & 255);
    let (r, g, b) = (d(0), d(8), d(16));
    3 * r * r + 4 * g * g + 2 * b * b
}

/// Palette entries chosen by use; the rest go to the colours farthest
/// from those (small marks in a colour of their own).
const BY_USE: usize = 200;

/// The most used colours considered for the remaining entries.
const CANDIDATES: usize = 800;

/// The palette (as packed RGB, at most `size` entries) and each distinct
/// colour's palette index.
pub(super) fn choose_palette(h: &Histogram, size: usize) -> (Vec<u32>, Vec<u8>) {
    let n = h.colours.len();
    if n <= size {
        return (h.colours.clone(), (0..n).map(|i| i as u8).collect());
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.select_nth_unstable_by(BY_USE - 1, |&a, &b| {
        h.counts[b].cmp(&h.counts[a]).then(a.cmp(&b))
    });
    order.truncate(BY_USE);
    let mut in_palette = vec![false; n];
    for &i in &order {
        in_palette[i] = true;
    }
    // Farthest-point filling: each step takes the colour whose distance to
    // the palette, weighted by how often it occurs, is largest.
    let mut sorted = Palette::new(order.iter().map(|&i| h.colours[i]).collect());
    let mut candidates: Vec<usize> = (0..n)
        .filter(|&i| !in_palette[i] && h.counts[i] >= 3)
        .collect();
    if candidates.len() > CANDIDATES {
        candidates.select_nth_unstable_by(CANDIDATES - 1, |&a, &b| h.counts[b].cmp(&h.counts[a]));
        candidates.truncate(CANDIDATES);
    }
    let mut rest: Vec<(usize, u32, f32)> = candidates
        .into_iter()
        .map(|i| {
            let (d, _) = sorted.nearest(h.colours[i]);
            (i, d, (h.counts[i] as f32).sqrt())
        })
        .collect();
    while order.len() < size && !rest.is_empty() {
        let (pos, _) = rest
            .iter()
            .enumerate()
            .map(|(pos, &(_, d, w))| (pos, d as f32 * w))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap_or((0, 0.0));
        let (i, d, _) = rest.swap_remove(pos);
        if d == 0 {
            break;
        }
        order.push(i);
        let c = h.colours[i];
        for entry in rest.iter_mut() {
            entry.1 = entry.1.min(distance(h.colours[entry.0], c));
        }
    }
    sorted = Palette::new(order.iter().map(|&i| h.colours[i]).collect());
    let mut map = vec![0u8; n];
    for (i, &c) in h.colours.iter().enumerate() {
        map[i] = sorted.nearest(c).1;
    }
    (sorted.colours, map)
}

/// Palette colours in order of green (the channel weighted most), so the
/// nearest-colour search can stop early.
pub(super) struct Palette {
    pub(super) colours: Vec<u32>,
    greens: Vec<u32>,
}

impl Palette {
    pub(super) fn new(mut colours: Vec<u32>) -> Palette {
        colours.sort_unstable_by_key(|&c| ((c >> 8) & 255, c));
        let greens = colours.iter().map(|&c| (c >> 8) & 255).collect();
        Palette { colours, greens }
    }

    /// The distance to and index of the entry nearest `c`.
    pub(super) fn nearest(&self, c: u32) -> (u32, u8) {
        nearest(&self.colours, &self.greens, c)
    }
}

/// The palette entry nearest `c`, searching outwards from its green.
fn nearest(palette: &[u32], greens: &[u32], c: u32) -> (u32, u8) {
    let g = (c >> 8) & 255;
    let start = greens.partition_point(|&x| x < g);
    let mut best = (u32::MAX, 0usize);
    let (mut down, mut up) = (start, start);
    loop {
        let mut progressed = false;
        if up < palette.len() {
            let dg = greens[up] - g;
            if 4 * dg * dg < best.0 {
                let d = distance(palette[up], c);
                if d < best.0 {
                    best = (d, up);
                }
                up += 1;
                progressed = true;
            }
        }
        if down > 0 {
            let dg = g - greens[down - 1];
            if 4 * dg * dg < best.0 {
                let d = distance(palette[down - 1], c);
                if d < best.0 {
                    best = (d, down - 1);
                }
                down -= 1;
                progressed = true;
            }
        }
        if !progressed {
            return (best.0, best.1 as u8);
        }
    }
}

/// The image as an indexed PNG (falls back to RGB if the grey encoding
/// does not look as expected).
pub fn encode(image: &RgbaImage) -> Result<Vec<u8>, RenderError> {
    let raw = image.as_raw();
    let mut h = Histogram::new();
    // Each pixel's distinct-colour number; runs of one colour are long, so
    // the table is only consulted where the colour changes.
    let mut numbers: Vec<u16> = vec![0; raw.len() / 4];
    let mut last = EMPTY;
    let mut number = 0usize;
    let mut run = 0u32;
    for (p, out) in raw.chunks_exact(4).zip(numbers.iter_mut()) {
        let rgb = pack(p);
        if rgb != last {
            if run > 0 {
                h.counts[number] += run;
            }
            last = rgb;
            run = 0;
            number = h.index(rgb);
            if number > u16::MAX as usize {
                return encode_rgb(image);
            }
        }
        run += 1;
        *out = number as u16;
    }
    if run > 0 {
        h.counts[number] += run;
    }
    let (palette, map) = choose_palette(&h, 256);
    let indices: Vec<u8> = numbers.iter().map(|&n| map[n as usize]).collect();

    let mut grey = Vec::with_capacity(indices.len() / 8 + 1024);
    PngEncoder::new_with_quality(&mut grey, CompressionType::Level(1), FilterType::NoFilter)
        .write_image(
            &indices,
            image.width(),
            image.height(),
            ExtendedColorType::L8,
        )?;
    match to_indexed(&grey, &palette) {
        Some(png) => Ok(png),
        None => encode_rgb(image),
    }
}

/// A plain RGB PNG.
pub fn encode_rgb(image: &RgbaImage) -> Result<Vec<u8>, RenderError> {
    let mut rgb = Vec::with_capacity(image.width() as usize * image.height() as usize * 3);
    for p in image.as_raw().chunks_exact(4) {
        rgb.extend_from_slice(&p[..3]);
    }
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(&rgb, image.width(), image.height(), ExtendedColorType::Rgb8)?;
    Ok(out)
}

const SIGNATURE: [u8; 8] = [137, 80, 78, 71, 13, 10, 26, 10];

/// Rewrite an 8-bit grey PNG as an indexed one with `palette`: colour type
/// 3 in `IHDR` and a `PLTE` chunk right after it. `None` if the PNG is not
/// laid out as expected.
fn to_indexed(grey: &[u8], palette: &[u32]) -> Option<Vec<u8>> {
    if grey.get(..8)? != SIGNATURE {
        return None;
    }
    let mut out = Vec::with_capacity(grey.len() + palette.len() * 3 + 12);
    out.extend_from_slice(&SIGNATURE);
    let mut at = 8;
    let mut saw_header = false;
    while at < grey.len() {
        let len = u32::from_be_bytes(grey.get(at..at + 4)?.try_into().ok()?) as usize;
        let kind = grey.get(at + 4..at + 8)?;
        let data = grey.get(at + 8..at + 8 + len)?;
        let end = at + 12 + len;
        grey.get(end - 4..end)?;
        if kind == b"IHDR" {
            // Width, height, bit depth 8, colour type 0 (grey).
            if len != 13 || data[8] != 8 || data[9] != 0 {
                return None;
            }
            let mut header = data.to_vec();
            header[9] = 3;
            chunk(&mut out, b"IHDR", &header);
            let mut plte = Vec::with_capacity(palette.len() * 3);
            for &c in palette {
                plte.extend_from_slice(&[c as u8, (c >> 8) as u8, (c >> 16) as u8]);
            }
            chunk(&mut out, b"PLTE", &plte);
            saw_header = true;
        } else {
            if !saw_header {
                return None;
            }
            out.extend_from_slice(&grey[at..end]);
        }
        at = end;
    }
    saw_header.then_some(out)
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&[kind.as_slice(), data]);
    out.extend_from_slice(&crc.to_be_bytes());
}

fn crc32(parts: &[&[u8]]) -> u32 {
    let mut crc = !0u32;
    for part in parts {
        for &byte in *part {
            crc ^= byte as u32;
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_of_iend_is_the_known_value() {
        assert_eq!(crc32(&[b"IEND"]), 0xAE42_6082);
    }

    fn round_trip(image: &RgbaImage) -> RgbaImage {
        let png = encode(image).unwrap();
        image::load_from_memory_with_format(&png, image::ImageFormat::Png)
            .unwrap()
            .to_rgba8()
    }

    #[test]
    fn few_colours_are_kept_exactly() {
        let mut image = RgbaImage::new(40, 30);
        for (x, y, p) in image.enumerate_pixels_mut() {
            *p = image::Rgba([(x / 4 * 25) as u8, (y / 3 * 25) as u8, 77, 255]);
        }
        assert_eq!(round_trip(&image), image);
    }

    #[test]
    fn many_colours_map_to_near_ones() {
        let mut image = RgbaImage::new(128, 128);
        for (x, y, p) in image.enumerate_pixels_mut() {
            // A big flat area and a ramp of 512 colours, 16 pixels each.
            *p = if y < 64 {
                image::Rgba([200, 150, 100, 255])
            } else {
                image::Rgba([(x / 4 * 8) as u8, ((y - 64) / 4 * 16) as u8, 40, 255])
            };
        }
        let back = round_trip(&image);
        for (a, b) in image.pixels().zip(back.pixels()) {
            for c in 0..3 {
                assert!(a[c].abs_diff(b[c]) <= 24, "{a:?} {b:?}");
            }
        }
        assert_eq!(back.get_pixel(3, 3), image.get_pixel(3, 3));
    }
}
