//! Completion of partly typed turns and game options, for platforms with
//! autocomplete (Discord). Platform-neutral: strings in, strings out.
//!
//! Turns are completed step by step: while many legal turns match what was
//! typed, the next *step* is offered first (a Callanish removal cell, then
//! the removal with one addition; the next capture of a chain; a Floaters
//! pit, then its lap strings), followed by whole turns. Matching is
//! case-insensitive and ignores separators, so `b2c3`, `B2 c3` and `b2-c3`
//! all find `b2-c3`; letters of a game's notation that are not squares
//! are its declaration (`Game::SPELLING`: Alquerque's capture sign `x`,
//! Fanorona's optional `a`/`w`), and the two Callanish additions (and Alquad's two setup parts) may come in
//! either order.
//!
//! Speed: games with a modest number of legal turns are enumerated (a few
//! thousand strings at most); Floaters, whose turns can number in the
//! millions, is completed lap by lap through its partial turns and never
//! enumerated.

use cairn_rules::square_name;
use cairn_rules::{
    AnyGame, BoardView, Game, GameKind, Layout, OptionKind, Options, Spot, TurnSpelling,
};
use cairn_store::Store;

use super::Bot;

/// How many choices a platform shows at once, and how long each may be:
/// declared by the platform (Discord: 25 choices of up to 100 characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub choices: usize,
    pub length: usize,
}
/// Above this many legal turns a game is not enumerated.
const ENUMERATE_LIMIT: u64 = 50_000;
/// Typed text longer than this is cut (nothing legal is that long).
const MAX_TYPED: usize = 400;

/// Legal turns (and first steps of turns) of the game in `platform:channel`
/// that match what `user_id` typed so far, most useful first: at most
/// `limits.choices`, each at most `limits.length` characters. Empty when there is
/// no game, it is over, or it is not this user's turn.
pub fn complete_turn(
    bot: &Bot,
    platform: &str,
    channel: &str,
    user_id: &str,
    typed: &str,
    limits: Limits,
) -> Vec<String> {
    let key = Store::channel_key(platform, channel);
    let record = match bot.store().load(&key) {
        Ok(Some(record)) => record,
        Ok(None) => return Vec::new(),
        Err(error) => {
            tracing::debug!(%error, "no completion: store");
            return Vec::new();
        }
    };
    let Some(game) = record.game else {
        return Vec::new();
    };
    if game.outcome().is_some() || game.seat_of(user_id) != Some(game.game.to_move()) {
        return Vec::new();
    }
    complete_game_turn(&game.game, typed, limits)
}

/// Completions of `puzzle …` for `user_id`: the legal turns of their
/// puzzle's position (every legal turn, so no hint), else `new` and the
/// games' names.
pub fn complete_puzzle(
    bot: &Bot,
    platform: &str,
    user_id: &str,
    typed: &str,
    limits: Limits,
) -> Vec<String> {
    let attempt = bot
        .player_record(platform, user_id)
        .ok()
        .flatten()
        .and_then(|p| p.puzzles)
        .and_then(|p| p.current);
    let puzzle = attempt
        .as_ref()
        .and_then(|a| bot.store().puzzle(a.kind, &a.id).ok().flatten());
    if let (Some(attempt), Some(puzzle)) = (attempt, puzzle) {
        if let Some(game) = crate::commands::puzzle_position(&puzzle, &attempt.line) {
            return complete_game_turn(&game, typed, limits);
        }
    }
    let typed = typed.trim().to_lowercase();
    std::iter::once("new")
        .chain(GameKind::ALL.iter().map(|k| k.name()))
        .filter(|word| word.starts_with(&typed))
        .map(str::to_string)
        .take(limits.choices)
        .collect()
}

/// The completions of `typed` in `game` (see [`complete_turn`]).
pub fn complete_game_turn(game: &AnyGame, typed: &str, limits: Limits) -> Vec<String> {
    if game.outcome().is_some() {
        return Vec::new();
    }
    let typed = cut(typed.trim_start(), MAX_TYPED).to_lowercase();
    if let Some(steps) = game.complete_steps(&typed, limits.choices) {
        return steps
            .into_iter()
            .filter(|s| s.len() <= limits.length)
            .collect();
    }
    let huge = cairn_rules::with_game!(game, g => huge_counts(g));
    if huge || game.count_turns() > ENUMERATE_LIMIT {
        // Not expected for the games that are enumerable; offer what parses.
        return game
            .canonical(&typed)
            .ok()
            .filter(|c| c.len() <= limits.length)
            .into_iter()
            .collect();
    }
    let legal = game.legal_strings();
    complete_from(
        game.kind(),
        &legal,
        &typed,
        game.canonical(&typed).ok(),
        limits,
    )
}

fn huge_counts<G: Game>(_: &G) -> bool {
    G::HUGE_TURN_COUNTS
}

/// `text` cut to at most `max` bytes on a character boundary.
fn cut(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The typed text reduced to what matching compares: lower-case letters
/// and digits, the game's separators dropped.
fn normalise(typed: &str, spelling: TurnSpelling) -> Vec<u8> {
    typed
        .bytes()
        .map(|b| b.to_ascii_lowercase())
        .filter(|&b| !spelling.is_separator(b))
        .collect()
}

/// If `candidate` starts with the normalised `typed` (separators skipped,
/// the game's optional suffixes such as Fanorona's `a`/`w` optional), the
/// position in `candidate` just after the last matched character.
fn match_prefix(candidate: &[u8], typed: &[u8], spelling: TurnSpelling) -> Option<usize> {
    fn go(c: &[u8], i: usize, t: &[u8], j: usize, spelling: TurnSpelling) -> Option<usize> {
        if j == t.len() {
            return Some(i);
        }
        if i == c.len() {
            return None;
        }
        if spelling.is_separator(c[i]) {
            return go(c, i + 1, t, j, spelling);
        }
        if c[i] == t[j] {
            if let Some(end) = go(c, i + 1, t, j + 1, spelling) {
                return Some(end);
            }
        }
        if spelling.is_optional_suffix(c, i) {
            return go(c, i + 1, t, j, spelling);
        }
        None
    }
    go(candidate, 0, typed, 0, spelling)
}

/// The end of the step that follows position `at` of `candidate`: the rest
/// of the current part if `at` is inside one, else the next part; a step
/// always includes a square (so Alquad's `w` comes with its point).
fn step_end(candidate: &[u8], at: usize, spelling: TurnSpelling) -> usize {
    let is_sep = |c: u8| spelling.is_separator(c);
    let len = candidate.len();
    let mut i = at;
    let mut has_digit = false;
    // Inside a part: finish it.
    if i > 0 && i < len && !is_sep(candidate[i]) && !is_sep(candidate[i - 1]) {
        let mut start = i;
        while start > 0 && !is_sep(candidate[start - 1]) {
            start -= 1;
        }
        while i < len && !is_sep(candidate[i]) {
            i += 1;
        }
        has_digit = candidate[start..i].iter().any(u8::is_ascii_digit);
        if has_digit || i == len {
            return i;
        }
    }
    loop {
        while i < len && is_sep(candidate[i]) {
            i += 1;
        }
        while i < len && !is_sep(candidate[i]) {
            has_digit |= candidate[i].is_ascii_digit();
            i += 1;
        }
        if has_digit || i >= len {
            return i.min(len);
        }
    }
}

/// The ways a canonical turn may be typed: its canonical order first, then
/// the game's other orders.
fn variants(kind: GameKind, canonical: &str) -> Vec<String> {
    let mut out = vec![canonical.to_string()];
    out.extend(kind.other_spellings(canonical));
    out
}

/// Push `item` unless present or too long.
fn push_unique(out: &mut Vec<String>, item: String, limits: Limits) {
    if out.len() < limits.choices && item.len() <= limits.length && !out.contains(&item) {
        out.push(item);
    }
}

/// Completions of `typed` among the canonical `legal` turns.
fn complete_from(
    kind: GameKind,
    legal: &[String],
    typed: &str,
    parsed: Option<String>,
    limits: Limits,
) -> Vec<String> {
    let spelling = kind.spelling();
    let t = normalise(typed, spelling);
    // (canonical, the next step as typed in this variant's order)
    let mut matches: Vec<(&str, String)> = Vec::new();
    for canonical in legal {
        for variant in variants(kind, canonical) {
            let bytes = variant.as_bytes();
            if let Some(at) = match_prefix(bytes, &t, spelling) {
                let end = step_end(bytes, at, spelling);
                let step = if end >= bytes.len() {
                    canonical.clone()
                } else {
                    variant[..end].to_string()
                };
                matches.push((canonical.as_str(), step));
                break;
            }
        }
    }
    let mut out = Vec::new();
    // What was typed, if it is a legal turn as it stands.
    if let Some(parsed) = parsed.filter(|p| legal.binary_search(p).is_ok()) {
        push_unique(&mut out, parsed, limits);
    }
    if matches.len() + out.len() <= limits.choices {
        for (canonical, _) in &matches {
            push_unique(&mut out, canonical.to_string(), limits);
        }
        return out;
    }
    // Too many: the next steps first (whole turns among them stay whole),
    // then whole turns to fill the list.
    for (_, step) in &matches {
        push_unique(&mut out, step.clone(), limits);
        if out.len() == limits.choices {
            return out;
        }
    }
    for (canonical, _) in &matches {
        push_unique(&mut out, canonical.to_string(), limits);
        if out.len() == limits.choices {
            break;
        }
    }
    out
}

/// [`complete_options`] of the game called `name` (nothing for a name
/// that is no game's).
pub fn complete_options_named(name: &str, typed: &str, limits: Limits) -> Vec<String> {
    crate::command_args::game_named(name)
        .map_or_else(Vec::new, |kind| complete_options(kind, typed, limits))
}

/// Completions of a game's `key=value` options: the words typed so far
/// are kept and the last (partly typed) word is completed to each valid
/// pair, leaving out keys already given. At most `limits.choices`, each
/// within `limits.length`. Empty for games without options.
pub fn complete_options(game: GameKind, typed: &str, limits: Limits) -> Vec<String> {
    let typed = cut(typed.trim_start(), MAX_TYPED);
    let specs = game.option_specs();
    let mut words: Vec<&str> = typed.split_whitespace().collect();
    let partial = if typed.is_empty() || typed.ends_with(char::is_whitespace) {
        ""
    } else {
        words.pop().unwrap_or("")
    };
    let given: Vec<(String, String)> = words
        .iter()
        .filter_map(|w| w.split_once('='))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let value_of = |key: &str| {
        given
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let kept = words.join(" ");
    let mut out = Vec::new();
    let mut push = |pair: String| {
        let item = if kept.is_empty() {
            pair
        } else {
            format!("{kept} {pair}")
        };
        push_unique(&mut out, item, limits);
    };
    let (key_part, value_part) = match partial.split_once('=') {
        Some((k, v)) => (k.to_ascii_lowercase(), Some(v.to_ascii_lowercase())),
        None => (partial.to_ascii_lowercase(), None),
    };
    // The game as the options given so far make it: a suggestion that
    // would not build (the leaflet's circle on a 7 x 7 board) is left out,
    // and a list of points is completed from its board.
    let given_words: Vec<String> = given.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let builds = |extra: Option<String>| {
        let mut words = given_words.clone();
        words.extend(extra);
        Options::parse(&words)
            .ok()
            .and_then(|options| AnyGame::new(game, &options).ok())
    };
    let base = builds(None);
    for spec in specs {
        if value_of(spec.key).is_some() {
            continue;
        }
        let key_matches = match value_part {
            Some(_) => spec.key == key_part,
            None => spec.key.starts_with(&key_part),
        };
        if !key_matches {
            continue;
        }
        let value = value_part.as_deref().unwrap_or("");
        // A free number typed in full comes first.
        if let (OptionKind::Number { min, max, .. }, Ok(n)) = (spec.kind, value.parse::<u32>()) {
            if (min..=max).contains(&n) {
                push(format!("{}={n}", spec.key));
            }
        }
        if spec.kind == OptionKind::Points {
            if let Some(board) = &base {
                for points in point_lists(&board.board_view(), value, limits) {
                    push(format!("{}={points}", spec.key));
                }
            }
            continue;
        }
        for v in spec.suggestions() {
            if !v.starts_with(value) {
                continue;
            }
            let pair = format!("{}={v}", spec.key);
            if base.is_some() && builds(Some(pair.clone())).is_none() {
                continue;
            }
            push(pair);
        }
    }
    out
}

/// Completions of a comma-separated list of the board's points: the
/// points given so far, then each open point not yet listed that starts
/// with the last, partly typed one, nearest the centre first (where a hole
/// changes the game most).
fn point_lists(view: &BoardView, value: &str, limits: Limits) -> Vec<String> {
    let (Layout::Cells { files, ranks } | Layout::Points { files, ranks }) = view.layout else {
        return Vec::new();
    };
    let (files, ranks) = (files as usize, ranks as usize);
    let mut cells: Vec<&str> = value.split(',').map(str::trim).collect();
    let partial = cells.pop().unwrap_or("");
    let done: Vec<String> = cells
        .iter()
        .filter(|c| !c.is_empty())
        .map(|c| c.to_string())
        .collect();
    let head = done.join(",");
    let mut all: Vec<(usize, String)> = Vec::new();
    for rank in 0..ranks {
        for file in 0..files {
            if view.spots.get(rank * files + file) == Some(&Spot::Blocked) {
                continue;
            }
            let distance = file.abs_diff(files / 2) + rank.abs_diff(ranks / 2);
            all.push((distance, square_name(file, rank)));
        }
    }
    all.sort();
    all.into_iter()
        .map(|(_, name)| name)
        .filter(|name| name.starts_with(partial) && !done.contains(name))
        .map(|name| {
            if head.is_empty() {
                name
            } else {
                format!("{head},{name}")
            }
        })
        .take(limits.choices)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord's limits, the tightest a platform declares.
    const LIMITS: Limits = Limits {
        choices: 25,
        length: 100,
    };
    use cairn_rules::Options;

    fn game(kind: GameKind, options: &[&str]) -> AnyGame {
        AnyGame::new(kind, &Options::parse(options).unwrap()).unwrap()
    }

    fn play(game: &mut AnyGame, turns: &[&str]) {
        for turn in turns {
            game.play_str(turn)
                .unwrap_or_else(|e| panic!("{turn}: {e}"));
        }
    }

    /// Every item is within Discord's limits, distinct, and a legal turn
    /// or the beginning of one.
    fn check(game: &AnyGame, items: &[String]) {
        assert!(items.len() <= LIMITS.choices, "{} items", items.len());
        for (i, item) in items.iter().enumerate() {
            assert!(item.len() <= LIMITS.length && !item.is_empty(), "{item:?}");
            assert!(!items[..i].contains(item), "duplicate {item}");
            let playable = game.clone().play_str(item).is_ok();
            if let AnyGame::Floaters(_) = game {
                // Partial turns are playable; never enumerate Floaters.
                assert!(playable, "{item} cannot be played");
            } else {
                assert!(
                    playable || is_step(game, item),
                    "{item} is neither legal nor a step"
                );
            }
        }
    }

    /// `item` begins some legal turn (for enumerable games).
    fn is_step(game: &AnyGame, item: &str) -> bool {
        let spelling = game.kind().spelling();
        let t = normalise(item, spelling);
        game.legal_strings().iter().any(|c| {
            variants(game.kind(), c)
                .iter()
                .any(|v| match_prefix(v.as_bytes(), &t, spelling).is_some())
        })
    }

    /// Whether `typed` matches the start of `candidate` in `kind`'s
    /// notation, and where the match ends.
    fn matched(kind: GameKind, candidate: &str, typed: &str) -> Option<usize> {
        let spelling = kind.spelling();
        match_prefix(candidate.as_bytes(), &normalise(typed, spelling), spelling)
    }

    #[test]
    fn matching_ignores_separators_and_the_games_optional_letters() {
        use GameKind::{Alquerque, Callanish, Fanorona};
        assert_eq!(matched(Callanish, "b2-c3", "B2c3"), Some(5));
        assert_eq!(matched(Alquerque, "b2xd4xb4", "b2 d4"), Some(5));
        assert_eq!(matched(Fanorona, "e2-e3a-f4w", "e2-e3-f4"), Some(9));
        assert_eq!(matched(Fanorona, "e2-e3a-f4w", "e2 e3a"), Some(6));
        assert_eq!(matched(Callanish, "b2 a4 d1", "b2a"), Some(4));
        assert_eq!(matched(Callanish, "b2 a4 d1", "b3"), None);
        assert_eq!(matched(Callanish, "c3", "c3-c4"), None);
        // The letters are each game's own: `x` separates only in
        // Alquerque, `a`/`w` are optional only in Fanorona.
        assert_eq!(matched(Callanish, "b2xd4", "b2 d4"), None);
        assert_eq!(matched(Callanish, "e3a", "e3"), Some(2));
        assert_eq!(matched(Fanorona, "e3a", "e3"), Some(2));
        assert_eq!(matched(Callanish, "e3a-f4", "e3f4"), None);
        assert_eq!(matched(Fanorona, "e3a-f4", "e3f4"), Some(6));
    }

    #[test]
    fn steps_end_after_a_square() {
        let plain = GameKind::Callanish.spelling();
        let fanorona = GameKind::Fanorona.spelling();
        assert_eq!(step_end(b"b2 a4 d1", 0, plain), 2);
        assert_eq!(step_end(b"b2 a4 d1", 2, plain), 5);
        assert_eq!(step_end(b"b2 a4 d1", 1, plain), 2);
        assert_eq!(step_end(b"w:c3 b:d4", 0, plain), 4);
        assert_eq!(step_end(b"w:c3 b:d4", 4, plain), 9);
        assert_eq!(step_end(b"e2-e3a-f4w", 5, fanorona), 6);
        assert_eq!(step_end(b"white", 0, plain), 5);
        let alquerque = GameKind::Alquerque.spelling();
        assert_eq!(step_end(b"b2xd4xb4", 2, alquerque), 5);
    }

    #[test]
    fn callanish_opening_and_steps() {
        let mut g = game(GameKind::Callanish, &["size=7"]);
        let items = complete_game_turn(&g, "", LIMITS);
        check(&g, &items);
        assert_eq!(items.len(), LIMITS.choices);
        let items = complete_game_turn(&g, "D", LIMITS);
        assert_eq!(items, ["d1", "d2", "d3", "d4", "d5", "d6", "d7"]);
        play(&mut g, &["d4", "c3"]);
        // The removal first, then the removal with one addition.
        let items = complete_game_turn(&g, "", LIMITS);
        check(&g, &items);
        assert_eq!(items[0], "d4", "{items:?}");
        let items = complete_game_turn(&g, "d4", LIMITS);
        check(&g, &items);
        assert!(items.iter().all(|i| i.starts_with("d4 ")), "{items:?}");
        assert!(items.iter().any(|i| i.split(' ').count() == 2), "{items:?}");
        assert!(items.iter().any(|i| i.split(' ').count() == 3), "{items:?}");
        // A removal and one addition: whole turns with that addition,
        // whichever of the two it is in canonical order.
        let items = complete_game_turn(&g, "d4 f5", LIMITS);
        check(&g, &items);
        assert!(!items.is_empty());
        assert!(
            items
                .iter()
                .all(|i| i.starts_with("d4 ") && i.contains("f5")),
            "{items:?}"
        );
        assert!(items.iter().all(|i| g.legal_strings().contains(i)));
    }

    #[test]
    fn a_typed_legal_turn_comes_first() {
        let mut g = game(GameKind::Callanish, &["size=7"]);
        play(&mut g, &["d4", "c3"]);
        let legal = g.legal_strings();
        let turn = legal.iter().find(|t| t.starts_with("d4")).unwrap();
        let parts: Vec<&str> = turn.split(' ').collect();
        let typed = format!("{}:{},{}", parts[0].to_uppercase(), parts[2], parts[1]);
        let items = complete_game_turn(&g, &typed, LIMITS);
        assert_eq!(items.first(), Some(turn), "{items:?}");
    }

    #[test]
    fn alquerque_capture_chains() {
        let mut g = game(GameKind::Alquerque, &["rules=basic"]);
        let items = complete_game_turn(&g, "", LIMITS);
        check(&g, &items);
        assert!(!items.is_empty());
        let items = complete_game_turn(&g, "b2c3", LIMITS);
        check(&g, &items);
        // Play until a capture is available, then check the chain steps.
        for _ in 0..40 {
            let legal = g.legal_strings();
            if let Some(capture) = legal.iter().find(|t| t.contains('x')) {
                let from = &capture[..2];
                let items = complete_game_turn(&g, from, LIMITS);
                check(&g, &items);
                assert!(items.iter().any(|i| i.contains('x')), "{items:?}");
                return;
            }
            let Some(first) = legal.first() else { break };
            let first = first.clone();
            play(&mut g, &[&first]);
        }
    }

    #[test]
    fn fanorona_markers_optional() {
        let g = game(GameKind::Fanorona, &[]);
        let legal = g.legal_strings();
        let capture = legal
            .iter()
            .find(|t| t.ends_with('a') || t.ends_with('w'))
            .unwrap();
        let bare = capture.trim_end_matches(['a', 'w']);
        let items = complete_game_turn(&g, bare, LIMITS);
        check(&g, &items);
        assert!(items.contains(capture), "{items:?} lacks {capture}");
    }

    #[test]
    fn alquad_setup_in_either_order() {
        let g = game(GameKind::Alquad, &[]);
        let items = complete_game_turn(&g, "", LIMITS);
        check(&g, &items);
        assert!(items.iter().all(|i| i.starts_with("w:")), "{items:?}");
        let items = complete_game_turn(&g, "b:d4 w:c", LIMITS);
        check(&g, &items);
        assert!(items.contains(&"w:c3 b:d4".to_string()), "{items:?}");
    }

    #[test]
    fn every_game_gives_legal_choices_from_the_start() {
        for kind in GameKind::ALL {
            let g = game(kind, &[]);
            let items = complete_game_turn(&g, "", LIMITS);
            check(&g, &items);
            assert!(!items.is_empty(), "{kind}");
        }
    }

    #[test]
    fn floaters_pit_then_laps() {
        let mut g = game(GameKind::Floaters, &[]);
        let items = complete_game_turn(&g, "", LIMITS);
        check(&g, &items);
        assert_eq!(&items[..6], ["1", "2", "3", "4", "5", "6"]);
        // A whole turn typed in full (forced laps included) comes back first.
        let mut wholes = 0;
        for pit in ["1", "2", "3", "4", "5", "6"] {
            let mut after = g.clone();
            let canonical = after.play_str(pit).unwrap().canonical;
            if after.to_move() != g.to_move() {
                wholes += 1;
                assert_eq!(
                    complete_game_turn(&g, &canonical.to_uppercase(), LIMITS).first(),
                    Some(&canonical)
                );
            }
        }
        assert!(wholes > 0);
        // Mix the colours, then complete lap by lap.
        for _ in 0..6 {
            if g.outcome().is_some() {
                break;
            }
            let AnyGame::Floaters(f) = &g else {
                unreachable!()
            };
            let mut rng = cairn_rules::SplitRng::new(7);
            let turn = f.random_turn(&mut rng).unwrap().to_string();
            play(&mut g, &[&turn]);
        }
        let items = complete_game_turn(&g, "", LIMITS);
        check(&g, &items);
        let pit = items[0].clone();
        let items = complete_game_turn(&g, &pit, LIMITS);
        check(&g, &items);
        assert!(
            items
                .iter()
                .all(|i| i.starts_with(&format!("{pit} ")) || *i == pit),
            "{items:?}"
        );
        let items = complete_game_turn(&g, &format!("{pit} "), LIMITS);
        check(&g, &items);
        assert!(!items.is_empty());
    }

    #[test]
    fn floaters_huge_counts_stay_fast() {
        // A position with many stones in one pit: the count is huge, the
        // completion still only builds a few strings.
        let mut g = game(GameKind::Floaters, &[]);
        let mut rng = cairn_rules::SplitRng::new(3);
        for _ in 0..30 {
            if g.outcome().is_some() {
                break;
            }
            let AnyGame::Floaters(f) = &g else {
                unreachable!()
            };
            let turn = f.random_turn(&mut rng).unwrap().to_string();
            play(&mut g, &[&turn]);
        }
        let start = std::time::Instant::now();
        for typed in ["", "1", "2 ", "3 r", "4 b", "5 rb", "6 "] {
            let items = complete_game_turn(&g, typed, LIMITS);
            assert!(items.len() <= LIMITS.choices);
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(1));
    }

    #[test]
    fn nonsense_is_harmless() {
        for kind in GameKind::ALL {
            let g = game(kind, &[]);
            for typed in [
                "zz9",
                "💥",
                "   ",
                "a1 a1 a1 a1 a1",
                &"b".repeat(5000),
                "-",
                "9 rrrr",
            ] {
                let items = complete_game_turn(&g, typed, LIMITS);
                check(&g, &items);
            }
        }
    }

    #[test]
    fn options_of_each_game() {
        assert!(complete_options(GameKind::Sight, "", LIMITS).is_empty());
        assert!(complete_options(GameKind::Alquad, "size=", LIMITS).is_empty());
        let all = complete_options(GameKind::Callanish, "", LIMITS);
        assert!(all.contains(&"size=9".to_string()) && all.contains(&"shape=circle".to_string()));
        assert_eq!(
            complete_options(GameKind::Callanish, "size=1", LIMITS),
            ["size=11", "size=13", "size=15", "size=17", "size=19"]
        );
        assert_eq!(
            complete_options(GameKind::Callanish, "SH", LIMITS),
            ["shape=square", "shape=circle"]
        );
        assert_eq!(
            complete_options(GameKind::Callanish, "size=7 sh", LIMITS),
            ["size=7 shape=square"]
        );
        assert_eq!(
            complete_options(GameKind::Callanish, "stones=37", LIMITS),
            ["stones=37"]
        );
        assert_eq!(
            complete_options(GameKind::Callanish, "stones=3", LIMITS),
            ["stones=3", "stones=32"]
        );
        let blocked = complete_options(GameKind::Callanish, "size=7 blocked=d4,", LIMITS);
        assert!(
            blocked.iter().all(|b| b.starts_with("size=7 blocked=d4,")),
            "{blocked:?}"
        );
        assert!(!blocked.iter().any(|b| b.ends_with("d4,d4")));
        assert_eq!(
            complete_options(GameKind::Callanish, "blocked=", LIMITS)[0],
            "blocked=e5"
        );
        assert_eq!(
            complete_options(GameKind::Alquerque, "r", LIMITS),
            ["rules=bell", "rules=basic"]
        );
        assert_eq!(
            complete_options(GameKind::Alquerque, "stall=7", LIMITS),
            ["stall=7"]
        );
        let fan = complete_options(GameKind::Fanorona, "board=dimy ", LIMITS);
        assert!(fan.iter().all(|f| f.starts_with("board=dimy ")));
        assert!(
            fan.contains(&"board=dimy stall-turns=50".to_string()),
            "{fan:?}"
        );
        assert!(!fan.iter().any(|f| f.contains("board=tsivy")));
        assert_eq!(
            complete_options(GameKind::Fanorona, "stall", LIMITS),
            [
                "stall=score",
                "stall=draw",
                "stall-turns=50",
                "stall-turns=25",
                "stall-turns=100"
            ]
        );
        assert_eq!(
            complete_options(GameKind::Collapse, "", LIMITS),
            ["setup=ring", "setup=ranks"]
        );
        assert_eq!(
            complete_options(GameKind::Floaters, "first=n", LIMITS),
            ["first=north"]
        );
        assert!(complete_options(GameKind::Floaters, "colour=", LIMITS).is_empty());
    }

    #[test]
    fn every_suggested_option_starts_a_game() {
        for kind in GameKind::ALL {
            for typed in ["", "s", "b", "r", "f", "p", "st"] {
                for item in complete_options(kind, typed, LIMITS) {
                    assert!(item.len() <= LIMITS.length);
                    let words: Vec<&str> = item.split_whitespace().collect();
                    let options = Options::parse(&words).unwrap();
                    assert!(AnyGame::new(kind, &options).is_ok(), "{kind} {item}");
                }
            }
        }
    }
}
