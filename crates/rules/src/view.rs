//! The board view: a plain description of a position that the renderer
//! draws. One layout per board family, not per game.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::{Outcome, Reason, Seat};
use cairn_words::{Message, MessageArg};

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

/// Everything the renderer needs to draw one position. A game describes
/// its words as [`Message`]s (`BoardView`, the default); whoever shows the
/// board words them in the reader's language ([`BoardView::worded`]) and
/// the renderer draws a [`WordedView`], never a message id.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct BoardView<W = Message> {
    /// The game and variant, e.g. "Fanorona (Tsivy, 9 x 5)".
    pub title: W,
    pub layout: Layout,
    /// One entry per spot, indexed as [`Layout`] describes.
    pub spots: Vec<Spot>,
    /// The last turn's highlights (filled in by whoever knows the last turn).
    pub last: Highlights,
    /// Extra marks such as legal destinations for the hint layer.
    pub hints: Vec<usize>,
    /// "White to move", "Black wins: a line": the bot may replace it with
    /// player names.
    pub status: W,
    /// Short facts shown beside the board: supplies, hands, captures.
    pub notes: Vec<W>,
    /// Mancala stones in hand mid-turn.
    pub hand: Option<Hand>,
    /// On a finished game, what won it: the line, square or stack.
    #[cfg_attr(feature = "serde", serde(default))]
    pub winning: Vec<usize>,
    /// The words written on a mancala board itself; `None` (a view built
    /// by hand) draws them in English.
    #[cfg_attr(feature = "serde", serde(default))]
    pub mancala: Option<MancalaWords<W>>,
}

/// The words a mancala board shows on itself: its sides, its stores and
/// the line of stones in hand mid-turn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct MancalaWords<W> {
    /// "North", "South": the rows' owners.
    pub north: W,
    pub south: W,
    /// "West store", "East store".
    pub west_store: W,
    pub east_store: W,
    /// "In hand", the heading of the hand line.
    pub in_hand: W,
    /// "3 red", "2 black": the stones in hand of each colour.
    pub hand_red: W,
    pub hand_black: W,
    /// "next: South 3": where the next stone goes.
    pub next: W,
    /// "In hand: 3 red, 2 black", the text board's hand line.
    pub hand_line: W,
}

impl<W> MancalaWords<W> {
    fn map<V>(&self, word: impl Fn(&W) -> V) -> MancalaWords<V> {
        MancalaWords {
            north: word(&self.north),
            south: word(&self.south),
            west_store: word(&self.west_store),
            east_store: word(&self.east_store),
            in_hand: word(&self.in_hand),
            hand_red: word(&self.hand_red),
            hand_black: word(&self.hand_black),
            next: word(&self.next),
            hand_line: word(&self.hand_line),
        }
    }
}

/// A board view whose words are worded in one language: what the renderer
/// and the text board draw.
pub type WordedView = BoardView<String>;

/// What a view's words can be: messages, or words already worded.
pub trait ViewWords {
    /// The status of a view nobody has set one for.
    fn blank() -> Self;
}

impl ViewWords for Message {
    fn blank() -> Message {
        Message::new("view-no-status")
    }
}

impl ViewWords for String {
    fn blank() -> String {
        String::new()
    }
}

impl<W: ViewWords> BoardView<W> {
    /// A view with every spot empty and no notes.
    pub fn new(title: impl Into<W>, layout: Layout) -> BoardView<W> {
        BoardView {
            title: title.into(),
            layout,
            spots: vec![Spot::Empty; layout.spot_count()],
            last: Highlights::default(),
            hints: Vec::new(),
            status: W::blank(),
            notes: Vec::new(),
            hand: None,
            winning: Vec::new(),
            mancala: None,
        }
    }
}

impl BoardView<Message> {
    /// The view with its words worded by `word` (a reader's language).
    pub fn worded(self, word: impl Fn(&Message) -> String) -> WordedView {
        BoardView {
            title: word(&self.title),
            layout: self.layout,
            spots: self.spots,
            last: self.last,
            hints: self.hints,
            status: word(&self.status),
            notes: self.notes.iter().map(&word).collect(),
            hand: self.hand,
            winning: self.winning,
            mancala: self.mancala.as_ref().map(|words| words.map(&word)),
        }
    }

    /// The view worded in English (the command line, tests).
    pub fn english(self) -> WordedView {
        self.worded(crate::locales::english)
    }
}

/// The usual status line: "White to move", "Black wins: White has no
/// legal move", "Draw: the game stalled" (words, never reason codes).
/// `seat` gives the message naming a seat (its colour, capitalised).
pub fn status_line(
    to_move: Seat,
    outcome: Option<Outcome>,
    seat: impl Fn(Seat) -> Message,
) -> Message {
    match outcome {
        None => Message::new("status-to-move").arg("seat", seat(to_move)),
        Some(Outcome {
            winner: Some(winner),
            reason,
        }) => {
            let id = match reason {
                Reason::Line => "status-wins-line",
                Reason::NoMoves => "status-wins-no-moves",
                Reason::AllCaptured => "status-wins-all-captured",
                Reason::Stall => "status-wins-stall",
                Reason::Square => "status-wins-square",
                Reason::BiggerSquare => "status-wins-bigger-square",
                Reason::Cleared => "status-wins-cleared",
                Reason::Resign => "status-wins-resign",
                Reason::Timeout => "status-wins-timeout",
                Reason::Repetition => "status-wins-repetition",
                Reason::Exhausted => "status-wins-exhausted",
                Reason::Agreement => "status-wins-agreement",
            };
            let message = Message::new(id).arg("winner", seat(winner));
            match reason {
                Reason::NoMoves
                | Reason::AllCaptured
                | Reason::Square
                | Reason::Resign
                | Reason::Timeout => message.arg("loser", seat(winner.other())),
                _ => message,
            }
        }
        Some(Outcome {
            winner: None,
            reason,
        }) => Message::new(match reason {
            Reason::Stall => "status-draw-stall",
            Reason::Repetition => "status-draw-repetition",
            Reason::Exhausted => "status-draw-exhausted",
            Reason::Agreement => "status-draw-agreement",
            Reason::Line => "status-draw-line",
            Reason::NoMoves => "status-draw-no-moves",
            Reason::AllCaptured => "status-draw-all-captured",
            Reason::Square => "status-draw-square",
            Reason::BiggerSquare => "status-draw-bigger-square",
            Reason::Cleared => "status-draw-cleared",
            Reason::Resign => "status-draw-resign",
            Reason::Timeout => "status-draw-timeout",
        }),
    }
}

/// The warning before a stalled capture game ends this turn: who would win
/// on `captures` (White's, Black's), or a draw (always one when
/// `stall_draw`).
pub fn stall_warning(
    limit: impl Into<MessageArg>,
    captures: [u32; 2],
    stall_draw: bool,
) -> Message {
    let [white, black] = captures;
    let result = if stall_draw {
        Message::new("warning-result-draw")
    } else {
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Message::new("warning-result-wins")
                .arg("seat", seat_message("white"))
                .arg("more", white)
                .arg("fewer", black),
            std::cmp::Ordering::Less => Message::new("warning-result-wins")
                .arg("seat", seat_message("black"))
                .arg("more", black)
                .arg("fewer", white),
            std::cmp::Ordering::Equal => Message::new("warning-result-equal").arg("count", white),
        }
    };
    Message::new("warning-stall")
        .arg("limit", limit)
        .arg("result", result)
}

/// The message naming a seat by its colour word (`white`, `black`, `red`,
/// Alquad's `setter` and `chooser`), capitalised: "White".
pub fn seat_message(word: &str) -> Message {
    Message::new(match word {
        "white" => "seat-white",
        "black" => "seat-black",
        "red" => "seat-red",
        "setter" => "seat-setter",
        "chooser" => "seat-chooser",
        _ => "seat-unknown",
    })
}

/// "white" -> "White".
pub fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
