//! Game records: for every game, random games played to the end round
//! trip through the JSON record (Abstract Play's shape) and the text
//! record, and replay to the same final position; the `position --record`
//! command prints the same position as `--moves`; the bot's `export` and
//! `replay` commands attach what they promise.

use std::path::Path;
use std::process::Command;

use cairn_bot::history::random_turns;
use cairn_bot::history::record::{Record, RecordPlayer};
use cairn_bot::{AttachmentKind, Bot, BotConfig, Reply, Request, User};
use cairn_rules::{AnyGame, GameKind, Options, Outcome, Reason, Seat};
use cairn_store::Store;

fn options_of(kind: GameKind) -> Vec<String> {
    match kind {
        GameKind::Callanish => vec!["size=7".into()],
        GameKind::Fanorona => vec!["board=dimy".into()],
        GameKind::Floaters => vec!["first=north".into()],
        GameKind::Collapse => vec!["setup=ranks".into()],
        _ => Vec::new(),
    }
}

fn final_position(kind: GameKind, options: &[String], turns: &[String]) -> AnyGame {
    AnyGame::replay(kind, &Options::parse(options).unwrap(), turns).unwrap()
}

fn record(kind: GameKind, seed: u64) -> Record {
    let options = options_of(kind);
    let turns = random_turns(kind, &options, 3000, seed).unwrap();
    let end = final_position(kind, &options, &turns);
    Record {
        kind,
        options,
        players: [
            RecordPlayer {
                name: "alice \"the first\"".into(),
                id: "id-alice".into(),
                is_bot: false,
                rating: Some(1623),
            },
            RecordPlayer {
                name: "Cairn".into(),
                id: "cairn".into(),
                is_bot: true,
                rating: None,
            },
        ],
        turns,
        channel: Some("discord:123".into()),
        started_ms: Some(1_795_000_000_000 + seed),
        finished_ms: Some(1_795_000_900_000),
        result: Some(
            end.outcome()
                .unwrap_or(Outcome::win(Seat::Second, Reason::Resign)),
        ),
        unrated: true,
    }
}

#[test]
fn records_of_every_game_round_trip_to_the_same_final_position() {
    for kind in GameKind::ALL {
        for seed in 1..=3 {
            let original = record(kind, seed);
            let end = final_position(kind, &original.options, &original.turns);
            assert!(
                end.outcome().is_some(),
                "{kind} seed {seed}: the random game ended"
            );

            let json = original.to_json(1_795_001_000_000).unwrap();
            // Abstract Play's required header fields.
            let header = &json["header"];
            assert_eq!(header["game"]["name"], kind.title());
            assert_eq!(header["site"]["name"], "Cairn");
            for key in ["date-start", "date-end", "date-generated"] {
                assert!(header[key].is_string(), "{kind}: {key}");
            }
            assert_eq!(header["players"][1]["is_ai"], true);
            assert_eq!(header["players"][0]["rating"], 1623);
            let rounds = json["moves"].as_array().unwrap();
            assert!(rounds
                .iter()
                .all(|r| r.as_array().is_some_and(|r| r.len() == 2)));

            let from_json = Record::parse(&serde_json::to_string_pretty(&json).unwrap()).unwrap();
            let mut expected = original.clone();
            // The text and JSON keep the names as given, quotes aside.
            assert_eq!(from_json, expected, "{kind} seed {seed}: JSON");
            let text = original.to_text();
            let from_text = Record::parse(&text).unwrap();
            expected.players[0].name = "alice 'the first'".into();
            assert_eq!(from_text, expected, "{kind} seed {seed}: text\n{text}");
            for back in [from_json, from_text] {
                let replayed = back.replay().unwrap();
                assert_eq!(replayed.positions.last(), Some(&end), "{kind}: same end");
            }
        }
    }
}

fn cairn() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cairn"))
}

fn position(args: &[&str]) -> (bool, String, String) {
    let out = cairn().arg("position").args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn position_replays_a_record_file_like_the_moves() {
    let dir = tempfile::tempdir().unwrap();
    for kind in [GameKind::Fanorona, GameKind::Floaters, GameKind::Callanish] {
        let original = record(kind, 5);
        let moves = original.turns.join(";");
        let mut args: Vec<&str> = vec![kind.name()];
        args.extend(original.options.iter().map(String::as_str));
        args.extend(["--moves", moves.as_str()]);
        let (ok, by_moves, err) = position(&args);
        assert!(ok, "{err}");
        let json_path = dir.path().join(format!("{kind}.json"));
        let text_path = dir.path().join(format!("{kind}.txt"));
        std::fs::write(&json_path, original.to_json(0).unwrap().to_string()).unwrap();
        std::fs::write(&text_path, original.to_text()).unwrap();
        for path in [&json_path, &text_path] {
            let (ok, by_record, err) = position(&[kind.name(), "--record", path.to_str().unwrap()]);
            assert!(ok, "{err}");
            assert_eq!(by_record, by_moves, "{kind} {}", path.display());
        }
    }
    // A record of another game, and a broken one, are refused in a sentence.
    let sight = dir.path().join("sight.txt");
    std::fs::write(&sight, "[Game \"sight\"]\n\n1. c3\n2. zz9\n").unwrap();
    let (ok, _, err) = position(&["callanish", "--record", sight.to_str().unwrap()]);
    assert!(
        !ok && err.contains("is a record of sight, not of callanish"),
        "{err}"
    );
    let (ok, _, err) = position(&["sight", "--record", sight.to_str().unwrap()]);
    assert!(!ok && err.contains("turn 2 (`zz9`)"), "{err}");
    let (ok, _, err) = position(&[
        "sight",
        "--record",
        Path::new("/nonexistent/x").to_str().unwrap(),
    ]);
    assert!(!ok && err.contains("reading /nonexistent/x"), "{err}");
}

fn say(bot: &Bot, who: &str, command: &str) -> Vec<Reply> {
    bot.handle(&Request {
        platform: "test".into(),
        channel: "main".into(),
        user: User::new(who, who),
        command: command.into(),
        mentions: Vec::new(),
        ..Default::default()
    })
}

#[test]
fn a_finished_game_posts_its_replay_and_exports_its_record() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("db")).unwrap();
    let bot = Bot::new(
        store,
        BotConfig {
            ai_seed: Some(1),
            ..BotConfig::default()
        },
    );
    assert!(say(&bot, "alice", "replay")[0]
        .text
        .contains("no game in this channel"));
    say(&bot, "alice", "challenge sight bob clock=none");
    say(&bot, "bob", "accept");
    let turns = random_turns(GameKind::Sight, &[], 500, 4).unwrap();
    let mut last = Vec::new();
    for (i, turn) in turns.iter().enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        last = say(&bot, who, &format!("move {turn}"));
        if i + 1 < turns.len() {
            assert!(last[0].files.is_empty(), "no replay before the end");
        }
    }
    let gif = last[0]
        .files
        .iter()
        .find(|f| f.kind == AttachmentKind::Gif)
        .unwrap_or_else(|| panic!("the replay comes with the last move: {}", last[0].text));
    assert!(gif.bytes.starts_with(b"GIF89a"));
    assert_eq!(AttachmentKind::Gif.content_type(), "image/gif");

    let replay = say(&bot, "carol", "replay");
    assert_eq!(replay[0].files.len(), 1, "{}", replay[0].text);
    assert_eq!(
        replay[0].files[0].bytes, gif.bytes,
        "the same replay on request"
    );

    let export = say(&bot, "carol", "export");
    let kinds: Vec<AttachmentKind> = export[0].files.iter().map(|f| f.kind).collect();
    assert_eq!(kinds, [AttachmentKind::Json, AttachmentKind::Text]);
    for file in &export[0].files {
        let record = Record::parse(std::str::from_utf8(&file.bytes).unwrap()).unwrap();
        assert_eq!(record.turns, turns);
        assert_eq!(record.players[0].name, "alice");
        assert_eq!(record.channel.as_deref(), Some("test:main"));
        assert!(record.result.is_some() && record.finished_ms.is_some());
    }
}
