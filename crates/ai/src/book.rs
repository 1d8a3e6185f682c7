//! The opening book: start positions the solver proves, but not within a
//! turn's time, with their verdict and the turn perfect play calls for
//! there (the fastest win, the slowest loss, or the most testing draw).
//! The top level plays from it before it tries the solver. Each entry is
//! printed by `cargo run --release -p cairn-ai --example opening_book` and
//! proven again by `tests/book.rs`.

use cairn_rules::{Game, GameKind, Options};

use crate::perfect::Solved;
use crate::solver::Verdict;

/// A game's start position (default options), solved.
pub struct Entry {
    pub kind: GameKind,
    /// The verdict for the player to move.
    pub verdict: Verdict,
    /// The turn to play, in the game's notation.
    pub turn: &'static str,
}

/// Alquad's setup is a draw: the setter places so that neither colour
/// wins (about 10 s of solving, 20 s with the choice among the drawing
/// setups). Sight's empty board is not here: its proof took hours.
pub const BOOK: &[Entry] = &[Entry {
    kind: GameKind::Alquad,
    verdict: Verdict::Draw,
    turn: "w:c1 b:c3",
}];

/// The book's turn for `game`, if it is a start position in the book.
pub fn choice<G: Game>(game: &G) -> Option<Solved<G::Turn>> {
    let entry = BOOK.iter().find(|entry| entry.kind == G::KIND)?;
    let start = G::new(&Options::default()).ok()?;
    if *game != start {
        return None;
    }
    let turn = game.parse_turn(entry.turn).ok()?;
    Some(Solved {
        verdict: entry.verdict,
        turn,
    })
}
