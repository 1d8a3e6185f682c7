//! GIF's LZW coding of a frame's palette indices, fast on runs.
//!
//! A replay frame is mostly runs: transparent pixels where nothing changed
//! and flat colours where something did. A plain LZW coder looks every
//! byte up in its dictionary; this one follows a run of one byte through
//! the run's own codes (the dictionary holds the strings `b`, `bb`, `bbb`,
//! ... of a byte `b` as a contiguous family, because LZW only adds `b^(k+1)`
//! while `b^k` is the current string), so a run of `n` bytes costs one step
//! per code written rather than one per byte. Other strings go through a
//! hash table whose entries carry a generation, so a clear code empties it
//! without touching memory. The output is ordinary GIF LZW (8-bit minimum
//! code size, codes of 9 to 12 bits, a clear code when the 4096 codes are
//! used up), written as [`gif::Encoder::write_lzw_pre_encoded_frame`]
//! expects: the minimum code size, then the code stream.

/// The minimum code size: every palette index is a byte.
const MIN_CODE_SIZE: u8 = 8;
const CLEAR: u16 = 256;
const END: u16 = 257;
const FIRST: u16 = 258;
const MAX_CODES: u16 = 4096;

const HASH_BITS: u32 = 14;
const EMPTY: u32 = 0;

/// A reusable LZW coder (its tables are kept between frames).
pub struct Lzw {
    /// `(generation << 20 | prefix << 8 | byte)` of each slot, or [`EMPTY`].
    keys: Vec<u32>,
    codes: Vec<u16>,
    generation: u32,
    /// `runs[b][k]`: the code of `b` repeated `k + 1` times.
    runs: Vec<Vec<u16>>,
    /// How many of `runs[b]` are in the dictionary now.
    run_len: [u16; 256],
    next: u16,
    bits: u64,
    nbits: u32,
    out: Vec<u8>,
}

impl Default for Lzw {
    fn default() -> Self {
        Lzw::new()
    }
}

impl Lzw {
    pub fn new() -> Lzw {
        Lzw {
            keys: vec![EMPTY; 1 << HASH_BITS],
            codes: vec![0; 1 << HASH_BITS],
            generation: 1,
            runs: (0..256u16).map(|b| vec![b]).collect(),
            run_len: [1; 256],
            next: FIRST,
            bits: 0,
            nbits: 0,
            out: Vec::new(),
        }
    }

    /// Forget every string but the single bytes.
    fn reset(&mut self) {
        self.generation += 1;
        if self.generation >= 1 << 12 {
            self.keys.fill(EMPTY);
            self.generation = 1;
        }
        self.run_len = [1; 256];
        self.next = FIRST;
    }

    /// The width of the next code: the decoder, one entry behind, reads it
    /// with the bits its own next code needs.
    #[inline]
    fn width(&self) -> u32 {
        let decoder_next = u32::from(self.next - 1).max(1);
        (32 - decoder_next.leading_zeros()).clamp(9, 12)
    }

    #[inline]
    fn put(&mut self, code: u16, width: u32) {
        self.bits |= u64::from(code) << self.nbits;
        self.nbits += width;
        if self.nbits >= 32 {
            self.out
                .extend_from_slice(&(self.bits as u32).to_le_bytes());
            self.bits >>= 32;
            self.nbits -= 32;
        }
    }

    /// Write `code` (the current string, ended by a byte it cannot be
    /// extended with) and count the entry both sides add for it.
    #[inline]
    fn emit(&mut self, code: u16) {
        let width = self.width();
        self.put(code, width);
    }

    /// After [`Lzw::emit`]: the new entry takes the next code; a full
    /// dictionary is cleared. Returns the code given, or `None` after a
    /// clear (the entry is then not kept).
    #[inline]
    fn add(&mut self) -> Option<u16> {
        let code = self.next;
        self.next += 1;
        if self.next == MAX_CODES {
            let width = self.width();
            self.put(CLEAR, width);
            self.reset();
            return None;
        }
        Some(code)
    }

    #[inline]
    fn slot(&self, key: u32) -> (usize, bool) {
        let mask = (1usize << HASH_BITS) - 1;
        let mut i = (key.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize;
        loop {
            let k = self.keys[i];
            if k == key {
                return (i, true);
            }
            if k == EMPTY || k >> 20 != self.generation {
                return (i, false);
            }
            i = (i + 1) & mask;
        }
    }

    /// `data` coded: the minimum code size, then the LZW code stream.
    pub fn encode(&mut self, data: &[u8]) -> &[u8] {
        self.out.clear();
        self.out.push(MIN_CODE_SIZE);
        self.bits = 0;
        self.nbits = 0;
        self.reset();
        self.put(CLEAR, 9);
        let Some(&first) = data.first() else {
            self.put(END, 9);
            self.flush();
            return &self.out;
        };
        // The current string: its code, and the byte it repeats with how
        // many times while it is a pure run (`run == 0` otherwise).
        let mut cur = u16::from(first);
        let mut byte = first;
        let mut run: u16 = 1;
        let mut i = 1;
        while i < data.len() {
            let b = data[i];
            if run > 0 && b == byte {
                // A pure run meets more of its byte: take the whole run.
                let mut m = data[i..].iter().take_while(|&&x| x == b).count();
                i += m;
                let family = usize::from(b);
                loop {
                    let known = self.run_len[family];
                    if usize::from(run) + m <= usize::from(known) {
                        run += m as u16;
                        cur = self.runs[family][usize::from(run) - 1];
                        break;
                    }
                    // Up to the longest known run, then one byte more
                    // starts a new string.
                    m -= usize::from(known - run);
                    cur = self.runs[family][usize::from(known) - 1];
                    self.emit(cur);
                    if let Some(code) = self.add() {
                        let runs = &mut self.runs[family];
                        if runs.len() > usize::from(known) {
                            runs[usize::from(known)] = code;
                        } else {
                            runs.push(code);
                        }
                        self.run_len[family] = known + 1;
                    }
                    // The new current string is that one byte.
                    m -= 1;
                    run = 1;
                }
                continue;
            }
            let key = (self.generation << 20) | u32::from(cur) << 8 | u32::from(b);
            let (slot, found) = self.slot(key);
            if found {
                cur = self.codes[slot];
                run = 0;
            } else {
                self.emit(cur);
                if let Some(code) = self.add() {
                    self.keys[slot] = key;
                    self.codes[slot] = code;
                }
                cur = u16::from(b);
                byte = b;
                run = 1;
            }
            i += 1;
        }
        self.emit(cur);
        // The decoder adds an entry for the last code too (unless it was
        // the first after a clear), so the end code may be a bit wider.
        let decoder_next = u32::from(self.next).min(u32::from(MAX_CODES) - 1);
        let width = (32 - decoder_next.leading_zeros()).clamp(9, 12);
        self.put(END, width);
        self.flush();
        &self.out
    }

    fn flush(&mut self) {
        while self.nbits > 0 {
            self.out.push(self.bits as u8);
            self.bits >>= 8;
            self.nbits = self.nbits.saturating_sub(8);
        }
        self.bits = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    /// Encode `data` as one frame of a `width`-wide GIF and decode it with
    /// the `gif` crate.
    fn round_trip(data: &[u8], width: u16) -> Vec<u8> {
        let height = (data.len() / usize::from(width)) as u16;
        let palette: Vec<u8> = (0..768).map(|i| i as u8).collect();
        let mut bytes = Vec::new();
        {
            let mut encoder = gif::Encoder::new(&mut bytes, width, height, &palette).unwrap();
            let mut lzw = Lzw::new();
            let coded = lzw.encode(data).to_vec();
            encoder
                .write_lzw_pre_encoded_frame(&gif::Frame {
                    width,
                    height,
                    buffer: Cow::Owned(coded),
                    ..gif::Frame::default()
                })
                .unwrap();
        }
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&bytes[..]).unwrap();
        let frame = decoder.read_next_frame().unwrap().unwrap();
        frame.buffer.to_vec()
    }

    #[test]
    fn runs_noise_and_resets_decode_back() {
        let mut rng = 12345u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        // Long and short runs of few bytes, then noise that fills the
        // dictionary several times over.
        let mut data = Vec::new();
        while data.len() < 200_000 {
            let r = next();
            let b = [255u8, 255, 0, 7, 7, 200][(r % 6) as usize];
            let n = 1 + (r >> 8) as usize % if r % 5 == 0 { 3000 } else { 9 };
            data.extend(std::iter::repeat_n(b, n));
        }
        data.truncate(200_000);
        assert_eq!(round_trip(&data, 500), data);
        let noise: Vec<u8> = (0..120_000).map(|_| next() as u8).collect();
        assert_eq!(round_trip(&noise, 300), noise);
        let one = vec![9u8; 64_000];
        assert_eq!(round_trip(&one, 320), one);
        for len in [1usize, 2, 3, 5, 260, 4100] {
            let mixed: Vec<u8> = (0..len).map(|i| (i / 3 % 4) as u8).collect();
            assert_eq!(round_trip(&mixed, len as u16), mixed, "{len}");
        }
    }
}
