//! The pure rules core: one [`Game`] trait shared by all seven games, the
//! [`AnyGame`] enum used for storage and dispatch, and the types every game
//! speaks in (seats, outcomes, errors, options, board views).
//!
//! Nothing here does I/O, async or rendering. Speed matters most here: perft
//! and AI playouts run through [`Game::generate`] and [`Game::apply`].
//! Storing games (serde) and the `position` JSON report are behind the
//! `serde` feature.
//!
//! ```
//! use cairn_rules::{callanish::Callanish, AnyGame, Game, GameKind, Options, Seat};
//!
//! // Any game by name and options, played with turns as players write them.
//! let options = Options::parse(&["size=7"]).unwrap();
//! let mut game = AnyGame::new(GameKind::Callanish, &options).unwrap();
//! game.play_str("d4").unwrap(); // White's opening stone
//! assert_eq!(game.to_move(), Seat::Second);
//! assert_eq!(game.legal_strings().len(), 48); // any other empty cell
//!
//! // Or one game's own type, for speed: count the leaves two plies deep.
//! let start = Callanish::new(&options).unwrap();
//! assert_eq!(start.perft(2), 49 * 48);
//! ```

pub mod check;
pub mod geometry;
pub mod locales;
pub mod notation;
pub mod options;
#[cfg(feature = "serde")]
pub mod position;
pub mod rng;
pub mod view;

pub mod alquad;
pub mod alquerque;
pub mod callanish;
pub mod collapse;
pub mod fanorona;
pub mod floaters;
pub mod sight;

use std::fmt;
use std::hash::Hash;

#[cfg(feature = "serde")]
use serde::de::DeserializeOwned;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

pub use cairn_words::{Lang, Message, MessageArg};
pub use options::{OptionError, OptionKind, OptionSpec, OptionValue, Options};
pub use rng::SplitRng;
pub use view::{BoardView, Colour, Highlights, Layout, Mark, MarkKind, Spot, WordedView};

/// One of the two players. `First` is the player at the bottom of the board
/// (White, Red/South in Floaters, the setter in Alquad). Which seat is to
/// move first is up to the game (Floaters' `first=north`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    pub fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }
}

/// Why a game ended. Serialised in kebab-case (`no-moves`, `all-captured`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Reason {
    Line,
    NoMoves,
    AllCaptured,
    Repetition,
    Stall,
    Square,
    BiggerSquare,
    Exhausted,
    Cleared,
    Resign,
    Timeout,
    Agreement,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Line => "line",
            Reason::NoMoves => "no-moves",
            Reason::AllCaptured => "all-captured",
            Reason::Repetition => "repetition",
            Reason::Stall => "stall",
            Reason::Square => "square",
            Reason::BiggerSquare => "bigger-square",
            Reason::Exhausted => "exhausted",
            Reason::Cleared => "cleared",
            Reason::Resign => "resign",
            Reason::Timeout => "timeout",
            Reason::Agreement => "agreement",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The end of a game: a winner (or `None` for a draw) and the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Outcome {
    pub winner: Option<Seat>,
    pub reason: Reason,
}

impl Outcome {
    pub fn win(seat: Seat, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(seat),
            reason,
        }
    }

    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }
}

/// The letters of a game's turn notation besides squares and punctuation,
/// so that what a player types can be matched against legal turns however
/// they separate the parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnSpelling {
    /// Letters written between a turn's parts like punctuation (Alquerque's
    /// capture sign `x`: `b2xd4`). No board of that game has such a file.
    pub separators: &'static [u8],
    /// Letters that may close a step right after its rank number and that
    /// a player may leave out (Fanorona's approach `a` and withdrawal `w`:
    /// `e3a`).
    pub optional_suffixes: &'static [u8],
}

impl TurnSpelling {
    /// Squares and punctuation only.
    pub const PLAIN: TurnSpelling = TurnSpelling {
        separators: &[],
        optional_suffixes: &[],
    };

    /// Whether the byte `c` of a canonical turn separates its parts.
    pub fn is_separator(&self, c: u8) -> bool {
        !c.is_ascii_alphanumeric() || self.separators.contains(&c)
    }

    /// Whether byte `i` of `turn` is an optional suffix: one of the game's
    /// suffix letters right after a rank number, closing its step.
    pub fn is_optional_suffix(&self, turn: &[u8], i: usize) -> bool {
        self.optional_suffixes.contains(&turn[i])
            && i > 0
            && turn[i - 1].is_ascii_digit()
            && (i + 1 == turn.len() || self.is_separator(turn[i + 1]))
    }
}

/// A turn that was refused. The refusal says what was wrong and, where it
/// helps, what would be legal, as typed data: [`TurnError::message`] words
/// it for a reader in any language, `Display` in English.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The text could not be read as a turn of this game.
    #[error("{0}")]
    Unparsable(Refusal),
    /// The text reads as a turn, but that turn is not legal here.
    #[error("{0}")]
    Illegal(Refusal),
    /// The game has already ended.
    #[error("the game is over: no more turns can be played")]
    GameOver,
}

impl TurnError {
    /// The refusal as a message for a reader in any language.
    pub fn message(&self) -> Message {
        match self {
            TurnError::GameOver => Message::new("turn-game-over"),
            TurnError::Unparsable(refusal) | TurnError::Illegal(refusal) => refusal.message(),
        }
    }

    /// The reason, unless the game is over.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            TurnError::GameOver => None,
            TurnError::Unparsable(refusal) | TurnError::Illegal(refusal) => Some(refusal),
        }
    }
}

/// Why a turn was refused: each game's own reasons with their data, and
/// the one check every game shares. `Display` is the English sentence.
/// Each game's reasons are boxed, keeping [`TurnError`] small.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A turn that is not among the legal turns here (the default check
    /// of [`Game::play`]), in its canonical notation.
    NotLegal {
        turn: String,
    },
    Callanish(Box<callanish::CallanishRefusal>),
    Alquerque(Box<alquerque::AlquerqueRefusal>),
    Fanorona(Box<fanorona::FanoronaRefusal>),
    Alquad(Box<alquad::AlquadRefusal>),
    Sight(Box<sight::SightRefusal>),
    Collapse(Box<collapse::CollapseRefusal>),
    Floaters(Box<floaters::FloatersRefusal>),
}

impl Refusal {
    /// The refusal for a reader in any language: a message of the game's
    /// catalogue with the refusal's data as arguments.
    pub fn message(&self) -> Message {
        match self {
            Refusal::NotLegal { turn } => Message::new("turn-not-legal").arg("turn", turn.as_str()),
            Refusal::Callanish(r) => r.message(),
            Refusal::Alquerque(r) => r.message(),
            Refusal::Fanorona(r) => r.message(),
            Refusal::Alquad(r) => r.message(),
            Refusal::Sight(r) => r.message(),
            Refusal::Collapse(r) => r.message(),
            Refusal::Floaters(r) => r.message(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&locales::english(&self.message()))
    }
}

/// `From` a game's refusal into [`Refusal`], and its English `Display`.
macro_rules! game_refusal {
    ($($variant:ident($ty:ty)),* $(,)?) => {$(
        impl From<$ty> for Refusal {
            fn from(refusal: $ty) -> Refusal {
                Refusal::$variant(Box::new(refusal))
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&locales::english(&self.message()))
            }
        }
    )*};
}
game_refusal!(
    Callanish(callanish::CallanishRefusal),
    Alquerque(alquerque::AlquerqueRefusal),
    Fanorona(fanorona::FanoronaRefusal),
    Alquad(alquad::AlquadRefusal),
    Sight(sight::SightRefusal),
    Collapse(collapse::CollapseRefusal),
    Floaters(floaters::FloatersRefusal),
);

/// Test support: a message worded in every language, whole: no variable
/// left unset, no message id shown, no slip noticed.
#[cfg(test)]
pub(crate) fn assert_worded(message: &Message, what: &dyn fmt::Debug) {
    for lang in Lang::ALL {
        let text = locales::word(lang, message);
        assert!(
            !text.is_empty() && !text.contains('{') && !text.contains("???"),
            "{lang}: {what:?} worded as {text:?}"
        );
        assert!(
            !text.contains("-refusal-") && !text.contains("-usage") && !text.contains("option-"),
            "{lang}: {what:?} names a message id: {text:?}"
        );
    }
    let slips: Vec<String> = cairn_words::take_slips()
        .into_iter()
        .filter(|slip| slip.contains(message.id) || slip.contains("list") || slip.contains('-'))
        .collect();
    assert!(slips.is_empty(), "{what:?}: {slips:?}");
}

/// Test support: every refusal given worded in every language, whole,
/// and its `Display` the English wording.
#[cfg(test)]
pub(crate) fn assert_refusals_render(refusals: Vec<Refusal>) {
    for refusal in refusals {
        let message = refusal.message();
        assert_worded(&message, &refusal);
        assert_eq!(refusal.to_string(), locales::english(&message));
    }
}

/// With the `serde` feature a game can be stored (serialised and read
/// back); without it this asks nothing.
#[cfg(feature = "serde")]
pub trait Storable: Serialize + DeserializeOwned {}
#[cfg(feature = "serde")]
impl<T: Serialize + DeserializeOwned> Storable for T {}
/// With the `serde` feature a game can be stored (serialised and read
/// back); without it this asks nothing.
#[cfg(not(feature = "serde"))]
pub trait Storable {}
#[cfg(not(feature = "serde"))]
impl<T> Storable for T {}

/// The contract every game implements. A *turn* is everything one player
/// does before the other is to move (see `docs/rules/README.md`).
///
/// Invariant: a string is accepted by [`Game::parse_turn`] + [`Game::play`]
/// iff its canonical form (`Display` of the turn) is in [`Game::legal_turns`]
/// (Floaters' partial turns are the one documented exception).
/// Games are `Eq + Hash` over their whole state so searchers can keep
/// transposition tables (skip `&'static` geometry fields if any).
pub trait Game:
    Clone + fmt::Debug + PartialEq + Eq + Hash + Send + Sync + Storable + 'static
{
    /// One whole turn. `Display` is the canonical notation.
    type Turn: Clone + Eq + Hash + fmt::Display + fmt::Debug + Send + Sync;

    const KIND: GameKind;

    /// Turn counts can be astronomically large and costly to count
    /// (Floaters): searchers then sample turns instead of counting them.
    const HUGE_TURN_COUNTS: bool = false;

    /// How the players' sides are settled when a challenge is accepted.
    const SEATING: Seating = Seating::Chosen;

    /// The letters of this game's turn notation that are not squares, for
    /// matching what a player types against legal turns (completion).
    const SPELLING: TurnSpelling = TurnSpelling::PLAIN;

    /// Whether an exact solver can settle positions of this game within a
    /// turn's thinking time, so the strongest bot tries it first (small
    /// boards with short games: Sight, Collapse, Alquad).
    const SOLVABLE: bool = false;

    /// The words that name a side when challenging (`as=white`), besides
    /// `first` and `second`.
    fn seat_words(seat: Seat) -> &'static [&'static str] {
        match seat {
            Seat::First => &["white"],
            Seat::Second => &["black"],
        }
    }

    /// The options this game takes, declared once: they feed parsing,
    /// defaults, the `rules` text and the completion of options.
    const OPTIONS: &'static [OptionSpec];

    /// The game's own words, by message id in its catalogue
    /// (`locales/<lang>/<game>.ftl`): its title, short rules and notation.
    const WORDS: GameWords;

    /// A new game from its options (unknown keys and bad values refused).
    fn new(options: &Options) -> Result<Self, OptionError>;

    /// Every option with defaults resolved, as JSON values (numbers as
    /// numbers), in a fixed order.
    fn options(&self) -> Vec<(&'static str, OptionValue)>;

    /// Whose turn it is (or whose mid-turn step). Meaningless once over.
    fn to_move(&self) -> Seat;

    /// The player-facing name of a seat in this position: `white`, `black`,
    /// `red`, or Alquad's `setter` / `chooser` before colours are chosen.
    fn seat_name(&self, seat: Seat) -> &'static str;

    /// The name of a seat for a reader, capitalised ("White"): by default
    /// the message of its [`Game::seat_name`] word.
    fn seat_message(&self, seat: Seat) -> Message {
        view::seat_message(self.seat_name(seat))
    }

    /// The colour of a seat's pieces in this position, for the stone drawn
    /// before a caption; `None` while the seat has no colour (Alquad's
    /// setter and chooser). By default the colour its name names.
    fn seat_colour(&self, seat: Seat) -> Option<Colour> {
        match self.seat_name(seat) {
            "white" => Some(Colour::White),
            "black" => Some(Colour::Black),
            "red" => Some(Colour::Red),
            _ => None,
        }
    }

    /// Append every distinct legal whole turn to `out` (which the caller
    /// has cleared). Nothing if the game is over.
    fn generate(&self, out: &mut Vec<Self::Turn>);

    /// Every distinct legal whole turn.
    fn legal_turns(&self) -> Vec<Self::Turn> {
        let mut turns = Vec::new();
        self.generate(&mut turns);
        turns
    }

    /// The number of legal turns; games override it with a faster count
    /// (bulk counting at the last ply of perft).
    fn count_turns(&self) -> u64 {
        self.legal_turns().len() as u64
    }

    /// One legal turn chosen uniformly at random (AI playouts), `None` if
    /// the game is over. Games with huge turn counts override it.
    fn random_turn(&self, rng: &mut SplitRng) -> Option<Self::Turn> {
        let turns = self.legal_turns();
        if turns.is_empty() {
            None
        } else {
            Some(turns[rng.below(turns.len())].clone())
        }
    }

    /// A turn for random playouts (the path MCTS runs most): by default
    /// [`Game::random_turn`]. A game whose turns are chains of steps may
    /// draw step by step instead (uniform at each step, as Ludii's
    /// playouts do) where counting every chain would cost more than the
    /// rest of the playout.
    fn playout_turn(&self, rng: &mut SplitRng) -> Option<Self::Turn> {
        self.random_turn(rng)
    }

    /// A random playout from here (MCTS's simulation): turns drawn by
    /// [`Game::playout_turn`] and played until the game ends or
    /// `max_turns` turns have been played; the outcome if it ended. A game
    /// may override it to draw and play each turn at once (nothing built
    /// or computed twice), playing the same game for the same `rng`; the
    /// position left behind is a whole, valid one either way.
    fn random_playout(&mut self, rng: &mut SplitRng, max_turns: usize) -> Option<Outcome> {
        for _ in 0..max_turns {
            if self.outcome().is_some() {
                break;
            }
            match self.playout_turn(rng) {
                Some(turn) => self.apply(&turn),
                None => break,
            }
        }
        self.outcome()
    }

    /// Completions of a partly typed turn worked out step by step, for a
    /// game whose whole turns are too many to list ([`Game::HUGE_TURN_COUNTS`]):
    /// at most `limit` strings, most useful first. `None`: the caller
    /// completes from the list of legal turns.
    fn complete_steps(&self, _typed: &str, _limit: usize) -> Option<Vec<String>> {
        None
    }

    /// Other orders in which a canonical turn may be typed (Callanish's two
    /// additions, Alquad's two setup parts), for completion: `parse_turn`
    /// accepts each of them.
    fn other_spellings(_canonical: &str) -> Vec<String> {
        Vec::new()
    }

    /// Read a turn in the context of this position, accepting the looser
    /// forms the game's notation lists. Errors say what would be legal.
    fn parse_turn(&self, text: &str) -> Result<Self::Turn, TurnError>;

    /// Play a turn after checking it is legal.
    fn play(&mut self, turn: &Self::Turn) -> Result<(), TurnError> {
        if self.outcome().is_some() {
            return Err(TurnError::GameOver);
        }
        if self.legal_turns().contains(turn) {
            self.apply(turn);
            Ok(())
        } else {
            Err(TurnError::Illegal(Refusal::NotLegal {
                turn: turn.to_string(),
            }))
        }
    }

    /// Play a turn known to be legal (one from [`Game::generate`]), fast.
    fn apply(&mut self, turn: &Self::Turn);

    /// `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// What the last-turn highlight of `turn` would show, computed in the
    /// position *before* the turn is played.
    fn highlights(&self, turn: &Self::Turn) -> Highlights;

    /// A plain description of the position for the renderer.
    fn view(&self) -> BoardView;

    /// Whether this game (with these options) can end in a draw, so the bot
    /// knows when a draw offer makes sense.
    fn can_draw(&self) -> bool;

    /// Whether the player to move is in the middle of their own turn (a
    /// Floaters turn sent in parts), rather than starting a new one.
    fn in_mid_turn(&self) -> bool {
        false
    }

    /// Why the game ended, in words that fit the options in force and the
    /// position, without player names ("50 turns without a capture"), for
    /// reasons whose plain wording would mislead; `None`: the usual words.
    fn end_detail(&self, _outcome: Outcome) -> Option<Message> {
        None
    }

    /// A warning to the player to move of a loss at the end of this very
    /// turn unless they act ("Black holds rank 3 (5 of the 5 cells
    /// needed): break it this turn or lose"); `None` without such a threat.
    fn warning(&self) -> Option<Message> {
        None
    }

    /// What the green dots of the `moves` image mean for this game.
    fn hint_legend(&self) -> Message {
        Message::new("game-hint-legend")
    }

    /// What to say when there are too many legal turns to list: how to
    /// start a turn (Floaters: a pit number alone). `None`: nothing special.
    fn too_many_turns_hint(&self) -> Option<Message> {
        None
    }

    /// A transposition key that is equal for positions which play alike
    /// under a symmetry of the board, for exact solvers; `None` (the
    /// default) makes them hash the whole state instead. Never 0.
    fn symmetric_key(&self) -> Option<u64> {
        None
    }

    /// Number of distinct `depth`-turn sequences (docs/rules/README.md).
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome().is_some() {
            return 0;
        }
        if depth == 1 {
            return self.count_turns();
        }
        let mut turns = Vec::new();
        self.generate(&mut turns);
        let mut total = 0;
        for turn in &turns {
            let mut next = self.clone();
            next.apply(turn);
            total += next.perft(depth - 1);
        }
        total
    }
}

/// A game's own words (message ids of its catalogue), declared in its
/// rules module ([`Game::WORDS`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameWords {
    /// The name as a title: `callanish-title`.
    pub title: &'static str,
    /// The short rules of the `rules` command: `callanish-summary`.
    pub summary: &'static str,
    /// How turns are written, with examples: `callanish-notation`.
    pub notation: &'static str,
}

/// The seven games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum GameKind {
    Callanish,
    Alquerque,
    Fanorona,
    Alquad,
    Sight,
    Collapse,
    Floaters,
}

/// Run `$body` with `$G` naming the game type of a [`GameKind`], so a
/// declaration on the `Game` trait (`G::OPTIONS`) is read for any kind.
macro_rules! with_kind {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            GameKind::Callanish => {
                type $G = callanish::Callanish;
                $body
            }
            GameKind::Alquerque => {
                type $G = alquerque::Alquerque;
                $body
            }
            GameKind::Fanorona => {
                type $G = fanorona::Fanorona;
                $body
            }
            GameKind::Alquad => {
                type $G = alquad::Alquad;
                $body
            }
            GameKind::Sight => {
                type $G = sight::Sight;
                $body
            }
            GameKind::Collapse => {
                type $G = collapse::Collapse;
                $body
            }
            GameKind::Floaters => {
                type $G = floaters::Floaters;
                $body
            }
        }
    };
}

impl GameKind {
    pub const ALL: [GameKind; 7] = [
        GameKind::Callanish,
        GameKind::Alquerque,
        GameKind::Fanorona,
        GameKind::Alquad,
        GameKind::Sight,
        GameKind::Collapse,
        GameKind::Floaters,
    ];

    /// The lower-case name used in commands and JSON.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Callanish => "callanish",
            GameKind::Alquerque => "alquerque",
            GameKind::Fanorona => "fanorona",
            GameKind::Alquad => "alquad",
            GameKind::Sight => "sight",
            GameKind::Collapse => "collapse",
            GameKind::Floaters => "floaters",
        }
    }

    /// The name as a title.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Callanish => "Callanish",
            GameKind::Alquerque => "Alquerque",
            GameKind::Fanorona => "Fanorona",
            GameKind::Alquad => "Alquad",
            GameKind::Sight => "Sight",
            GameKind::Collapse => "Collapse",
            GameKind::Floaters => "Floaters",
        }
    }

    /// The short rules for the `rules` command, in English: the whole
    /// game in a few sentences (each game's catalogue holds its own text).
    pub fn summary(self) -> &'static str {
        self.english_words().summary.as_str()
    }

    /// The game's declared words ([`Game::WORDS`]).
    pub fn words(self) -> GameWords {
        with_kind!(self, G => G::WORDS)
    }

    /// The name as a title, for a reader in any language.
    pub fn title_message(self) -> Message {
        Message::new(self.words().title)
    }

    /// The short rules, for a reader in any language.
    pub fn summary_message(self) -> Message {
        Message::new(self.words().summary)
    }

    /// How turns are written, for a reader in any language.
    pub fn notation_message(self) -> Message {
        Message::new(self.words().notation)
    }

    /// The summary and notation in English, worded once.
    fn english_words(self) -> &'static EnglishWords {
        static ALL: std::sync::OnceLock<Vec<EnglishWords>> = std::sync::OnceLock::new();
        let all = ALL.get_or_init(|| {
            GameKind::ALL
                .iter()
                .map(|kind| EnglishWords {
                    summary: locales::english(&kind.summary_message()),
                    notation: locales::english(&kind.notation_message()),
                })
                .collect()
        });
        &all[self as usize]
    }

    /// The options the game takes (each game's module declares them).
    pub fn option_specs(self) -> &'static [OptionSpec] {
        with_kind!(self, G => G::OPTIONS)
    }

    /// The letters of the game's notation that are not squares
    /// ([`Game::SPELLING`]).
    pub fn spelling(self) -> TurnSpelling {
        with_kind!(self, G => G::SPELLING)
    }

    /// Whether an exact solver is worth trying ([`Game::SOLVABLE`]).
    pub fn solvable(self) -> bool {
        with_kind!(self, G => G::SOLVABLE)
    }

    /// How the sides are settled ([`Game::SEATING`]).
    pub fn seating(self) -> Seating {
        with_kind!(self, G => G::SEATING)
    }

    /// The side a word names when challenging (`as=black`), if any: the
    /// game's own words ([`Game::seat_words`]), `first` or `second`.
    pub fn seat_of_word(self, word: &str) -> Option<Seat> {
        let word = word.trim().to_ascii_lowercase();
        [Seat::First, Seat::Second].into_iter().find(|&seat| {
            let ordinal = if seat == Seat::First {
                "first"
            } else {
                "second"
            };
            word == ordinal || with_kind!(self, G => G::seat_words(seat)).contains(&word.as_str())
        })
    }

    /// Other orders in which a canonical turn may be typed
    /// ([`Game::other_spellings`]).
    pub fn other_spellings(self, canonical: &str) -> Vec<String> {
        with_kind!(self, G => G::other_spellings(canonical))
    }

    /// How turns are written, with examples, in English (each game's
    /// catalogue).
    pub fn notation(self) -> &'static str {
        self.english_words().notation.as_str()
    }

    /// The game suggested to a newcomer: the quickest to learn and play.
    pub const STARTER: GameKind = GameKind::Sight;

    /// The names of every game, as a list in words ("a, b and c").
    pub fn names_in_words() -> String {
        notation::list_and(&GameKind::ALL.map(|k| k.name().to_string()))
    }

    pub fn parse(name: &str) -> Option<GameKind> {
        let name = name.trim().to_ascii_lowercase();
        GameKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// A game's summary and notation worded in English.
struct EnglishWords {
    summary: String,
    notation: String,
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown game name, with the list of known ones.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no game called `{0}`; the games are {games}", games = GameKind::names_in_words())]
pub struct UnknownGame(pub String);

impl std::str::FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::parse(s).ok_or_else(|| UnknownGame(s.trim().to_string()))
    }
}

/// How the players' sides are settled when a challenge is accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    /// The challenger may pick a side (`as=`); otherwise the challenger
    /// moves first.
    Chosen,
    /// The challenger sets the game up and the other player then chooses
    /// the colours in play (a pie rule), so no side is picked beforehand.
    PieRule,
}

/// Any one of the seven games, for storage and dispatch by string turns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "game", content = "state", rename_all = "lowercase")
)]
pub enum AnyGame {
    Callanish(callanish::Callanish),
    Alquerque(alquerque::Alquerque),
    Fanorona(fanorona::Fanorona),
    Alquad(alquad::Alquad),
    Sight(sight::Sight),
    Collapse(collapse::Collapse),
    Floaters(floaters::Floaters),
}

/// Run `$body` with `$g` bound to the concrete game inside an [`AnyGame`],
/// so generic code (`fn f<G: Game>(g: &G)`) can be called on any game.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::AnyGame::Callanish($g) => $body,
            $crate::AnyGame::Alquerque($g) => $body,
            $crate::AnyGame::Fanorona($g) => $body,
            $crate::AnyGame::Alquad($g) => $body,
            $crate::AnyGame::Sight($g) => $body,
            $crate::AnyGame::Collapse($g) => $body,
            $crate::AnyGame::Floaters($g) => $body,
        }
    };
}

/// A turn that was played, as the bot records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The canonical notation of what was played.
    pub canonical: String,
    /// What to highlight as the last turn.
    pub highlights: Highlights,
}

fn play_text<G: Game>(game: &mut G, text: &str) -> Result<Played, TurnError> {
    if game.outcome().is_some() {
        return Err(TurnError::GameOver);
    }
    let turn = game.parse_turn(text)?;
    let highlights = game.highlights(&turn);
    game.play(&turn)?;
    Ok(Played {
        canonical: turn.to_string(),
        highlights,
    })
}

impl AnyGame {
    /// A new game of `kind` from `key=value` options.
    pub fn new(kind: GameKind, options: &Options) -> Result<AnyGame, OptionError> {
        Ok(match kind {
            GameKind::Callanish => AnyGame::Callanish(Game::new(options)?),
            GameKind::Alquerque => AnyGame::Alquerque(Game::new(options)?),
            GameKind::Fanorona => AnyGame::Fanorona(Game::new(options)?),
            GameKind::Alquad => AnyGame::Alquad(Game::new(options)?),
            GameKind::Sight => AnyGame::Sight(Game::new(options)?),
            GameKind::Collapse => AnyGame::Collapse(Game::new(options)?),
            GameKind::Floaters => AnyGame::Floaters(Game::new(options)?),
        })
    }

    pub fn kind(&self) -> GameKind {
        fn kind_of<G: Game>(_: &G) -> GameKind {
            G::KIND
        }
        with_game!(self, g => kind_of(g))
    }

    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        with_game!(self, g => g.options())
    }

    pub fn to_move(&self) -> Seat {
        with_game!(self, g => g.to_move())
    }

    pub fn seat_name(&self, seat: Seat) -> &'static str {
        with_game!(self, g => g.seat_name(seat))
    }

    pub fn seat_colour(&self, seat: Seat) -> Option<Colour> {
        with_game!(self, g => g.seat_colour(seat))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, g => g.outcome())
    }

    pub fn can_draw(&self) -> bool {
        with_game!(self, g => g.can_draw())
    }

    pub fn in_mid_turn(&self) -> bool {
        with_game!(self, g => g.in_mid_turn())
    }

    /// Why the game ended ([`Game::end_detail`]), in English.
    pub fn end_detail(&self, outcome: Outcome) -> Option<String> {
        self.end_message(outcome).map(|m| locales::english(&m))
    }

    /// Why the game ended ([`Game::end_detail`]), for a reader in any
    /// language.
    pub fn end_message(&self, outcome: Outcome) -> Option<Message> {
        with_game!(self, g => g.end_detail(outcome))
    }

    /// The name of a seat for a reader ([`Game::seat_message`]).
    pub fn seat_message(&self, seat: Seat) -> Message {
        with_game!(self, g => g.seat_message(seat))
    }

    /// A warning of a loss this turn ([`Game::warning`]), in English.
    pub fn warning(&self) -> Option<String> {
        self.warning_message().map(|m| locales::english(&m))
    }

    /// A warning of a loss this turn ([`Game::warning`]), for a reader in
    /// any language; `None` once the game is over.
    pub fn warning_message(&self) -> Option<Message> {
        if self.outcome().is_some() {
            return None;
        }
        with_game!(self, g => g.warning())
    }

    pub fn hint_legend(&self) -> Message {
        with_game!(self, g => g.hint_legend())
    }

    /// How to start a turn when there are too many to list
    /// ([`Game::too_many_turns_hint`]), in English.
    pub fn too_many_turns_hint(&self) -> Option<String> {
        self.too_many_turns_message().map(|m| locales::english(&m))
    }

    /// [`Game::too_many_turns_hint`] for a reader in any language.
    pub fn too_many_turns_message(&self) -> Option<Message> {
        with_game!(self, g => g.too_many_turns_hint())
    }

    /// The board view with its words as messages, for the reader's
    /// language ([`BoardView::worded`]).
    pub fn board_view(&self) -> BoardView {
        with_game!(self, g => g.view())
    }

    /// The board view worded in `lang` by the games' own catalogue.
    pub fn view_in(&self, lang: Lang) -> WordedView {
        self.board_view()
            .worded(|message| locales::word(lang, message))
    }

    /// The board view worded in English (the command line, logs).
    pub fn view(&self) -> WordedView {
        self.view_in(Lang::En)
    }

    /// Canonical strings of every legal turn, sorted.
    pub fn legal_strings(&self) -> Vec<String> {
        let mut all: Vec<String> =
            with_game!(self, g => g.legal_turns().iter().map(|t| t.to_string()).collect());
        all.sort();
        all
    }

    pub fn count_turns(&self) -> u64 {
        with_game!(self, g => g.count_turns())
    }

    /// The canonical form of `text` in this position, without playing it.
    pub fn canonical(&self, text: &str) -> Result<String, TurnError> {
        with_game!(self, g => g.parse_turn(text).map(|t| t.to_string()))
    }

    /// Parse and play `text`; on error the game is unchanged.
    pub fn play_str(&mut self, text: &str) -> Result<Played, TurnError> {
        let mut next = self.clone();
        let played = with_game!(&mut next, g => play_text(g, text))?;
        *self = next;
        Ok(played)
    }

    /// See [`Game::complete_steps`].
    pub fn complete_steps(&self, typed: &str, limit: usize) -> Option<Vec<String>> {
        with_game!(self, g => g.complete_steps(typed, limit))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, g => g.perft(depth))
    }

    /// Spots where legal turns end (destinations, additions), for the hint
    /// layer of `moves`. Empty when there are too many turns to list.
    pub fn hint_spots(&self) -> Vec<usize> {
        fn spots<G: Game>(game: &G) -> Vec<usize> {
            if game.count_turns() > HINT_TURN_LIMIT {
                return Vec::new();
            }
            let mut out: Vec<usize> = game
                .legal_turns()
                .iter()
                .flat_map(|turn| {
                    let h = game.highlights(turn);
                    let marked: Vec<usize> = h
                        .marks
                        .iter()
                        .filter(|m| {
                            matches!(m.kind, MarkKind::To | MarkKind::Added | MarkKind::LapStart)
                        })
                        .map(|m| m.spot)
                        .collect();
                    if marked.is_empty() {
                        h.path.last().copied().into_iter().collect()
                    } else {
                        marked
                    }
                })
                .collect();
            out.sort_unstable();
            out.dedup();
            out
        }
        with_game!(self, g => spots(g))
    }
}

/// Above this many legal turns no hint layer is computed.
pub const HINT_TURN_LIMIT: u64 = 5_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_refusal_is_worded_in_every_language() {
        let refusal = Refusal::NotLegal {
            turn: "c3-c4".into(),
        };
        assert_eq!(refusal.to_string(), "c3-c4 is not a legal turn here");
        assert_refusals_render(vec![refusal]);
    }

    #[test]
    fn turn_errors_say_the_refusal() {
        let mut game = AnyGame::new(GameKind::Sight, &Options::default()).unwrap();
        let error = game.play_str("c6").unwrap_err();
        assert_eq!(
            error,
            TurnError::Unparsable(sight::SightRefusal::NotAPoint { point: "c6".into() }.into())
        );
        assert_eq!(error.message(), error.refusal().unwrap().message());
        assert_eq!(
            error.to_string(),
            "c6 is not a point of the 5 x 5 board (files a to e, ranks 1 to 5)"
        );
        assert_eq!(
            TurnError::GameOver.to_string(),
            "the game is over: no more turns can be played"
        );
        assert_eq!(TurnError::GameOver.refusal(), None);
    }
}
