//! The arena: two players play a series of games with alternating colours;
//! the result is A's wins, draws and losses with a 95% confidence interval
//! of A's score.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::{choose_with_memory, Memory, Player};
use cairn_rules::{Game, Seat};

/// The outcome of a match between A and B.
#[derive(Clone, Debug, Serialize)]
pub struct ArenaResult {
    pub game: String,
    pub a: String,
    pub b: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// A's score: (wins + draws / 2) / games.
    pub score: f64,
    /// 95% confidence interval of A's score (normal approximation).
    pub ci95: [f64; 2],
    pub seconds: f64,
}

/// Play `games` games from `start`; A takes the first seat in even games.
/// Each turn may think for at most `think`.
pub fn run<G: Game>(
    start: &G,
    a: Player,
    b: Player,
    games: u32,
    seed: u64,
    think: Duration,
) -> ArenaResult {
    let began = Instant::now();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for i in 0..games {
        let a_seat = if i % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        let mut game = start.clone();
        // Each player keeps its own search tree from turn to turn.
        let (mut memory_a, mut memory_b) = (Memory::default(), Memory::default());
        let mut turn_no = 0u64;
        // Games are finite by their rules; the cap only guards bugs.
        while game.outcome().is_none() && turn_no < 10_000 {
            let (player, memory) = if game.to_move() == a_seat {
                (a, &mut memory_a)
            } else {
                (b, &mut memory_b)
            };
            let turn_seed = seed ^ (u64::from(i) << 32) ^ turn_no;
            let deadline = Instant::now() + think;
            let Some(choice) = choose_with_memory(&game, player, deadline, turn_seed, memory)
            else {
                break;
            };
            let Ok(turn) = game.parse_turn(&choice.turn) else {
                break;
            };
            if game.play(&turn).is_err() {
                break;
            }
            turn_no += 1;
        }
        match game.outcome().and_then(|o| o.winner) {
            Some(w) if w == a_seat => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
    }
    let n = f64::from(games.max(1));
    let score = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    let half = 1.96 * (score * (1.0 - score) / n).sqrt();
    ArenaResult {
        game: G::KIND.name().to_string(),
        a: format!("{a:?}"),
        b: format!("{b:?}"),
        games,
        wins,
        draws,
        losses,
        score,
        ci95: [(score - half).max(0.0), (score + half).min(1.0)],
        seconds: began.elapsed().as_secs_f64(),
    }
}
