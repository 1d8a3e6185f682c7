//! Counting Floaters turns without listing them. A turn is a pit and one
//! colour string per lap, so whole turns can number in the millions; these
//! kernels count them combinatorially (and draw one uniformly) by
//! branching only where a lap ends. Kept apart from the rules in `mod.rs`,
//! which say what a turn is; this says how many there are.

use super::{is_store, mask_of, next_spot, row, Board, Lap, MAX_HAND, SPOTS};
use crate::SplitRng;

/// Binomial coefficients up to 48 choose k (the largest hand).
pub(super) fn binomial(n: u8, k: u8) -> u128 {
    static TABLE: std::sync::OnceLock<Vec<[u64; MAX_HAND + 1]>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = vec![[0u64; MAX_HAND + 1]; MAX_HAND + 1];
        for n in 0..=MAX_HAND {
            t[n][0] = 1;
            for k in 1..=n {
                t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            }
        }
        t
    });
    if k > n || n as usize > MAX_HAND {
        0
    } else {
        table[n as usize][k as usize] as u128
    }
}

/// Pending colours of one lap in the combinatorial count: the lap's stones
/// not yet looked at (`slots` per spot) hold `left` = `[red, black]` in
/// some order.
#[derive(Clone, Copy, Debug)]
pub(super) struct Group {
    slots: [u8; SPOTS],
    left: [u8; 2],
    /// Where the lap started, and its length (for sampling).
    from: u8,
    len: u8,
    /// Red stones among this lap's stones on each spot, once looked at.
    resolved: [Option<u8>; SPOTS],
}

impl Group {
    pub(super) fn new(from: usize, hand: [u8; 2]) -> Group {
        let len = hand[0] + hand[1];
        let full = len / SPOTS as u8;
        let rest = len as usize % SPOTS;
        let mut slots = [full; SPOTS];
        let mut spot = from;
        for _ in 0..rest {
            spot = next_spot(spot);
            slots[spot] += 1;
        }
        Group {
            slots,
            left: hand,
            from: from as u8,
            len,
            resolved: [None; SPOTS],
        }
    }

    pub(super) fn last(&self) -> usize {
        (self.from as usize + self.len as usize) % SPOTS
    }
}

/// Counts (and samples) the ways to finish a turn without listing them.
///
/// Each lap's colour string is a group of pending stones. Only the spot
/// where a lap ends is ever looked at (to judge the lap and take a relay
/// hand), so the count branches only there, on how many of each pending
/// lap's stones on that spot are red (`C(k, j)` orders each); at the end
/// every group's unseen stones can be in any order: `C(n, red)`.
pub(super) struct Counter {
    base: Board,
    groups: Vec<Group>,
    mover: usize,
    /// Branchings left before the count gives up (see [`count_within`]).
    steps_left: u64,
}

impl Counter {
    pub(super) fn new(base: Board, mover: usize) -> Counter {
        Counter {
            base,
            groups: Vec::with_capacity(16),
            mover,
            steps_left: u64::MAX,
        }
    }

    /// Orders of every group's unseen stones.
    pub(super) fn free_orders(&self) -> u128 {
        self.groups.iter().fold(1u128, |acc, g| {
            acc.saturating_mul(binomial(g.left[0] + g.left[1], g.left[0]))
        })
    }

    /// Ways to finish from a lap of `hand` starting after `from`.
    pub(super) fn lap(&mut self, from: usize, hand: [u8; 2]) -> u128 {
        let group = Group::new(from, hand);
        let last = group.last();
        self.groups.push(group);
        let ways = if is_store(last) {
            self.free_orders()
        } else {
            self.resolve(last, 0, [0, 0], 1)
        };
        self.groups.pop();
        ways
    }

    /// Branch on the red count of each group's pending stones on `spot`,
    /// from group `index` on, then judge the lap end.
    pub(super) fn resolve(
        &mut self,
        spot: usize,
        index: usize,
        seen: [u8; 2],
        weight: u128,
    ) -> u128 {
        // Out of steps: the count is abandoned (the caller checks).
        if self.steps_left == 0 {
            return 0;
        }
        self.steps_left -= 1;
        let Some(gi) = (index..self.groups.len()).find(|&i| self.groups[i].slots[spot] > 0) else {
            return weight.saturating_mul(self.judge(spot, seen));
        };
        let saved = self.groups[gi];
        let k = saved.slots[spot];
        let low = k.saturating_sub(saved.left[1]);
        let high = k.min(saved.left[0]);
        let mut total = 0u128;
        self.groups[gi].slots[spot] = 0;
        for red in low..=high {
            let black = k - red;
            self.groups[gi].left = [saved.left[0] - red, saved.left[1] - black];
            let ways = self.resolve(
                spot,
                gi + 1,
                [seen[0] + red, seen[1] + black],
                weight.saturating_mul(binomial(k, red)),
            );
            total = total.saturating_add(ways);
        }
        self.groups[gi] = saved;
        total
    }

    /// Ways to finish once the lap end `spot` is known to hold `base + seen`.
    pub(super) fn judge(&mut self, spot: usize, seen: [u8; 2]) -> u128 {
        let here = [self.base[spot][0] + seen[0], self.base[spot][1] + seen[1]];
        if here[self.mover] >= here[1 - self.mover] {
            self.free_orders()
        } else {
            let saved = self.base[spot];
            self.base[spot] = [0, 0];
            let ways = self.lap(spot, here);
            self.base[spot] = saved;
            ways
        }
    }

    /// Pick one way to finish a lap of `hand` after `from` uniformly: the
    /// groups stay in `self.groups` with their choices in `resolved`.
    pub(super) fn sample_lap(&mut self, from: usize, hand: [u8; 2], rng: &mut SplitRng) {
        let group = Group::new(from, hand);
        let last = group.last();
        self.groups.push(group);
        if is_store(last) {
            return;
        }
        // Every combination of red counts over the groups touching `last`.
        let touching: Vec<usize> = (0..self.groups.len())
            .filter(|&i| self.groups[i].slots[last] > 0)
            .collect();
        let mut options: Vec<(Vec<u8>, u128)> = Vec::new();
        let mut choice = Vec::with_capacity(touching.len());
        self.collect_options(last, &touching, &mut choice, &mut options);
        let total = options
            .iter()
            .fold(0u128, |acc, (_, w)| acc.saturating_add(*w));
        let mut pick = random_below(rng, total);
        let mut chosen = options.len() - 1;
        for (i, (_, w)) in options.iter().enumerate() {
            if pick < *w {
                chosen = i;
                break;
            }
            pick -= w;
        }
        let reds = options.swap_remove(chosen).0;
        let mut seen = [0u8; 2];
        for (&gi, &red) in touching.iter().zip(&reds) {
            let g = &mut self.groups[gi];
            let k = g.slots[last];
            g.slots[last] = 0;
            g.left[0] -= red;
            g.left[1] -= k - red;
            g.resolved[last] = Some(red);
            seen[0] += red;
            seen[1] += k - red;
        }
        let here = [self.base[last][0] + seen[0], self.base[last][1] + seen[1]];
        if here[self.mover] < here[1 - self.mover] {
            self.base[last] = [0, 0];
            self.sample_lap(last, here, rng);
        }
    }

    pub(super) fn collect_options(
        &mut self,
        spot: usize,
        touching: &[usize],
        choice: &mut Vec<u8>,
        options: &mut Vec<(Vec<u8>, u128)>,
    ) {
        let depth = choice.len();
        if depth == touching.len() {
            // Weight: orders of the chosen counts times the ways on.
            let saved: Vec<Group> = touching.iter().map(|&i| self.groups[i]).collect();
            let mut seen = [0u8; 2];
            let mut weight = 1u128;
            for (&gi, &red) in touching.iter().zip(choice.iter()) {
                let g = &mut self.groups[gi];
                let k = g.slots[spot];
                g.slots[spot] = 0;
                g.left[0] -= red;
                g.left[1] -= k - red;
                seen[0] += red;
                seen[1] += k - red;
                weight = weight.saturating_mul(binomial(k, red));
            }
            let ways = weight.saturating_mul(self.judge(spot, seen));
            for (&gi, g) in touching.iter().zip(saved) {
                self.groups[gi] = g;
            }
            options.push((choice.clone(), ways));
            return;
        }
        let g = self.groups[touching[depth]];
        let k = g.slots[spot];
        for red in k.saturating_sub(g.left[1])..=k.min(g.left[0]) {
            choice.push(red);
            self.collect_options(spot, touching, choice, options);
            choice.pop();
        }
    }

    /// The colour strings of the sampled laps, unseen stones in uniformly
    /// random order.
    pub(super) fn sampled_laps(&self, rng: &mut SplitRng) -> Vec<Lap> {
        self.groups
            .iter()
            .map(|g| {
                // Stone i lands on (from + 1 + i) mod 14.
                let mut red_mask = 0u64;
                let spot_of = |i: u8| (g.from as usize + 1 + i as usize) % SPOTS;
                // Resolved spots: choose which of its stones are red.
                for spot in 0..SPOTS {
                    if let Some(mut red) = g.resolved[spot] {
                        let mut k = (0..g.len).filter(|&i| spot_of(i) == spot).count();
                        for i in (0..g.len).filter(|&i| spot_of(i) == spot) {
                            if rng.below(k) < red as usize {
                                red_mask |= 1 << i;
                                red -= 1;
                            }
                            k -= 1;
                        }
                    }
                }
                let mut free = g.left[0] as usize + g.left[1] as usize;
                let mut red = g.left[0] as usize;
                for i in (0..g.len).filter(|&i| g.resolved[spot_of(i)].is_none()) {
                    if rng.below(free) < red {
                        red_mask |= 1 << i;
                        red -= 1;
                    }
                    free -= 1;
                }
                Lap {
                    len: g.len,
                    black: !red_mask & mask_of(g.len),
                }
            })
            .collect()
    }
}

/// Uniform-ish in `0..n` for a 128-bit `n` (> 0).
pub(super) fn random_below(rng: &mut SplitRng, n: u128) -> u128 {
    if n <= 1 {
        return 0;
    }
    if n <= u64::MAX as u128 {
        return (rng.next_u64() as u128 * n) >> 64;
    }
    let wide = ((rng.next_u64() as u128) << 64) | rng.next_u64() as u128;
    wide % n
}

/// Ways to finish a turn from stones `hand` taken from `from`.
pub(super) fn count_finishes(board: &Board, from: usize, hand: [u8; 2], mover: usize) -> u128 {
    Counter::new(*board, mover).lap(from, hand)
}

/// [`count_finishes`] (a lap of `hand` after `from`) or, without a lap,
/// [`count_whole_turns`], in at most `steps` branchings of the count;
/// `None` past them. The count branches once per lap end and colour split,
/// and in rare positions relay laps multiply the branchings into the
/// billions: a search asks this, not the exact count.
pub(super) fn count_within(
    board: &Board,
    lap: Option<(usize, [u8; 2])>,
    mover: usize,
    steps: u64,
) -> Option<u128> {
    let mut counter = Counter::new(*board, mover);
    counter.steps_left = steps;
    let ways = match lap {
        Some((from, hand)) => counter.lap(from, hand),
        None => whole_turns(&mut counter, board),
    };
    (counter.steps_left > 0).then_some(ways)
}

/// Ways to play a whole turn from a position at a turn boundary.
pub(super) fn count_whole_turns(board: &Board, mover: usize) -> u128 {
    whole_turns(&mut Counter::new(*board, mover), board)
}

/// Every pit of the mover's row taken up and sown, counted by `counter`
/// (its base board reset to `board` without that pit each time).
fn whole_turns(counter: &mut Counter, board: &Board) -> u128 {
    let mut total = 0u128;
    for spot in row(counter.mover) {
        let hand = board[spot];
        if hand != [0, 0] {
            counter.base = *board;
            counter.base[spot] = [0, 0];
            total = total.saturating_add(counter.lap(spot, hand));
        }
    }
    total
}
