//! PNG encoding as an indexed (palette) image.
//!
//! A board image is flat colours with anti-aliased edges: a few thousand
//! distinct colours at most, most pixels in a few dozen. One byte per pixel
//! instead of three makes encoding about three times faster and the file
//! far smaller. The `image` crate writes no palette PNGs, so the indices and
//! the `PLTE` chunk go through the `png` crate (the encoder `image` uses).
//!
//! The palette holds every colour when there are at most 256; otherwise the
//! most used colours (skipping near-duplicates first), and each remaining
//! colour maps to its nearest palette entry. Flat areas stay exact; only
//! rare edge pixels move slightly.

use image::RgbaImage;

use super::RenderError;

const EMPTY: u32 = u32::MAX;

/// Distinct colours and how often each occurs.
pub(super) struct Histogram {
    /// Open addressing: each slot holds a colour in its low half and its
    /// number in the high half (one load a probe), or [`EMPTY`] low.
    slots: Vec<u64>,
    pub(super) colours: Vec<u32>,
    pub(super) counts: Vec<u32>,
    shift: u32,
}

impl Histogram {
    pub(super) fn new() -> Histogram {
        let bits = 14;
        Histogram {
            slots: vec![EMPTY as u64; 1 << bits],
            colours: Vec::new(),
            counts: Vec::new(),
            shift: 32 - bits,
        }
    }

    #[inline]
    fn slot(&self, rgb: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (rgb.wrapping_mul(0x9E37_79B1) >> self.shift) as usize;
        loop {
            let k = self.slots[i] as u32;
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
        let found = self.slots[i];
        if found as u32 == rgb {
            return (found >> 32) as usize;
        }
        let index = self.colours.len();
        self.slots[i] = (index as u64) << 32 | rgb as u64;
        self.colours.push(rgb);
        self.counts.push(0);
        if self.colours.len() * 2 > self.slots.len() {
            self.grow();
        }
        index
    }

    /// The number of `rgb` among the distinct colours, if it is one.
    pub(super) fn number(&self, rgb: u32) -> Option<usize> {
        let found = self.slots[self.slot(rgb)];
        (found as u32 == rgb).then_some((found >> 32) as usize)
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![EMPTY as u64; size];
        self.shift -= 1;
        for (index, &rgb) in self.colours.iter().enumerate() {
            let i = self.slot(rgb);
            self.slots[i] = (index as u64) << 32 | rgb as u64;
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

/// The palette (as packed RGB, at most `size` entries, `by_use` of them
/// the most used colours) and each distinct colour's palette index.
pub(super) fn choose_palette(h: &Histogram, size: usize, by_use: usize) -> (Vec<u32>, Vec<u8>) {
    let n = h.colours.len();
    if n <= size {
        return (h.colours.clone(), (0..n).map(|i| i as u8).collect());
    }
    // The most used first, the first seen of equals: as one key per
    // colour, so selecting them reads no other array.
    let mut keys: Vec<u64> = (0..n)
        .map(|i| (h.counts[i] as u64) << 32 | (u32::MAX - i as u32) as u64)
        .collect();
    keys.select_nth_unstable_by(by_use - 1, |a, b| b.cmp(a));
    let mut order: Vec<usize> = keys[..by_use]
        .iter()
        .map(|&k| (u32::MAX - k as u32) as usize)
        .collect();
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
    let mut rest = Farthest::new(&candidates, h, &sorted);
    while order.len() < size {
        let Some((i, d)) = rest.take_farthest() else {
            break;
        };
        if d == 0 {
            break;
        }
        order.push(i);
        rest.add_to_palette(h.colours[i]);
    }
    sorted = Palette::new(order.iter().map(|&i| h.colours[i]).collect());
    let map = nearest_entries(h, &sorted);
    (sorted.colours, map)
}

/// Each distinct colour's nearest palette entry.
fn nearest_entries(h: &Histogram, palette: &Palette) -> Vec<u8> {
    let n = h.colours.len();
    let mut map = vec![0u8; n];
    let mut mapped = vec![false; n];
    // A palette colour is its own nearest entry (the colours are
    // distinct): found through the histogram, not searched for.
    for (entry, &c) in palette.colours.iter().enumerate() {
        if let Some(i) = h.number(c) {
            map[i] = entry as u8;
            mapped[i] = true;
        }
    }
    for (i, &c) in h.colours.iter().enumerate() {
        if !mapped[i] {
            map[i] = palette.nearest(c).1;
        }
    }
    map
}

/// The colours not yet in the palette, for farthest-point filling: each
/// one's distance to the palette so far and its weight, in arrays of their
/// own so the update after each new entry is a loop the compiler turns
/// into vector instructions (it was most of a palette's cost).
struct Farthest {
    number: Vec<usize>,
    red: Vec<i32>,
    green: Vec<i32>,
    blue: Vec<i32>,
    /// Distance to the nearest palette entry so far.
    distance: Vec<u32>,
    /// The square root of how often the colour occurs.
    weight: Vec<f32>,
    /// Distance times weight (scratch).
    value: Vec<f32>,
}

impl Farthest {
    fn new(candidates: &[usize], h: &Histogram, palette: &Palette) -> Farthest {
        let channel = |i: usize, shift: u32| ((h.colours[i] >> shift) & 255) as i32;
        Farthest {
            number: candidates.to_vec(),
            red: candidates.iter().map(|&i| channel(i, 0)).collect(),
            green: candidates.iter().map(|&i| channel(i, 8)).collect(),
            blue: candidates.iter().map(|&i| channel(i, 16)).collect(),
            distance: candidates
                .iter()
                .map(|&i| palette.nearest(h.colours[i]).0)
                .collect(),
            weight: candidates
                .iter()
                .map(|&i| (h.counts[i] as f32).sqrt())
                .collect(),
            value: Vec::with_capacity(candidates.len()),
        }
    }

    /// Remove and return the colour whose distance to the palette,
    /// weighted by use, is largest (the last of equals), and its distance.
    /// The largest value is found first and then where it last occurs:
    /// two loops without a dependency from one element to the next.
    fn take_farthest(&mut self) -> Option<(usize, u32)> {
        self.value.clear();
        self.value.extend(
            self.distance
                .iter()
                .zip(&self.weight)
                .map(|(&d, &w)| d as f32 * w),
        );
        let mut lanes = [f32::NEG_INFINITY; 8];
        let chunks = self.value.chunks_exact(8);
        let tail = chunks.remainder();
        for chunk in chunks {
            for (m, &v) in lanes.iter_mut().zip(chunk) {
                *m = if v > *m { v } else { *m };
            }
        }
        let largest = lanes
            .iter()
            .chain(tail)
            .fold(f32::NEG_INFINITY, |m, &v| if v > m { v } else { m });
        let pos = self.value.iter().rposition(|&v| v == largest)?;
        let d = self.distance.swap_remove(pos);
        self.red.swap_remove(pos);
        self.green.swap_remove(pos);
        self.blue.swap_remove(pos);
        self.weight.swap_remove(pos);
        Some((self.number.swap_remove(pos), d))
    }

    /// Lower each distance to that of the new palette entry `c`.
    fn add_to_palette(&mut self, c: u32) {
        let (r, g, b) = (
            (c & 255) as i32,
            (c >> 8 & 255) as i32,
            (c >> 16 & 255) as i32,
        );
        let n = self.distance.len();
        let (red, green, blue) = (&self.red[..n], &self.green[..n], &self.blue[..n]);
        for (k, d) in self.distance.iter_mut().enumerate() {
            let (dr, dg, db) = (red[k] - r, green[k] - g, blue[k] - b);
            let to_c = (3 * dr * dr + 4 * dg * dg + 2 * db * db) as u32;
            *d = (*d).min(to_c);
        }
    }
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

/// An encoded PNG and its size in pixels (platforms that announce an
/// image's size, like Matrix, read it here rather than from the bytes).
#[derive(Clone, PartialEq, Eq)]
pub struct Png {
    bytes: Vec<u8>,
    width: u32,
    height: u32,
}

impl Png {
    /// The encoded file.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }
}

impl AsRef<[u8]> for Png {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

impl std::fmt::Debug for Png {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Png({} x {}, {} bytes)",
            self.width,
            self.height,
            self.bytes.len()
        )
    }
}

/// The image as an indexed PNG (RGB when it has more distinct colours
/// than the palette indices can number).
pub fn encode(image: &RgbaImage) -> Result<Png, RenderError> {
    let Some(runs) = Runs::scan(image) else {
        return encode_rgb(image);
    };
    let (palette, map) = choose_palette(&runs.histogram, 256, BY_USE);
    let lines = runs.scanlines(&map, image.width() as usize);
    write_indexed(image, plte(&palette), &lines)
}

/// `lines` (scanlines of palette indices, each after its filter byte) as
/// an indexed PNG of `image`'s size.
fn write_indexed(image: &RgbaImage, plte: Vec<u8>, lines: &[u8]) -> Result<Png, RenderError> {
    let (width, height) = image.dimensions();
    let idat = super::deflate::zlib(lines, width as usize + 1);
    let mut bytes = Vec::with_capacity(idat.len() + plte.len() + 128);
    let mut encoder = ::png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(::png::ColorType::Indexed);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_palette(plte);
    let mut writer = encoder.write_header()?;
    writer.write_chunk(::png::chunk::IDAT, &idat)?;
    writer.finish()?;
    Ok(Png {
        bytes,
        width,
        height,
    })
}

/// A `PLTE` chunk's bytes.
fn plte(palette: &[u32]) -> Vec<u8> {
    let mut plte = Vec::with_capacity(palette.len() * 3);
    for &c in palette {
        plte.extend_from_slice(&[c as u8, (c >> 8) as u8, (c >> 16) as u8]);
    }
    plte
}

/// An image as runs of one colour, row by row, and its histogram.
struct Runs {
    histogram: Histogram,
    /// (distinct-colour number, length) of each run; no run spans rows.
    runs: Vec<(u16, u32)>,
    /// Where each row's runs begin in `runs`, and after the last row, the
    /// number of runs.
    rows: Vec<u32>,
    /// Whether each row is the same as the row above.
    repeats: Vec<bool>,
}

impl Runs {
    /// `None` if the image has more distinct colours than a `u16` numbers.
    fn scan(image: &RgbaImage) -> Option<Runs> {
        let raw = image.as_raw();
        let stride = (image.width() as usize * 4).max(4);
        let mut out = Runs {
            histogram: Histogram::new(),
            runs: Vec::with_capacity(raw.len() / 32),
            rows: Vec::with_capacity(image.height() as usize + 1),
            repeats: Vec::with_capacity(image.height() as usize),
        };
        let mut above: Option<&[u8]> = None;
        for row in raw.chunks_exact(stride) {
            let start = out.runs.len();
            match (above, out.rows.last()) {
                // A row like the one above (margins, the space between
                // grid lines): its runs again, without reading a pixel.
                (Some(above), Some(&from)) if above == row => {
                    out.runs.extend_from_within(from as usize..start);
                    for &(number, run) in &out.runs[start..] {
                        out.histogram.counts[number as usize] += run;
                    }
                    out.repeats.push(true);
                }
                _ => {
                    out.scan_row(row)?;
                    out.repeats.push(false);
                }
            }
            out.rows.push(start as u32);
            above = Some(row);
        }
        out.rows.push(out.runs.len() as u32);
        Some(out)
    }

    /// One row's runs, four pixels a step through the inside of a run.
    fn scan_row(&mut self, row: &[u8]) -> Option<()> {
        let n = row.len() / 4;
        let pixel = |i: usize| {
            let mut b = [0u8; 4];
            b.copy_from_slice(&row[4 * i..4 * i + 4]);
            u32::from_le_bytes(b)
        };
        let four = |i: usize| {
            let mut b = [0u8; 16];
            b.copy_from_slice(&row[4 * i..4 * i + 16]);
            u128::from_le_bytes(b)
        };
        let mut i = 0;
        while i < n {
            let c = pixel(i);
            let splat = c as u128 * 0x0000_0001_0000_0001_0000_0001_0000_0001;
            let mut j = i + 1;
            while j + 4 <= n && four(j) == splat {
                j += 4;
            }
            while j < n && pixel(j) == c {
                j += 1;
            }
            // Alpha takes part in the comparison (the renderer's images
            // are opaque); the colour is looked up without it.
            let number = self.histogram.index(c & 0x00FF_FFFF);
            if number > u16::MAX as usize {
                return None;
            }
            self.histogram.counts[number] += (j - i) as u32;
            self.runs.push((number as u16, (j - i) as u32));
            i = j;
        }
        Some(())
    }

    /// The scanlines as PNG stores them: a filter byte (none) before each
    /// row of palette indices (`map` gives each distinct colour's index).
    /// Palette indices of flat areas are long runs and rows repeat, which
    /// the deflate coder finds alone; filtering them only costs time.
    fn scanlines(&self, map: &[u8], width: usize) -> Vec<u8> {
        let rows = self.rows.len().saturating_sub(1);
        let line = width + 1;
        let mut lines = vec![0u8; line * rows];
        for (y, bounds) in self.rows.windows(2).enumerate() {
            let start = y * line;
            // A row like the one above is the line above again (one copy,
            // not a fill per run).
            if self.repeats[y] && y > 0 {
                lines.copy_within(start - line..start, start);
                continue;
            }
            // The filter byte: the last run of the row above may have
            // spilled over it.
            lines[start] = 0;
            let mut at = start + 1;
            for &(number, run) in &self.runs[bounds[0] as usize..bounds[1] as usize] {
                let run = run as usize;
                let index = map[number as usize];
                // Most runs are a few pixels: one 16-byte store, spilling
                // over bytes that the next runs (or the next row) write
                // again, costs less than a call to memset.
                if run <= 16 && at + 16 <= lines.len() {
                    lines[at..at + 16].copy_from_slice(&[index; 16]);
                } else {
                    lines[at..at + run].fill(index);
                }
                at += run;
            }
        }
        lines
    }
}

/// A plain RGB PNG.
pub fn encode_rgb(image: &RgbaImage) -> Result<Png, RenderError> {
    let mut rgb = Vec::with_capacity(image.width() as usize * image.height() as usize * 3);
    for p in image.as_raw().chunks_exact(4) {
        rgb.extend_from_slice(&p[..3]);
    }
    write(
        image,
        &rgb,
        ::png::ColorType::Rgb,
        None,
        ::png::DeflateCompression::FdeflateUltraFast,
        ::png::Filter::Adaptive,
    )
}

/// `data` (rows of `image`'s size in `colour`) as a PNG file.
fn write(
    image: &RgbaImage,
    data: &[u8],
    colour: ::png::ColorType,
    palette: Option<Vec<u8>>,
    compression: ::png::DeflateCompression,
    filter: ::png::Filter,
) -> Result<Png, RenderError> {
    let (width, height) = image.dimensions();
    let mut bytes = Vec::with_capacity(data.len() / 8 + 1024);
    let mut encoder = ::png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(colour);
    encoder.set_depth(::png::BitDepth::Eight);
    if let Some(palette) = palette {
        encoder.set_palette(palette);
    }
    encoder.set_deflate_compression(compression);
    encoder.set_filter(filter);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(data)?;
    writer.finish()?;
    Ok(Png {
        bytes,
        width,
        height,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decode with the `png` crate's reader: the colour type written and
    /// the pixels as RGBA.
    fn decode(png: &Png) -> (::png::ColorType, RgbaImage) {
        let mut decoder = ::png::Decoder::new(std::io::Cursor::new(png.bytes()));
        decoder.set_transformations(::png::Transformations::EXPAND);
        let mut reader = decoder.read_info().unwrap();
        let colour = reader.info().color_type;
        assert_eq!(
            (reader.info().width, reader.info().height),
            (png.width(), png.height())
        );
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        let rgb = &buf[..frame.buffer_size()];
        let mut out = RgbaImage::new(png.width(), png.height());
        for (p, q) in out.pixels_mut().zip(rgb.chunks_exact(3)) {
            *p = image::Rgba([q[0], q[1], q[2], 255]);
        }
        (colour, out)
    }

    fn round_trip(image: &RgbaImage) -> RgbaImage {
        let png = encode(image).unwrap();
        let (colour, back) = decode(&png);
        assert_eq!(colour, ::png::ColorType::Indexed);
        // The `image` crate reads it the same.
        let again = image::load_from_memory_with_format(png.bytes(), image::ImageFormat::Png)
            .unwrap()
            .to_rgba8();
        assert_eq!(again, back);
        back
    }

    #[test]
    fn rgb_png_keeps_every_colour() {
        let mut image = RgbaImage::new(300, 260);
        for (x, y, p) in image.enumerate_pixels_mut() {
            *p = image::Rgba([x as u8, y as u8, (x * 7 + y * 3) as u8, 255]);
        }
        let png = encode_rgb(&image).unwrap();
        assert_eq!((png.width(), png.height()), (300, 260));
        let (colour, back) = decode(&png);
        assert_eq!(colour, ::png::ColorType::Rgb);
        assert_eq!(back, image);
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
