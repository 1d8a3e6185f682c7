//! Alpha-beta (the top level's search in capture games) against a plain
//! minimax over the same scores: on random Alquerque positions it finds the
//! same value to the same depth, its turn reaches that value, and it
//! takes a capture chain that wins the game over a quiet turn. Late-move
//! reductions search far fewer positions and keep every forced result.

use cairn_ai::alphabeta::{search_to_depth, search_to_depth_exactly, Found};
use cairn_rules::alquerque::Alquerque;
use cairn_rules::callanish::Callanish;
use cairn_rules::{Game, Options, Outcome, Seat, SplitRng};

const WIN: i32 = 1_000_000;
const QUIESCENCE_PLIES: u32 = 8;
/// A draw's cost to the side searching.
const CONTEMPT: i32 = 50;
/// A piece on the board's worth to the side searching while level.
const KEEP_ON: i32 = 3;

fn basic() -> Alquerque {
    let options = Options::parse(&["rules=basic"]).expect("options");
    Alquerque::new(&options).expect("a basic game")
}

fn terminal(outcome: Outcome, me: Seat, ply: i32, root: Seat) -> i32 {
    match outcome.winner {
        None if me == root => -CONTEMPT,
        None => CONTEMPT,
        Some(w) if w == me => WIN - ply,
        Some(_) => -(WIN - ply),
    }
}

/// `game`'s worth for `me` after `ply` plies, whoever moves in it, when
/// `root` searches.
fn worth<G: Game>(game: &G, me: Seat, depth: u32, ply: i32, root: Seat) -> i32 {
    if let Some(outcome) = game.outcome() {
        return terminal(outcome, me, ply, root);
    }
    let score = minimax(game, depth, ply, root);
    if game.to_move() == me {
        score
    } else {
        -score
    }
}

/// Every child searched, no pruning, no table.
fn minimax<G: Game>(game: &G, depth: u32, ply: i32, root: Seat) -> i32 {
    if depth == 0 {
        return quiesce(game, ply, QUIESCENCE_PLIES, root);
    }
    let me = game.to_move();
    game.legal_turns()
        .iter()
        .map(|turn| {
            let mut next = game.clone();
            next.apply(turn);
            worth(&next, me, depth - 1, ply + 1, root)
        })
        .max()
        .expect("a game not over has a turn")
}

/// The estimate, or the best capture (a turn raising the mover's
/// material, or ending the game, among those the game calls noisy)
/// followed to its end.
fn quiesce<G: Game>(game: &G, ply: i32, left: u32, root: Seat) -> i32 {
    let estimate = game.estimate().expect("Alquerque estimates");
    let material = estimate.material;
    let keep_on = if material == 0 {
        KEEP_ON * estimate.at_stake
    } else {
        0
    };
    let standing = estimate.total()
        + if game.to_move() == root {
            keep_on
        } else {
            -keep_on
        };
    if left == 0 {
        return standing;
    }
    let me = game.to_move();
    let mut best = standing;
    let mut noisy = Vec::new();
    game.noisy_turns(&mut noisy);
    for turn in noisy {
        let mut next = game.clone();
        next.apply(&turn);
        let capture = match next.outcome() {
            Some(_) => true,
            None if next.to_move() == me => next.estimate().expect("estimate").material > material,
            None => -next.estimate().expect("estimate").material > material,
        };
        if capture {
            let score = match next.outcome() {
                Some(outcome) => terminal(outcome, me, ply + 1, root),
                None if next.to_move() == me => quiesce(&next, ply + 1, left - 1, root),
                None => -quiesce(&next, ply + 1, left - 1, root),
            };
            best = best.max(score);
        }
    }
    best
}

fn random_position(turns: usize, rng: &mut SplitRng) -> Option<Alquerque> {
    let mut game = basic();
    for _ in 0..turns {
        let turn = game.random_turn(rng)?;
        game.apply(&turn);
    }
    game.outcome().is_none().then_some(game)
}

/// The value the found turn reaches, by plain minimax below it.
fn value_of_turn(game: &Alquerque, found: &Found<<Alquerque as Game>::Turn>, depth: u32) -> i32 {
    let turn = found.best.as_ref().expect("a turn");
    let mut next = game.clone();
    next.apply(turn);
    worth(&next, game.to_move(), depth - 1, 1, game.to_move())
}

#[test]
fn alpha_beta_finds_minimax_values_and_turns_that_reach_them() {
    let mut rng = SplitRng::new(0xa1b2);
    let mut checked = 0;
    let mut captures_ahead = 0;
    while checked < 40 {
        let turns = 4 + rng.below(40);
        let Some(game) = random_position(turns, &mut rng) else {
            continue;
        };
        let depth = 1 + (checked % 2) as u32;
        let expected = minimax(&game, depth, 0, game.to_move());
        let found = search_to_depth_exactly(&game, depth);
        assert_eq!(found.depth, depth);
        if expected.abs() < WIN / 2 {
            assert_eq!(
                found.score, expected,
                "depth {depth} after {turns} turns: {game:?}"
            );
            assert_eq!(value_of_turn(&game, &found, depth), expected);
        } else {
            // A forced result: the same side wins (the distance may
            // differ through the table), and the turn keeps it.
            assert_eq!(found.score.signum(), expected.signum(), "{game:?}");
            assert_eq!(
                value_of_turn(&game, &found, depth).signum(),
                expected.signum()
            );
        }
        if expected != quiesce(&game, 0, 0, game.to_move()) {
            captures_ahead += 1;
        }
        checked += 1;
    }
    // The positions were not all quiet: captures changed the values.
    assert!(
        captures_ahead >= 10,
        "only {captures_ahead} positions had captures ahead"
    );
}

#[test]
fn a_chain_taking_the_last_pieces_is_played_at_once() {
    // The first random position found where a turn wins on the spot
    // (a chain taking the last pieces, or a capture ending a stalled game
    // ahead): the search plays such a turn and scores it a win in one.
    let mut rng = SplitRng::new(9);
    for _ in 0..2_000 {
        let Some(game) = random_position(30 + rng.below(60), &mut rng) else {
            continue;
        };
        let me = game.to_move();
        let winning: Vec<_> = game
            .legal_turns()
            .into_iter()
            .filter(|turn| {
                let mut next = game.clone();
                next.apply(turn);
                next.outcome().is_some_and(|o| o.winner == Some(me))
            })
            .collect();
        if winning.is_empty() {
            continue;
        }
        let found = search_to_depth(&game, 2);
        let turn = found.best.expect("a turn");
        assert!(
            winning.contains(&turn),
            "{turn} does not win at once in {game:?}"
        );
        assert_eq!(found.score, WIN - 1);
        return;
    }
    panic!("no random game reached a winning capture");
}

#[test]
fn late_move_reductions_search_fewer_positions_and_keep_forced_results() {
    // The same random positions searched 4 turns deep with late quiet
    // turns reduced and without: the reduced search visits well under
    // two thirds of the positions, and wherever the full search proves a
    // win or a loss, the reduced one proves the same.
    let mut rng = SplitRng::new(0x1a7e);
    let (mut reduced_nodes, mut full_nodes, mut searched, mut decided) = (0, 0, 0, 0);
    for _ in 0..5_000 {
        if searched >= 24 && decided >= 4 {
            break;
        }
        let Some(game) = random_position(30 + rng.below(120), &mut rng) else {
            continue;
        };
        let reduced = search_to_depth(&game, 4);
        let full = search_to_depth_exactly(&game, 4);
        if full.decided() {
            decided += 1;
            assert!(reduced.decided(), "{game:?}");
            assert_eq!(reduced.score.signum(), full.score.signum(), "{game:?}");
        }
        reduced_nodes += reduced.nodes;
        full_nodes += full.nodes;
        searched += 1;
    }
    assert!(
        3 * reduced_nodes < 2 * full_nodes,
        "reduced {reduced_nodes} positions, full {full_nodes}"
    );
    // Not a vacuous check of forced results.
    assert!(decided >= 4, "only {decided} positions had a forced result");
}

#[test]
fn positions_with_many_turns_are_searched_in_full() {
    // Callanish has far more than 40 turns a position, where an order at a
    // glance is too rough to reduce by: the search with reductions visits
    // exactly the positions the exact one does, and agrees with it.
    let options = Options::default();
    let mut rng = SplitRng::new(3);
    let mut game = Callanish::new(&options).expect("a Callanish game");
    for _ in 0..10 {
        let turn = game.random_turn(&mut rng).expect("a turn");
        game.apply(&turn);
    }
    assert!(game.legal_turns().len() > 40);
    let reduced = search_to_depth(&game, 3);
    let exact = search_to_depth_exactly(&game, 3);
    assert_eq!(reduced.nodes, exact.nodes);
    assert_eq!(reduced.score, exact.score);
    assert_eq!(reduced.best, exact.best);
}
