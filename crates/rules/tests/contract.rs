//! The `Game` contract, checked the same way for every game with its
//! default options: random games to the end keep the contract
//! (`cairn_rules::check::random_playout`), a string is accepted exactly when
//! its canonical form is legal, and every other spelling a game declares
//! for a turn is accepted as that turn.

use std::collections::HashSet;

use cairn_rules::check::{accepted_iff_legal, random_playout};
use cairn_rules::{with_game, AnyGame, Game, GameKind, Options, SplitRng};

/// Texts that are legal somewhere, in some game, or nowhere.
const PROBES: &[&str] = &[
    "",
    "a1",
    "c3",
    "e5",
    "c3-c4",
    "c3 d4",
    "a1b2",
    "a1xc3",
    "w:c3 b:d4",
    "b:a1 w:a1",
    "white",
    "black",
    "w",
    "b",
    "f1",
    "c3-c4-c5",
    "e5-e4",
    "d4 b3 c2",
    "1",
    "3 rrbr",
    "c3a",
    "💥",
];

fn keeps_the_contract<G: Game>(start: &G) {
    for seed in 0..40 {
        random_playout(start, seed, 200);
    }
    if G::HUGE_TURN_COUNTS {
        // Whole turns are too many to list; properties.rs samples them.
        return;
    }
    let mut rng = SplitRng::new(99);
    for _ in 0..4 {
        let mut game = start.clone();
        for _ in 0..120 {
            let turns = game.legal_turns();
            let legal: HashSet<String> = turns.iter().map(|t| t.to_string()).collect();
            for text in PROBES {
                accepted_iff_legal(&game, &legal, text);
            }
            for turn in turns.iter().step_by(turns.len() / 40 + 1) {
                let canonical = turn.to_string();
                for spelling in G::other_spellings(&canonical) {
                    let parsed = game.parse_turn(&spelling).map(|t| t.to_string());
                    assert_eq!(parsed.as_deref(), Ok(canonical.as_str()), "{spelling}");
                }
            }
            if turns.is_empty() {
                break;
            }
            game.apply(&turns[rng.below(turns.len())]);
        }
    }
}

#[test]
fn every_game_keeps_the_contract() {
    for kind in GameKind::ALL {
        let start = AnyGame::new(kind, &Options::default()).expect("default options");
        with_game!(&start, g => keeps_the_contract(g));
    }
}
