//! [`AnyGame`]: any one of the games behind one enum, for storage and
//! dispatch by string turns, and [`with_game!`](crate::with_game) to reach
//! the concrete game inside it.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::{
    locales, BoardView, Colour, Game, GameKind, Highlights, Lang, MarkKind, Message, OptionError,
    OptionValue, Options, Outcome, Pick, PickError, Picker, Seat, TurnError, WordedView,
};

/// `AnyGame` and its constructor, from the list of games (`games.rs`).
macro_rules! any_game {
    ([] $($module:ident::{$Game:ident, $Refusal:ident}),* $(,)?) => {
        /// Any one of the games, for storage and dispatch by string turns.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
        #[cfg_attr(
            feature = "serde",
            serde(tag = "game", content = "state", rename_all = "lowercase")
        )]
        pub enum AnyGame {
            $($Game(crate::$module::$Game),)*
        }

        impl AnyGame {
            /// A new game of `kind` from `key=value` options.
            pub fn new(kind: GameKind, options: &Options) -> Result<AnyGame, OptionError> {
                Ok(match kind {
                    $(GameKind::$Game => AnyGame::$Game(Game::new(options)?),)*
                })
            }
        }
    };
}
crate::__games!([any_game] []);

/// Run `$body` with `$g` bound to the concrete game inside an [`AnyGame`],
/// so generic code (`fn f<G: Game>(g: &G)`) can be called on any game.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        $crate::__games!([$crate::__with_game_arms] [$any, $g => $body])
    };
}

/// The `match` of [`with_game!`](crate::with_game): one arm per game of the list.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_arms {
    ([$any:expr, $g:ident => $body:expr] $($module:ident::{$Game:ident, $Refusal:ident}),* $(,)?) => {
        match $any {
            $($crate::AnyGame::$Game($g) => $body,)*
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
    /// How the turn is said when it moves no piece ([`Game::turn_words`]).
    pub words: Option<Message>,
}

fn play_text<G: Game>(game: &mut G, text: &str) -> Result<Played, TurnError> {
    if game.outcome().is_some() {
        return Err(TurnError::GameOver);
    }
    let turn = game.parse_turn(text)?;
    let highlights = game.highlights(&turn);
    let words = game.turn_words(&turn);
    game.play(&turn)?;
    Ok(Played {
        canonical: turn.to_string(),
        highlights,
        words,
    })
}

/// A game that could not be rebuilt from its options and turns
/// ([`AnyGame::replay`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The options were refused.
    #[error("bad option: {0}")]
    Option(OptionError),
    /// Turn `number` (from 1), `text`, was refused.
    #[error("turn {number} (`{text}`): {error}")]
    Turn {
        number: usize,
        text: String,
        error: TurnError,
    },
}

impl AnyGame {
    /// Rebuild a game of `kind` from its options and the turns played, in
    /// order (as a player may write them; canonical ones as stored).
    pub fn replay<S: AsRef<str>>(
        kind: GameKind,
        options: &Options,
        turns: &[S],
    ) -> Result<AnyGame, ReplayError> {
        AnyGame::replay_each(kind, options, turns, |_, _| {})
    }

    /// [`AnyGame::replay`], calling `each` with every position on the way:
    /// the start with `None`, then the position after each turn with the
    /// turn as played.
    pub fn replay_each<S: AsRef<str>>(
        kind: GameKind,
        options: &Options,
        turns: &[S],
        mut each: impl FnMut(&AnyGame, Option<Played>),
    ) -> Result<AnyGame, ReplayError> {
        let mut game = AnyGame::new(kind, options).map_err(ReplayError::Option)?;
        each(&game, None);
        for (i, text) in turns.iter().enumerate() {
            let text = text.as_ref();
            let played = game.play_str(text).map_err(|error| ReplayError::Turn {
                number: i + 1,
                text: text.to_string(),
                error,
            })?;
            each(&game, Some(played));
        }
        Ok(game)
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

    /// What to send next in the middle of a turn ([`Game::next_step_hint`]).
    pub fn next_step_hint(&self) -> Option<Message> {
        with_game!(self, g => g.next_step_hint())
    }

    /// The choices for the next part of a turn ([`Game::next_step_choices`]).
    pub fn next_step_choices(&self, limit: usize) -> Option<(u64, Vec<String>)> {
        with_game!(self, g => g.next_step_choices(limit))
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

    /// The number of legal turns if counting them is quick (see
    /// [`Game::count_turns_within`]); `None` means very many. For replies
    /// that must not wait on a rare position's combinatorial count.
    pub fn count_turns_quickly(&self) -> Option<u64> {
        with_game!(self, g => g.count_turns_within(crate::QUICK_COUNT_WORK))
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

    /// One legal turn chosen at random ([`Game::random_turn`]), written
    /// canonically; `None` once the game is over.
    pub fn random_turn(&self, rng: &mut crate::SplitRng) -> Option<String> {
        with_game!(self, g => g.random_turn(rng).map(|t| t.to_string()))
    }

    /// The picker after `choices` ([`Game::pick`]): the steps taken, the
    /// legal next steps, and the whole turn they make.
    pub fn pick(&self, choices: &[String]) -> Result<Pick, PickError> {
        with_game!(self, g => g.pick(choices))
    }

    /// The picker of this position built once, to walk many choices
    /// cheaply; `None` for a game whose turns are too many to list
    /// (Floaters: use [`AnyGame::pick`]) or once the game is over.
    pub fn picker(&self) -> Option<Picker> {
        fn build<G: Game>(game: &G) -> Option<Picker> {
            (!G::HUGE_TURN_COUNTS && game.outcome().is_none()).then(|| Picker::new(game))
        }
        with_game!(self, g => build(g))
    }

    /// See [`Game::complete_steps`].
    pub fn complete_steps(&self, typed: &str, limit: usize) -> Option<Vec<String>> {
        with_game!(self, g => g.complete_steps(typed, limit))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, g => g.perft(depth))
    }

    /// Spots where legal turns end (destinations, additions) and stones
    /// they take off (Callanish removals), for the hint layer of `moves`.
    /// Empty when there are too many turns to list.
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
                            matches!(
                                m.kind,
                                MarkKind::To
                                    | MarkKind::Added
                                    | MarkKind::Removed
                                    | MarkKind::LapStart
                            )
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
    use crate::{sight, Refusal};

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

    #[test]
    fn a_replay_plays_every_turn_from_the_options() {
        let options = Options::parse(&["size=7"]).unwrap();
        let game = AnyGame::replay(GameKind::Callanish, &options, &["d4", "c3"]).unwrap();
        let mut by_hand = AnyGame::new(GameKind::Callanish, &options).unwrap();
        by_hand.play_str("d4").unwrap();
        by_hand.play_str("c3").unwrap();
        assert_eq!(game, by_hand);

        let mut seen = Vec::new();
        AnyGame::replay_each(
            GameKind::Callanish,
            &options,
            &["d4", "c3"],
            |game, played| {
                seen.push((game.to_move(), played.map(|p| p.canonical)));
            },
        )
        .unwrap();
        assert_eq!(
            seen,
            [
                (Seat::First, None),
                (Seat::Second, Some("d4".to_string())),
                (Seat::First, Some("c3".to_string())),
            ]
        );
    }

    #[test]
    fn a_replay_names_the_refused_turn_or_option() {
        let options = Options::default();
        let error = AnyGame::replay(GameKind::Sight, &options, &["a1", "c6"]).unwrap_err();
        let ReplayError::Turn {
            number,
            text,
            error: turn,
        } = &error
        else {
            panic!("{error:?}");
        };
        assert_eq!((*number, text.as_str()), (2, "c6"));
        assert!(
            matches!(turn.refusal(), Some(Refusal::Sight(_))),
            "{turn:?}"
        );
        assert_eq!(
            error.to_string(),
            "turn 2 (`c6`): c6 is not a point of the 5 x 5 board (files a to e, ranks 1 to 5)"
        );

        let bad = Options::parse(&["size=4"]).unwrap();
        let error = AnyGame::replay(GameKind::Callanish, &bad, &[] as &[&str]).unwrap_err();
        assert!(matches!(error, ReplayError::Option(_)), "{error:?}");
        assert!(error.to_string().starts_with("bad option: "), "{error}");
    }
}
