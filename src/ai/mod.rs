//! Opponents over the `Game` trait (placeholder: a random legal turn).

use std::time::Duration;

use crate::rules::{AnyGame, Game, SplitRng};

/// How the bot should think.
#[derive(Clone, Debug)]
pub struct Settings {
    /// 1 (gentle) to 5 (full budget).
    pub level: u8,
    /// Hard limit on thinking time.
    pub deadline: Duration,
    pub seed: u64,
}

/// The bot's chosen turn and an optional remark ("a forced win for White in 7").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub turn: String,
    pub note: Option<String>,
}

/// Choose a turn for the player to move, `None` if the game is over.
pub fn choose(game: &AnyGame, settings: &Settings) -> Option<Choice> {
    fn pick<G: Game>(game: &G, seed: u64) -> Option<String> {
        let mut rng = SplitRng::new(seed);
        game.random_turn(&mut rng).map(|t| t.to_string())
    }
    let turn = crate::with_game!(game, g => pick(g, settings.seed))?;
    Some(Choice { turn, note: None })
}
