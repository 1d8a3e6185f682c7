//! Every word a game shows, other than its refusals of a turn, comes from
//! its catalogue in English, Japanese and Spanish: the declared words of
//! every game (title, rules, notation, option help), and the words its
//! positions produce (view titles, statuses, notes, seat names, endings,
//! warnings, hint legends) on random games played to their end, each worded in every
//! language without a missing message or an unused argument.

use cairn_rules::{
    locales, with_game, AnyGame, Game, GameKind, Lang, Message, MessageArg, OptionKind, Options,
    Outcome, Reason, Seat, SplitRng,
};
use cairn_rules::{seat_message, status_line};
use cairn_words::{take_slips, Catalogue};

/// The messages a position shows: its view's words, seat names, hint
/// legend and, once over, why it ended.
fn position_words<G: Game>(game: &G, out: &mut Vec<Message>) {
    let view = game.view();
    out.push(view.title);
    out.push(view.status);
    out.extend(view.notes);
    if let Some(words) = view.mancala {
        out.extend([
            words.north,
            words.south,
            words.west_store,
            words.east_store,
            words.in_hand,
            words.hand_red,
            words.hand_black,
            words.next,
            words.hand_line,
        ]);
    }
    out.push(game.hint_legend());
    for seat in Seat::BOTH {
        out.push(game.seat_message(seat));
    }
    match game.outcome() {
        Some(outcome) => out.extend(game.end_detail(outcome)),
        None => {
            out.extend(game.warning());
            out.extend(game.too_many_turns_hint());
        }
    }
}

/// Random games from `start` to their end (or 400 turns), collecting the
/// words of every position.
fn playouts<G: Game>(start: &G, seeds: u64, out: &mut Vec<Message>) {
    for seed in 0..seeds {
        let mut rng = SplitRng::new(seed + 1);
        let mut game = start.clone();
        position_words(&game, out);
        for _ in 0..400 {
            let Some(turn) = game.random_turn(&mut rng) else {
                break;
            };
            game.apply(&turn);
            position_words(&game, out);
        }
    }
}

/// Every option setting worth a look: the defaults, and each choice of
/// each choice option alone.
fn option_sets(kind: GameKind) -> Vec<Options> {
    let mut sets = vec![Options::default()];
    for spec in kind.option_specs() {
        if let OptionKind::Choice(choices) = spec.kind {
            for choice in choices {
                if let Ok(options) = Options::parse(&[format!("{}={choice}", spec.key)]) {
                    sets.push(options);
                }
            }
        }
    }
    // Short stalls so stalled endings are reached.
    for extra in [
        "rules=basic stall=6",
        "stall-turns=6",
        "stall=draw stall-turns=6",
    ] {
        let words: Vec<String> = extra.split(' ').map(String::from).collect();
        if let Ok(options) = Options::parse(&words) {
            sets.push(options);
        }
    }
    sets
}

/// The ids of a message and of the messages among its arguments.
fn ids(message: &Message, out: &mut Vec<&'static str>) {
    out.push(message.id);
    for (_, arg) in &message.args {
        if let MessageArg::Message(inner) = arg {
            ids(inner, out);
        }
    }
}

#[test]
fn every_word_of_every_game_is_in_every_language() {
    let catalogue = Catalogue::load(locales::sources);
    assert_eq!(take_slips(), Vec::<String>::new(), "the catalogues load");

    let mut messages = Vec::new();
    let mut reached: Vec<&'static str> = Vec::new();
    for kind in GameKind::ALL {
        let mut words = vec![
            kind.title_message(),
            kind.summary_message(),
            kind.notation_message(),
        ];
        let specs = kind.option_specs();
        for spec in specs {
            assert!(
                spec.help
                    .id()
                    .starts_with(&format!("{}-option-", kind.name())),
                "{kind}: help id {}",
                spec.help.id()
            );
            words.push(spec.help.message());
        }
        for options in option_sets(kind) {
            let Ok(game) = AnyGame::new(kind, &options) else {
                continue;
            };
            with_game!(&game, g => playouts(g, 6, &mut words));
            // Floaters: a pit number alone leaves the turn half sown.
            for pit in 1..=6 {
                let mut partial = game.clone();
                if partial.play_str(&pit.to_string()).is_ok() && partial.in_mid_turn() {
                    with_game!(&partial, g => position_words(g, &mut words));
                }
            }
        }
        for message in &words {
            ids(message, &mut reached);
        }
        messages.extend(words);
    }
    // Every ending a status line can tell, with a winner and without.
    let name = |seat: Seat| {
        seat_message(if seat == Seat::First {
            "white"
        } else {
            "black"
        })
    };
    let reasons = Reason::ALL;
    for reason in reasons {
        messages.push(status_line(
            Seat::First,
            Some(Outcome::win(Seat::Second, reason)),
            name,
        ));
        messages.push(status_line(Seat::First, Some(Outcome::draw(reason)), name));
    }
    for word in ["white", "black", "red", "setter", "chooser"] {
        messages.push(seat_message(word));
    }

    // The playouts reach the words of the endings, not only the starts.
    for id in [
        "callanish-end-line",
        "end-more-captures",
        "end-quiet-turns",
        "collapse-note-pieces",
        "floaters-note-mid-turn",
        "floaters-hint-legend-laps",
        "sight-note-pieces",
        "alquad-note-check",
        "alquad-warning",
        "callanish-warning",
        "warning-stall",
        "floaters-hint-start",
        "floaters-hint-mid-turn",
        "floaters-label-spot-north",
    ] {
        assert!(reached.contains(&id), "no random game reached `{id}`");
    }

    messages.sort_by_key(|m| format!("{m:?}"));
    messages.dedup();
    for message in &messages {
        for lang in Lang::ALL {
            let text = catalogue.message(lang, message);
            assert!(!text.trim().is_empty() || message.id == "view-no-status");
            let slips = take_slips();
            assert!(slips.is_empty(), "{lang} {message:?}: {slips:?}");
        }
    }
}

/// Every file of `locales/<lang>/` is loaded (listed in
/// `locales::FILES`). That every message is in every language with the same
/// arguments is checked over all catalogues in the bot's
/// `tests/catalogues.rs`.
#[test]
fn every_catalogue_file_is_listed() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let mut listed: Vec<String> = locales::FILES.iter().map(|f| f.to_string()).collect();
    listed.sort();
    for lang in Lang::ALL {
        let mut files: Vec<String> = std::fs::read_dir(root.join(lang.code()))
            .expect("a locale directory")
            .filter_map(|entry| Some(entry.ok()?.file_name().to_string_lossy().into_owned()))
            .collect();
        files.sort();
        assert_eq!(files, listed, "locales/{lang}");
        assert_eq!(locales::sources(lang).len(), locales::FILES.len());
    }
}

#[test]
fn rules_text_is_written_in_each_language() {
    for kind in GameKind::ALL {
        let english = [
            locales::word(Lang::En, &kind.summary_message()),
            locales::word(Lang::En, &kind.notation_message()),
        ];
        assert_eq!(
            english[0],
            kind.summary(),
            "{kind}: English stays as it was"
        );
        assert_eq!(english[1], kind.notation(), "{kind}");
        for lang in [Lang::Ja, Lang::Es] {
            let summary = locales::word(lang, &kind.summary_message());
            let notation = locales::word(lang, &kind.notation_message());
            assert_ne!(
                summary, english[0],
                "{kind} {lang}: the rules are translated"
            );
            assert_ne!(
                notation, english[1],
                "{kind} {lang}: the notation is translated"
            );
            // Notation examples stay as written in every language.
            // (The command word before them is the reader's: `指す e5`.)
            for example in english[1].split('`').skip(1).step_by(2) {
                let example = example.strip_prefix("move ").unwrap_or(example);
                assert!(
                    notation.contains(example),
                    "{kind} {lang}: `{example}` in {notation}"
                );
            }
            for spec in kind.option_specs() {
                let help = locales::word(lang, &spec.help.message());
                assert_ne!(help, spec.help.to_string(), "{kind} {lang}: {}", spec.key);
            }
        }
        let japanese = locales::word(Lang::Ja, &kind.summary_message());
        assert!(
            japanese.contains('。')
                && japanese
                    .chars()
                    .any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)),
            "{kind}: the Japanese rules are in Japanese: {japanese}"
        );
    }
}

#[test]
fn a_view_is_worded_in_the_language_asked() {
    let options = Options::parse(&["size=7"]).expect("options");
    let game = AnyGame::new(GameKind::Callanish, &options).expect("game");
    assert_eq!(game.view().title, "Callanish 7 x 7");
    assert_eq!(game.view().status, "White to move");
    assert_eq!(game.view().notes[0], "White supply: 64");
    let ja = game.view_in(Lang::Ja);
    assert_eq!(ja.title, "カラニッシュ7x7");
    assert_eq!(ja.status, "白の番です");
    assert_eq!(ja.notes[0], "白の残りの石：64");
    let es = game.view_in(Lang::Es);
    assert_eq!(es.title, "Callanish 7 x 7");
    assert_eq!(es.status, "Turno de Blancas");
    assert_eq!(es.notes[1], "Reserva de Negras: 64");
}
