//! perft from the start positions, through the library (`position::build`
//! and `position::report`, what `cairn position --perft` prints), against
//! the independent figures in `tests/fixtures/vectors/start-perft.json`
//! (see the README beside it for where they come from). Depths are
//! limited to what a debug build counts in seconds; the benchmarks go deeper.

use std::path::PathBuf;

use cairn_rules::position;
use cairn_rules::GameKind;
use serde_json::Value;

/// Largest expected count checked here.
const NODE_BUDGET: u64 = 2_000_000;

/// The vectors; a missing or unreadable file fails the test (it must
/// never pass by checking nothing).
fn vectors() -> Vec<Value> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/vectors/start-perft.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("the perft vectors {}: {e}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("the perft vectors {}: {e}", path.display()))
}

/// The report of `game`'s start position with `options`, counted to `depth`.
fn position(game: &str, options: &[String], depth: u32) -> Value {
    let (built, played) = position::build(game, options, &[])
        .unwrap_or_else(|e| panic!("position {game} {options:?}: {e}"));
    position::report(&built, &played, Some(depth))
}

fn check_game(game: &str) {
    let vectors = vectors();
    let mut checked = 0;
    for entry in vectors.iter().filter(|e| e["game"] == game) {
        let options: Vec<String> = entry["options"]
            .as_object()
            .expect("options object")
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => format!("{k}={s}"),
                other => format!("{k}={other}"),
            })
            .collect();
        let perft = entry["perft"].as_object().expect("perft object");
        let depth = (1..=perft.len() as u32)
            .take_while(|d| perft[&d.to_string()].as_u64().unwrap_or(u64::MAX) <= NODE_BUDGET)
            .last()
            .unwrap_or(1);
        let got = position(game, &options, depth);
        for d in 1..=depth {
            assert_eq!(
                got["perft"][d.to_string()],
                perft[&d.to_string()],
                "{game} {options:?} perft({d})"
            );
        }
        // The resolved options name every option the vector names.
        for (key, value) in entry["options"].as_object().expect("options") {
            assert_eq!(&got["options"][key], value, "{game} option {key}");
        }
        checked += 1;
    }
    assert!(checked > 0, "no vectors for {game}");
}

/// Every game has vectors: one added to the rules without its figures
/// fails here.
#[test]
fn every_game_has_perft_vectors() {
    let vectors = vectors();
    for kind in GameKind::ALL {
        assert!(
            vectors.iter().any(|e| e["game"] == kind.name()),
            "no perft vectors for {kind}"
        );
    }
}

#[test]
fn perft_callanish() {
    check_game("callanish");
}

#[test]
fn perft_alquerque() {
    check_game("alquerque");
}

#[test]
fn perft_fanorona() {
    check_game("fanorona");
}

#[test]
fn perft_alquad() {
    check_game("alquad");
}

#[test]
fn perft_sight() {
    check_game("sight");
}

#[test]
fn perft_collapse() {
    check_game("collapse");
}

#[test]
fn perft_floaters() {
    check_game("floaters");
}
