//! Stored ratings: one entry per game kind and player, changed in the same
//! transaction that archives a rated game's result (see [`super::Store::update`]),
//! so a result is rated exactly once even when two endings race (two
//! resignations, a resignation and a timeout): the one that loses the race
//! sees the game already over and archives nothing.
//!
//! Keys: `game NUL platform NUL user id` in the `ratings` tree. Each entry
//! remembers the *places* (Discord server, Matrix room, console channel)
//! where the player finished rated games, for the leaderboard of one
//! place; the `places` tree maps a channel to its place when the platform
//! says (a Discord channel's server), else a channel is its own place (a
//! Matrix thread belongs to its room).

use serde::{Deserialize, Serialize};

use super::{platform_of, FinishedGame};
use crate::rating::{is_rated, rate, Rating};
use cairn_rules::{GameKind, Seat};

/// One player's standing in one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingEntry {
    pub game: GameKind,
    pub platform: String,
    pub user_id: String,
    /// The name as last seen.
    pub name: String,
    pub rating: Rating,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Places where this player finished rated games.
    #[serde(default)]
    pub places: Vec<String>,
    pub updated_ms: u64,
}

impl RatingEntry {
    fn new(game: GameKind, platform: &str, user_id: &str, name: &str) -> RatingEntry {
        RatingEntry {
            game,
            platform: platform.to_string(),
            user_id: user_id.to_string(),
            name: name.to_string(),
            rating: Rating::default(),
            games: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            places: Vec::new(),
            updated_ms: 0,
        }
    }
}

/// The key of a rating entry.
pub fn rating_key(game: GameKind, platform: &str, user_id: &str) -> Vec<u8> {
    format!("{}\0{platform}\0{user_id}", game.name()).into_bytes()
}

/// The key prefix of every entry of one game.
pub fn game_prefix(game: GameKind) -> Vec<u8> {
    format!("{}\0", game.name()).into_bytes()
}

/// A channel's place when the platform has not named one: the channel
/// key without a Matrix thread (`matrix:!room/$root` -> `matrix:!room`).
pub fn default_place(channel_key: &str) -> String {
    match channel_key.split_once('/') {
        Some((room, _)) => room.to_string(),
        None => channel_key.to_string(),
    }
}

/// The new entries of both players (by seat) after a rated game, from
/// their current entries (`None`: first rated game). `None` for an
/// unrated game.
pub fn rated_entries(
    finished: &FinishedGame,
    place: &str,
    current: [Option<RatingEntry>; 2],
) -> Option<[RatingEntry; 2]> {
    let game = &finished.record;
    if !is_rated(game) {
        return None;
    }
    let outcome = game.outcome()?;
    let platform = platform_of(&finished.channel);
    let [first, second] = current;
    let mut entries = [first, second];
    let mut out: Vec<RatingEntry> = Vec::with_capacity(2);
    for seat in Seat::BOTH {
        let player = game.player(seat);
        let mut entry = entries[seat.index()]
            .take()
            .unwrap_or_else(|| RatingEntry::new(game.kind, platform, &player.id, &player.name));
        entry.name = player.name.clone();
        entry.games += 1;
        match outcome.winner {
            Some(w) if w == seat => entry.wins += 1,
            Some(_) => entry.losses += 1,
            None => entry.draws += 1,
        }
        if !entry.places.iter().any(|p| p == place) {
            entry.places.push(place.to_string());
        }
        entry.updated_ms = finished.finished_ms;
        out.push(entry);
    }
    let (a, b) = rate(out[0].rating, out[1].rating, &outcome);
    out[0].rating = a;
    out[1].rating = b;
    let second = out.pop()?;
    let first = out.pop()?;
    Some([first, second])
}
