//! The opening book: start positions the solver proves, but not within a
//! turn's time, with their verdict and the turn perfect play calls for
//! there (the fastest win, the slowest loss, or the most testing draw).
//! The top level plays from it before it tries the solver. Each entry is
//! printed by `cargo run --release -p cairn-ai --example opening_book` and
//! proven again by `tests/book.rs`.
//!
//! And the proven openings ([`opening`]): positions a few turns in whose
//! proofs take minutes to hours (Sight's first two placements), read from
//! a text written offline, for the review and the top level.

use std::collections::HashMap;
use std::sync::OnceLock;

use cairn_rules::{AnyGame, Game, GameKind, Options, Seat};

use crate::perfect::Solved;
use crate::solver::{key_of, Verdict};

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

/// Positions a few turns in that the solver proved offline, where it
/// cannot within a turn's time or a review's budget: one text per game,
/// a line per class of symmetric positions (`moves | winner | distance |
/// turn`, see [`Opening`]). Sight's lines are written by
/// `cargo run --release -p cairn-ai --example sight_book`. Only for games
/// without options: a line is found by its position alone.
const OPENINGS: &[(GameKind, &str)] = &[(GameKind::Sight, include_str!("sight-book.txt"))];

/// A proven opening position: who wins it, in how many turns, and a turn
/// that keeps the win for its player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Who wins with best play; `None`: a draw.
    pub winner: Option<Seat>,
    /// Turns (plies) to the end with best play (0 for a draw).
    pub distance: u32,
    /// The transposition key of the position a keeping turn leads to (the
    /// book's turn is written for one image of the position: the same
    /// turn in another image is the one that leads to the same key).
    kept_key: Option<u64>,
}

/// A line of an opening text that does not read: the book is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind} opening line {number}: {why}")]
pub struct OpeningError {
    pub kind: &'static str,
    pub number: usize,
    pub why: String,
}

/// The proven openings, by game and transposition key, read once.
type Openings = HashMap<(GameKind, u64), Opening>;

fn openings() -> &'static Openings {
    static OPENINGS_READ: OnceLock<Openings> = OnceLock::new();
    OPENINGS_READ.get_or_init(|| {
        let mut all = HashMap::new();
        for &(kind, text) in OPENINGS {
            // A line that does not read is left out: `read_openings` makes
            // the tests fail on it.
            for (key, opening) in read_openings(kind, text).into_iter().flatten() {
                all.insert((kind, key), opening);
            }
        }
        all
    })
}

/// Read one game's opening text: each line's key and opening, or why it
/// does not read. Blank lines and `#` comments are skipped.
pub fn read_openings(kind: GameKind, text: &str) -> Vec<Result<(u64, Opening), OpeningError>> {
    let Ok(start) = AnyGame::new(kind, &Options::default()) else {
        return Vec::new();
    };
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(index, line)| {
            cairn_rules::with_game!(&start, g => read_line(g, line)).map_err(|why| OpeningError {
                kind: kind.name(),
                number: index + 1,
                why,
            })
        })
        .collect()
}

/// One line: `moves | winner | distance | turn`, the moves from the start
/// separated by spaces (`start` for none), the winner `white`, `black` or
/// `draw`, the distance a number, the turn `-` when the player to move
/// does not win or none is known.
fn read_line<G: Game>(start: &G, line: &str) -> Result<(u64, Opening), String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [moves, winner, distance, turn] = fields[..] else {
        return Err(format!("{} fields, not 4", fields.len()));
    };
    let mut game = start.clone();
    for text in moves.split_whitespace().filter(|&m| m != "start") {
        let turn = game.parse_turn(text).map_err(|e| format!("{text}: {e}"))?;
        game.play(&turn).map_err(|e| format!("{text}: {e}"))?;
    }
    if game.outcome().is_some() {
        return Err("the game is over".into());
    }
    let winner = match winner {
        "white" => Some(Seat::First),
        "black" => Some(Seat::Second),
        "draw" => None,
        other => return Err(format!("winner `{other}`")),
    };
    let distance = distance
        .parse()
        .map_err(|_| format!("distance `{distance}`"))?;
    let kept_key = match turn {
        "-" => None,
        text => {
            let turn = game.parse_turn(text).map_err(|e| format!("{text}: {e}"))?;
            let mut next = game.clone();
            next.play(&turn).map_err(|e| format!("{text}: {e}"))?;
            Some(key_of(&next))
        }
    };
    let opening = Opening {
        winner,
        distance,
        kept_key,
    };
    Ok((key_of(&game), opening))
}

/// The book's value of `game` if it is a proven opening (default options).
pub fn opening<G: Game>(game: &G) -> Option<&'static Opening> {
    if game.outcome().is_some() {
        return None;
    }
    openings().get(&(G::KIND, key_of(game)))
}

/// The turn in `game` that keeps `opening`'s result for its player to
/// move, if the book has one.
pub fn opening_turn<G: Game>(game: &G, opening: &Opening) -> Option<G::Turn> {
    let kept = opening.kept_key?;
    game.legal_turns().into_iter().find(|turn| {
        let mut next = game.clone();
        next.apply(turn);
        key_of(&next) == kept
    })
}

/// The turn that keeps a proven win from the book for the player to move
/// in `game`, and the win's distance.
pub fn opening_win<G: Game>(game: &G) -> Option<(G::Turn, u32)> {
    let opening = opening(game)?;
    if opening.winner != Some(game.to_move()) {
        return None;
    }
    Some((opening_turn(game, opening)?, opening.distance))
}
