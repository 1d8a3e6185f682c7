//! Ratings: Glicko-2 per game, computed with the `skillratings` crate.
//!
//! - One rating per player and game kind: Callanish's sizes (and every
//!   other game's options) count as one game, since the skills carry over
//!   and splitting would leave each variant with too few games to rate.
//! - Each game is its own rating period (the crate's `glicko2` for one
//!   game), the usual choice for a service where games end one at a time.
//! - A player is *provisional* while their rating deviation is above
//!   [`PROVISIONAL_DEVIATION`] (110, as lichess uses): a new player starts
//!   at 1500 with deviation 350 and needs a handful of games to get there.
//! - Unrated: games against the bot, and games that end, however they
//!   end, before each player made [`MIN_TURNS_EACH`] turns.
//!
//! The stored entries and their update, written in the same store
//! transaction as the game's result, are in `store::ratings`.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::GameRecord;
use cairn_rules::{Outcome, Seat};

/// Each player must have made this many turns for a game to count.
pub const MIN_TURNS_EACH: usize = 2;

/// Above this rating deviation a rating is provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Whether a finished game counts for ratings: two people (games against
/// the bot are unrated), each of whom made two turns (a game resigned,
/// lost on time or drawn at once says nothing about strength). One rule,
/// whatever the ending: `help rating` says it.
pub fn is_rated(game: &GameRecord) -> bool {
    if game.outcome().is_none() {
        return false;
    }
    if game.players.iter().any(|p| p.is_bot) || game.players[0].id == game.players[1].id {
        return false;
    }
    // Whole turns: the parts of a Floaters turn are one turn.
    let turns = game.whole_turns();
    Seat::BOTH
        .into_iter()
        .all(|seat| turns[seat.index()] >= MIN_TURNS_EACH)
}

/// A Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500, deviation 350, volatility 0.06.
    fn default() -> Self {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Rating {
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// "1623" or "1623?" while provisional.
    pub fn label(&self) -> String {
        format!(
            "{:.0}{}",
            self.rating,
            if self.provisional() { "?" } else { "" }
        )
    }
}

/// Both players' new ratings after a game between them (`first` and
/// `second` by seat).
pub fn rate(first: Rating, second: Rating, outcome: &Outcome) -> (Rating, Rating) {
    let result = match outcome.winner {
        Some(Seat::First) => Outcomes::WIN,
        Some(Seat::Second) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (a, b) = glicko2(
        &first.into(),
        &second.into(),
        &result,
        &Glicko2Config::new(),
    );
    (a.into(), b.into())
}

/// A player's and a puzzle's new ratings after an attempt: solving it is
/// a win over the puzzle, failing it a loss.
pub fn rate_puzzle(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let result = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (a, b) = glicko2(
        &player.into(),
        &puzzle.into(),
        &result,
        &Glicko2Config::new(),
    );
    (a.into(), b.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cairn_rules::Reason;

    /// The crate's documented example of `glicko2`: two new players, the
    /// first wins.
    #[test]
    fn glicko2_matches_the_crates_documented_example() {
        let (one, two) = rate(
            Rating::default(),
            Rating::default(),
            &Outcome::win(Seat::First, Reason::Line),
        );
        assert_eq!(one.rating.round(), 1662.0);
        assert_eq!(one.deviation.round(), 290.0);
        assert!((one.volatility - 0.059_999_675_372_338_14).abs() < 1e-15);
        assert_eq!(two.rating.round(), 1338.0);
        assert_eq!(two.deviation.round(), 290.0);
        assert!(one.provisional() && two.provisional());
        // The same game the other way round mirrors it; a draw moves nobody.
        let (one_b, two_b) = rate(
            Rating::default(),
            Rating::default(),
            &Outcome::win(Seat::Second, Reason::Line),
        );
        assert_eq!((one_b.rating, two_b.rating), (two.rating, one.rating));
        let (d1, d2) = rate(
            Rating::default(),
            Rating::default(),
            &Outcome::draw(Reason::Agreement),
        );
        assert_eq!((d1.rating.round(), d2.rating.round()), (1500.0, 1500.0));
    }

    #[test]
    fn deviation_falls_below_the_provisional_mark_with_games() {
        let mut me = Rating::default();
        let opponent = Rating {
            rating: 1500.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let mut games = 0;
        while me.provisional() {
            let seat = if games % 2 == 0 {
                Seat::First
            } else {
                Seat::Second
            };
            me = rate(me, opponent, &Outcome::win(seat, Reason::Line)).0;
            games += 1;
            assert!(games < 30, "still provisional after 30 games: {me:?}");
        }
        assert!(games >= 4, "provisional for {games} games only");
    }
}
