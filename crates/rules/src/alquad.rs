//! Alquad (Kanare Kato, 2024), see docs/rules/alquad.md.
//!
//! A placement game on the 5 x 5 Alquerque board with a pie-rule setup: the
//! setter (`Seat::First`) places one White and one Black piece, the chooser
//! (`Seat::Second`) picks a colour, then White and Black place pieces in
//! turn. Completing a square (upright, or tilted 45 degrees on strong
//! points) is a check; the opponent's one reply must complete a strictly
//! larger square, or the checker wins.
//!
//! Pieces are `u32` bitboards (bit i = point i, `a1` = 0). Every square is
//! precomputed as a 4-point mask with its area, listed per corner point
//! from the largest area down, so a placement's best square is the first
//! mask in its list that the mover's pieces cover.

mod solving;

use std::fmt;
use std::sync::OnceLock;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::geometry::{bits, PointBoard};
use super::notation::names_cut;
use super::view::status_line;
use super::OptionValue;
use super::Step;
use super::{
    BoardView, Colour, Game, GameKind, GameWords, Highlights, Layout, MarkKind, Message,
    OptionError, OptionSpec, Options, Outcome, Reason, Seat, Seating, Spot, TurnError,
};

const POINTS: usize = 25;
const ALL: u32 = (1 << POINTS) - 1;
/// Pieces each player has in hand after the setup (12 in all with the one
/// the setter placed).
const HAND: u8 = 11;

/// A square: its four corners as a mask, and its area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Square {
    mask: u32,
    area: u8,
}

/// For each point, the squares having it as a corner, largest area first.
struct Squares {
    by_point: Vec<Vec<Square>>,
}

fn squares() -> &'static Squares {
    static SQUARES: OnceLock<Squares> = OnceLock::new();
    SQUARES.get_or_init(|| {
        let board = PointBoard::five_by_five();
        let at = |x: i32, y: i32| -> Option<u32> {
            ((0..5).contains(&x) && (0..5).contains(&y)).then(|| 1u32 << (y * 5 + x))
        };
        let mut all = Vec::new();
        for k in 1..5i32 {
            for x in 0..5i32 {
                for y in 0..5i32 {
                    // Upright: (x, y), (x+k, y), (x, y+k), (x+k, y+k).
                    if let (Some(a), Some(b), Some(c), Some(d)) =
                        (at(x, y), at(x + k, y), at(x, y + k), at(x + k, y + k))
                    {
                        all.push(Square {
                            mask: a | b | c | d,
                            area: (k * k) as u8,
                        });
                    }
                    // Tilted: (x, y), (x+k, y+k), (x, y+2k), (x-k, y+k), on
                    // strong points only.
                    if let (Some(a), Some(b), Some(c), Some(d)) = (
                        at(x, y),
                        at(x + k, y + k),
                        at(x, y + 2 * k),
                        at(x - k, y + k),
                    ) {
                        let mask = a | b | c | d;
                        if mask & board.strong as u32 == mask {
                            all.push(Square {
                                mask,
                                area: (2 * k * k) as u8,
                            });
                        }
                    }
                }
            }
        }
        let mut by_point = vec![Vec::new(); POINTS];
        for square in &all {
            for p in bits(square.mask as u64) {
                by_point[p].push(*square);
            }
        }
        for list in &mut by_point {
            list.sort_by_key(|s| std::cmp::Reverse(s.area));
        }
        Squares { by_point }
    })
}

/// The largest area among the squares of `own` that have `p` as a corner
/// (`own` includes `p`); 0 if none.
#[inline]
fn best_square(own: u32, p: usize) -> u8 {
    for square in &squares().by_point[p] {
        if own & square.mask == square.mask {
            return square.area;
        }
    }
    0
}

/// The largest square all of whose corners are in `own`, if any.
fn largest_square(own: u32) -> Option<Square> {
    squares()
        .by_point
        .iter()
        .flatten()
        .filter(|s| own & s.mask == s.mask)
        .max_by_key(|s| s.area)
        .copied()
}

fn name(p: usize) -> String {
    PointBoard::five_by_five().name(p)
}

/// "a1, b2 or c3", cut to ten names with "and N more".
fn short_list(names: &[String]) -> Message {
    names_cut(names, 10, true)
}

/// Why an Alquad turn was refused, with what the player needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlquadRefusal {
    /// Text with `:` that is not a setup.
    NotASetup { text: String },
    /// A name that is not a point of the board.
    NotAPoint { point: String },
    /// A setup naming two points of one colour.
    TwoOfOneColour { text: String, side: Side },
    /// A placement on an occupied point (`own`: by the player's own
    /// piece), and the empty points.
    Occupied {
        point: String,
        own: bool,
        empty: Vec<String>,
    },
    /// A setup with both pieces on one point.
    SamePoint { point: String },
    /// A setup once the setup is done, while the colours are chosen.
    SetupDone,
    /// A setup once placements have begun: an empty point as an example.
    SetupOver { example: String },
    /// A colour named during the setup.
    ColoursAfterSetup,
    /// A colour named once the colours are chosen.
    ColoursChosen { setter: Side, chooser: Side },
    /// A point named during the setup.
    SetupFirst,
    /// A point named before the chooser picked a colour.
    ChooseFirst,
    /// Text that is no turn of the game: what was expected now.
    NotATurn { text: String, expected: Phase },
}

impl AlquadRefusal {
    /// The refusal for a reader in any language.
    pub fn message(&self) -> Message {
        use AlquadRefusal as R;
        match self {
            R::NotASetup { text } => {
                Message::new("alquad-refusal-not-a-setup").arg("text", text.as_str())
            }
            R::NotAPoint { point } => {
                Message::new("alquad-refusal-not-a-point").arg("point", point.as_str())
            }
            R::TwoOfOneColour { text, side } => Message::new("alquad-refusal-two-of-one-colour")
                .arg("text", text.as_str())
                .arg("side", side.name()),
            R::Occupied { point, own, empty } => Message::new("alquad-refusal-occupied")
                .arg("point", point.as_str())
                .arg("whose", if *own { "own" } else { "opponent" })
                .arg("empty", short_list(empty)),
            R::SamePoint { point } => {
                Message::new("alquad-refusal-same-point").arg("point", point.as_str())
            }
            R::SetupDone => Message::new("alquad-refusal-setup-done"),
            R::SetupOver { example } => {
                Message::new("alquad-refusal-setup-over").arg("example", example.as_str())
            }
            R::ColoursAfterSetup => Message::new("alquad-refusal-colours-after-setup"),
            R::ColoursChosen { setter, chooser } => Message::new("alquad-refusal-colours-chosen")
                .arg("setter", setter.name())
                .arg("chooser", chooser.name()),
            R::SetupFirst => Message::new("alquad-refusal-setup-first"),
            R::ChooseFirst => Message::new("alquad-refusal-choose-first"),
            R::NotATurn { text, expected } => Message::new("alquad-refusal-not-a-turn")
                .arg("text", text.as_str())
                .arg(
                    "expected",
                    match expected {
                        Phase::Setup => "setup",
                        Phase::Choose => "colour",
                        Phase::Play => "point",
                    },
                ),
        }
    }
}

fn illegal(refusal: AlquadRefusal) -> TurnError {
    TurnError::Illegal(refusal.into())
}

fn unparsable(refusal: AlquadRefusal) -> TurnError {
    TurnError::Unparsable(refusal.into())
}

/// A piece colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    White,
    Black,
}

impl Side {
    fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// The colour's name for a reader ("White").
    fn message(self) -> Message {
        super::view::seat_message(self.name())
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Phase {
    /// The setter is to place one White and one Black piece.
    Setup,
    /// The chooser is to pick a colour.
    Choose,
    /// Placements.
    Play,
}

/// One whole Alquad turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AlquadTurn {
    /// The setter's pie-rule placement of one piece of each colour.
    Setup { white: u8, black: u8 },
    /// The chooser's colour.
    Choose(Side),
    /// A placement from hand.
    Place(u8),
}

impl fmt::Display for AlquadTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AlquadTurn::Setup { white, black } => {
                write!(f, "w:{} b:{}", name(white as usize), name(black as usize))
            }
            AlquadTurn::Choose(side) => f.write_str(side.name()),
            AlquadTurn::Place(p) => f.write_str(&name(p as usize)),
        }
    }
}

/// An Alquad position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Alquad {
    phase: Phase,
    /// White's (index 0) and Black's (index 1) pieces on the board.
    pieces: [u32; 2],
    /// Pieces left in hand, White then Black.
    hand: [u8; 2],
    /// The colour the chooser (`Seat::Second`) took, once chosen.
    chooser: Option<Side>,
    to_move: Seat,
    /// The checking colour and its square's area, while a check stands.
    check: Option<(Side, u8)>,
    outcome: Option<Outcome>,
}

/// Read `w`/`white`/`b`/`black`.
fn side_word(word: &str) -> Option<Side> {
    match word {
        "w" | "white" => Some(Side::White),
        "b" | "black" => Some(Side::Black),
        _ => None,
    }
}

impl Alquad {
    /// The colour `seat` plays (meaningless before the choice).
    fn side_of(&self, seat: Seat) -> Side {
        let chooser = self.chooser.unwrap_or(Side::Black);
        match seat {
            Seat::Second => chooser,
            Seat::First => chooser.other(),
        }
    }

    fn seat_of(&self, side: Side) -> Seat {
        if self.chooser == Some(side) {
            Seat::Second
        } else {
            Seat::First
        }
    }

    #[inline]
    fn empty(&self) -> u32 {
        ALL & !(self.pieces[0] | self.pieces[1])
    }

    /// Whether `side` can place a piece.
    #[inline]
    fn can_place(&self, side: Side) -> bool {
        self.hand[side.index()] > 0 && self.empty() != 0
    }

    #[inline]
    fn count_raw(&self) -> u64 {
        match self.phase {
            Phase::Setup => (POINTS * (POINTS - 1)) as u64,
            Phase::Choose => 2,
            Phase::Play => {
                if self.can_place(self.side_of(self.to_move)) {
                    self.empty().count_ones() as u64
                } else {
                    0
                }
            }
        }
    }

    /// Call `f` with every legal turn.
    #[inline]
    fn each_turn(&self, mut f: impl FnMut(AlquadTurn)) {
        if self.outcome.is_some() {
            return;
        }
        match self.phase {
            Phase::Setup => {
                for white in 0..POINTS as u8 {
                    for black in 0..POINTS as u8 {
                        if white != black {
                            f(AlquadTurn::Setup { white, black });
                        }
                    }
                }
            }
            Phase::Choose => {
                f(AlquadTurn::Choose(Side::White));
                f(AlquadTurn::Choose(Side::Black));
            }
            Phase::Play => {
                if self.can_place(self.side_of(self.to_move)) {
                    for p in bits(self.empty() as u64) {
                        f(AlquadTurn::Place(p as u8));
                    }
                }
            }
        }
    }

    /// Parse a setup such as `w:c3 b:d4` (lower-cased `text`).
    fn parse_setup(text: &str) -> Result<(usize, usize), TurnError> {
        let board = PointBoard::five_by_five();
        let bad = || {
            unparsable(AlquadRefusal::NotASetup {
                text: text.to_string(),
            })
        };
        // Glue `w: c3` into `w:c3`, then split the parts.
        let mut glued = String::with_capacity(text.len());
        for part in text.split(':') {
            if !glued.is_empty() {
                glued.truncate(glued.trim_end().len());
                glued.push(':');
            }
            glued.push_str(if glued.is_empty() {
                part
            } else {
                part.trim_start()
            });
        }
        let mut white = None;
        let mut black = None;
        let parts: Vec<&str> = glued
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .collect();
        if parts.len() != 2 {
            return Err(bad());
        }
        for part in parts {
            let (word, point) = part.split_once(':').ok_or_else(bad)?;
            let side = side_word(word).ok_or_else(bad)?;
            let p = board.parse(point).ok_or_else(|| {
                unparsable(AlquadRefusal::NotAPoint {
                    point: point.to_string(),
                })
            })?;
            let slot = match side {
                Side::White => &mut white,
                Side::Black => &mut black,
            };
            if slot.is_some() {
                return Err(unparsable(AlquadRefusal::TwoOfOneColour {
                    text: text.to_string(),
                    side,
                }));
            }
            *slot = Some(p);
        }
        match (white, black) {
            (Some(w), Some(b)) => Ok((w, b)),
            _ => Err(bad()),
        }
    }

    fn check_place(&self, p: usize) -> Result<AlquadTurn, TurnError> {
        let empty = self.empty();
        if empty >> p & 1 == 0 {
            let side = self.side_of(self.to_move);
            return Err(illegal(AlquadRefusal::Occupied {
                point: name(p),
                own: self.pieces[side.index()] >> p & 1 == 1,
                empty: bits(empty as u64).map(name).collect(),
            }));
        }
        Ok(AlquadTurn::Place(p as u8))
    }

    /// The pieces `turn` would complete squares with, as a corner mask.
    fn completed(&self, turn: &AlquadTurn) -> u32 {
        let AlquadTurn::Place(p) = *turn else {
            return 0;
        };
        let p = p as usize;
        let own = self.pieces[self.side_of(self.to_move).index()] | 1 << p;
        squares().by_point[p]
            .iter()
            .filter(|s| own & s.mask == s.mask)
            .fold(0, |acc, s| acc | s.mask)
    }

    fn perft_inner(&self, depth: u32) -> u64 {
        if depth == 1 {
            return self.count_raw();
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

impl Game for Alquad {
    type Turn = AlquadTurn;
    const KIND: GameKind = GameKind::Alquad;

    const OPTIONS: &'static [OptionSpec] = &[];

    const WORDS: GameWords = GameWords {
        title: "alquad-title",
        summary: "alquad-summary",
        notation: "alquad-notation",
    };
    const SEATING: Seating = Seating::PieRule;
    const SOLVABLE: bool = true;

    /// The setter's two pieces in either order.
    fn other_spellings(canonical: &str) -> Vec<String> {
        match canonical.split(' ').collect::<Vec<_>>().as_slice() {
            [white, black] if white.starts_with("w:") => vec![format!("{black} {white}")],
            _ => Vec::new(),
        }
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        options.check_specs("alquad", Self::OPTIONS)?;
        Ok(Alquad {
            phase: Phase::Setup,
            pieces: [0; 2],
            hand: [HAND; 2],
            chooser: None,
            to_move: Seat::First,
            check: None,
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
        match (self.chooser, seat) {
            (None, Seat::First) => "setter",
            (None, Seat::Second) => "chooser",
            (Some(_), _) => self.side_of(seat).name(),
        }
    }

    fn generate(&self, out: &mut Vec<AlquadTurn>) {
        self.each_turn(|turn| out.push(turn));
    }

    /// Placements that lose at once to a check are one turn for the
    /// solver, and the rest come checks and blocks first (`solving.rs`).
    fn solver_turns(&self, out: &mut Vec<AlquadTurn>) {
        solving::solver_turns(self, out);
    }

    fn symmetric_key(&self) -> Option<u64> {
        Some(solving::symmetric_key(self))
    }

    fn count_turns(&self) -> u64 {
        if self.outcome.is_some() {
            0
        } else {
            self.count_raw()
        }
    }

    fn parse_turn(&self, text: &str) -> Result<AlquadTurn, TurnError> {
        if self.outcome.is_some() {
            return Err(TurnError::GameOver);
        }
        let lower = text.trim().to_ascii_lowercase();
        let board = PointBoard::five_by_five();
        if lower.contains(':') {
            let (white, black) = Alquad::parse_setup(&lower)?;
            return match self.phase {
                Phase::Setup if white == black => {
                    Err(illegal(AlquadRefusal::SamePoint { point: name(white) }))
                }
                Phase::Setup => Ok(AlquadTurn::Setup {
                    white: white as u8,
                    black: black as u8,
                }),
                Phase::Choose => Err(illegal(AlquadRefusal::SetupDone)),
                Phase::Play => Err(illegal(AlquadRefusal::SetupOver {
                    example: name(bits(self.empty() as u64).next().unwrap_or(12)),
                })),
            };
        }
        if let Some(side) = side_word(&lower) {
            return match self.phase {
                Phase::Choose => Ok(AlquadTurn::Choose(side)),
                Phase::Setup => Err(illegal(AlquadRefusal::ColoursAfterSetup)),
                Phase::Play => Err(illegal(AlquadRefusal::ColoursChosen {
                    setter: self.side_of(Seat::First),
                    chooser: self.side_of(Seat::Second),
                })),
            };
        }
        if let Some(p) = board.parse(&lower) {
            return match self.phase {
                Phase::Play => self.check_place(p),
                Phase::Setup => Err(illegal(AlquadRefusal::SetupFirst)),
                Phase::Choose => Err(illegal(AlquadRefusal::ChooseFirst)),
            };
        }
        Err(unparsable(AlquadRefusal::NotATurn {
            text: text.trim().to_string(),
            expected: self.phase,
        }))
    }

    fn apply(&mut self, turn: &AlquadTurn) {
        match *turn {
            AlquadTurn::Setup { white, black } => {
                self.pieces[0] |= 1 << white;
                self.pieces[1] |= 1 << black;
                self.phase = Phase::Choose;
                self.to_move = Seat::Second;
            }
            AlquadTurn::Choose(side) => {
                self.chooser = Some(side);
                self.phase = Phase::Play;
                self.to_move = self.seat_of(Side::White);
            }
            AlquadTurn::Place(p) => {
                let p = p as usize;
                let mover = self.to_move;
                let side = self.side_of(mover);
                let i = side.index();
                self.pieces[i] |= 1 << p;
                self.hand[i] -= 1;
                let area = best_square(self.pieces[i], p);
                self.to_move = mover.other();
                if let Some((checker, checked)) = self.check {
                    self.outcome = Some(if area > checked {
                        Outcome::win(mover, Reason::BiggerSquare)
                    } else {
                        Outcome::win(self.seat_of(checker), Reason::Square)
                    });
                } else if area > 0 {
                    self.check = Some((side, area));
                    if !self.can_place(side.other()) {
                        self.outcome = Some(Outcome::win(mover, Reason::Square));
                    }
                } else if !self.can_place(side.other()) {
                    self.outcome = Some(Outcome::draw(Reason::Exhausted));
                }
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The setup's White point then its Black point; a colour; a point.
    fn turn_steps(&self, turn: &AlquadTurn) -> Vec<Vec<Step>> {
        let point = |label: String, joint, p: u8, note| {
            Step::on(label, joint, p as usize, MarkKind::Added, Some(note))
        };
        vec![match *turn {
            AlquadTurn::Setup { white, black } => vec![
                point(format!("w:{}", name(white as usize)), "", white, "pick-note-white-piece"),
                point(format!("b:{}", name(black as usize)), " ", black, "pick-note-black-piece"),
            ],
            AlquadTurn::Choose(side) => vec![Step {
                label: side.name().to_string(),
                joint: "",
                marks: Vec::new(),
                note: Some(Message::new("pick-note-side").arg("side", side.message())),
            }],
            AlquadTurn::Place(p) => vec![point(name(p as usize), "", p, "pick-note-place")],
        }]
    }

    /// The chooser's colour is a choice, not a move.
    fn turn_words(&self, turn: &AlquadTurn) -> Option<Message> {
        match turn {
            AlquadTurn::Choose(side) => {
                Some(Message::new("alquad-chose").arg("side", side.message()))
            }
            _ => None,
        }
    }

    fn highlights(&self, turn: &AlquadTurn) -> Highlights {
        let mut h = Highlights::default();
        match *turn {
            AlquadTurn::Setup { white, black } => {
                h.mark(white as usize, MarkKind::Added);
                h.mark(black as usize, MarkKind::Added);
            }
            AlquadTurn::Choose(_) => {}
            AlquadTurn::Place(p) => {
                h.mark(p as usize, MarkKind::Added);
                for q in bits((self.completed(turn) & !(1u32 << p)) as u64) {
                    h.mark(q, MarkKind::Changed);
                }
            }
        }
        h
    }

    fn view(&self) -> BoardView {
        let mut view = BoardView::new(
            Message::new("alquad-view-title"),
            Layout::Points { files: 5, ranks: 5 },
        );
        for (p, spot) in view.spots.iter_mut().enumerate() {
            if self.pieces[0] >> p & 1 == 1 {
                *spot = Spot::Stack(vec![Colour::White]);
            } else if self.pieces[1] >> p & 1 == 1 {
                *spot = Spot::Stack(vec![Colour::Black]);
            }
        }
        view.status = status_line(self.to_move, self.outcome, |seat| self.seat_message(seat));
        let setup = u8::from(self.phase == Phase::Setup);
        for side in [Side::White, Side::Black] {
            view.notes.push(
                Message::new("alquad-note-in-hand")
                    .arg("side", side.message())
                    .arg("count", self.hand[side.index()] + setup),
            );
        }
        match self.phase {
            Phase::Setup => view.notes.push(Message::new("alquad-note-setup")),
            Phase::Choose => view.notes.push(Message::new("alquad-note-choose")),
            Phase::Play => view.notes.push(
                Message::new("alquad-note-sides")
                    .arg("setter", self.side_of(Seat::First).message())
                    .arg("chooser", self.side_of(Seat::Second).message()),
            ),
        }
        match (self.check, self.outcome) {
            (Some((checker, area)), None) => view.notes.push(
                Message::new("alquad-note-check")
                    .arg("checker", checker.message())
                    .arg("area", area)
                    .arg("other", checker.other().message()),
            ),
            (
                _,
                Some(Outcome {
                    winner: Some(winner),
                    ..
                }),
            ) => {
                let side = self.side_of(winner);
                if let Some(square) = largest_square(self.pieces[side.index()]) {
                    view.winning = bits(square.mask as u64).collect();
                    view.notes.push(
                        Message::new("alquad-note-winning-square")
                            .arg("side", side.message())
                            .arg("area", square.area),
                    );
                }
            }
            _ => {}
        }
        view
    }

    fn warning(&self) -> Option<Message> {
        let (checker, area) = self.check?;
        Some(
            Message::new("alquad-warning")
                .arg("checker", checker.message())
                .arg("area", area),
        )
    }

    fn end_detail(&self, outcome: Outcome) -> Option<Message> {
        let (checker, area) = self.check?;
        match outcome.reason {
            Reason::Square => Some(
                Message::new("alquad-end-square")
                    .arg("checker", checker.message())
                    .arg("area", area)
                    .arg("other", checker.other().message()),
            ),
            Reason::BiggerSquare => {
                let larger = largest_square(self.pieces[checker.other().index()])
                    .map_or(area + 1, |s| s.area);
                Some(
                    Message::new("alquad-end-bigger-square")
                        .arg("answerer", checker.other().message())
                        .arg("checker", checker.message())
                        .arg("area", area)
                        .arg("larger", larger),
                )
            }
            _ => None,
        }
    }

    fn can_draw(&self) -> bool {
        true
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
    use crate::check::slow_perft;
    use crate::Mark;
    use crate::Refusal;

    fn p(n: &str) -> usize {
        PointBoard::five_by_five().parse(n).unwrap()
    }

    fn mask(points: &[&str]) -> u32 {
        points.iter().fold(0, |acc, n| acc | 1 << p(n))
    }

    fn new() -> Alquad {
        Alquad::new(&Options::default()).unwrap()
    }

    fn play(g: &mut Alquad, text: &str) {
        let turn = g.parse_turn(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        g.play(&turn).unwrap_or_else(|e| panic!("{text}: {e}"));
    }

    fn refusal(g: &Alquad, text: &str) -> AlquadRefusal {
        match g.parse_turn(text) {
            Ok(turn) => panic!("{text} accepted as {turn}"),
            Err(TurnError::Illegal(Refusal::Alquad(refusal))) => *refusal,
            Err(e) => panic!("{text}: {e:?}"),
        }
    }

    #[test]
    fn every_refusal_is_worded_in_every_language() {
        use AlquadRefusal as R;
        let all = vec![
            R::NotASetup {
                text: "w:c3".into(),
            },
            R::NotAPoint { point: "c9".into() },
            R::TwoOfOneColour {
                text: "w:c3 w:d4".into(),
                side: Side::White,
            },
            R::TwoOfOneColour {
                text: "b:c3 b:d4".into(),
                side: Side::Black,
            },
            R::Occupied {
                point: "c3".into(),
                own: true,
                empty: vec!["a1".into(), "b1".into()],
            },
            R::Occupied {
                point: "c3".into(),
                own: false,
                empty: (0..23).map(name).collect(),
            },
            R::SamePoint { point: "c3".into() },
            R::SetupDone,
            R::SetupOver {
                example: "a1".into(),
            },
            R::ColoursAfterSetup,
            R::ColoursChosen {
                setter: Side::White,
                chooser: Side::Black,
            },
            R::ColoursChosen {
                setter: Side::Black,
                chooser: Side::White,
            },
            R::SetupFirst,
            R::ChooseFirst,
            R::NotATurn {
                text: "zz".into(),
                expected: Phase::Setup,
            },
            R::NotATurn {
                text: "zz".into(),
                expected: Phase::Choose,
            },
            R::NotATurn {
                text: "zz".into(),
                expected: Phase::Play,
            },
        ];
        let index = |r: &R| match r {
            R::NotASetup { .. } => 0,
            R::NotAPoint { .. } => 1,
            R::TwoOfOneColour { .. } => 2,
            R::Occupied { .. } => 3,
            R::SamePoint { .. } => 4,
            R::SetupDone => 5,
            R::SetupOver { .. } => 6,
            R::ColoursAfterSetup => 7,
            R::ColoursChosen { .. } => 8,
            R::SetupFirst => 9,
            R::ChooseFirst => 10,
            R::NotATurn { .. } => 11,
        };
        let covered: std::collections::BTreeSet<usize> = all.iter().map(index).collect();
        assert_eq!(covered.len(), 12, "a variant has no sample");
        assert_eq!(
            all[9].to_string(),
            "colours are chosen after the setup: the setter first places one White and one Black piece on two different points, e.g. `w:c3 b:d4`"
        );
        assert_eq!(
            all[11].to_string(),
            "colours are already chosen (the setter plays black, the chooser white): place one piece on an empty point"
        );
        crate::check::assert_refusals_render(all.into_iter().map(Refusal::from).collect());
    }

    /// A game in play with White (the chooser) and Black on the given
    /// points, `to_move` to place.
    fn position(white: &[&str], black: &[&str], to_move: Side) -> Alquad {
        let mut g = new();
        g.phase = Phase::Play;
        g.chooser = Some(Side::White);
        g.pieces = [mask(white), mask(black)];
        g.hand = [HAND + 1 - white.len() as u8, HAND + 1 - black.len() as u8];
        g.to_move = g.seat_of(to_move);
        g
    }

    fn area_of(points: &[&str]) -> Option<u8> {
        let m = mask(points);
        all_squares()
            .into_iter()
            .find(|s| s.mask == m)
            .map(|s| s.area)
    }

    /// Every distinct square of the board.
    fn all_squares() -> Vec<Square> {
        let mut all: Vec<Square> = squares().by_point.iter().flatten().copied().collect();
        all.sort_by_key(|s| s.mask);
        all.dedup();
        all
    }

    #[test]
    fn square_table() {
        let all = all_squares();
        // Each square is listed under each of its four corners.
        let listed: usize = squares().by_point.iter().map(Vec::len).sum();
        assert_eq!(listed, 4 * all.len());
        // 16 + 9 + 4 + 1 upright, 4 + 1 tilted.
        assert_eq!(all.len(), 35);
        assert_eq!(area_of(&["a1", "b1", "a2", "b2"]), Some(1));
        assert_eq!(area_of(&["b2", "d2", "b4", "d4"]), Some(4));
        assert_eq!(area_of(&["a1", "d1", "a4", "d4"]), Some(9));
        assert_eq!(area_of(&["a1", "e1", "a5", "e5"]), Some(16));
        // Tilted on strong points: k = 1 (area 2) and k = 2 (area 8).
        assert_eq!(area_of(&["c1", "d2", "c3", "b2"]), Some(2));
        assert_eq!(area_of(&["c1", "e3", "c5", "a3"]), Some(8));
        // Tilted with non-strong corners does not count.
        assert_eq!(area_of(&["b1", "c2", "b3", "a2"]), None);
        // Other tilts and rectangles do not count.
        assert_eq!(area_of(&["a1", "c2", "b4", "d3"]), None);
        assert_eq!(area_of(&["a1", "c1", "a2", "c2"]), None);
        // Largest first in each point's list.
        let c3 = &squares().by_point[p("c3")];
        assert!(c3.windows(2).all(|w| w[0].area >= w[1].area));
    }

    #[test]
    fn start_setup_and_choice() {
        let mut g = new();
        assert_eq!(g.seat_name(Seat::First), "setter");
        assert_eq!(g.seat_name(Seat::Second), "chooser");
        assert_eq!(g.to_move(), Seat::First);
        assert_eq!(g.count_turns(), 600);
        assert_eq!(g.perft(3), 27600);
        assert_eq!(g.perft(4), slow_perft(&g, 4));
        assert!(g.can_draw());
        assert!(g.options().is_empty());
        assert!(Alquad::new(&Options::from_pairs(&[("size", "7")])).is_err());
        for text in [
            "w:c3 b:d4",
            "b:d4 w:c3",
            "W:C3 B:D4",
            " w: c3  b : d4 ",
            "white:c3 black:d4",
        ] {
            assert_eq!(
                g.parse_turn(text).unwrap().to_string(),
                "w:c3 b:d4",
                "{text}"
            );
        }
        assert_eq!(
            refusal(&g, "w:c3 b:c3"),
            AlquadRefusal::SamePoint { point: "c3".into() }
        );
        assert_eq!(
            g.parse_turn("w:c3 w:d4"),
            Err(unparsable(AlquadRefusal::TwoOfOneColour {
                text: "w:c3 w:d4".into(),
                side: Side::White,
            }))
        );
        assert_eq!(
            g.parse_turn("w:c3"),
            Err(unparsable(AlquadRefusal::NotASetup {
                text: "w:c3".into()
            }))
        );
        assert_eq!(
            g.parse_turn("w:c9 b:d4"),
            Err(unparsable(AlquadRefusal::NotAPoint { point: "c9".into() }))
        );
        assert_eq!(refusal(&g, "c3"), AlquadRefusal::SetupFirst);
        assert_eq!(refusal(&g, "white"), AlquadRefusal::ColoursAfterSetup);
        play(&mut g, "b:d4 w:c3");
        assert_eq!(g.to_move(), Seat::Second);
        assert_eq!(g.count_turns(), 2);
        assert_eq!(refusal(&g, "c2"), AlquadRefusal::ChooseFirst);
        assert_eq!(refusal(&g, "w:a1 b:a2"), AlquadRefusal::SetupDone);
        assert_eq!(g.parse_turn("B").unwrap().to_string(), "black");
        assert_eq!(g.parse_turn("w").unwrap().to_string(), "white");
        // The chooser takes Black, so the setter (White) moves first.
        play(&mut g, "black");
        assert_eq!(g.seat_name(Seat::First), "white");
        assert_eq!(g.seat_name(Seat::Second), "black");
        assert_eq!(g.to_move(), Seat::First);
        assert_eq!(g.count_turns(), 23);
        assert_eq!(
            refusal(&g, "white"),
            AlquadRefusal::ColoursChosen {
                setter: Side::White,
                chooser: Side::Black,
            }
        );
        assert!(matches!(
            refusal(&g, "c3"),
            AlquadRefusal::Occupied { own: true, empty, .. } if empty.len() == 23
        ));
        assert!(matches!(
            refusal(&g, "d4"),
            AlquadRefusal::Occupied { own: false, .. }
        ));
        assert_eq!(
            g.parse_turn("zz9"),
            Err(unparsable(AlquadRefusal::NotATurn {
                text: "zz9".into(),
                expected: Phase::Play,
            }))
        );
        play(&mut g, "c2");
        assert_eq!(g.to_move(), Seat::Second);
        assert_eq!(g.hand, [10, 11]);
        // If the chooser takes White, the chooser moves first.
        let mut g = new();
        play(&mut g, "w:a1 b:a2");
        play(&mut g, "white");
        assert_eq!(g.to_move(), Seat::Second);
        assert_eq!(g.seat_name(Seat::Second), "white");
    }

    #[test]
    fn check_then_larger_reply_wins() {
        // White completes a 1 x 1 square; Black replies with a 2 x 2 one.
        let mut g = position(&["a1", "b1", "a2"], &["c3", "e3", "c5"], Side::White);
        let turn = g.parse_turn("b2").unwrap();
        let h = g.highlights(&turn);
        assert!(h.marks.contains(&Mark {
            spot: p("b2"),
            kind: MarkKind::Added
        }));
        for corner in ["a1", "b1", "a2"] {
            assert!(h.marks.contains(&Mark {
                spot: p(corner),
                kind: MarkKind::Changed
            }));
        }
        play(&mut g, "b2");
        assert_eq!(g.check, Some((Side::White, 1)));
        assert!(g.outcome().is_none());
        assert!(g.view().english().notes.contains(
            &"White has a square of area 1: Black must answer with a larger one".to_string()
        ));
        play(&mut g, "e5");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(g.seat_of(Side::Black), Reason::BiggerSquare))
        );
        assert!(g.legal_turns().is_empty());
        assert_eq!(g.parse_turn("d1"), Err(TurnError::GameOver));
    }

    #[test]
    fn equal_or_smaller_reply_loses() {
        // White checks with the 2 x 2 square a1 c1 a3 c3 (area 4).
        let white = ["a1", "c1", "a3"];
        let checked = |black: &[&str]| {
            let mut g = position(&white, black, Side::White);
            play(&mut g, "c3");
            assert_eq!(g.check, Some((Side::White, 4)));
            g
        };
        let white_wins = Some(Outcome::win(Seat::Second, Reason::Square));
        // A reply with no square.
        let mut g = checked(&["d4", "e4", "d5"]);
        play(&mut g, "b5");
        assert_eq!(g.outcome(), white_wins);
        // A smaller square (area 1).
        let mut g = checked(&["d4", "e4", "d5"]);
        play(&mut g, "e5");
        assert_eq!(g.outcome(), white_wins);
        // An equal square (area 4).
        let mut g = checked(&["b2", "d2", "b4"]);
        play(&mut g, "d4");
        assert_eq!(g.outcome(), white_wins);
        // A larger tilted square (area 8) wins for Black.
        let mut g = position(&["b1", "d1", "b3"], &["c1", "e3", "a3"], Side::White);
        play(&mut g, "d3");
        assert_eq!(g.check, Some((Side::White, 4)));
        play(&mut g, "c5");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(Seat::First, Reason::BiggerSquare))
        );
    }

    #[test]
    fn tilted_check_and_largest_area() {
        // d2 completes the tilted c1 d2 c3 b2 (area 2) and the upright
        // c1 d1 c2 d2 (area 1): the check counts the larger.
        let mut g = position(
            &["c1", "c3", "b2", "d1", "c2"],
            &["a5", "b5", "e5"],
            Side::White,
        );
        assert_eq!(best_square(g.pieces[0] | 1 << p("d2"), p("d2")), 2);
        let h = g.highlights(&g.parse_turn("d2").unwrap());
        assert_eq!(
            h.marks
                .iter()
                .filter(|m| m.kind == MarkKind::Changed)
                .count(),
            5
        );
        play(&mut g, "d2");
        assert_eq!(g.check, Some((Side::White, 2)));
        // Non-strong tilted corners: b1 c2 b3 a2 is no square.
        let mut g = position(&["b1", "c2", "b3"], &["a5", "b5", "e5"], Side::White);
        play(&mut g, "a2");
        assert!(g.check.is_none());
        assert!(g.outcome().is_none());
    }

    #[test]
    fn checker_wins_when_opponent_cannot_place() {
        let mut g = position(&["a1", "b1", "a2"], &["e5"], Side::White);
        g.hand[1] = 0;
        play(&mut g, "b2");
        assert_eq!(
            g.outcome(),
            Some(Outcome::win(g.seat_of(Side::White), Reason::Square))
        );
    }

    #[test]
    fn exhausted_draw() {
        // A filling of 24 points with no square of either colour.
        let white = [
            "a2", "a3", "b1", "b3", "b4", "b5", "c1", "d1", "d2", "d4", "e2", "e3",
        ];
        let black = [
            "a1", "a4", "a5", "b2", "c2", "c3", "c4", "c5", "d3", "d5", "e4", "e5",
        ];
        let mut g = new();
        play(&mut g, &format!("w:{} b:{}", white[0], black[0]));
        play(&mut g, "black");
        for i in 1..12 {
            assert!(g.outcome().is_none());
            play(&mut g, white[i]);
            assert!(g.outcome().is_none());
            play(&mut g, black[i]);
        }
        assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Exhausted)));
        assert_eq!(g.hand, [0, 0]);
        assert!(g.legal_turns().is_empty());
        assert_eq!(g.view().english().status, "Draw: every piece is placed");
    }

    #[test]
    fn view_notes() {
        let g = new();
        let v = g.view().english();
        assert_eq!(v.status, "Setter to move");
        assert_eq!(v.notes[0], "White in hand: 12");
        let mut g = new();
        play(&mut g, "w:c3 b:d4");
        let v = g.view().english();
        assert_eq!(v.status, "Chooser to move");
        assert_eq!(v.notes[0], "White in hand: 11");
        assert_eq!(v.spots[p("c3")], Spot::Stack(vec![Colour::White]));
        assert_eq!(v.spots[p("d4")], Spot::Stack(vec![Colour::Black]));
        let h = g.highlights(&g.parse_turn("white").unwrap());
        assert!(h.marks.is_empty());
        play(&mut g, "white");
        assert_eq!(g.view().english().status, "White to move");
    }
}
