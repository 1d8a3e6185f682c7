//! A second, independent exact solver: depth-first proof-number search
//! (df-pn, Nagai 2002). The solver's alpha-beta ([`super::solver`]) walks
//! depth first in a fixed turn order; df-pn instead always expands the
//! *most proving* position, the one whose proof or disproof needs the
//! fewest further leaves. It only answers whether the player to move wins,
//! which is what checking the alpha-beta verdicts on whole games needs.

use std::time::Instant;

use super::solver::{
    advise_huge_pages, deadline_interval, key_of, too_many_turns, turns_for_order, OutOfBudget,
};
use cairn_rules::{Game, Seat};

/// An infinite proof or disproof number: proven impossible.
const INF: u64 = 1 << 62;

/// A position's proof numbers: how many leaves at least must still be
/// solved to prove (`pn`) or to disprove (`dn`) that the attacker wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Numbers {
    pn: u64,
    dn: u64,
}

const PROVEN: Numbers = Numbers { pn: 0, dn: INF };
const DISPROVEN: Numbers = Numbers { pn: INF, dn: 0 };

/// A sum of proof numbers: infinite if any part is, otherwise kept below
/// infinity so a large sum never passes for a disproof.
fn add(a: u64, b: u64) -> u64 {
    if a >= INF || b >= INF {
        INF
    } else {
        (a + b).min(INF - 1)
    }
}

/// The threshold for the best child given the runner-up's number.
fn widened(second: u64) -> u64 {
    if second >= INF {
        INF
    } else {
        add(second, second / 4 + 1)
    }
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    numbers: Numbers,
    /// Nodes spent on the position: the cheaper of two entries in a bucket
    /// is the one replaced.
    work: u64,
}

const EMPTY: Entry = Entry {
    key: 0,
    numbers: Numbers { pn: 0, dn: 0 },
    work: 0,
};

/// A child of the position being expanded.
struct Child<G> {
    game: G,
    key: u64,
    /// Its numbers before any search (from its turn count), or once it is
    /// over, its exact result.
    initial: Numbers,
    /// What its last search returned, in case the table lost it since.
    last: Option<Numbers>,
}

struct Search {
    buckets: Vec<[Entry; 2]>,
    attacker: Seat,
    /// Turns the attacker has to win in, counted from the root (`None`:
    /// no limit). A position at the limit that is not won counts as
    /// disproven.
    limit: Option<u32>,
    nodes: u64,
    budget: u64,
    deadline: Option<Instant>,
}

impl Search {
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.buckets.len() - 1)
    }

    fn lookup(&self, key: u64) -> Option<Numbers> {
        self.buckets[self.bucket(key)]
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.numbers)
    }

    fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        let i = self.bucket(key);
        let bucket = &mut self.buckets[i];
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(slot) => slot,
            None if bucket[0].work <= bucket[1].work => 0,
            None => 1,
        };
        bucket[slot] = Entry { key, numbers, work };
    }

    /// A position's table key. Under a turn limit the same position at
    /// another depth has other numbers, so the depth is part of the key.
    fn key_at<G: Game>(&self, game: &G, depth: u32) -> u64 {
        let key = key_of(game);
        match self.limit {
            None => key,
            Some(_) => key ^ (u64::from(depth) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        }
    }

    /// The current numbers of a child.
    fn numbers<G: Game>(&self, child: &Child<G>) -> Numbers {
        if child.initial == PROVEN || child.initial == DISPROVEN {
            return child.initial;
        }
        self.lookup(child.key)
            .or(child.last)
            .unwrap_or(child.initial)
    }

    /// The numbers of a position `depth` turns below the root before it is
    /// searched: one leaf to settle it one way, and (at least) one per
    /// turn the other way.
    fn initial<G: Game>(&self, game: &G, depth: u32) -> Numbers {
        match game.outcome() {
            Some(outcome) if outcome.winner == Some(self.attacker) => PROVEN,
            Some(_) => DISPROVEN,
            None if self.limit.is_some_and(|limit| depth >= limit) => DISPROVEN,
            None => {
                let turns = turns_for_order(game).clamp(1, INF - 1);
                if game.to_move() == self.attacker {
                    Numbers { pn: 1, dn: turns }
                } else {
                    Numbers { pn: turns, dn: 1 }
                }
            }
        }
    }

    /// Search `game` until its numbers reach one of the thresholds, then
    /// store and return them.
    fn expand<G: Game>(
        &mut self,
        game: &G,
        key: u64,
        depth: u32,
        max_pn: u64,
        max_dn: u64,
    ) -> Result<Numbers, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes.is_multiple_of(deadline_interval::<G>())
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            return Err(OutOfBudget);
        }
        if too_many_turns(game) {
            return Err(OutOfBudget);
        }
        let started = self.nodes;
        // OR node: one proven child proves it. AND node: it needs all.
        let or = game.to_move() == self.attacker;
        let mut children: Vec<Child<G>> = game
            .legal_turns()
            .iter()
            .map(|turn| {
                let mut next = game.clone();
                next.apply(turn);
                let key = if next.outcome().is_none() {
                    self.key_at(&next, depth + 1)
                } else {
                    0
                };
                Child {
                    initial: self.initial(&next, depth + 1),
                    game: next,
                    key,
                    last: None,
                }
            })
            .collect();
        loop {
            // For an OR node `pn` is the smallest child pn and `dn` the sum
            // of child dns; an AND node is the mirror image. `deciding` is
            // the number the node's own proof runs through (pn at OR).
            let mut pn = if or { INF } else { 0 };
            let mut dn = if or { 0 } else { INF };
            let mut best = 0;
            let mut best_deciding = INF;
            let mut second_deciding = INF;
            for (i, child) in children.iter().enumerate() {
                let n = self.numbers(child);
                let (deciding, summed) = if or { (n.pn, n.dn) } else { (n.dn, n.pn) };
                if deciding < best_deciding {
                    second_deciding = best_deciding;
                    best_deciding = deciding;
                    best = i;
                } else if deciding < second_deciding {
                    second_deciding = deciding;
                }
                if or {
                    pn = pn.min(n.pn);
                    dn = add(dn, summed);
                } else {
                    dn = dn.min(n.dn);
                    pn = add(pn, summed);
                }
                if deciding == 0 {
                    break;
                }
            }
            let numbers = if pn == 0 {
                PROVEN
            } else if dn == 0 {
                DISPROVEN
            } else {
                Numbers { pn, dn }
            };
            if numbers.pn >= max_pn || numbers.dn >= max_dn {
                self.store(key, numbers, self.nodes - started);
                return Ok(numbers);
            }
            // Search the most proving child until it is clearly no longer
            // the best (its deciding number passes the runner-up's by a
            // quarter: the 1+epsilon trick of Pawlewicz and Lew, which
            // saves switching back and forth between close siblings) or
            // the node's other number would pass its threshold.
            let child = &children[best];
            let n = self.numbers(child);
            let (child_max_pn, child_max_dn) = if or {
                (
                    max_pn.min(widened(second_deciding)),
                    add(max_dn - dn, n.dn).min(INF),
                )
            } else {
                (
                    add(max_pn - pn, n.pn).min(INF),
                    max_dn.min(widened(second_deciding)),
                )
            };
            let (next, next_key) = (child.game.clone(), child.key);
            let result = self.expand(&next, next_key, depth + 1, child_max_pn, child_max_dn)?;
            children[best].last = Some(result);
        }
    }
}

/// Whether the player to move in `game` (which must not be over) wins with
/// best play: `Ok(true)` if so, `Ok(false)` if the opponent wins or it is
/// a draw. `table_bits`: 2^bits buckets of 64 bytes.
pub fn proves_win<G: Game>(
    game: &G,
    budget: u64,
    deadline: Option<Instant>,
    table_bits: u32,
) -> Result<(bool, u64), OutOfBudget> {
    proves_win_within(game, None, budget, deadline, table_bits)
}

/// [`proves_win`] within at most `turns` turns (plies) when given: whether
/// the player to move can force the game to end in their win by then.
/// Asked for each number of turns, it finds a won position's distance.
pub fn proves_win_within<G: Game>(
    game: &G,
    turns: Option<u32>,
    budget: u64,
    deadline: Option<Instant>,
    table_bits: u32,
) -> Result<(bool, u64), OutOfBudget> {
    proves_win_for(game, game.to_move(), turns, budget, deadline, table_bits)
}

/// [`proves_win_within`] for either side: whether `attacker` can force a
/// win in `game` within `turns` turns (plies), whoever is to move. A
/// finished game is won if `attacker` won it (in 0 turns).
pub fn proves_win_for<G: Game>(
    game: &G,
    attacker: Seat,
    turns: Option<u32>,
    budget: u64,
    deadline: Option<Instant>,
    table_bits: u32,
) -> Result<(bool, u64), OutOfBudget> {
    if let Some(outcome) = game.outcome() {
        return Ok((outcome.winner == Some(attacker), 0));
    }
    if turns == Some(0) {
        return Ok((false, 0));
    }
    let len = 1usize << table_bits;
    let mut buckets = Vec::with_capacity(len);
    advise_huge_pages(&buckets);
    buckets.resize(len, [EMPTY; 2]);
    let mut search = Search {
        buckets,
        attacker,
        limit: turns,
        nodes: 0,
        budget,
        deadline,
    };
    let key = search.key_at(game, 0);
    let numbers = search.expand(game, key, 0, INF, INF)?;
    Ok((numbers.pn == 0, search.nodes))
}
