//! Exact play for games small enough to solve (Sight, Collapse, and Alquad
//! late in the game): negamax with alpha-beta and a transposition table,
//! scoring wins by distance so the solver wins fastest and loses slowest.
//! A second, independent win/draw/loss solver checks the verdicts.

use std::collections::HashMap;
use std::time::Instant;

use crate::rules::{Game, Seat};

/// Score of a win in 0 plies; a win in d plies scores `MATE - d`.
const MATE: i32 = 10_000;

/// A solved position, from the point of view of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player to move wins in this many turns (plies) with best play.
    Win(u32),
    /// The player to move loses in this many turns against best play.
    Loss(u32),
    Draw,
}

impl Verdict {
    fn from_score(score: i32) -> Verdict {
        if score > 0 {
            Verdict::Win((MATE - score) as u32)
        } else if score < 0 {
            Verdict::Loss((MATE + score) as u32)
        } else {
            Verdict::Draw
        }
    }

    /// The winner, given the seat to move.
    pub fn winner(self, to_move: Seat) -> Option<Seat> {
        match self {
            Verdict::Win(_) => Some(to_move),
            Verdict::Loss(_) => Some(to_move.other()),
            Verdict::Draw => None,
        }
    }
}

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    /// The position's full hash (0 = empty slot).
    key: u64,
    score: i32,
    bound: Bound,
    best: u16,
}

/// Transposition table size (entries, a power of two): 2^21 x 24 bytes, so
/// a search never holds more than about 50 MB however long it runs.
const TABLE_BITS: u32 = 21;

/// A fast 64-bit hash of a position (FNV-1a over its `Hash` output, then
/// mixed), independent of std's randomly seeded hasher.
pub fn position_hash<G: std::hash::Hash>(game: &G) -> u64 {
    struct Fnv(u64);
    impl std::hash::Hasher for Fnv {
        fn finish(&self) -> u64 {
            let mut x = self.0;
            x ^= x >> 33;
            x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
            x ^= x >> 33;
            x.max(1)
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    let mut hasher = Fnv(0xcbf2_9ce4_8422_2325);
    game.hash(&mut hasher);
    std::hash::Hasher::finish(&hasher)
}

/// The solver's result: the verdict, a best turn, and the work done.
#[derive(Clone, Debug)]
pub struct Solution<T> {
    pub verdict: Verdict,
    pub best: Option<T>,
    pub nodes: u64,
}

/// The search ran out of its node budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

struct Solver<G: Game> {
    table: Vec<Entry>,
    nodes: u64,
    budget: u64,
    deadline: Option<Instant>,
    turns: Vec<Vec<G::Turn>>,
    /// Per ply: the children's positions with their order keys.
    children: Vec<Vec<(i64, u16, G)>>,
}

/// The score of a finished position for `me`, reached at `ply`.
fn terminal_score(outcome: crate::rules::Outcome, me: Seat, ply: i32) -> i32 {
    match outcome.winner {
        None => 0,
        Some(w) if w == me => MATE - ply,
        Some(_) => -(MATE - ply),
    }
}

impl<G: Game> Solver<G> {
    /// Score of `next` (the position after one of `me`'s turns at `ply`)
    /// from `me`'s point of view.
    fn child_score(
        &mut self,
        next: &G,
        me: Seat,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<i32, OutOfBudget> {
        match next.outcome() {
            Some(outcome) => Ok(terminal_score(outcome, me, ply + 1)),
            None if next.to_move() == me => self.negamax(next, alpha, beta, ply + 1),
            None => self.negamax(next, -beta, -alpha, ply + 1).map(|s| -s),
        }
    }

    fn negamax(
        &mut self,
        game: &G,
        mut alpha: i32,
        mut beta: i32,
        ply: i32,
    ) -> Result<i32, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes.is_multiple_of(4096)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            return Err(OutOfBudget);
        }
        let alpha_in = alpha;
        let mut best_index = 0u16;
        let key = position_hash(game);
        let slot = (key as usize) & (self.table.len() - 1);
        let stored = self.table[slot];
        if stored.key == key {
            let entry = stored;
            // Stored scores are relative to their node; shift mate scores by ply.
            let score = from_table(entry.score, ply);
            match entry.bound {
                Bound::Exact => return Ok(score),
                Bound::Lower => alpha = alpha.max(score),
                Bound::Upper => beta = beta.min(score),
            }
            if alpha >= beta {
                return Ok(score);
            }
            best_index = entry.best;
        }
        let depth = ply as usize;
        if self.turns.len() <= depth {
            self.turns.resize_with(depth + 1, Vec::new);
            self.children.resize_with(depth + 1, Vec::new);
        }
        let mut turns = std::mem::take(&mut self.turns[depth]);
        turns.clear();
        game.generate(&mut turns);
        let me = game.to_move();
        // Play every turn first: a turn that wins at once ends the search,
        // and the rest are ordered with the stored best turn first, then by
        // how few replies they leave the opponent (in games where having no
        // move loses, fewest replies is usually strongest).
        let mut children = std::mem::take(&mut self.children[depth]);
        children.clear();
        for (i, turn) in turns.iter().enumerate() {
            let mut next = game.clone();
            next.apply(turn);
            let order = match next.outcome() {
                Some(outcome) if outcome.winner == Some(me) => {
                    let score = terminal_score(outcome, me, ply + 1);
                    self.turns[depth] = turns;
                    self.children[depth] = children;
                    self.table[slot] = Entry {
                        key,
                        score: to_table(score, ply),
                        bound: Bound::Exact,
                        best: i as u16,
                    };
                    return Ok(score);
                }
                Some(_) => i64::MAX,
                None if i == best_index as usize && stored.key == key => i64::MIN,
                None if next.to_move() == me => 0,
                None => next.count_turns().min(i64::MAX as u64 / 2) as i64,
            };
            children.push((order, i as u16, next));
        }
        children.sort_by_key(|(order, _, _)| *order);
        let mut best = -MATE - 1;
        let mut best_turn = 0u16;
        let mut result = Ok(());
        for (_, i, next) in children.iter() {
            let score = match self.child_score(next, me, alpha, beta, ply) {
                Ok(s) => s,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if score > best {
                best = score;
                best_turn = *i;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.children[depth] = children;
        self.turns[depth] = turns;
        result?;
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            key,
            score: to_table(best, ply),
            bound,
            best: best_turn,
        };
        Ok(best)
    }
}

fn to_table(score: i32, ply: i32) -> i32 {
    if score > MATE / 2 {
        score + ply
    } else if score < -MATE / 2 {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score > MATE / 2 {
        score - ply
    } else if score < -MATE / 2 {
        score + ply
    } else {
        score
    }
}

/// Solve `game` exactly within `budget` nodes.
/// The game must not be over. Gives up past `budget` nodes or `deadline`.
pub fn solve<G: Game>(
    game: &G,
    budget: u64,
    deadline: Option<Instant>,
) -> Result<Solution<G::Turn>, OutOfBudget> {
    let empty = Entry {
        key: 0,
        score: 0,
        bound: Bound::Exact,
        best: 0,
    };
    let mut solver = Solver {
        table: vec![empty; 1 << TABLE_BITS],
        nodes: 0,
        budget,
        deadline,
        turns: Vec::new(),
        children: Vec::new(),
    };
    // Prove who wins with a null window first (many more cutoffs); its
    // table entries then speed up the search for the exact distance.
    solver.negamax(game, -1, 1, 0)?;
    let score = solver.negamax(game, -MATE - 1, MATE + 1, 0)?;
    let verdict = Verdict::from_score(score);
    let turns = game.legal_turns();
    // The best turn: the child whose solved score matches.
    let me = game.to_move();
    let mut best = None;
    for turn in &turns {
        let mut next = game.clone();
        next.apply(turn);
        let child = solver.child_score(&next, me, -MATE - 1, MATE + 1, 0)?;
        if child == score {
            best = Some(turn.clone());
            break;
        }
    }
    Ok(Solution {
        verdict,
        best,
        nodes: solver.nodes,
    })
}

/// Who wins with best play, without the distance: 1, 0 or -1 for the
/// player to move (the game must not be over). Much cheaper than [`solve`].
pub fn prove<G: Game>(
    game: &G,
    budget: u64,
    deadline: Option<Instant>,
) -> Result<(i8, u64), OutOfBudget> {
    prove_with_table(game, budget, deadline, TABLE_BITS)
}

/// [`prove`] with a transposition table of 2^`table_bits` entries (24
/// bytes each): offline solving of whole games wants a larger one.
pub fn prove_with_table<G: Game>(
    game: &G,
    budget: u64,
    deadline: Option<Instant>,
    table_bits: u32,
) -> Result<(i8, u64), OutOfBudget> {
    let empty = Entry {
        key: 0,
        score: 0,
        bound: Bound::Exact,
        best: 0,
    };
    let mut solver = Solver {
        table: vec![empty; 1 << table_bits],
        nodes: 0,
        budget,
        deadline,
        turns: Vec::new(),
        children: Vec::new(),
    };
    let score = solver.negamax(game, -1, 1, 0)?;
    Ok((score.signum() as i8, solver.nodes))
}

/// An independent check: win (1), draw (0) or loss (-1) for the player to
/// move (the game must not be over), by plain negamax over three values
/// with an exact memo table of whole positions (no hashing shortcuts).
pub fn solve_wdl<G: Game>(game: &G, budget: u64) -> Result<i8, OutOfBudget> {
    fn go<G: Game>(
        game: &G,
        memo: &mut HashMap<G, i8>,
        nodes: &mut u64,
        budget: u64,
    ) -> Result<i8, OutOfBudget> {
        *nodes += 1;
        if *nodes > budget {
            return Err(OutOfBudget);
        }
        if let Some(&v) = memo.get(game) {
            return Ok(v);
        }
        let me = game.to_move();
        let mut best = -1;
        for turn in game.legal_turns() {
            let mut next = game.clone();
            next.apply(&turn);
            let v = match next.outcome() {
                Some(outcome) => match outcome.winner {
                    None => 0,
                    Some(w) if w == me => 1,
                    Some(_) => -1,
                },
                None if next.to_move() == me => go(&next, memo, nodes, budget)?,
                None => -go(&next, memo, nodes, budget)?,
            };
            best = best.max(v);
            if best == 1 {
                break;
            }
        }
        memo.insert(game.clone(), best);
        Ok(best)
    }
    let mut memo = HashMap::new();
    let mut nodes = 0;
    go(game, &mut memo, &mut nodes, budget)
}
