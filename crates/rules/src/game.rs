//! The contract every game implements ([`Game`]) and what a game declares
//! beside it: its words ([`GameWords`]) and how its sides are settled
//! ([`Seating`]).

use std::fmt;
use std::hash::Hash;

#[cfg(feature = "serde")]
use serde::de::DeserializeOwned;
#[cfg(feature = "serde")]
use serde::Serialize;

use crate::{
    view, BoardView, Colour, GameKind, Highlights, Message, OptionError, OptionSpec, OptionValue,
    Options, Outcome, Pick, PickError, Picker, Refusal, Seat, SplitRng, Step, TurnError,
    TurnSpelling,
};

/// A static estimate of a position for the player to move
/// ([`Game::estimate`]), in hundredths of a piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Estimate {
    /// What captures change: pieces on the board, mine less theirs.
    pub material: i32,
    /// Everything else that tells who stands better (lines nearly held).
    pub position: i32,
    /// How much is still to play for, the same for both sides (pieces on
    /// the board): while material is level a search keeps it high, away
    /// from a level ending that draws. 0: it does not matter.
    pub at_stake: i32,
}

impl Estimate {
    /// Material and position together: the score a search compares.
    pub fn total(self) -> i32 {
        self.material + self.position
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

/// Steps a count of turns may spend where an answer must come quickly (a
/// reply, or a search asking whether the turns are few enough to list):
/// milliseconds at most. Past it
/// [`Game::count_turns_within`] gives up and the turns count as very many.
pub const QUICK_COUNT_WORK: u64 = 50_000;

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

    /// The number of legal turns, or `None` when counting them would take
    /// more than about `work` steps. Searches that only need to know
    /// whether the turns are few ask this: a combinatorial count
    /// (Floaters) can take minutes in rare positions, far past a turn's
    /// deadline.
    fn count_turns_within(&self, _work: u64) -> Option<u64> {
        Some(self.count_turns())
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

    /// How a legal turn decomposes into the steps of the picker (a point,
    /// a destination, the next capture...): one path of steps, or several
    /// when its steps may come in any order (Callanish's two additions).
    /// Distinct turns must have distinct paths. By default the whole turn
    /// is one step.
    fn turn_steps(&self, turn: &Self::Turn) -> Vec<Vec<Step>> {
        vec![vec![Step {
            label: turn.to_string(),
            joint: "",
            marks: self.highlights(turn).marks,
            note: None,
        }]]
    }

    /// The picker after `choices` (labels of steps it offered, in order):
    /// the steps taken, the legal next steps and the whole turn they make
    /// ([`Pick`]). By default built from [`Game::turn_steps`] of every legal
    /// turn; a game with [`Game::HUGE_TURN_COUNTS`] generates the steps
    /// one at a time instead.
    fn pick(&self, choices: &[String]) -> Result<Pick, PickError> {
        if self.outcome().is_some() {
            return Err(PickError::GameOver);
        }
        Picker::new(self).pick(choices)
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
    /// needed): break it this turn or lose"), or of a loss that this turn
    /// makes certain (the last stones of a supply); `None` without such a
    /// threat.
    fn warning(&self) -> Option<Message> {
        None
    }

    /// How a turn that moves no piece is said, worked out in the position
    /// before it (Alquad's colour choice: "chose to play White", where
    /// "played white" would read as a move); `None`: "played" and the
    /// notation.
    fn turn_words(&self, _turn: &Self::Turn) -> Option<Message> {
        None
    }

    /// While a turn waits for its next part (see [`Game::in_mid_turn`]):
    /// what to send and an example, a sentence ("Send the colours of the
    /// 3 red and 2 black stones ... e.g. `move rrrbb`"); `None` otherwise.
    fn next_step_hint(&self) -> Option<Message> {
        None
    }

    /// While a turn waits for its next part: how many ways there are to
    /// send that part, and the first `limit` of them, for `moves` (the
    /// ways to finish the whole turn can be thousands); `None` otherwise.
    fn next_step_choices(&self, _limit: usize) -> Option<(u64, Vec<String>)> {
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

    /// A quick static estimate of the position for the player to move
    /// (positive when they stand better), for a game whose tactics a
    /// short look ahead decides (capture games, lines to fill). A game
    /// that declares one is searched by alpha-beta to a depth at the
    /// strongest level, and turns that raise the mover's material are
    /// followed past the depth; `None` (the default) leaves it to Monte
    /// Carlo search.
    fn estimate(&self) -> Option<Estimate> {
        None
    }

    /// The turns a search follows past its depth, among which it keeps
    /// those that raise the mover's material or end the game: every legal
    /// turn (the default), or fewer where the game can tell at a glance
    /// which turns may (its captures). Empty when none may.
    fn noisy_turns(&self, out: &mut Vec<Self::Turn>) {
        self.generate(out);
    }

    /// A transposition key that is equal for positions which play alike
    /// under a symmetry of the board, for exact solvers; `None` (the
    /// default) makes them hash the whole state instead. Never 0.
    fn symmetric_key(&self) -> Option<u64> {
        None
    }

    /// The turns an exact solver searches, in the order to search them:
    /// every legal turn (the default), or fewer where the game knows that
    /// the turns left out cannot change the position's exact value (the
    /// fastest win, the slowest loss). Never empty while a turn is legal.
    fn solver_turns(&self, out: &mut Vec<Self::Turn>) {
        self.generate(out);
    }

    /// A key for the transposition table of a heuristic search: equal for
    /// positions that play alike, whatever the path that reached them,
    /// except for what a repetition rule remembers of that path (which
    /// such a search may overlook). `None` (the default) makes it hash the
    /// whole state instead, history and all. Exact solvers do not use it.
    fn search_key(&self) -> Option<u64> {
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
