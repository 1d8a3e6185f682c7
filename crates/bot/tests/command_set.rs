//! The command set is declared once: the text parser, `help` and the typed
//! commands all come from `COMMANDS`, in every language.

use cairn_bot::command_set::ChallengeWords;
use cairn_bot::command_set::{find, help_list, help_topic, parse};
use cairn_bot::i18n::{take_slips, Lang};
use cairn_bot::{Bot, BotConfig, Command, Input, ParseError, Request, User, COMMANDS};
use cairn_store::Store;

fn challenge(game: &str, opponent: &str) -> Command {
    Command::Challenge(ChallengeWords {
        game: Some(game.into()),
        opponent: Some(opponent.into()),
        ..ChallengeWords::default()
    })
}

#[test]
fn every_declared_command_parses_to_its_own_typed_command() {
    for spec in COMMANDS {
        let command = parse(spec.name).unwrap_or_else(|e| panic!("{}: {e:?}", spec.name));
        assert_eq!(command.spec().name, spec.name);
        for alias in spec.aliases {
            assert_eq!(parse(alias).unwrap().spec().name, spec.name, "{alias}");
        }
        // The names in Japanese and Spanish call it too.
        for lang in [Lang::Ja, Lang::Es] {
            let local = spec.local_name(lang);
            assert_eq!(
                find(&local).map(|s| s.name),
                Some(spec.name),
                "{lang}: {local}"
            );
        }
    }
    assert_eq!(parse("投了"), Ok(Command::Resign));
    assert_eq!(parse("/abandonar"), Ok(Command::Resign));
    assert_eq!(
        parse("JUGAR b2 a4 d1"),
        Ok(Command::Move {
            turn: "b2 a4 d1".into()
        })
    );
}

#[test]
fn arguments_are_read_by_their_declaration_in_any_order() {
    let mut expected = challenge("callanish", "@bob");
    if let Command::Challenge(words) = &mut expected {
        words.options = vec!["size=7".into()];
        words.side = Some("black".into());
        words.clock = Some("3d".into());
        words.level = Some("2".into());
    }
    for text in [
        "challenge callanish @bob size=7 as=black clock=3d level=2",
        "challenge size=7 callanish as=black @bob level=2 clock=3d",
        "!challenge @bob callanish level=2 size=7 clock=3d as=black",
    ] {
        assert_eq!(parse(text), Ok(expected.clone()), "{text}");
    }
    assert_eq!(
        parse("rating callanish @bob"),
        Ok(Command::Rating {
            player: Some("@bob".into()),
            game: Some("callanish".into())
        })
    );
    assert_eq!(
        parse("leaderboard all sight"),
        Ok(Command::Leaderboard {
            game: Some("sight".into()),
            scope: Some("all".into())
        })
    );
    // A word that is no game still fills the game, for the handler to
    // say which games there are.
    assert_eq!(
        parse("rules chess"),
        Ok(Command::Rules {
            game: Some("chess".into())
        })
    );
    assert_eq!(
        parse("settings threads=off"),
        Ok(Command::Settings {
            threads: Some("off".into())
        })
    );
}

#[test]
fn refusals_are_typed() {
    assert_eq!(parse("  / "), Err(ParseError::Empty));
    assert_eq!(
        parse("challenge sight @bob as=black AS=white"),
        Err(ParseError::GivenTwice { key: "as".into() })
    );
    assert_eq!(
        parse("settings colour=red"),
        Err(ParseError::UnknownKey {
            command: "settings",
            key: "colour".into()
        })
    );
    assert_eq!(
        parse("board please"),
        Err(ParseError::Unexpected {
            command: "board",
            word: "please".into()
        })
    );
    assert_eq!(
        parse("mvoe c3"),
        Err(ParseError::Unknown {
            word: "mvoe".into(),
            suggestion: Some("move"),
            looks_like_turn: false
        })
    );
    assert_eq!(
        parse("c3"),
        Err(ParseError::Unknown {
            word: "c3".into(),
            suggestion: None,
            looks_like_turn: true
        })
    );
    let long = format!("move {}", "a1 ".repeat(400));
    assert!(matches!(parse(&long), Err(ParseError::TooLong { .. })));
}

#[test]
fn a_typed_command_prints_as_the_text_that_parses_back_to_it() {
    for text in [
        "challenge callanish @bob size=7 as=black clock=3d level=2",
        "move b2 a4 d1",
        "rating @bob sight",
        "leaderboard sight all",
        "settings threads=on",
        "lang ja",
        "help move",
        "accept",
    ] {
        let command = parse(text).unwrap();
        assert_eq!(command.to_string(), text);
        assert_eq!(parse(&command.to_string()), Ok(command.clone()));
        assert_eq!(Input::Command(command), text);
    }
}

#[test]
fn help_is_derived_from_the_declaration_in_every_language() {
    take_slips();
    for lang in cairn_bot::i18n::Lang::ALL {
        let list = help_list(lang);
        for spec in COMMANDS {
            assert!(
                list.contains(&format!("`{}", spec.usage(lang))),
                "{lang}: {} missing from help",
                spec.name
            );
            let one = help_topic(lang, spec.name);
            assert!(one.contains(&spec.description(lang)), "{lang}: {one}");
        }
    }
    assert_eq!(take_slips(), Vec::<String>::new());
    // Usage lines come from the arguments.
    let challenge = find("challenge").unwrap();
    assert_eq!(
        challenge.usage(Lang::En),
        "challenge <game> <opponent> [key=value ...] [as=white|black|random] [clock=3d|7d+1d|none] [level=1..5]"
    );
    assert_eq!(
        challenge.usage(Lang::Es),
        "challenge <juego> <oponente> [key=value ...] [as=white|black|random] [clock=3d|7d+1d|none] [level=1..5]"
    );
    assert!(help_list(Lang::Ja).contains("コマンド"));
    assert!(help_topic(Lang::Es, "challenge").contains("Juegos: callanish"));
}

#[test]
fn a_typed_move_plays_like_the_text_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bot = Bot::new(
        Store::open(dir.path().join("db")).expect("open store"),
        BotConfig {
            images: false,
            default_clock: None,
            ..BotConfig::default()
        },
    );
    let request = |who: &str, command: Input| Request {
        platform: "test".into(),
        channel: "main".into(),
        user: User::new(format!("id-{who}"), who),
        command,
        mentions: vec![User::new("id-bob", "bob")],
        ..Default::default()
    };
    bot.handle(&request("alice", challenge("sight", "@bob").into()));
    bot.handle(&request("bob", Command::Accept.into()));
    let typed = bot.handle(&request(
        "alice",
        Command::Move { turn: "c3".into() }.into(),
    ));
    assert!(typed[0].text.contains("played c3"), "{}", typed[0].text);
    let text = bot.handle(&request("bob", "move c4".into()));
    assert!(text[0].text.contains("played c4"), "{}", text[0].text);
}
