//! Puzzles: positions where the side to move wins within a few turns by
//! exactly one first turn ("win in N"). Every fact a puzzle rests on is
//! proven twice, by the alpha-beta solver ([`crate::solver`]) and by
//! df-pn ([`crate::pns`]), and the two must agree.
//!
//! Candidates come from played games ([`candidates`]), or when there are
//! none, from games of the bot against itself ([`self_play_games`]).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use cairn_rules::{AnyGame, Game, GameKind, OptionError, Options, Seat, SplitRng, TurnError};
use serde::{Deserialize, Serialize};

use crate::solver::{too_many_turns, Goal, Session};
use crate::{choose_with, pns, Player};

/// The longest puzzle, in turns (plies) counted like `Verdict::Win(n)`.
pub const MAX_DISTANCE: u32 = 7;

/// Tables of the provers: a puzzle's searches are shallow. Alpha-beta
/// 2^16 buckets of 32 bytes, df-pn 2^15 of 64.
const ALPHA_BETA_BITS: u32 = 16;
const DF_PN_BITS: u32 = 15;

/// The longest self-play game, in turns: a game still going is cut there.
const SELF_PLAY_TURNS: usize = 400;

/// A puzzle found in a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    /// Turns (plies) to the win with best play, the winner's included.
    pub distance: u32,
    /// Canonical text of the unique winning first turn.
    pub solution: String,
}

/// How much each proof may cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleBudget {
    /// Nodes for each single search (of either prover).
    pub nodes: u64,
    /// When every search must stop.
    pub deadline: Option<Instant>,
}

/// Why a question about a puzzle has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A search ran out of nodes or time.
    #[error("a search ran out of its budget")]
    OutOfBudget,
    /// The two provers gave different answers (a bug in one of them).
    #[error("the provers disagree: {0}")]
    Disagree(String),
    /// A turn does not parse or is not legal in the position.
    #[error("turn `{text}`: {error}")]
    Turn { text: String, error: TurnError },
    /// The options of a game were refused.
    #[error("bad option: {0}")]
    Option(OptionError),
}

/// A puzzle and the way to its position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoundPuzzle {
    /// The game's options, as `key=value` words.
    pub options: Vec<String>,
    /// The turns from the start to the puzzle's position.
    pub turns: Vec<String>,
    #[serde(flatten)]
    pub found: Found,
}

/// A position of a played game, with the turns that reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub turns: Vec<String>,
    pub game: AnyGame,
}

/// Both provers on one position's questions: the alpha-beta session keeps
/// its table across them.
struct Provers<G: Game> {
    session: Session<G>,
    budget: PuzzleBudget,
}

impl<G: Game> Provers<G> {
    fn new(budget: &PuzzleBudget) -> Provers<G> {
        Provers {
            session: Session::new(ALPHA_BETA_BITS),
            budget: *budget,
        }
    }

    /// Whether `seat` wins `game` within `turns` turns, by both provers.
    fn wins_within(&mut self, game: &G, seat: Seat, turns: u32) -> Result<bool, PuzzleError> {
        let PuzzleBudget { nodes, deadline } = self.budget;
        let goal = Goal::WinWithin(turns);
        let alpha_beta = self
            .session
            .achieves(game, seat, goal, nodes, deadline)
            .map_err(|_| PuzzleError::OutOfBudget)?;
        let (df_pn, _) = pns::proves_win_for(game, seat, Some(turns), nodes, deadline, DF_PN_BITS)
            .map_err(|_| PuzzleError::OutOfBudget)?;
        if alpha_beta != df_pn {
            return Err(PuzzleError::Disagree(format!(
                "does {seat:?} win within {turns} of {game:?}: alpha-beta {alpha_beta}, df-pn {df_pn}"
            )));
        }
        Ok(alpha_beta)
    }

    /// The fewest turns within which the player to move wins, if at most
    /// [`MAX_DISTANCE`].
    fn distance(&mut self, game: &G) -> Result<Option<u32>, PuzzleError> {
        let me = game.to_move();
        if !self.wins_within(game, me, MAX_DISTANCE)? {
            return Ok(None);
        }
        for turns in 1..MAX_DISTANCE {
            if self.wins_within(game, me, turns)? {
                return Ok(Some(turns));
            }
        }
        Ok(Some(MAX_DISTANCE))
    }

    /// The first turns after which the player to move still wins within
    /// `distance` turns in all (at most two: enough to refuse a puzzle).
    fn winning_first_turns(
        &mut self,
        game: &G,
        distance: u32,
    ) -> Result<Vec<G::Turn>, PuzzleError> {
        if too_many_turns(game) {
            return Err(PuzzleError::OutOfBudget);
        }
        let me = game.to_move();
        let mut winning = Vec::new();
        for turn in game.legal_turns() {
            let mut next = game.clone();
            next.apply(&turn);
            if self.wins_within(&next, me, distance - 1)? {
                winning.push(turn);
                if winning.len() == 2 {
                    break;
                }
            }
        }
        Ok(winning)
    }
}

/// The position is a puzzle when the side to move has at least two legal
/// turns, wins within [`MAX_DISTANCE`] turns, and exactly one first turn
/// wins within the shortest such distance (every other first turn is
/// proven not to).
/// `Ok(None)`: not a puzzle (or the game is over).
pub fn examine<G: Game>(game: &G, budget: &PuzzleBudget) -> Result<Option<Found>, PuzzleError> {
    // A forced turn is no puzzle: there must be a wrong turn to find.
    if game.outcome().is_some() || game.count_turns() < 2 {
        return Ok(None);
    }
    let mut provers = Provers::<G>::new(budget);
    let Some(distance) = provers.distance(game)? else {
        return Ok(None);
    };
    match provers.winning_first_turns(game, distance)?.as_slice() {
        [] => Err(PuzzleError::Disagree(format!(
            "a win within {distance} without a first turn that keeps it in {game:?}"
        ))),
        [only] => Ok(Some(Found {
            distance,
            solution: only.to_string(),
        })),
        _ => Ok(None),
    }
}

/// [`examine`] for a game of any kind.
pub fn examine_any(game: &AnyGame, budget: &PuzzleBudget) -> Result<Option<Found>, PuzzleError> {
    cairn_rules::with_game!(game, g => examine(g, budget))
}

/// Re-check a stored puzzle with both provers: the same distance and the
/// same unique solution (in any notation the game accepts).
pub fn verify_any(
    game: &AnyGame,
    found: &Found,
    budget: &PuzzleBudget,
) -> Result<bool, PuzzleError> {
    let Ok(solution) = game.canonical(&found.solution) else {
        return Ok(false);
    };
    let expected = Found {
        distance: found.distance,
        solution,
    };
    Ok(examine_any(game, budget)? == Some(expected))
}

/// The defender's reply: the solver's best defence (the slowest loss, if
/// the position is lost); `None` once the game is over.
pub fn defence_any(game: &AnyGame, budget: &PuzzleBudget) -> Result<Option<String>, PuzzleError> {
    fn defence<G: Game>(game: &G, budget: &PuzzleBudget) -> Result<Option<String>, PuzzleError> {
        if game.outcome().is_some() {
            return Ok(None);
        }
        let mut session = Session::<G>::new(ALPHA_BETA_BITS);
        let solution = session
            .solve(game, budget.nodes, budget.deadline)
            .map_err(|_| PuzzleError::OutOfBudget)?;
        Ok(solution.best.map(|turn| turn.to_string()))
    }
    cairn_rules::with_game!(game, g => defence(g, budget))
}

/// Whether playing `turn` (in any notation the game accepts) keeps a win
/// for its mover within `turns` turns counted from this position, the
/// turn itself included; both provers must agree. An illegal turn is an
/// error.
pub fn keeps_win_within_any(
    game: &AnyGame,
    turn: &str,
    turns: u32,
    budget: &PuzzleBudget,
) -> Result<bool, PuzzleError> {
    fn keeps<G: Game>(
        game: &G,
        text: &str,
        turns: u32,
        budget: &PuzzleBudget,
    ) -> Result<bool, PuzzleError> {
        let refused = |error| PuzzleError::Turn {
            text: text.to_string(),
            error,
        };
        let turn = game.parse_turn(text).map_err(refused)?;
        let mut next = game.clone();
        next.play(&turn).map_err(refused)?;
        if turns == 0 {
            return Ok(false);
        }
        Provers::<G>::new(budget).wins_within(&next, game.to_move(), turns - 1)
    }
    cairn_rules::with_game!(game, g => keeps(g, turn, turns, budget))
}

/// Rebuild a position from its game's options and the turns from the
/// start.
pub fn replay(
    kind: GameKind,
    options: &[String],
    turns: &[String],
) -> Result<AnyGame, PuzzleError> {
    let mut game = new_game(kind, options)?;
    for text in turns {
        game.play_str(text).map_err(|error| PuzzleError::Turn {
            text: text.clone(),
            error,
        })?;
    }
    Ok(game)
}

fn new_game(kind: GameKind, options: &[String]) -> Result<AnyGame, PuzzleError> {
    let options = Options::parse(options).map_err(PuzzleError::Option)?;
    AnyGame::new(kind, &options).map_err(PuzzleError::Option)
}

/// Puzzle candidates from a played game: every position of the game
/// (the start included, the end too), to examine.
pub fn candidates(
    kind: GameKind,
    options: &[String],
    turns: &[String],
) -> Result<Vec<Candidate>, PuzzleError> {
    let mut game = new_game(kind, options)?;
    let mut all = vec![Candidate {
        turns: Vec::new(),
        game: game.clone(),
    }];
    for (i, text) in turns.iter().enumerate() {
        let played = game.play_str(text).map_err(|error| PuzzleError::Turn {
            text: text.clone(),
            error,
        })?;
        let mut so_far = turns[..i].to_vec();
        so_far.push(played.canonical);
        all.push(Candidate {
            turns: so_far,
            game: game.clone(),
        });
    }
    Ok(all)
}

/// One game of the bot against itself from the start, as canonical
/// turns: a few random opening turns for variety, then a quick search
/// (fallible enough to leave wins to find), cut at 400 turns.
pub fn self_play_game(
    kind: GameKind,
    options: &[String],
    seed: u64,
) -> Result<Vec<String>, PuzzleError> {
    let mut game = new_game(kind, options)?;
    let mut rng = SplitRng::new(seed);
    let opening = rng.below(4);
    let playouts = 100 + 100 * rng.below(4) as u32;
    let mut turns = Vec::new();
    while game.outcome().is_none() && turns.len() < SELF_PLAY_TURNS {
        let player = if turns.len() < opening {
            Player::Random
        } else {
            Player::Mcts(playouts)
        };
        let deadline = Instant::now() + Duration::from_secs(2);
        let turn_seed = seed ^ (turns.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let choice =
            cairn_rules::with_game!(&game, g => choose_with(g, player, deadline, turn_seed));
        let Some(choice) = choice else { break };
        let played = game
            .play_str(&choice.turn)
            .map_err(|error| PuzzleError::Turn {
                text: choice.turn.clone(),
                error,
            })?;
        turns.push(played.canonical);
    }
    Ok(turns)
}

/// Endless self-play games (see [`self_play_game`]), one per seed from
/// `seed` on.
pub fn self_play_games(
    kind: GameKind,
    options: &[String],
    seed: u64,
) -> Result<impl Iterator<Item = Vec<String>>, PuzzleError> {
    new_game(kind, options)?;
    let options = options.to_vec();
    Ok((0u64..).filter_map(move |i| self_play_game(kind, &options, seed.wrapping_add(i)).ok()))
}

/// After this many positions in a row out of budget, a game's earlier
/// positions (bigger still) are not examined.
const GIVE_UP_AFTER: usize = 3;

/// Find up to `want` puzzles in the positions of `games` (turn lists from
/// the start), each position examined within `budget_per_position`,
/// latest first. Positions met twice count once; games that do not replay
/// and positions whose proofs fail are skipped. Once twice `want` are
/// found (or the games run out), the puzzles are taken in turn from each
/// distance, longest first, so the distances vary.
pub fn find_puzzles(
    kind: GameKind,
    options: &[String],
    games: impl Iterator<Item = Vec<String>>,
    want: usize,
    budget_per_position: Duration,
) -> Result<Vec<FoundPuzzle>, PuzzleError> {
    new_game(kind, options)?;
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for turns in games {
        if found.len() >= 2 * want {
            break;
        }
        let Ok(positions) = candidates(kind, options, &turns) else {
            continue;
        };
        let mut out_of_budget = 0;
        for candidate in positions.into_iter().rev() {
            if out_of_budget >= GIVE_UP_AFTER {
                break;
            }
            if candidate.game.outcome().is_some() || !seen.insert(candidate.game.clone()) {
                continue;
            }
            let budget = PuzzleBudget {
                nodes: u64::MAX,
                deadline: Some(Instant::now() + budget_per_position),
            };
            match examine_any(&candidate.game, &budget) {
                Ok(Some(puzzle)) => found.push(FoundPuzzle {
                    options: options.to_vec(),
                    turns: candidate.turns,
                    found: puzzle,
                }),
                Ok(None) => out_of_budget = 0,
                Err(_) => out_of_budget += 1,
            }
        }
    }
    Ok(varied(found, want))
}

/// Up to `want` puzzles taken in turn from each distance, longest first.
fn varied(found: Vec<FoundPuzzle>, want: usize) -> Vec<FoundPuzzle> {
    let mut by_distance: Vec<Vec<FoundPuzzle>> = vec![Vec::new(); MAX_DISTANCE as usize + 1];
    for puzzle in found.into_iter().rev() {
        let d = (puzzle.found.distance as usize).min(MAX_DISTANCE as usize);
        by_distance[d].push(puzzle);
    }
    let mut chosen = Vec::new();
    while chosen.len() < want && by_distance.iter().any(|b| !b.is_empty()) {
        for bucket in by_distance.iter_mut().rev() {
            if chosen.len() < want {
                chosen.extend(bucket.pop());
            }
        }
    }
    chosen
}
