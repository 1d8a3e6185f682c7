//! The board view: a plain description of a position that the renderer
//! draws. One layout per board family, not per game.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// A piece colour as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Colour {
    White,
    Black,
    Red,
}

/// The board family and its size. Spot indices depend on the layout:
/// - `Cells` and `Points`: `rank * files + file`, `a1` = 0.
/// - `Mancala { pits }`: `0..pits` are South's pits 1..=pits (left to right),
///   `pits` is the east store, `pits + 1 ..= 2 * pits` are North's pits
///   1..=pits (North's pit 1 is on the east side, sowing runs right to left
///   along the top row), and `2 * pits + 1` is the west store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Layout {
    /// Square cells (Callanish).
    Cells { files: u8, ranks: u8 },
    /// Grid points with orthogonal lines and diagonals through strong points.
    Points { files: u8, ranks: u8 },
    /// A Kalah board with a store at each end.
    Mancala { pits: u8 },
}

impl Layout {
    pub fn spot_count(self) -> usize {
        match self {
            Layout::Cells { files, ranks } | Layout::Points { files, ranks } => {
                files as usize * ranks as usize
            }
            Layout::Mancala { pits } => 2 * pits as usize + 2,
        }
    }
}

/// What stands on one cell, point or pit.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Spot {
    /// Not part of the playing area (Callanish blocked cells).
    Blocked,
    Empty,
    /// Pieces from the bottom up (a Callanish two-colour stack, a Sight stack).
    Stack(Vec<Colour>),
    /// A mancala pit or store.
    Pit {
        red: u8,
        black: u8,
    },
}

/// How a spot took part in the last turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum MarkKind {
    /// Where a moving piece started.
    From,
    /// Where a moving piece ended.
    To,
    /// A placement or addition.
    Added,
    /// A stone taken off (Callanish removal).
    Removed,
    /// An enemy piece captured.
    Captured,
    /// A spot that grew (Sight stacks) or was sown into.
    Changed,
    /// A mancala lap's starting pit.
    LapStart,
    /// A mancala lap's last pit.
    LapEnd,
    /// A mancala pit whose stones were removed for equal colours.
    Emptied,
    /// A legal destination (the hint layer of `moves`).
    Hint,
    /// The pit about to be sown (mid-turn).
    Next,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Mark {
    pub spot: usize,
    pub kind: MarkKind,
}

/// The last-turn highlight: an optional path (drawn as arrows from spot to
/// spot, e.g. a capture chain) and marks on single spots.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Highlights {
    pub path: Vec<usize>,
    pub marks: Vec<Mark>,
}

impl Highlights {
    pub fn mark(&mut self, spot: usize, kind: MarkKind) {
        self.marks.push(Mark { spot, kind });
    }
}

/// Stones in hand in the middle of a mancala turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Hand {
    pub red: u8,
    pub black: u8,
    /// The spot about to be sown.
    pub next: usize,
}

/// Everything the renderer needs to draw one position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct BoardView {
    /// The game and variant, e.g. "Fanorona (Tsivy, 9 x 5)".
    pub title: String,
    pub layout: Layout,
    /// One entry per spot, indexed as [`Layout`] describes.
    pub spots: Vec<Spot>,
    /// The last turn's highlights (filled in by whoever knows the last turn).
    pub last: Highlights,
    /// Extra marks such as legal destinations for the hint layer.
    pub hints: Vec<usize>,
    /// "White to move", "Black wins: a line": the bot may replace it with
    /// player names.
    pub status: String,
    /// Short facts shown beside the board: supplies, hands, captures.
    pub notes: Vec<String>,
    /// Mancala stones in hand mid-turn.
    pub hand: Option<Hand>,
    /// On a finished game, what won it: the line, square or stack.
    #[cfg_attr(feature = "serde", serde(default))]
    pub winning: Vec<usize>,
}

impl BoardView {
    /// A view with every spot empty and no notes.
    pub fn new(title: impl Into<String>, layout: Layout) -> BoardView {
        BoardView {
            title: title.into(),
            layout,
            spots: vec![Spot::Empty; layout.spot_count()],
            last: Highlights::default(),
            hints: Vec::new(),
            status: String::new(),
            notes: Vec::new(),
            hand: None,
            winning: Vec::new(),
        }
    }
}

/// The usual status line: "White to move", "Black wins: White has no
/// legal move", "Draw: the game stalled" (words, never reason codes).
pub fn status_line(
    to_move: &str,
    outcome: Option<super::Outcome>,
    name: impl Fn(super::Seat) -> &'static str,
) -> String {
    use super::Reason;
    match outcome {
        None => format!("{} to move", capitalise(to_move)),
        Some(super::Outcome {
            winner: Some(seat),
            reason,
        }) => {
            let loser = capitalise(name(seat.other()));
            let why = match reason {
                Reason::Line => "a line".to_string(),
                Reason::NoMoves => format!("{loser} has no legal move"),
                Reason::AllCaptured => format!("every piece of {loser} is captured"),
                Reason::Stall => "more captures when play stalled".to_string(),
                Reason::Square => format!("{loser} could not answer the square"),
                Reason::BiggerSquare => "a larger square answered the check".to_string(),
                Reason::Cleared => "their row is clear of their colour".to_string(),
                Reason::Resign => format!("{loser} resigned"),
                Reason::Timeout => format!("{loser} ran out of time"),
                Reason::Repetition | Reason::Exhausted | Reason::Agreement => {
                    reason.as_str().replace('-', " ")
                }
            };
            format!("{} wins: {why}", capitalise(name(seat)))
        }
        Some(super::Outcome {
            winner: None,
            reason,
        }) => match reason {
            Reason::Stall => "Draw: the game stalled".to_string(),
            Reason::Repetition => "Draw: the same position a third time".to_string(),
            Reason::Exhausted => "Draw: every piece is placed".to_string(),
            Reason::Agreement => "Draw by agreement".to_string(),
            other => format!("Draw: {}", other.as_str().replace('-', " ")),
        },
    }
}

/// "white" -> "White".
pub fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
