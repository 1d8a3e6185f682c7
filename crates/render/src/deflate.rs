//! Deflate (as a zlib stream) of a board's PNG scanlines, fast on what a
//! board image is made of.
//!
//! An indexed board is rows of palette indices: long runs of one index
//! (flat areas), rows equal or nearly equal to the row above, and shapes
//! (stones, glyphs) repeated a cell further along. A general compressor
//! (miniz_oxide at its fastest level) hashes every byte and copies the
//! whole input into its window: about 1 ms of a board's 2.5. This one
//! tries, at each position, only a few distances: 1 (a run), one row up,
//! the last distance used (the next stone of a row), and one earlier
//! position with the same four bytes found through a small hash table;
//! the longest match wins (greedy, no lazy matching). Match lengths are
//! measured eight bytes at a time. The tokens then go out as one block
//! with its own Huffman codes, so work is per token, not per byte.
//!
//! The output is ordinary zlib (RFC 1950/1951), read by any PNG decoder;
//! the tests inflate it with miniz_oxide.

/// The longest and shortest match deflate can code.
const MAX_MATCH: usize = 258;
const MIN_MATCH: usize = 3;
/// The window: the farthest a match may reach back.
const WINDOW: usize = 32768;
const HASH_BITS: u32 = 14;
const END_OF_BLOCK: usize = 256;
/// Tokens: a literal byte, or a match as `1 << 31 | length << 16 | distance`.
const MATCH: u32 = 1 << 31;

/// `data` as a zlib stream; `stride` is the length of a scanline (the
/// distance one row up).
pub(super) fn zlib(data: &[u8], stride: usize) -> Vec<u8> {
    let tokens = tokens(data, stride);
    let mut out = BitWriter::with_capacity(tokens.len() * 7 + 1024);
    // CMF: deflate, 32 KB window; FLG: fastest, and the header check.
    out.push_bytes(&[0x78, 0x01]);
    block(&tokens, &mut out);
    let mut bytes = out.finish();
    let mut adler = simd_adler32::Adler32::new();
    adler.write(data);
    bytes.extend_from_slice(&adler.finish().to_be_bytes());
    bytes
}

/// How many bytes from `a` and `b` (`a < b`) agree, at most `max`.
#[inline]
fn common(data: &[u8], a: usize, b: usize, max: usize) -> usize {
    let mut n = 0;
    while n + 8 <= max {
        let x = read_u64(data, a + n) ^ read_u64(data, b + n);
        if x != 0 {
            return n + (x.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    while n < max && data[a + n] == data[b + n] {
        n += 1;
    }
    n
}

#[inline]
fn read_u64(data: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&data[at..at + 8]);
    u64::from_le_bytes(word)
}

#[inline]
fn hash4(data: &[u8], at: usize) -> usize {
    let mut word = [0u8; 4];
    word.copy_from_slice(&data[at..at + 4]);
    (u32::from_le_bytes(word).wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// The greedy parse of `data` into literals and matches.
fn tokens(data: &[u8], stride: usize) -> Vec<u32> {
    let mut tokens = Vec::with_capacity(data.len() / 16 + 16);
    // Positions plus one (0 is none) of the last four bytes hashed alike.
    let mut table = vec![0u32; 1 << HASH_BITS];
    let mut recent = 0usize;
    let mut i = 0;
    while i < data.len() {
        let max = (data.len() - i).min(MAX_MATCH);
        let mut best = (0, 0);
        best = longer(data, i, 1, max, best);
        best = longer(data, i, stride, max, best);
        if recent != 1 && recent != stride {
            best = longer(data, i, recent, max, best);
        }
        if max >= 4 && best.0 < 8 {
            let slot = hash4(data, i);
            let earlier = table[slot] as usize;
            table[slot] = (i + 1) as u32;
            if earlier > 0 {
                best = longer(data, i, i + 1 - earlier, max, best);
            }
        }
        let (length, distance) = best;
        if length >= MIN_MATCH {
            tokens.push(MATCH | (length as u32) << 16 | distance as u32);
            recent = distance;
            i += length;
        } else {
            tokens.push(data[i] as u32);
            i += 1;
        }
    }
    tokens
}

/// The match at `i` reaching back `d` bytes if it is longer than `best`
/// (length, distance), else `best`.
#[inline(always)]
fn longer(data: &[u8], i: usize, d: usize, max: usize, best: (usize, usize)) -> (usize, usize) {
    // Only a candidate that agrees one byte past the best so far can beat
    // it: most are turned away by that one comparison.
    if d == 0 || d > i || d > WINDOW || best.0 >= max || data[i - d + best.0] != data[i + best.0] {
        return best;
    }
    let n = common(data, i - d, i, max);
    if n > best.0 {
        (n, d)
    } else {
        best
    }
}

/// The deflate symbol of a match length (3 to 258), its extra bits and
/// their value.
#[inline(always)]
fn length_code(length: usize) -> (usize, u32, u32) {
    let (symbol, extra) = LENGTH_CODES[length];
    (
        symbol as usize,
        extra as u32,
        ((length - 3) & ((1 << extra) - 1)) as u32,
    )
}

/// `(symbol, extra bits)` of each match length (a table: the branches of
/// the computation are as unpredictable as the data).
const LENGTH_CODES: [(u16, u8); MAX_MATCH + 1] = length_codes();

const fn length_codes() -> [(u16, u8); MAX_MATCH + 1] {
    let mut table = [(0u16, 0u8); MAX_MATCH + 1];
    let mut length = MIN_MATCH;
    while length <= MAX_MATCH {
        let l = length - 3;
        table[length] = if length == MAX_MATCH {
            (285, 0)
        } else if l < 8 {
            (257 + l as u16, 0)
        } else {
            let b = usize::BITS - 1 - l.leading_zeros();
            let extra = b - 2;
            (
                (257 + 4 * (b as usize - 1) + ((l >> extra) & 3)) as u16,
                extra as u8,
            )
        };
        length += 1;
    }
    table
}

/// The deflate symbol of a distance (1 to 32768), its extra bits and
/// their value.
#[inline]
fn distance_code(distance: usize) -> (usize, u32, u32) {
    let d = distance - 1;
    if d < 4 {
        (d, 0, 0)
    } else {
        let b = usize::BITS - 1 - d.leading_zeros();
        let extra = b - 1;
        let symbol = 2 * b as usize + ((d >> extra) & 1);
        (symbol, extra, (d & ((1 << extra) - 1)) as u32)
    }
}

/// The tokens as one final deflate block with dynamic Huffman codes.
fn block(tokens: &[u32], out: &mut BitWriter) {
    let mut lit_freq = [0u32; 286];
    let mut dist_freq = [0u32; 30];
    for &t in tokens {
        if t & MATCH != 0 {
            lit_freq[length_code((t >> 16 & 0x1FF) as usize).0] += 1;
            dist_freq[distance_code((t & 0xFFFF) as usize).0] += 1;
        } else {
            lit_freq[t as usize] += 1;
        }
    }
    lit_freq[END_OF_BLOCK] = 1;
    let lit = Code::new(&lit_freq, 15);
    let dist = Code::new(&dist_freq, 15);
    out.put(1, 1); // the final block
    out.put(2, 2); // dynamic Huffman codes
    out.flush();
    header(&lit.lengths, &dist.lengths, out);
    for &t in tokens {
        if t & MATCH != 0 {
            let (symbol, extra, value) = length_code((t >> 16 & 0x1FF) as usize);
            out.put(lit.codes[symbol], lit.lengths[symbol] as u32);
            out.put(value, extra);
            let (symbol, extra, value) = distance_code((t & 0xFFFF) as usize);
            out.put(dist.codes[symbol], dist.lengths[symbol] as u32);
            out.put(value, extra);
        } else {
            out.put(lit.codes[t as usize], lit.lengths[t as usize] as u32);
        }
        out.flush();
    }
    out.put(lit.codes[END_OF_BLOCK], lit.lengths[END_OF_BLOCK] as u32);
}

/// The order in which the code length code's lengths are written.
const CL_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// A dynamic block's header: how many codes of each alphabet, then their
/// lengths, run-length coded with the code length code (RFC 1951 3.2.7).
fn header(lit: &[u8], dist: &[u8], out: &mut BitWriter) {
    let hlit = lit
        .iter()
        .rposition(|&l| l > 0)
        .map_or(0, |p| p + 1)
        .max(257);
    let hdist = dist
        .iter()
        .rposition(|&l| l > 0)
        .map_or(0, |p| p + 1)
        .max(1);
    let lengths: Vec<u8> = lit[..hlit].iter().chain(&dist[..hdist]).copied().collect();
    // (symbol, extra value) of the code length code.
    let mut runs: Vec<(u8, u8)> = Vec::with_capacity(lengths.len());
    let mut i = 0;
    while i < lengths.len() {
        let l = lengths[i];
        let run = lengths[i..].iter().take_while(|&&x| x == l).count();
        if l == 0 && run >= 11 {
            let n = run.min(138);
            runs.push((18, (n - 11) as u8));
            i += n;
        } else if l == 0 && run >= 3 {
            runs.push((17, (run - 3) as u8));
            i += run;
        } else if l != 0 && run >= 4 {
            runs.push((l, 0));
            let n = (run - 1).min(6);
            runs.push((16, (n - 3) as u8));
            i += 1 + n;
        } else {
            runs.push((l, 0));
            i += 1;
        }
    }
    let mut freq = [0u32; 19];
    for &(symbol, _) in &runs {
        freq[symbol as usize] += 1;
    }
    let cl = Code::new(&freq, 7);
    let hclen = CL_ORDER
        .iter()
        .rposition(|&s| cl.lengths[s] > 0)
        .map_or(0, |p| p + 1)
        .max(4);
    out.put((hlit - 257) as u32, 5);
    out.put((hdist - 1) as u32, 5);
    out.put((hclen - 4) as u32, 4);
    out.flush();
    for &s in &CL_ORDER[..hclen] {
        out.put(cl.lengths[s] as u32, 3);
        out.flush();
    }
    for &(symbol, value) in &runs {
        let s = symbol as usize;
        out.put(cl.codes[s], cl.lengths[s] as u32);
        match symbol {
            16 => out.put(value as u32, 2),
            17 => out.put(value as u32, 3),
            18 => out.put(value as u32, 7),
            _ => {}
        }
        out.flush();
    }
}

/// A canonical Huffman code: each symbol's length and its code, bit
/// reversed (deflate sends codes from their first bit, into a stream
/// filled from the low bit).
struct Code {
    lengths: Vec<u8>,
    codes: Vec<u32>,
}

impl Code {
    fn new(freq: &[u32], limit: u8) -> Code {
        let lengths = lengths(freq, limit);
        let mut count = [0u32; 16];
        for &l in &lengths {
            count[l as usize] += 1;
        }
        count[0] = 0;
        let mut next = [0u32; 16];
        let mut code = 0;
        for bits in 1..16 {
            code = (code + count[bits - 1]) << 1;
            next[bits] = code;
        }
        let codes = lengths
            .iter()
            .map(|&l| {
                if l == 0 {
                    return 0;
                }
                let c = next[l as usize];
                next[l as usize] += 1;
                c.reverse_bits() >> (32 - l as u32)
            })
            .collect();
        Code { lengths, codes }
    }
}

/// Huffman code lengths of at most `limit` bits for symbols of the given
/// frequencies (0 for unused symbols). At least two symbols get a length,
/// so every code is complete (some decoders refuse a one-symbol code).
fn lengths(freq: &[u32], limit: u8) -> Vec<u8> {
    let mut symbols: Vec<usize> = (0..freq.len()).filter(|&s| freq[s] > 0).collect();
    for (s, &f) in freq.iter().enumerate() {
        if symbols.len() >= 2 {
            break;
        }
        if f == 0 {
            symbols.push(s);
        }
    }
    // Least frequent first (ties by symbol, so the output is stable).
    symbols.sort_unstable_by_key(|&s| (freq[s], s));
    let depths = tree_depths(&symbols.iter().map(|&s| freq[s]).collect::<Vec<_>>());
    // How many symbols at each length, the longest capped at `limit` and
    // the code made whole again by lengthening shorter ones (miniz's way).
    let limit = limit as usize;
    let mut count = vec![0u32; 64];
    for &d in &depths {
        count[(d as usize).min(limit)] += 1;
    }
    let kraft =
        |count: &[u32]| -> u64 { (1..=limit).map(|l| (count[l] as u64) << (limit - l)).sum() };
    while kraft(&count) > 1 << limit {
        count[limit] -= 1;
        if let Some(l) = (1..limit).rev().find(|&l| count[l] > 0) {
            count[l] -= 1;
            count[l + 1] += 2;
        }
    }
    // The least frequent symbols take the longest codes.
    let mut out = vec![0u8; freq.len()];
    let mut order = symbols.iter();
    for l in (1..=limit).rev() {
        for _ in 0..count[l] {
            if let Some(&s) = order.next() {
                out[s] = l as u8;
            }
        }
    }
    out
}

/// The depth of each leaf in a Huffman tree of `weights` (sorted
/// ascending), by the two-queue method.
fn tree_depths(weights: &[u32]) -> Vec<u32> {
    let n = weights.len();
    // Nodes 0..n are leaves, n.. internal; parent links give depths.
    let mut weight: Vec<u64> = weights.iter().map(|&w| w as u64).collect();
    let mut parent = vec![0usize; 2 * n];
    let (mut leaf, mut inner) = (0, n);
    let take = |weight: &[u64], leaf: &mut usize, inner: &mut usize| {
        if *leaf < n && (*inner >= weight.len() || weight[*leaf] <= weight[*inner]) {
            *leaf += 1;
            *leaf - 1
        } else {
            *inner += 1;
            *inner - 1
        }
    };
    for _ in 1..n {
        let a = take(&weight, &mut leaf, &mut inner);
        let b = take(&weight, &mut leaf, &mut inner);
        let node = weight.len();
        weight.push(weight[a] + weight[b]);
        parent[a] = node;
        parent[b] = node;
    }
    // Parents come after children: depths from the root down.
    let total = weight.len();
    let mut depth = vec![0u32; total];
    for node in (0..total.saturating_sub(1)).rev() {
        depth[node] = depth[parent[node]] + 1;
    }
    depth.truncate(n);
    depth
}

/// Bits packed from the low bit of each byte, as deflate wants them.
/// Fields are gathered in a 64-bit word and whole bytes stored after each
/// token without a branch (`flush` always stores eight bytes and moves on
/// by as many as are full): whether a store is due is as unpredictable as
/// the data, and mispredicted branches were most of a token's cost.
struct BitWriter {
    bytes: Vec<u8>,
    /// Bytes written (`bytes` is longer: the spare room of the last store).
    len: usize,
    bits: u64,
    count: u32,
}

impl BitWriter {
    fn with_capacity(capacity: usize) -> BitWriter {
        BitWriter {
            bytes: vec![0; capacity + 8],
            len: 0,
            bits: 0,
            count: 0,
        }
    }

    /// The low `n` bits of `value`; at most 56 bits between flushes.
    #[inline(always)]
    fn put(&mut self, value: u32, n: u32) {
        self.bits |= (value as u64) << self.count;
        self.count += n;
    }

    /// Store the whole bytes gathered (fewer than eight stay).
    #[inline(always)]
    fn flush(&mut self) {
        if self.len + 8 > self.bytes.len() {
            self.bytes.resize(self.bytes.len() * 2 + 8, 0);
        }
        self.bytes[self.len..self.len + 8].copy_from_slice(&self.bits.to_le_bytes());
        let full = self.count / 8;
        self.len += full as usize;
        // `full` is at most 7, so the shift stays below 64.
        self.bits >>= full * 8;
        self.count -= full * 8;
    }

    /// The bytes, the last one padded with zero bits.
    fn finish(mut self) -> Vec<u8> {
        self.flush();
        if self.count > 0 {
            self.len += 1;
        }
        self.bytes.truncate(self.len);
        self.bytes
    }

    /// Append whole bytes (after `finish`-like alignment: no bits held).
    fn push_bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.put(b as u32, 8);
            self.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inflate(z: &[u8]) -> Vec<u8> {
        miniz_oxide::inflate::decompress_to_vec_zlib(z).unwrap()
    }

    #[test]
    fn length_and_distance_codes_follow_the_rfc() {
        assert_eq!(length_code(3), (257, 0, 0));
        assert_eq!(length_code(10), (264, 0, 0));
        assert_eq!(length_code(12), (265, 1, 1));
        assert_eq!(length_code(19), (269, 2, 0));
        assert_eq!(length_code(257), (284, 5, 30));
        assert_eq!(length_code(258), (285, 0, 0));
        assert_eq!(distance_code(1), (0, 0, 0));
        assert_eq!(distance_code(5), (4, 1, 0));
        assert_eq!(distance_code(8), (5, 1, 1));
        assert_eq!(distance_code(32768), (29, 13, 8191));
    }

    #[test]
    fn every_kind_of_input_inflates_back() {
        let mut cases: Vec<(Vec<u8>, usize)> = vec![
            (vec![0], 1),
            (vec![7; 5], 5),
            (vec![1, 2], 2),
            ((0..=255).collect(), 16),
            (vec![0; 100_000], 601),
        ];
        // Rows like a board's: runs, rows repeated, a shape every 37
        // bytes, noise; and a long stretch of pseudo-random bytes.
        let stride = 301;
        let mut board = Vec::new();
        let mut seed = 12345u32;
        for y in 0..400 {
            board.push(0);
            for x in 0..stride - 1 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let v = match (y / 7 % 3, x % 37) {
                    (0, _) => (x / 50) as u8,
                    (1, 0..=5) => (x % 37) as u8 + 40,
                    (1, _) => 3,
                    _ if seed >> 28 == 0 => (seed >> 16) as u8,
                    _ => (y % 5) as u8,
                };
                board.push(v);
            }
        }
        cases.push((board, stride));
        let noise: Vec<u8> = (0..70_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        cases.push((noise, 1000));
        for (data, stride) in cases {
            assert_eq!(inflate(&zlib(&data, stride)), data, "{} bytes", data.len());
        }
    }

    #[test]
    fn code_lengths_respect_the_limit() {
        // Fibonacci frequencies make the deepest unlimited tree.
        let mut freq = vec![1u32, 1];
        while freq.len() < 30 {
            let n = freq.len();
            freq.push(freq[n - 1] + freq[n - 2]);
        }
        for limit in [7u8, 15] {
            let l = lengths(&freq, limit);
            assert!(l.iter().all(|&x| (1..=limit).contains(&x)), "{l:?}");
            let kraft: f64 = l.iter().map(|&x| 0.5f64.powi(x as i32)).sum();
            assert!((kraft - 1.0).abs() < 1e-12, "{kraft}");
        }
        assert_eq!(lengths(&[0, 5, 0], 15), vec![1, 1, 0]);
        assert_eq!(lengths(&[0, 0, 0], 15), vec![1, 1, 0]);
    }
}
