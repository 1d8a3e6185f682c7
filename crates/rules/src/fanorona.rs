//! Fanorona (9 x 5 Tsivy and 5 x 5 Dimy): paika steps, and capture by
//! approach or withdrawal taking a whole unbroken enemy line, with optional
//! continuation. See docs/rules/fanorona.md.

use std::fmt;
use std::sync::OnceLock;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::geometry::{bits, PointBoard, DIRECTIONS, NONE, OPPOSITE};
use super::notation::{names_and, names_or_at_most};
use super::view::status_line;
use super::OptionValue;
use super::Mark;
use super::Step as PickStep;
use super::{
    BoardView, Colour, Game, GameKind, GameWords, Highlights, Layout, MarkKind, Message,
    OptionError, OptionSpec, Options, Outcome, Reason, Seat, SplitRng, Spot, TurnError,
};

/// The longest capture sequence we represent (a piece visits each point at
/// most once, and sequences this long never arise in play).
const MAX_STEPS: usize = 24;

/// The directions in the order of their index deltas on both boards (SW,
/// S, SE, W, E, NW, N, NE): capture steps are walked by *slot*, a position
/// in this order, so that bit order is landing-point order. The slot of
/// the opposite direction is `7 - slot`; slots 4-7 step to higher indices.
const SLOT_DIRECTION: [usize; 8] = [6, 2, 5, 3, 1, 7, 0, 4];
/// The slot of each direction (the inverse of [`SLOT_DIRECTION`]).
const DIRECTION_SLOT: [usize; 8] = [6, 4, 1, 3, 7, 2, 0, 5];
/// "No previous step": a slot number that matches no slot.
const NO_SLOT: usize = 8;

/// Every step from one point, by slot, with what it could capture.
#[derive(Clone, Copy, Debug)]
struct PointSteps {
    /// The landing point (where `has` says there is one).
    to: [u8; 8],
    /// Approach: the ray from the point beyond the landing onwards.
    approach_ray: [u64; 8],
    /// Withdrawal: the ray from the point behind the mover onwards, away
    /// from the landing.
    withdrawal_ray: [u64; 8],
    /// Slots with a neighbour, and with a point beyond it, as bit masks.
    has: u8,
    has_beyond: u8,
    /// The rotation that brings this point to bit [`centre`] of a
    /// bitboard (see [`Ring`]).
    rotation: u32,
}

/// Bit `centre(files)` of a rotated bitboard is the point: its neighbours
/// lie within two rows (of `files` points) either side, and none wraps.
const fn centre(files: usize) -> usize {
    2 * files + 2
}

/// Bit i reversed to bit 7 - i: slot k's opposite is slot 7 - k.
const REVERSED: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = (i as u8).reverse_bits();
        i += 1;
    }
    table
};

/// Eight bits of a word at fixed positions, read in slot order with one
/// multiplication and one table lookup instead of eight shifts: the
/// multiplication by a *magic* number (found by a random search, as chess
/// engines find theirs for sliding attacks) hashes every subset of the
/// eight bits to a different index of `slots`.
#[derive(Debug)]
struct Gather {
    mask: u64,
    magic: u64,
    shift: u32,
    /// Bit k of `slots[i]`: the bit at position k of the subsets hashing to i.
    slots: [u8; 512],
}

impl Gather {
    fn new(positions: [usize; 8], magic: u64, index_bits: u32) -> Gather {
        let mask = positions.iter().fold(0, |m, &p| m | 1u64 << p);
        let shift = 64 - index_bits;
        let mut slots = [0u8; 512];
        let mut filled = [false; 512];
        for subset in 0..=u8::MAX {
            let y = bits(u64::from(subset)).fold(0u64, |y, k| y | 1 << positions[k]);
            let i = (y.wrapping_mul(magic) >> shift) as usize;
            // A constant of this file, checked on first use by every test.
            assert!(
                !filled[i] || slots[i] == subset,
                "the magic number must hash every subset apart"
            );
            filled[i] = true;
            slots[i] = subset;
        }
        Gather {
            mask,
            magic,
            shift,
            slots,
        }
    }

    #[inline(always)]
    fn get(&self, y: u64) -> u8 {
        self.slots[((y & self.mask).wrapping_mul(self.magic) >> self.shift) as usize & 511]
    }
}

/// Every step from every point of a board, so that chains are followed by
/// table lookups and bitboard masks instead of stepping point by point.
/// Tables have 64 rows, read at `point & 63`, so that no lookup needs a
/// bounds check (rows past the board are never read).
#[derive(Debug)]
struct CaptureTables {
    all: u64,
    /// Read from a bitboard rotated to put a point at bit [`centre`]: its
    /// neighbours by slot (offsets -F-1, -F, -F+1, -1, 1, F-1, F, F+1 for
    /// F files), and the points two steps away by slot.
    one: Gather,
    two: Gather,
    /// The points one step, and one or two steps, away along a line.
    adjacent: [u64; 64],
    near: [u64; 64],
    points: [PointSteps; 64],
}

impl CaptureTables {
    fn build(b: &PointBoard) -> CaptureTables {
        let ray = |p: usize, d: usize| b.ray(p, d).fold(0u64, |m, q| m | 1 << q);
        let (f, c) = (b.files, centre(b.files));
        let one = [
            c - f - 1,
            c - f,
            c - f + 1,
            c - 1,
            c + 1,
            c + f - 1,
            c + f,
            c + f + 1,
        ];
        let two = [0, 2, 4, 2 * f, 2 * f + 4, 4 * f, 4 * f + 2, 4 * f + 4];
        let (one, two) = if f == 9 {
            (
                Gather::new(one, 0x8803_014a_0001_1000, 8),
                Gather::new(two, 0x1010_0109_0480_2241, 8),
            )
        } else {
            (
                Gather::new(one, 0x9044_0400_8000_8000, 9),
                Gather::new(two, 0x1c00_8480_0000_4002, 8),
            )
        };
        let mut t = CaptureTables {
            all: b.all,
            one,
            two,
            adjacent: [0; 64],
            near: [0; 64],
            points: [PointSteps {
                to: [0; 8],
                approach_ray: [0; 8],
                withdrawal_ray: [0; 8],
                has: 0,
                has_beyond: 0,
                rotation: 0,
            }; 64],
        };
        for p in 0..b.len() {
            t.adjacent[p] = b.adjacent(p);
            t.near[p] = b.near(p);
            let row = &mut t.points[p];
            row.rotation = ((p + 64 - centre(b.files)) % 64) as u32;
            for (slot, &d) in SLOT_DIRECTION.iter().enumerate() {
                let Some(q) = b.step(p, d) else { continue };
                debug_assert_eq!(slot >= 4, q > p);
                row.to[slot] = q as u8;
                row.approach_ray[slot] = ray(q, d);
                row.withdrawal_ray[slot] = ray(p, OPPOSITE[d]);
                row.has |= 1 << slot;
                if b.step(q, d).is_some() {
                    row.has_beyond |= 1 << slot;
                }
            }
        }
        t
    }

    #[inline(always)]
    fn point(&self, at: usize) -> &PointSteps {
        &self.points[at & 63]
    }

    fn for_board(files: usize) -> &'static CaptureTables {
        static NINE: OnceLock<CaptureTables> = OnceLock::new();
        static FIVE: OnceLock<CaptureTables> = OnceLock::new();
        if files == 9 {
            NINE.get_or_init(|| CaptureTables::build(PointBoard::nine_by_five()))
        } else {
            FIVE.get_or_init(|| CaptureTables::build(PointBoard::five_by_five()))
        }
    }

    /// The capture steps open to the piece on `at`, as two masks of slots
    /// (by approach, by withdrawal). `blocked` holds the mover's other
    /// pieces and the points it occupied this turn; `last` is the slot of
    /// its previous step, which it may not repeat. Branch-free: one bit
    /// test per slot and kind.
    #[inline(always)]
    fn capture_slots(&self, at: usize, blocked: u64, theirs: u64, last: usize) -> (u32, u32) {
        let ps = self.point(at);
        let open = (self.all & !(blocked | theirs)).rotate_right(ps.rotation);
        let theirs = theirs.rotate_right(ps.rotation);
        let landing = self.one.get(open) & ps.has & !(1u16 << last) as u8;
        let approach = landing & self.two.get(theirs) & ps.has_beyond;
        let withdrawal = landing & REVERSED[usize::from(self.one.get(theirs) & ps.has)];
        (u32::from(approach), u32::from(withdrawal))
    }

    /// The enemy line taken by the step from `at` in `slot`.
    #[inline(always)]
    fn line(&self, at: usize, slot: usize, kind: Kind, theirs: u64) -> u64 {
        let ps = self.point(at);
        match kind {
            Kind::Approach => run_on(ps.approach_ray[slot], slot >= 4, theirs),
            Kind::Withdrawal => run_on(ps.withdrawal_ray[slot], slot < 4, theirs),
        }
    }

    /// Whether the piece on `at` cannot capture (cheap tests first: no
    /// enemy within two steps, or no open neighbour).
    #[inline(always)]
    fn stuck(&self, at: usize, blocked: u64, theirs: u64) -> bool {
        self.near[at & 63] & theirs == 0 || self.adjacent[at & 63] & !(blocked | theirs) == 0
    }

    /// Every capture sequence continuing from the piece now on `at`: calls
    /// `visit(point, theirs)` where each one ends (each capture step ends
    /// one more turn), with the enemy pieces left. The walk behind counting
    /// ([`CaptureTables::count_from`]), numbering and perft's last plies.
    #[inline]
    fn walk(
        &self,
        at: usize,
        blocked: u64,
        theirs: u64,
        last: usize,
        visit: &mut impl FnMut(usize, u64),
    ) {
        if self.stuck(at, blocked, theirs) {
            return;
        }
        let (approach, withdrawal) = self.capture_slots(at, blocked, theirs, last);
        let ps = self.point(at);
        for (kind, slots) in [(Kind::Approach, approach), (Kind::Withdrawal, withdrawal)] {
            for slot in bits(u64::from(slots)) {
                let to = ps.to[slot] as usize;
                let left = theirs & !self.line(at, slot, kind, theirs);
                visit(to, left);
                self.walk(to, blocked | 1 << to, left, slot, visit);
            }
        }
    }

    /// How many capture sequences continue from the piece now on `at`
    /// (the sequences [`CaptureTables::walk`] visits, counted).
    #[inline]
    fn count_from(&self, at: usize, blocked: u64, theirs: u64, last: usize) -> u32 {
        if self.stuck(at, blocked, theirs) {
            0
        } else {
            self.count_open(at, blocked, theirs, last)
        }
    }

    /// [`CaptureTables::count_from`] for a piece that is not
    /// [`CaptureTables::stuck`]: each open step is one sequence, and only
    /// landings that are not stuck are followed (no call for the rest).
    fn count_open(&self, at: usize, blocked: u64, theirs: u64, last: usize) -> u32 {
        let (approach, withdrawal) = self.capture_slots(at, blocked, theirs, last);
        let ps = self.point(at);
        let mut count = 0;
        for (kind, slots) in [(Kind::Approach, approach), (Kind::Withdrawal, withdrawal)] {
            for slot in bits(u64::from(slots)) {
                count += 1;
                let to = ps.to[slot] as usize;
                let left = theirs & !self.line(at, slot, kind, theirs);
                let blocked = blocked | 1 << to;
                if !self.stuck(to, blocked, left) {
                    count += self.count_open(to, blocked, left, slot);
                }
            }
        }
        count
    }

    /// Extends `turn` (its piece now on `at`) to continuation number `r`,
    /// where 0 is stopping here, in the order [`CaptureTables::count_from`]
    /// counts (approach steps by slot, then withdrawal steps by slot).
    fn nth_continuation(
        &self,
        mut at: usize,
        mut blocked: u64,
        mut theirs: u64,
        mut last: usize,
        mut r: u32,
        turn: &mut FanoronaTurn,
    ) {
        'step: while r > 0 && (turn.len as usize) < MAX_STEPS {
            r -= 1;
            let (approach, withdrawal) = self.capture_slots(at, blocked, theirs, last);
            for (kind, slots) in [(Kind::Approach, approach), (Kind::Withdrawal, withdrawal)] {
                for slot in bits(u64::from(slots)) {
                    let to = self.point(at).to[slot] as usize;
                    let left = theirs & !self.line(at, slot, kind, theirs);
                    let size = 1 + self.count_from(to, blocked | 1 << to, left, slot);
                    if r >= size {
                        r -= size;
                        continue;
                    }
                    turn.push(to, kind);
                    (at, blocked, theirs, last) = (to, blocked | 1 << to, left, slot);
                    continue 'step;
                }
            }
            // The counts said r was below the total: unreachable.
            return;
        }
    }

    /// Appends every capture sequence continuing `turn` (its piece now on
    /// `at`) to `out`, in landing-point order, approach before withdrawal.
    fn push_sequences(
        &self,
        at: usize,
        blocked: u64,
        theirs: u64,
        last: usize,
        turn: &mut FanoronaTurn,
        out: &mut Vec<FanoronaTurn>,
    ) {
        if turn.len as usize >= MAX_STEPS || self.stuck(at, blocked, theirs) {
            return;
        }
        let (approach, withdrawal) = self.capture_slots(at, blocked, theirs, last);
        for slot in bits(u64::from(approach | withdrawal)) {
            let to = self.point(at).to[slot] as usize;
            for kind in [Kind::Approach, Kind::Withdrawal] {
                let slots = if kind == Kind::Approach {
                    approach
                } else {
                    withdrawal
                };
                if slots >> slot & 1 == 0 {
                    continue;
                }
                let left = theirs & !self.line(at, slot, kind, theirs);
                turn.push(to, kind);
                out.push(*turn);
                self.push_sequences(to, blocked | 1 << to, left, slot, turn, out);
                turn.pop();
            }
        }
    }
}

/// The unbroken run of `theirs` at the start of `ray` (a ray of a line,
/// ordered towards higher indices if `up`, else lower): the enemy pieces up
/// to the first point that is not theirs.
#[inline]
fn run_on(ray: u64, up: bool, theirs: u64) -> u64 {
    let stops = ray & !theirs;
    if stops == 0 {
        return ray;
    }
    if up {
        // Below the lowest stop.
        ray & ((stops & stops.wrapping_neg()) - 1)
    } else {
        // Above the highest stop.
        ray & !(u64::MAX >> stops.leading_zeros())
    }
}

/// The number of set bits of a sparse set (a loop per bit: cheaper than a
/// portable popcount when only a few bits are set).
#[inline]
fn sparse_count(mut set: u64) -> usize {
    let mut n = 0;
    while set != 0 {
        set &= set - 1;
        n += 1;
    }
    n
}

/// Member number `r` of the sets taken in order: (set index, point).
#[inline]
fn nth_member(sets: &[u64], mut r: usize) -> Option<(usize, usize)> {
    for (i, &set) in sets.iter().enumerate() {
        let k = sparse_count(set);
        if r < k {
            return bits(set).nth(r).map(|p| (i, p));
        }
        r -= k;
    }
    None
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Variant {
    Tsivy,
    Dimy,
}

/// How a capture step captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Approach,
    Withdrawal,
}

/// A Fanorona position with its stall state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Fanorona {
    variant: Variant,
    /// `stall=draw` (else score).
    stall_draw: bool,
    stall_turns: u32,
    paika_forward: bool,
    pieces: [u64; 2],
    to_move: Seat,
    captured: [u16; 2],
    /// Consecutive turns without a capture.
    quiet_turns: u32,
    /// Positions since the last capture: both bitboards, the side to move in
    /// bit 63 of the second.
    history: Vec<[u64; 2]>,
    outcome: Option<Outcome>,
}

/// A paika or a capture sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FanoronaTurn {
    pub from: u8,
    to: [u8; MAX_STEPS],
    kinds: [Option<Kind>; MAX_STEPS],
    len: u8,
    /// 5 or 9 files, for names.
    files: u8,
}

impl FanoronaTurn {
    fn steps(&self) -> impl Iterator<Item = (usize, Option<Kind>)> + '_ {
        (0..self.len as usize).map(|i| (self.to[i] as usize, self.kinds[i]))
    }

    pub fn is_capture(&self) -> bool {
        self.kinds[0].is_some()
    }

    #[inline]
    fn push(&mut self, to: usize, kind: Kind) {
        let len = self.len as usize;
        self.to[len] = to as u8;
        self.kinds[len] = Some(kind);
        self.len += 1;
    }

    /// Undo the last [`FanoronaTurn::push`], leaving no trace, so that
    /// equal turns compare equal whichever way they were built.
    #[inline]
    fn pop(&mut self) {
        self.len -= 1;
        let len = self.len as usize;
        self.to[len] = 0;
        self.kinds[len] = None;
    }
}

fn board_for(files: u8) -> &'static PointBoard {
    if files == 9 {
        PointBoard::nine_by_five()
    } else {
        PointBoard::five_by_five()
    }
}

impl fmt::Display for FanoronaTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = board_for(self.files);
        write!(f, "{}", b.name(self.from as usize))?;
        for (to, kind) in self.steps() {
            let suffix = match kind {
                Some(Kind::Approach) => "a",
                Some(Kind::Withdrawal) => "w",
                None => "",
            };
            write!(f, "-{}{suffix}", b.name(to))?;
        }
        Ok(())
    }
}

impl Fanorona {
    fn board(&self) -> &'static PointBoard {
        match self.variant {
            Variant::Tsivy => PointBoard::nine_by_five(),
            Variant::Dimy => PointBoard::five_by_five(),
        }
    }

    fn files(&self) -> u8 {
        self.board().files as u8
    }

    /// The enemy line captured by a step from `from` in direction `d`
    /// (landing on the adjacent empty point), as a bitboard (0 if none).
    #[inline]
    fn captured_line(&self, from: usize, d: usize, kind: Kind, theirs: u64) -> u64 {
        self.tables().line(from, DIRECTION_SLOT[d], kind, theirs)
    }

    fn tables(&self) -> &'static CaptureTables {
        CaptureTables::for_board(self.board().files)
    }

    fn key(&self) -> [u64; 2] {
        [
            self.pieces[0],
            self.pieces[1] | (self.to_move.index() as u64) << 63,
        ]
    }

    fn new_turn(&self, from: usize) -> FanoronaTurn {
        FanoronaTurn {
            from: from as u8,
            to: [0; MAX_STEPS],
            kinds: [None; MAX_STEPS],
            len: 0,
            files: self.files(),
        }
    }

    /// The pieces of `mine` that can start a capture in direction `d`, for
    /// every piece at once with bitboard shifts: (by approach, by
    /// withdrawal).
    #[inline]
    fn first_captures(b: &PointBoard, d: usize, mine: u64, theirs: u64, empty: u64) -> (u64, u64) {
        let back = OPPOSITE[d];
        let movers = mine & b.shift(empty, back);
        // Approach: an enemy on the point beyond the landing point.
        let approach = movers & b.shift(b.shift(theirs, back) & empty, back);
        // Withdrawal: an enemy on the point behind the mover.
        let withdrawal = movers & b.shift(theirs, d);
        (approach, withdrawal)
    }

    /// The pieces of `mine` that can capture now.
    fn capturers(b: &PointBoard, mine: u64, theirs: u64) -> u64 {
        let empty = b.all & !(mine | theirs);
        (0..8).fold(0, |out, d| {
            let (approach, withdrawal) = Self::first_captures(b, d, mine, theirs, empty);
            out | approach | withdrawal
        })
    }

    /// The directions a paika may take (all, or only forward ones).
    fn paika_directions(&self) -> impl Iterator<Item = usize> {
        bits(self.paika_mask(self.to_move))
    }

    /// The directions `seat` may take a paika in, as a mask.
    fn paika_mask(&self, seat: Seat) -> u64 {
        (0..8)
            .filter(|&d| {
                let dr = DIRECTIONS[d].1;
                let forward = if seat == Seat::First { dr } else { -dr };
                !self.paika_forward || forward > 0
            })
            .fold(0, |m, d| m | 1 << d)
    }

    /// Walks every first capture step of the side to move (found for every
    /// piece at once, by direction and kind), calling `visit` with the step
    /// until it returns false. The one walk behind counting and numbering.
    #[inline]
    fn first_steps(
        b: &PointBoard,
        t: &CaptureTables,
        mine: u64,
        theirs: u64,
        mut visit: impl FnMut(FirstStep) -> bool,
    ) {
        let empty = b.all & !(mine | theirs);
        for (slot, &d) in SLOT_DIRECTION.iter().enumerate() {
            let (approach, withdrawal) = Self::first_captures(b, d, mine, theirs, empty);
            for (kind, set) in [(Kind::Approach, approach), (Kind::Withdrawal, withdrawal)] {
                for from in bits(set) {
                    let to = t.point(from).to[slot] as usize;
                    let step = FirstStep {
                        from,
                        to,
                        slot,
                        kind,
                        blocked: mine | 1 << to,
                        theirs: theirs & !t.line(from, slot, kind, theirs),
                    };
                    if !visit(step) {
                        return;
                    }
                }
            }
        }
    }

    /// Turn number `r` of the `count_all()` turns, found without listing
    /// the others: capture sequences are numbered as [`Fanorona::count_all`]
    /// counts them (a first step, then the sequences continuing it), so
    /// whole subtrees are skipped by their counts; paikas come by direction.
    fn nth_turn(&self, mut r: u32) -> Option<FanoronaTurn> {
        if self.outcome.is_some() {
            return None;
        }
        let b = self.board();
        let t = self.tables();
        let me = self.to_move.index();
        let (mine, theirs) = (self.pieces[me], self.pieces[1 - me]);
        if Self::capturers(b, mine, theirs) == 0 {
            let empty = b.all & !(mine | theirs);
            for d in self.paika_directions() {
                let landings = b.shift(mine, d) & empty;
                let k = landings.count_ones();
                if r < k {
                    let q = bits(landings).nth(r as usize)?;
                    let from = b.step(q, OPPOSITE[d])?;
                    let mut turn = self.new_turn(from);
                    turn.to[0] = q as u8;
                    turn.len = 1;
                    return Some(turn);
                }
                r -= k;
            }
            return None;
        }
        let mut found = None;
        Self::first_steps(b, t, mine, theirs, |s| {
            let size = 1 + t.count_from(s.to, s.blocked, s.theirs, s.slot);
            if r >= size {
                r -= size;
                return true;
            }
            let mut turn = self.new_turn(s.from);
            turn.push(s.to, s.kind);
            t.nth_continuation(s.to, s.blocked, s.theirs, s.slot, r, &mut turn);
            found = Some(turn);
            false
        });
        found
    }

    /// Whether the player to move has a legal turn (without counting).
    fn has_turn(&self) -> bool {
        let b = self.board();
        let me = self.to_move.index();
        let (mine, theirs) = (self.pieces[me], self.pieces[1 - me]);
        let empty = b.all & !(mine | theirs);
        Self::capturers(b, mine, theirs) != 0
            || self
                .paika_directions()
                .any(|d| b.shift(mine, d) & empty != 0)
    }

    /// A turn drawn step by step (see [`Game::playout_turn`]).
    fn stepwise_turn(&self, rng: &mut SplitRng) -> Option<FanoronaTurn> {
        let b = self.board();
        let t = self.tables();
        let me = self.to_move.index();
        let (mine, theirs) = (self.pieces[me], self.pieces[1 - me]);
        let empty = b.all & !(mine | theirs);
        // The first capture steps as 16 sets of pieces, by direction and
        // kind, found for every piece at once. The sets are sparse, so
        // their bits are counted one by one.
        let mut firsts = [0u64; 16];
        let mut n = 0;
        for d in 0..8 {
            let (approach, withdrawal) = Self::first_captures(b, d, mine, theirs, empty);
            firsts[2 * d] = approach;
            firsts[2 * d + 1] = withdrawal;
            n += sparse_count(approach) + sparse_count(withdrawal);
        }
        if n == 0 {
            // No capture: a paika, uniformly among all of them.
            let mut landings = [0u64; 8];
            let mut k = 0;
            for d in self.paika_directions() {
                landings[d] = b.shift(mine, d) & empty;
                k += sparse_count(landings[d]);
            }
            if k == 0 {
                return None;
            }
            let (d, q) = nth_member(&landings, rng.below(k))?;
            let mut turn = self.new_turn(b.step(q, OPPOSITE[d])?);
            turn.to[0] = q as u8;
            turn.len = 1;
            return Some(turn);
        }
        let (i, p) = nth_member(&firsts, rng.below(n))?;
        let slot = DIRECTION_SLOT[i / 2];
        let kind = if i % 2 == 0 {
            Kind::Approach
        } else {
            Kind::Withdrawal
        };
        let mut at = t.point(p).to[slot] as usize;
        let mut turn = self.new_turn(p);
        turn.push(at, kind);
        let (mut blocked, mut theirs, mut last) = (
            mine | 1 << at,
            theirs & !t.line(p, slot, kind, theirs),
            slot,
        );
        while (turn.len as usize) < MAX_STEPS {
            // The next steps by kind and slot; stopping is one more choice.
            let (approach, withdrawal) = t.capture_slots(at, blocked, theirs, last);
            let n_approach = sparse_count(u64::from(approach));
            let n = n_approach + sparse_count(u64::from(withdrawal));
            let pick = rng.below(n + 1);
            if pick == n {
                break;
            }
            let (kind, slots, k) = if pick < n_approach {
                (Kind::Approach, approach, pick)
            } else {
                (Kind::Withdrawal, withdrawal, pick - n_approach)
            };
            let Some(slot) = bits(u64::from(slots)).nth(k) else {
                break;
            };
            let to = t.point(at).to[slot] as usize;
            theirs &= !t.line(at, slot, kind, theirs);
            turn.push(to, kind);
            (at, blocked, last) = (to, blocked | 1 << to, slot);
        }
        Some(turn)
    }

    /// The number of legal turns, without listing them.
    fn count_all(&self) -> u32 {
        let me = self.to_move.index();
        let (mine, theirs) = (self.pieces[me], self.pieces[1 - me]);
        Self::count_for(
            self.board(),
            self.tables(),
            mine,
            theirs,
            self.paika_mask(self.to_move),
        )
    }

    /// The number of turns of the player whose pieces are `mine`, who may
    /// take paikas in the directions of `paika`.
    ///
    /// First capture steps are found by direction for every piece at once
    /// and counted in bulk; only those that may go on are walked piece by
    /// piece. A step may go on only if its landing is an *origin*, a point
    /// from which the board allows some capture, whoever stands there:
    /// the step itself only removes enemies (fewer captures) and empties
    /// points no next step can land on (the captured line starts on the
    /// step's line, in its direction or behind the point it left). And
    /// the next step may not take the same direction, so the landing must
    /// be an origin of a capture in another direction.
    fn count_for(b: &PointBoard, t: &CaptureTables, mine: u64, theirs: u64, paika: u64) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has the popcnt instruction (checked just above).
            return unsafe { Self::count_for_popcnt(b, t, mine, theirs, paika) };
        }
        Self::count_for_body(b, t, mine, theirs, paika)
    }

    /// [`Fanorona::count_for`] compiled for CPUs with a popcount
    /// instruction (it counts 16 sets of first capture steps).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn count_for_popcnt(
        b: &PointBoard,
        t: &CaptureTables,
        mine: u64,
        theirs: u64,
        paika: u64,
    ) -> u32 {
        Self::count_for_body(b, t, mine, theirs, paika)
    }

    #[inline(always)]
    fn count_for_body(
        b: &PointBoard,
        t: &CaptureTables,
        mine: u64,
        theirs: u64,
        paika: u64,
    ) -> u32 {
        let empty = b.all & !(mine | theirs);
        let mut reach = [0u64; 8];
        let mut firsts = [(0u64, 0u64); 8];
        for (d, first) in firsts.iter_mut().enumerate() {
            let (approach, withdrawal) = Self::first_captures(b, d, b.all, theirs, empty);
            reach[d] = approach | withdrawal;
            *first = (approach & mine, withdrawal & mine);
        }
        // other[d]: the origins of captures in directions other than d.
        let mut other = [0u64; 8];
        let (mut before, mut after) = (0, 0);
        for d in 0..8 {
            other[d] = before;
            before |= reach[d];
        }
        for d in (0..8).rev() {
            other[d] |= after;
            after |= reach[d];
        }
        let mut count = 0;
        for (slot, &d) in SLOT_DIRECTION.iter().enumerate() {
            let (approach, withdrawal) = firsts[d];
            if approach | withdrawal == 0 {
                continue;
            }
            count += (approach.count_ones() + withdrawal.count_ones()) as usize;
            let onward = b.shift(other[d], OPPOSITE[d]);
            for (kind, set) in [(Kind::Approach, approach), (Kind::Withdrawal, withdrawal)] {
                for from in bits(set & onward) {
                    let to = t.point(from).to[slot] as usize;
                    let left = theirs & !t.line(from, slot, kind, theirs);
                    count += t.count_from(to, mine | 1 << to, left, slot) as usize;
                }
            }
        }
        if count != 0 {
            return count as u32;
        }
        bits(paika)
            .map(|d| (b.shift(mine, d) & empty).count_ones())
            .sum()
    }

    /// Perft's last two plies at once: the sum over every turn of the
    /// number of replies, found without building or playing the turns.
    /// A reply count is 0 where the turn ends the game; a game can only
    /// end by stalling or repetition after a paika (a capture resets
    /// both), and every other ending leaves the loser with no turn.
    fn count_replies(&self) -> u64 {
        let b = self.board();
        let t = self.tables();
        let me = self.to_move.index();
        let (mine, theirs) = (self.pieces[me], self.pieces[1 - me]);
        let paika = self.paika_mask(self.to_move.other());
        let mut total = 0u64;
        if Self::capturers(b, mine, theirs) != 0 {
            if self.stall_turns == 0 {
                return 0;
            }
            Self::first_steps(b, t, mine, theirs, |s| {
                let rest = mine & !(1 << s.from);
                let mut visit = |at: usize, left: u64| {
                    total += u64::from(Self::count_for(b, t, left, rest | 1 << at, paika));
                };
                visit(s.to, s.theirs);
                t.walk(s.to, s.blocked, s.theirs, s.slot, &mut visit);
                true
            });
            return total;
        }
        if self.quiet_turns + 1 >= self.stall_turns {
            return 0;
        }
        let empty = b.all & !(mine | theirs);
        let side_bit = (self.to_move.other().index() as u64) << 63;
        for d in self.paika_directions() {
            for q in bits(b.shift(mine, d) & empty) {
                let Some(p) = b.step(q, OPPOSITE[d]) else {
                    continue;
                };
                let after = mine & !(1 << p) | 1 << q;
                // The position after the paika, as `key` writes it.
                let key = if me == 0 {
                    [after, theirs | side_bit]
                } else {
                    [theirs, after | side_bit]
                };
                let earlier = self
                    .history
                    .iter()
                    .rev()
                    .skip(1)
                    .step_by(2)
                    .filter(|&&k| k == key)
                    .take(2)
                    .count();
                if earlier < 2 {
                    total += u64::from(Self::count_for(b, t, theirs, after, paika));
                }
            }
        }
        total
    }

    fn all_turns(&self, out: &mut Vec<FanoronaTurn>) {
        let b = self.board();
        let t = self.tables();
        let me = self.to_move.index();
        let (mine, theirs) = (self.pieces[me], self.pieces[1 - me]);
        for p in bits(Self::capturers(b, mine, theirs)) {
            let mut turn = self.new_turn(p);
            t.push_sequences(p, mine, theirs, NO_SLOT, &mut turn, out);
        }
        if !out.is_empty() {
            return;
        }
        let empty = b.all & !(mine | theirs);
        for p in bits(mine) {
            for d in self.paika_directions() {
                let q = b.neighbours(p)[d];
                if q == NONE || empty >> q & 1 == 0 {
                    continue;
                }
                let mut turn = self.new_turn(p);
                turn.to[0] = q;
                turn.len = 1;
                out.push(turn);
            }
        }
    }

    fn judge(&mut self) {
        let me = self.to_move.index();
        if self.pieces[me] == 0 {
            self.outcome = Some(Outcome::win(self.to_move.other(), Reason::AllCaptured));
            return;
        }
        let key = self.key();
        // Entries alternate the side to move, so only every other one can
        // repeat this position.
        let repeats = self
            .history
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&k| k == key)
            .take(3)
            .count();
        if self.quiet_turns >= self.stall_turns || repeats >= 3 {
            self.outcome = Some(if self.stall_draw {
                Outcome::draw(Reason::Stall)
            } else {
                match self.captured[0].cmp(&self.captured[1]) {
                    std::cmp::Ordering::Greater => Outcome::win(Seat::First, Reason::Stall),
                    std::cmp::Ordering::Less => Outcome::win(Seat::Second, Reason::Stall),
                    std::cmp::Ordering::Equal => Outcome::draw(Reason::Stall),
                }
            });
            return;
        }
        if !self.has_turn() {
            self.outcome = Some(Outcome::win(self.to_move.other(), Reason::NoMoves));
        }
    }

    /// Perft on one working copy: each turn is played and taken back in
    /// place, with one turn buffer and one spare history per level, so the
    /// loop does not allocate. A capture clears the history; the spare
    /// stands in for it until the turn is taken back.
    fn perft_in_place(
        &mut self,
        depth: u32,
        turns: &mut [Vec<FanoronaTurn>],
        histories: &mut [Vec<[u64; 2]>],
    ) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        if depth <= 1 {
            return u64::from(self.count_all());
        }
        if depth == 2 {
            return self.count_replies();
        }
        let ([buf, turns @ ..], [spare, histories @ ..]) = (turns, histories) else {
            return self.perft(depth);
        };
        buf.clear();
        self.all_turns(buf);
        let saved = (
            self.pieces,
            self.to_move,
            self.captured,
            self.quiet_turns,
            self.outcome,
        );
        let mut total = 0;
        for turn in buf.iter() {
            let capture = turn.is_capture();
            if capture {
                std::mem::swap(&mut self.history, spare);
            }
            self.apply(turn);
            total += self.perft_in_place(depth - 1, turns, histories);
            if capture {
                std::mem::swap(&mut self.history, spare);
                spare.clear();
            } else {
                self.history.pop();
            }
            (
                self.pieces,
                self.to_move,
                self.captured,
                self.quiet_turns,
                self.outcome,
            ) = saved;
        }
        total
    }

    /// The points each capture step of `turn` takes, in order.
    fn captures_of(&self, turn: &FanoronaTurn) -> Vec<u64> {
        let b = self.board();
        let me = self.to_move.index();
        let mut theirs = self.pieces[1 - me];
        let mut at = turn.from as usize;
        let mut out = Vec::new();
        for (to, kind) in turn.steps() {
            if let (Some(kind), Some(d)) = (kind, b.direction_between(at, to)) {
                let line = self.captured_line(at, d, kind, theirs);
                theirs &= !line;
                out.push(line);
            }
            at = to;
        }
        out
    }

    fn names(&self, set: u64) -> Vec<String> {
        let b = self.board();
        bits(set).map(|p| b.name(p)).collect()
    }
}

/// At most this many turns or points are listed.
const LISTED: usize = 10;

/// Sorted, each once: the items of a list for a refusal.
fn short(mut items: Vec<String>) -> Vec<String> {
    items.sort();
    items.dedup();
    items
}

/// Why a Fanorona turn was refused, with what the player needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FanoronaRefusal {
    /// The text is not two points or more.
    NotATurn { text: String },
    /// A part that is not a point of the `files` x 5 board.
    NotAPoint { token: String, files: usize },
    /// A step without `a` or `w` that could capture either way.
    EitherWay { choices: Vec<Choice> },
    /// A turn from a point without the player's piece (`opponent`: the
    /// opponent's piece is there, else it is empty): the points of the
    /// player's (`colour`: their seat's name) pieces that can move.
    NotYours {
        point: String,
        opponent: bool,
        colour: &'static str,
        movable: Vec<String>,
    },
    /// A step to a point that is not next along a line.
    NotNextTo {
        to: String,
        at: String,
        options: PieceOptions,
    },
    /// A paika while a capture is compulsory.
    MustCapture { options: PieceOptions },
    /// A step back to a point the piece occupied this turn.
    Revisit { point: String },
    /// Two steps in a row in the same direction.
    SameDirection { at: String, to: String },
    /// A paika that is not forwards under `paika=forward`.
    PaikaForward { options: PieceOptions },
    /// A turn that is not legal here for another reason.
    NotLegal { options: PieceOptions },
}

/// One way a step can capture: the turn written out and the points of
/// the pieces it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub turn: String,
    pub takes: Vec<String>,
}

/// What the piece named can do instead, said after a refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceOptions {
    /// Its first steps.
    Turns { from: String, turns: Vec<String> },
    /// It cannot capture and captures are compulsory: the first steps of
    /// the capturing moves.
    CapturesStart { starts: Vec<String> },
    /// It cannot move.
    Stuck { from: String },
}

impl PieceOptions {
    fn message(&self) -> Message {
        match self {
            PieceOptions::Turns { from, turns } => Message::new("fanorona-options")
                .arg("from", from.as_str())
                .arg("turns", names_or_at_most(turns, LISTED)),
            PieceOptions::CapturesStart { starts } => Message::new("fanorona-options-captures")
                .arg("starts", names_or_at_most(starts, LISTED)),
            PieceOptions::Stuck { from } => {
                Message::new("fanorona-options-stuck").arg("from", from.as_str())
            }
        }
    }
}

impl FanoronaRefusal {
    /// The refusal for a reader in any language.
    pub fn message(&self) -> Message {
        use FanoronaRefusal as R;
        match self {
            R::NotATurn { text } => {
                Message::new("fanorona-refusal-not-a-turn").arg("text", text.as_str())
            }
            R::NotAPoint { token, files } => Message::new("fanorona-refusal-not-a-point")
                .arg("token", token.as_str())
                .arg("files", *files),
            R::EitherWay { choices } => {
                Message::new("fanorona-refusal-either-way").arg("choices", choice_list(choices))
            }
            R::NotYours {
                point,
                opponent,
                colour,
                movable,
            } => Message::new("fanorona-refusal-not-yours")
                .arg("point", point.as_str())
                .arg("holds", if *opponent { "opponent" } else { "empty" })
                .arg("colour", *colour)
                .arg("movable", names_or_at_most(movable, LISTED)),
            R::NotNextTo { to, at, options } => Message::new("fanorona-refusal-not-next-to")
                .arg("to", to.as_str())
                .arg("at", at.as_str())
                .arg("options", options.message()),
            R::MustCapture { options } => {
                Message::new("fanorona-refusal-must-capture").arg("options", options.message())
            }
            R::Revisit { point } => {
                Message::new("fanorona-refusal-revisit").arg("point", point.as_str())
            }
            R::SameDirection { at, to } => Message::new("fanorona-refusal-same-direction")
                .arg("at", at.as_str())
                .arg("to", to.as_str()),
            R::PaikaForward { options } => {
                Message::new("fanorona-refusal-paika-forward").arg("options", options.message())
            }
            R::NotLegal { options } => {
                Message::new("fanorona-refusal-not-legal").arg("options", options.message())
            }
        }
    }
}

/// "e3-e4a takes e5; e3-e4w takes e1 and e2".
fn choice_list(choices: &[Choice]) -> Message {
    let choice = |c: &Choice| {
        Message::new("fanorona-choice")
            .arg("turn", c.turn.as_str())
            .arg("takes", names_and(&c.takes))
    };
    match choices {
        [] => Message::new("list-empty"),
        [one] => choice(one),
        [first, rest @ ..] => Message::new("fanorona-choices")
            .arg("first", choice(first))
            .arg("rest", choice_list(rest)),
    }
}

fn illegal(refusal: FanoronaRefusal) -> TurnError {
    TurnError::Illegal(refusal.into())
}

fn unparsable(refusal: FanoronaRefusal) -> TurnError {
    TurnError::Unparsable(refusal.into())
}

/// A first capture step found by [`Fanorona::first_steps`]: the piece
/// moves from `from` to `to` (in `slot`), leaving `blocked` (its side's
/// pieces and the landing) and `theirs` (the enemy after the capture).
#[derive(Clone, Copy, Debug)]
struct FirstStep {
    from: usize,
    to: usize,
    slot: usize,
    kind: Kind,
    blocked: u64,
    theirs: u64,
}

/// One parsed step: a point name and an optional `a` / `w`.
struct Step {
    point: usize,
    kind: Option<Kind>,
}

/// Reading a turn, and explaining why one is refused.
impl Fanorona {
    /// The points of a written turn, with the approach or withdrawal
    /// marks given (`c3-c4a`).
    fn read_steps(&self, text: &str) -> Result<Vec<Step>, TurnError> {
        let b = self.board();
        let lower = text.trim().to_ascii_lowercase();
        let tokens: Vec<&str> = lower
            .split(['-', ' ', ',', ':', '>'])
            .filter(|t| !t.is_empty())
            .collect();
        if tokens.len() < 2 {
            return Err(unparsable(FanoronaRefusal::NotATurn {
                text: text.trim().to_string(),
            }));
        }
        let mut steps = Vec::with_capacity(tokens.len());
        for (i, token) in tokens.iter().enumerate() {
            let (name, kind) = match token.strip_suffix('a') {
                Some(rest) if i > 0 && rest.len() >= 2 => (rest, Some(Kind::Approach)),
                _ => match token.strip_suffix('w') {
                    Some(rest) if i > 0 && rest.len() >= 2 => (rest, Some(Kind::Withdrawal)),
                    _ => (*token, None),
                },
            };
            let point = b.parse(name).ok_or_else(|| {
                unparsable(FanoronaRefusal::NotAPoint {
                    token: token.to_string(),
                    files: b.files,
                })
            })?;
            steps.push(Step { point, kind });
        }
        Ok(steps)
    }

    /// The legal turn the steps name, if exactly one; a step that could
    /// capture either way is refused with both choices.
    fn matching_turn(
        &self,
        legal: &[FanoronaTurn],
        steps: &[Step],
    ) -> Result<Option<FanoronaTurn>, TurnError> {
        let from = steps[0].point;
        let wanted = &steps[1..];
        let matches = |t: &FanoronaTurn, exact_kinds: bool| {
            t.from as usize == from
                && t.len as usize == wanted.len()
                && t.steps().zip(wanted).all(|((to, kind), w)| {
                    to == w.point
                        && (w.kind.is_none() && !exact_kinds
                            || w.kind == kind
                            || (w.kind.is_none() && kind.is_none()))
                })
        };
        let found: Vec<FanoronaTurn> = legal
            .iter()
            .filter(|t| matches(t, false))
            .copied()
            .collect();
        match found.as_slice() {
            [one] => Ok(Some(*one)),
            [] => Ok(None),
            many => {
                // A step left without a/w that could capture either way.
                let choices: Vec<Choice> = many
                    .iter()
                    .map(|t| {
                        let taken = self.captures_of(t).into_iter().fold(0, |a, c| a | c);
                        Choice {
                            turn: t.to_string(),
                            takes: self.names(taken),
                        }
                    })
                    .collect();
                Err(illegal(FanoronaRefusal::EitherWay { choices }))
            }
        }
    }

    /// Why the steps are no legal turn: the first thing wrong, with what
    /// the piece (or any piece) may do instead.
    fn refusal(&self, legal: &[FanoronaTurn], steps: &[Step]) -> TurnError {
        let b = self.board();
        let from = steps[0].point;
        let wanted = &steps[1..];
        // Explain the refusal.
        let me = self.to_move;
        let from_name = b.name(from);
        if self.pieces[me.index()] >> from & 1 == 0 {
            let movable: Vec<String> = legal.iter().map(|t| b.name(t.from as usize)).collect();
            return illegal(FanoronaRefusal::NotYours {
                point: from_name,
                opponent: self.pieces[1 - me.index()] >> from & 1 == 1,
                colour: self.seat_name(me),
                movable: short(movable),
            });
        }
        let capturing = legal.iter().any(|t| t.is_capture());
        let piece_turns: Vec<String> = legal
            .iter()
            .filter(|t| t.from as usize == from && t.len == 1)
            .map(|t| t.to_string())
            .collect();
        let options = if piece_turns.is_empty() {
            if capturing {
                PieceOptions::CapturesStart {
                    starts: short(
                        legal
                            .iter()
                            .filter(|t| t.len == 1)
                            .map(|t| t.to_string())
                            .collect(),
                    ),
                }
            } else {
                PieceOptions::Stuck {
                    from: from_name.clone(),
                }
            }
        } else {
            PieceOptions::Turns {
                from: from_name.clone(),
                turns: short(piece_turns),
            }
        };
        self.first_bad_step(legal, from, wanted, options)
    }

    /// Walk the steps to find the first one that breaks a rule.
    fn first_bad_step(
        &self,
        legal: &[FanoronaTurn],
        from: usize,
        wanted: &[Step],
        options: PieceOptions,
    ) -> TurnError {
        let b = self.board();
        let capturing = legal.iter().any(|t| t.is_capture());
        let mut at = from;
        let mut visited = 1u64 << from;
        let mut last_dir = usize::MAX;
        for (i, step) in wanted.iter().enumerate() {
            let to_name = b.name(step.point);
            let Some(d) = b.direction_between(at, step.point) else {
                return illegal(FanoronaRefusal::NotNextTo {
                    to: to_name,
                    at: b.name(at),
                    options,
                });
            };
            if i == 0
                && capturing
                && step.kind.is_none()
                && !legal
                    .iter()
                    .any(|t| t.from as usize == from && t.to[0] as usize == step.point)
            {
                return illegal(FanoronaRefusal::MustCapture { options });
            }
            if i > 0 {
                if visited >> step.point & 1 == 1 {
                    return illegal(FanoronaRefusal::Revisit { point: to_name });
                }
                if d == last_dir {
                    return illegal(FanoronaRefusal::SameDirection {
                        at: b.name(at),
                        to: to_name,
                    });
                }
            }
            visited |= 1 << step.point;
            last_dir = d;
            at = step.point;
        }
        if !capturing && self.paika_forward && wanted.len() == 1 {
            return illegal(FanoronaRefusal::PaikaForward { options });
        }
        illegal(FanoronaRefusal::NotLegal { options })
    }
}

impl Game for Fanorona {
    type Turn = FanoronaTurn;
    const KIND: GameKind = GameKind::Fanorona;

    /// A capture's step may end in `a` (approach) or `w` (withdrawal),
    /// which a player may leave out where only one kind captures.
    const SPELLING: crate::TurnSpelling = crate::TurnSpelling {
        separators: &[],
        optional_suffixes: b"aw",
    };

    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::choice("board", &["tsivy", "dimy"], "fanorona-option-board"),
        OptionSpec::choice("stall", &["score", "draw"], "fanorona-option-stall"),
        OptionSpec::number(
            "stall-turns",
            (50, 1, 10_000),
            &[50, 25, 100],
            "fanorona-option-stall-turns",
        ),
        OptionSpec::choice("paika", &["any", "forward"], "fanorona-option-paika"),
    ];

    const WORDS: GameWords = GameWords {
        title: "fanorona-title",
        summary: "fanorona-summary",
        notation: "fanorona-notation",
    };

    fn new(options: &Options) -> Result<Self, OptionError> {
        let [board_spec, stall_spec, stall_turns_spec, paika_spec] = Self::OPTIONS else {
            return Err(OptionError::Undeclared { game: "Fanorona" });
        };
        options.check_specs("fanorona", Self::OPTIONS)?;
        let variant = match options.choice_of(board_spec)? {
            "dimy" => Variant::Dimy,
            _ => Variant::Tsivy,
        };
        let stall_draw = options.choice_of(stall_spec)? == "draw";
        let stall_turns = options.number_of(stall_turns_spec)?;
        let paika_forward = options.choice_of(paika_spec)? == "forward";
        let rows: [&str; 5] = match variant {
            Variant::Tsivy => [
                "WWWWWWWWW",
                "WWWWWWWWW",
                "BWBW.BWBW",
                "BBBBBBBBB",
                "BBBBBBBBB",
            ],
            Variant::Dimy => ["WWWWW", "WWWWW", "WB.WB", "BBBBB", "BBBBB"],
        };
        let mut pieces = [0u64; 2];
        let files = rows[0].len();
        for (rank, row) in rows.iter().enumerate() {
            for (file, c) in row.chars().enumerate() {
                let p = rank * files + file;
                match c {
                    'W' => pieces[0] |= 1 << p,
                    'B' => pieces[1] |= 1 << p,
                    _ => {}
                }
            }
        }
        let mut game = Fanorona {
            variant,
            stall_draw,
            stall_turns,
            paika_forward,
            pieces,
            to_move: Seat::First,
            captured: [0, 0],
            quiet_turns: 0,
            history: Vec::new(),
            outcome: None,
        };
        game.history.push(game.key());
        game.judge();
        Ok(game)
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        vec![
            (
                "board",
                OptionValue::from(if self.variant == Variant::Tsivy {
                    "tsivy"
                } else {
                    "dimy"
                }),
            ),
            (
                "stall",
                OptionValue::from(if self.stall_draw { "draw" } else { "score" }),
            ),
            ("stall-turns", OptionValue::from(self.stall_turns)),
            (
                "paika",
                OptionValue::from(if self.paika_forward { "forward" } else { "any" }),
            ),
        ]
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat {
            Seat::First => "white",
            Seat::Second => "black",
        }
    }

    fn generate(&self, out: &mut Vec<FanoronaTurn>) {
        if self.outcome.is_none() {
            self.all_turns(out);
        }
    }

    fn parse_turn(&self, text: &str) -> Result<FanoronaTurn, TurnError> {
        let steps = self.read_steps(text)?;
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let mut legal = Vec::new();
        self.all_turns(&mut legal);
        if let Some(turn) = self.matching_turn(&legal, &steps)? {
            return Ok(turn);
        }
        Err(self.refusal(&legal, &steps))
    }

    fn apply(&mut self, turn: &FanoronaTurn) {
        let me = self.to_move.index();
        let mut taken = 0u16;
        if turn.is_capture() {
            let b = self.board();
            let mut at = turn.from as usize;
            for (to, kind) in turn.steps() {
                if let (Some(kind), Some(d)) = (kind, b.direction_between(at, to)) {
                    let line = self.captured_line(at, d, kind, self.pieces[1 - me]);
                    taken += line.count_ones() as u16;
                    self.pieces[1 - me] &= !line;
                }
                at = to;
            }
        }
        let to = turn.to[turn.len as usize - 1];
        self.pieces[me] = (self.pieces[me] & !(1 << turn.from)) | 1 << to;
        self.captured[me] += taken;
        self.to_move = self.to_move.other();
        if taken > 0 {
            self.quiet_turns = 0;
            self.history.clear();
        } else {
            self.quiet_turns += 1;
        }
        self.history.push(self.key());
        self.judge();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut game = self.clone();
        let levels = depth as usize;
        let mut turns = vec![Vec::with_capacity(64); levels];
        let mut histories = vec![Vec::with_capacity(64); levels];
        game.perft_in_place(depth, &mut turns, &mut histories)
    }

    fn count_turns(&self) -> u64 {
        if self.outcome.is_some() {
            0
        } else {
            u64::from(self.count_all())
        }
    }

    /// One turn drawn uniformly without listing the others.
    fn random_turn(&self, rng: &mut SplitRng) -> Option<FanoronaTurn> {
        let total = self.count_turns();
        if total == 0 {
            return None;
        }
        self.nth_turn(rng.below(total as usize) as u32)
    }

    /// Step by step, as Ludii's playouts do: a first step uniform among
    /// every legal first step, then stopping or one of the legal next
    /// steps, uniformly. No chain is counted, which makes playouts several
    /// times cheaper than a turn drawn uniformly among whole chains.
    fn playout_turn(&self, rng: &mut SplitRng) -> Option<FanoronaTurn> {
        if self.outcome.is_some() {
            return None;
        }
        self.stepwise_turn(rng)
    }

    /// The piece, then each destination (`d3`, or `d3a` / `d3w` for a
    /// capture by approach or withdrawal).
    fn turn_steps(&self, turn: &FanoronaTurn) -> Vec<Vec<PickStep>> {
        let b = self.board();
        let from = turn.from as usize;
        let mut path = vec![PickStep::on(b.name(from), "", from, MarkKind::From, None)];
        let mut lines = self.captures_of(turn).into_iter();
        for (to, kind) in turn.steps() {
            let (suffix, note) = match kind {
                Some(Kind::Approach) => ("a", Some("pick-note-approach")),
                Some(Kind::Withdrawal) => ("w", Some("pick-note-withdrawal")),
                None => ("", None),
            };
            let mut step = PickStep::on(format!("{}{suffix}", b.name(to)), "-", to, MarkKind::To, None);
            if let Some(note) = note {
                let line = lines.next().unwrap_or(0);
                step.marks.extend(bits(line).map(|spot| Mark {
                    spot,
                    kind: MarkKind::Captured,
                }));
                step.note = Some(Message::new(note).arg("pieces", names_and(&self.names(line))));
            }
            path.push(step);
        }
        vec![path]
    }

    fn highlights(&self, turn: &FanoronaTurn) -> Highlights {
        let mut h = Highlights::default();
        h.path.push(turn.from as usize);
        h.path.extend(turn.steps().map(|(to, _)| to));
        h.mark(turn.from as usize, MarkKind::From);
        h.mark(turn.to[turn.len as usize - 1] as usize, MarkKind::To);
        for line in self.captures_of(turn) {
            for p in bits(line) {
                h.mark(p, MarkKind::Captured);
            }
        }
        h
    }

    fn view(&self) -> BoardView {
        let b = self.board();
        let title = Message::new(match self.variant {
            Variant::Tsivy => "fanorona-view-title-tsivy",
            Variant::Dimy => "fanorona-view-title-dimy",
        });
        let mut view = BoardView::new(
            title,
            Layout::Points {
                files: b.files as u8,
                ranks: 5,
            },
        );
        for (seat, colour) in [(0, Colour::White), (1, Colour::Black)] {
            for p in bits(self.pieces[seat]) {
                view.spots[p] = Spot::Stack(vec![colour]);
            }
        }
        for seat in Seat::BOTH {
            view.notes.push(
                Message::new("note-taken")
                    .arg("seat", self.seat_message(seat))
                    .arg("count", self.captured[seat.index()])
                    .arg("other", self.seat_message(seat.other())),
            );
        }
        view.notes.push(
            Message::new("note-quiet-turns")
                .arg("count", self.quiet_turns)
                .arg("limit", self.stall_turns),
        );
        view.status = status_line(self.to_move, self.outcome, |s| self.seat_message(s));
        view
    }

    /// A chain can end on a point whose piece it captured earlier: the hint
    /// layer rings that piece, and the legend says why.
    fn hint_legend(&self) -> Message {
        let occupied = self.pieces[0] | self.pieces[1];
        let onto_captured = self
            .legal_turns()
            .iter()
            .any(|t| occupied >> t.to[t.len as usize - 1] & 1 == 1);
        Message::new(if onto_captured {
            "fanorona-hint-legend-onto-captured"
        } else {
            "game-hint-legend"
        })
    }

    fn can_draw(&self) -> bool {
        true
    }

    fn warning(&self) -> Option<Message> {
        if self.quiet_turns + 1 < self.stall_turns {
            return None;
        }
        let [white, black] = self.captured;
        Some(super::view::stall_warning(
            self.stall_turns,
            [white, black].map(u32::from),
            self.stall_draw,
        ))
    }

    fn end_detail(&self, outcome: Outcome) -> Option<Message> {
        if outcome.reason != Reason::Stall {
            return None;
        }
        let why = if self.quiet_turns >= self.stall_turns {
            Message::new("end-quiet-turns").arg("count", self.quiet_turns)
        } else {
            Message::new("end-third-time")
        };
        let [white, black] = self.captured;
        Some(match outcome.winner {
            _ if self.stall_draw => why,
            Some(seat) => Message::new("end-more-captures")
                .arg("why", why)
                .arg("seat", self.seat_message(seat))
                .arg("more", white.max(black))
                .arg("fewer", white.min(black)),
            None => Message::new("end-equal-captures")
                .arg("why", why)
                .arg("count", white),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Refusal;

    fn game(options: &[(&str, &str)]) -> Fanorona {
        Fanorona::new(&Options::from_pairs(options)).unwrap()
    }

    /// An empty Tsivy board with these pieces, White to move.
    fn setup(white: &[&str], black: &[&str]) -> Fanorona {
        let mut g = game(&[]);
        let b = g.board();
        g.pieces = [
            white.iter().fold(0, |a, n| a | 1 << b.parse(n).unwrap()),
            black.iter().fold(0, |a, n| a | 1 << b.parse(n).unwrap()),
        ];
        g.history = vec![g.key()];
        g.outcome = None;
        g
    }

    /// A chain ending where it captured: the ring there is in the legend.
    #[test]
    fn the_hint_legend_explains_rings_around_pieces() {
        let g = setup(&["f3"], &["f1", "e3", "e1"]);
        assert!(legal(&g).contains(&"f3-f2a-g1w-f1a".to_string()), "{:?}", legal(&g));
        let said = |lang| crate::locales::word(lang, &g.hint_legend());
        assert_eq!(
            said(crate::Lang::En),
            "Green dots: where your legal turns move a piece; a green ring around an enemy piece: a chain captures it, then moves onto its point"
        );
        assert_eq!(
            said(crate::Lang::Ja),
            "緑の点：合法手でコマを動かせる場所。相手のコマを囲む緑の輪：連続捕獲でそのコマを取ってから、その交点に移れます"
        );
        assert_eq!(
            said(crate::Lang::Es),
            "Puntos verdes: adonde tus jugadas legales mueven una ficha; un anillo verde alrededor de una ficha enemiga: una cadena la captura y luego pasa a su punto"
        );
        let plain = game(&[]);
        assert_eq!(plain.hint_legend().id, "game-hint-legend");
    }

    fn legal(g: &Fanorona) -> Vec<String> {
        let mut v: Vec<String> = g.legal_turns().iter().map(|t| t.to_string()).collect();
        v.sort();
        v
    }

    fn error(g: &Fanorona, text: &str) -> FanoronaRefusal {
        match g.parse_turn(text) {
            Err(TurnError::Illegal(Refusal::Fanorona(refusal)))
            | Err(TurnError::Unparsable(Refusal::Fanorona(refusal))) => *refusal,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn every_refusal_is_worded_in_every_language() {
        use FanoronaRefusal as R;
        let turns = || PieceOptions::Turns {
            from: "d3".into(),
            turns: vec!["d3-e3a".into(), "d3-e3w".into()],
        };
        let starts = || PieceOptions::CapturesStart {
            starts: (1..=12).map(|n| format!("a{n}-b{n}a")).collect(),
        };
        let stuck = || PieceOptions::Stuck { from: "a1".into() };
        let choice = |turn: &str, takes: &[&str]| Choice {
            turn: turn.into(),
            takes: takes.iter().map(|t| t.to_string()).collect(),
        };
        let all = vec![
            R::NotATurn { text: "e3".into() },
            R::NotAPoint {
                token: "z9".into(),
                files: 9,
            },
            R::EitherWay {
                choices: vec![choice("e3-e4a", &["e5"]), choice("e3-e4w", &["e1", "e2"])],
            },
            R::EitherWay {
                choices: vec![
                    choice("e3-e4a", &["e5"]),
                    choice("e3-e4w", &["e1", "e2"]),
                    choice("e3-e4x", &["e1", "e2", "e3"]),
                ],
            },
            R::NotYours {
                point: "a5".into(),
                opponent: true,
                colour: "white",
                movable: vec!["d2".into(), "e2".into()],
            },
            R::NotYours {
                point: "e3".into(),
                opponent: false,
                colour: "black",
                movable: vec!["d4".into()],
            },
            R::NotNextTo {
                to: "e5".into(),
                at: "e3".into(),
                options: turns(),
            },
            R::MustCapture { options: starts() },
            R::Revisit { point: "e3".into() },
            R::SameDirection {
                at: "e4".into(),
                to: "e5".into(),
            },
            R::PaikaForward { options: turns() },
            R::NotLegal { options: stuck() },
        ];
        let index = |r: &R| match r {
            R::NotATurn { .. } => 0,
            R::NotAPoint { .. } => 1,
            R::EitherWay { .. } => 2,
            R::NotYours { .. } => 3,
            R::NotNextTo { .. } => 4,
            R::MustCapture { .. } => 5,
            R::Revisit { .. } => 6,
            R::SameDirection { .. } => 7,
            R::PaikaForward { .. } => 8,
            R::NotLegal { .. } => 9,
        };
        let covered: std::collections::BTreeSet<usize> = all.iter().map(index).collect();
        assert_eq!(covered.len(), 10, "a variant has no sample");
        assert_eq!(
            all[3].to_string(),
            "that step can capture either way; say which: e3-e4a takes e5; e3-e4w takes e1 and e2; e3-e4x takes e1, e2 and e3"
        );
        assert_eq!(
            all[7].to_string(),
            "a capture is compulsory, so a paika is not allowed; captures are compulsory; the capturing moves start a1-b1a, a2-b2a, a3-b3a, a4-b4a, a5-b5a, a6-b6a, a7-b7a, a8-b8a, a9-b9a, a10-b10a, a11-b11a or a12-b12a"
        );
        crate::check::assert_refusals_render(all.into_iter().map(Refusal::from).collect());
    }

    #[test]
    fn start_positions() {
        assert_eq!(
            legal(&game(&[])),
            ["d2-e3a", "d3-e3a", "d3-e3w", "e2-e3a", "f2-e3a"]
        );
        assert_eq!(game(&[]).perft(3), 724);
        assert_eq!(game(&[("board", "dimy")]).perft(4), 3469);
    }

    #[test]
    fn a_step_that_captures_both_ways() {
        // White on e3 steps to e4: approach takes e5, withdrawal takes e2 and e1.
        let g = setup(&["e3"], &["e5", "e2", "e1", "a5"]);
        let turns = legal(&g);
        assert!(
            turns.contains(&"e3-e4a".to_string()) && turns.contains(&"e3-e4w".to_string()),
            "{turns:?}"
        );
        let e = error(&g, "e3-e4");
        assert_eq!(
            e,
            FanoronaRefusal::EitherWay {
                choices: vec![
                    Choice {
                        turn: "e3-e4a".into(),
                        takes: vec!["e5".into()],
                    },
                    Choice {
                        turn: "e3-e4w".into(),
                        takes: vec!["e1".into(), "e2".into()],
                    },
                ],
            }
        );
        assert_eq!(
            e.to_string(),
            "that step can capture either way; say which: e3-e4a takes e5; e3-e4w takes e1 and e2"
        );
        let mut w = g.clone();
        w.play(&g.parse_turn("e3-e4w").unwrap()).unwrap();
        assert_eq!(w.captured[0], 2, "withdrawal takes the whole line");
        let mut a = g.clone();
        a.play(&g.parse_turn("E3-E4A").unwrap()).unwrap();
        assert_eq!(a.captured[0], 1);
    }

    #[test]
    fn approach_line_stops_at_a_gap() {
        // c1 -> c2 approaches c3, c4 (black) but not c5 behind an empty point? c5 empty here.
        let g = setup(&["c1"], &["c3", "c4", "a5"]);
        let mut next = g.clone();
        next.play(&g.parse_turn("c1-c2").unwrap()).unwrap();
        assert_eq!(next.captured[0], 2);
        // A friendly piece ends the line.
        let g = setup(&["c1", "c4"], &["c3", "c5", "a5"]);
        let mut next = g.clone();
        next.play(&g.parse_turn("c1-c2a").unwrap()).unwrap();
        assert_eq!(next.captured[0], 1);
    }

    #[test]
    fn chains_refuse_revisits_and_repeated_directions() {
        // e3-e4w takes e2; from e4 the piece may not go back to e3 (visited)
        // nor continue north (same direction).
        let g = setup(&["e3"], &["e2", "g4", "a5", "d5"]);
        let turns = legal(&g);
        assert!(!turns.is_empty());
        assert_eq!(
            error(&g, "e3-e4w-e3w"),
            FanoronaRefusal::Revisit { point: "e3".into() }
        );
        assert_eq!(
            error(&g, "e3-e4w-e5a"),
            FanoronaRefusal::SameDirection {
                at: "e4".into(),
                to: "e5".into(),
            }
        );
        // A legal continuation: e4 -> f4 approaches g4.
        assert!(g.parse_turn("e3-e4w-f4a").is_ok(), "{turns:?}");
    }

    #[test]
    fn captures_are_compulsory_and_paika_forward() {
        let g = game(&[]);
        let e = error(&g, "a2-a3");
        assert!(
            matches!(
                &e,
                FanoronaRefusal::MustCapture {
                    options: PieceOptions::CapturesStart { starts },
                } if starts.len() == 5
            ),
            "{e:?}"
        );
        // Without captures, paika=forward keeps steps forwards.
        let mut g = game(&[("paika", "forward")]);
        let b = g.board();
        g.pieces = [1 << b.parse("c2").unwrap(), 1 << b.parse("g5").unwrap()];
        g.history = vec![g.key()];
        let turns = legal(&g);
        assert_eq!(turns, ["c2-c3"], "c2 is not strong: only straight forward");
        assert_eq!(
            error(&g, "c2-c1"),
            FanoronaRefusal::PaikaForward {
                options: PieceOptions::Turns {
                    from: "c2".into(),
                    turns: vec!["c2-c3".into()],
                },
            }
        );
    }

    #[test]
    fn nth_turn_numbers_every_legal_turn_once() {
        for (options, seed) in [
            (&[][..], 1),
            (&[("board", "dimy")][..], 2),
            (&[("paika", "forward")][..], 3),
        ] {
            for seed in seed..seed + 3 {
                let mut g = game(options);
                let mut rng = SplitRng::new(seed);
                let mut turns = 0;
                while g.outcome().is_none() {
                    let mut legal = g.legal_turns();
                    let mut drawn: Vec<FanoronaTurn> = (0..legal.len() as u32)
                        .filter_map(|r| g.nth_turn(r))
                        .collect();
                    assert_eq!(g.nth_turn(legal.len() as u32), None);
                    let key = |t: &FanoronaTurn| t.to_string();
                    legal.sort_by_key(key);
                    drawn.sort_by_key(key);
                    assert_eq!(drawn, legal, "{g:?}");
                    let turn = g.random_turn(&mut rng).unwrap();
                    g.apply(&turn);
                    turns += 1;
                }
                assert!(turns > 5, "the playout ended at once");
            }
        }
    }

    #[test]
    fn stepwise_turns_are_legal_and_reach_every_turn() {
        let mut g = game(&[("board", "dimy")]);
        let mut rng = SplitRng::new(5);
        while g.outcome().is_none() {
            let legal = g.legal_turns();
            let mut seen = std::collections::HashSet::new();
            for _ in 0..40 * legal.len() {
                let turn = g.playout_turn(&mut rng).unwrap();
                assert!(legal.contains(&turn), "{turn} is not legal in {g:?}");
                seen.insert(turn);
            }
            assert_eq!(seen.len(), legal.len(), "some turns are never drawn: {g:?}");
            let turn = g.playout_turn(&mut rng).unwrap();
            g.apply(&turn);
        }
    }

    #[test]
    fn endings() {
        let mut g = setup(&["c1"], &["c3"]);
        g.play(&g.parse_turn("c1-c2a").unwrap()).unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Seat::First, Reason::AllCaptured))
        );
        // Stall after stall-turns quiet turns: equal captures, a draw.
        let mut g = Fanorona::new(&Options::from_pairs(&[("stall-turns", "2")])).unwrap();
        let b = g.board();
        g.pieces = [1 << b.parse("a1").unwrap(), 1 << b.parse("i5").unwrap()];
        g.history = vec![g.key()];
        g.play(&g.parse_turn("a1-a2").unwrap()).unwrap();
        g.play(&g.parse_turn("i5-i4").unwrap()).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Stall)));
    }
}
