//! TEMPORARY stub, replaced by the depth-ai branch.
use std::time::Instant;

use cairn_rules::AnyGame;

pub const MAX_DISTANCE: u32 = 7;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub distance: u32,
    pub solution: String,
}

pub struct PuzzleBudget {
    pub nodes: u64,
    pub deadline: Option<Instant>,
}

#[derive(Debug)]
pub enum PuzzleError {
    OutOfBudget,
    Illegal(String),
}

pub fn examine_any(_game: &AnyGame, _budget: &PuzzleBudget) -> Result<Option<Found>, PuzzleError> {
    Ok(None)
}

pub fn verify_any(
    _game: &AnyGame,
    _found: &Found,
    _budget: &PuzzleBudget,
) -> Result<bool, PuzzleError> {
    Ok(true)
}

pub fn defence_any(game: &AnyGame, _budget: &PuzzleBudget) -> Result<Option<String>, PuzzleError> {
    Ok(game.legal_strings().into_iter().next())
}

pub fn keeps_win_within_any(
    _game: &AnyGame,
    turn: &str,
    _turns: u32,
    _budget: &PuzzleBudget,
) -> Result<bool, PuzzleError> {
    Ok(!turn.is_empty())
}

#[derive(Clone, Debug)]
pub struct FoundPuzzle {
    pub options: Vec<String>,
    pub turns: Vec<String>,
    pub found: Found,
}

pub fn find_puzzles(
    _kind: cairn_rules::GameKind,
    _options: &[String],
    _games: impl Iterator<Item = Vec<String>>,
    _want: usize,
    _budget_per_position: std::time::Duration,
) -> Result<Vec<FoundPuzzle>, PuzzleError> {
    Ok(Vec::new())
}

pub fn self_play_games(
    _kind: cairn_rules::GameKind,
    _options: &[String],
    _seed: u64,
) -> Result<impl Iterator<Item = Vec<String>>, PuzzleError> {
    Ok(std::iter::empty())
}

impl std::fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for PuzzleError {}
