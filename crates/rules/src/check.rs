//! Test support: generic consistency checks over the [`Game`] contract,
//! used by the property tests of every game (`tests/properties.rs`). They
//! panic with a description on the first broken invariant, so they are
//! built only for tests: this crate's own, and other crates' with the
//! `test-support` feature (enabled by dev-dependencies only).

use std::collections::HashSet;

use crate::{Game, SplitRng, TurnError};

/// Above this many legal turns, checks sample turns instead of listing them.
pub const ENUMERATION_LIMIT: u64 = 20_000;

/// Play random legal turns from `start` until the game ends (or
/// `max_turns`), checking at every position that:
/// - `legal_turns` has no duplicates, and is empty exactly when the game is over;
/// - `count_turns` agrees with `legal_turns`;
/// - every legal turn's canonical string parses back to the same turn;
/// - `play` of the parsed turn succeeds and equals `apply`;
/// - the game survives a serde round trip.
///
/// Returns the number of turns played.
pub fn random_playout<G: Game>(start: &G, seed: u64, max_turns: usize) -> usize {
    let mut rng = SplitRng::new(seed);
    let mut game = start.clone();
    let mut turns = Vec::new();
    for played in 0..max_turns {
        turns.clear();
        let count = game.count_turns();
        if count > ENUMERATION_LIMIT {
            // Too many turns to list (Floaters): check a sampled one.
            assert!(game.outcome().is_none(), "{count} turns in a finished game");
            let turn = game
                .random_turn(&mut rng)
                .unwrap_or_else(|| panic!("count_turns {count} but no random turn: {game:?}"));
            let text = turn.to_string();
            let parsed = game
                .parse_turn(&text)
                .unwrap_or_else(|e| panic!("canonical {text} does not parse: {e}"));
            assert_eq!(parsed, turn, "{text} parses to a different turn");
            let mut checked = game.clone();
            checked
                .play(&turn)
                .unwrap_or_else(|e| panic!("sampled turn {turn} refused: {e}"));
            game.apply(&turn);
            assert_eq!(checked, game, "play and apply disagree");
            continue;
        }
        game.generate(&mut turns);
        let over = game.outcome().is_some();
        assert_eq!(
            over,
            turns.is_empty(),
            "outcome {:?} but {} legal turns after {played} turns: {game:?}",
            game.outcome(),
            turns.len()
        );
        if over {
            return played;
        }
        assert_eq!(
            game.count_turns(),
            turns.len() as u64,
            "count_turns disagrees: {game:?}"
        );
        let mut seen = HashSet::new();
        for turn in &turns {
            let text = turn.to_string();
            assert!(
                seen.insert(text.clone()),
                "duplicate legal turn {text} in {game:?}"
            );
            let parsed = game
                .parse_turn(&text)
                .unwrap_or_else(|e| panic!("canonical {text} does not parse: {e} in {game:?}"));
            assert_eq!(&parsed, turn, "{text} parses to a different turn");
        }
        let turn = turns[rng.below(turns.len())].clone();
        let mut checked = game.clone();
        checked
            .play(&turn)
            .unwrap_or_else(|e| panic!("legal turn {turn} refused by play: {e}"));
        game.apply(&turn);
        assert!(checked == game, "play and apply disagree after {turn}");
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&game).expect("serialise");
            let back: G = serde_json::from_str(&json).expect("deserialise");
            assert_eq!(
                serde_json::to_string(&back).expect("serialise"),
                json,
                "serde round trip changed the game"
            );
        }
    }
    max_turns
}

/// A string is accepted iff its canonical form is legal (or, in Floaters,
/// it is a partial turn that begins a legal one): try `text` in
/// `game` and check that acceptance agrees with `legal`. Returns whether it
/// was accepted.
pub fn accepted_iff_legal<G: Game>(game: &G, legal: &HashSet<String>, text: &str) -> bool {
    match game.parse_turn(text) {
        Ok(turn) => {
            let mut next = game.clone();
            match next.play(&turn) {
                Ok(()) => {
                    let canonical = turn.to_string();
                    // The one exception (Floaters): a partial turn, which
                    // leaves the same player mid-turn and begins a legal turn.
                    let partial = next.outcome().is_none()
                        && next.to_move() == game.to_move()
                        && legal
                            .iter()
                            .any(|l| l.starts_with(&format!("{canonical} ")));
                    assert!(
                        legal.contains(&canonical) || partial,
                        "`{text}` was played as {turn}, which is not in legal_turns"
                    );
                    true
                }
                Err(TurnError::GameOver) => {
                    assert!(legal.is_empty());
                    false
                }
                Err(e) => {
                    assert!(
                        !e.to_string().is_empty(),
                        "empty error message for `{text}`"
                    );
                    assert!(
                        !legal.contains(&turn.to_string()),
                        "`{text}` parsed as legal {turn} but play refused it: {e}"
                    );
                    false
                }
            }
        }
        Err(e) => {
            assert!(
                !e.to_string().is_empty(),
                "empty error message for `{text}`"
            );
            false
        }
    }
}

/// Plain perft without bulk counting, to check a game's own `perft`.
pub fn slow_perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.outcome().is_some() {
        return 0;
    }
    game.legal_turns()
        .iter()
        .map(|turn| {
            let mut next = game.clone();
            next.apply(turn);
            slow_perft(&next, depth - 1)
        })
        .sum()
}

/// Test support: a message worded in every language, whole: no variable
/// left unset, no message id shown, no slip noticed.
#[cfg(test)]
pub(crate) fn assert_worded(message: &crate::Message, what: &dyn std::fmt::Debug) {
    for lang in crate::Lang::ALL {
        let text = crate::locales::word(lang, message);
        assert!(
            !text.is_empty() && !text.contains('{') && !text.contains("???"),
            "{lang}: {what:?} worded as {text:?}"
        );
        assert!(
            !text.contains("-refusal-") && !text.contains("-usage") && !text.contains("option-"),
            "{lang}: {what:?} names a message id: {text:?}"
        );
    }
    let slips: Vec<String> = cairn_words::take_slips()
        .into_iter()
        .filter(|slip| slip.contains(message.id) || slip.contains("list") || slip.contains('-'))
        .collect();
    assert!(slips.is_empty(), "{what:?}: {slips:?}");
}

/// Test support: every refusal given worded in every language, whole,
/// and its `Display` the English wording.
#[cfg(test)]
pub(crate) fn assert_refusals_render(refusals: Vec<crate::Refusal>) {
    for refusal in refusals {
        let message = refusal.message();
        assert_worded(&message, &refusal);
        assert_eq!(refusal.to_string(), crate::locales::english(&message));
    }
}
