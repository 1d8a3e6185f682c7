//! A small deterministic random generator for playouts and tests.

/// A tiny deterministic generator (xorshift64*), so checks and AI playouts
/// are reproducible from a seed without an extra dependency.
#[derive(Clone, Debug)]
pub struct SplitRng(u64);

impl SplitRng {
    pub fn new(seed: u64) -> SplitRng {
        SplitRng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (n > 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}
