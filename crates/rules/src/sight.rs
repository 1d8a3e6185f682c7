//! Sight (Kanare Kato), see docs/rules/sight.md.
//!
//! A line-of-sight game on the 5 x 5 Alquerque board. While a player has no
//! stack they place a piece; once they have one they must move the top piece
//! of one of their tallest stacks one step to an adjacent empty point. Every
//! friendly piece the placed or moved piece sees grows by one. A player with
//! no legal move loses.
//!
//! The position is two colour bitboards (bit i = point i, `a1` = 0) and a
//! height per point. Sight uses precomputed rays: the first piece met in a
//! direction is the lowest or highest set bit of `ray & occupied`.

use std::fmt;
use std::sync::OnceLock;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::geometry::{bits, PointBoard, DIRECTIONS};
use super::notation::{names_cut, split_squares};
use super::view::status_line;
use super::OptionValue;
use super::Step;
use super::{
    BoardView, Colour, Game, GameKind, GameWords, Highlights, Layout, MarkKind, Message,
    OptionError, OptionSpec, Options, Outcome, Reason, Seat, Spot, TurnError,
};

const POINTS: usize = 25;
const ALL: u32 = (1 << POINTS) - 1;

/// Precomputed geometry of the 5 x 5 board as `u32` bitboards.
struct Tables {
    /// `rays[p][d]`: the points from `p` (exclusive) in direction `d` up to
    /// the edge; empty for diagonals of non-strong points.
    rays: [[u32; 8]; POINTS],
    /// Whether direction `d` runs towards higher point indices.
    up: [bool; 8],
    /// Points adjacent to each point along lines.
    adjacent: [u32; POINTS],
    /// `keys[p][side][height]`: random key parts for the solver's
    /// transposition key, one per point, colour and height.
    keys: [[[u64; KEY_HEIGHTS]; 2]; POINTS],
    /// `images[p]`: where each of the board's 8 symmetries sends point `p`.
    images: [[u8; 8]; POINTS],
}

/// Heights the key table covers. A stack grows by at most one per turn of
/// its owner (at most 13 turns), so heights stay below 16.
const KEY_HEIGHTS: usize = 16;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let board = PointBoard::five_by_five();
        let mut rays = [[0u32; 8]; POINTS];
        let mut adjacent = [0u32; POINTS];
        for (p, row) in rays.iter_mut().enumerate() {
            for (d, ray) in row.iter_mut().enumerate() {
                *ray = board.ray(p, d).fold(0, |acc, q| acc | 1 << q);
            }
            adjacent[p] = board.adjacent(p) as u32;
        }
        let mut up = [false; 8];
        for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
            up[d] = dr as i32 * 5 + df as i32 > 0;
        }
        let images = *PointBoard::five_by_five_images();
        let mut rng = super::SplitRng::new(0x5167_4854);
        let mut keys = [[[0u64; KEY_HEIGHTS]; 2]; POINTS];
        for key in keys.iter_mut().flatten().flatten() {
            *key = rng.next_u64();
        }
        Tables {
            rays,
            up,
            adjacent,
            keys,
            images,
        }
    })
}

/// The points holding the first piece met from `p` along each of its lines.
#[inline]
fn sight(t: &Tables, p: usize, occupied: u32) -> u32 {
    let mut seen = 0;
    let rays = &t.rays[p];
    for (ray, &up) in rays.iter().zip(&t.up) {
        let hit = ray & occupied;
        if hit != 0 {
            let q = if up {
                hit.trailing_zeros()
            } else {
                31 - hit.leading_zeros()
            };
            seen |= 1 << q;
        }
    }
    seen
}

fn name(p: usize) -> String {
    PointBoard::five_by_five().name(p)
}

/// The names of a set of points, in board order.
fn point_names(set: u32) -> Vec<String> {
    bits(set as u64).map(name).collect()
}

/// A set of points in words, in board order: "a1 and a5".
fn point_list(set: u32) -> Message {
    names_cut(&point_names(set), LISTED, false)
}

/// At most this many points or moves are listed.
const LISTED: usize = 10;

/// "a1, b2 or c3"; more than ten cut to ten names "and N more".
fn short_list(names: &[String]) -> Message {
    names_cut(names, LISTED, true)
}

/// Why a Sight turn was refused, with what the player needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SightRefusal {
    /// The text is neither one point nor two.
    NotATurn { text: String },
    /// A name that is not a point of the board.
    NotAPoint { point: String },
    /// A placement by a player with a stack, who must move: the height of
    /// their tallest stacks and their legal moves.
    MustMove { height: u8, moves: Vec<String> },
    /// A placement on an occupied point (`own`: by the player's own piece),
    /// and the empty points.
    Occupied {
        point: String,
        own: bool,
        empty: Vec<String>,
    },
    /// A move by a player with no stack, who must place.
    MustPlace,
    /// A move from a point without the player's piece (`opponent`: the
    /// opponent's piece is there, else it is empty), and the points of
    /// their tallest stacks.
    NotYours {
        point: String,
        opponent: bool,
        height: u8,
        tallest: Vec<String>,
    },
    /// A move from a stack (or single piece, `size` 1) lower than the
    /// player's tallest.
    NotTallest {
        point: String,
        size: u8,
        height: u8,
        tallest: Vec<String>,
    },
    /// A step to a point that is not next to `from` along a line
    /// (`adjacent` false) or is occupied; the empty neighbours of `from`
    /// and, when it has none, every legal move.
    BadStep {
        from: String,
        to: String,
        adjacent: bool,
        targets: Vec<String>,
        moves: Vec<String>,
    },
}

impl SightRefusal {
    /// The refusal for a reader in any language.
    pub fn message(&self) -> Message {
        use SightRefusal as R;
        match self {
            R::NotATurn { text } => {
                Message::new("sight-refusal-not-a-turn").arg("text", text.as_str())
            }
            R::NotAPoint { point } => {
                Message::new("sight-refusal-not-a-point").arg("point", point.as_str())
            }
            R::MustMove { height, moves } => Message::new("sight-refusal-must-move")
                .arg("height", *height)
                .arg("moves", short_list(moves)),
            R::Occupied { point, own, empty } => Message::new("sight-refusal-occupied")
                .arg("point", point.as_str())
                .arg("whose", if *own { "own" } else { "opponent" })
                .arg("empty", short_list(empty)),
            R::MustPlace => Message::new("sight-refusal-must-place"),
            R::NotYours {
                point,
                opponent,
                height,
                tallest,
            } => Message::new("sight-refusal-not-yours")
                .arg("point", point.as_str())
                .arg("holds", if *opponent { "opponent" } else { "empty" })
                .arg("height", *height)
                .arg("tallest", short_list(tallest)),
            R::NotTallest {
                point,
                size,
                height,
                tallest,
            } => Message::new("sight-refusal-not-tallest")
                .arg("point", point.as_str())
                .arg("size", *size)
                .arg("height", *height)
                .arg("tallest", short_list(tallest)),
            R::BadStep {
                from,
                to,
                adjacent,
                targets,
                moves,
            } => {
                let options = if targets.is_empty() {
                    Message::new("sight-refusal-no-step")
                        .arg("from", from.as_str())
                        .arg("moves", short_list(moves))
                } else {
                    Message::new("sight-refusal-steps")
                        .arg("from", from.as_str())
                        .arg("targets", short_list(targets))
                };
                if *adjacent {
                    Message::new("sight-refusal-step-occupied")
                        .arg("to", to.as_str())
                        .arg("options", options)
                } else {
                    Message::new("sight-refusal-not-a-step")
                        .arg("from", from.as_str())
                        .arg("to", to.as_str())
                        .arg("options", options)
                }
            }
        }
    }
}

fn illegal(refusal: SightRefusal) -> TurnError {
    TurnError::Illegal(refusal.into())
}

fn unparsable(refusal: SightRefusal) -> TurnError {
    TurnError::Unparsable(refusal.into())
}

/// One whole Sight turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SightTurn {
    /// Place a new piece on an empty point.
    Place(u8),
    /// Move the top piece of the stack at `from` to the adjacent `to`.
    Move { from: u8, to: u8 },
}

impl fmt::Display for SightTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SightTurn::Place(p) => f.write_str(&name(p as usize)),
            SightTurn::Move { from, to } => {
                write!(f, "{}-{}", name(from as usize), name(to as usize))
            }
        }
    }
}

/// A Sight position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Sight {
    /// Pieces on each point (0 = empty).
    height: [u8; POINTS],
    /// Occupied points of White (index 0) and Black (index 1).
    pieces: [u32; 2],
    to_move: Seat,
    outcome: Option<Outcome>,
}

impl Sight {
    /// The tallest height among `side`'s stacks and the set of points
    /// holding a stack of that height (0 and empty when `side` has no stack).
    #[inline]
    fn tallest(&self, side: usize) -> (u8, u32) {
        let mut max = 1u8;
        let mut set = 0u32;
        let mut own = self.pieces[side];
        while own != 0 {
            let p = own.trailing_zeros() as usize;
            own &= own - 1;
            let h = self.height[p];
            if h > max {
                max = h;
                set = 1 << p;
            } else if h == max && h >= 2 {
                set |= 1 << p;
            }
        }
        if set == 0 {
            (0, 0)
        } else {
            (max, set)
        }
    }

    #[inline]
    fn empty(&self) -> u32 {
        ALL & !(self.pieces[0] | self.pieces[1])
    }

    /// Whether `side` has a legal turn.
    #[inline]
    fn has_turn(&self, side: usize) -> bool {
        let empty = self.empty();
        if empty == 0 {
            return false;
        }
        let (_, tall) = self.tallest(side);
        if tall == 0 {
            return true;
        }
        let t = tables();
        bits(tall as u64).any(|p| t.adjacent[p] & empty != 0)
    }

    /// The number of legal turns, ignoring the outcome.
    #[inline]
    fn count_raw(&self) -> u64 {
        let empty = self.empty();
        let (_, tall) = self.tallest(self.to_move.index());
        if tall == 0 {
            return empty.count_ones() as u64;
        }
        let t = tables();
        let mut total = 0;
        let mut rest = tall;
        while rest != 0 {
            let p = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            total += (t.adjacent[p] & empty).count_ones() as u64;
        }
        total
    }

    /// Call `f` with every legal turn.
    #[inline]
    fn each_turn(&self, mut f: impl FnMut(SightTurn)) {
        if self.outcome.is_some() {
            return;
        }
        let empty = self.empty();
        let (_, tall) = self.tallest(self.to_move.index());
        if tall == 0 {
            for p in bits(empty as u64) {
                f(SightTurn::Place(p as u8));
            }
            return;
        }
        let t = tables();
        for from in bits(tall as u64) {
            for to in bits((t.adjacent[from] & empty) as u64) {
                f(SightTurn::Move {
                    from: from as u8,
                    to: to as u8,
                });
            }
        }
    }

    /// The points of the mover's colour that grow when `turn` is played.
    fn grown(&self, turn: &SightTurn) -> u32 {
        let me = self.to_move.index();
        let occupied = self.pieces[0] | self.pieces[1];
        let (to, origin) = match *turn {
            SightTurn::Place(p) => (p as usize, 0),
            SightTurn::Move { from, to } => (to as usize, 1u32 << from),
        };
        sight(tables(), to, occupied | 1 << to) & self.pieces[me] & !origin
    }

    fn colour_name(side: usize) -> &'static str {
        if side == 0 {
            "white"
        } else {
            "black"
        }
    }

    /// The legal moves, for messages.
    fn move_list(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.each_turn(|turn| moves.push(turn.to_string()));
        moves
    }

    fn check_place(&self, p: usize) -> Result<SightTurn, TurnError> {
        let me = self.to_move.index();
        let (tallest, tall) = self.tallest(me);
        if tall != 0 {
            return Err(illegal(SightRefusal::MustMove {
                height: tallest,
                moves: self.move_list(),
            }));
        }
        if (self.pieces[0] | self.pieces[1]) >> p & 1 == 1 {
            return Err(illegal(SightRefusal::Occupied {
                point: name(p),
                own: self.pieces[me] >> p & 1 == 1,
                empty: point_names(self.empty()),
            }));
        }
        Ok(SightTurn::Place(p as u8))
    }

    fn check_move(&self, from: usize, to: usize) -> Result<SightTurn, TurnError> {
        let me = self.to_move.index();
        let (tallest, tall) = self.tallest(me);
        let t = tables();
        if tall == 0 {
            return Err(illegal(SightRefusal::MustPlace));
        }
        if self.pieces[me] >> from & 1 == 0 {
            return Err(illegal(SightRefusal::NotYours {
                point: name(from),
                opponent: self.pieces[1 - me] >> from & 1 == 1,
                height: tallest,
                tallest: point_names(tall),
            }));
        }
        if tall >> from & 1 == 0 {
            return Err(illegal(SightRefusal::NotTallest {
                point: name(from),
                size: self.height[from],
                height: tallest,
                tallest: point_names(tall),
            }));
        }
        let targets = t.adjacent[from] & self.empty();
        if targets >> to & 1 == 1 {
            return Ok(SightTurn::Move {
                from: from as u8,
                to: to as u8,
            });
        }
        Err(illegal(SightRefusal::BadStep {
            from: name(from),
            to: name(to),
            adjacent: t.adjacent[from] >> to & 1 == 1,
            targets: point_names(targets),
            moves: if targets == 0 {
                self.move_list()
            } else {
                Vec::new()
            },
        }))
    }

    /// The leaves two plies down, without playing a turn. A turn only
    /// grows the mover's own pieces and fills one empty point (a move
    /// leaves its origin occupied), so the opponent's tallest stacks are
    /// the same after every turn, and their number of replies is this
    /// node's count less the steps into the point just filled. A reply
    /// count of zero is also the end of the game (`no-moves`), which
    /// contributes nothing either way.
    fn perft_two(&self) -> u64 {
        let t = tables();
        let me = self.to_move.index();
        let empty = self.empty();
        let (_, theirs) = self.tallest(1 - me);
        // The opponent's replies now, and how many of them step into each
        // point (those vanish when that point is filled).
        let (replies, into) = if theirs == 0 {
            (u64::from(empty.count_ones()), None)
        } else {
            let mut replies = 0;
            let mut rest = theirs;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                replies += u64::from((t.adjacent[p] & empty).count_ones());
            }
            (replies, Some(theirs))
        };
        let after = |to: usize| match into {
            None => replies - 1,
            Some(theirs) => replies - u64::from((t.adjacent[to] & theirs).count_ones()),
        };
        let (_, mine) = self.tallest(me);
        let mut total = 0;
        if mine == 0 {
            let mut rest = empty;
            while rest != 0 {
                let to = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                total += after(to);
            }
            return total;
        }
        let mut from_set = mine;
        while from_set != 0 {
            let from = from_set.trailing_zeros() as usize;
            from_set &= from_set - 1;
            let mut rest = t.adjacent[from] & empty;
            while rest != 0 {
                let to = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                total += after(to);
            }
        }
        total
    }

    fn perft_inner(&self, depth: u32) -> u64 {
        if depth == 1 {
            return self.count_raw();
        }
        if depth == 2 {
            return self.perft_two();
        }
        let mut total = 0;
        self.each_turn(|turn| {
            let mut next = self.clone();
            next.apply(&turn);
            if next.outcome.is_none() {
                total += next.perft_inner(depth - 1);
            }
        });
        total
    }
}

impl Game for Sight {
    type Turn = SightTurn;
    const KIND: GameKind = GameKind::Sight;

    const SOLVABLE: bool = true;

    const OPTIONS: &'static [OptionSpec] = &[];

    const WORDS: GameWords = GameWords {
        title: "sight-title",
        summary: "sight-summary",
        notation: "sight-notation",
    };

    fn new(options: &Options) -> Result<Self, OptionError> {
        options.check_specs("sight", Self::OPTIONS)?;
        Ok(Sight {
            height: [0; POINTS],
            pieces: [0; 2],
            to_move: Seat::First,
            outcome: None,
        })
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        Vec::new()
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        Sight::colour_name(seat.index())
    }

    fn generate(&self, out: &mut Vec<SightTurn>) {
        self.each_turn(|turn| out.push(turn));
    }

    fn count_turns(&self) -> u64 {
        if self.outcome.is_some() {
            0
        } else {
            self.count_raw()
        }
    }

    fn parse_turn(&self, text: &str) -> Result<SightTurn, TurnError> {
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let board = PointBoard::five_by_five();
        let syntax = || {
            unparsable(SightRefusal::NotATurn {
                text: text.trim().to_string(),
            })
        };
        let parts = split_squares(text).ok_or_else(syntax)?;
        let mut points = Vec::with_capacity(2);
        for part in &parts {
            match board.parse(part) {
                Some(p) => points.push(p),
                None => {
                    return Err(unparsable(SightRefusal::NotAPoint {
                        point: part.clone(),
                    }))
                }
            }
        }
        match points[..] {
            [p] => self.check_place(p),
            [from, to] => self.check_move(from, to),
            _ => Err(syntax()),
        }
    }

    fn apply(&mut self, turn: &SightTurn) {
        let me = self.to_move.index();
        let grown = self.grown(turn);
        let to = match *turn {
            SightTurn::Place(p) => p as usize,
            SightTurn::Move { from, to } => {
                self.height[from as usize] -= 1;
                to as usize
            }
        };
        self.pieces[me] |= 1 << to;
        self.height[to] = 1;
        let mut rest = grown;
        while rest != 0 {
            let q = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.height[q] += 1;
        }
        let mover = self.to_move;
        self.to_move = mover.other();
        if !self.has_turn(self.to_move.index()) {
            self.outcome = Some(Outcome::win(mover, Reason::NoMoves));
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// A placement's point; or the stack, then the point it moves to.
    fn turn_steps(&self, turn: &SightTurn) -> Vec<Vec<Step>> {
        vec![match *turn {
            SightTurn::Place(p) => vec![Step::on(
                name(p as usize),
                "",
                p as usize,
                MarkKind::Added,
                Some("pick-note-place"),
            )],
            SightTurn::Move { from, to } => vec![
                Step::on(
                    name(from as usize),
                    "",
                    from as usize,
                    MarkKind::From,
                    Some("pick-note-piece"),
                ),
                Step::on(name(to as usize), "-", to as usize, MarkKind::To, None),
            ],
        }]
    }

    fn highlights(&self, turn: &SightTurn) -> Highlights {
        let mut h = Highlights::default();
        match *turn {
            SightTurn::Place(p) => h.mark(p as usize, MarkKind::Added),
            SightTurn::Move { from, to } => {
                h.path = vec![from as usize, to as usize];
                h.mark(from as usize, MarkKind::From);
                h.mark(to as usize, MarkKind::To);
            }
        }
        for q in bits(self.grown(turn) as u64) {
            h.mark(q, MarkKind::Changed);
        }
        h
    }

    fn view(&self) -> BoardView {
        let mut view = BoardView::new(
            Message::new("sight-view-title"),
            Layout::Points { files: 5, ranks: 5 },
        );
        for (p, spot) in view.spots.iter_mut().enumerate() {
            let h = self.height[p] as usize;
            if h > 0 {
                let colour = if self.pieces[0] >> p & 1 == 1 {
                    Colour::White
                } else {
                    Colour::Black
                };
                *spot = Spot::Stack(vec![colour; h]);
            }
        }
        view.status = status_line(self.to_move, self.outcome, |seat| self.seat_message(seat));
        for side in 0..2 {
            let own = self.pieces[side];
            let total: u32 = bits(own as u64).map(|p| self.height[p] as u32).sum();
            let (tallest, _) = self.tallest(side);
            let seat = if side == 0 { Seat::First } else { Seat::Second };
            view.notes.push(
                Message::new("sight-note-pieces")
                    .arg("seat", self.seat_message(seat))
                    .arg("pieces", total)
                    .arg("points", own.count_ones())
                    .arg("tallest", tallest),
            );
        }
        view
    }

    fn can_draw(&self) -> bool {
        false
    }

    /// A loss by no legal move says why: a full board, or the loser's
    /// tallest stacks boxed in (a lower stack could still have moved).
    fn end_detail(&self, outcome: Outcome) -> Option<Message> {
        let Outcome {
            winner: Some(winner),
            reason: Reason::NoMoves,
        } = outcome
        else {
            return None;
        };
        let loser = winner.other();
        if self.empty() == 0 {
            return Some(Message::new("sight-end-full").arg("loser", self.seat_message(loser)));
        }
        let (height, tall) = self.tallest(loser.index());
        Some(
            Message::new("sight-end-boxed")
                .arg("loser", self.seat_message(loser))
                .arg("height", height)
                .arg("count", tall.count_ones())
                .arg("stacks", point_list(tall)),
        )
    }

    /// The player to move is warned when one empty point is all that is
    /// left next to their tallest stacks: the opponent can fill it, and
    /// then they have no legal move.
    fn warning(&self) -> Option<Message> {
        let me = self.to_move.index();
        let (height, tall) = self.tallest(me);
        let t = tables();
        let free = bits(tall as u64).fold(0u32, |free, p| free | (t.adjacent[p] & self.empty()));
        if tall == 0 || free.count_ones() != 1 {
            return None;
        }
        Some(
            Message::new("sight-warning")
                .arg("mover", self.seat_message(self.to_move))
                .arg("height", height)
                .arg("count", tall.count_ones())
                .arg("stacks", point_list(tall))
                .arg("point", name(free.trailing_zeros() as usize)),
        )
    }

    /// The smallest of the position's keys under the board's 8 symmetries.
    fn symmetric_key(&self) -> Option<u64> {
        let t = tables();
        let mut keys = [0u64; 8];
        if self.to_move == Seat::Second {
            keys = [0x9e37_79b9_7f4a_7c15; 8];
        }
        for side in 0..2 {
            for p in bits(self.pieces[side] as u64) {
                debug_assert!((self.height[p] as usize) < KEY_HEIGHTS);
                let h = (self.height[p] as usize).min(KEY_HEIGHTS - 1);
                for (key, &image) in keys.iter_mut().zip(&t.images[p]) {
                    *key ^= t.keys[image as usize][side][h];
                }
            }
        }
        keys.iter().min().map(|&k| k.max(1))
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            1
        } else if self.outcome.is_some() {
            0
        } else {
            self.perft_inner(depth)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Refusal;

    #[test]
    fn every_refusal_is_worded_in_every_language() {
        use SightRefusal as R;
        let few = || vec!["c3".to_string(), "d4".to_string()];
        let many = || (0..20).map(name).collect::<Vec<String>>();
        let all = vec![
            R::NotATurn { text: "zz".into() },
            R::NotAPoint { point: "f1".into() },
            R::MustMove {
                height: 2,
                moves: many(),
            },
            R::Occupied {
                point: "c3".into(),
                own: true,
                empty: few(),
            },
            R::Occupied {
                point: "c3".into(),
                own: false,
                empty: many(),
            },
            R::MustPlace,
            R::NotYours {
                point: "a1".into(),
                opponent: true,
                height: 3,
                tallest: few(),
            },
            R::NotYours {
                point: "a1".into(),
                opponent: false,
                height: 3,
                tallest: few(),
            },
            R::NotTallest {
                point: "a1".into(),
                size: 1,
                height: 3,
                tallest: few(),
            },
            R::NotTallest {
                point: "a1".into(),
                size: 2,
                height: 3,
                tallest: few(),
            },
            R::BadStep {
                from: "c3".into(),
                to: "c5".into(),
                adjacent: false,
                targets: few(),
                moves: vec![],
            },
            R::BadStep {
                from: "c3".into(),
                to: "c4".into(),
                adjacent: true,
                targets: vec![],
                moves: many(),
            },
        ];
        let index = |r: &R| match r {
            R::NotATurn { .. } => 0,
            R::NotAPoint { .. } => 1,
            R::MustMove { .. } => 2,
            R::Occupied { .. } => 3,
            R::MustPlace => 4,
            R::NotYours { .. } => 5,
            R::NotTallest { .. } => 6,
            R::BadStep { .. } => 7,
        };
        let covered: std::collections::BTreeSet<usize> = all.iter().map(index).collect();
        assert_eq!(covered.len(), 8, "a variant has no sample");
        assert_eq!(
            all[4].to_string(),
            "c3 already holds a piece of your opponent; you can place on a1, b1, c1, d1, e1, a2, b2, c2, d2, e2 and 10 more"
        );
        assert_eq!(
            all[11].to_string(),
            "c4 is occupied; the stack on c3 has no empty neighbour; your moves are a1, b1, c1, d1, e1, a2, b2, c2, d2, e2 and 10 more"
        );
        crate::check::assert_refusals_render(all.into_iter().map(Refusal::from).collect());
    }
    use crate::check::slow_perft;

    fn p(n: &str) -> usize {
        PointBoard::five_by_five().parse(n).unwrap()
    }

    fn new() -> Sight {
        Sight::new(&Options::default()).unwrap()
    }

    /// A position from "white points; black points" with heights `a1:3`.
    fn setup(white: &[&str], black: &[&str], to_move: Seat) -> Sight {
        let mut g = new();
        for (side, list) in [white, black].into_iter().enumerate() {
            for item in list {
                let (point, h) = match item.split_once(':') {
                    Some((point, h)) => (point, h.parse().unwrap()),
                    None => (*item, 1),
                };
                let q = p(point);
                g.pieces[side] |= 1 << q;
                g.height[q] = h;
            }
        }
        g.to_move = to_move;
        g
    }

    fn play(g: &mut Sight, text: &str) {
        let turn = g.parse_turn(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.play(&turn).unwrap();
    }

    fn refusal(g: &Sight, text: &str) -> SightRefusal {
        match g.parse_turn(text) {
            Ok(turn) => panic!("{text} accepted as {turn}"),
            Err(TurnError::Illegal(Refusal::Sight(refusal))) => *refusal,
            Err(e) => panic!("{text}: {e:?}"),
        }
    }

    #[test]
    fn start_and_small_perft() {
        let g = new();
        assert_eq!(g.count_turns(), 25);
        assert_eq!(g.perft(1), 25);
        assert_eq!(g.perft(2), 600);
        assert_eq!(g.perft(3), 13800);
        assert_eq!(g.perft(4), slow_perft(&g, 4));
        assert!(!g.can_draw());
        assert!(g.options().is_empty());
        assert!(Sight::new(&Options::from_pairs(&[("size", "7")])).is_err());
    }

    #[test]
    fn two_ply_counting_matches_playing_the_turns() {
        // Positions along seeded random games, stacks and full boards
        // included: perft 2 and 3 counted against the turns played.
        let mut rng = crate::SplitRng::new(41);
        for _ in 0..60 {
            let mut g = new();
            while g.outcome.is_none() {
                assert_eq!(g.perft(2), slow_perft(&g, 2), "{g:?}");
                assert_eq!(g.perft(3), slow_perft(&g, 3), "{g:?}");
                let mut turns = Vec::new();
                g.generate(&mut turns);
                let turn = turns[rng.below(turns.len())];
                g.apply(&turn);
            }
        }
    }

    #[test]
    fn perft_matches_slow_perft_midgame() {
        let mut g = new();
        for t in ["c3", "a1", "c5", "e5"] {
            play(&mut g, t);
        }
        assert_eq!(g.perft(3), slow_perft(&g, 3));
    }

    #[test]
    fn sight_through_empty_points_blocked_by_pieces() {
        // c1 sees c5 along the empty file; a piece on c3 blocks it.
        let g = setup(&["c5", "a1"], &[], Seat::First);
        assert_eq!(
            point_names(g.grown(&SightTurn::Place(p("c1") as u8))),
            ["a1", "c5"]
        );
        let g = setup(&["c5", "a1"], &["c3"], Seat::First);
        assert_eq!(point_names(g.grown(&SightTurn::Place(p("c1") as u8))), ["a1"]);
        // Only the first piece met: a friendly piece behind a friendly one.
        let g = setup(&["c3", "c5"], &[], Seat::First);
        assert_eq!(point_names(g.grown(&SightTurn::Place(p("c1") as u8))), ["c3"]);
    }

    #[test]
    fn diagonals_only_from_strong_points() {
        // b1 is not strong: no diagonal sight to a2 or c2.
        let g = setup(&["a2", "c2"], &[], Seat::First);
        assert_eq!(g.grown(&SightTurn::Place(p("b1") as u8)), 0);
        // a1 is strong: it sees e5 down the long diagonal.
        let g = setup(&["e5"], &[], Seat::First);
        assert_eq!(point_names(g.grown(&SightTurn::Place(p("a1") as u8))), ["e5"]);
        // b2 (strong) sees a3 diagonally; d3 is on none of its lines.
        let g = setup(&["a3", "d3"], &[], Seat::First);
        assert_eq!(point_names(g.grown(&SightTurn::Place(p("b2") as u8))), ["a3"]);
    }

    #[test]
    fn placement_grows_seen_pieces() {
        let mut g = new();
        play(&mut g, "c3");
        play(&mut g, "a1");
        // White's c5 sees c3 (file), Black's a1 is not White's.
        let h = g.highlights(&g.parse_turn("c5").unwrap());
        assert!(h.marks.contains(&crate::Mark {
            spot: p("c3"),
            kind: MarkKind::Changed
        }));
        play(&mut g, "c5");
        assert_eq!(g.height[p("c3")], 2);
        assert_eq!(g.height[p("c5")], 1);
        assert_eq!(g.to_move(), Seat::Second);
        // White now has a stack and must move from it.
        // Black's e1 sees a1 along rank 1 (White's c3 on the diagonal is not Black's).
        play(&mut g, "e1");
        assert_eq!(g.height[p("a1")], 2);
        assert_eq!(g.height[p("c3")], 2);
        assert_eq!(g.count_turns(), 8);
    }

    #[test]
    fn move_grows_seen_pieces_but_not_origin() {
        // White stack of 2 on c3, singles on c1 and e4; black on a4.
        let mut g = setup(&["c3:2", "c1", "e4"], &["a4"], Seat::First);
        // d4 sees c3 (the origin, unchanged) and e4; Black's a4 is not White's.
        play(&mut g, "c3-d4");
        assert_eq!(g.height[p("c3")], 1);
        assert_eq!(g.height[p("d4")], 1);
        assert_eq!(g.height[p("e4")], 2);
        assert_eq!(g.height[p("c1")], 1);
        assert_eq!(g.height[p("a4")], 1);
    }

    #[test]
    fn tallest_stack_rule_is_strict() {
        let g = setup(
            &["c3:3", "a1:2", "b2"],
            &["b3", "c2", "d2", "b4", "c4", "d4", "d3"],
            Seat::First,
        );
        // c3's neighbours are all occupied: no move, even though a1 could move.
        assert_eq!(g.count_turns(), 0);
        assert!(!g.has_turn(0));
        let g = setup(&["c3:3", "a1:2"], &[], Seat::First);
        let legal: Vec<String> = g.legal_turns().iter().map(|t| t.to_string()).collect();
        assert_eq!(legal.len(), 8);
        assert!(legal.iter().all(|t| t.starts_with("c3-")));
        assert_eq!(
            refusal(&g, "a1-a2"),
            SightRefusal::NotTallest {
                point: "a1".into(),
                size: 2,
                height: 3,
                tallest: vec!["c3".into()],
            }
        );
        assert_eq!(
            refusal(&g, "a1-a2").to_string(),
            "a1 is a stack of 2, but you must move from one of your tallest stacks (height 3): c3"
        );
        assert!(matches!(
            refusal(&g, "b4"),
            SightRefusal::MustMove { height: 3, moves } if moves.len() == 8
        ));
        // Equal tallest stacks: either may move.
        let g = setup(&["c3:2", "a1:2"], &[], Seat::First);
        assert_eq!(g.count_turns(), 8 + 3);
    }

    #[test]
    fn no_moves_loses() {
        // Black's only stack on a1 keeps b1 as its one way out.
        let mut g = setup(&["a2", "c3:2"], &["a1:2"], Seat::First);
        play(&mut g, "c3-b2");
        assert!(g.outcome().is_none());
        assert_eq!(g.legal_turns()[0].to_string(), "a1-b1");
        // Black is warned: one empty point is left by the tallest stack.
        let warning = g.warning().map(|m| crate::locales::english(&m));
        assert_eq!(
            warning.as_deref(),
            Some("only b1 is empty next to Black's tallest stack (2 high: a1): if it is filled, Black has no legal move and loses")
        );
        // With b1 taken too, Black cannot move and White wins.
        let mut g = setup(&["a2", "b1", "c3:2"], &["a1:2"], Seat::First);
        play(&mut g, "c3-b2");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Seat::First, Reason::NoMoves))
        );
        assert!(g.legal_turns().is_empty());
        assert_eq!(g.count_turns(), 0);
        assert_eq!(g.parse_turn("c4"), Err(TurnError::GameOver));
        assert_eq!(
            g.view().english().status,
            "White wins: Black has no legal move"
        );
        // Why, though Black has pieces on the board.
        let detail = g.end_detail(g.outcome().unwrap()).map(|m| crate::locales::english(&m));
        assert_eq!(
            detail.as_deref(),
            Some("no empty point is left next to Black's tallest stack (2 high: a1), so Black has no legal move")
        );
    }

    #[test]
    fn full_board_loses() {
        let white: Vec<String> = (0..24).filter(|q| q % 2 == 0).map(name).collect();
        let black: Vec<String> = (0..24).filter(|q| q % 2 == 1).map(name).collect();
        let w: Vec<&str> = white.iter().map(String::as_str).collect();
        let b: Vec<&str> = black.iter().map(String::as_str).collect();
        let mut g = setup(&w, &b, Seat::First);
        play(&mut g, "e5");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Seat::First, Reason::NoMoves))
        );
        let detail = g.end_detail(g.outcome().unwrap()).map(|m| crate::locales::english(&m));
        assert_eq!(
            detail.as_deref(),
            Some("every point is occupied, so Black has no legal move")
        );
    }

    #[test]
    fn notation_and_refusals() {
        let g = setup(&["c3:2"], &["d4"], Seat::First);
        for text in ["c3-c4", "c3c4", "C3 C4", "  c3-C4 ", "c3:c4"] {
            assert_eq!(g.parse_turn(text).unwrap().to_string(), "c3-c4", "{text}");
        }
        let unparsable = |text: &str, refusal: SightRefusal| {
            assert_eq!(
                g.parse_turn(text),
                Err(TurnError::Unparsable(refusal.into())),
                "{text}"
            );
        };
        unparsable("zz", SightRefusal::NotATurn { text: "zz".into() });
        unparsable("c6", SightRefusal::NotAPoint { point: "c6".into() });
        unparsable(
            "a1 b2 c3",
            SightRefusal::NotATurn {
                text: "a1 b2 c3".into(),
            },
        );
        unparsable("", SightRefusal::NotATurn { text: "".into() });
        let neighbours: Vec<String> = ["b2", "c2", "d2", "b3", "d3", "b4", "c4"]
            .map(String::from)
            .to_vec();
        let mut sorted = neighbours.clone();
        sorted.sort_by_key(|n| p(n));
        assert_eq!(
            refusal(&g, "c3-d4"),
            SightRefusal::BadStep {
                from: "c3".into(),
                to: "d4".into(),
                adjacent: true,
                targets: sorted.clone(),
                moves: vec![],
            }
        );
        assert_eq!(
            refusal(&g, "c3-c5"),
            SightRefusal::BadStep {
                from: "c3".into(),
                to: "c5".into(),
                adjacent: false,
                targets: sorted,
                moves: vec![],
            }
        );
        assert_eq!(
            refusal(&g, "c3-c5").to_string(),
            "c5 is not one step from c3 along a line; from c3 you can move to b2, c2, d2, b3, d3, b4 or c4"
        );
        assert_eq!(
            refusal(&g, "d4-d5"),
            SightRefusal::NotYours {
                point: "d4".into(),
                opponent: true,
                height: 2,
                tallest: vec!["c3".into()],
            }
        );
        assert!(matches!(
            refusal(&g, "a1-a2"),
            SightRefusal::NotYours { point, opponent: false, .. } if point == "a1"
        ));
        let g = new();
        assert_eq!(refusal(&g, "c3-c4"), SightRefusal::MustPlace);
        let mut g = new();
        play(&mut g, "c3");
        assert!(matches!(
            refusal(&g, "c3"),
            SightRefusal::Occupied { point, own: false, empty } if point == "c3" && empty.len() == 24
        ));
        assert_eq!(g.parse_turn("C2").unwrap().to_string(), "c2");
    }

    #[test]
    fn highlights_and_view() {
        let g = setup(&["c3:2", "e4"], &["a1"], Seat::First);
        let turn = g.parse_turn("c3-d4").unwrap();
        let h = g.highlights(&turn);
        assert_eq!(h.path, vec![p("c3"), p("d4")]);
        assert!(h.marks.contains(&crate::Mark {
            spot: p("e4"),
            kind: MarkKind::Changed
        }));
        assert!(!h
            .marks
            .iter()
            .any(|m| m.spot == p("c3") && m.kind == MarkKind::Changed));
        let v = g.view().english();
        assert_eq!(v.spots[p("c3")], Spot::Stack(vec![Colour::White; 2]));
        assert_eq!(v.spots[p("a1")], Spot::Stack(vec![Colour::Black]));
        assert_eq!(v.spots[p("b1")], Spot::Empty);
        assert_eq!(v.status, "White to move");
        assert_eq!(v.notes[0], "White: 3 pieces on 2 points, tallest stack 2");
    }

    /// The solver's key is the same for the 8 symmetric images of every
    /// position of random games, and differs between the positions met.
    #[test]
    fn symmetric_key_is_shared_by_symmetric_positions_only() {
        let t = tables();
        let image = |turn: &SightTurn, s: usize| match *turn {
            SightTurn::Place(p) => SightTurn::Place(t.images[p as usize][s]),
            SightTurn::Move { from, to } => SightTurn::Move {
                from: t.images[from as usize][s],
                to: t.images[to as usize][s],
            },
        };
        let mut seen = std::collections::HashMap::new();
        let mut rng = crate::SplitRng::new(11);
        for _ in 0..200 {
            let mut games: Vec<Sight> = (0..8).map(|_| new()).collect();
            loop {
                let key = games[0].symmetric_key().unwrap();
                for g in &games[1..] {
                    assert_eq!(g.symmetric_key(), Some(key), "{g:?}");
                }
                let canonical = games
                    .iter()
                    .map(|g| format!("{:?}{:?}", g.height, g.pieces))
                    .min()
                    .unwrap();
                assert_eq!(
                    seen.entry(key).or_insert_with(|| canonical.clone()),
                    &canonical
                );
                let turns = games[0].legal_turns();
                if turns.is_empty() {
                    break;
                }
                let turn = turns[rng.below(turns.len())];
                for (s, g) in games.iter_mut().enumerate() {
                    let mapped = image(&turn, s);
                    assert!(g.legal_turns().contains(&mapped));
                    g.apply(&mapped);
                }
            }
        }
        assert!(seen.len() > 1000);
    }
}
