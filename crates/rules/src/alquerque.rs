//! Alquerque on the 5 x 5 point board (docs/rules/alquerque.md), with the
//! leaflet's two rule sets:
//!
//! - `rules=basic`: steps in any direction, optional captures, chains that
//!   may stop after any capture; the game ends on all-captured, or when the
//!   player to move has no move, after `stall` turns without a capture, or on
//!   the third occurrence of a position (same player to move). Then the
//!   player who captured more wins (`stall`); equal captures draw.
//! - `rules=bell` (default): compulsory capture with maximal continuation,
//!   no backward non-capturing steps, no non-capturing step straight back to
//!   the point the piece left on its own previous move, far-rank pieces only
//!   capture; no moves loses, all-captured wins.
//!
//! The engine is bitboard based: bit `p` of a `u64` is point `p = rank * 5 +
//! file` (`a1` = 0). A step in direction `d` adds `DELTA[d]` to the index;
//! per-direction source masks keep shifts from wrapping round the edges.
//!
//! **Decision (Bell rule 4, "the point it left on its own previous move").**
//! Each piece remembers the point it left on its most recent move. After a
//! capture chain that is the start of the chain's last jump, two points away
//! along a line, which no step can reach: a capture therefore lifts the
//! restriction. After a forward step the point left lies behind the piece,
//! where rule 3 already forbids stepping. So the rule only bites after a
//! sideways step, and the state keeps exactly that: two bitboards of pieces
//! whose last move was a sideways step from the west (they may not step west)
//! or from the east (they may not step east). The bits travel with the piece
//! and vanish when it moves again or is captured. The perft vectors agree.

use std::fmt;
use std::sync::OnceLock;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::geometry::{bits, PointBoard, NONE};
use super::notation;
use super::view::status_line;
use super::OptionValue;
use super::{Mark, Step};
use super::{
    BoardView, Colour, Game, GameKind, GameWords, Highlights, Layout, MarkKind, Message,
    OptionError, OptionSpec, Options, Outcome, Reason, Seat, SplitRng, Spot, TurnError,
};

/// Points on the board.
const POINTS: usize = 25;
/// Pieces per side at the start.
const PIECES: u32 = 12;
/// Every point.
const ALL: u64 = (1 << POINTS) - 1;
/// The longest chain: every enemy piece captured.
const MAX_JUMPS: usize = PIECES as usize;
/// Index offset of one step in each of `geometry::DIRECTIONS`.
const DELTA: [i32; 8] = [5, 1, -5, -1, 6, -4, -6, 4];
/// Ranks 1 and 5.
const RANK_1: u64 = 0b11111;
const RANK_5: u64 = 0b11111 << 20;
/// Longest list in messages before "and N more".
const LIST_MAX: usize = 10;
/// Default number of capture-free turns that ends a basic game.
const DEFAULT_STALL: u32 = 40;

/// The two rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Rules {
    Basic,
    Bell,
}

impl Rules {
    fn name(self) -> &'static str {
        match self {
            Rules::Basic => "basic",
            Rules::Bell => "bell",
        }
    }
}

/// Precomputed geometry: per-direction source masks and jump lists.
struct Tables {
    /// `step_src[d]`: points with a neighbour along a line in direction d.
    step_src: [u64; 8],
    /// `jump_src[d]`: points with a point two steps away in direction d.
    jump_src: [u64; 8],
    /// `adjacent[p]`: the neighbours of p along lines.
    adjacent: [u64; POINTS],
    /// `jumps[p]`: (jumped point, landing point) of each jump from p.
    jumps: [[(u8, u8); 8]; POINTS],
    jump_count: [u8; POINTS],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let board = PointBoard::five_by_five();
        let mut t = Tables {
            step_src: [0; 8],
            jump_src: [0; 8],
            adjacent: [0; POINTS],
            jumps: [[(0, 0); 8]; POINTS],
            jump_count: [0; POINTS],
        };
        for p in 0..POINTS {
            let next = board.neighbours(p);
            for d in 0..8 {
                let q = next[d];
                if q == NONE {
                    continue;
                }
                debug_assert_eq!(q as i32, p as i32 + DELTA[d]);
                t.step_src[d] |= 1 << p;
                t.adjacent[p] |= 1 << q;
                let r = board.neighbours(q as usize)[d];
                if r != NONE {
                    t.jump_src[d] |= 1 << p;
                    let n = t.jump_count[p] as usize;
                    t.jumps[p][n] = (q, r);
                    t.jump_count[p] += 1;
                }
            }
        }
        t
    })
}

impl Tables {
    #[inline]
    fn jumps_from(&self, p: usize) -> &[(u8, u8)] {
        &self.jumps[p][..self.jump_count[p] as usize]
    }

    #[inline]
    fn is_adjacent(&self, a: usize, b: usize) -> bool {
        self.adjacent[a] >> b & 1 == 1
    }

    /// Pieces of `own` with at least one capture.
    #[inline]
    fn capturers(&self, own: u64, enemy: u64, empty: u64) -> u64 {
        let mut found = 0;
        for (d, &delta) in DELTA.iter().enumerate() {
            found |= own & self.jump_src[d] & shift(enemy, delta) & shift(empty, 2 * delta);
        }
        found
    }
}

/// Bit p of the result is bit p + delta of `x` (no wrapping check: callers
/// mask with the direction's source mask).
#[inline(always)]
fn shift(x: u64, delta: i32) -> u64 {
    if delta >= 0 {
        x >> delta
    } else {
        x << -delta
    }
}

/// Member number `r` of the sets taken in order: (set index, point).
#[inline]
fn nth_member(sets: &[u64], mut r: u64) -> Option<(usize, usize)> {
    for (i, &set) in sets.iter().enumerate() {
        let k = u64::from(set.count_ones());
        if r < k {
            return bits(set).nth(r as usize).map(|p| (i, p));
        }
        r -= k;
    }
    None
}

/// One whole turn: a step, or a capture chain given by its landing points
/// (on this board each jump's captured piece is the point midway between
/// its start and landing, so the landings identify the turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    from: u8,
    len: u8,
    capture: bool,
    to: [u8; MAX_JUMPS],
}

impl Turn {
    fn step(from: usize, to: usize) -> Turn {
        let mut turn = Turn {
            from: from as u8,
            len: 1,
            capture: false,
            to: [0; MAX_JUMPS],
        };
        turn.to[0] = to as u8;
        turn
    }

    fn chain_start(from: usize) -> Turn {
        Turn {
            from: from as u8,
            len: 0,
            capture: true,
            to: [0; MAX_JUMPS],
        }
    }

    #[inline]
    fn push(&mut self, p: usize) {
        self.to[self.len as usize] = p as u8;
        self.len += 1;
    }

    /// The starting point of the moving piece.
    pub fn from(&self) -> usize {
        self.from as usize
    }

    /// The step's destination, or the chain's landing points in order.
    pub fn landings(&self) -> impl Iterator<Item = usize> + '_ {
        self.to[..self.len as usize].iter().map(|&p| p as usize)
    }

    /// Where the piece ends.
    pub fn dest(&self) -> usize {
        self.to[self.len as usize - 1] as usize
    }

    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// The captured points, in order.
    pub fn captured(&self) -> impl Iterator<Item = usize> + '_ {
        let mut at = self.from as usize;
        self.landings().filter_map(move |land| {
            let over = (at + land) / 2;
            at = land;
            self.capture.then_some(over)
        })
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&name(self.from as usize))?;
        let sep = if self.capture { "x" } else { "-" };
        for land in self.landings() {
            write!(f, "{sep}{}", name(land))?;
        }
        Ok(())
    }
}

/// SplitMix64's finaliser: spreads every bit of `x` over the result.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn name(p: usize) -> String {
    notation::square_name(p % 5, p / 5)
}

/// Whether two points are one step apart on the grid, lines or not.
fn neighbours(a: usize, b: usize) -> bool {
    a != b && (a % 5).abs_diff(b % 5) <= 1 && (a / 5).abs_diff(b / 5) <= 1
}

fn names(points: impl IntoIterator<Item = usize>) -> Vec<String> {
    points.into_iter().map(name).collect()
}

/// "a, b or c" (`or`) or "a, b and c", cut to [`LIST_MAX`] items with
/// "and N more".
fn short_list(items: &[String], or: bool) -> Message {
    notation::names_cut(items, LIST_MAX, or)
}

/// Why an Alquerque turn was refused, with what the player needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlquerqueRefusal {
    /// The text does not read as points.
    NotATurn { text: String },
    /// A name that is not a point of the board.
    NotAPoint { point: String },
    /// No point given at all.
    NoTurn,
    /// A turn from a point without the player's piece: the colour of the
    /// enemy piece there (`None`: it is empty), and the points of the
    /// player's pieces that can move.
    NotYours {
        point: String,
        enemy: Option<&'static str>,
        movers: Vec<String>,
    },
    /// Only the piece's point was given.
    NoDestination { options: PieceMoves },
    /// A step onto an occupied point.
    Occupied { to: String, options: PieceMoves },
    /// A step while a capture is compulsory: the legal captures.
    MustCapture { turn: String, captures: Vec<String> },
    /// A step of a piece on the far rank, which only moves by capturing.
    FarRank { turn: String, options: PieceMoves },
    /// A step backwards (`colour`: the mover's, which says which way is
    /// forward).
    Backward {
        colour: &'static str,
        options: PieceMoves,
    },
    /// A step straight back to the point the piece just came from.
    StraightBack {
        from: String,
        to: String,
        options: PieceMoves,
    },
    /// A chain naming more landing points than there are pieces.
    TooManyJumps {
        landings: usize,
        options: PieceMoves,
    },
    /// A step with further points after it.
    StepGoesOn {
        from: String,
        to: String,
        options: PieceMoves,
    },
    /// A landing point next to the point jumped from.
    NextTo {
        land: String,
        at: String,
        options: PieceMoves,
    },
    /// A step to a neighbouring point that no line joins (a diagonal
    /// from a point without diagonals).
    NoLine {
        to: String,
        from: String,
        options: PieceMoves,
    },
    /// A landing point no jump along a line reaches.
    NoJump {
        land: String,
        at: String,
        options: PieceMoves,
    },
    /// No enemy (`colour`) piece to jump over.
    NothingToJump {
        colour: &'static str,
        over: String,
        at: String,
        land: String,
        options: PieceMoves,
    },
    /// A jump landing on an occupied point.
    LandingTaken {
        land: String,
        at: String,
        options: PieceMoves,
    },
    /// A chain stopping while it can capture again: the longer chains.
    MustContinue { at: String, longer: Vec<String> },
    /// A turn read whole that is not legal here.
    NotLegal { turn: String, options: PieceMoves },
}

/// What one piece can do, said after a refusal: its legal turns or, when
/// it has none, the points of the pieces that can move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    pub from: String,
    pub turns: Vec<String>,
    pub movers: Vec<String>,
}

impl PieceMoves {
    fn message(&self) -> Message {
        if self.turns.is_empty() {
            Message::new("alquerque-options-stuck")
                .arg("from", self.from.as_str())
                .arg("movers", short_list(&self.movers, false))
        } else {
            Message::new("alquerque-options")
                .arg("from", self.from.as_str())
                .arg("turns", short_list(&self.turns, true))
        }
    }
}

impl AlquerqueRefusal {
    /// The refusal for a reader in any language.
    pub fn message(&self) -> Message {
        use AlquerqueRefusal as R;
        let with = |why: Message, options: &PieceMoves| {
            Message::new("alquerque-refusal-with-options")
                .arg("why", why)
                .arg("options", options.message())
        };
        match self {
            R::NotATurn { text } => {
                Message::new("alquerque-refusal-not-a-turn").arg("text", text.as_str())
            }
            R::NotAPoint { point } => {
                Message::new("alquerque-refusal-not-a-point").arg("point", point.as_str())
            }
            R::NoTurn => Message::new("alquerque-refusal-no-turn"),
            R::NotYours {
                point,
                enemy,
                movers,
            } => {
                let why = match enemy {
                    Some(colour) => Message::new("alquerque-refusal-enemy-piece")
                        .arg("point", point.as_str())
                        .arg("colour", *colour),
                    None => Message::new("alquerque-refusal-empty").arg("point", point.as_str()),
                };
                Message::new("alquerque-refusal-not-yours")
                    .arg("why", why)
                    .arg("movers", short_list(movers, false))
            }
            R::NoDestination { options } => {
                Message::new("alquerque-refusal-no-destination").arg("options", options.message())
            }
            R::Occupied { to, options } => with(
                Message::new("alquerque-refusal-occupied").arg("to", to.as_str()),
                options,
            ),
            R::MustCapture { turn, captures } => Message::new("alquerque-refusal-must-capture")
                .arg("turn", turn.as_str())
                .arg("captures", short_list(captures, true)),
            R::FarRank { turn, options } => with(
                Message::new("alquerque-refusal-far-rank").arg("turn", turn.as_str()),
                options,
            ),
            R::Backward { colour, options } => with(
                Message::new("alquerque-refusal-backward").arg("colour", *colour),
                options,
            ),
            R::StraightBack { from, to, options } => with(
                Message::new("alquerque-refusal-straight-back")
                    .arg("from", from.as_str())
                    .arg("to", to.as_str()),
                options,
            ),
            R::TooManyJumps { landings, options } => with(
                Message::new("alquerque-refusal-too-many-jumps")
                    .arg("max", MAX_JUMPS)
                    .arg("landings", *landings),
                options,
            ),
            R::StepGoesOn { from, to, options } => with(
                Message::new("alquerque-refusal-step-goes-on")
                    .arg("from", from.as_str())
                    .arg("to", to.as_str()),
                options,
            ),
            R::NextTo { land, at, options } => with(
                Message::new("alquerque-refusal-next-to")
                    .arg("land", land.as_str())
                    .arg("at", at.as_str()),
                options,
            ),
            R::NoLine { to, from, options } => with(
                Message::new("alquerque-refusal-no-line")
                    .arg("to", to.as_str())
                    .arg("from", from.as_str()),
                options,
            ),
            R::NoJump { land, at, options } => with(
                Message::new("alquerque-refusal-no-jump")
                    .arg("land", land.as_str())
                    .arg("at", at.as_str()),
                options,
            ),
            R::NothingToJump {
                colour,
                over,
                at,
                land,
                options,
            } => with(
                Message::new("alquerque-refusal-nothing-to-jump")
                    .arg("colour", *colour)
                    .arg("over", over.as_str())
                    .arg("at", at.as_str())
                    .arg("land", land.as_str()),
                options,
            ),
            R::LandingTaken { land, at, options } => with(
                Message::new("alquerque-refusal-landing-taken")
                    .arg("land", land.as_str())
                    .arg("at", at.as_str()),
                options,
            ),
            R::MustContinue { at, longer } => Message::new("alquerque-refusal-must-continue")
                .arg("at", at.as_str())
                .arg("longer", short_list(longer, true)),
            R::NotLegal { turn, options } => with(
                Message::new("alquerque-refusal-not-legal").arg("turn", turn.as_str()),
                options,
            ),
        }
    }
}

fn illegal(refusal: AlquerqueRefusal) -> TurnError {
    TurnError::Illegal(refusal.into())
}

fn unparsable(refusal: AlquerqueRefusal) -> TurnError {
    TurnError::Unparsable(refusal.into())
}

/// An Alquerque game.
#[derive(Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Alquerque {
    rules: Rules,
    /// Capture-free turns that end a basic game.
    stall: u32,
    /// Bitboards of White's and Black's pieces.
    pieces: [u64; 2],
    side: Seat,
    /// Turns since the last capture (or the start).
    quiet: u32,
    /// Bell rule 4: pieces whose last move was a sideways step eastwards,
    /// from their west neighbour, which they may not step back to.
    from_west: u64,
    /// Bell rule 4: pieces whose last move was a sideways step westwards.
    from_east: u64,
    /// Basic rules: position keys (both bitboards and the side to move)
    /// since the last capture, the current position last.
    history: Vec<u64>,
    outcome: Option<Outcome>,
}

/// A copy whose history has room for the next turn's position: a search
/// copies a position for every turn it tries and plays one turn on each,
/// and an exact-size copy would be allocated twice.
impl Clone for Alquerque {
    fn clone(&self) -> Self {
        let mut history = Vec::with_capacity(self.history.len() + 1);
        history.extend_from_slice(&self.history);
        Alquerque {
            rules: self.rules,
            stall: self.stall,
            pieces: self.pieces,
            side: self.side,
            quiet: self.quiet,
            from_west: self.from_west,
            from_east: self.from_east,
            history,
            outcome: self.outcome,
        }
    }
}

impl Alquerque {
    /// The rule set in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Pieces of `seat` captured by the opponent.
    pub fn lost(&self, seat: Seat) -> u32 {
        PIECES - self.pieces[seat.index()].count_ones()
    }

    #[inline]
    fn key(&self) -> u64 {
        self.pieces[0] | self.pieces[1] << POINTS | (self.side.index() as u64) << (2 * POINTS)
    }

    #[inline]
    fn empty(&self) -> u64 {
        ALL & !(self.pieces[0] | self.pieces[1])
    }

    /// The pieces of the player to move that can capture now.
    fn capturers_to_move(&self, t: &Tables) -> u64 {
        let side = self.side.index();
        t.capturers(self.pieces[side], self.pieces[side ^ 1], self.empty())
    }

    /// Bell: may the piece of `side` on a point in `from` step in
    /// direction `d` (ignoring whether the target is empty)? As a mask of
    /// the pieces of `movable` allowed to.
    #[inline]
    fn bell_steppers(&self, side: usize, d: usize, movable: u64) -> u64 {
        // Forward or sideways only: White N, E, W, NE, NW; Black S, E, W, SE, SW.
        let allowed = match (side, d) {
            (_, 1) => !self.from_east,
            (_, 3) => !self.from_west,
            (0, 0 | 4 | 7) | (1, 2 | 5 | 6) => ALL,
            _ => 0,
        };
        movable & allowed
    }

    /// Bell: the pieces that are not on their far rank.
    #[inline]
    fn bell_movable(own: u64, side: usize) -> u64 {
        own & !if side == 0 { RANK_5 } else { RANK_1 }
    }

    /// Number of non-capturing steps for the side to move.
    #[inline]
    fn count_steps(&self, t: &Tables, side: usize, empty: u64) -> u64 {
        let own = self.pieces[side];
        let mut n = 0;
        match self.rules {
            Rules::Basic => {
                for (d, &delta) in DELTA.iter().enumerate() {
                    n += (own & t.step_src[d] & shift(empty, delta)).count_ones();
                }
            }
            Rules::Bell => {
                let movable = Self::bell_movable(own, side);
                for (d, &delta) in DELTA.iter().enumerate() {
                    let m = self.bell_steppers(side, d, movable);
                    n += (m & t.step_src[d] & shift(empty, delta)).count_ones();
                }
            }
        }
        n as u64
    }

    /// Whether `side` has any legal turn.
    fn has_move(&self, t: &Tables, side: usize) -> bool {
        let empty = self.empty();
        let own = self.pieces[side];
        let any_step = match self.rules {
            Rules::Basic => (0..8).any(|d| own & t.step_src[d] & shift(empty, DELTA[d]) != 0),
            Rules::Bell => {
                let movable = Self::bell_movable(own, side);
                (0..8).any(|d| {
                    self.bell_steppers(side, d, movable) & t.step_src[d] & shift(empty, DELTA[d])
                        != 0
                })
            }
        };
        any_step || t.capturers(own, self.pieces[side ^ 1], empty) != 0
    }

    fn push_steps(&self, t: &Tables, out: &mut Vec<Turn>) {
        let side = self.side.index();
        let own = self.pieces[side];
        let empty = self.empty();
        let movable = Self::bell_movable(own, side);
        for (d, &delta) in DELTA.iter().enumerate() {
            let m = match self.rules {
                Rules::Basic => own,
                Rules::Bell => self.bell_steppers(side, d, movable),
            };
            for p in bits(m & t.step_src[d] & shift(empty, delta)) {
                out.push(Turn::step(p, (p as i32 + delta) as usize));
            }
        }
    }

    /// Every chain of the pieces in `capturers`; under Bell only maximal ones.
    fn push_chains(&self, t: &Tables, capturers: u64, out: &mut Vec<Turn>) {
        let side = self.side.index();
        let enemy = self.pieces[side ^ 1];
        let maximal = self.rules == Rules::Bell;
        for p in bits(capturers) {
            let mut turn = Turn::chain_start(p);
            chains(t, p, enemy, self.empty() | 1 << p, &mut turn, maximal, out);
        }
    }

    /// The first actions open to the side to move, one word per
    /// direction d: the pieces that can step in direction d (bits 0-24) and
    /// those that can jump in direction d (bits 32-56). Under Bell, steps
    /// only when no piece can capture.
    #[inline(always)]
    fn first_actions(&self, t: &Tables) -> [u64; 8] {
        let side = self.side.index();
        let own = self.pieces[side];
        let enemy = self.pieces[side ^ 1];
        let empty = self.empty();
        let mut words = [0u64; 8];
        let mut any_jump = 0;
        for (d, &delta) in DELTA.iter().enumerate() {
            let jumpers = own & t.jump_src[d] & shift(enemy, delta) & shift(empty, 2 * delta);
            words[d] = jumpers << 32;
            any_jump |= jumpers;
        }
        if self.rules == Rules::Basic || any_jump == 0 {
            let movable = Self::bell_movable(own, side);
            for (d, &delta) in DELTA.iter().enumerate() {
                let m = match self.rules {
                    Rules::Basic => own,
                    Rules::Bell => self.bell_steppers(side, d, movable),
                };
                words[d] |= m & t.step_src[d] & shift(empty, delta);
            }
        }
        words
    }

    /// Turn number `r` of the `count_turns()` turns, found without listing
    /// the others: steps by direction, then each capturer's chains in the
    /// order [`chains`] lists them, whole subtrees skipped by their counts.
    fn nth_turn(&self, mut r: u64) -> Option<Turn> {
        let t = tables();
        let side = self.side.index();
        let enemy = self.pieces[side ^ 1];
        let empty = self.empty();
        let capturers = t.capturers(self.pieces[side], enemy, empty);
        let maximal = self.rules == Rules::Bell;
        let steps = self.first_actions(t).map(|w| w & ALL);
        if let Some((d, p)) = nth_member(&steps, r) {
            return Some(Turn::step(p, (p as i32 + DELTA[d]) as usize));
        }
        r -= steps.iter().map(|s| u64::from(s.count_ones())).sum::<u64>();
        for p in bits(capturers) {
            let empty = empty | 1 << p;
            let k = count_chains(t, p, enemy, empty, maximal);
            if r < k {
                let mut turn = Turn::chain_start(p);
                nth_chain(t, p, enemy, empty, maximal, r, &mut turn);
                return Some(turn);
            }
            r -= k;
        }
        None
    }

    /// A turn drawn step by step, as Ludii's playouts draw one: the first
    /// action uniformly among every step and first jump, then, while the
    /// piece can jump again, uniformly among those jumps and (basic rules
    /// only: Bell chains must go on) stopping.
    fn stepwise_turn(&self, rng: &mut SplitRng) -> Option<Turn> {
        let t = tables();
        let words = self.first_actions(t);
        let mut turn = Turn::chain_start(0);
        let (from, _, gone) = self.draw_stepwise(t, &words, rng, |q| turn.push(q))?;
        turn.from = from as u8;
        turn.capture = gone != 0;
        Some(turn)
    }

    /// The draw behind [`Alquerque::stepwise_turn`] and the fused playout,
    /// from the first actions `words` of the side to move: the moving
    /// piece's point, where it ends and the pieces it captures (`None`
    /// without a first action). `land` sees every landing point in order.
    #[inline(always)]
    fn draw_stepwise(
        &self,
        t: &Tables,
        words: &[u64; 8],
        rng: &mut SplitRng,
        mut land: impl FnMut(usize),
    ) -> Option<(usize, usize, u64)> {
        let counts = words.map(|w| w.count_ones());
        let n: u32 = counts.iter().sum();
        if n == 0 {
            return None;
        }
        let mut r = rng.below(n as usize) as u32;
        // The word holding action r: the number of running totals <= r
        // (no branch to mispredict).
        let mut total = 0;
        let mut d = 0;
        let mut before = 0;
        for &k in &counts {
            total += k;
            let past = total <= r;
            d += usize::from(past);
            before = if past { total } else { before };
        }
        r -= before;
        let d = d & 7;
        let mut word = words[d];
        for _ in 0..r {
            word &= word - 1;
        }
        let p = word.trailing_zeros() as usize;
        let delta = DELTA[d];
        if p < 32 {
            let q = (p as i32 + delta) as usize;
            land(q);
            return Some((p, q, 0));
        }
        let p = p - 32;
        let over = (p as i32 + delta) as usize;
        let mut at = (p as i32 + 2 * delta) as usize;
        let mut gone = 1u64 << over;
        let mut enemy = self.pieces[self.side.index() ^ 1] & !gone;
        let mut empty = self.empty() | 1 << p | gone;
        land(at);
        let stop = usize::from(self.rules == Rules::Basic);
        for _ in 1..MAX_JUMPS {
            let mut next = [(0u8, 0u8); 8];
            let mut n = 0;
            for &(over, land) in t.jumps_from(at) {
                if enemy >> over & 1 == 1 && empty >> land & 1 == 1 {
                    next[n] = (over, land);
                    n += 1;
                }
            }
            if n == 0 {
                break;
            }
            let pick = rng.below(n + stop);
            if pick == n {
                break;
            }
            let (over, to) = next[pick];
            enemy &= !(1 << over);
            empty |= 1 << over;
            gone |= 1 << over;
            at = to as usize;
            land(at);
        }
        Some((p, at, gone))
    }

    /// A random playout with turns drawn as [`Alquerque::stepwise_turn`]
    /// draws them (the same draws from `rng`, so the same game as
    /// `playout_turn` then `apply`), each played on the bitboards as it is
    /// drawn: no turn is built, and the first actions found for the player
    /// to move also say whether they have a move at all.
    #[inline(always)]
    fn playout_fused(&mut self, rng: &mut SplitRng, max_turns: usize) -> Option<Outcome> {
        let t = tables();
        let mut history = std::mem::take(&mut self.history);
        history.reserve(64);
        // A filter of the positions since the last capture (8 bits of a
        // hash of each): a position not in it cannot be a repetition, so
        // most turns skip the scan for a third occurrence.
        let bucket = |key: u64| {
            let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56;
            ((h >> 6) as usize, 1u64 << (h & 63))
        };
        let mut filter = [0u64; 4];
        let window = history.len().saturating_sub(self.quiet as usize + 1);
        for &key in &history[window..] {
            let (w, bit) = bucket(key);
            filter[w] |= bit;
        }
        let basic = self.rules == Rules::Basic;
        let mut turns = 0;
        while self.outcome.is_none() {
            let words = self.first_actions(t);
            if turns == max_turns {
                if words.iter().all(|&w| w == 0) {
                    self.outcome = Some(self.no_moves_outcome());
                }
                break;
            }
            let Some((from, dest, gone)) = self.draw_stepwise(t, &words, rng, |_| {}) else {
                self.outcome = Some(self.no_moves_outcome());
                break;
            };
            self.move_piece(from, dest, gone);
            turns += 1;
            if basic && self.outcome.is_none() {
                let key = self.key();
                history.push(key);
                if gone != 0 {
                    filter = [0; 4];
                }
                let (w, bit) = bucket(key);
                let known = filter[w] & bit != 0;
                filter[w] |= bit;
                if self.quiet >= self.stall || known && self.third_time(&history) {
                    self.outcome = Some(self.decision());
                }
            }
        }
        self.trim(&mut history);
        self.history = history;
        self.outcome
    }

    /// [`Alquerque::playout_fused`] compiled for CPUs with a popcount
    /// instruction (counting actions is a large part of each turn).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn playout_popcnt(&mut self, rng: &mut SplitRng, max_turns: usize) -> Option<Outcome> {
        self.playout_fused(rng, max_turns)
    }

    /// The end when the player to move has no move.
    fn no_moves_outcome(&self) -> Outcome {
        match self.rules {
            Rules::Bell => Outcome::win(self.side.other(), Reason::NoMoves),
            Rules::Basic => self.decision(),
        }
    }

    /// Basic rules: keep only the positions since the last capture.
    fn trim(&self, history: &mut Vec<u64>) {
        if self.rules == Rules::Basic {
            let keep = self.quiet as usize + 1;
            if history.len() > keep {
                history.drain(..history.len() - keep);
            }
        }
    }

    /// The decision when a basic game stops: more captures wins.
    fn decision(&self) -> Outcome {
        let (white_lost, black_lost) = (self.lost(Seat::First), self.lost(Seat::Second));
        match black_lost.cmp(&white_lost) {
            std::cmp::Ordering::Greater => Outcome::win(Seat::First, Reason::Stall),
            std::cmp::Ordering::Less => Outcome::win(Seat::Second, Reason::Stall),
            std::cmp::Ordering::Equal => Outcome::draw(Reason::Stall),
        }
    }

    /// Play a legal turn. `history` holds the basic-rules position keys; only
    /// its last `quiet + 1` entries (since the last capture) are consulted,
    /// so perft can push and truncate without clearing.
    fn apply_with(&mut self, turn: &Turn, history: &mut Vec<u64>) {
        let gone = turn.captured().fold(0u64, |m, over| m | 1 << over);
        self.move_piece(turn.from as usize, turn.dest(), gone);
        if self.outcome.is_some() {
            return;
        }
        if self.rules == Rules::Basic {
            history.push(self.key());
            if self.quiet >= self.stall || self.third_time(history) {
                self.outcome = Some(self.decision());
                return;
            }
        }
        if !self.has_move(tables(), self.side.index()) {
            self.outcome = Some(self.no_moves_outcome());
        }
    }

    /// Play the move of the piece on `from` to `dest`, capturing `gone`;
    /// of the ends, only decide all-captured.
    #[inline(always)]
    fn move_piece(&mut self, from: usize, dest: usize, gone: u64) {
        let side = self.side.index();
        let from_bit = 1u64 << from;
        self.pieces[side] = self.pieces[side] & !from_bit | 1 << dest;
        if gone != 0 {
            self.pieces[side ^ 1] &= !gone;
            self.from_west &= !(gone | from_bit);
            self.from_east &= !(gone | from_bit);
            self.quiet = 0;
        } else {
            self.quiet += 1;
            if self.rules == Rules::Bell {
                self.from_west &= !from_bit;
                self.from_east &= !from_bit;
                if dest == from + 1 {
                    self.from_west |= 1 << dest;
                } else if dest + 1 == from {
                    self.from_east |= 1 << dest;
                }
            }
        }
        self.side = self.side.other();
        if self.pieces[side ^ 1] == 0 {
            self.outcome = Some(Outcome::win(Seat::BOTH[side], Reason::AllCaptured));
        }
    }

    /// Basic rules, after a move: whether the position now recorded last in
    /// `history` occurs there for the third time (same player to move).
    #[inline(always)]
    fn third_time(&self, history: &[u64]) -> bool {
        let last = history.len() - 1;
        let key = history[last];
        let start = last.saturating_sub(self.quiet as usize);
        // Positions with the same player to move: every other one.
        let mut seen = 1;
        let mut i = last;
        while i >= start + 2 {
            i -= 2;
            seen += usize::from(history[i] == key);
        }
        seen >= 3
    }

    fn perft_with(&self, depth: u32, history: &mut Vec<u64>, buffers: &mut [Vec<Turn>]) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        if depth <= 1 {
            return if depth == 1 { self.count_turns() } else { 1 };
        }
        let Some((buffer, rest)) = buffers.split_first_mut() else {
            return 0;
        };
        buffer.clear();
        self.generate(buffer);
        let mut total = 0;
        let mark = history.len();
        for turn in buffer.iter() {
            let mut next = self.clone();
            next.apply_with(turn, history);
            total += next.perft_with(depth - 1, history, rest);
            history.truncate(mark);
        }
        total
    }

    /// Pieces of the side to move that have a legal turn.
    fn movers(&self, legal: &[Turn]) -> Vec<String> {
        let mut set = 0u64;
        for turn in legal {
            set |= 1 << turn.from;
        }
        names(bits(set))
    }

    fn colour_name(&self, seat: Seat) -> &'static str {
        self.seat_name(seat)
    }

    /// The refusal of a turn from a point that holds no piece of the mover.
    fn not_yours(&self, from: usize, legal: &[Turn]) -> TurnError {
        let side = self.side.index();
        illegal(AlquerqueRefusal::NotYours {
            point: name(from),
            enemy: (self.pieces[side ^ 1] >> from & 1 == 1)
                .then(|| self.colour_name(self.side.other())),
            movers: self.movers(legal),
        })
    }

    /// "from b2 you can play ..." or "the piece on b2 cannot move".
    fn options_from(&self, from: usize, legal: &[Turn]) -> PieceMoves {
        let turns: Vec<String> = legal
            .iter()
            .filter(|t| t.from as usize == from)
            .map(|t| t.to_string())
            .collect();
        PieceMoves {
            from: name(from),
            movers: if turns.is_empty() {
                self.movers(legal)
            } else {
                Vec::new()
            },
            turns,
        }
    }

    fn check_step(&self, from: usize, to: usize, legal: &[Turn]) -> Result<Turn, TurnError> {
        let side = self.side.index();
        let turn = Turn::step(from, to);
        let options = || self.options_from(from, legal);
        if self.empty() >> to & 1 == 0 {
            return Err(illegal(AlquerqueRefusal::Occupied {
                to: name(to),
                options: options(),
            }));
        }
        if self.rules == Rules::Bell {
            if legal.iter().any(|t| t.capture) {
                return Err(illegal(AlquerqueRefusal::MustCapture {
                    turn: turn.to_string(),
                    captures: legal.iter().map(|t| t.to_string()).collect(),
                }));
            }
            let far = if side == 0 { RANK_5 } else { RANK_1 };
            if far >> from & 1 == 1 {
                return Err(illegal(AlquerqueRefusal::FarRank {
                    turn: turn.to_string(),
                    options: options(),
                }));
            }
            let backward = if side == 0 {
                to / 5 < from / 5
            } else {
                to / 5 > from / 5
            };
            if backward {
                return Err(illegal(AlquerqueRefusal::Backward {
                    colour: self.colour_name(self.side),
                    options: options(),
                }));
            }
            let back = (to + 1 == from && self.from_west >> from & 1 == 1)
                || (to == from + 1 && self.from_east >> from & 1 == 1);
            if back {
                return Err(illegal(AlquerqueRefusal::StraightBack {
                    from: name(from),
                    to: name(to),
                    options: options(),
                }));
            }
        }
        Ok(turn)
    }

    fn check_chain(&self, points: &[usize], legal: &[Turn]) -> Result<Turn, TurnError> {
        let t = tables();
        let side = self.side.index();
        let from = points[0];
        let options = || self.options_from(from, legal);
        if points.len() > MAX_JUMPS + 1 {
            return Err(illegal(AlquerqueRefusal::TooManyJumps {
                landings: points.len() - 1,
                options: options(),
            }));
        }
        let mut enemy = self.pieces[side ^ 1];
        let mut empty = self.empty() | 1 << from;
        let mut turn = Turn::chain_start(from);
        let mut at = from;
        for (i, &land) in points[1..].iter().enumerate() {
            if t.is_adjacent(at, land) {
                return Err(illegal(if i == 0 {
                    AlquerqueRefusal::StepGoesOn {
                        from: name(at),
                        to: name(land),
                        options: options(),
                    }
                } else {
                    AlquerqueRefusal::NextTo {
                        land: name(land),
                        at: name(at),
                        options: options(),
                    }
                }));
            }
            if i == 0 && neighbours(at, land) {
                return Err(illegal(AlquerqueRefusal::NoLine {
                    to: name(land),
                    from: name(at),
                    options: options(),
                }));
            }
            let Some(&(over, _)) = t.jumps_from(at).iter().find(|&&(_, l)| l as usize == land)
            else {
                return Err(illegal(AlquerqueRefusal::NoJump {
                    land: name(land),
                    at: name(at),
                    options: options(),
                }));
            };
            let over = over as usize;
            if enemy >> over & 1 == 0 {
                return Err(illegal(AlquerqueRefusal::NothingToJump {
                    colour: self.colour_name(self.side.other()),
                    over: name(over),
                    at: name(at),
                    land: name(land),
                    options: options(),
                }));
            }
            if empty >> land & 1 == 0 {
                return Err(illegal(AlquerqueRefusal::LandingTaken {
                    land: name(land),
                    at: name(at),
                    options: options(),
                }));
            }
            enemy &= !(1 << over);
            empty |= 1 << over;
            turn.push(land);
            at = land;
        }
        if self.rules == Rules::Bell && t.capturers(1 << at, enemy, empty) != 0 {
            let prefix = turn.to_string();
            let longer: Vec<String> = legal
                .iter()
                .map(|t| t.to_string())
                .filter(|s| s.starts_with(&prefix) && s.len() > prefix.len())
                .collect();
            return Err(illegal(AlquerqueRefusal::MustContinue {
                at: name(at),
                longer,
            }));
        }
        Ok(turn)
    }
}

/// Chains from `cur` (the moving piece's point, counted in `empty`). Under
/// `maximal` only chains that cannot continue are turns.
fn chains(
    t: &Tables,
    cur: usize,
    enemy: u64,
    empty: u64,
    turn: &mut Turn,
    maximal: bool,
    out: &mut Vec<Turn>,
) {
    let mut any = false;
    for &(over, land) in t.jumps_from(cur) {
        if enemy >> over & 1 == 1 && empty >> land & 1 == 1 {
            any = true;
            turn.push(land as usize);
            if !maximal {
                out.push(*turn);
            }
            chains(
                t,
                land as usize,
                enemy & !(1 << over),
                empty | 1 << over,
                turn,
                maximal,
                out,
            );
            // Clear the slot so equal turns compare equal.
            turn.len -= 1;
            turn.to[turn.len as usize] = 0;
        }
    }
    if maximal && !any && turn.len > 0 {
        out.push(*turn);
    }
}

/// Number of chains from `cur` ([`chains`] without building them).
fn count_chains(t: &Tables, cur: usize, enemy: u64, empty: u64, maximal: bool) -> u64 {
    let mut n = 0;
    let mut any = false;
    for &(over, land) in t.jumps_from(cur) {
        if enemy >> over & 1 == 1 && empty >> land & 1 == 1 {
            any = true;
            if !maximal {
                n += 1;
            }
            n += count_chains(
                t,
                land as usize,
                enemy & !(1 << over),
                empty | 1 << over,
                maximal,
            );
        }
    }
    if maximal && !any {
        1
    } else {
        n
    }
}

/// Extends `turn` (its piece on `cur`) to chain number `r` from there, in
/// the order [`chains`] lists them (the walk of [`count_chains`]).
fn nth_chain(
    t: &Tables,
    mut cur: usize,
    mut enemy: u64,
    mut empty: u64,
    maximal: bool,
    mut r: u64,
    turn: &mut Turn,
) {
    'jump: while (turn.len as usize) < MAX_JUMPS {
        for &(over, land) in t.jumps_from(cur) {
            if enemy >> over & 1 == 0 || empty >> land & 1 == 0 {
                continue;
            }
            let (next_enemy, next_empty) = (enemy & !(1 << over), empty | 1 << over);
            if !maximal {
                // Stopping right after this jump comes first.
                if r == 0 {
                    turn.push(land as usize);
                    return;
                }
                r -= 1;
            }
            let k = count_chains(t, land as usize, next_enemy, next_empty, maximal);
            if r < k {
                turn.push(land as usize);
                (cur, enemy, empty) = (land as usize, next_enemy, next_empty);
                continue 'jump;
            }
            r -= k;
        }
        // No jump left: a maximal chain ends here (r is 0).
        return;
    }
}

impl Game for Alquerque {
    type Turn = Turn;
    const KIND: GameKind = GameKind::Alquerque;

    /// Captures are written with `x` between their landing points.
    const SPELLING: crate::TurnSpelling = crate::TurnSpelling {
        separators: b"x",
        optional_suffixes: &[],
    };

    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::choice("rules", &["bell", "basic"], "alquerque-option-rules"),
        OptionSpec::number(
            "stall",
            (DEFAULT_STALL, 1, 10_000),
            &[DEFAULT_STALL, 20, 60, 100],
            "alquerque-option-stall",
        ),
    ];

    const WORDS: GameWords = GameWords {
        title: "alquerque-title",
        summary: "alquerque-summary",
        notation: "alquerque-notation",
    };

    fn new(options: &Options) -> Result<Self, OptionError> {
        let [rules_spec, stall_spec] = Self::OPTIONS else {
            return Err(OptionError::Undeclared { game: "Alquerque" });
        };
        options.check_specs("alquerque", Self::OPTIONS)?;
        let rules = match options.choice_of(rules_spec)? {
            "basic" => Rules::Basic,
            _ => Rules::Bell,
        };
        let stall = options.number_of(stall_spec)?;
        // White: ranks 1 and 2, d3, e3. Black: ranks 4 and 5, a3, b3.
        let white = RANK_1 | RANK_1 << 5 | 1 << 13 | 1 << 14;
        let black = RANK_5 | RANK_5 >> 5 | 1 << 10 | 1 << 11;
        let mut game = Alquerque {
            rules,
            stall,
            pieces: [white, black],
            side: Seat::First,
            quiet: 0,
            from_west: 0,
            from_east: 0,
            history: Vec::new(),
            outcome: None,
        };
        if rules == Rules::Basic {
            game.history.push(game.key());
        }
        Ok(game)
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        vec![
            ("rules", self.rules.name().into()),
            ("stall", self.stall.into()),
        ]
    }

    fn to_move(&self) -> Seat {
        self.side
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        match seat {
            Seat::First => "white",
            Seat::Second => "black",
        }
    }

    fn generate(&self, out: &mut Vec<Turn>) {
        if self.outcome.is_some() {
            return;
        }
        let t = tables();
        let capturers = self.capturers_to_move(t);
        if self.rules == Rules::Basic || capturers == 0 {
            self.push_steps(t, out);
        }
        self.push_chains(t, capturers, out);
    }

    /// The captures; every turn once any turn would end a basic game by
    /// the stall rule. Left out: a quiet step that ends the game by a
    /// third repetition or by leaving the opponent without a move (the
    /// search's full-width part sees those).
    fn noisy_turns(&self, out: &mut Vec<Turn>) {
        if self.outcome.is_some() {
            return;
        }
        if self.rules == Rules::Basic && self.quiet + 1 >= self.stall {
            return self.generate(out);
        }
        let t = tables();
        self.push_chains(t, self.capturers_to_move(t), out);
    }

    fn count_turns(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let t = tables();
        let side = self.side.index();
        let enemy = self.pieces[side ^ 1];
        let empty = self.empty();
        let capturers = t.capturers(self.pieces[side], enemy, empty);
        let maximal = self.rules == Rules::Bell;
        let mut n = 0;
        if !maximal || capturers == 0 {
            n += self.count_steps(t, side, empty);
        }
        for p in bits(capturers) {
            n += count_chains(t, p, enemy, empty | 1 << p, maximal);
        }
        n
    }

    /// One turn drawn uniformly among all of them without listing them
    /// (chains counted, then followed to the drawn one).
    fn random_turn(&self, rng: &mut SplitRng) -> Option<Turn> {
        let total = self.count_turns();
        if total == 0 {
            return None;
        }
        self.nth_turn(rng.below(total as usize) as u64)
    }

    /// Step by step, as Ludii's playouts do (its Murray ruleset, our basic
    /// rules, offers "jump again or pass" after each jump): see
    /// `Alquerque::stepwise_turn`. Not uniform among whole chains, and
    /// several times cheaper than counting them.
    fn playout_turn(&self, rng: &mut SplitRng) -> Option<Turn> {
        if self.outcome.is_some() {
            return None;
        }
        self.stepwise_turn(rng)
    }

    /// Draws and plays each turn at once (`Alquerque::playout_fused`):
    /// the same game as the default loop, at about half the cost.
    fn random_playout(&mut self, rng: &mut SplitRng, max_turns: usize) -> Option<Outcome> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has the popcnt instruction (checked just above).
            return unsafe { self.playout_popcnt(rng, max_turns) };
        }
        self.playout_fused(rng, max_turns)
    }

    fn parse_turn(&self, text: &str) -> Result<Turn, TurnError> {
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let cleaned = text.trim().to_ascii_lowercase().replace('x', " ");
        let Some(squares) = notation::split_squares(&cleaned) else {
            return Err(unparsable(AlquerqueRefusal::NotATurn {
                text: text.trim().to_string(),
            }));
        };
        let board = PointBoard::five_by_five();
        let mut points = Vec::with_capacity(squares.len());
        for square in &squares {
            match board.parse(square) {
                Some(p) => points.push(p),
                None => {
                    return Err(unparsable(AlquerqueRefusal::NotAPoint {
                        point: square.clone(),
                    }))
                }
            }
        }
        let legal = self.legal_turns();
        let Some(&from) = points.first() else {
            return Err(unparsable(AlquerqueRefusal::NoTurn));
        };
        if self.pieces[self.side.index()] >> from & 1 == 0 {
            return Err(self.not_yours(from, &legal));
        }
        if points.len() == 1 {
            return Err(unparsable(AlquerqueRefusal::NoDestination {
                options: self.options_from(from, &legal),
            }));
        }
        let turn = if points.len() == 2 && tables().is_adjacent(from, points[1]) {
            self.check_step(from, points[1], &legal)?
        } else {
            self.check_chain(&points, &legal)?
        };
        if legal.contains(&turn) {
            Ok(turn)
        } else {
            Err(illegal(AlquerqueRefusal::NotLegal {
                turn: turn.to_string(),
                options: self.options_from(from, &legal),
            }))
        }
    }

    fn apply(&mut self, turn: &Turn) {
        let mut history = std::mem::take(&mut self.history);
        self.apply_with(turn, &mut history);
        self.trim(&mut history);
        self.history = history;
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The pieces, the side to move, the quiet turns (the stall rule's
    /// count) and Bell's no-shuffle marks: the positions since the last
    /// capture (for the third repetition) are left out, so that turns
    /// played in another order meet in the table.
    fn search_key(&self) -> Option<u64> {
        let rest = self.from_west
            | self.from_east << POINTS
            | u64::from(self.quiet.min(0x3fff)) << (2 * POINTS);
        Some(mix(self.key() ^ mix(rest)))
    }

    /// The pieces each side has left (what wins a basic game that stalls,
    /// and the material a capture game turns on), then, far below a piece,
    /// room to move and pieces that threaten a capture: what squeezes a
    /// level position until something falls.
    fn estimate(&self) -> Option<crate::Estimate> {
        let t = tables();
        let (me, them) = (self.side.index(), self.side.other().index());
        let empty = self.empty();
        let mine = self.pieces[me].count_ones() as i32;
        let theirs = self.pieces[them].count_ones() as i32;
        let steps = |side: usize| self.count_steps(t, side, empty) as i32;
        let threats = |side: usize| {
            t.capturers(self.pieces[side], self.pieces[side ^ 1], empty)
                .count_ones() as i32
        };
        Some(crate::Estimate {
            material: 100 * (mine - theirs),
            position: 2 * (steps(me) - steps(them)) + 10 * (threats(me) - threats(them)),
            at_stake: mine + theirs,
        })
    }

    /// The piece, then its step's destination or each landing of its
    /// chain (`xd4`), a chain that may stop offering to stop.
    fn turn_steps(&self, turn: &Turn) -> Vec<Vec<Step>> {
        let mut path = vec![Step::on(
            name(turn.from()),
            "",
            turn.from(),
            MarkKind::From,
            None,
        )];
        let mut captured = turn.captured();
        for land in turn.landings() {
            let mut step = if turn.is_capture() {
                Step::on(format!("x{}", name(land)), "", land, MarkKind::To, None)
            } else {
                Step::on(name(land), "-", land, MarkKind::To, None)
            };
            if let Some(over) = captured.next() {
                step.marks.push(Mark {
                    spot: over,
                    kind: MarkKind::Captured,
                });
            }
            path.push(step);
        }
        vec![path]
    }

    fn highlights(&self, turn: &Turn) -> Highlights {
        let mut h = Highlights::default();
        h.path.push(turn.from());
        h.path.extend(turn.landings());
        h.mark(turn.from(), MarkKind::From);
        h.mark(turn.dest(), MarkKind::To);
        for over in turn.captured() {
            h.mark(over, MarkKind::Captured);
        }
        h
    }

    fn view(&self) -> BoardView {
        let title = Message::new(match self.rules {
            Rules::Bell => "alquerque-view-title-bell",
            Rules::Basic => "alquerque-view-title-basic",
        });
        let mut view = BoardView::new(title, Layout::Points { files: 5, ranks: 5 });
        for (seat, colour) in [(0, Colour::White), (1, Colour::Black)] {
            for p in bits(self.pieces[seat]) {
                view.spots[p] = Spot::Stack(vec![colour]);
            }
        }
        view.status = status_line(self.side, self.outcome, |s| self.seat_message(s));
        for seat in Seat::BOTH {
            view.notes.push(
                Message::new("note-taken")
                    .arg("seat", self.seat_message(seat))
                    .arg("count", self.lost(seat.other()))
                    .arg("other", self.seat_message(seat.other())),
            );
        }
        if self.rules == Rules::Basic {
            view.notes.push(
                Message::new("note-quiet-turns")
                    .arg("count", self.quiet)
                    .arg("limit", self.stall),
            );
        }
        view
    }

    fn can_draw(&self) -> bool {
        self.rules == Rules::Basic
    }

    fn warning(&self) -> Option<Message> {
        if self.rules != Rules::Basic {
            return None;
        }
        if self.quiet + 1 < self.stall {
            return None;
        }
        let (white, black) = (self.lost(Seat::Second), self.lost(Seat::First));
        Some(super::view::stall_warning(
            self.stall,
            [white, black].map(u32::from),
            false,
        ))
    }

    fn end_detail(&self, outcome: Outcome) -> Option<Message> {
        if outcome.reason != Reason::Stall {
            return None;
        }
        let why = if self.quiet >= self.stall {
            Message::new("end-quiet-turns").arg("count", self.quiet)
        } else {
            Message::new("alquerque-end-no-capture")
        };
        let (white, black) = (self.lost(Seat::Second), self.lost(Seat::First));
        Some(match outcome.winner {
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

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut game = self.clone();
        let mut history = std::mem::take(&mut game.history);
        let mut buffers: Vec<Vec<Turn>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
        game.perft_with(depth, &mut history, &mut buffers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::slow_perft;
    use crate::Refusal;

    fn game(pairs: &[(&str, &str)]) -> Alquerque {
        Alquerque::new(&Options::from_pairs(pairs)).unwrap()
    }

    fn set(points: &str) -> u64 {
        let board = PointBoard::five_by_five();
        points
            .split_whitespace()
            .map(|p| 1u64 << board.parse(p).unwrap())
            .fold(0, |a, b| a | b)
    }

    /// A position with these pieces, `side` to move.
    fn position(rules: &str, white: &str, black: &str, side: Seat) -> Alquerque {
        let mut g = game(&[("rules", rules)]);
        g.pieces = [set(white), set(black)];
        g.side = side;
        g.history.clear();
        if g.rules == Rules::Basic {
            g.history.push(g.key());
        }
        g
    }

    fn legal(g: &Alquerque) -> Vec<String> {
        let mut all: Vec<String> = g.legal_turns().iter().map(|t| t.to_string()).collect();
        all.sort();
        all
    }

    fn play(g: &mut Alquerque, text: &str) {
        let turn = g
            .parse_turn(text)
            .unwrap_or_else(|e| panic!("{text} refused: {e}"));
        g.play(&turn).unwrap();
    }

    fn refused(g: &Alquerque, text: &str) -> AlquerqueRefusal {
        match g.parse_turn(text) {
            Ok(turn) => panic!("{text} accepted as {turn}"),
            Err(TurnError::Illegal(Refusal::Alquerque(refusal)))
            | Err(TurnError::Unparsable(Refusal::Alquerque(refusal))) => *refusal,
            Err(e) => panic!("{text}: {e:?}"),
        }
    }

    /// One refusal of every kind, with the data a player would see.
    fn sample_refusals() -> Vec<AlquerqueRefusal> {
        use AlquerqueRefusal as R;
        let moving = || PieceMoves {
            from: "b2".into(),
            turns: vec!["b2-c3".into(), "b2-b3".into()],
            movers: vec![],
        };
        let stuck = || PieceMoves {
            from: "a1".into(),
            turns: vec![],
            movers: (0..12).map(name).collect(),
        };
        let turns = || vec!["c2xc4".to_string()];
        vec![
            R::NotATurn {
                text: "hello".into(),
            },
            R::NotAPoint { point: "f1".into() },
            R::NoTurn,
            R::NotYours {
                point: "a4".into(),
                enemy: Some("black"),
                movers: vec!["b2".into(), "c2".into()],
            },
            R::NotYours {
                point: "c3".into(),
                enemy: None,
                movers: vec!["b2".into()],
            },
            R::NoDestination { options: moving() },
            R::Occupied {
                to: "a2".into(),
                options: stuck(),
            },
            R::MustCapture {
                turn: "a1-a2".into(),
                captures: turns(),
            },
            R::FarRank {
                turn: "c5-b5".into(),
                options: moving(),
            },
            R::Backward {
                colour: "white",
                options: moving(),
            },
            R::Backward {
                colour: "black",
                options: moving(),
            },
            R::StraightBack {
                from: "d3".into(),
                to: "c3".into(),
                options: moving(),
            },
            R::TooManyJumps {
                landings: 13,
                options: moving(),
            },
            R::StepGoesOn {
                from: "c2".into(),
                to: "c3".into(),
                options: moving(),
            },
            R::NextTo {
                land: "c3".into(),
                at: "c2".into(),
                options: moving(),
            },
            R::NoLine {
                to: "d3".into(),
                from: "c2".into(),
                options: moving(),
            },
            R::NoJump {
                land: "b3".into(),
                at: "a1".into(),
                options: moving(),
            },
            R::NothingToJump {
                colour: "white",
                over: "c3".into(),
                at: "d3".into(),
                land: "b3".into(),
                options: moving(),
            },
            R::NothingToJump {
                colour: "black",
                over: "c3".into(),
                at: "d3".into(),
                land: "b3".into(),
                options: moving(),
            },
            R::LandingTaken {
                land: "d4".into(),
                at: "b2".into(),
                options: moving(),
            },
            R::MustContinue {
                at: "a3".into(),
                longer: turns(),
            },
            R::NotLegal {
                turn: "a1-a2".into(),
                options: moving(),
            },
        ]
    }

    /// Each kind of refusal's place in the list of kinds.
    fn variant_index(r: &AlquerqueRefusal) -> usize {
        use AlquerqueRefusal as R;
        match r {
                R::NotATurn { .. } => 0,
                R::NotAPoint { .. } => 1,
                R::NoTurn => 2,
                R::NotYours { .. } => 3,
                R::NoDestination { .. } => 4,
                R::Occupied { .. } => 5,
                R::MustCapture { .. } => 6,
                R::FarRank { .. } => 7,
                R::Backward { .. } => 8,
                R::StraightBack { .. } => 9,
                R::TooManyJumps { .. } => 10,
                R::StepGoesOn { .. } => 11,
                R::NextTo { .. } => 12,
                R::NoJump { .. } => 13,
                R::NothingToJump { .. } => 14,
                R::LandingTaken { .. } => 15,
                R::MustContinue { .. } => 16,
                R::NotLegal { .. } => 17,
                R::NoLine { .. } => 18,
        }
    }

    #[test]
    fn every_refusal_is_worded_in_every_language() {
        let all = sample_refusals();
        let covered: std::collections::BTreeSet<usize> = all.iter().map(variant_index).collect();
        assert_eq!(covered.len(), 19, "a variant has no sample");
        assert_eq!(
            all[6].to_string(),
            "a2 is not empty; the piece on a1 has no legal move; your pieces that can move are on a1, b1, c1, d1, e1, a2, b2, c2, d2, e2, a3 and b3"
        );
        crate::check::assert_refusals_render(all.into_iter().map(Refusal::from).collect());
    }

    #[test]
    fn setup_and_first_turns() {
        for rules in ["bell", "basic"] {
            let g = game(&[("rules", rules)]);
            assert_eq!(g.pieces[0], set("a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 d3 e3"));
            assert_eq!(g.pieces[1], set("a5 b5 c5 d5 e5 a4 b4 c4 d4 e4 a3 b3"));
            assert_eq!(legal(&g), ["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
            assert_eq!(g.to_move(), Seat::First);
            assert_eq!(g.count_turns(), 4);
        }
        assert_eq!(game(&[]).rules(), Rules::Bell);
    }

    #[test]
    fn options_resolved_and_checked() {
        let g = game(&[]);
        assert_eq!(
            g.options(),
            vec![("rules", "bell".into()), ("stall", 40u32.into())]
        );
        let g = game(&[("rules", "BASIC"), ("stall", "12")]);
        assert_eq!(
            g.options(),
            vec![("rules", "basic".into()), ("stall", 12u32.into())]
        );
        assert!(g.can_draw());
        assert!(!game(&[]).can_draw());
        for bad in [
            [("rules", "turkish")],
            [("stall", "0")],
            [("stall", "x")],
            [("size", "5")],
        ] {
            assert!(Alquerque::new(&Options::from_pairs(&bad)).is_err());
        }
    }

    #[test]
    fn perft_matches_vectors() {
        let bell = game(&[]);
        assert_eq!(
            (1..=8).map(|d| bell.perft(d)).collect::<Vec<_>>(),
            [4, 5, 6, 12, 27, 97, 416, 1826]
        );
        let basic = game(&[("rules", "basic")]);
        assert_eq!(
            (1..=5).map(|d| basic.perft(d)).collect::<Vec<_>>(),
            [4, 8, 33, 219, 1537]
        );
        assert_eq!(slow_perft(&bell, 7), 416);
        assert_eq!(slow_perft(&basic, 4), 219);
    }

    #[test]
    fn chain_changes_direction() {
        // a1 jumps a2 north to a3, then b3 east to c3.
        let basic = position("basic", "a1", "a2 b3 e5", Seat::First);
        let turns = legal(&basic);
        assert!(turns.contains(&"a1xa3".to_string()));
        assert!(turns.contains(&"a1xa3xc3".to_string()));
        let mut g = basic.clone();
        play(&mut g, "a1xa3xc3");
        assert_eq!(g.pieces, [set("c3"), set("e5")]);
        assert_eq!(g.lost(Seat::Second), 11);
        // Under basic the chain may stop after the first capture.
        let mut g = basic.clone();
        play(&mut g, "a1xa3");
        assert_eq!(g.pieces, [set("a3"), set("b3 e5")]);
        // Under Bell it must continue.
        let bell = position("bell", "a1", "a2 b3 e5", Seat::First);
        assert_eq!(legal(&bell), ["a1xa3xc3"]);
        assert_eq!(
            refused(&bell, "a1xa3"),
            AlquerqueRefusal::MustContinue {
                at: "a3".into(),
                longer: vec!["a1xa3xc3".into()],
            }
        );
    }

    #[test]
    fn chain_may_return_to_its_start() {
        // A four-jump chain turning three times.
        let g = position("basic", "c3", "b3 a4 b5 d4 e1", Seat::First);
        // c3xa3 (b3), a3xa5 (a4), a5xc5 (b5), c5xe3 (d4).
        assert!(legal(&g).contains(&"c3xa3xa5xc5xe3".to_string()));
        let g = position("bell", "a1", "b1 c2 b2 e5", Seat::First);
        // a1xc1xc3xa1 comes back to a1, capturing b1, c2 and b2.
        assert!(legal(&g).contains(&"a1xc1xc3xa1".to_string()));
        let mut after = g.clone();
        play(&mut after, "a1xc1xc3xa1");
        assert_eq!(after.pieces, [set("a1"), set("e5")]);
        let h = g.highlights(&g.parse_turn("a1xc1xc3xa1").unwrap());
        assert_eq!(h.path, vec![0, 2, 12, 0]);
        assert_eq!(
            h.marks
                .iter()
                .filter(|m| m.kind == MarkKind::Captured)
                .map(|m| name(m.spot))
                .collect::<Vec<_>>(),
            ["b1", "c2", "b2"]
        );
    }

    #[test]
    fn bell_capture_is_compulsory() {
        let g = position("bell", "c2 a1", "c3 e5", Seat::First);
        assert_eq!(legal(&g), ["c2xc4"]);
        assert_eq!(
            refused(&g, "a1-a2"),
            AlquerqueRefusal::MustCapture {
                turn: "a1-a2".into(),
                captures: vec!["c2xc4".into()],
            }
        );
        // Basic: optional.
        let g = position("basic", "c2 a1", "c3 e5", Seat::First);
        assert!(legal(&g).contains(&"a1-a2".to_string()));
        assert!(legal(&g).contains(&"c2xc4".to_string()));
    }

    #[test]
    fn bell_no_backward_steps() {
        let g = position("bell", "c3", "e5", Seat::First);
        assert_eq!(legal(&g), ["c3-b3", "c3-b4", "c3-c4", "c3-d3", "c3-d4"]);
        for back in ["c3-c2", "c3-b2", "c3-d2"] {
            let refusal = refused(&g, back);
            assert!(
                matches!(
                    refusal,
                    AlquerqueRefusal::Backward {
                        colour: "white",
                        ..
                    }
                ),
                "{back}: {refusal:?}"
            );
        }
        let g = position("bell", "e5", "c3", Seat::Second);
        assert_eq!(legal(&g), ["c3-b2", "c3-b3", "c3-c2", "c3-d2", "c3-d3"]);
        // Captures may go backwards.
        let g = position("bell", "c3", "c2 e5", Seat::First);
        assert_eq!(legal(&g), ["c3xc1"]);
    }

    #[test]
    fn bell_no_shuffling_back() {
        let mut g = position("bell", "c3", "e5", Seat::First);
        play(&mut g, "c3-d3");
        play(&mut g, "e5-d5");
        let refusal = refused(&g, "d3-c3");
        assert!(
            matches!(&refusal, AlquerqueRefusal::StraightBack { from, to, .. } if from == "d3" && to == "c3"),
            "{refusal:?}"
        );
        assert!(!legal(&g).contains(&"d3-c3".to_string()));
        assert!(legal(&g).contains(&"d3-e3".to_string()));
        // Another piece may go there, and the restriction survives a move of
        // another piece.
        let mut g = position("bell", "c3 a1", "a5 b5", Seat::First);
        play(&mut g, "c3-d3");
        play(&mut g, "a5-a4");
        play(&mut g, "a1-b1");
        play(&mut g, "b5-b4");
        assert!(!legal(&g).contains(&"d3-c3".to_string()));
        // After a forward step the piece may go sideways either way again.
        play(&mut g, "d3-d4");
        play(&mut g, "a4-a3");
        assert!(legal(&g).contains(&"d4-c4".to_string()));
        assert!(legal(&g).contains(&"d4-e4".to_string()));
        // The restriction is per piece and follows it: round trip by serde.
        let mut g = position("bell", "b2", "e5", Seat::First);
        play(&mut g, "b2-a2");
        let json = serde_json::to_string(&g).unwrap();
        let back: Alquerque = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
        let mut back = back;
        play(&mut back, "e5-e4");
        assert!(!legal(&back).contains(&"a2-b2".to_string()));
        // A capture lifts it (the point left is two points away).
        let mut g = position("bell", "b3 a1", "c3 e5", Seat::First);
        g.from_east = set("b3");
        assert_eq!(legal(&g), ["b3xd3"]);
        play(&mut g, "b3xd3");
        assert_eq!(g.from_east | g.from_west, 0);
    }

    #[test]
    fn bell_far_rank_only_captures() {
        let g = position("bell", "c5 a1", "e1", Seat::First);
        assert_eq!(legal(&g), ["a1-a2", "a1-b1", "a1-b2"]);
        let refusal = refused(&g, "c5-b5");
        assert!(
            matches!(&refusal, AlquerqueRefusal::FarRank { turn, .. } if turn == "c5-b5"),
            "{refusal:?}"
        );
        // It may capture.
        let g = position("bell", "c5", "c4 e1", Seat::First);
        assert_eq!(legal(&g), ["c5xc3"]);
        // A player whose only piece sits on the far rank has no move and loses.
        let mut g = position("bell", "c5", "a2", Seat::Second);
        play(&mut g, "a2-a1");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Seat::Second, Reason::NoMoves))
        );
        assert!(g.legal_turns().is_empty());
        assert_eq!(g.parse_turn("c5-c4"), Err(TurnError::GameOver));
    }

    #[test]
    fn all_captured_wins() {
        for rules in ["bell", "basic"] {
            let mut g = position(rules, "a1", "a2", Seat::First);
            play(&mut g, "a1xa3");
            assert_eq!(
                g.outcome(),
                Some(Outcome::win(Seat::First, Reason::AllCaptured))
            );
        }
    }

    #[test]
    fn basic_stall_ends_the_game() {
        let mut g = position("basic", "a1", "e5", Seat::First);
        g.stall = 3;
        play(&mut g, "a1-a2");
        play(&mut g, "e5-e4");
        assert_eq!(g.outcome(), None);
        play(&mut g, "a2-a3");
        assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Stall)));
        assert_eq!(g.count_turns(), 0);
        // More captures wins: Black has taken 10, White 9.
        let mut g = position("basic", "a1 c1", "a2 e5 e4", Seat::First);
        g.stall = 2;
        play(&mut g, "c1-d1");
        play(&mut g, "e5-d5");
        assert_eq!(g.outcome(), Some(Outcome::win(Seat::Second, Reason::Stall)));
        // A capture resets the count; equal captures would draw, here
        // White has taken one more.
        let mut g = position("basic", "a1 c1 e1", "a2 e5 e4", Seat::First);
        g.stall = 2;
        play(&mut g, "a1xa3");
        assert_eq!(g.quiet, 0);
        play(&mut g, "e5-d5");
        assert_eq!(g.outcome(), None);
        play(&mut g, "c1-d1");
        assert_eq!(g.outcome(), Some(Outcome::win(Seat::First, Reason::Stall)));
    }

    /// The noisy turns of random positions of both rule sets are exactly
    /// the turns that capture, or every turn when any would end a basic
    /// game by the stall rule.
    #[test]
    fn noisy_turns_are_the_captures_or_all_at_the_stall() {
        let mut rng = SplitRng::new(38);
        let (mut captures_seen, mut at_the_stall) = (0, 0);
        for (rules, stall) in [("basic", "40"), ("bell", "40"), ("basic", "3")] {
            for _ in 0..300 {
                let mut g = game(&[("rules", rules), ("stall", stall)]);
                while g.outcome.is_none() {
                    let mut noisy = Vec::new();
                    g.noisy_turns(&mut noisy);
                    let edge = g.rules == Rules::Basic && g.quiet + 1 >= g.stall;
                    let expected: Vec<Turn> = g
                        .legal_turns()
                        .into_iter()
                        .filter(|turn| edge || turn.is_capture())
                        .collect();
                    captures_seen += usize::from(!edge && !expected.is_empty());
                    at_the_stall += usize::from(edge);
                    assert_eq!(noisy, expected, "{rules} {stall}: {:?}", g.pieces);
                    let Some(turn) = g.random_turn(&mut rng) else {
                        break;
                    };
                    g.apply(&turn);
                }
            }
        }
        assert!(captures_seen > 1000 && at_the_stall > 100, "{captures_seen} {at_the_stall}");
    }

    /// A copy is the same game, with room in its history for a turn.
    #[test]
    fn a_copy_has_room_for_the_next_position() {
        let mut g = game(&[("rules", "basic")]);
        play(&mut g, "c2-c3");
        let copy = g.clone();
        assert_eq!(copy, g);
        assert!(copy.history.capacity() > copy.history.len());
    }

    #[test]
    fn search_keys_meet_across_move_orders_but_not_across_stall_counts() {
        let start = || position("basic", "a1 e1", "a5 e5", Seat::First);
        let (mut one, mut other) = (start(), start());
        for turn in ["a1-a2", "a5-a4", "e1-e2", "e5-e4"] {
            play(&mut one, turn);
        }
        for turn in ["e1-e2", "e5-e4", "a1-a2", "a5-a4"] {
            play(&mut other, turn);
        }
        // The same pieces and count, reached along other paths: the
        // histories differ, the search keys do not.
        assert_eq!(one.pieces, other.pieces);
        assert_ne!(one.history, other.history);
        assert_eq!(one.search_key(), other.search_key());
        // The same pieces after two more turns there and back: the stall
        // count (and the history) differ, so do the keys.
        let mut later = one.clone();
        for turn in ["a2-a1", "a4-a5", "a1-a2", "a5-a4"] {
            play(&mut later, turn);
        }
        assert_eq!(later.pieces, one.pieces);
        assert_ne!(later.search_key(), one.search_key());
        // The side to move counts.
        let mut other_side = one.clone();
        other_side.side = Seat::Second;
        assert_ne!(other_side.search_key(), one.search_key());
    }

    #[test]
    fn basic_third_repetition_ends_the_game() {
        // White has captured 11, Black 10: White wins when play repeats.
        let mut g = position("basic", "a1 c1", "e5", Seat::First);
        for round in 0..2 {
            for turn in ["a1-a2", "e5-e4", "a2-a1", "e4-e5"] {
                assert_eq!(g.outcome(), None, "round {round} {turn}");
                play(&mut g, turn);
            }
        }
        // The start position has now occurred for the third time.
        assert_eq!(g.outcome(), Some(Outcome::win(Seat::First, Reason::Stall)));
        // Equal captures: a draw.
        let mut g = position("basic", "a1", "e5", Seat::First);
        for _ in 0..2 {
            for turn in ["a1-a2", "e5-e4", "a2-a1", "e4-e5"] {
                play(&mut g, turn);
            }
        }
        assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Stall)));
        // The same board with the other player to move is another position.
        let mut g = position("basic", "a1", "e5", Seat::First);
        for turn in ["a1-a2", "e5-e4", "a2-b2", "e4-e5", "b2-a1", "e5-e4"] {
            play(&mut g, turn);
        }
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn basic_no_moves_decides_by_captures() {
        let mut g = position("basic", "a1", "a2 b2 b1 a3 c3 d1", Seat::Second);
        play(&mut g, "d1-c1");
        assert_eq!(g.outcome(), Some(Outcome::win(Seat::Second, Reason::Stall)));
    }

    #[test]
    fn looser_notations() {
        let g = game(&[]);
        for text in ["b2-c3", "b2c3", "b2 c3", " B2-C3 ", "b2:c3"] {
            assert_eq!(g.parse_turn(text).unwrap().to_string(), "b2-c3", "{text}");
        }
        let g = position("basic", "b2", "c3 c4 e5", Seat::First);
        for text in ["b2xd4xb4", "b2:d4:b4", "B2XD4XB4", "b2 d4 b4", "b2d4b4"] {
            assert_eq!(
                g.parse_turn(text).unwrap().to_string(),
                "b2xd4xb4",
                "{text}"
            );
        }
        assert_eq!(g.parse_turn("b2:d4").unwrap().to_string(), "b2xd4");
    }

    #[test]
    fn refusals_say_what_is_wrong() {
        use AlquerqueRefusal as R;
        let g = game(&[]);
        assert_eq!(
            g.parse_turn("hello"),
            Err(unparsable(R::NotATurn {
                text: "hello".into()
            }))
        );
        assert_eq!(
            g.parse_turn("f1-c3"),
            Err(unparsable(R::NotAPoint { point: "f1".into() }))
        );
        let m = refused(&g, "c3-c4");
        assert_eq!(
            m,
            R::NotYours {
                point: "c3".into(),
                enemy: None,
                movers: ["b2", "c2", "d2", "d3"].map(String::from).to_vec(),
            }
        );
        assert_eq!(
            m.to_string(),
            "c3 is empty; your pieces that can move are on b2, c2, d2 and d3"
        );
        assert!(matches!(
            refused(&g, "a4-a3"),
            R::NotYours {
                enemy: Some("black"),
                ..
            }
        ));
        assert!(matches!(refused(&g, "a1-a2"), R::Occupied { to, .. } if to == "a2"));
        let m = refused(&g, "b2");
        assert!(
            matches!(&m, R::NoDestination { options } if options.turns.contains(&"b2-c3".to_string())),
            "{m:?}"
        );
        assert!(
            matches!(refused(&g, "a1-b3"), R::NoJump { land, at, .. } if land == "b3" && at == "a1")
        );
        assert!(matches!(
            refused(&g, "d3xb3"),
            R::NothingToJump { colour: "black", over, .. } if over == "c3"
        ));
        assert!(matches!(refused(&g, "c2-c3-c4"), R::StepGoesOn { .. }));
        assert_eq!(g.parse_turn(""), Err(unparsable(R::NoTurn)));
        // Weak points have no diagonals.
        let g = position("basic", "b3", "e5", Seat::First);
        let m = refused(&g, "b3-c4");
        assert!(
            matches!(&m, R::NoLine { options, .. } if options.turns.contains(&"b3-a3".to_string())),
            "{m:?}"
        );
        // A one-point diagonal step from a point without diagonals: no
        // line joins them (issue 35), not "cannot be reached by a jump".
        let words = crate::locales::english(&AlquerqueRefusal::message(&m));
        assert!(words.starts_with("no line joins b3 and c4"), "{words}");
        assert!(legal(&g).iter().all(|t| t != "b3-c4"));
        // Capture onto an occupied point.
        let g = position("basic", "b2", "c3 d4 e5", Seat::First);
        assert!(matches!(refused(&g, "b2xd4"), R::LandingTaken { land, .. } if land == "d4"));
    }

    #[test]
    fn view_and_notes() {
        let mut g = game(&[("rules", "basic")]);
        play(&mut g, "d3-c3");
        play(&mut g, "b3-d3");
        let v = g.view().english();
        assert_eq!(v.title, "Alquerque (basic rules)");
        assert_eq!(v.layout, Layout::Points { files: 5, ranks: 5 });
        assert_eq!(v.status, "White to move");
        assert_eq!(v.notes[0], "White has taken 0 Black");
        assert_eq!(v.notes[1], "Black has taken 1 White");
        assert_eq!(v.notes[2], "Turns without a capture: 0 of 40");
        assert_eq!(v.spots[13], Spot::Stack(vec![Colour::Black]));
        assert_eq!(v.spots[12], Spot::Empty);
        assert_eq!(v.spots[0], Spot::Stack(vec![Colour::White]));
        let h = g.highlights(&g.parse_turn("c2-c3").unwrap());
        assert_eq!(h.path, vec![7, 12]);
        assert_eq!(h.marks.len(), 2);
        assert_eq!(game(&[]).view().english().title, "Alquerque (Bell rules)");
    }

    #[test]
    fn random_playouts_keep_the_contract() {
        for rules in ["bell", "basic"] {
            let start = game(&[("rules", rules)]);
            for seed in 0..150 {
                crate::check::random_playout(&start, seed, 400);
            }
        }
        // Branching chains: every generated turn parses back to itself.
        let g = position("bell", "e3", "d4 b4 b5 d5 a1", Seat::First);
        let turns = g.legal_turns();
        assert!(turns.len() > 1);
        for turn in &turns {
            assert_eq!(&g.parse_turn(&turn.to_string()).unwrap(), turn);
        }
    }

    /// Random games of both rule sets, plus positions with branching chains.
    fn sample_positions() -> Vec<Alquerque> {
        let mut out = vec![
            position("basic", "e3", "d4 b4 b5 d5 a1", Seat::First),
            position("bell", "e3", "d4 b4 b5 d5 a1", Seat::First),
            position("basic", "c3", "b3 a4 b5 d4 d3 b2 e1", Seat::First),
        ];
        for (rules, seed) in [("basic", 1), ("bell", 2), ("basic", 3)] {
            let mut g = game(&[("rules", rules)]);
            let mut rng = SplitRng::new(seed);
            while g.outcome().is_none() {
                out.push(g.clone());
                let turn = g.random_turn(&mut rng).unwrap();
                g.apply(&turn);
            }
            out.push(g);
        }
        out
    }

    #[test]
    fn nth_turn_numbers_every_legal_turn_once() {
        let mut chains = 0;
        for g in sample_positions() {
            let mut legal = g.legal_turns();
            let n = g.count_turns();
            let mut drawn: Vec<Turn> = (0..n).filter_map(|r| g.nth_turn(r)).collect();
            if g.outcome().is_none() {
                assert_eq!(g.nth_turn(n), None);
            }
            let key = |t: &Turn| t.to_string();
            legal.sort_by_key(key);
            drawn.sort_by_key(key);
            assert_eq!(drawn, legal, "{g:?}");
            chains += legal.iter().filter(|t| t.len > 1).count();
        }
        assert!(chains > 10, "too few chains of several jumps were checked");
    }

    #[test]
    fn stepwise_turns_are_legal_and_reach_every_turn() {
        let mut rng = SplitRng::new(7);
        for g in sample_positions() {
            let legal = g.legal_turns();
            if legal.is_empty() {
                assert_eq!(g.playout_turn(&mut rng), None);
                continue;
            }
            let mut seen = std::collections::HashSet::new();
            for _ in 0..300 * legal.len() {
                let turn = g.playout_turn(&mut rng).unwrap();
                assert!(legal.contains(&turn), "{turn} is not legal in {g:?}");
                seen.insert(turn);
            }
            assert_eq!(seen.len(), legal.len(), "some turns are never drawn: {g:?}");
        }
    }

    /// The fused playout (both builds of it) plays the very game that
    /// `playout_turn` then `apply` play with the same draws, whatever the
    /// cap, and leaves the same whole position.
    #[test]
    fn fused_playouts_play_the_same_game_as_turn_by_turn() {
        let mut starts = sample_positions();
        starts.push(game(&[("rules", "basic"), ("stall", "6")]));
        let mut reasons = std::collections::HashSet::new();
        for start in &starts {
            for seed in 0..30 {
                for cap in [0, 1, 5, 400] {
                    let mut slow = start.clone();
                    let mut rng = SplitRng::new(seed);
                    for _ in 0..cap {
                        if slow.outcome().is_some() {
                            break;
                        }
                        let turn = slow.playout_turn(&mut rng).unwrap();
                        slow.apply(&turn);
                    }
                    let mut fast = start.clone();
                    let mut fast_rng = SplitRng::new(seed);
                    let outcome = fast.random_playout(&mut fast_rng, cap);
                    assert_eq!(outcome, slow.outcome());
                    assert_eq!(fast, slow, "seed {seed}, cap {cap}, from {start:?}");
                    assert_eq!(fast_rng.next_u64(), rng.next_u64(), "other draws");
                    let mut plain = start.clone();
                    let mut plain_rng = SplitRng::new(seed);
                    assert_eq!(plain.playout_fused(&mut plain_rng, cap), outcome);
                    assert_eq!(plain, slow);
                    if let Some(o) = outcome {
                        reasons.insert((o.reason, start.rules));
                    }
                }
            }
        }
        for end in [
            (Reason::AllCaptured, Rules::Basic),
            (Reason::Stall, Rules::Basic),
            (Reason::AllCaptured, Rules::Bell),
            (Reason::NoMoves, Rules::Bell),
        ] {
            assert!(
                reasons.contains(&end),
                "no playout ended by {end:?}: {reasons:?}"
            );
        }
    }

    #[test]
    fn history_keeps_positions_since_last_capture() {
        let mut g = position("basic", "a1 b1", "e5 a3", Seat::First);
        play(&mut g, "b1-c1");
        play(&mut g, "e5-d5");
        assert_eq!(g.history.len(), 3);
        play(&mut g, "a1-a2");
        assert_eq!(g.history.len(), 4);
        play(&mut g, "a3xa1");
        assert_eq!(g.history.len(), 1);
        assert_eq!(g.history[0], g.key());
        let json = serde_json::to_string(&g).unwrap();
        let back: Alquerque = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
    }
}
