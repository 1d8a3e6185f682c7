//! Find puzzles of one game in self-play games and write them as JSON, or
//! re-verify a file of them with both provers.
//!
//! `find_puzzles <game> --count N --out FILE [--seconds S] [--games G] [--minutes M] [--seed N]`
//! `find_puzzles <game> --verify FILE`

use std::process::ExitCode;
use std::time::{Duration, Instant};

use cairn_ai::puzzle::{
    find_puzzles, replay, self_play_games, verify_any, FoundPuzzle, PuzzleBudget,
};
use cairn_rules::GameKind;

/// Re-verifying one stored puzzle may take this long.
const VERIFY_SECONDS: u64 = 20;

struct Args {
    kind: GameKind,
    count: usize,
    out: Option<String>,
    verify: Option<String>,
    seconds: f64,
    games: usize,
    /// Stop starting new games after this long.
    minutes: f64,
    /// The first self-play game's seed.
    seed: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut words = std::env::args().skip(1);
    let name = words
        .next()
        .ok_or("usage: find_puzzles <game> --count N --out FILE | --verify FILE")?;
    let kind: GameKind = name.parse().map_err(|e| format!("{e}"))?;
    let mut args = Args {
        kind,
        count: 30,
        out: None,
        verify: None,
        seconds: 1.0,
        games: 200,
        minutes: 20.0,
        seed: 1,
    };
    while let Some(flag) = words.next() {
        let value = words.next().ok_or(format!("{flag} needs a value"))?;
        let bad = |_| format!("bad value for {flag}: {value}");
        match flag.as_str() {
            "--count" => args.count = value.parse().map_err(bad)?,
            "--out" => args.out = Some(value),
            "--verify" => args.verify = Some(value),
            "--seconds" => {
                args.seconds = value.parse().map_err(|_| format!("bad seconds: {value}"))?
            }
            "--games" => args.games = value.parse().map_err(bad)?,
            "--seed" => args.seed = value.parse().map_err(bad)?,
            "--minutes" => {
                args.minutes = value.parse().map_err(|_| format!("bad minutes: {value}"))?
            }
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(args)
}

/// Verify every puzzle: whether each passed.
fn verify(kind: GameKind, puzzles: &[FoundPuzzle]) -> Vec<bool> {
    let mut passed = Vec::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let budget = PuzzleBudget {
            nodes: u64::MAX,
            deadline: Some(Instant::now() + Duration::from_secs(VERIFY_SECONDS)),
        };
        let ok = replay(kind, &puzzle.options, &puzzle.turns)
            .map_err(|e| e.to_string())
            .and_then(|game| verify_any(&game, &puzzle.found, &budget).map_err(|e| e.to_string()));
        if !matches!(ok, Ok(true)) {
            eprintln!("puzzle {i} fails: {ok:?}");
        }
        passed.push(matches!(ok, Ok(true)));
    }
    passed
}

fn run(args: Args) -> Result<(), String> {
    if let Some(path) = &args.verify {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let puzzles: Vec<FoundPuzzle> =
            serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
        let failed = verify(args.kind, &puzzles)
            .iter()
            .filter(|ok| !**ok)
            .count();
        println!(
            "{}: {} puzzles, {failed} failed",
            args.kind.name(),
            puzzles.len()
        );
        return if failed == 0 {
            Ok(())
        } else {
            Err("verification failed".into())
        };
    }
    let started = Instant::now();
    let games = self_play_games(args.kind, &[], args.seed)
        .map_err(|e| e.to_string())?
        .take(args.games);
    let budget = Duration::from_secs_f64(args.seconds);
    let found =
        find_puzzles(args.kind, &[], games, args.count, budget).map_err(|e| e.to_string())?;
    let passed = verify(args.kind, &found);
    let failed = passed.iter().filter(|ok| !**ok).count();
    let kept: Vec<&FoundPuzzle> = found
        .iter()
        .zip(&passed)
        .filter(|(_, ok)| **ok)
        .map(|(p, _)| p)
        .collect();
    let mut distances = std::collections::BTreeMap::new();
    for p in &kept {
        *distances.entry(p.found.distance).or_insert(0) += 1;
    }
    println!(
        "{}: {} puzzles ({failed} failed verification) in {:.0} s, by distance {distances:?}",
        args.kind.name(),
        kept.len(),
        started.elapsed().as_secs_f64()
    );
    let json = serde_json::to_string_pretty(&kept).map_err(|e| e.to_string())?;
    match &args.out {
        Some(path) => std::fs::write(path, json + "\n").map_err(|e| format!("{path}: {e}")),
        None => {
            println!("{json}");
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    match parse_args().and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}
