//! Pairing, pure and deterministic: the same entrants and results give
//! the same pairings in every process.
//!
//! - Round robin: the circle method (one entrant fixed, the others
//!   turning around it), sides alternated so that no entrant moves first
//!   more than once more than second; `double` plays the cycle again with
//!   sides swapped. An odd field adds an empty seat: whoever meets it sits
//!   the round out.
//! - Swiss: entrants ranked by points (then by entry), paired from the top
//!   within their score group, the closest group first when one is odd; a
//!   pair never meets twice while another pairing exists (a depth-first
//!   search over the candidates, closest score first); sides alternated
//!   where possible; the bye to the lowest ranked entrant who has had none.

use cairn_store::tournament::{Pairing, Round};

/// A game of a round: entrants by index, `first` moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    pub first: usize,
    pub second: usize,
}

impl Pair {
    pub fn pairing(self) -> Pairing {
        Pairing {
            first: self.first,
            second: self.second,
            created: false,
            score: None,
            forfeit: false,
            moved_to: None,
            claimed_until: None,
        }
    }
}

/// Round `round` (from 0) of a round robin of `n` entrants: its pairs and
/// who sits out (odd `n`). Rounds past the first cycle (`double`) swap
/// sides.
pub fn round_robin_round(n: usize, round: usize) -> (Vec<Pair>, Option<usize>) {
    let m = n + n % 2;
    if m < 2 {
        return (Vec::new(), None);
    }
    let cycle = m - 1;
    let (r, swap) = (round % cycle, (round / cycle) % 2 == 1);
    let fixed = m - 1;
    let mut pairs = Vec::new();
    let mut bye = None;
    // The fixed seat meets `r`, with sides alternating by round.
    let mut seats = vec![if r % 2 == 0 { (r, fixed) } else { (fixed, r) }];
    for i in 1..m / 2 {
        let a = (r + i) % cycle;
        let b = (r + cycle - i) % cycle;
        seats.push(if i % 2 == 1 { (b, a) } else { (a, b) });
    }
    for (a, b) in seats {
        let (a, b) = if swap { (b, a) } else { (a, b) };
        if a >= n {
            bye = Some(b);
        } else if b >= n {
            bye = Some(a);
        } else {
            pairs.push(Pair {
                first: a,
                second: b,
            });
        }
    }
    (pairs, bye)
}

/// How many rounds a round robin of `n` entrants has.
pub fn round_robin_rounds(n: usize, double: bool) -> usize {
    let cycle = (n + n % 2).saturating_sub(1);
    if double {
        2 * cycle
    } else {
        cycle
    }
}

/// The rounds a Swiss needs to find a winner among `n`: log2, rounded up.
pub fn swiss_default_rounds(n: usize) -> u8 {
    let mut rounds = 0u8;
    while (1usize << rounds) < n.max(2) {
        rounds += 1;
    }
    rounds
}

/// What a Swiss pairing knows of each entrant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// Points, in half points.
    pub half_points: u32,
    /// Opponents met (with repeats).
    pub met: Vec<usize>,
    /// Sides played, `true` for first, in order.
    pub firsts: Vec<bool>,
    pub had_bye: bool,
    /// Out of the event (left): not paired.
    pub out: bool,
}

impl History {
    /// Each entrant's history from the rounds played (results of games
    /// still running count as nothing yet).
    pub fn of(n: usize, rounds: &[Round]) -> Vec<History> {
        let mut all = vec![History::default(); n];
        for round in rounds {
            if let Some(bye) = round.bye.filter(|&b| b < n) {
                all[bye].had_bye = true;
                all[bye].half_points += 2;
            }
            for p in &round.pairings {
                if p.first >= n || p.second >= n {
                    continue;
                }
                all[p.first].met.push(p.second);
                all[p.second].met.push(p.first);
                if !p.forfeit {
                    all[p.first].firsts.push(true);
                    all[p.second].firsts.push(false);
                }
                let (a, b) = match p.score {
                    Some(cairn_store::tournament::Score::FirstWins) => (2, 0),
                    Some(cairn_store::tournament::Score::SecondWins) => (0, 2),
                    Some(cairn_store::tournament::Score::Draw) => (1, 1),
                    None => (0, 0),
                };
                all[p.first].half_points += a;
                all[p.second].half_points += b;
            }
        }
        all
    }

    /// Firsts minus seconds.
    fn balance(&self) -> i32 {
        self.firsts
            .iter()
            .map(|&f| if f { 1 } else { -1 })
            .sum::<i32>()
    }

    /// How much this entrant wants to move first (negative: second):
    /// 3 after two firsts or seconds in a row, else 2 for balance, 1 to
    /// alternate.
    fn wants_first(&self) -> i32 {
        let last_two = self.firsts.iter().rev().take(2).collect::<Vec<_>>();
        if last_two.len() == 2 && last_two[0] == last_two[1] {
            return if *last_two[0] { -3 } else { 3 };
        }
        let balance = self.balance();
        if balance != 0 {
            return -2 * balance.signum();
        }
        match self.firsts.last() {
            Some(true) => -1,
            Some(false) => 1,
            None => 0,
        }
    }
}

/// Which of `a` and `b` (ranked `a` above `b`) moves first.
fn sides(a: usize, b: usize, history: &[History]) -> Pair {
    let (wa, wb) = (history[a].wants_first(), history[b].wants_first());
    let a_first = if wa != wb {
        wa > wb
    } else if wa == 0 {
        // Neither has played: the higher ranked alternates by its rank.
        a.is_multiple_of(2)
    } else {
        // Both want the same: the higher ranked gets it.
        wa > 0
    };
    if a_first {
        Pair {
            first: a,
            second: b,
        }
    } else {
        Pair {
            first: b,
            second: a,
        }
    }
}

/// The pairings of the next Swiss round and its bye.
pub fn swiss_round(history: &[History]) -> (Vec<Pair>, Option<usize>) {
    // Ranked: points, then entry order.
    let mut ranked: Vec<usize> = (0..history.len()).filter(|&i| !history[i].out).collect();
    ranked.sort_by_key(|&i| (std::cmp::Reverse(history[i].half_points), i));
    if ranked.len().is_multiple_of(2) {
        if let Some(pairs) = pair_all(&ranked, history, false) {
            return (pairs, None);
        }
        let pairs = pair_all(&ranked, history, true).unwrap_or_default();
        return (pairs, None);
    }
    // The bye: the lowest ranked without one whose absence still lets the
    // others meet without repeats.
    let candidates: Vec<usize> = ranked
        .iter()
        .rev()
        .copied()
        .filter(|&i| !history[i].had_bye)
        .collect();
    for &bye in &candidates {
        let rest: Vec<usize> = ranked.iter().copied().filter(|&i| i != bye).collect();
        if let Some(pairs) = pair_all(&rest, history, false) {
            return (pairs, Some(bye));
        }
    }
    let bye = candidates.first().copied().or(ranked.last().copied());
    let rest: Vec<usize> = ranked.iter().copied().filter(|&i| Some(i) != bye).collect();
    (pair_all(&rest, history, true).unwrap_or_default(), bye)
}

/// How many steps the search may take before it settles for repeats.
const SEARCH_BUDGET: usize = 200_000;

/// Pair `ranked` (best first) completely, or `None` if no pairing without
/// a repeat was found (`repeats`: allow them).
fn pair_all(ranked: &[usize], history: &[History], repeats: bool) -> Option<Vec<Pair>> {
    let mut used = vec![false; ranked.len()];
    let mut chosen = Vec::with_capacity(ranked.len() / 2);
    let mut budget = SEARCH_BUDGET;
    search(
        ranked,
        history,
        repeats,
        &mut used,
        &mut chosen,
        &mut budget,
    )
    .then(|| {
        chosen
            .iter()
            .map(|&(a, b)| sides(ranked[a], ranked[b], history))
            .collect()
    })
}

fn search(
    ranked: &[usize],
    history: &[History],
    repeats: bool,
    used: &mut [bool],
    chosen: &mut Vec<(usize, usize)>,
    budget: &mut usize,
) -> bool {
    let Some(top) = used.iter().position(|u| !u) else {
        return true;
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    used[top] = true;
    for other in candidates(top, ranked, history, used) {
        let met = history[ranked[top]].met.contains(&ranked[other]);
        if met && !repeats {
            continue;
        }
        used[other] = true;
        chosen.push((top, other));
        if search(ranked, history, repeats, used, chosen, budget) {
            return true;
        }
        chosen.pop();
        used[other] = false;
    }
    used[top] = false;
    false
}

/// The opponents to try for the top unpaired entrant, best first: the
/// nearest score, then the one whose side preference fits, then rank.
fn candidates(top: usize, ranked: &[usize], history: &[History], used: &[bool]) -> Vec<usize> {
    let me = &history[ranked[top]];
    let mut list: Vec<usize> = (top + 1..ranked.len()).filter(|&j| !used[j]).collect();
    list.sort_by_key(|&j| {
        let them = &history[ranked[j]];
        let gap = me.half_points.abs_diff(them.half_points);
        let clash = (me.wants_first().signum() * them.wants_first().signum() > 0) as u8;
        (gap, clash, j)
    });
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn round_robin_meets_everyone_once_with_balanced_sides() {
        for n in 3..=16 {
            let mut met = HashSet::new();
            let mut firsts = vec![0i32; n];
            for round in 0..round_robin_rounds(n, false) {
                let (pairs, bye) = round_robin_round(n, round);
                assert_eq!(bye.is_some(), n % 2 == 1);
                for p in pairs {
                    let key = (p.first.min(p.second), p.first.max(p.second));
                    assert!(met.insert(key), "{n}: {key:?} twice");
                    firsts[p.first] += 1;
                    firsts[p.second] -= 1;
                }
            }
            assert_eq!(met.len(), n * (n - 1) / 2);
            assert!(firsts.iter().all(|f| f.abs() <= 1), "{n}: {firsts:?}");
        }
    }

    #[test]
    fn a_double_round_robin_swaps_sides() {
        let n = 5;
        let mut games = std::collections::HashMap::new();
        for round in 0..round_robin_rounds(n, true) {
            for p in round_robin_round(n, round).0 {
                *games.entry((p.first, p.second)).or_insert(0) += 1;
            }
        }
        assert_eq!(games.len(), n * (n - 1));
        assert!(games.values().all(|&c| c == 1));
    }

    #[test]
    fn default_swiss_rounds() {
        assert_eq!(swiss_default_rounds(2), 1);
        assert_eq!(swiss_default_rounds(8), 3);
        assert_eq!(swiss_default_rounds(9), 4);
        assert_eq!(swiss_default_rounds(64), 6);
    }

    #[test]
    fn swiss_first_round_pairs_everyone_and_gives_one_bye() {
        let history = vec![History::default(); 7];
        let (pairs, bye) = swiss_round(&history);
        assert_eq!(pairs.len(), 3);
        assert_eq!(bye, Some(6));
    }

    /// A 64-player, 6-round Swiss (and 63 players, for byes) with random
    /// results: no pair twice, no second bye, pairs within score groups
    /// (at most one entrant floats down from a group, unless the group's
    /// floaters had all met each other already).
    #[test]
    fn a_64_player_swiss_never_repeats_and_pairs_within_groups() {
        for (n, seed) in [(64usize, 1u64), (64, 7), (63, 3), (17, 11)] {
            let mut state = seed;
            let mut random = move || {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                state >> 33
            };
            let mut rounds: Vec<Round> = Vec::new();
            let mut slowest = std::time::Duration::ZERO;
            for _ in 0..swiss_default_rounds(n) {
                let history = History::of(n, &rounds);
                let started = std::time::Instant::now();
                let (pairs, bye) = swiss_round(&history);
                slowest = slowest.max(started.elapsed());
                assert_eq!(pairs.len(), n / 2);
                if let Some(bye) = bye {
                    assert!(!history[bye].had_bye, "a second bye for {bye}");
                }
                let mut floaters: std::collections::HashMap<u32, Vec<usize>> = Default::default();
                for p in &pairs {
                    assert!(!history[p.first].met.contains(&p.second), "a repeat");
                    let (hf, hs) = (history[p.first].half_points, history[p.second].half_points);
                    if hf != hs {
                        let high = if hf > hs { p.first } else { p.second };
                        floaters.entry(hf.max(hs)).or_default().push(high);
                    }
                }
                for (_, down) in floaters {
                    for (i, &a) in down.iter().enumerate() {
                        for &b in &down[i + 1..] {
                            assert!(
                                history[a].met.contains(&b),
                                "{a} and {b} floated down from one group without having met"
                            );
                        }
                    }
                }
                let pairings = pairs
                    .into_iter()
                    .map(|p| {
                        let mut pairing = p.pairing();
                        pairing.score = Some(match random() % 5 {
                            0 => cairn_store::tournament::Score::Draw,
                            1 | 2 => cairn_store::tournament::Score::FirstWins,
                            _ => cairn_store::tournament::Score::SecondWins,
                        });
                        pairing
                    })
                    .collect();
                rounds.push(Round { pairings, bye });
            }
            eprintln!("{n} players: slowest round paired in {slowest:?}");
        }
    }
}
