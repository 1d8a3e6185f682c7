//! Post-game review: the proven value of every position of a played game,
//! and the turns that threw a result away (a won game drawn or lost, a
//! drawn one lost), each with a turn that would have kept it.
//!
//! The positions are solved from the last one backwards on one
//! transposition table ([`Session`]): late positions are cheap, and the
//! earlier solves reuse what the later ones stored. Openings proven
//! offline ([`crate::book::opening`]) are read from the book instead.

use std::time::{Duration, Instant};

use cairn_rules::{AnyGame, Game, Seat, TurnError};

use crate::solver::{Session, Verdict};

/// The review's transposition table: 2^21 buckets of 32 bytes (64 MB),
/// shared by all the positions of one game.
const REVIEW_TABLE_BITS: u32 = 21;

/// How long a review may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewBudget {
    /// The time each position is given, on top of what the positions
    /// after it (solved first) left unused: the late positions solve in
    /// moments, and the early ones, the hardest, get their time.
    pub per_position: Duration,
    /// The most spent on the whole game: once spent, the positions not yet
    /// solved stay unknown.
    pub per_game: Duration,
}

impl Default for ReviewBudget {
    /// Two seconds a position, a minute a game.
    fn default() -> ReviewBudget {
        ReviewBudget {
            per_position: Duration::from_secs(2),
            per_game: Duration::from_secs(60),
        }
    }
}

/// A proven value in absolute terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    /// Who wins with best play; `None`: a draw.
    pub winner: Option<Seat>,
    /// Turns (plies) to the end with best play (0 for a draw, and for a
    /// finished position).
    pub distance: u32,
}

impl Value {
    /// The value of a solved position whose player to move is `to_move`.
    pub fn of(verdict: Verdict, to_move: Seat) -> Value {
        let distance = match verdict {
            Verdict::Win(n) | Verdict::Loss(n) => n,
            Verdict::Draw => 0,
        };
        Value {
            winner: verdict.winner(to_move),
            distance,
        }
    }

    /// The result for `seat`: 2 a win, 1 a draw, 0 a loss.
    pub fn result_for(self, seat: Seat) -> u8 {
        match self.winner {
            Some(w) if w == seat => 2,
            None => 1,
            Some(_) => 0,
        }
    }
}

/// A turn after which the result for its mover got worse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turning {
    /// Index into the reviewed turns of the turn that changed the value.
    pub index: usize,
    /// The value before the turn.
    pub before: Value,
    /// The value after it.
    pub after: Value,
    /// The canonical text of a turn that would have kept the mover's
    /// result: the solver's best from the position before.
    pub instead: Option<String>,
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// One per position: `values[0]` the start, `values[i + 1]` after
    /// turn `i`; a finished position holds its outcome (distance 0);
    /// `None`: not proven within the budget.
    pub values: Vec<Option<Value>>,
    /// The turns that worsened their mover's result, in order.
    pub turnings: Vec<Turning>,
    /// How many positions were proven.
    pub proven: usize,
    /// How many positions the game has (turns + 1).
    pub positions: usize,
    /// The time the review took.
    pub elapsed: Duration,
}

/// A game that cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// Turn `index` (from 0), `text`, does not parse or is not legal in
    /// its position.
    #[error("turn {index} (`{text}`): {error}")]
    Turn {
        index: usize,
        text: String,
        error: TurnError,
    },
}

/// Review a game from `start` through `turns`, which must be legal in
/// turn (see [`review_any`] for turns as text, checked).
pub fn review<G: Game>(start: &G, turns: &[G::Turn], budget: &ReviewBudget) -> Review {
    let started = Instant::now();
    let positions = positions(start, turns);
    let (values, bests) = solve_backwards(&positions, budget, started);
    let turnings = turnings(&positions, &values, &bests);
    Review {
        proven: values.iter().flatten().count(),
        positions: positions.len(),
        values,
        turnings,
        elapsed: started.elapsed(),
    }
}

/// Review a game of any kind from `start` through turns as text (any
/// notation the game accepts).
pub fn review_any(
    start: &AnyGame,
    turns: &[String],
    budget: &ReviewBudget,
) -> Result<Review, ReviewError> {
    cairn_rules::with_game!(start, g => {
        let parsed = parse_turns(g, turns)?;
        Ok(review(g, &parsed, budget))
    })
}

/// Read every turn in its position, checking it is legal there.
pub fn parse_turns<G: Game>(start: &G, turns: &[String]) -> Result<Vec<G::Turn>, ReviewError> {
    let mut game = start.clone();
    let mut parsed = Vec::with_capacity(turns.len());
    for (index, text) in turns.iter().enumerate() {
        let refused = |error| ReviewError::Turn {
            index,
            text: text.clone(),
            error,
        };
        let turn = game.parse_turn(text).map_err(refused)?;
        game.play(&turn).map_err(refused)?;
        parsed.push(turn);
    }
    Ok(parsed)
}

/// The start and the position after each turn.
fn positions<G: Game>(start: &G, turns: &[G::Turn]) -> Vec<G> {
    let mut all = Vec::with_capacity(turns.len() + 1);
    let mut game = start.clone();
    all.push(game.clone());
    for turn in turns {
        game.apply(turn);
        all.push(game.clone());
    }
    all
}

/// Solve the positions from the last backwards on one table, each within
/// its allowance ([`Allowance`]) and all within the game's deadline: the
/// values, and the solver's best turn of each position solved.
fn solve_backwards<G: Game>(
    positions: &[G],
    budget: &ReviewBudget,
    started: Instant,
) -> (Vec<Option<Value>>, Vec<Option<String>>) {
    let mut values = vec![None; positions.len()];
    let mut bests = vec![None; positions.len()];
    let game_deadline = started + budget.per_game;
    // Made at the first position the book does not hold: a review of
    // book positions alone needs no table.
    let mut session: Option<Session<G>> = None;
    let mut allowance = Allowance::new(budget.per_position);
    for (i, game) in positions.iter().enumerate().rev() {
        if let Some(outcome) = game.outcome() {
            values[i] = Some(Value {
                winner: outcome.winner,
                distance: 0,
            });
            continue;
        }
        if let Some(opening) = crate::book::opening(game) {
            values[i] = Some(Value {
                winner: opening.winner,
                distance: opening.distance,
            });
            bests[i] = crate::book::opening_turn(game, opening).map(|turn| turn.to_string());
            continue;
        }
        let now = Instant::now();
        // Past the game's budget nothing more is solved, but the earlier
        // positions may still be in the book.
        if now >= game_deadline {
            continue;
        }
        let deadline = (now + allowance.now()).min(game_deadline);
        let session = session.get_or_insert_with(|| Session::new(REVIEW_TABLE_BITS));
        let solved = session.solve(game, u64::MAX, Some(deadline));
        allowance.spent(now.elapsed());
        if let Ok(solution) = solved {
            values[i] = Some(Value::of(solution.verdict, game.to_move()));
            bests[i] = solution.best.map(|turn| turn.to_string());
        }
    }
    (values, bests)
}

/// The time the next position may take: its own share, and what the
/// positions before it in the review left unused. A position that takes
/// all it was given leaves nothing over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Allowance {
    share: Duration,
    banked: Duration,
}

impl Allowance {
    fn new(share: Duration) -> Allowance {
        Allowance {
            share,
            banked: Duration::ZERO,
        }
    }

    /// What the next position may take.
    fn now(&self) -> Duration {
        self.share + self.banked
    }

    /// The next position took `used`: what it left is banked.
    fn spent(&mut self, used: Duration) {
        self.banked = self.now().saturating_sub(used);
    }
}

/// The turns whose mover's result is worse after them than before (both
/// positions proven). Compared by absolute winner, since a side may move
/// twice in a row.
fn turnings<G: Game>(
    positions: &[G],
    values: &[Option<Value>],
    bests: &[Option<String>],
) -> Vec<Turning> {
    let mut found = Vec::new();
    for index in 0..positions.len().saturating_sub(1) {
        let (Some(before), Some(after)) = (values[index], values[index + 1]) else {
            continue;
        };
        let mover = positions[index].to_move();
        if after.result_for(mover) < before.result_for(mover) {
            found.push(Turning {
                index,
                before,
                after,
                instead: bests[index].clone(),
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unused_time_carries_to_the_earlier_positions_and_spent_time_does_not() {
        let second = Duration::from_secs(1);
        let mut allowance = Allowance::new(2 * second);
        assert_eq!(allowance.now(), 2 * second);
        // The last positions solve at once: their time adds up.
        allowance.spent(Duration::ZERO);
        allowance.spent(second / 2);
        assert_eq!(allowance.now(), 2 * second + 2 * second + 3 * second / 2);
        // A position that runs out takes everything: the next has its own.
        allowance.spent(allowance.now());
        assert_eq!(allowance.now(), 2 * second);
        // Running past the allowance never makes it negative.
        allowance.spent(10 * second);
        assert_eq!(allowance.now(), 2 * second);
    }
}
