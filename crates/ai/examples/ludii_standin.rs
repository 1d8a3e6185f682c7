//! Level 5 against a quick stand-in for Ludii's alpha-beta at basic
//! Alquerque: a plain alpha-beta on the material alone (Ludii's heuristic
//! for the game), to a fixed depth in turns, every turn of the root scored
//! exactly and one of the best taken at random (Ludii breaks its ties at
//! random). A game takes seconds instead of a minute and a half, and no
//! Java, so a change to level 5 can be tried on a few hundred games before
//! the real match (`scripts/peers/ludii_match.py`) measures it.
//!
//! `cargo run --release -p cairn-ai --example ludii_standin -- GAMES SEED MS DEPTH`
//! (level 5 thinks MS milliseconds a turn; sides alternate, level 5 White
//! in the even games). Prints each game's result and turns, then the
//! total. Depth 8 at 100 ms a turn is about as hard as Ludii at 1 s: 84 %
//! in 60 games (README).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use cairn_ai::{choose_with, Player};
use cairn_rules::alquerque::Alquerque;
use cairn_rules::{Game, Options, Seat, SplitRng};

/// Above any material: a finished game.
const WON: i32 = 1_000_000;

type Turn = <Alquerque as Game>::Turn;

/// The material for the player to move, or a finished game's result.
fn material(game: &Alquerque) -> i32 {
    match game.outcome() {
        Some(outcome) => match outcome.winner {
            None => 0,
            Some(winner) if winner == game.to_move() => WON,
            Some(_) => -WON,
        },
        None => game.estimate().map_or(0, |estimate| estimate.material),
    }
}

/// `child`'s value for the player who moved into it from `parent`.
fn for_mover(parent: &Alquerque, child: &Alquerque, value: i32) -> i32 {
    if child.to_move() == parent.to_move() {
        value
    } else {
        -value
    }
}

/// The material `depth` turns deep for the player to move, within
/// `alpha`..`beta`; captures tried first.
fn negamax(game: &Alquerque, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 || game.outcome().is_some() {
        return material(game);
    }
    let mut children: Vec<(i32, Alquerque)> = game
        .legal_turns()
        .iter()
        .map(|turn| {
            let mut child = game.clone();
            child.apply(turn);
            (for_mover(game, &child, material(&child)), child)
        })
        .collect();
    children.sort_by_key(|(glance, _)| std::cmp::Reverse(*glance));
    let mut best = -WON - 1;
    for (_, child) in &children {
        let value = if child.to_move() == game.to_move() {
            negamax(child, depth - 1, alpha, beta)
        } else {
            -negamax(child, depth - 1, -beta, -alpha)
        };
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The stand-in's turn: each root turn searched with a window just below
/// the best so far (so turns as good come out exact), one of the best at
/// random.
fn stand_in(game: &Alquerque, depth: u32, rng: &mut SplitRng) -> Option<Turn> {
    let mut best = -WON - 1;
    let mut ties = Vec::new();
    for turn in game.legal_turns() {
        let mut child = game.clone();
        child.apply(&turn);
        let value = if child.to_move() == game.to_move() {
            negamax(&child, depth - 1, best - 1, WON + 1)
        } else {
            -negamax(&child, depth - 1, -WON - 1, -(best - 1))
        };
        if value > best {
            best = value;
            ties.clear();
        }
        if value == best {
            ties.push(turn);
        }
    }
    (!ties.is_empty()).then(|| ties.swap_remove(rng.below(ties.len())))
}

/// One game, level 5 in `cairn`'s seat: its turns and the winner.
fn play(
    cairn: Seat,
    think: Duration,
    depth: u32,
    seed: u64,
) -> Result<(Vec<Turn>, Option<Seat>), String> {
    let options = Options::parse(&["rules=basic"]).map_err(|e| e.to_string())?;
    let mut game = Alquerque::new(&options).map_err(|e| e.to_string())?;
    let mut rng = SplitRng::new(seed);
    let mut turns = Vec::new();
    while game.outcome().is_none() {
        let turn = if game.to_move() == cairn {
            let choice = choose_with(&game, Player::Level(5), Instant::now() + think, seed)
                .ok_or("level 5 found no turn")?;
            game.parse_turn(&choice.turn).map_err(|e| e.to_string())?
        } else {
            stand_in(&game, depth, &mut rng).ok_or("the stand-in found no turn")?
        };
        game.play(&turn).map_err(|e| e.to_string())?;
        turns.push(turn);
    }
    Ok((turns, game.outcome().and_then(|outcome| outcome.winner)))
}

fn run(args: &[String]) -> Result<(), String> {
    let number = |index: usize, name: &str| -> Result<u64, String> {
        args.get(index)
            .and_then(|text| text.parse().ok())
            .ok_or(format!(
                "{name}: a whole number, please (GAMES SEED MS DEPTH)"
            ))
    };
    let games = number(0, "GAMES")?;
    let seed = number(1, "SEED")?;
    let think = Duration::from_millis(number(2, "MS")?);
    let depth = u32::try_from(number(3, "DEPTH")?.max(1)).map_err(|e| e.to_string())?;
    let (mut wins, mut draws, mut losses) = (0u64, 0u64, 0u64);
    for index in 0..games {
        let cairn = if index % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        let (turns, winner) = play(cairn, think, depth, seed * 1000 + index)?;
        let result = match winner {
            None => {
                draws += 1;
                "draw"
            }
            Some(seat) if seat == cairn => {
                wins += 1;
                "win"
            }
            Some(_) => {
                losses += 1;
                "loss"
            }
        };
        let record: Vec<String> = turns.iter().map(ToString::to_string).collect();
        println!(
            "game {index}: level 5 {cairn:?}, {result} after {} turns | {}",
            turns.len(),
            record.join(" ")
        );
    }
    let score = (wins as f64 + draws as f64 / 2.0) / games.max(1) as f64;
    println!(
        "level 5: {wins} / {draws} / {losses}, {:.0} %",
        100.0 * score
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("ludii_standin: {why}");
            ExitCode::FAILURE
        }
    }
}
