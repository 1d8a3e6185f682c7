//! The pure rules core: one [`Game`] trait shared by all the games, the
//! [`AnyGame`] enum used for storage and dispatch, and the types every game
//! speaks in (seats, outcomes, errors, options, board views).
//!
//! Nothing here does I/O, async or rendering. Speed matters most here: perft
//! and AI playouts run through [`Game::generate`] and [`Game::apply`].
//! Storing games (serde) and the `position` JSON report are behind the
//! `serde` feature; the consistency checks of [`Game`]'s contract that
//! tests use (`check`, which panics) behind `test-support`.
//!
//! The games are listed once, in `games.rs`; their modules, [`GameKind`],
//! [`AnyGame`], [`Refusal`], the dispatch macros and the catalogue files
//! all follow from that list.
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
//!
//! // A game rebuilt from its options and the turns played.
//! let again = AnyGame::replay(GameKind::Callanish, &options, &["d4"]).unwrap();
//! assert_eq!(again, game);
//! ```

mod games;

mod any;
mod describe;
mod game;
mod geometry;
mod kind;
mod notation;
mod options;
mod outcome;
mod pick;
mod rng;
mod turn;
mod view;

#[cfg(any(test, feature = "test-support"))]
pub mod check;
pub mod locales;
#[cfg(feature = "serde")]
pub mod position;

/// One public module per game of the list (`games.rs`), with everything
/// that game knows: its type, its turns, its options and its refusals.
macro_rules! game_modules {
    ([] $($module:ident::{$Game:ident, $Refusal:ident}),* $(,)?) => {
        $(pub mod $module;)*
    };
}
crate::__games!([game_modules] []);

pub use any::{AnyGame, Played, ReplayError, HINT_TURN_LIMIT};
pub use cairn_words::{Lang, Message, MessageArg};
pub use describe::{describe, Detail};
pub use game::{Estimate, Game, GameWords, Seating, Storable, QUICK_COUNT_WORK};
pub use kind::{GameKind, UnknownGame};
pub use notation::{list_and, square_name};
pub use options::{OptionError, OptionKind, OptionSpec, OptionValue, Options};
pub use outcome::{Outcome, Reason, Seat, UnknownReason};
pub use pick::{natural, written, Pick, PickError, Picker, Step};
pub use rng::SplitRng;
pub use turn::{Refusal, TurnError, TurnSpelling};
pub use view::{
    capitalise, seat_message, status_line, BoardView, Colour, Hand, Highlights, Layout,
    MancalaWords, Mark, MarkKind, Spot, WordedView,
};
