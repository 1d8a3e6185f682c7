//! A game's stable, unguessable id (the address of its web page) and the
//! index that finds a game by it.
//!
//! Every game gets an id of 128 random bits from the operating system's
//! generator when it starts (`GameId::random`); the store stamps one on
//! any game it writes without one (a game stored by an older build gets
//! its id at its next write; a game archived by an older build has none
//! and no page). The `games` tree maps an id to where the game is: its
//! channel, and once it is over its archive entry. That entry is a hint
//! written right after the game's own record, never trusted: a lookup
//! reads the record it names and checks the id there.

use serde::{Deserialize, Serialize};

/// How many random bytes an id holds (128 bits).
const ID_BYTES: usize = 16;

/// The letters of an id: RFC 4648 base32, lower case.
const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// The length of an id's text: 128 bits, five to a letter.
const ID_LETTERS: usize = (ID_BYTES * 8).div_ceil(5);

/// A game's id: 128 random bits, written as 26 lower-case base32 letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId([u8; ID_BYTES]);

/// The operating system's random generator failed.
#[derive(Debug, thiserror::Error)]
#[error("no random bytes for a game id: {0}")]
pub struct NoRandomness(String);

/// A text that is not a game id.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a game id")]
pub struct NotAnId;

impl GameId {
    /// A fresh id from the operating system's random generator.
    pub fn random() -> Result<GameId, NoRandomness> {
        let mut bytes = [0u8; ID_BYTES];
        getrandom::fill(&mut bytes).map_err(|e| NoRandomness(e.to_string()))?;
        Ok(GameId(bytes))
    }

    /// The id of these bytes (tests).
    pub fn from_bytes(bytes: [u8; ID_BYTES]) -> GameId {
        GameId(bytes)
    }

    /// Read an id's text: exactly its 26 letters, as [`GameId`]'s
    /// `Display` writes them.
    pub fn parse(text: &str) -> Result<GameId, NotAnId> {
        if text.len() != ID_LETTERS {
            return Err(NotAnId);
        }
        let mut bytes = [0u8; ID_BYTES];
        let mut acc: u32 = 0;
        let mut bits = 0;
        let mut at = 0;
        for letter in text.bytes() {
            let value = ALPHABET.iter().position(|&a| a == letter).ok_or(NotAnId)?;
            acc = (acc << 5) | value as u32;
            bits += 5;
            if bits >= 8 {
                bits -= 8;
                if at < ID_BYTES {
                    bytes[at] = (acc >> bits) as u8;
                    at += 1;
                }
                acc &= (1 << bits) - 1;
            }
        }
        // The last letter's spare bits must be zero: one text per id.
        if acc != 0 {
            return Err(NotAnId);
        }
        Ok(GameId(bytes))
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut acc: u32 = 0;
        let mut bits = 0;
        let mut out = String::with_capacity(ID_LETTERS);
        for &byte in &self.0 {
            acc = (acc << 8) | u32::from(byte);
            bits += 8;
            while bits >= 5 {
                bits -= 5;
                out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
            }
            acc &= (1 << bits) - 1;
        }
        if bits > 0 {
            out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
        }
        f.write_str(&out)
    }
}

impl std::str::FromStr for GameId {
    type Err = NotAnId;
    fn from_str(text: &str) -> Result<GameId, NotAnId> {
        GameId::parse(text)
    }
}

impl Serialize for GameId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameId, D::Error> {
        let text = String::deserialize(deserializer)?;
        GameId::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Where the `games` index says a game is (a hint, checked on reading).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamePlace {
    /// The channel it was last played in.
    pub channel: String,
    /// Its archive key, once it is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub archive: Option<String>,
}

/// A game found by its id.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundGame {
    /// The channel it is (or was last) played in.
    pub channel: String,
    pub record: crate::GameRecord,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_reads_back_from_its_text_and_only_from_it() {
        for seed in 0..=255u8 {
            let id = GameId([seed; ID_BYTES]);
            let text = id.to_string();
            assert_eq!(text.len(), 26);
            assert!(text.bytes().all(|b| ALPHABET.contains(&b)));
            assert_eq!(GameId::parse(&text), Ok(id));
        }
        let text = GameId([0xff; ID_BYTES]).to_string();
        assert_eq!(text, "77777777777777777777777774");
        // Spare bits set, wrong length, upper case, another alphabet.
        assert_eq!(GameId::parse("77777777777777777777777777"), Err(NotAnId));
        assert_eq!(GameId::parse(&text[1..]), Err(NotAnId));
        let letters = GameId([0x42; ID_BYTES]).to_string();
        assert_eq!(GameId::parse(&letters.to_uppercase()), Err(NotAnId));
        assert_eq!(GameId::parse("0000000000000000000000000a"), Err(NotAnId));
    }

    #[test]
    fn random_ids_differ() {
        let a = GameId::random().expect("randomness");
        let b = GameId::random().expect("randomness");
        assert_ne!(a, b);
        let json = serde_json::to_string(&a).expect("json");
        assert_eq!(serde_json::from_str::<GameId>(&json).expect("read"), a);
    }
}
