//! The top level plays perfectly where the solver proves the position: on
//! a thousand small random positions its turn never worsens the proven
//! value (the fastest win, the slowest loss, a drawing turn), and among
//! drawing turns it leaves the opponent the most losing replies.

use std::time::{Duration, Instant};

use cairn_ai::solver::{Goal, Session, Verdict};
use cairn_ai::{choose_with, Player};
use cairn_rules::{Game, Options, SplitRng};

/// Positions the test's solver settles within this many nodes (the top
/// level's slice for the games not made for the solver is 150,000).
const MODEST: u64 = 40_000;

/// A position after `turns` random turns, if the game is still on.
fn random_position<G: Game>(start: &G, turns: usize, rng: &mut SplitRng) -> Option<G> {
    let mut game = start.clone();
    for _ in 0..turns {
        let turn = game.random_turn(rng)?;
        game.apply(&turn);
    }
    game.outcome().is_none().then_some(game)
}

/// A position a few turns before the end of a random game.
fn late_position<G: Game>(start: &G, rng: &mut SplitRng) -> Option<G> {
    let mut line = vec![start.clone()];
    let mut game = start.clone();
    while game.outcome().is_none() && line.len() < 600 {
        let turn = game.random_turn(rng)?;
        game.apply(&turn);
        line.push(game.clone());
    }
    let back = 2 + rng.below(6);
    let game = line.get(line.len().checked_sub(back)?)?.clone();
    game.outcome().is_none().then_some(game)
}

/// The verdict after `turn`, from the mover's point of view, as the
/// verdict of the position before would read if the turn kept it.
fn verdict_after<G: Game>(session: &mut Session<G>, game: &G, turn: &G::Turn) -> Verdict {
    let me = game.to_move();
    let mut next = game.clone();
    next.apply(turn);
    match next.outcome() {
        Some(outcome) => match outcome.winner {
            None => Verdict::Draw,
            Some(w) if w == me => Verdict::Win(1),
            Some(_) => Verdict::Loss(1),
        },
        None => {
            let v = session.solve(&next, u64::MAX, None).expect("small").verdict;
            let mine = if next.to_move() == me {
                v
            } else {
                match v {
                    Verdict::Win(n) => Verdict::Loss(n),
                    Verdict::Loss(n) => Verdict::Win(n),
                    Verdict::Draw => Verdict::Draw,
                }
            };
            match mine {
                Verdict::Win(n) => Verdict::Win(n + 1),
                Verdict::Loss(n) => Verdict::Loss(n + 1),
                Verdict::Draw => Verdict::Draw,
            }
        }
    }
}

/// The opponent's replies to `turn` proven lost for them.
fn losing_replies<G: Game>(session: &mut Session<G>, game: &G, turn: &G::Turn) -> usize {
    let me = game.to_move();
    let mut next = game.clone();
    next.apply(turn);
    if next.outcome().is_some() || next.to_move() == me {
        return 0;
    }
    next.legal_turns()
        .iter()
        .filter(|reply| {
            let mut after = next.clone();
            after.apply(reply);
            session
                .achieves(&after, me, Goal::Win, u64::MAX, None)
                .expect("small")
        })
        .count()
}

#[derive(Default)]
struct Tally {
    checked: usize,
    draws_ranked: usize,
}

fn check<G: Game>(game: &G, session: &mut Session<G>, seed: u64, tally: &mut Tally) {
    if game.count_turns() > 150 {
        return;
    }
    let Ok(solution) = session.solve(game, MODEST, None) else {
        return;
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    let choice = choose_with(game, Player::Level(5), deadline, seed).expect("a turn");
    let turn = game.parse_turn(&choice.turn).expect("legal");
    let after = verdict_after(session, game, &turn);
    assert_eq!(after, solution.verdict, "level 5 played {turn} in {game:?}");
    match solution.verdict {
        Verdict::Draw => assert_eq!(choice.verdict, None),
        v => assert_eq!(choice.verdict, Some(v)),
    }
    if solution.verdict == Verdict::Draw && tally.draws_ranked < 25 {
        let mine = losing_replies(session, game, &turn);
        for other in game.legal_turns() {
            if verdict_after(session, game, &other) == Verdict::Draw {
                assert!(losing_replies(session, game, &other) <= mine, "{game:?}");
            }
        }
        tally.draws_ranked += 1;
    }
    tally.checked += 1;
}

fn positions_of<G: Game>(
    start: &G,
    wanted: usize,
    early: Option<(usize, usize)>,
    tally: &mut Tally,
) {
    let mut rng = SplitRng::new(G::KIND as u64 + 11);
    let mut session = Session::<G>::new(18);
    let goal = tally.checked + wanted;
    let mut tries = 0;
    let tries_allowed = if early.is_some() { 20 } else { 4 } * wanted;
    while tally.checked < goal && tries < tries_allowed {
        tries += 1;
        let position = match early {
            Some((low, high)) => random_position(start, low + rng.below(high - low), &mut rng),
            None => late_position(start, &mut rng),
        };
        if let Some(game) = position {
            check(&game, &mut session, tries as u64, tally);
        }
    }
}

fn start<G: Game>() -> G {
    G::new(&Options::default()).expect("default options")
}

#[test]
fn the_top_level_never_worsens_a_proven_value() {
    use cairn_rules::{alquad::Alquad, alquerque::Alquerque};
    use cairn_rules::{collapse::Collapse, fanorona::Fanorona, floaters::Floaters, sight::Sight};
    let mut tally = Tally::default();
    // A few late positions of the other games (those of Callanish are
    // seldom small enough, and long random games are slow to play out),
    // then the small games make up the thousand.
    positions_of(&start::<Alquerque>(), 10, None, &mut tally);
    positions_of(&start::<Fanorona>(), 10, None, &mut tally);
    positions_of(&start::<Floaters>(), 10, None, &mut tally);
    positions_of(&start::<Sight>(), 330, Some((8, 20)), &mut tally);
    positions_of(&start::<Collapse>(), 330, Some((4, 16)), &mut tally);
    let rest = 1000 - tally.checked;
    positions_of(&start::<Alquad>(), rest, Some((6, 20)), &mut tally);
    assert_eq!(tally.checked, 1000);
    assert!(tally.draws_ranked > 0, "no drawn position was ranked");
}
