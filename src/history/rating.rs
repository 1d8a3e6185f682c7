//! Ratings (part 3 of issue 22 adds Glicko-2); for now which games count.

use crate::rules::{Reason, Seat};
use crate::store::GameRecord;

/// Each player must have made this many turns for a resigned game to count.
pub const MIN_TURNS_EACH: usize = 2;

/// Whether a finished game counts for ratings: two people (games against
/// the bot are unrated), and not resigned before each player made two
/// turns (a game abandoned at once says nothing about strength).
pub fn is_rated(game: &GameRecord) -> bool {
    let Some(outcome) = game.outcome() else {
        return false;
    };
    if game.players.iter().any(|p| p.is_bot) || game.players[0].id == game.players[1].id {
        return false;
    }
    if outcome.reason == Reason::Resign {
        let turns_of = |seat: Seat| game.history.iter().filter(|t| t.seat == seat).count();
        if Seat::BOTH.into_iter().any(|s| turns_of(s) < MIN_TURNS_EACH) {
            return false;
        }
    }
    true
}
