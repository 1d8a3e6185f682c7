//! Time a post-game review of one self-play game of about 60 turns of each
//! game with the default budget (2 s a position, 60 s a game), and print a
//! table: turns, positions proven, their share, the time, the turning
//! points. Run in release: `cargo run --release -p cairn-ai --example review_time`
//! (or `-- sight` and other game names for those games alone).

use cairn_ai::puzzle::{replay, self_play_game};
use cairn_ai::review::{review_any, ReviewBudget};
use cairn_rules::GameKind;

/// The game of the first few seeds whose length is closest to 60 turns.
fn sixty_turns(kind: GameKind) -> Vec<String> {
    let mut best: Vec<String> = Vec::new();
    for seed in 0..4 {
        let Ok(turns) = self_play_game(kind, &[], seed) else {
            continue;
        };
        if best.is_empty() || turns.len().abs_diff(60) < best.len().abs_diff(60) {
            best = turns;
        }
    }
    best.truncate(60);
    best
}

fn main() {
    let budget = ReviewBudget::default();
    let only: Vec<String> = std::env::args().skip(1).collect();
    println!("| game | turns | proven / positions | share | time | turnings |");
    println!("|---|---|---|---|---|---|");
    let chosen = GameKind::ALL
        .into_iter()
        .filter(|kind| only.is_empty() || only.iter().any(|name| name == kind.name()));
    for kind in chosen {
        let turns = sixty_turns(kind);
        let start = match replay(kind, &[], &[]) {
            Ok(start) => start,
            Err(error) => {
                println!("| {} | {error} |", kind.name());
                continue;
            }
        };
        match review_any(&start, &turns, &budget) {
            Ok(review) => println!(
                "| {} | {} | {} / {} | {:.0}% | {:.1} s | {} |",
                kind.name(),
                turns.len(),
                review.proven,
                review.positions,
                100.0 * review.proven as f64 / review.positions as f64,
                review.elapsed.as_secs_f64(),
                review.turnings.len()
            ),
            Err(error) => println!("| {} | {error} |", kind.name()),
        }
    }
}
