//! The puzzles shipped in `puzzles/<game>.json` replay, and a fixed sample
//! of each file (5 a game, spread over the file) is proven again by both
//! provers: the same distance and the same unique solution. The finder's
//! `--verify` mode checks every one of them (in release):
//! `cargo run --release -p cairn-ai --example find_puzzles <game> --verify puzzles/<game>.json`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use cairn_ai::puzzle::{replay, verify_any, FoundPuzzle, PuzzleBudget, MAX_DISTANCE};
use cairn_rules::GameKind;

/// Puzzles of each game re-proven here.
const SAMPLE: usize = 5;

fn shipped(kind: GameKind) -> Option<Vec<FoundPuzzle>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../puzzles")
        .join(format!("{}.json", kind.name()));
    let text = std::fs::read_to_string(&path).ok()?;
    Some(serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

#[test]
fn every_shipped_puzzle_replays_and_a_sample_is_proven_again() {
    let mut files = 0;
    for kind in GameKind::ALL {
        let Some(puzzles) = shipped(kind) else {
            continue;
        };
        files += 1;
        for (i, puzzle) in puzzles.iter().enumerate() {
            let game = replay(kind, &puzzle.options, &puzzle.turns)
                .unwrap_or_else(|e| panic!("{} puzzle {i}: {e}", kind.name()));
            assert!(
                game.outcome().is_none(),
                "{} puzzle {i} is over",
                kind.name()
            );
            assert!((1..=MAX_DISTANCE).contains(&puzzle.found.distance));
            assert_eq!(
                game.canonical(&puzzle.found.solution).as_deref(),
                Ok(puzzle.found.solution.as_str()),
                "{} puzzle {i}: the solution is a canonical legal turn",
                kind.name()
            );
        }
        let step = (puzzles.len() / SAMPLE).max(1);
        for (i, puzzle) in puzzles.iter().enumerate().step_by(step).take(SAMPLE) {
            let game = replay(kind, &puzzle.options, &puzzle.turns).expect("replayed above");
            let budget = PuzzleBudget {
                nodes: u64::MAX,
                deadline: Some(Instant::now() + Duration::from_secs(30)),
            };
            assert_eq!(
                verify_any(&game, &puzzle.found, &budget),
                Ok(true),
                "{} puzzle {i}",
                kind.name()
            );
        }
    }
    assert!(files > 0, "no puzzle files shipped");
}
