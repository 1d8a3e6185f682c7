//! What Alquad tells an exact solver: the placements it may leave
//! unsearched without changing a position's value, the rest in a
//! promising order, and a key shared by the 8 symmetric images of a
//! position.
//!
//! The pruning rests on the reply rule. When the opponent could complete
//! a square of area A at a point q, a placement elsewhere that neither
//! checks nor prepares a reply larger than A lets them check at q, and
//! whatever the mover replies then loses: the placement loses in exactly
//! three turns (when both sides still have a piece and a point to place
//! it on). All such placements share that value, so one of them stands
//! for all, and the solver's value of the position stays exact.

use super::{bits, squares, Alquad, AlquadTurn, Phase, PointBoard, Side, Square, ALL, POINTS};
use crate::Seat;

/// Every square of the board once.
fn all_squares() -> &'static [Square] {
    static ALL_SQUARES: std::sync::OnceLock<Vec<Square>> = std::sync::OnceLock::new();
    ALL_SQUARES.get_or_init(|| {
        let mut all: Vec<Square> = squares().by_point.iter().flatten().copied().collect();
        all.sort_by_key(|s| s.mask);
        all.dedup();
        all
    })
}

/// The 8 images of a set of points.
fn images_of(set: u32) -> [u32; 8] {
    let mut out = [0u32; 8];
    for p in bits(set as u64) {
        for (image, &q) in out.iter_mut().zip(&PointBoard::five_by_five_images()[p]) {
            *image |= 1 << q;
        }
    }
    out
}

/// A key equal for positions that are images of each other under a
/// symmetry of the board: the pieces by colour, the phase, the seat and
/// the colour to move, and a standing check (the hands follow from the
/// pieces on the board). The seat stays in the key although the position
/// plays alike for its mover either way: the proof-number search keeps
/// its numbers for one seat. The smallest exact encoding over the
/// symmetries is mixed (a bijection), so positions that differ otherwise
/// never share a key. Never 0.
pub(super) fn symmetric_key(game: &Alquad) -> u64 {
    let colour = match game.phase {
        Phase::Play => game.side_of(game.to_move).index() as u64,
        Phase::Setup | Phase::Choose => 0,
    };
    let seat = u64::from(game.to_move == Seat::Second);
    let phase = match game.phase {
        Phase::Setup => 0u64,
        Phase::Choose => 1,
        Phase::Play => 2,
    };
    let check = game.check.map_or(0, |(_, area)| u64::from(area));
    let rest = (phase | seat << 2 | colour << 3 | check << 4) << 50;
    let white = images_of(game.pieces[0]);
    let black = images_of(game.pieces[1]);
    let smallest = white
        .iter()
        .zip(&black)
        .map(|(&w, &b)| u64::from(w) | u64::from(b) << 25)
        .min()
        .unwrap_or(0);
    mix(smallest | rest).max(1)
}

/// SplitMix64's finaliser: a bijection that spreads every input bit over
/// the low bits the transposition table indexes by.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The turns an exact solver has to search, most promising first (see the
/// module comment). Outside the placements, every legal turn.
pub(super) fn solver_turns(game: &Alquad, out: &mut Vec<AlquadTurn>) {
    if game.phase != Phase::Play || game.check.is_some() || game.outcome.is_some() {
        game.each_turn(|turn| out.push(turn));
        return;
    }
    let side = game.side_of(game.to_move);
    if !game.can_place(side) {
        return;
    }
    let board = Board::of(game, side);
    let mut scored: Vec<(i32, u8)> = Vec::with_capacity(POINTS);
    let mut stand_in = None;
    for m in bits(board.empty as u64) {
        match board.score(m, game.hand[side.index()]) {
            Some(score) => scored.push((score, m as u8)),
            None => stand_in = stand_in.or(Some(m as u8)),
        }
    }
    scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
    out.extend(scored.iter().map(|&(_, m)| AlquadTurn::Place(m)));
    out.extend(stand_in.map(AlquadTurn::Place));
}

/// A placement position seen from the mover.
struct Board {
    own: u32,
    theirs: u32,
    empty: u32,
    /// Whether the opponent has a piece to check with.
    they_can_place: bool,
    /// The largest area the opponent completes at each point, 0 for none.
    threat: [u8; POINTS],
    /// Whether any point has a threat.
    threatened: bool,
}

impl Board {
    fn of(game: &Alquad, side: Side) -> Board {
        let own = game.pieces[side.index()];
        let theirs = game.pieces[side.other().index()];
        let empty = ALL & !(own | theirs);
        let mut threat = [0u8; POINTS];
        let mut threatened = false;
        for square in all_squares() {
            let missing = square.mask & !theirs;
            if missing.count_ones() == 1 && missing & empty != 0 {
                let q = missing.trailing_zeros() as usize;
                threat[q] = threat[q].max(square.area);
                threatened = true;
            }
        }
        Board {
            own,
            theirs,
            empty,
            they_can_place: game.hand[side.other().index()] > 0,
            threat,
            threatened,
        }
    }

    /// How promising placing at `m` looks, or `None` when it loses in
    /// exactly three turns to a check it cannot answer (prunable).
    fn score(&self, m: usize, hand: u8) -> Option<i32> {
        let own = self.own | 1 << m;
        let mut check = 0u8;
        let mut score = 0i32;
        // The mover's largest reply after m, at two different points, for
        // when the opponent's check takes one of them.
        let mut replies = [(0u8, usize::MAX); 2];
        for square in all_squares() {
            let mine = (square.mask & own).count_ones();
            let blocked = square.mask & self.theirs != 0;
            if square.mask & own == square.mask && square.mask & 1 << m != 0 {
                check = check.max(square.area);
            }
            if !blocked && mine == 3 {
                let r = (square.mask & !own).trailing_zeros() as usize;
                note_reply(&mut replies, square.area, r);
            }
            if square.mask & 1 << m != 0 {
                let theirs = (square.mask & self.theirs).count_ones();
                score += match (mine, theirs) {
                    (_, 0) => 1 << (2 * mine),
                    (1, t) => 1 << (2 * t - 1),
                    _ => 0,
                };
            }
        }
        if check > 0 {
            return Some(1_000_000 + i32::from(check));
        }
        if self.loses_in_three(m, hand, &replies) {
            return None;
        }
        // Blocking a check comes before building.
        let block = i32::from(self.threat[m]) * 1_000;
        Some(block + score)
    }

    /// Whether, after the mover places at `m` (no check), the opponent
    /// checks somewhere the mover cannot outdo, with the game still going
    /// on to the mover's reply: a loss in exactly three turns.
    fn loses_in_three(&self, m: usize, hand: u8, replies: &[(u8, usize); 2]) -> bool {
        // After m and the check, the mover must still be able to place
        // (else the check wins at once, in two turns).
        let empties_left = self.empty.count_ones() >= 3;
        if !self.threatened || !self.they_can_place || hand < 2 || !empties_left {
            return false;
        }
        (0..POINTS).any(|q| {
            let area = self.threat[q];
            let reply = if replies[0].1 == q {
                replies[1].0
            } else {
                replies[0].0
            };
            area > 0 && q != m && reply <= area
        })
    }
}

/// Keep the largest reply area at each of two different points.
fn note_reply(replies: &mut [(u8, usize); 2], area: u8, point: usize) {
    if point == replies[0].1 {
        replies[0].0 = replies[0].0.max(area);
    } else if area > replies[0].0 {
        replies[1] = replies[0];
        replies[0] = (area, point);
    } else if point == replies[1].1 || area > replies[1].0 {
        if point == replies[1].1 {
            replies[1].0 = replies[1].0.max(area);
        } else {
            replies[1] = (area, point);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::{Game, Options, SplitRng};

    fn start() -> Alquad {
        Alquad::new(&Options::default()).expect("defaults")
    }

    /// A position `turns` random turns in, if the game still goes on.
    fn random_position(turns: usize, rng: &mut SplitRng) -> Option<Alquad> {
        let mut game = start();
        for _ in 0..turns {
            let turn = game.random_turn(rng)?;
            game.apply(&turn);
        }
        game.outcome().is_none().then_some(game)
    }

    /// The same position with every piece moved by symmetry `s`.
    fn image(game: &Alquad, s: usize) -> Alquad {
        let mut out = game.clone();
        for side in 0..2 {
            out.pieces[side] = images_of(game.pieces[side])[s];
        }
        out
    }

    /// Plain negamax over every legal turn: 100 - d for a win in d turns,
    /// d - 100 for a loss in d, 0 for a draw.
    fn exact(game: &Alquad, memo: &mut HashMap<Alquad, i32>) -> i32 {
        if let Some(&v) = memo.get(game) {
            return v;
        }
        let me = game.to_move();
        let mut best = i32::MIN;
        for turn in game.legal_turns() {
            let mut next = game.clone();
            next.apply(&turn);
            let value = match next.outcome() {
                Some(outcome) => match outcome.winner {
                    None => 0,
                    Some(w) if w == me => 99,
                    Some(_) => -99,
                },
                None => {
                    let v = exact(&next, memo);
                    let v = if next.to_move() == me { v } else { -v };
                    v - v.signum()
                }
            };
            best = best.max(value);
        }
        memo.insert(game.clone(), best);
        best
    }

    #[test]
    fn symmetric_images_share_a_key_and_other_positions_do_not() {
        let mut rng = SplitRng::new(3);
        let mut keys = HashMap::new();
        for _ in 0..400 {
            let turns = 2 + rng.below(10);
            let Some(game) = random_position(turns, &mut rng) else {
                continue;
            };
            let key = symmetric_key(&game);
            for s in 0..8 {
                assert_eq!(symmetric_key(&image(&game, s)), key, "{game:?}");
            }
            // Distinct positions up to symmetry (and seats) never share a key.
            let canonical = (0..8)
                .map(|s| image(&game, s).pieces)
                .min()
                .expect("8 images");
            let colour = (game.phase == Phase::Play).then(|| game.side_of(game.to_move));
            let mover = (game.to_move, colour);
            let class = (canonical, game.phase, mover, game.check.map(|c| c.1));
            assert_eq!(*keys.entry(key).or_insert(class), class, "{game:?}");
        }
        // The colour to move is part of the key.
        let mut game = random_position(6, &mut SplitRng::new(9)).expect("a game going on");
        let before = symmetric_key(&game);
        game.to_move = game.to_move.other();
        assert_ne!(symmetric_key(&game), before);
    }

    /// The solver's turns are legal turns, never none while one is legal,
    /// and the best of them is the best of all turns, distance and all.
    #[test]
    fn the_solver_turns_keep_every_positions_exact_value() {
        let mut rng = SplitRng::new(11);
        let (mut checked, mut pruned) = (0, 0);
        while checked < 300 {
            // At most 12 empty points: plain negamax is quick.
            let Some(game) = random_position(13 + rng.below(4), &mut rng) else {
                continue;
            };
            let mut memo = HashMap::new();
            let legal = game.legal_turns();
            let mut kept = Vec::new();
            solver_turns(&game, &mut kept);
            assert!(kept.iter().all(|t| legal.contains(t)), "{game:?}");
            assert_eq!(kept.is_empty(), legal.is_empty(), "{game:?}");
            if kept.len() < legal.len() {
                pruned += 1;
            }
            let best_of = |turns: &[AlquadTurn], memo: &mut HashMap<Alquad, i32>| {
                turns
                    .iter()
                    .map(|turn| {
                        let mut next = game.clone();
                        next.apply(turn);
                        match next.outcome() {
                            Some(o) if o.winner.is_none() => 0,
                            Some(o) if o.winner == Some(game.to_move()) => 99,
                            Some(_) => -99,
                            None => {
                                let v = exact(&next, memo);
                                let v = if next.to_move() == game.to_move() { v } else { -v };
                                v - v.signum()
                            }
                        }
                    })
                    .max()
            };
            assert_eq!(best_of(&kept, &mut memo), best_of(&legal, &mut memo), "{game:?}");
            checked += 1;
        }
        assert!(pruned > 30, "only {pruned} of {checked} positions were pruned");
    }
}
