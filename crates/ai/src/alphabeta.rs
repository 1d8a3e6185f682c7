//! Alpha-beta search to a depth, for the games that declare a static
//! estimate of a position ([`Game::estimate`]): capture games (Alquerque),
//! where the count of pieces tells who stands better, and Callanish, where
//! lines nearly held and stones that can be shut in do; in both a tactic
//! a few turns deep decides more than random playouts can see. Iterative
//! deepening under a deadline, a transposition table carrying each
//! depth's best turn to the next (searched before the other turns are
//! even played, as it often settles the node), children searched most
//! promising first (the table's turn, captures, the killers of the ply,
//! the rest by their estimate), every child after the first with a null
//! window (principal variation search) and late quiet ones a turn
//! shallower first (late-move reductions, searched again in full when
//! they may be best), and a quiescence search that follows captures past
//! the depth (among the turns a game calls noisy, [`Game::noisy_turns`])
//! so a leaf is never scored in the middle of an exchange. The side
//! searching counts a draw slightly against itself, and while material is
//! level it keeps pieces on the board rather than trade them off into a
//! level ending (a game declares what is at stake, [`Estimate::at_stake`]).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use cairn_rules::{Estimate, Game, Outcome, Seat};

use crate::solver::position_hash;

/// Score of a win in 0 plies; a win in d plies scores `WIN - d`. Far above
/// any estimate.
const WIN: i32 = 1_000_000;

/// Scores beyond this are wins or losses, not estimates.
const DECIDED: i32 = WIN - 10_000;

/// What a draw costs the side searching, in hundredths of a piece: enough
/// to prefer any level position over repeating one or letting the game
/// stall, not enough to give a piece away for it. Without it a search that
/// sees only level positions ahead shuffles into a repetition.
const CONTEMPT: i32 = 50;

/// What each unit at stake ([`Estimate::at_stake`], a piece on the board)
/// is worth to the side searching while material is level: a level game
/// simplified to a few pieces draws, one with many still holds chances
/// against a weaker opponent, so the search declines even trades it may.
/// Below a piece at any count (at most 72 hundredths, with 24 pieces on
/// the board), so that winning one still scores higher; and only while
/// level, so that a piece down never scores above a level stall (with the
/// term at any material, a search gave up pieces rather than draw).
const KEEP_ON: i32 = 3;

/// How many captures past the depth the quiescence search follows.
const QUIESCENCE_PLIES: u32 = 8;

/// Turns searched in full at a node before the rest are searched a turn
/// shallower first (late-move reductions): a quiet turn ordered this late
/// rarely turns out best, and a reduced search that beats the best so far
/// is searched again at full depth.
const FULL_DEPTH_TURNS: usize = 3;

/// The shallowest depth at which late turns are reduced.
const REDUCE_FROM_DEPTH: u32 = 3;

/// Late turns are reduced only at a node with at most this many turns.
/// With more, an order by a glance is too rough to trust: in Callanish
/// (hundreds of turns a position) defences ordered late and reduced lost
/// 11 of 90 games to Ludii's alpha-beta, against none of 100 before;
/// Alquerque's positions nearly all have fewer turns and keep them.
const REDUCE_AMONG_AT_MOST: usize = 40;

/// The deepest iteration tried (a position with few turns left is
/// finished long before).
const MAX_DEPTH: u32 = 64;

/// The table is cleared past this many entries (each holds a turn): about
/// 50 MB at most, while a 1-second search stores about 300,000 positions
/// of Alquerque (a 2-second one fills it once) and far fewer of Callanish.
const TABLE_LIMIT: usize = 1 << 19;

/// What a search found: the turn to play, its score for the player to move
/// (an estimate, or, far beyond any estimate, a win or loss), the deepest
/// iteration completed and the positions visited.
#[derive(Clone, Debug)]
pub struct Found<T> {
    pub best: Option<T>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// Positions held in the table at the end.
    pub entries: usize,
}

impl<T> Found<T> {
    /// Whether the score is a forced win or loss rather than an estimate.
    pub fn decided(&self) -> bool {
        self.score.abs() > DECIDED
    }
}

/// Search `game` (not over, and declaring an estimate) until `deadline`,
/// deepening one turn at a time; the best turn of the deepest iteration
/// completed, or of the one cut short by the deadline if a turn of it was
/// searched to its end (it searches the last best turn first, so any other
/// turn it prefers beat that one a turn deeper), at worst the most
/// promising turn at a glance: a turn is found whenever one is legal.
/// Games without an estimate score 0 at the leaves.
pub fn search<G: Game>(game: &G, deadline: Instant) -> Found<G::Turn> {
    deepen(game, Some(deadline), MAX_DEPTH, true)
}

/// Search `game` to `depth` turns (then captures) as [`search`] does, late
/// turns reduced, with no clock: for tests and analysis.
pub fn search_to_depth<G: Game>(game: &G, depth: u32) -> Found<G::Turn> {
    deepen(game, None, depth.max(1), true)
}

/// Search `game` to exactly `depth` turns (then captures), every turn to
/// the full depth (no late-move reductions), with no clock: the minimax
/// value at that depth, for tests and analysis.
pub fn search_to_depth_exactly<G: Game>(game: &G, depth: u32) -> Found<G::Turn> {
    deepen(game, None, depth.max(1), false)
}

fn deepen<G: Game>(
    game: &G,
    deadline: Option<Instant>,
    max_depth: u32,
    reduce: bool,
) -> Found<G::Turn> {
    let mut searcher = Searcher::<G> {
        table: Table::default(),
        nodes: 0,
        deadline,
        stopped: false,
        root: game.to_move(),
        killers: Vec::new(),
        reduce,
    };
    let mut found = Found {
        best: None,
        score: 0,
        depth: 0,
        nodes: 0,
        entries: 0,
    };
    for depth in 1..=max_depth {
        let (score, best) = searcher.root(game, depth, found.best.as_ref());
        if searcher.stopped {
            // A turn of the unfinished iteration was searched to its end
            // (the first is the last iteration's best): it is the best
            // known, one turn deeper. None at all: the first at a glance.
            if best.searched.is_some() || found.best.is_none() {
                found.best = best.searched.or(best.at_a_glance);
                found.score = score;
            }
            break;
        }
        found.best = best.searched;
        found.score = score;
        found.depth = depth;
        let late = deadline.is_some_and(|d| Instant::now() >= d);
        if found.decided() || late {
            break;
        }
    }
    found.nodes = searcher.nodes;
    found.entries = searcher.table.len();
    found
}

/// The transposition table: entries by [`table_key`], a hash already, so
/// the map uses it as it is rather than hashing it again.
type Table<T> = HashMap<u64, Entry<T>, BuildHasherDefault<KeyHasher>>;

/// The hasher of [`Table`]: a key is its own hash.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only u64 keys are hashed; any other input is folded in whole.
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The score is at least this (a cut-off).
    Lower,
    /// The score is at most this (nothing reached alpha).
    Upper,
}

struct Entry<T> {
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<T>,
}

struct Searcher<G: Game> {
    table: Table<G::Turn>,
    nodes: u64,
    /// When to give up the iteration under way; `None` never.
    deadline: Option<Instant>,
    stopped: bool,
    /// Who searches: a draw counts [`CONTEMPT`] against them.
    root: Seat,
    /// By ply, the last two quiet turns that cut a search off there (the
    /// killer heuristic): tried right after the captures in a sibling.
    killers: Vec<[Option<G::Turn>; 2]>,
    /// Whether late quiet turns are searched a turn shallower first.
    reduce: bool,
}

/// The best turn of an iteration at the root.
struct RootBest<T> {
    /// The best of the turns searched to their end: all of them unless
    /// time ran out; `None` if time ran out before the first was.
    searched: Option<T>,
    /// The first turn in order, the table's or the most promising at a
    /// glance: what to play if no turn was searched at all.
    at_a_glance: Option<T>,
}

/// A position after one turn, with its order key (higher first: its
/// class, then its static score).
struct Child<G: Game> {
    turn: G::Turn,
    game: G,
    /// Who played the turn.
    mover: Seat,
    order: (i32, i32),
    /// The turn raised the mover's material or ended the game: the
    /// quiescence search follows it.
    capture: bool,
    /// The child's estimate for its own player to move (zero once over),
    /// worked out once for its order and kept for its search.
    estimate: Estimate,
    /// A quiet turn, neither the table's best nor a killer, among at most
    /// [`REDUCE_AMONG_AT_MOST`] siblings: searched reduced if ordered late.
    reducible: bool,
}

/// Why a quiet turn is tried before the others at a node (a capture comes
/// before them all but the table's turn, whatever its class).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// The best turn the table kept for the position.
    Hint,
    /// A turn that cut a sibling's search off ([`Searcher::killers`]).
    Killer,
    Quiet,
}

/// The state of a node's search as its children are tried: its window,
/// the best score so far and the turn that scored it.
struct Cut<T> {
    alpha: i32,
    beta: i32,
    best_score: i32,
    best: Option<T>,
}

impl<G: Game> Searcher<G> {
    /// Search the root at `depth`, `last_best` (the last iteration's best,
    /// none at the first) first; its score and best turn (the best of the
    /// turns searched to their end if time ran out).
    fn root(
        &mut self,
        game: &G,
        depth: u32,
        last_best: Option<&G::Turn>,
    ) -> (i32, RootBest<G::Turn>) {
        let key = table_key(game);
        let estimate = game.estimate().unwrap_or_default();
        let children = self.root_children(game, estimate, last_best);
        let (mut alpha, beta) = (-WIN - 1, WIN + 1);
        // Out of time before any child is searched, the first at a glance.
        let at_a_glance = children.first().map(|child| child.turn.clone());
        let mut best = None;
        for (index, child) in children.into_iter().enumerate() {
            let score = self.search_child(&child, depth - 1, alpha, beta, 1, index);
            if self.stopped {
                break;
            }
            if score > alpha || best.is_none() {
                alpha = alpha.max(score);
                best = Some(child.turn);
            }
        }
        if !self.stopped {
            self.remember(key, depth, alpha, Bound::Exact, best.clone());
        }
        let best = RootBest {
            searched: best,
            at_a_glance,
        };
        (alpha, best)
    }

    /// The score of the child `index`th in order for the player who moved
    /// into it ([`Self::child_score`]), searched to `depth`: the first
    /// with the whole window, the rest first with a null window (principal
    /// variation search) and, when reducible and ordered late, a turn
    /// shallower; searched again, deeper or wider, only when that may beat
    /// `alpha`.
    fn search_child(
        &mut self,
        child: &Child<G>,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
        index: usize,
    ) -> i32 {
        if index == 0 {
            return self.child_score(child, depth, alpha, beta, ply);
        }
        let late = self.reduce && index >= FULL_DEPTH_TURNS && child.reducible;
        if late && depth + 1 >= REDUCE_FROM_DEPTH {
            let reduced = self.child_score(child, depth - 1, alpha, alpha + 1, ply);
            if reduced <= alpha || self.stopped {
                return reduced;
            }
        }
        let score = self.child_score(child, depth, alpha, alpha + 1, ply);
        if score > alpha && score < beta && !self.stopped {
            return self.child_score(child, depth, alpha, beta, ply);
        }
        score
    }

    /// The score of `child` for the player who moved into it, reached at
    /// `ply`: negated when the other player moves there, kept when the
    /// same player moves again.
    fn child_score(
        &mut self,
        child: &Child<G>,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        let me = child.mover;
        let (game, estimate) = (&child.game, child.estimate);
        if let Some(outcome) = game.outcome() {
            return terminal(outcome, me, ply, self.root);
        }
        if game.to_move() == me {
            self.negamax(game, estimate, depth, alpha, beta, ply)
        } else {
            -self.negamax(game, estimate, depth, -beta, -alpha, ply)
        }
    }

    /// The score of `game` (not over, its estimate `estimate`) for the
    /// player to move, searched `depth` turns deep within the window
    /// `alpha`..`beta`.
    fn negamax(
        &mut self,
        game: &G,
        estimate: Estimate,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        self.spend(1);
        if self.stopped {
            return 0;
        }
        if depth == 0 {
            return self.quiesce(game, estimate, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        let key = table_key(game);
        let hint = match self.table.get(&key) {
            Some(entry) => {
                if entry.depth >= depth {
                    let usable = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => entry.score >= beta,
                        Bound::Upper => entry.score <= alpha,
                    };
                    if usable {
                        return entry.score;
                    }
                }
                entry.best.clone()
            }
            None => None,
        };
        let original_alpha = alpha;
        let mut cut = Cut {
            alpha,
            beta,
            best_score: -WIN - 1,
            best: None,
        };
        let mut turns = game.legal_turns();
        let may_reduce = turns.len() <= REDUCE_AMONG_AT_MOST;
        // The table's turn is searched before the others are even played:
        // it cuts the search off often, and then they never are.
        let mut index = 0;
        if let Some(turn) = take_turn(&mut turns, hint.as_ref()) {
            let child = self.child(game, estimate, turn, Class::Hint, may_reduce);
            if self.try_child(child, depth, ply, index, &mut cut) {
                return self.settle(key, depth, original_alpha, cut);
            }
            index += 1;
        }
        let killers = self.killers_at(ply);
        for child in self.children_of(game, estimate, turns, killers, may_reduce) {
            if self.try_child(child, depth, ply, index, &mut cut) {
                break;
            }
            index += 1;
        }
        self.settle(key, depth, original_alpha, cut)
    }

    /// Search `child`, the `index`th of its parent in order, and fold its
    /// score into `cut`; whether the parent's search is over (a cut-off,
    /// or out of time).
    fn try_child(
        &mut self,
        child: Child<G>,
        depth: u32,
        ply: i32,
        index: usize,
        cut: &mut Cut<G::Turn>,
    ) -> bool {
        let score = self.search_child(&child, depth - 1, cut.alpha, cut.beta, ply + 1, index);
        if self.stopped {
            return true;
        }
        let cuts_off = score >= cut.beta;
        if cuts_off && !child.capture {
            self.remember_killer(ply, &child.turn);
        }
        if score > cut.best_score {
            cut.best_score = score;
            cut.best = Some(child.turn);
        }
        cut.alpha = cut.alpha.max(score);
        cuts_off
    }

    /// Keep what the search of the position keyed `key` found (`cut`,
    /// searched with `original_alpha` as its lower bound) and return its
    /// score; nothing is kept of a search cut short by the clock.
    fn settle(&mut self, key: u64, depth: u32, original_alpha: i32, cut: Cut<G::Turn>) -> i32 {
        if self.stopped {
            return 0;
        }
        let Cut {
            beta,
            best_score,
            best,
            ..
        } = cut;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score <= original_alpha {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.remember(key, depth, best_score, bound, best);
        best_score
    }

    /// Past the depth: the estimate as it stands, or better if a capture
    /// (a turn that raises the mover's material, or ends the game)
    /// improves on it.
    fn quiesce(
        &mut self,
        game: &G,
        estimate: Estimate,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        left: u32,
    ) -> i32 {
        let standing = leaf_score(estimate, game.to_move(), self.root);
        if left == 0 || standing >= beta || self.stopped {
            return standing;
        }
        alpha = alpha.max(standing);
        let me = game.to_move();
        let mut best = standing;
        // Only captures are followed here: no killers to order by.
        let mut turns = Vec::new();
        game.noisy_turns(&mut turns);
        for child in self.children_of(game, estimate, turns, Default::default(), false) {
            if !child.capture {
                continue;
            }
            let (next, next_estimate) = (&child.game, child.estimate);
            let score = match next.outcome() {
                Some(outcome) => terminal(outcome, me, ply + 1, self.root),
                None if next.to_move() == me => {
                    self.quiesce(next, next_estimate, alpha, beta, ply + 1, left - 1)
                }
                None => -self.quiesce(next, next_estimate, -beta, -alpha, ply + 1, left - 1),
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta || self.stopped {
                break;
            }
        }
        best
    }

    /// Every child of the root `game` (whose estimate is `estimate`): the
    /// table's turn `hint` first, then the others as [`Self::children_of`]
    /// orders them (killers are kept for the plies below the root only).
    fn root_children(
        &mut self,
        game: &G,
        estimate: Estimate,
        hint: Option<&G::Turn>,
    ) -> Vec<Child<G>> {
        let mut turns = game.legal_turns();
        let may_reduce = turns.len() <= REDUCE_AMONG_AT_MOST;
        let first = take_turn(&mut turns, hint)
            .map(|turn| self.child(game, estimate, turn, Class::Hint, may_reduce));
        let rest = self.children_of(game, estimate, turns, Default::default(), may_reduce);
        first.into_iter().chain(rest).collect()
    }

    /// The children of `game` after `turns` (the table's turn not among
    /// them), captures and finished games first, then `killers`, then the
    /// other quiet turns; within each, by the estimate they leave for the
    /// player who moved (finished games by their result). `may_reduce`:
    /// the position has few enough turns for late ones to be reduced.
    fn children_of(
        &mut self,
        game: &G,
        estimate: Estimate,
        turns: Vec<G::Turn>,
        killers: [Option<G::Turn>; 2],
        may_reduce: bool,
    ) -> Vec<Child<G>> {
        let mut children: Vec<Child<G>> = turns
            .into_iter()
            .map(|turn| {
                let class = if killers.iter().flatten().any(|k| *k == turn) {
                    Class::Killer
                } else {
                    Class::Quiet
                };
                self.child(game, estimate, turn, class, may_reduce)
            })
            .collect();
        children.sort_by_key(|child| std::cmp::Reverse(child.order));
        children
    }

    /// The child of `game` (whose estimate is `estimate`) after `turn`,
    /// tried early as `class` says unless it captures.
    fn child(
        &mut self,
        game: &G,
        estimate: Estimate,
        turn: G::Turn,
        class: Class,
        may_reduce: bool,
    ) -> Child<G> {
        self.spend(1);
        let me = game.to_move();
        let mut next = game.clone();
        next.apply(&turn);
        let (score, own) = static_score(&next, me, self.root);
        let capture = own.is_none_or(|e| for_me(&next, me, e.material) > estimate.material);
        let rank = match class {
            Class::Hint => 3,
            _ if capture => 2,
            Class::Killer => 1,
            Class::Quiet => 0,
        };
        Child {
            turn,
            game: next,
            mover: me,
            order: (rank, score),
            capture,
            estimate: own.unwrap_or_default(),
            reducible: may_reduce && !capture && class == Class::Quiet,
        }
    }

    /// The killers kept for `ply` (none yet: empty).
    fn killers_at(&self, ply: i32) -> [Option<G::Turn>; 2] {
        usize::try_from(ply)
            .ok()
            .and_then(|ply| self.killers.get(ply))
            .cloned()
            .unwrap_or_default()
    }

    /// Keep `turn`, a quiet turn that cut the search off at `ply`, as that
    /// ply's newest killer.
    fn remember_killer(&mut self, ply: i32, turn: &G::Turn) {
        let Ok(ply) = usize::try_from(ply) else {
            return;
        };
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0].as_ref() != Some(turn) {
            slot[1] = slot[0].replace(turn.clone());
        }
    }

    /// Count `positions` visited, and stop the search once the deadline
    /// has passed (the clock is read every 1,024 positions).
    fn spend(&mut self, positions: u64) {
        let before = self.nodes / 1024;
        self.nodes += positions;
        if self.nodes / 1024 != before && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
    }

    /// Keep what the search of the position keyed `key` ([`table_key`])
    /// found, emptying the table first once it is full.
    fn remember(&mut self, key: u64, depth: u32, score: i32, bound: Bound, best: Option<G::Turn>) {
        if self.table.len() >= TABLE_LIMIT {
            self.table.clear();
        }
        self.table.insert(
            key,
            Entry {
                depth,
                score,
                bound,
                best,
            },
        );
    }
}

/// Take `wanted` out of `turns`, keeping the others' order, if it is
/// there (a turn the table kept may belong to another position with the
/// same key, and is then not played).
fn take_turn<T: PartialEq>(turns: &mut Vec<T>, wanted: Option<&T>) -> Option<T> {
    let at = turns.iter().position(|turn| Some(turn) == wanted)?;
    Some(turns.remove(at))
}

/// The transposition table's key of `game`: its own search key, where it
/// declares one (turns played in another order meet), else the hash of
/// the whole state.
fn table_key<G: Game>(game: &G) -> u64 {
    game.search_key().unwrap_or_else(|| position_hash(game))
}

/// A position's worth for `me` without search, and its own estimate
/// (for its player to move; `None` once the game is over): its result if
/// it is over, else its estimate as `me` sees it.
fn static_score<G: Game>(game: &G, me: Seat, root: Seat) -> (i32, Option<Estimate>) {
    match game.outcome() {
        Some(outcome) => (terminal(outcome, me, 0, root), None),
        None => {
            let estimate = game.estimate().unwrap_or_default();
            let score = leaf_score(estimate, game.to_move(), root);
            (for_me(game, me, score), Some(estimate))
        }
    }
}

/// A position's estimate as one score for `mover`, its player to move,
/// with what keeping pieces on is worth to `root` ([`KEEP_ON`]) while
/// material is level.
fn leaf_score(estimate: Estimate, mover: Seat, root: Seat) -> i32 {
    if estimate.material != 0 {
        return estimate.total();
    }
    let keep_on = KEEP_ON * estimate.at_stake;
    estimate.total() + if mover == root { keep_on } else { -keep_on }
}

/// `value`, stated for the player to move in `game`, as `me` sees it.
fn for_me<G: Game>(game: &G, me: Seat, value: i32) -> i32 {
    if game.to_move() == me {
        value
    } else {
        -value
    }
}

/// The score of a finished game for `me`, reached at `ply`: sooner wins
/// and later losses score higher, and a draw is worth a little less than
/// nothing to `root`, the side searching.
fn terminal(outcome: Outcome, me: Seat, ply: i32, root: Seat) -> i32 {
    match outcome.winner {
        None if me == root => -CONTEMPT,
        None => CONTEMPT,
        Some(winner) if winner == me => WIN - ply,
        Some(_) => -(WIN - ply),
    }
}
