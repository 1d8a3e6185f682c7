//! The seats and how a game ends: [`Seat`], [`Outcome`] and its [`Reason`].

use std::fmt;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

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

impl Reason {
    /// Every reason a game can end for.
    pub const ALL: [Reason; 12] = [
        Reason::Line,
        Reason::NoMoves,
        Reason::AllCaptured,
        Reason::Repetition,
        Reason::Stall,
        Reason::Square,
        Reason::BiggerSquare,
        Reason::Exhausted,
        Reason::Cleared,
        Reason::Resign,
        Reason::Timeout,
        Reason::Agreement,
    ];
}

/// A word that is no reason's ([`Reason::as_str`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a reason a game ends for")]
pub struct UnknownReason(pub String);

/// Read a reason back from its word (`no-moves`), as records write it.
impl std::str::FromStr for Reason {
    type Err = UnknownReason;

    fn from_str(text: &str) -> Result<Reason, UnknownReason> {
        Reason::ALL
            .into_iter()
            .find(|reason| reason.as_str() == text)
            .ok_or_else(|| UnknownReason(text.chars().take(40).collect()))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_reads_back_from_its_word() {
        for reason in Reason::ALL {
            assert_eq!(reason.as_str().parse::<Reason>(), Ok(reason));
        }
        assert_eq!(
            "checkmate".parse::<Reason>(),
            Err(UnknownReason("checkmate".into()))
        );
    }
}
