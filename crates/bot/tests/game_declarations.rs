//! Every game is registered with the bot core through its own declaration
//! in the rules crate: its options (parsing, defaults, the `rules` text,
//! option completion), its rules text and notation, its other spellings of
//! a turn and its side words. The bot core names no game, so these checks
//! run over `GameKind::ALL` and would fail for a game whose knowledge lived
//! anywhere else.

use cairn_bot::complete::{complete_game_turn, complete_options, Limits};

const LIMITS: Limits = Limits {
    choices: 25,
    length: 100,
};
use cairn_bot::{Bot, BotConfig, Request, User};
use cairn_rules::{AnyGame, GameKind, OptionError, OptionKind, Options, Seat, Seating};
use cairn_store::Store;

fn bot() -> (Bot, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path().join("db")).expect("open store");
    let config = BotConfig {
        images: false,
        default_clock: None,
        ..BotConfig::default()
    };
    (Bot::new(store, config), dir)
}

fn say(bot: &Bot, who: &str, command: &str) -> String {
    let replies = bot.handle(&Request {
        platform: "test".into(),
        channel: format!("room-{who}-{}", command.len()),
        user: User::new(format!("id-{who}"), who),
        command: command.into(),
        mentions: vec![User::new("id-bob", "bob")],
        ..Default::default()
    });
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_rules_text_comes_from_the_game_declaration() {
    let (bot, _dir) = bot();
    for kind in GameKind::ALL {
        let text = say(&bot, "alice", &format!("rules {kind}"));
        assert!(text.contains(kind.summary()), "{kind}: {text}");
        assert!(text.contains(kind.notation()), "{kind}: {text}");
        for spec in kind.option_specs() {
            assert!(text.contains(&spec.usage()), "{kind} {}: {text}", spec.key);
            assert!(
                text.contains(&spec.help.to_string()),
                "{kind} {}: {text}",
                spec.key
            );
        }
        if kind.option_specs().is_empty() {
            assert!(!text.contains("Options"), "{kind}: {text}");
        }
    }
}

#[test]
fn options_parse_and_complete_from_the_game_declaration() {
    for kind in GameKind::ALL {
        let specs = kind.option_specs();
        // Completing nothing offers every declared key, each with its
        // default first; nothing else.
        let offered = complete_options(kind, "", LIMITS);
        for item in &offered {
            let key = item.split('=').next().unwrap_or("");
            assert!(specs.iter().any(|s| s.key == key), "{kind}: {item}");
        }
        for spec in specs {
            let default = spec.default_text();
            if !default.is_empty() {
                let pair = format!("{}={default}", spec.key);
                assert!(offered.contains(&pair), "{kind}: {pair} not in {offered:?}");
                // The default builds a game, and so does every suggestion.
                for value in spec.suggestions() {
                    let options = Options::from_pairs(&[(spec.key, &value)]);
                    assert!(
                        AnyGame::new(kind, &options).is_ok(),
                        "{kind} {}={value}",
                        spec.key
                    );
                }
            }
            if let OptionKind::Number { min, max, .. } = spec.kind {
                let options = Options::from_pairs(&[(spec.key, &(max + 1).to_string())]);
                let error = AnyGame::new(kind, &options).expect_err("above the range");
                assert_eq!(
                    error,
                    OptionError::OutOfRange {
                        key: spec.key.into(),
                        min,
                        max,
                        given: (max + 1).to_string(),
                    }
                );
            }
            if let OptionKind::Choice(choices) = spec.kind {
                let options = Options::from_pairs(&[(spec.key, "nonsense")]);
                let error = AnyGame::new(kind, &options).expect_err("not a choice");
                // The refusal carries what is legal: the declared choices,
                // or (numbers in steps, Callanish's odd sizes) their range.
                match error {
                    OptionError::NotAChoice {
                        key,
                        choices: legal,
                        given,
                    } => {
                        assert_eq!((key.as_str(), given.as_str()), (spec.key, "nonsense"));
                        assert_eq!(legal, choices);
                    }
                    OptionError::NotOdd { key, min, max, .. } => {
                        assert_eq!(key, spec.key);
                        let sizes: Vec<u32> =
                            choices.iter().filter_map(|c| c.parse().ok()).collect();
                        assert_eq!(Some(&min), sizes.iter().min(), "{kind}");
                        assert_eq!(Some(&max), sizes.iter().max(), "{kind}");
                    }
                    other => panic!("{kind}: {other:?}"),
                }
            }
            if spec.kind == OptionKind::Points {
                let completed = complete_options(kind, &format!("{}=", spec.key), LIMITS);
                assert!(!completed.is_empty(), "{kind}: no points offered");
                let options = Options::parse(&completed[..1]).expect("a completed option");
                assert!(AnyGame::new(kind, &options).is_ok(), "{completed:?}");
            }
        }
        // A key the game does not declare is refused, naming the declared.
        let error = AnyGame::new(kind, &Options::from_pairs(&[("nonsense", "1")]))
            .expect_err("unknown option");
        let declared: Vec<&str> = specs.iter().map(|s| s.key).collect();
        assert_eq!(
            error,
            OptionError::Unknown {
                game: kind.name().into(),
                key: "nonsense".into(),
                known: declared,
            }
        );
    }
}

#[test]
fn turns_complete_in_every_spelling_the_game_declares() {
    for kind in GameKind::ALL {
        let mut game = AnyGame::new(kind, &Options::default()).expect("default options");
        // A few turns in, where turns have several parts.
        for _ in 0..4 {
            let Some(first) = game.legal_strings().first().cloned() else {
                break;
            };
            game.play_str(&first).expect("a legal turn");
        }
        if game.outcome().is_some() || game.count_turns() > 2_000 {
            continue;
        }
        for canonical in game.legal_strings().iter().take(20) {
            for spelling in kind.other_spellings(canonical) {
                let offered = complete_game_turn(&game, &spelling, LIMITS);
                assert!(
                    offered.contains(canonical),
                    "{kind}: {spelling} -> {offered:?}"
                );
            }
        }
    }
}

#[test]
fn sides_are_named_by_the_game_declaration() {
    let (bot, _dir) = bot();
    for kind in GameKind::ALL {
        let game = AnyGame::new(kind, &Options::default()).expect("default options");
        let text = say(&bot, "alice", &format!("challenge {kind} @bob as=second"));
        if kind.seating() == Seating::PieRule {
            assert!(text.contains("does not apply"), "{kind}: {text}");
            continue;
        }
        assert_eq!(kind.seat_of_word("first"), Some(Seat::First));
        for seat in [Seat::First, Seat::Second] {
            let name = game.seat_name(seat);
            assert_eq!(kind.seat_of_word(name), Some(seat), "{kind}: {name}");
        }
        assert!(text.contains("challenges bob"), "{kind}: {text}");
        let refused = say(&bot, "carol", &format!("challenge {kind} @bob as=purple"));
        assert!(refused.contains("is not a side"), "{kind}: {refused}");
        assert!(
            refused.contains(game.seat_name(Seat::First)),
            "{kind}: {refused}"
        );
    }
}
