//! Puzzles: the two provers agree on "a win within N?" for N up to the
//! puzzle limit, `examine` finds exactly the positions a plain minimax
//! calls puzzles (one winning first turn) and refuses those with two,
//! the defence loses slowest, and answers are checked as turns.

use cairn_ai::pns;
use cairn_ai::puzzle::{
    defence_any, examine, examine_any, keeps_win_within_any, verify_any, Found, PuzzleBudget,
    PuzzleError, MAX_DISTANCE,
};
use cairn_ai::solver::{self, Verdict};
use cairn_rules::{AnyGame, Game, Options, Seat, SplitRng};

const BUDGET: PuzzleBudget = PuzzleBudget {
    nodes: 2_000_000,
    deadline: None,
};

/// Whether `seat` forces a win within `turns` turns, by plain minimax.
fn brute_wins_within<G: Game>(game: &G, seat: Seat, turns: u32) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome.winner == Some(seat);
    }
    if turns == 0 {
        return false;
    }
    let mut children = game.legal_turns().into_iter().map(|turn| {
        let mut next = game.clone();
        next.apply(&turn);
        brute_wins_within(&next, seat, turns - 1)
    });
    if game.to_move() == seat {
        children.any(|won| won)
    } else {
        children.all(|won| won)
    }
}

/// The first turns that win within `turns` in all, by plain minimax.
fn brute_winning_turns<G: Game>(game: &G, turns: u32) -> Vec<String> {
    let me = game.to_move();
    game.legal_turns()
        .into_iter()
        .filter(|turn| {
            let mut next = game.clone();
            next.apply(turn);
            brute_wins_within(&next, me, turns - 1)
        })
        .map(|turn| turn.to_string())
        .collect()
}

fn random_position<G: Game>(start: &G, turns: usize, rng: &mut SplitRng) -> Option<G> {
    let mut game = start.clone();
    for _ in 0..turns {
        let turn = game.random_turn(rng)?;
        game.apply(&turn);
    }
    game.outcome().is_none().then_some(game)
}

fn late_position<G: Game>(start: &G, rng: &mut SplitRng) -> Option<G> {
    let mut line = vec![start.clone()];
    let mut game = start.clone();
    while game.outcome().is_none() && line.len() < 600 {
        let turn = game.random_turn(rng)?;
        game.apply(&turn);
        line.push(game.clone());
    }
    let back = 2 + rng.below(8);
    let game = line.get(line.len().checked_sub(back)?)?.clone();
    game.outcome().is_none().then_some(game)
}

fn start<G: Game>() -> G {
    G::new(&Options::default()).expect("default options")
}

/// Both provers answer "a win within n?" alike for n in 1..=7, and as the
/// solver's verdict says. Returns how many positions were compared.
fn provers_agree_on<G: Game>(wanted: usize, early: Option<(usize, usize)>) -> usize {
    let begin = start::<G>();
    let mut rng = SplitRng::new(G::KIND as u64 + 5);
    let mut compared = 0;
    let tries = if early.is_some() { 20 } else { 4 } * wanted;
    for _ in 0..tries {
        if compared == wanted {
            break;
        }
        let position = match early {
            Some((low, high)) => random_position(&begin, low + rng.below(high - low), &mut rng),
            None => late_position(&begin, &mut rng),
        };
        let Some(game) = position else { continue };
        if game.count_turns() > 150 {
            continue;
        }
        let Ok(solution) = solver::solve(&game, 40_000, None) else {
            continue;
        };
        for n in 1..=MAX_DISTANCE {
            let expected = matches!(solution.verdict, Verdict::Win(d) if d <= n);
            let (alpha_beta, _) =
                solver::wins_within(&game, n, u64::MAX, None, 14).expect("no limit");
            let (df_pn, _) =
                pns::proves_win_within(&game, Some(n), u64::MAX, None, 14).expect("no limit");
            assert_eq!(alpha_beta, expected, "alpha-beta, within {n} of {game:?}");
            assert_eq!(df_pn, expected, "df-pn, within {n} of {game:?}");
        }
        compared += 1;
    }
    compared
}

#[test]
fn the_provers_agree_on_a_thousand_positions() {
    use cairn_rules::{alquad::Alquad, alquerque::Alquerque, callanish::Callanish};
    use cairn_rules::{collapse::Collapse, fanorona::Fanorona, floaters::Floaters, sight::Sight};
    let mut compared = 0;
    // Late positions of the other games (those of Callanish are seldom
    // small enough), then the small games make up the thousand.
    compared += provers_agree_on::<Alquerque>(20, None);
    compared += provers_agree_on::<Fanorona>(20, None);
    compared += provers_agree_on::<Floaters>(20, None);
    compared += provers_agree_on::<Callanish>(5, None);
    compared += provers_agree_on::<Sight>(300, Some((8, 20)));
    compared += provers_agree_on::<Collapse>(300, Some((4, 16)));
    compared += provers_agree_on::<Alquad>(1000 - compared, Some((6, 20)));
    assert_eq!(compared, 1000);
}

/// Late Sight positions (at most 9 empty points: plain minimax is quick).
fn late_sight_positions(count: usize) -> Vec<cairn_rules::sight::Sight> {
    let begin = start::<cairn_rules::sight::Sight>();
    let mut rng = SplitRng::new(17);
    (0..count * 4)
        .filter_map(|_| random_position(&begin, 16 + rng.below(5), &mut rng))
        .take(count)
        .collect()
}

/// The shortest win of the player to move within the limit, by minimax.
fn brute_distance<G: Game>(game: &G) -> Option<u32> {
    (1..=MAX_DISTANCE).find(|&d| brute_wins_within(game, game.to_move(), d))
}

#[test]
fn examine_finds_exactly_the_puzzles_minimax_finds() {
    let (mut puzzles, mut doubles) = (0, 0);
    for game in late_sight_positions(120) {
        let found = examine(&game, &BUDGET).expect("small positions");
        // A forced turn is no puzzle.
        let choice = game.count_turns() >= 2;
        let expected = brute_distance(&game).filter(|_| choice).and_then(|d| {
            match brute_winning_turns(&game, d).as_slice() {
                [only] => Some(Found {
                    distance: d,
                    solution: only.clone(),
                }),
                _ => None,
            }
        });
        assert_eq!(found, expected, "{game:?}");
        if let Some(d) = brute_distance(&game) {
            match brute_winning_turns(&game, d).len() {
                1 => puzzles += 1,
                _ => doubles += 1,
            }
        }
    }
    assert!(puzzles > 0, "no puzzle among the positions");
    assert!(doubles > 0, "no position with two winning first turns");
}

/// The first late Sight position that plain minimax calls a puzzle (one
/// winning first turn at the shortest distance, at least 3), with that
/// puzzle.
fn minimax_puzzle() -> (AnyGame, Found) {
    for game in late_sight_positions(200) {
        let Some(distance) = brute_distance(&game).filter(|&d| d >= 3) else {
            continue;
        };
        if game.count_turns() < 2 {
            continue;
        }
        if let [only] = brute_winning_turns(&game, distance).as_slice() {
            let found = Found {
                distance,
                solution: only.clone(),
            };
            return (AnyGame::Sight(game), found);
        }
    }
    panic!("no puzzle of 3 turns or more among the positions");
}

#[test]
fn a_puzzle_is_verified_and_its_answers_checked() {
    let (game, found) = minimax_puzzle();
    assert_eq!(
        examine_any(&game, &BUDGET).expect("small"),
        Some(found.clone())
    );
    assert!(verify_any(&game, &found, &BUDGET).expect("small"));
    let wrong = Found {
        distance: found.distance + 2,
        ..found.clone()
    };
    assert!(!verify_any(&game, &wrong, &BUDGET).expect("small"));
    // The solution keeps the win within the distance; any other turn
    // does not; a turn that is not legal is refused.
    let keeps = |turn: &str, turns| keeps_win_within_any(&game, turn, turns, &BUDGET);
    assert!(keeps(&found.solution, found.distance).expect("small"));
    assert!(!keeps(&found.solution, found.distance - 1).expect("small"));
    for other in game.legal_strings() {
        if other != found.solution {
            assert!(!keeps(&other, found.distance).expect("small"), "{other}");
        }
    }
    assert!(matches!(keeps("zz99", 3), Err(PuzzleError::Turn { .. })));
}

#[test]
fn the_defence_loses_slowest() {
    let mut lost = 0;
    for game in late_sight_positions(60) {
        let Ok(solution) = solver::solve(&game, u64::MAX, None) else {
            continue;
        };
        let Verdict::Loss(n) = solution.verdict else {
            continue;
        };
        let any = AnyGame::Sight(game.clone());
        let defence = defence_any(&any, &BUDGET).expect("small").expect("a turn");
        // No turn loses later than the defence, which loses in exactly n.
        let me = game.to_move();
        let lasts = |turn: &str| {
            let mut next = game.clone();
            next.play(&next.parse_turn(turn).expect("legal"))
                .expect("legal");
            (0..=n)
                .find(|&d| brute_wins_within(&next, me.other(), d))
                .map_or(u32::MAX, |d| d + 1)
        };
        assert_eq!(lasts(&defence), n, "{game:?}");
        for other in any.legal_strings() {
            assert!(lasts(&other) <= n, "{other} in {game:?}");
        }
        lost += 1;
    }
    assert!(lost > 0, "no lost position");
}
