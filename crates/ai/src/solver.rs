//! Exact play for games small enough to solve (Sight past its opening,
//! Collapse, Alquad): negamax with alpha-beta and a transposition table,
//! scoring wins by distance so the solver wins fastest and loses slowest.
//! A game may narrow the turns searched where it knows the rest cannot
//! change the value ([`Game::solver_turns`]). A second, independent
//! win/draw/loss solver, over every legal turn, checks the verdicts.

use std::collections::HashMap;
use std::time::Instant;

use cairn_rules::{Game, Seat};

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
    /// The position's key (0 = empty slot).
    key: u64,
    score: i16,
    bound: Bound,
    /// How deep in the search the position was stored: entries near the
    /// root stand for bigger subtrees and are kept in preference.
    ply: u8,
    best: u16,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    bound: Bound::Exact,
    ply: 0,
    best: 0,
};

/// Transposition table size (buckets of two entries, a power of two):
/// 2^20 x 32 bytes, so a search never holds more than about 32 MB however
/// long it runs.
const TABLE_BITS: u32 = 20;

/// A transposition table of two-entry buckets: one entry keeps the
/// shallowest position that hashed there, the other the latest.
struct Table {
    buckets: Vec<[Entry; 2]>,
}

impl Table {
    fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        let mut buckets = Vec::with_capacity(len);
        advise_huge_pages(&buckets);
        buckets.resize(len, [EMPTY; 2]);
        Table { buckets }
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.buckets.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)]
            .iter()
            .find(|e| e.key == key)
            .copied()
    }

    /// Start loading a key's bucket into the cache; it is probed soon.
    #[inline]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket = &self.buckets[self.bucket(key)];
            // SAFETY: a prefetch is only a hint; it reads nothing and the
            // pointer is into the live table. SSE is part of x86_64.
            unsafe { _mm_prefetch::<_MM_HINT_T0>((bucket as *const [Entry; 2]).cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    fn store(&mut self, entry: Entry) {
        let i = self.bucket(entry.key);
        let [deep, latest] = &mut self.buckets[i];
        if deep.key == entry.key || deep.key == 0 || entry.ply <= deep.ply {
            if deep.key != entry.key && deep.key != 0 {
                *latest = *deep;
            }
            *deep = entry;
            if latest.key == entry.key {
                *latest = EMPTY;
            }
        } else {
            *latest = entry;
        }
    }
}

/// Ask Linux to back a large table with 2 MB pages before it is touched:
/// probes land at random, and with 4 KB pages most of them also miss the
/// TLB (a 1 GB table searched about 10% faster with huge pages).
#[cfg(target_os = "linux")]
pub(crate) fn advise_huge_pages<T>(reserved: &Vec<T>) {
    const HUGE: usize = 2 << 20;
    let bytes = reserved.capacity() * std::mem::size_of::<T>();
    if bytes < 2 * HUGE {
        return;
    }
    let start = reserved.as_ptr() as usize;
    let aligned = start.next_multiple_of(HUGE);
    let end = (start + bytes) / HUGE * HUGE;
    // SAFETY: the range lies inside the vector's own allocation and
    // madvise only changes how the kernel backs it, not its contents; a
    // failure (no huge pages) is harmless.
    unsafe {
        libc::madvise(
            aligned as *mut libc::c_void,
            end - aligned,
            libc::MADV_HUGEPAGE,
        );
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn advise_huge_pages<T>(_reserved: &Vec<T>) {}

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
    table: Table,
    nodes: u64,
    budget: u64,
    deadline: Option<Instant>,
    turns: Vec<Vec<G::Turn>>,
    /// Per ply: the children being searched.
    children: Vec<Vec<Child<G>>>,
}

/// A position after one turn, waiting to be searched.
struct Child<G> {
    /// Search order, smallest first.
    order: i64,
    /// The turn's index in the parent's generated list.
    index: u16,
    /// Its transposition key (unused once the game is over).
    key: u64,
    game: G,
}

/// The most turns a search lists in one position of a game whose turns
/// can be astronomically many ([`Game::HUGE_TURN_COUNTS`], Floaters): past
/// it the search gives up (out of budget) rather than fill the memory.
pub const MAX_LISTED_TURNS: u64 = 20_000;

/// Whether listing the turns of `game` would pass [`MAX_LISTED_TURNS`]
/// (or counting them would take too long to tell).
pub fn too_many_turns<G: Game>(game: &G) -> bool {
    G::HUGE_TURN_COUNTS
        && game
            .count_turns_within(cairn_rules::QUICK_COUNT_WORK)
            .is_none_or(|n| n > MAX_LISTED_TURNS)
}

/// The number of turns of `game` for ordering a search. Games whose
/// turns are counted combinatorially ([`Game::HUGE_TURN_COUNTS`]) are not
/// counted at all: a node can have thousands of children, and even a
/// bounded count of each would hold the search far past its deadline.
pub(crate) fn turns_for_order<G: Game>(game: &G) -> u64 {
    if G::HUGE_TURN_COUNTS {
        return 1;
    }
    game.count_turns()
}

/// How many nodes a search visits between looks at the clock: every node
/// where one node may cost milliseconds (a bounded count of combinatorial
/// turns, [`too_many_turns`]), else every 4,096.
pub(crate) fn deadline_interval<G: Game>() -> u64 {
    if G::HUGE_TURN_COUNTS {
        1
    } else {
        4096
    }
}

/// The transposition key of a position.
pub(crate) fn key_of<G: Game>(game: &G) -> u64 {
    game.symmetric_key().unwrap_or_else(|| position_hash(game))
}

/// The score of a finished position for `me`, reached at `ply`.
fn terminal_score(outcome: cairn_rules::Outcome, me: Seat, ply: i32) -> i32 {
    match outcome.winner {
        None => 0,
        Some(w) if w == me => MATE - ply,
        Some(_) => -(MATE - ply),
    }
}

impl<G: Game> Solver<G> {
    fn new(table_bits: u32, budget: u64, deadline: Option<Instant>) -> Solver<G> {
        Solver {
            table: Table::new(table_bits),
            nodes: 0,
            budget,
            deadline,
            turns: Vec::new(),
            children: Vec::new(),
        }
    }

    /// Start a new search on the same table: a fresh node count, budget
    /// and deadline.
    fn restart(&mut self, budget: u64, deadline: Option<Instant>) {
        self.nodes = 0;
        self.budget = budget;
        self.deadline = deadline;
    }

    /// MTD(f): only null-window searches, which cut far more than a full
    /// window. The first asks who wins; each next one asks whether the
    /// score beats the bound the last one returned, and the table carries
    /// the work from one to the next, until the bounds meet.
    fn solve(
        &mut self,
        game: &G,
        mut progress: impl FnMut(Bounds),
    ) -> Result<Solution<G::Turn>, OutOfBudget> {
        let key = key_of(game);
        let (mut lower, mut upper) = (-MATE - 1, MATE + 1);
        let mut score = 0;
        while lower < upper {
            let beta = if score == lower { score + 1 } else { score };
            score = self.negamax(game, key, beta - 1, beta, 0)?;
            if score < beta {
                upper = score;
            } else {
                lower = score;
            }
            progress(Bounds {
                at_best: (upper <= MATE).then(|| Verdict::from_score(upper)),
                at_worst: (lower >= -MATE).then(|| Verdict::from_score(lower)),
            });
        }
        let best = self.best_turn(game, score)?;
        Ok(Solution {
            verdict: Verdict::from_score(score),
            best,
            nodes: self.nodes,
        })
    }

    /// The best turn of a position whose score is known: the first child
    /// that reaches the score (none beats it).
    fn best_turn(&mut self, game: &G, score: i32) -> Result<Option<G::Turn>, OutOfBudget> {
        let me = game.to_move();
        for turn in game.legal_turns() {
            let mut next = game.clone();
            next.apply(&turn);
            let key = if next.outcome().is_none() {
                key_of(&next)
            } else {
                0
            };
            if self.child_score(&next, key, me, score - 1, score, 0)? >= score {
                return Ok(Some(turn));
            }
        }
        Ok(None)
    }

    /// Whether `seat`'s score in `game` (over or not) is at least `beta`:
    /// one null-window search from the point of view of the side to move.
    fn at_least(&mut self, game: &G, seat: Seat, beta: i32) -> Result<bool, OutOfBudget> {
        if let Some(outcome) = game.outcome() {
            return Ok(terminal_score(outcome, seat, 0) >= beta);
        }
        let key = key_of(game);
        if game.to_move() == seat {
            Ok(self.negamax(game, key, beta - 1, beta, 0)? >= beta)
        } else {
            // seat's score >= beta  <=>  the mover's score < 1 - beta.
            let mover_beta = 1 - beta;
            Ok(self.negamax(game, key, mover_beta - 1, mover_beta, 0)? < mover_beta)
        }
    }

    /// Score of `next` (the position after one of `me`'s turns at `ply`)
    /// from `me`'s point of view.
    fn child_score(
        &mut self,
        next: &G,
        key: u64,
        me: Seat,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> Result<i32, OutOfBudget> {
        match next.outcome() {
            Some(outcome) => Ok(terminal_score(outcome, me, ply + 1)),
            None if next.to_move() == me => self.negamax(next, key, alpha, beta, ply + 1),
            None => self.negamax(next, key, -beta, -alpha, ply + 1).map(|s| -s),
        }
    }

    /// What the table already knows of an unfinished child, as bounds
    /// (lower, upper) on its score from `me`'s point of view.
    fn known_bounds(&self, child: &Child<G>, me: Seat, ply: i32) -> (i32, i32) {
        let Some(entry) = self.table.probe(child.key) else {
            return (-MATE - 1, MATE + 1);
        };
        let score = from_table(entry.score, ply + 1);
        let (low, high) = match entry.bound {
            Bound::Exact => (score, score),
            Bound::Lower => (score, MATE + 1),
            Bound::Upper => (-MATE - 1, score),
        };
        if child.game.to_move() == me {
            (low, high)
        } else {
            (-high, -low)
        }
    }

    fn negamax(
        &mut self,
        game: &G,
        key: u64,
        mut alpha: i32,
        mut beta: i32,
        ply: i32,
    ) -> Result<i32, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes.is_multiple_of(deadline_interval::<G>())
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            return Err(OutOfBudget);
        }
        // Mate-distance pruning: an unfinished position can at best be won
        // on its next turn and at worst lost on it. Searches that ask for a
        // win within some number of turns end here once it is out of reach.
        let best_possible = MATE - ply - 1;
        if best_possible <= alpha {
            return Ok(best_possible);
        }
        if -best_possible >= beta {
            return Ok(-best_possible);
        }
        let alpha_in = alpha;
        let mut best_index = None;
        if let Some(entry) = self.table.probe(key) {
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
            best_index = Some(entry.best);
        }
        let depth = ply as usize;
        if self.turns.len() <= depth {
            self.turns.resize_with(depth + 1, Vec::new);
            self.children.resize_with(depth + 1, Vec::new);
        }
        if too_many_turns(game) {
            return Err(OutOfBudget);
        }
        let mut turns = std::mem::take(&mut self.turns[depth]);
        turns.clear();
        game.solver_turns(&mut turns);
        let me = game.to_move();
        // Play every turn first: a turn that wins at once ends the search,
        // and the rest are ordered with the stored best turn first, then by
        // how few replies they leave the opponent (in games where having no
        // move loses, fewest replies is usually strongest).
        let mut children = std::mem::take(&mut self.children[depth]);
        children.clear();
        let mut cutoff = None;
        for (i, turn) in turns.iter().enumerate() {
            let mut next = game.clone();
            next.apply(turn);
            let (order, key) = match next.outcome() {
                Some(outcome) if outcome.winner == Some(me) => {
                    let score = terminal_score(outcome, me, ply + 1);
                    cutoff = Some((score, Bound::Exact, i as u16));
                    break;
                }
                Some(_) => (i64::MAX, 0),
                None => {
                    let key = key_of(&next);
                    self.table.prefetch(key);
                    let order = if best_index == Some(i as u16) {
                        i64::MIN
                    } else if next.to_move() == me {
                        0
                    } else {
                        turns_for_order(&next).min(i64::MAX as u64 / 2) as i64
                    };
                    (order, key)
                }
            };
            children.push(Child {
                order,
                index: i as u16,
                key,
                game: next,
            });
        }
        // Enhanced transposition cutoff: a child the table already shows
        // to be good enough ends the search without searching anything;
        // children known to be too weak go last.
        if cutoff.is_none() {
            for child in children.iter_mut() {
                if child.game.outcome().is_some() {
                    continue;
                }
                let (low, high) = self.known_bounds(child, me, ply);
                if low >= beta {
                    cutoff = Some((low, Bound::Lower, child.index));
                    break;
                }
                if high <= alpha && child.order != i64::MIN {
                    child.order = i64::MAX - 1;
                }
            }
        }
        if let Some((score, bound, best)) = cutoff {
            self.children[depth] = children;
            self.turns[depth] = turns;
            self.table.store(Entry {
                key,
                score: to_table(score, ply),
                bound,
                ply: ply as u8,
                best,
            });
            return Ok(score);
        }
        children.sort_by_key(|child| child.order);
        let mut best = -MATE - 1;
        let mut best_turn = 0u16;
        let mut result = Ok(());
        for child in children.iter() {
            let score = match self.child_score(&child.game, child.key, me, alpha, beta, ply) {
                Ok(s) => s,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if score > best {
                best = score;
                best_turn = child.index;
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
        self.table.store(Entry {
            key,
            score: to_table(best, ply),
            bound,
            ply: ply as u8,
            best: best_turn,
        });
        Ok(best)
    }
}

/// Mate scores are stored relative to the node (distance from it), so an
/// entry holds wherever the position is met again.
fn to_table(score: i32, ply: i32) -> i16 {
    let relative = if score > MATE / 2 {
        score + ply
    } else if score < -MATE / 2 {
        score - ply
    } else {
        score
    };
    relative as i16
}

fn from_table(score: i16, ply: i32) -> i32 {
    let score = i32::from(score);
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
    solve_with_table(game, budget, deadline, TABLE_BITS, |_| {})
}

/// What is known of a position's value while [`solve_with_table`] narrows
/// it down: the best and worst verdicts still possible for the player to
/// move (`None` while unbounded on that side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub at_best: Option<Verdict>,
    pub at_worst: Option<Verdict>,
}

/// [`solve`] with a transposition table of 2^`table_bits` buckets,
/// reporting the bounds on the verdict after each step (long offline runs).
pub fn solve_with_table<G: Game>(
    game: &G,
    budget: u64,
    deadline: Option<Instant>,
    table_bits: u32,
    progress: impl FnMut(Bounds),
) -> Result<Solution<G::Turn>, OutOfBudget> {
    let mut solver = Solver::new(table_bits, budget, deadline);
    solver.solve(game, progress)
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

/// [`prove`] with a transposition table of 2^`table_bits` buckets (32
/// bytes each): offline solving of whole games wants a larger one.
pub fn prove_with_table<G: Game>(
    game: &G,
    budget: u64,
    deadline: Option<Instant>,
    table_bits: u32,
) -> Result<(i8, u64), OutOfBudget> {
    let mut solver = Solver::new(table_bits, budget, deadline);
    let score = solver.negamax(game, key_of(game), -1, 1, 0)?;
    Ok((score.signum() as i8, solver.nodes))
}

/// Whether the player to move wins within `turns` turns (plies) against
/// best defence: one null-window search at that distance, as in the steps
/// of [`solve_with_table`]. Returns the answer and the nodes searched.
pub fn wins_within<G: Game>(
    game: &G,
    turns: u32,
    budget: u64,
    deadline: Option<Instant>,
    table_bits: u32,
) -> Result<(bool, u64), OutOfBudget> {
    let mut solver = Solver::new(table_bits, budget, deadline);
    let won = solver.at_least(game, game.to_move(), Goal::WinWithin(turns).beta())?;
    Ok((won, solver.nodes))
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

/// What a side may ask of a position in a [`Session`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// A win, however far.
    Win,
    /// A win within this many turns (plies), counted from the position.
    WinWithin(u32),
    /// A win or a draw.
    NotLose,
}

impl Goal {
    /// The least score that meets the goal.
    fn beta(self) -> i32 {
        match self {
            Goal::Win => 1,
            Goal::WinWithin(turns) => MATE - turns.min(MATE as u32 / 2) as i32,
            Goal::NotLose => 0,
        }
    }
}

/// A solver that keeps one transposition table across many searches, so
/// later searches reuse earlier work: solving the positions of a game from
/// its last one backwards, or asking many questions of one position's
/// children. Sound because mate scores are stored relative to their node
/// and the table is keyed by the whole position.
pub struct Session<G: Game> {
    solver: Solver<G>,
}

impl<G: Game> Session<G> {
    /// A session with a table of 2^`table_bits` buckets (32 bytes each).
    pub fn new(table_bits: u32) -> Session<G> {
        Session {
            solver: Solver::new(table_bits, 0, None),
        }
    }

    /// [`solve`] on the session's table (the game must not be over).
    pub fn solve(
        &mut self,
        game: &G,
        budget: u64,
        deadline: Option<Instant>,
    ) -> Result<Solution<G::Turn>, OutOfBudget> {
        self.solver.restart(budget, deadline);
        self.solver.solve(game, |_| {})
    }

    /// Whether `seat` can force `goal` in `game` (which may be over, or
    /// have either side to move) against best play.
    pub fn achieves(
        &mut self,
        game: &G,
        seat: Seat,
        goal: Goal,
        budget: u64,
        deadline: Option<Instant>,
    ) -> Result<bool, OutOfBudget> {
        self.solver.restart(budget, deadline);
        self.solver.at_least(game, seat, goal.beta())
    }

    /// The turn the table holds as best in `game`: after a search that
    /// proved a win there, the turn that proved it. Only a hint: the entry
    /// may have been stored for a symmetric image of `game` (whose turns
    /// are listed in another order) or replaced since, so check it.
    pub fn stored_turn(&self, game: &G) -> Option<G::Turn> {
        let entry = self.solver.table.probe(key_of(game))?;
        let mut turns = Vec::new();
        game.solver_turns(&mut turns);
        turns.get(usize::from(entry.best)).cloned()
    }

    /// The nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.solver.nodes
    }
}
