//! Tournaments (#39): every tournament of a channel is kept in one record
//! of the `channels` tree, under a key no real channel has
//! ([`tournaments_key`]), so it is changed by the same compare-and-swap as
//! a channel's record and its due moment lives in the same deadline index.
//! A tournament's games are played in channels of their own whose keys
//! name the tournament, the round and the board ([`game_key`]), so each
//! game can be created only once: its channel is written only while empty.

use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;
use crate::Player;
use cairn_rules::GameKind;

/// What marks the record of a channel's tournaments, after the channel.
pub const TOURNAMENTS_SUFFIX: &str = "~tournaments";

/// The key of the record holding the tournaments of the channel `key`
/// (`platform:channel`).
pub fn tournaments_key(channel_key: &str) -> String {
    format!("{channel_key}{TOURNAMENTS_SUFFIX}")
}

/// The channel key whose tournaments `key` holds, if it is such a record.
pub fn tournaments_channel(key: &str) -> Option<&str> {
    key.strip_suffix(TOURNAMENTS_SUFFIX)
}

/// The channel of board `board` of round `round` (both from 1) of
/// tournament `number` of the channel `channel_key`.
pub fn game_key(channel_key: &str, number: u32, round: usize, board: usize) -> String {
    format!("{channel_key}~t{number}r{round}g{board}")
}

/// The channel whose tournament a game channel key belongs to, with the
/// tournament's number, the round and the board.
pub fn parse_game_key(key: &str) -> Option<(&str, u32, usize, usize)> {
    let (channel, tail) = key.rsplit_once("~t")?;
    let (number, tail) = tail.split_once('r')?;
    let (round, board) = tail.split_once('g')?;
    Some((
        channel,
        number.parse().ok()?,
        round.parse().ok()?,
        board.parse().ok()?,
    ))
}

/// How players meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Everyone meets everyone once, or twice (sides swapped).
    RoundRobin { double: bool },
    /// Pairs within score groups for a number of rounds.
    Swiss { rounds: u8 },
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Taking entries.
    Open,
    Running,
    Finished,
    Cancelled,
}

/// How a pairing's game ended, from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    FirstWins,
    SecondWins,
    Draw,
}

/// One game of a round: the entrants by their index, `first` moving
/// first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    pub first: usize,
    pub second: usize,
    /// Its game's channel has been written (the game exists).
    #[serde(default)]
    pub created: bool,
    /// The result, counted once.
    #[serde(default)]
    pub score: Option<Score>,
    /// Decided without play: a player had left.
    #[serde(default)]
    pub forfeit: bool,
    /// The channel the game moved to from its own (a Discord thread made
    /// for it), where its result is read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_to: Option<String>,
    /// A process is starting (and announcing) this game until then: no
    /// other starts it meanwhile; past it, the game is started again by
    /// whichever process looks (announced again if it exists unplayed, as
    /// after a crash between writing it and saying it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed_until: Option<u64>,
}

/// One round: its pairings and the entrant who sits out with a bye (a
/// win in Swiss; nothing in a round robin).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub pairings: Vec<Pairing>,
    #[serde(default)]
    pub bye: Option<usize>,
}

impl Round {
    /// Every game of the round has its result.
    pub fn done(&self) -> bool {
        self.pairings.iter().all(|p| p.score.is_some())
    }
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub player: Player,
    /// Left after the start: their games not yet played are forfeited.
    #[serde(default)]
    pub left: bool,
}

/// One tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// Its number in the channel, from 1.
    pub number: u32,
    pub game: GameKind,
    /// The game's `key=value` options.
    pub options: Vec<String>,
    #[serde(default)]
    pub clock: Option<TimeControl>,
    pub format: Format,
    pub max: u8,
    pub organiser: Player,
    pub entrants: Vec<Entrant>,
    pub stage: Stage,
    /// When it starts by itself (`None`: `tournament start`).
    #[serde(default)]
    pub starts_ms: Option<u64>,
    pub created_ms: u64,
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// When the scheduler should look at it again: a game may have ended
    /// (set by the command or timeout that ended it), or a game of the
    /// round is still to be created. `None`: nothing to do until then.
    #[serde(default)]
    pub attention_ms: Option<u64>,
    /// The games made public in a public place (web listing).
    #[serde(default)]
    pub public_place: bool,
}

/// How often the scheduler looks at a running tournament even when no
/// game said it ended (a crash between a game's end and its nudge).
pub const TOURNAMENT_CHECK_MS: u64 = 60 * 60 * 1000;

/// How often the scheduler looks at a tournament whose games moved into
/// places of their own (Discord threads), where no game names its
/// tournament: their results are counted within this.
pub const MOVED_GAMES_CHECK_MS: u64 = 30 * 1000;

impl Tournament {
    /// When the scheduler must next look at it.
    pub fn next_due_ms(&self) -> Option<u64> {
        match self.stage {
            Stage::Open => self.starts_ms,
            Stage::Running => self.attention_ms,
            Stage::Finished | Stage::Cancelled => None,
        }
    }

    /// Still taking entries or being played.
    pub fn active(&self) -> bool {
        matches!(self.stage, Stage::Open | Stage::Running)
    }

    /// The entrant index of a user.
    pub fn entrant_of(&self, user_id: &str) -> Option<usize> {
        self.entrants.iter().position(|e| e.player.id == user_id)
    }
}

/// The tournaments of one channel, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tournaments {
    pub list: Vec<Tournament>,
}

impl Tournaments {
    pub fn next_due_ms(&self) -> Option<u64> {
        self.list.iter().filter_map(Tournament::next_due_ms).min()
    }

    /// Tournament `number`.
    pub fn get_mut(&mut self, number: u32) -> Option<&mut Tournament> {
        self.list.iter_mut().find(|t| t.number == number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_keys_round_trip() {
        let key = game_key("discord:123", 4, 2, 7);
        assert_eq!(key, "discord:123~t4r2g7");
        assert_eq!(parse_game_key(&key), Some(("discord:123", 4, 2, 7)));
        assert_eq!(parse_game_key("console:lobby"), None);
        assert_eq!(
            tournaments_channel(&tournaments_key("matrix:!a:b")),
            Some("matrix:!a:b")
        );
    }
}
