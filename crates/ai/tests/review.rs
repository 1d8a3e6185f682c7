//! Post-game review: the values it proves agree with the solver run on each
//! position alone, it marks exactly the turns that worsen their mover's
//! result, small games are proven whole, and illegal turns are refused.

use std::time::{Duration, Instant};

use cairn_ai::review::{review, review_any, ReviewBudget, ReviewError, Value};
use cairn_ai::solver;
use cairn_ai::{choose_with, Player};
use cairn_rules::{AnyGame, Game, GameKind, Options, SplitRng};

/// A game from the start: random turns (blunders among them) and, every
/// third turn, a quick search's.
fn fixture<G: Game>(start: &G, seed: u64) -> Vec<G::Turn> {
    let mut rng = SplitRng::new(seed);
    let mut game = start.clone();
    let mut turns = Vec::new();
    while game.outcome().is_none() {
        let turn = if turns.len() % 3 == 2 {
            let deadline = Instant::now() + Duration::from_secs(5);
            let choice = choose_with(&game, Player::Mcts(200), deadline, seed).expect("a turn");
            game.parse_turn(&choice.turn)
                .expect("the search plays legal turns")
        } else {
            game.random_turn(&mut rng).expect("a turn")
        };
        game.apply(&turn);
        turns.push(turn);
    }
    turns
}

/// The value of every position by the solver alone, one position at a time.
fn solved_alone<G: Game>(start: &G, turns: &[G::Turn]) -> Vec<Value> {
    let mut game = start.clone();
    let mut values = Vec::new();
    for i in 0..=turns.len() {
        values.push(match game.outcome() {
            Some(outcome) => Value {
                winner: outcome.winner,
                distance: 0,
            },
            None => {
                let solution = solver::solve(&game, u64::MAX, None).expect("no limit");
                Value::of(solution.verdict, game.to_move())
            }
        });
        if let Some(turn) = turns.get(i) {
            game.apply(turn);
        }
    }
    values
}

/// The position after `turns` random turns from the start: the empty Sight
/// board is beyond the solver's reach (more than 20 s), the positions a
/// few turns in are not.
fn advanced<G: Game>(turns: usize, seed: u64) -> G {
    let mut game = G::new(&Options::default()).expect("default options");
    let mut rng = SplitRng::new(seed + 100);
    for _ in 0..turns {
        let turn = game.random_turn(&mut rng).expect("a turn");
        game.apply(&turn);
    }
    game
}

/// Enough to prove every position of the fixtures.
const PATIENT: ReviewBudget = ReviewBudget {
    per_position: Duration::from_secs(30),
    per_game: Duration::from_secs(120),
};

#[test]
fn the_review_marks_exactly_the_turns_that_change_the_result() {
    let mut turnings_seen = 0;
    for seed in 0..3 {
        let start = advanced::<cairn_rules::sight::Sight>(6, seed);
        let turns = fixture(&start, seed);
        let reviewed = review(&start, &turns, &PATIENT);
        let alone = solved_alone(&start, &turns);
        assert_eq!(reviewed.positions, turns.len() + 1);
        assert_eq!(reviewed.proven, reviewed.positions, "seed {seed}");
        let values: Vec<Value> = reviewed.values.iter().flatten().copied().collect();
        assert_eq!(values, alone, "seed {seed}");
        // Independently: the turns after which the mover's result is worse.
        let mut game = start.clone();
        let mut expected = Vec::new();
        for (i, turn) in turns.iter().enumerate() {
            let mover = game.to_move();
            if alone[i + 1].result_for(mover) < alone[i].result_for(mover) {
                expected.push(i);
            }
            game.apply(turn);
        }
        let marked: Vec<usize> = reviewed.turnings.iter().map(|t| t.index).collect();
        assert_eq!(marked, expected, "seed {seed}");
        turnings_seen += marked.len();
        check_instead(&start, &turns, &reviewed);
    }
    assert!(turnings_seen > 0, "the fixtures hold no turning point");
}

/// Each turning's suggested turn keeps the mover's result.
fn check_instead<G: Game>(start: &G, turns: &[G::Turn], reviewed: &cairn_ai::review::Review) {
    for turning in &reviewed.turnings {
        let mut game = start.clone();
        for turn in &turns[..turning.index] {
            game.apply(turn);
        }
        let mover = game.to_move();
        let text = turning.instead.as_ref().expect("a better turn");
        let better = game.parse_turn(text).expect("a legal turn");
        game.play(&better).expect("legal");
        let kept = match game.outcome() {
            Some(outcome) => Value {
                winner: outcome.winner,
                distance: 0,
            },
            None => {
                let verdict = solver::solve(&game, u64::MAX, None)
                    .expect("no limit")
                    .verdict;
                Value::of(verdict, game.to_move())
            }
        };
        assert_eq!(kept.result_for(mover), turning.before.result_for(mover));
    }
}

#[test]
fn a_slower_win_is_not_a_turning_point() {
    // Replay each Collapse fixture: every turn of the winner that keeps the
    // win (however much slower) is left unmarked.
    let start = advanced::<cairn_rules::collapse::Collapse>(3, 0);
    for seed in 0..3 {
        let turns = fixture(&start, seed);
        let reviewed = review(&start, &turns, &ReviewBudget::default());
        for turning in &reviewed.turnings {
            let before = turning.before;
            assert_ne!(before.winner, turning.after.winner, "{turning:?}");
        }
    }
}

fn whole<G: Game>(start: &G, seed: u64, budget: &ReviewBudget) {
    {
        let turns = fixture(start, seed);
        let reviewed = review(start, &turns, budget);
        assert_eq!(reviewed.proven, reviewed.positions, "seed {seed}");
        assert_eq!(reviewed.values.len(), turns.len() + 1);
        let last = reviewed.values.last().copied().flatten().expect("the end");
        assert_eq!(last.distance, 0);
        let first = reviewed.values[0].expect("the start is proven");
        if first.winner.is_some() && first.distance == 0 {
            panic!("an unfinished start proven at distance 0");
        }
    }
}

#[test]
fn collapse_and_alquad_games_are_proven_whole() {
    // The start of Collapse takes the solver about 7 s alone (the later
    // positions, solved first, make it cheaper): more than the default 2 s.
    let patient = PATIENT;
    whole(
        &cairn_rules::collapse::Collapse::new(&Options::default()).expect("defaults"),
        0,
        &patient,
    );
    // Alquad from its setup: the setup position, the hardest, takes the
    // solver about 10 s alone in release; the budget leaves room for a
    // loaded machine.
    let alquad = ReviewBudget {
        per_position: Duration::from_secs(150),
        per_game: Duration::from_secs(300),
    };
    for seed in 0..2 {
        whole(
            &cairn_rules::alquad::Alquad::new(&Options::default()).expect("defaults"),
            seed,
            &alquad,
        );
    }
}

#[test]
fn illegal_turns_are_refused_with_their_index() {
    let start = AnyGame::new(GameKind::Sight, &Options::default()).expect("defaults");
    let mut rng = SplitRng::new(1);
    let mut game = start.clone();
    let mut turns = Vec::new();
    for _ in 0..3 {
        let turn = game.random_turn(&mut rng).expect("a turn");
        game.play_str(&turn).expect("legal");
        turns.push(turn);
    }
    // Turn 3 repeats turn 2: the square is taken (or the text is no turn).
    turns.push(turns[2].clone());
    turns.push("not a turn".to_string());
    let error = review_any(&start, &turns, &ReviewBudget::default()).expect_err("illegal");
    assert!(
        matches!(error, ReviewError::Turn { index: 3, .. }),
        "{error:?}"
    );
    let garbled = vec!["not a turn".to_string()];
    let error = review_any(&start, &garbled, &ReviewBudget::default()).expect_err("garbled");
    assert!(
        matches!(error, ReviewError::Turn { index: 0, .. }),
        "{error:?}"
    );
    // The legal prefix reviews.
    let reviewed = review_any(&start, &turns[..3], &ReviewBudget::default()).expect("legal");
    assert_eq!(reviewed.positions, 4);
}

#[test]
fn the_budget_for_the_game_bounds_the_review() {
    // Nothing may be solved past a spent game budget: only the end is known.
    let start = advanced::<cairn_rules::sight::Sight>(6, 7);
    let turns = fixture(&start, 7);
    let budget = ReviewBudget {
        per_position: Duration::from_secs(1),
        per_game: Duration::ZERO,
    };
    let reviewed = review(&start, &turns, &budget);
    assert_eq!(reviewed.proven, 1, "only the finished position");
    assert!(reviewed.turnings.is_empty());
}

#[test]
fn sight_openings_are_read_from_the_book_whatever_the_budget() {
    // Every opening of two placements the book holds: the review proves
    // its three positions with no time at all, marks the reply that threw
    // Black's win away, and names one that keeps it.
    let start = cairn_rules::sight::Sight::new(&Options::default()).expect("defaults");
    let none = ReviewBudget {
        per_position: Duration::ZERO,
        per_game: Duration::ZERO,
    };
    let black = Some(cairn_rules::Seat::Second);
    let mut seen = std::collections::HashSet::new();
    for first in start.legal_turns() {
        let mut after_first = start.clone();
        after_first.apply(&first);
        for reply in after_first.legal_turns() {
            let mut after_reply = after_first.clone();
            after_reply.apply(&reply);
            let Some(opening) = cairn_ai::book::opening(&after_reply) else {
                continue;
            };
            // One opening of each class of symmetric ones.
            if !seen.insert(after_reply.symmetric_key()) {
                continue;
            }
            let reviewed = review(&start, &[first, reply], &none);
            assert_eq!(reviewed.proven, 3, "{first} {reply}");
            let first_value = reviewed.values[0].expect("the start");
            assert_eq!((first_value.winner, first_value.distance), (black, 24));
            assert_eq!(reviewed.values[1].and_then(|v| v.winner), black);
            let value = reviewed.values[2].expect("the book's line");
            assert_eq!(
                (value.winner, value.distance),
                (opening.winner, opening.distance)
            );
            let marked: Vec<usize> = reviewed.turnings.iter().map(|t| t.index).collect();
            if value.winner == black {
                assert!(marked.is_empty(), "{first} {reply}");
            } else {
                assert_eq!(marked, [1], "{first} {reply}");
                // The reply named instead keeps the win, by the book.
                if let Some(text) = &reviewed.turnings[0].instead {
                    let mut kept = after_first.clone();
                    kept.play(&kept.parse_turn(text).expect("a turn"))
                        .expect("legal");
                    let kept = cairn_ai::book::opening(&kept).expect("in the book");
                    assert_eq!(kept.winner, black, "{first} {text}");
                }
            }
        }
    }
    assert!(
        !seen.is_empty(),
        "the book holds no opening of two placements"
    );
}
