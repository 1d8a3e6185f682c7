//! The command set is declared once: the text parser, `help` and the typed
//! commands all come from `COMMANDS`, in every language.

use cairn_bot::command_set::{find, help_list, help_topic, DailySetting, PuzzleAction};
use cairn_bot::i18n::{take_slips, Lang};
use cairn_bot::{
    ArgError, Bot, BotConfig, ChallengeArgs, ClockSetting, Command, Context, GameSetup, HelpTopic,
    Input, Level, Opponent, ParseError, Request, Scope, Side, User, COMMANDS,
};
use cairn_rules::{GameKind, Options, Seat};
use cairn_store::clock::{TimeControl, DAY_MS};
use cairn_store::Notify;
use cairn_store::Store;

/// Parse as a bot with the default configuration, no mentions resolved.
fn parse(text: &str) -> Result<Command, ParseError> {
    let config = BotConfig::default();
    cairn_bot::command_set::parse(text, &Context::new(&config, &[]))
}

fn setup(kind: GameKind, words: &[&str]) -> GameSetup {
    GameSetup {
        kind,
        words: words.iter().map(|w| w.to_string()).collect(),
        options: Options::parse(words).unwrap(),
    }
}

fn challenge(kind: GameKind, opponent: &str) -> ChallengeArgs {
    ChallengeArgs {
        setup: setup(kind, &[]),
        opponent: Opponent::User(User::new(opponent, opponent)),
        side: None,
        clock: None,
        level: None,
        vacation: true,
    }
}

#[test]
fn every_declared_command_parses_to_its_own_typed_command() {
    // The command a word calls: parsed, or refused for the argument it
    // lacks (`challenge` alone).
    let called = |word: &str| match parse(word) {
        Ok(command) => command.spec().name,
        Err(ParseError::Invalid(ArgError::Missing { command, .. })) => command,
        Err(error) => panic!("{word}: {error:?}"),
    };
    for spec in COMMANDS {
        assert_eq!(called(spec.name), spec.name);
        for alias in spec.aliases {
            assert_eq!(called(alias), spec.name, "{alias}");
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
    let expected = Command::Challenge(ChallengeArgs {
        setup: setup(GameKind::Callanish, &["size=7"]),
        opponent: Opponent::Bot,
        side: Some(Side::Seat {
            seat: Seat::Second,
            word: "black".into(),
        }),
        clock: Some(ClockSetting::On(TimeControl::PerMove { ms: 3 * DAY_MS })),
        level: Some(Level::new(2).unwrap()),
        vacation: true,
    });
    for text in [
        "challenge callanish bot size=7 as=black clock=3d level=2",
        "challenge size=7 callanish as=black bot level=2 clock=3d",
        "!challenge bot callanish level=2 SIZE=7 clock=3d as=BLACK",
    ] {
        assert_eq!(parse(text), Ok(expected.clone()), "{text}");
    }
    assert_eq!(
        parse("rating callanish @bob"),
        Ok(Command::Rating {
            player: Some(User::new("bob", "bob")),
            game: Some(GameKind::Callanish)
        })
    );
    assert_eq!(
        parse("leaderboard all sight"),
        Ok(Command::Leaderboard {
            game: GameKind::Sight,
            scope: Scope::All
        })
    );
    assert_eq!(
        parse("settings threads=off"),
        Ok(Command::Settings {
            threads: Some(false),
            web: None,
            puzzle: None
        })
    );
    assert_eq!(
        parse("settings web=off"),
        Ok(Command::Settings {
            threads: None,
            web: Some(false),
            puzzle: None
        })
    );
    assert_eq!(
        parse("settings puzzle=08:30 zone=Asia/Tokyo"),
        Ok(Command::Settings {
            threads: None,
            web: None,
            puzzle: Some(DailySetting::At(
                cairn_bot::digest::DigestAt::parse("08:30", Some("Asia/Tokyo")).unwrap()
            ))
        })
    );
    assert_eq!(
        parse("settings puzzle=off"),
        Ok(Command::Settings {
            threads: None,
            web: None,
            puzzle: Some(DailySetting::Off)
        })
    );
    assert!(parse("settings puzzle=25:00").is_err());
    assert!(parse("settings zone=Asia/Tokyo").is_err());
    assert_eq!(
        parse("puzzle"),
        Ok(Command::Puzzle {
            action: PuzzleAction::Show
        })
    );
    assert_eq!(
        parse("puzzle sight"),
        Ok(Command::Puzzle {
            action: PuzzleAction::New(Some(GameKind::Sight))
        })
    );
    assert_eq!(
        parse("puzzle new"),
        Ok(Command::Puzzle {
            action: PuzzleAction::New(None)
        })
    );
    assert_eq!(
        parse("puzzle b3"),
        Ok(Command::Puzzle {
            action: PuzzleAction::Answer("b3".into())
        })
    );
    assert_eq!(
        parse("rating puzzles @bob"),
        Ok(Command::PuzzleRating {
            player: Some(User::new("bob", "bob"))
        })
    );
    assert_eq!(
        parse("puzzle rating"),
        Ok(Command::PuzzleRating { player: None })
    );
    assert_eq!(parse("review"), Ok(Command::Review { game: None }));
    assert!(parse("review not-an-id").is_err());
    assert_eq!(
        parse("notify dm"),
        Ok(Command::Notify {
            mode: Some(Notify::Direct),
            digest: None
        })
    );
    assert_eq!(
        parse("lang JA"),
        Ok(Command::Lang {
            language: Some(Lang::Ja)
        })
    );
    assert_eq!(
        parse("help jugar"),
        Ok(Command::Help {
            topic: Some(HelpTopic::Command("move"))
        })
    );
    // A mention the platform resolved is the opponent.
    let config = BotConfig::default();
    let bob = User::new("id-bob", "Bob");
    let context = Context::new(&config, std::slice::from_ref(&bob));
    assert_eq!(
        cairn_bot::command_set::parse("challenge sight @Bob", &context),
        Ok(Command::Challenge(ChallengeArgs {
            opponent: Opponent::User(bob),
            ..challenge(GameKind::Sight, "x")
        }))
    );
}

#[test]
fn a_game_is_named_by_its_title_in_any_language() {
    for text in ["rules カラニッシュ", "rules Callanish", "rules CALLANISH"] {
        assert_eq!(
            parse(text),
            Ok(Command::Rules {
                game: Some(GameKind::Callanish)
            }),
            "{text}"
        );
    }
    for kind in GameKind::ALL {
        for lang in Lang::ALL {
            let title = cairn_bot::i18n::say(lang, &kind.title_message());
            let Ok(Command::Challenge(args)) = parse(&format!("challenge {title} bot")) else {
                panic!("{lang}: challenge {title} bot");
            };
            assert_eq!(args.setup.kind, kind, "{lang}: {title}");
        }
    }
}

#[test]
fn values_are_checked_where_they_are_read() {
    let invalid = |text: &str| match parse(text) {
        Err(ParseError::Invalid(error)) => error,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        invalid("rules chess"),
        ArgError::UnknownGame {
            command: "rules",
            word: "chess".into()
        }
    );
    assert_eq!(
        invalid("challenge"),
        ArgError::Missing {
            command: "challenge",
            arg: "game"
        }
    );
    assert_eq!(
        invalid("challenge sight bot level=9"),
        ArgError::Level { word: "9".into() }
    );
    assert_eq!(
        invalid("challenge sight @bob level=2"),
        ArgError::LevelForHuman
    );
    assert!(matches!(
        invalid("challenge sight bot clock=soon"),
        ArgError::Clock(_)
    ));
    assert!(matches!(
        invalid("challenge sight bot as=purple"),
        ArgError::NotASide { .. }
    ));
    assert!(matches!(
        invalid("challenge alquad bot as=white"),
        ArgError::PieRuleSide { .. }
    ));
    assert_eq!(
        invalid("challenge callanish bot size=7 size=9"),
        ArgError::OptionTwice { key: "size".into() }
    );
    assert!(matches!(
        invalid("challenge callanish bot size=4"),
        ArgError::BadOptions(_) | ArgError::CannotStart { .. }
    ));
    assert!(matches!(
        invalid("notify sometimes"),
        ArgError::NotAChoice { .. }
    ));
    assert_eq!(
        invalid("lang fr"),
        ArgError::UnknownLanguage { word: "fr".into() }
    );
    // Each refusal says what was wrong and what is legal.
    let text = invalid("rules chess").text(Lang::En);
    assert!(
        text.contains("`chess`") && text.contains("Callanish"),
        "{text}"
    );
    let text = invalid("challenge sight bot level=9").text(Lang::Es);
    assert!(text.contains('9') && text.contains('5'), "{text}");
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
        "challenge callanish @bob size=7 as=black clock=3d",
        "challenge sight bot clock=7d+1d level=2",
        "challenge sight @bob clock=none",
        "challenge callanish size=7 as=black",
        "rematch",
        "move b2 a4 d1",
        "rating @bob sight",
        "leaderboard sight all",
        "settings threads=on",
        "settings threads=off web=off",
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
        "challenge <game> [opponent] [key=value ...] [as=white|black|random] [clock=3d|7d+1d|none] [level=1..5] [vacation=yes|no]"
    );
    assert_eq!(
        challenge.usage(Lang::Es),
        "challenge <juego> [oponente] [key=value ...] [as=white|black|random] [clock=3d|7d+1d|none] [level=1..5] [vacation=yes|no]"
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
    let bob = Opponent::User(User::new("id-bob", "bob"));
    let typed = Command::Challenge(ChallengeArgs {
        opponent: bob,
        ..challenge(GameKind::Sight, "bob")
    });
    bot.handle(&request("alice", typed.into()));
    bot.handle(&request("bob", Command::Accept.into()));
    let typed = bot.handle(&request(
        "alice",
        Command::Move { turn: "c3".into() }.into(),
    ));
    assert!(typed[0].text.contains("played c3"), "{}", typed[0].text);
    let text = bot.handle(&request("bob", "move c4".into()));
    assert!(text[0].text.contains("played c4"), "{}", text[0].text);
}
