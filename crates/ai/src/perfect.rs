//! Perfect and ultra-strong play for the top level: when the solver proves
//! the position within its slice of the turn's time, a win is played out
//! fastest, a loss slowest, and a draw by the drawing turn that leaves the
//! opponent the most replies that lose (ultra-strong play in the sense of
//! Gévay and Danner: against a fallible opponent a proven draw still
//! offers the most chances to win).

use std::time::Instant;

use cairn_rules::Game;

use crate::solver::{too_many_turns, Goal, Session, Verdict};

/// Solver node budget at the top level for games the solver is made for
/// ([`Game::SOLVABLE`]), also capped by the deadline.
pub(crate) const SOLVER_NODES: u64 = 3_000_000;

/// Table of 2^20 buckets (32 MB) for the solvable games; the small slice
/// of the other games fills far less.
const SOLVABLE_TABLE_BITS: u32 = 20;
const OTHER_TABLE_BITS: u32 = 17;

/// A position the solver settled, and the turn to play in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved<T> {
    /// The verdict for the player to move.
    pub verdict: Verdict,
    /// The fastest win, the slowest loss, or the most testing draw.
    pub turn: T,
}

/// The solver's share of a turn ending at `deadline`: its node budget and
/// the time it must stop by. The solvable games get the full node budget
/// and half the time (the search keeps the other half if the solver gives
/// up). Any other game is tried too, since its late positions are often
/// small enough, but only with a twentieth of the nodes and a tenth of the
/// time, so the search that plays it keeps nearly all of its strength.
pub fn solver_slice<G: Game>(now: Instant, deadline: Instant) -> (u64, Instant) {
    let left = deadline.saturating_duration_since(now);
    if G::SOLVABLE {
        (SOLVER_NODES, now + left / 2)
    } else {
        (SOLVER_NODES / 20, now + left / 10)
    }
}

/// Solve `game` (not over) within the solver's slice of a turn ending at
/// `deadline`, or find it in the opening book ([`crate::book`]), and pick
/// the turn perfect play calls for; `None` if the solver gives up. A
/// draw's choice among the drawing turns may use the rest of the turn's
/// time, keeping the best found when it runs out.
pub fn solved_choice<G: Game>(game: &G, deadline: Instant) -> Option<Solved<G::Turn>> {
    if let Some(solved) = crate::book::choice(game) {
        return Some(solved);
    }
    let (nodes, solve_by) = solver_slice::<G>(Instant::now(), deadline);
    let bits = if G::SOLVABLE {
        SOLVABLE_TABLE_BITS
    } else {
        OTHER_TABLE_BITS
    };
    let mut session = Session::<G>::new(bits);
    let solution = session.solve(game, nodes, Some(solve_by)).ok()?;
    let best = solution.best?;
    let turn = match solution.verdict {
        Verdict::Draw => most_testing_draw(&mut session, game, best, deadline),
        Verdict::Win(_) | Verdict::Loss(_) => best,
    };
    Some(Solved {
        verdict: solution.verdict,
        turn,
    })
}

/// Among the drawing turns of a drawn position, the one that leaves the
/// opponent the most replies proven lost for them; `drawing` (a proven
/// drawing turn) when time runs out before any better is found.
pub fn most_testing_draw<G: Game>(
    session: &mut Session<G>,
    game: &G,
    drawing: G::Turn,
    deadline: Instant,
) -> G::Turn {
    let me = game.to_move();
    if too_many_turns(game) {
        return drawing;
    }
    let mut best = (losing_replies(session, game, &drawing, deadline), drawing);
    if best.0.timed_out {
        return best.1;
    }
    for turn in game.legal_turns() {
        if turn == best.1 {
            continue;
        }
        let mut next = game.clone();
        next.apply(&turn);
        match session.achieves(&next, me, Goal::NotLose, u64::MAX, Some(deadline)) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(_) => break,
        }
        let count = losing_replies(session, game, &turn, deadline);
        if count.losing > best.0.losing {
            best = (count, turn);
        }
        if best.0.timed_out || count.timed_out {
            break;
        }
    }
    best.1
}

/// How many of the opponent's replies to a turn are proven lost for them
/// (a lower bound if the count ran out of time).
#[derive(Clone, Copy, Debug)]
struct Count {
    losing: usize,
    timed_out: bool,
}

fn losing_replies<G: Game>(
    session: &mut Session<G>,
    game: &G,
    turn: &G::Turn,
    deadline: Instant,
) -> Count {
    let me = game.to_move();
    let mut next = game.clone();
    next.apply(turn);
    let mut count = Count {
        losing: 0,
        timed_out: false,
    };
    // A finished game, or one where the mover moves again, leaves the
    // opponent no reply to go wrong with.
    if next.outcome().is_some() || next.to_move() == me {
        return count;
    }
    if too_many_turns(&next) {
        count.timed_out = true;
        return count;
    }
    for reply in next.legal_turns() {
        let mut after = next.clone();
        after.apply(&reply);
        match session.achieves(&after, me, Goal::Win, u64::MAX, Some(deadline)) {
            Ok(true) => count.losing += 1,
            Ok(false) => {}
            Err(_) => {
                count.timed_out = true;
                break;
            }
        }
    }
    count
}
