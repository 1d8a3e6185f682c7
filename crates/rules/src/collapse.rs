//! Collapse (Kanare Kato): on the 9 x 5 Fanorona board a piece flies along a
//! line until it crashes into an enemy piece, which is captured. Every turn
//! captures exactly one piece; a player who cannot capture loses.
//! See docs/rules/collapse.md.

use std::fmt;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::geometry::{bits, PointBoard};
use super::notation::{names_or, names_or_at_most};
use super::view::status_line;
use super::OptionValue;
use super::{Mark, Step};
use super::{
    BoardView, Colour, Game, GameKind, GameWords, Highlights, Layout, MarkKind, Message,
    OptionError, OptionSpec, Options, Outcome, Reason, Seat, Spot, TurnError,
};

fn board() -> &'static PointBoard {
    PointBoard::nine_by_five()
}

/// `rays()[p][d]`: bitboard of the points from p (exclusive) to the edge in
/// direction d, so a flight's first obstacle is one bit scan away.
fn rays() -> &'static [[u64; 8]; 45] {
    static RAYS: std::sync::OnceLock<[[u64; 8]; 45]> = std::sync::OnceLock::new();
    RAYS.get_or_init(|| {
        let b = board();
        let mut rays = [[0u64; 8]; 45];
        for (p, row) in rays.iter_mut().enumerate() {
            for (d, ray) in row.iter_mut().enumerate() {
                *ray = b.ray(p, d).fold(0, |acc, q| acc | 1 << q);
            }
        }
        rays
    })
}

/// Directions in which point indices grow (north, east, north-east,
/// north-west): their nearest point on a ray is the lowest set bit.
const ASCENDING: [bool; 8] = [true, true, false, false, true, false, false, true];

/// The two setups of the rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Setup {
    /// All 24 perimeter points (default).
    Ring,
    /// Ranks 1 and 5 only.
    Ranks,
}

/// A Collapse position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Collapse {
    setup: Setup,
    /// Bitboards by seat: `pieces[0]` White, `pieces[1]` Black.
    pieces: [u64; 2],
    to_move: Seat,
    /// Number of legal turns of the player to move (kept by `apply`: it
    /// decides `no-moves` and makes the last ply of perft free).
    turn_count: u16,
    outcome: Option<Outcome>,
}

/// A turn: the piece's point and where it stops (the crash victim lies one
/// step further in the same direction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CollapseTurn {
    pub from: u8,
    pub to: u8,
}

impl fmt::Display for CollapseTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}",
            board().name(self.from as usize),
            board().name(self.to as usize)
        )
    }
}

impl Collapse {
    /// The flight of the piece on `from` in direction `d`: the landing
    /// point and the enemy captured, if that direction gives a move.
    #[inline]
    fn flight(&self, from: usize, d: usize, mine: u64, theirs: u64) -> Option<(usize, usize)> {
        let ray = rays()[from][d];
        let blockers = ray & (mine | theirs);
        if blockers == 0 {
            return None;
        }
        let hit = if ASCENDING[d] {
            blockers.trailing_zeros() as usize
        } else {
            63 - blockers.leading_zeros() as usize
        };
        if theirs >> hit & 1 == 0 {
            return None;
        }
        // The landing point is the one just before the hit, back towards `from`.
        let landing = board().step(hit, super::geometry::OPPOSITE[d])?;
        (landing != from).then_some((landing, hit))
    }

    fn sides(&self) -> (u64, u64) {
        let me = self.to_move.index();
        (self.pieces[me], self.pieces[1 - me])
    }

    /// The captured point of a legal turn.
    fn victim(&self, turn: &CollapseTurn) -> usize {
        let b = board();
        let d = direction_towards(turn.from as usize, turn.to as usize).unwrap_or(0);
        b.step(turn.to as usize, d).unwrap_or(turn.to as usize)
    }
}

/// Shifts of whole bitboards by 1, 2 and 4 steps along each direction
/// (points without that many steps that way drop out), the rays, and the
/// point before each point looking back along a direction: what perft and
/// the turn count use in their inner loops, in one table.
struct Kernel {
    /// `can[k][d]`: the points with `2^k` steps in direction `d`.
    can: [[u64; 8]; 3],
    /// `rotate[k][d]`: the index change of `2^k` steps, mod 64.
    rotate: [[u32; 8]; 3],
    all: u64,
    rays: [[u64; 8]; 45],
    /// `back[p][d]`: the neighbour of `p` against direction `d`, or 64.
    back: [[u8; 8]; 45],
}

fn kernel() -> &'static Kernel {
    static KERNEL: std::sync::OnceLock<Kernel> = std::sync::OnceLock::new();
    KERNEL.get_or_init(|| {
        let b = board();
        let mut can = [[0u64; 8]; 3];
        let mut rotate = [[0u32; 8]; 3];
        let mut back = [[64u8; 8]; 45];
        for d in 0..8 {
            let (df, dr) = super::geometry::DIRECTIONS[d];
            let delta = i64::from(dr) * 9 + i64::from(df);
            for (k, steps) in [1usize, 2, 4].into_iter().enumerate() {
                rotate[k][d] = (delta * steps as i64).rem_euclid(64) as u32;
                for p in 0..45 {
                    let mut q = Some(p);
                    for _ in 0..steps {
                        q = q.and_then(|q| b.step(q, d));
                    }
                    if q.is_some() {
                        can[k][d] |= 1 << p;
                    }
                }
            }
            for (p, row) in back.iter_mut().enumerate() {
                if let Some(q) = b.step(p, super::geometry::OPPOSITE[d]) {
                    row[d] = q as u8;
                }
            }
        }
        Kernel {
            can,
            rotate,
            all: b.all,
            rays: *rays(),
            back,
        }
    })
}

impl Kernel {
    #[inline(always)]
    fn shift(&self, set: u64, k: usize, d: usize) -> u64 {
        (set & self.can[k][d]).rotate_left(self.rotate[k][d])
    }

    /// The number of legal turns of `mine` against `theirs`, every piece
    /// at once: per direction, flood from each piece's first empty point
    /// through empty points (a fill in steps of 1, 2 and 4); the enemies
    /// just beyond the flood are the crashes. Two pieces never crash into
    /// the same enemy from the same direction (the nearer one blocks the
    /// other), so the crashes count the turns.
    #[inline]
    fn count(&self, mine: u64, theirs: u64) -> u64 {
        let empty = self.all & !(mine | theirs);
        let mut count = 0;
        for d in 0..8 {
            let mut flood = self.shift(mine, 0, d) & empty;
            let mut open = empty;
            flood |= open & self.shift(flood, 0, d);
            open &= self.shift(open, 0, d);
            flood |= open & self.shift(flood, 1, d);
            open &= self.shift(open, 1, d);
            flood |= open & self.shift(flood, 2, d);
            count += u64::from((self.shift(flood, 0, d) & theirs).count_ones());
        }
        count
    }

    /// Bulk perft on bare bitboards (`mine` moves next): no position is
    /// built and the last ply is counted by [`Kernel::count`].
    fn perft(&self, mine: u64, theirs: u64, depth: u32) -> u64 {
        if depth <= 1 {
            return self.count(mine, theirs);
        }
        let occupied = mine | theirs;
        let mut total = 0;
        let mut pieces = mine;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let rays = &self.rays[from];
            for (d, &ray) in rays.iter().enumerate() {
                let blockers = ray & occupied;
                if blockers == 0 {
                    continue;
                }
                let hit = if ASCENDING[d] {
                    blockers.trailing_zeros() as usize
                } else {
                    63 - blockers.leading_zeros() as usize
                };
                if theirs >> hit & 1 == 0 {
                    continue;
                }
                let landing = usize::from(self.back[hit][d]);
                if landing == from || landing >= 45 {
                    continue;
                }
                let moved = (mine & !(1 << from)) | 1 << landing;
                total += self.perft(theirs & !(1 << hit), moved, depth - 1);
            }
        }
        total
    }
}

/// The number of legal turns of `mine` against `theirs` ([`Kernel::count`]).
fn count_flights(mine: u64, theirs: u64) -> u64 {
    kernel().count(mine, theirs)
}

/// The direction of the straight line from `from` to `to`, if they lie on
/// one of `from`'s lines.
fn direction_towards(from: usize, to: usize) -> Option<usize> {
    let b = board();
    (0..8).find(|&d| b.ray(from, d).any(|p| p == to))
}

/// At most this many pieces are listed.
const LISTED: usize = 10;

/// Why a Collapse turn was refused, with what the player needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CollapseRefusal {
    /// The text is not two points.
    NotATurn { text: String },
    /// A name that is not a point of the board.
    NotAPoint { point: String },
    /// A turn from a point without the player's piece (`opponent`: the
    /// opponent's piece is there, else it is empty): the points of the
    /// player's (`colour`: their seat's name) pieces that can capture.
    NotYours {
        point: String,
        opponent: bool,
        colour: &'static str,
        movable: Vec<String>,
    },
    /// A target not on any line from the piece, and that piece's moves.
    NotOnALine {
        from: String,
        to: String,
        moves: Vec<String>,
    },
    /// The piece does not capture on the target in that direction: why
    /// not, and that piece's moves.
    NoCapture {
        from: String,
        heading: Heading,
        flight: Flight,
        moves: Vec<String>,
    },
}

/// A direction of flight, as the player sees the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heading {
    Up,
    Right,
    Down,
    Left,
    UpRight,
    DownRight,
    DownLeft,
    UpLeft,
}

impl Heading {
    /// The heading of the board's direction `d` (0 to 7).
    fn of(d: usize) -> Heading {
        [
            Heading::Up,
            Heading::Right,
            Heading::Down,
            Heading::Left,
            Heading::UpRight,
            Heading::DownRight,
            Heading::DownLeft,
            Heading::UpLeft,
        ][d % 8]
    }

    fn message(self) -> Message {
        Message::new(match self {
            Heading::Up => "collapse-heading-up",
            Heading::Right => "collapse-heading-right",
            Heading::Down => "collapse-heading-down",
            Heading::Left => "collapse-heading-left",
            Heading::UpRight => "collapse-heading-up-right",
            Heading::DownRight => "collapse-heading-down-right",
            Heading::DownLeft => "collapse-heading-down-left",
            Heading::UpLeft => "collapse-heading-up-left",
        })
    }
}

/// How a flight in one direction ends when it does not capture the
/// piece or stop on the point named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flight {
    /// It stops on `stop`, capturing the (`colour`) piece on `victim`.
    Stops {
        stop: String,
        victim: String,
        colour: &'static str,
    },
    /// A piece right next to it: it cannot move that way.
    TooClose { next: String },
    /// It would crash into the player's own piece.
    OwnPiece { at: String },
    /// It reaches the edge without meeting a piece.
    Edge,
}

impl CollapseRefusal {
    /// The refusal for a reader in any language.
    pub fn message(&self) -> Message {
        use CollapseRefusal as R;
        match self {
            R::NotATurn { text } => {
                Message::new("collapse-refusal-not-a-turn").arg("text", text.as_str())
            }
            R::NotAPoint { point } => {
                Message::new("collapse-refusal-not-a-point").arg("point", point.as_str())
            }
            R::NotYours {
                point,
                opponent,
                colour,
                movable,
            } => Message::new("collapse-refusal-not-yours")
                .arg("point", point.as_str())
                .arg("holds", if *opponent { "opponent" } else { "empty" })
                .arg("colour", *colour)
                .arg("movable", names_or_at_most(movable, LISTED)),
            R::NotOnALine { from, to, moves } => {
                let hint = if moves.is_empty() {
                    Message::new("collapse-hint-piece-none").arg("from", from.as_str())
                } else {
                    hint_moves(from, moves)
                };
                Message::new("collapse-refusal-not-on-a-line")
                    .arg("from", from.as_str())
                    .arg("to", to.as_str())
                    .arg("hint", hint)
            }
            R::NoCapture {
                from,
                heading,
                flight,
                moves,
            } => {
                let flight = match flight {
                    Flight::Stops {
                        stop,
                        victim,
                        colour,
                    } => Message::new("collapse-flight-stops")
                        .arg("from", from.as_str())
                        .arg("heading", heading.message())
                        .arg("stop", stop.as_str())
                        .arg("colour", *colour)
                        .arg("victim", victim.as_str()),
                    Flight::TooClose { next } => Message::new("collapse-flight-too-close")
                        .arg("from", from.as_str())
                        .arg("heading", heading.message())
                        .arg("next", next.as_str()),
                    Flight::OwnPiece { at } => Message::new("collapse-flight-own-piece")
                        .arg("from", from.as_str())
                        .arg("heading", heading.message())
                        .arg("at", at.as_str()),
                    Flight::Edge => Message::new("collapse-flight-edge")
                        .arg("from", from.as_str())
                        .arg("heading", heading.message()),
                };
                let hint = if moves.is_empty() {
                    Message::new("collapse-hint-none")
                } else {
                    hint_moves(from, moves)
                };
                Message::new("collapse-refusal-no-capture")
                    .arg("flight", flight)
                    .arg("hint", hint)
            }
        }
    }
}

/// "from c1 you can play c1-c4 or c1-e3".
fn hint_moves(from: &str, moves: &[String]) -> Message {
    Message::new("collapse-hint-moves")
        .arg("from", from)
        .arg("moves", names_or(moves))
}

fn unparsable(refusal: CollapseRefusal) -> TurnError {
    TurnError::Unparsable(refusal.into())
}

fn illegal(refusal: CollapseRefusal) -> TurnError {
    TurnError::Illegal(refusal.into())
}

impl Game for Collapse {
    type Turn = CollapseTurn;
    const KIND: GameKind = GameKind::Collapse;

    const SOLVABLE: bool = true;

    const OPTIONS: &'static [OptionSpec] = &[OptionSpec::choice(
        "setup",
        &["ring", "ranks"],
        "collapse-option-setup",
    )];

    const WORDS: GameWords = GameWords {
        title: "collapse-title",
        summary: "collapse-summary",
        notation: "collapse-notation",
    };

    fn new(options: &Options) -> Result<Self, OptionError> {
        options.check_specs("collapse", Self::OPTIONS)?;
        let setup = match options.choice_of(&Self::OPTIONS[0])? {
            "ranks" => Setup::Ranks,
            _ => Setup::Ring,
        };
        let b = board();
        let mut white = 0u64;
        let mut black = 0u64;
        for file in 0..9 {
            white |= 1 << b.index(file, 0);
            black |= 1 << b.index(file, 4);
        }
        if setup == Setup::Ring {
            for rank in 1..4 {
                white |= 1 << b.index(0, rank);
                black |= 1 << b.index(8, rank);
            }
        }
        let mut game = Collapse {
            setup,
            pieces: [white, black],
            to_move: Seat::First,
            turn_count: 0,
            outcome: None,
        };
        game.turn_count = count_flights(white, black) as u16;
        Ok(game)
    }

    fn options(&self) -> Vec<(&'static str, OptionValue)> {
        let setup = match self.setup {
            Setup::Ring => "ring",
            Setup::Ranks => "ranks",
        };
        vec![("setup", OptionValue::from(setup))]
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

    fn generate(&self, out: &mut Vec<CollapseTurn>) {
        if self.outcome.is_some() {
            return;
        }
        let (mine, theirs) = self.sides();
        for from in bits(mine) {
            for d in 0..8 {
                if let Some((to, _)) = self.flight(from, d, mine, theirs) {
                    out.push(CollapseTurn {
                        from: from as u8,
                        to: to as u8,
                    });
                }
            }
        }
    }

    fn count_turns(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        u64::from(self.turn_count)
    }

    fn parse_turn(&self, text: &str) -> Result<CollapseTurn, TurnError> {
        let b = board();
        let lower = text.trim().to_ascii_lowercase();
        let capture_form = lower.contains('x');
        let cleaned = lower.replace('x', " ");
        let squares = super::notation::split_squares(&cleaned).unwrap_or_default();
        let [from_text, to_text] = squares.as_slice() else {
            return Err(unparsable(CollapseRefusal::NotATurn {
                text: text.trim().to_string(),
            }));
        };
        let from = b.parse(from_text).ok_or_else(|| {
            unparsable(CollapseRefusal::NotAPoint {
                point: from_text.clone(),
            })
        })?;
        let target = b.parse(to_text).ok_or_else(|| {
            unparsable(CollapseRefusal::NotAPoint {
                point: to_text.clone(),
            })
        })?;
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let (mine, theirs) = self.sides();
        let from_name = b.name(from);
        if mine >> from & 1 == 0 {
            let movable: Vec<String> = bits(mine)
                .filter(|&p| (0..8).any(|d| self.flight(p, d, mine, theirs).is_some()))
                .map(|p| b.name(p))
                .collect();
            return Err(illegal(CollapseRefusal::NotYours {
                point: from_name,
                opponent: theirs >> from & 1 == 1,
                colour: self.seat_name(self.to_move),
                movable,
            }));
        }
        let piece_moves = || {
            let mut names: Vec<String> = (0..8)
                .filter_map(|d| self.flight(from, d, mine, theirs))
                .map(|(to, _)| format!("{from_name}-{}", b.name(to)))
                .collect();
            names.sort();
            names
        };
        let Some(d) = direction_towards(from, target) else {
            return Err(illegal(CollapseRefusal::NotOnALine {
                from: from_name.clone(),
                to: b.name(target),
                moves: piece_moves(),
            }));
        };
        let flight = match self.flight(from, d, mine, theirs) {
            Some((to, victim)) => {
                let wanted = if capture_form { victim } else { to };
                if wanted == target {
                    return Ok(CollapseTurn {
                        from: from as u8,
                        to: to as u8,
                    });
                }
                Flight::Stops {
                    stop: b.name(to),
                    victim: b.name(victim),
                    colour: self.seat_name(self.to_move.other()),
                }
            }
            None => {
                // Say why this direction gives no move.
                let first = b.ray(from, d).find(|&p| (mine | theirs) >> p & 1 == 1);
                match first {
                    Some(p) if b.step(from, d) == Some(p) => Flight::TooClose { next: b.name(p) },
                    Some(p) if mine >> p & 1 == 1 => Flight::OwnPiece { at: b.name(p) },
                    _ => Flight::Edge,
                }
            }
        };
        Err(illegal(CollapseRefusal::NoCapture {
            from: from_name.clone(),
            heading: Heading::of(d),
            flight,
            moves: piece_moves(),
        }))
    }

    fn apply(&mut self, turn: &CollapseTurn) {
        let victim = self.victim(turn);
        let me = self.to_move.index();
        self.pieces[me] = (self.pieces[me] & !(1 << turn.from)) | 1 << turn.to;
        self.pieces[1 - me] &= !(1 << victim);
        self.to_move = self.to_move.other();
        let (mine, theirs) = self.sides();
        self.turn_count = count_flights(mine, theirs) as u16;
        if self.turn_count == 0 {
            self.outcome = Some(Outcome::win(self.to_move.other(), Reason::NoMoves));
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_some() {
            return 0;
        }
        let (mine, theirs) = self.sides();
        kernel().perft(mine, theirs, depth)
    }

    /// The piece, then where it stops (capturing the piece beyond).
    fn turn_steps(&self, turn: &CollapseTurn) -> Vec<Vec<Step>> {
        let (from, to) = (turn.from as usize, turn.to as usize);
        let mut stop = Step::on(board().name(to), "-", to, MarkKind::To, None);
        stop.marks.push(Mark {
            spot: self.victim(turn),
            kind: MarkKind::Captured,
        });
        vec![vec![
            Step::on(board().name(from), "", from, MarkKind::From, None),
            stop,
        ]]
    }

    fn highlights(&self, turn: &CollapseTurn) -> Highlights {
        let mut h = Highlights {
            path: vec![turn.from as usize, turn.to as usize],
            marks: Vec::new(),
        };
        h.mark(turn.from as usize, MarkKind::From);
        h.mark(turn.to as usize, MarkKind::To);
        h.mark(self.victim(turn), MarkKind::Captured);
        h
    }

    fn view(&self) -> BoardView {
        let title = Message::new(match self.setup {
            Setup::Ring => "collapse-view-title",
            Setup::Ranks => "collapse-view-title-ranks",
        });
        let mut view = BoardView::new(title, Layout::Points { files: 9, ranks: 5 });
        for (seat, colour) in [(0, Colour::White), (1, Colour::Black)] {
            for p in bits(self.pieces[seat]) {
                view.spots[p] = Spot::Stack(vec![colour]);
            }
        }
        let start = if self.setup == Setup::Ring { 12 } else { 9 };
        for seat in Seat::BOTH {
            let left = self.pieces[seat.index()].count_ones();
            view.notes.push(
                Message::new("collapse-note-pieces")
                    .arg("seat", self.seat_message(seat))
                    .arg("count", left)
                    .arg("lost", start - left),
            );
        }
        view.status = status_line(self.to_move, self.outcome, |s| self.seat_message(s));
        view
    }

    fn can_draw(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Refusal;

    fn game(setup: &str) -> Collapse {
        Collapse::new(&Options::from_pairs(&[("setup", setup)])).unwrap()
    }

    fn play(g: &mut Collapse, text: &str) {
        let turn = g.parse_turn(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.play(&turn).unwrap();
    }

    fn error(g: &Collapse, text: &str) -> CollapseRefusal {
        match g.parse_turn(text) {
            Err(TurnError::Illegal(Refusal::Collapse(refusal)))
            | Err(TurnError::Unparsable(Refusal::Collapse(refusal))) => *refusal,
            other => panic!("{text}: {other:?}"),
        }
    }

    /// The direction and end of a refused flight.
    fn flight(g: &Collapse, text: &str) -> (Heading, Flight) {
        match error(g, text) {
            CollapseRefusal::NoCapture {
                heading, flight, ..
            } => (heading, flight),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn every_refusal_is_worded_in_every_language() {
        use CollapseRefusal as R;
        let moves = || vec!["c1-c4".to_string(), "c1-e3".to_string()];
        let many: Vec<String> = (0..15).map(|p| board().name(p)).collect();
        let no_capture = |heading, flight, moves| R::NoCapture {
            from: "c1".into(),
            heading,
            flight,
            moves,
        };
        let mut all = vec![
            R::NotATurn {
                text: "hello".into(),
            },
            R::NotAPoint { point: "z9".into() },
            R::NotYours {
                point: "c5".into(),
                opponent: true,
                colour: "white",
                movable: many,
            },
            R::NotYours {
                point: "e3".into(),
                opponent: false,
                colour: "black",
                movable: vec!["a1".into()],
            },
            R::NotOnALine {
                from: "b1".into(),
                to: "c2".into(),
                moves: moves(),
            },
            R::NotOnALine {
                from: "b1".into(),
                to: "c2".into(),
                moves: vec![],
            },
            no_capture(
                Heading::Up,
                Flight::Stops {
                    stop: "c4".into(),
                    victim: "c5".into(),
                    colour: "black",
                },
                moves(),
            ),
            no_capture(
                Heading::Left,
                Flight::Stops {
                    stop: "c4".into(),
                    victim: "c5".into(),
                    colour: "white",
                },
                vec![],
            ),
            no_capture(
                Heading::Right,
                Flight::TooClose { next: "d1".into() },
                moves(),
            ),
            no_capture(
                Heading::UpLeft,
                Flight::OwnPiece { at: "a3".into() },
                moves(),
            ),
        ];
        for heading in [
            Heading::Down,
            Heading::UpRight,
            Heading::DownRight,
            Heading::DownLeft,
        ] {
            all.push(no_capture(heading, Flight::Edge, moves()));
        }
        let index = |r: &R| match r {
            R::NotATurn { .. } => 0,
            R::NotAPoint { .. } => 1,
            R::NotYours { .. } => 2,
            R::NotOnALine { .. } => 3,
            R::NoCapture { .. } => 4,
        };
        let covered: std::collections::BTreeSet<usize> = all.iter().map(index).collect();
        assert_eq!(covered.len(), 5, "a variant has no sample");
        assert_eq!(
            all[2].to_string(),
            "c5 holds your opponent's piece; the white pieces that can capture are on a1, b1, c1, d1, e1, f1, g1, h1, i1, a2 or 5 more"
        );
        crate::check::assert_refusals_render(all.into_iter().map(Refusal::from).collect());
    }

    #[test]
    fn setups_and_first_moves() {
        let ring = game("ring");
        assert_eq!(ring.pieces[0].count_ones(), 12);
        assert_eq!(ring.pieces[1].count_ones(), 12);
        assert_eq!(ring.count_turns(), 18);
        let ranks = game("ranks");
        assert_eq!(ranks.pieces[0].count_ones(), 9);
        assert_eq!(ranks.count_turns(), 15);
        // c1 flies up to c4 and captures c5.
        let mut g = game("ring");
        play(&mut g, "c1-c4");
        assert_eq!(g.pieces[1].count_ones(), 11);
        assert!(g.pieces[0] >> board().parse("c4").unwrap() & 1 == 1);
    }

    #[test]
    fn looser_forms_and_capture_naming() {
        let g = game("ring");
        let canonical = g.parse_turn("c1-c4").unwrap();
        for form in ["C1C4", " c1 c4 ", "c1xc5", "c1:c4"] {
            assert_eq!(g.parse_turn(form).unwrap(), canonical, "{form}");
        }
        assert_eq!(canonical.to_string(), "c1-c4");
    }

    #[test]
    fn blocked_by_a_friendly_piece() {
        // a1 going up meets the white piece on a2 at once; b1 going left meets a1.
        let g = game("ring");
        assert_eq!(
            flight(&g, "a2-a3"),
            (Heading::Up, Flight::TooClose { next: "a3".into() })
        );
        // a4 going up-right (a4 is not strong) has no diagonal; a2-h2 crashes into i2 (black): legal.
        assert!(g.parse_turn("a2-h2").is_ok());
        // c1 going up-left: b2, a3 is white: friendly crash.
        assert_eq!(
            flight(&g, "c1-b2"),
            (Heading::UpLeft, Flight::OwnPiece { at: "a3".into() })
        );
    }

    #[test]
    fn blocked_by_an_adjacent_piece() {
        let g = game("ring");
        assert_eq!(
            flight(&g, "b1-c1"),
            (Heading::Right, Flight::TooClose { next: "c1".into() })
        );
        assert_eq!(
            flight(&g, "a1-a2"),
            (Heading::Up, Flight::TooClose { next: "a2".into() })
        );
    }

    #[test]
    fn landing_must_be_the_crash_point() {
        let g = game("ring");
        assert_eq!(
            flight(&g, "c1-c3"),
            (
                Heading::Up,
                Flight::Stops {
                    stop: "c4".into(),
                    victim: "c5".into(),
                    colour: "black",
                }
            )
        );
        assert_eq!(
            g.parse_turn("c1-c3").unwrap_err().to_string(),
            "the piece on c1 going up stops on c4 before the black piece on c5: play c1-c4; from c1 you can play c1-c4 or c1-f4"
        );
    }

    #[test]
    fn diagonals_only_from_strong_points() {
        let g = game("ranks");
        // b1 is not strong: no diagonal flight.
        assert!(
            matches!(error(&g, "b1-c2"), CollapseRefusal::NotOnALine { from, to, .. } if from == "b1" && to == "c2")
        );
        // c1 is strong: c1 -> up-right d2, e3, f4 then g5 (black): lands on f4.
        assert!(g.parse_turn("c1-f4").is_ok());
    }

    #[test]
    fn wrong_pieces_and_junk() {
        let g = game("ring");
        assert!(matches!(
            error(&g, "c5-c2"),
            CollapseRefusal::NotYours {
                opponent: true,
                colour: "white",
                ..
            }
        ));
        assert!(matches!(
            error(&g, "e3-e4"),
            CollapseRefusal::NotYours {
                opponent: false,
                ..
            }
        ));
        assert_eq!(
            g.parse_turn("z9-c4"),
            Err(unparsable(CollapseRefusal::NotAPoint {
                point: "z9".into()
            }))
        );
        assert_eq!(
            g.parse_turn("hello"),
            Err(unparsable(CollapseRefusal::NotATurn {
                text: "hello".into()
            }))
        );
        assert_eq!(
            g.parse_turn("c1-c4-c5"),
            Err(unparsable(CollapseRefusal::NotATurn {
                text: "c1-c4-c5".into()
            }))
        );
    }

    #[test]
    fn no_moves_loses() {
        // Play random games to the end: the loser is the player to move with
        // no capture, and the game always ends within 23 turns.
        let mut rng = crate::SplitRng::new(5);
        for _ in 0..50 {
            let mut g = game("ring");
            let mut turns = 0;
            while g.outcome().is_none() {
                let t = g.random_turn(&mut rng).unwrap();
                g.apply(&t);
                turns += 1;
            }
            assert!(turns <= 23);
            let o = g.outcome().unwrap();
            assert_eq!(o.reason, Reason::NoMoves);
            assert_eq!(o.winner, Some(g.to_move.other()));
            assert!(g.legal_turns().is_empty());
        }
    }

    /// The flood count in steps of 1, 2 and 4 against walking every
    /// piece's flights, along random games of both setups.
    #[test]
    fn bulk_counts_match_the_flights() {
        let mut rng = crate::SplitRng::new(5);
        for setup in ["ring", "ranks"] {
            for _ in 0..40 {
                let mut g = game(setup);
                while g.outcome.is_none() {
                    let mut turns = Vec::new();
                    g.generate(&mut turns);
                    assert_eq!(g.count_turns(), turns.len() as u64);
                    assert_eq!(g.perft(3), crate::check::slow_perft(&g, 3));
                    let turn = turns[rng.below(turns.len())];
                    g.apply(&turn);
                }
            }
        }
    }

    #[test]
    fn perft_start() {
        let g = game("ring");
        assert_eq!(g.perft(1), 18);
        assert_eq!(g.perft(2), 250);
        assert_eq!(g.perft(3), 2850);
        let g = game("ranks");
        assert_eq!(g.perft(3), 1408);
        assert_eq!(crate::check::slow_perft(&g, 3), 1408);
    }
}
