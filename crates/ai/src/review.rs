//! TEMPORARY stub, replaced by the depth-ai branch.
use std::time::Duration;

use cairn_rules::{AnyGame, Seat};

pub struct ReviewBudget {
    pub per_position: Duration,
    pub per_game: Duration,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    pub winner: Option<Seat>,
    pub distance: u32,
}

pub struct Turning {
    pub index: usize,
    pub before: Value,
    pub after: Value,
    pub instead: Option<String>,
}

pub struct Review {
    pub values: Vec<Option<Value>>,
    pub turnings: Vec<Turning>,
    pub proven: usize,
    pub positions: usize,
    pub elapsed: Duration,
}

#[derive(Debug)]
pub struct ReviewError {
    pub index: usize,
}

impl std::fmt::Display for ReviewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "turn {} cannot be played", self.index)
    }
}

pub fn review_any(
    _start: &AnyGame,
    turns: &[String],
    _budget: &ReviewBudget,
) -> Result<Review, ReviewError> {
    Ok(Review {
        values: vec![None; turns.len() + 1],
        turnings: Vec::new(),
        proven: 0,
        positions: turns.len() + 1,
        elapsed: Duration::ZERO,
    })
}
