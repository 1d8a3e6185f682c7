//! The bot opponent: it only plays legal turns (through the same parse and
//! play path as people), respects its deadline, and the solver's verdicts
//! agree with independent searches.

use std::time::{Duration, Instant};

use cairn_ai::solver::{self, Verdict};
use cairn_ai::{choose, choose_with, choose_with_memory, Memory, Player, Settings};
use cairn_rules::SplitRng;
use cairn_rules::{AnyGame, Game, GameKind, Options};

fn start(kind: GameKind, options: &[(&str, &str)]) -> AnyGame {
    AnyGame::new(kind, &Options::from_pairs(options)).expect("valid options")
}

#[test]
fn every_level_plays_legal_turns_to_the_end() {
    for kind in GameKind::ALL {
        let options: &[(&str, &str)] = match kind {
            GameKind::Callanish => &[("size", "5")],
            GameKind::Fanorona => &[("board", "dimy")],
            _ => &[],
        };
        let mut game = start(kind, options);
        let mut turns = 0;
        // Each side keeps its search tree between its turns.
        let mut memories = [Memory::default(), Memory::default()];
        while game.outcome().is_none() && turns < 60 {
            let level = [1, 2][turns % 2];
            let settings = Settings {
                level,
                deadline: Duration::from_millis(100),
                seed: turns as u64,
            };
            let choice = choose(&game, &settings, &mut memories[turns % 2])
                .expect("a turn while the game goes on");
            game.play_str(&choice.turn).unwrap_or_else(|e| {
                panic!("{kind}: the bot chose an illegal turn {}: {e}", choice.turn)
            });
            turns += 1;
        }
        assert!(turns > 0, "{kind}");
    }
}

#[test]
fn the_search_respects_its_deadline() {
    // Level 5 wants 20,000 playouts; a 100 ms deadline must cut it short
    // (the bound below is generous: it only fails if the deadline is ignored).
    let game = start(GameKind::Callanish, &[("size", "9")]);
    let mut game = game;
    game.play_str("e5").unwrap();
    game.play_str("d4").unwrap();
    let began = Instant::now();
    let choice = choose(
        &game,
        &Settings {
            level: 5,
            deadline: Duration::from_millis(100),
            seed: 1,
        },
        &mut Memory::default(),
    );
    assert!(choice.is_some());
    assert!(
        began.elapsed() < Duration::from_secs(5),
        "took {:?}",
        began.elapsed()
    );
}

#[test]
fn the_same_seed_gives_the_same_turn() {
    let game = start(GameKind::Collapse, &[]);
    let far = Instant::now() + Duration::from_secs(600);
    let a = choose_with(&game_of_collapse(&game), Player::Mcts(300), far, 42);
    let b = choose_with(&game_of_collapse(&game), Player::Mcts(300), far, 42);
    assert_eq!(a, b);
}

fn game_of_collapse(game: &AnyGame) -> cairn_rules::collapse::Collapse {
    match game {
        AnyGame::Collapse(g) => g.clone(),
        _ => unreachable!(),
    }
}

/// The exact value by plain minimax over distances, without tables or
/// pruning (the slow, obvious definition): a win in d turns
/// scores 100 - d, a loss in d turns d - 100, a draw 0.
fn brute_force_distance<G: Game>(game: &G) -> i32 {
    let me = game.to_move();
    game.legal_turns()
        .iter()
        .map(|turn| {
            let mut next = game.clone();
            next.apply(turn);
            match next.outcome() {
                Some(o) => match o.winner {
                    None => 0,
                    Some(w) if w == me => 99,
                    Some(_) => -99,
                },
                None => {
                    let value = brute_force_distance(&next);
                    let value = if next.to_move() == me { value } else { -value };
                    value - value.signum()
                }
            }
        })
        .max()
        .unwrap_or(0)
}

fn check_solvers<G: Game>(start: &G, seed: u64, random_turns: usize) {
    let mut rng = SplitRng::new(seed);
    let mut game = start.clone();
    for _ in 0..random_turns {
        match game.random_turn(&mut rng) {
            Some(turn) => game.apply(&turn),
            None => return,
        }
    }
    if game.outcome().is_some() {
        return;
    }
    let solution = solver::solve(&game, u64::MAX, None).expect("no budget limit");
    let wdl = solver::solve_wdl(&game, u64::MAX).expect("no budget limit");
    let brute = brute_force_distance(&game).signum() as i8;
    let verdict = match solution.verdict {
        Verdict::Win(_) => 1,
        Verdict::Loss(_) => -1,
        Verdict::Draw => 0,
    };
    assert_eq!(verdict, wdl, "solvers disagree on {game:?}");
    let (pn_wins, _) = cairn_ai::pns::proves_win(&game, u64::MAX, None, 12).expect("no limit");
    assert_eq!(
        pn_wins,
        verdict == 1,
        "proof-number search disagrees on {game:?}"
    );
    let exact = match solution.verdict {
        Verdict::Win(n) => 100 - n as i32,
        Verdict::Loss(n) => n as i32 - 100,
        Verdict::Draw => 0,
    };
    assert_eq!(exact, brute_force_distance(&game), "distance of {game:?}");
    // Both provers answer "a win within d turns?" as the distance says,
    // on both sides of it.
    for d in 0..=30 {
        let wins_within = matches!(solution.verdict, Verdict::Win(n) if n <= d);
        let (alpha_beta, _) = solver::wins_within(&game, d, u64::MAX, None, 12).expect("no limit");
        assert_eq!(
            alpha_beta, wins_within,
            "alpha-beta, within {d} on {game:?}"
        );
        let (pn, _) =
            cairn_ai::pns::proves_win_within(&game, Some(d), u64::MAX, None, 12).expect("no limit");
        assert_eq!(pn, wins_within, "df-pn, within {d} on {game:?}");
    }
    assert_eq!(
        verdict, brute,
        "solver and brute force disagree on {game:?}"
    );
    // The chosen turn keeps the verdict: after it, the opponent's verdict mirrors ours.
    let best = solution.best.expect("a best turn");
    let mut next = game.clone();
    next.apply(&best);
    match next.outcome() {
        Some(o) => assert_eq!(o.winner, solution.verdict.winner(game.to_move())),
        None => {
            let reply = solver::solve(&next, u64::MAX, None).unwrap().verdict;
            let mover = game.to_move();
            assert_eq!(
                reply.winner(next.to_move()),
                solution.verdict.winner(mover),
                "{game:?}"
            );
            if let (Verdict::Win(n), Verdict::Loss(m)) = (solution.verdict, reply) {
                assert_eq!(m + 1, n, "win distance");
            }
        }
    }
}

#[test]
fn solvers_agree_on_late_positions() {
    for seed in 0..12 {
        check_solvers(
            &cairn_rules::sight::Sight::new(&Options::default()).unwrap(),
            seed,
            15,
        );
        check_solvers(
            &cairn_rules::collapse::Collapse::new(&Options::default()).unwrap(),
            seed,
            10,
        );
        check_solvers(
            &cairn_rules::collapse::Collapse::new(&Options::from_pairs(&[("setup", "ranks")]))
                .unwrap(),
            seed,
            6,
        );
        check_solvers(
            &cairn_rules::alquad::Alquad::new(&Options::default()).unwrap(),
            seed,
            16,
        );
    }
}

#[test]
fn the_top_level_takes_an_immediate_win() {
    // Find a position with a winning turn by random play, then check level 5 takes a win.
    let mut rng = SplitRng::new(3);
    for seed in 0..50u64 {
        let mut game = cairn_rules::collapse::Collapse::new(&Options::default()).unwrap();
        while game.outcome().is_none() {
            let wins = cairn_ai::mcts::winning_turns(&game);
            if !wins.is_empty() {
                let choice = choose_with(
                    &game,
                    Player::Level(5),
                    Instant::now() + Duration::from_secs(30),
                    seed,
                )
                .unwrap();
                let mut next = game.clone();
                next.play(&next.parse_turn(&choice.turn).unwrap()).unwrap();
                assert_eq!(next.outcome().and_then(|o| o.winner), Some(game.to_move()));
                return;
            }
            let turn = game.random_turn(&mut rng).unwrap();
            game.apply(&turn);
        }
    }
    panic!("no position with an immediate win was found");
}

#[test]
fn the_search_tree_is_reused_after_the_reply() {
    // Fanorona: the bot's tree from one turn still holds playouts for the
    // position after its turn and the opponent's reply.
    let game = start(GameKind::Fanorona, &[("board", "dimy")]);
    let AnyGame::Fanorona(mut game) = game else {
        panic!("a Fanorona game");
    };
    let far = Instant::now() + Duration::from_secs(60);
    let mut memory = Memory::default();
    let choice =
        choose_with_memory(&game, Player::Mcts(3000), far, 5, &mut memory).expect("a turn");
    assert!(memory.playouts::<cairn_rules::fanorona::Fanorona>() >= 3000);
    game.play(&game.parse_turn(&choice.turn).expect("legal"))
        .expect("playable");
    // The reply the tree explored most is certainly in it.
    let reply = choose_with(&game, Player::Mcts(2000), far, 9).expect("a reply");
    game.play(&game.parse_turn(&reply.turn).expect("legal"))
        .expect("playable");
    let again = choose_with_memory(&game, Player::Mcts(1), far, 6, &mut memory).expect("a turn");
    assert!(game.parse_turn(&again.turn).is_ok());
    // One new playout on top of what the subtree already held.
    assert!(
        memory.playouts::<cairn_rules::fanorona::Fanorona>() > 1,
        "the subtree was not kept"
    );
}
