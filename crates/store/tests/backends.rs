//! The store's guarantees, run unchanged against both backends: sled in a
//! temporary directory, and PostgreSQL in a fresh database on the server
//! named by `CAIRN_TEST_POSTGRES` (started by `scripts/test`; without it
//! the PostgreSQL half skips with one line).

use std::sync::Arc;

use cairn_rules::{AnyGame, GameKind, Options, Outcome, Reason, Seat};
use cairn_store::{
    Challenge, Change, ChannelRecord, FinishedGame, GameRecord, MoveError, Player, PlayerRecord,
    PuzzleAttempt, PuzzlePlayer, PuzzleRecord, PuzzleResult, PuzzleSource, RawEntry,
    ServerSettings, Store, TreeName, TurnRecord, Update, UserSettings, SCHEMA_VERSION,
};

/// A store of each available backend, with its name. The temporary
/// directory lives as long as the store.
fn backends(test: &str) -> Vec<(&'static str, Store, Option<tempfile::TempDir>)> {
    let dir = tempfile::tempdir().expect("temp dir");
    let sled = Store::open(dir.path().join("db")).expect("open sled");
    let mut out = vec![("sled", sled, Some(dir))];
    if let Some(admin) = cairn_store::testing::postgres_url(test) {
        let url = cairn_store::testing::create_database(&admin).expect("create a test database");
        out.push(("postgres", Store::connect(&url).expect("connect"), None));
    }
    out
}

fn player(id: &str) -> Player {
    Player {
        id: id.into(),
        name: format!("Player {id}"),
        is_bot: false,
    }
}

fn challenge(expires_ms: Option<u64>) -> Challenge {
    Challenge {
        game: GameKind::Alquerque,
        options: Vec::new(),
        challenger: player("alice"),
        challenged: Some(player("bob")),
        challenger_seat: Seat::First,
        level: None,
        at_ms: 1_000,
        clock: None,
        expires_ms,
        no_vacation: false,
    }
}

/// A game of Alquerque two turns each into play (a game ended sooner is
/// unrated).
fn game(a: &str, b: &str) -> GameRecord {
    let mut game = AnyGame::new(GameKind::Alquerque, &Options::default()).expect("a new game");
    let mut history = Vec::new();
    for at_ms in 1_001..1_005 {
        let seat = game.to_move();
        let turn = game.legal_strings()[0].clone();
        game.play_str(&turn).expect("a legal turn");
        history.push(TurnRecord { turn, seat, at_ms });
    }
    let mut record = GameRecord::new(
        GameKind::Alquerque,
        Vec::new(),
        [player(a), player(b)],
        game,
        1_000,
    );
    record.history = history;
    record
}

fn with_game(record: GameRecord) -> ChannelRecord {
    ChannelRecord {
        schema: SCHEMA_VERSION,
        challenge: None,
        game: Some(record),
        ..ChannelRecord::default()
    }
}

fn put(store: &Store, key: &str, record: ChannelRecord) {
    store
        .update(key, |_| Update {
            change: Change::Put(record.clone()),
            archive: None,
            value: (),
        })
        .expect("write");
}

/// End the game in `key` on time (rated) if it is still going on: the
/// command both racing threads run. True when this call ended it.
fn end_on_time(store: &Store, key: &str, at_ms: u64) -> bool {
    store
        .update(key, |current| {
            let Some(mut record) = current else {
                return Update::keep(false);
            };
            let Some(game) = record.game.as_mut().filter(|g| g.in_progress()) else {
                return Update::keep(false);
            };
            game.result = Some(Outcome::win(Seat::Second, Reason::Timeout));
            game.finished_ms = Some(at_ms);
            let finished = FinishedGame {
                schema: SCHEMA_VERSION,
                channel: key.to_string(),
                finished_ms: at_ms,
                record: game.clone(),
            };
            Update {
                change: Change::Put(record),
                archive: Some(finished),
                value: true,
            }
        })
        .expect("end the game")
}

#[test]
fn compare_and_swap_loses_no_update_between_two_threads() {
    for (name, store, _dir) in backends("compare_and_swap_loses_no_update_between_two_threads") {
        let key = "console:race";
        put(
            &store,
            key,
            ChannelRecord {
                schema: SCHEMA_VERSION,
                challenge: Some(challenge(None)),
                game: None,
                ..ChannelRecord::default()
            },
        );
        let store = Arc::new(store);
        let threads: Vec<_> = (0..2)
            .map(|thread| {
                let store = Arc::clone(&store);
                std::thread::spawn(move || {
                    for i in 0..40 {
                        store
                            .update(key, |current| {
                                let mut record = current.expect("the record is there");
                                if let Some(c) = record.challenge.as_mut() {
                                    c.options.push(format!("t{thread}-{i}"));
                                }
                                Update {
                                    change: Change::Put(record),
                                    archive: None,
                                    value: (),
                                }
                            })
                            .expect("update");
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().expect("thread");
        }
        let options = store
            .load(key)
            .expect("load")
            .and_then(|r| r.challenge)
            .map(|c| c.options)
            .unwrap_or_default();
        assert_eq!(options.len(), 80, "{name}: every update kept once");
        let mut unique = options.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 80, "{name}: no update applied twice");
        // Each thread's own updates stay in order.
        for thread in 0..2 {
            let mine: Vec<&String> = options
                .iter()
                .filter(|o| o.starts_with(&format!("t{thread}-")))
                .collect();
            let expected: Vec<String> = (0..40).map(|i| format!("t{thread}-{i}")).collect();
            assert_eq!(
                mine,
                expected.iter().collect::<Vec<_>>(),
                "{name}: thread {thread} in order"
            );
        }
    }
}

#[test]
fn a_game_ended_by_two_racing_commands_is_archived_and_rated_once() {
    for (name, store, _dir) in
        backends("a_game_ended_by_two_racing_commands_is_archived_and_rated_once")
    {
        let store = Arc::new(store);
        for round in 0..5u64 {
            let key = format!("console:end{round}");
            put(&store, &key, with_game(game("alice", "bob")));
            let enders: Vec<_> = (0..2)
                .map(|_| {
                    let store = Arc::clone(&store);
                    let key = key.clone();
                    std::thread::spawn(move || end_on_time(&store, &key, 10_000 + round))
                })
                .collect();
            let ended: Vec<bool> = enders
                .into_iter()
                .map(|t| t.join().expect("thread"))
                .collect();
            assert_eq!(
                ended.iter().filter(|e| **e).count(),
                1,
                "{name}: exactly one command ended game {round}"
            );
        }
        assert_eq!(store.archive().count(), 5, "{name}: five archived games");
        let alice = store
            .rating(GameKind::Alquerque, "console", "alice")
            .expect("rating")
            .expect("alice is rated");
        let bob = store
            .rating(GameKind::Alquerque, "console", "bob")
            .expect("rating")
            .expect("bob is rated");
        assert_eq!((alice.games, alice.losses), (5, 5), "{name}");
        assert_eq!((bob.games, bob.wins), (5, 5), "{name}");
        assert!(bob.rating.rating > alice.rating.rating, "{name}");
        assert_eq!(
            store
                .ratings_of(GameKind::Alquerque)
                .expect("ratings")
                .len(),
            2
        );
        assert!(store
            .ratings_of(GameKind::Fanorona)
            .expect("ratings")
            .is_empty());
        // The player index behind `games`: finished, newest first.
        let finished = store.finished_games_of("alice", 3).expect("finished");
        let times: Vec<u64> = finished.iter().map(|f| f.finished_ms).collect();
        assert_eq!(times, vec![10_004, 10_003, 10_002], "{name}");
        assert!(store
            .finished_games_of("carol", 3)
            .expect("finished")
            .is_empty());
    }
}

#[test]
fn the_player_index_follows_every_write() {
    for (name, store, _dir) in backends("the_player_index_follows_every_write") {
        put(&store, "console:a", with_game(game("alice", "bob")));
        put(&store, "console:b", with_game(game("carol", "alice")));
        put(&store, "console:c", with_game(game("carol", "dave")));
        let channels = |user: &str| -> Vec<String> {
            let (games, unreadable) = store.active_games_of(user).expect("games");
            assert!(unreadable.is_empty());
            let mut keys: Vec<String> = games.into_iter().map(|(k, _)| k).collect();
            keys.sort();
            keys
        };
        assert_eq!(channels("alice"), ["console:a", "console:b"], "{name}");
        assert_eq!(channels("dave"), ["console:c"], "{name}");
        // A new game with other players in the same channel.
        put(&store, "console:a", with_game(game("erin", "bob")));
        assert_eq!(channels("alice"), ["console:b"], "{name}");
        assert_eq!(channels("erin"), ["console:a"], "{name}");
        // A finished game is no longer a game in progress.
        end_on_time(&store, "console:b", 5_000);
        assert!(channels("alice").is_empty(), "{name}");
        // A removed record leaves the index.
        store
            .update("console:c", |_| Update {
                change: Change::Remove,
                archive: None,
                value: (),
            })
            .expect("remove");
        assert!(channels("dave").is_empty(), "{name}");
    }
}

/// `channels_of` finds a user's challenges too (made, received or open)
/// on both backends: the player index holds a challenge's people.
#[test]
fn the_player_index_holds_challenges() {
    for (name, store, _dir) in backends("the_player_index_holds_challenges") {
        let open = Challenge {
            challenged: None,
            challenger: player("carol"),
            ..challenge(Some(9_000))
        };
        let with = |challenge: Challenge| ChannelRecord {
            schema: SCHEMA_VERSION,
            challenge: Some(challenge),
            game: None,
            ..ChannelRecord::default()
        };
        put(&store, "console:a", with(challenge(Some(9_000))));
        put(&store, "console:b", with(open));
        let channels = |user: &str| -> Vec<String> {
            let (records, unreadable) = store.channels_of(user).expect("channels");
            assert!(unreadable.is_empty());
            let mut keys: Vec<String> = records.into_iter().map(|(k, _)| k).collect();
            keys.sort();
            keys
        };
        assert_eq!(channels("alice"), ["console:a"], "{name}");
        assert_eq!(channels("bob"), ["console:a"], "{name}");
        assert_eq!(channels("carol"), ["console:b"], "{name}");
        assert!(channels("dave").is_empty(), "{name}");
        // The game that starts takes the challenge's place in the index.
        put(&store, "console:b", with_game(game("dave", "carol")));
        assert_eq!(channels("dave"), ["console:b"], "{name}");
        assert!(store.active_games_of("carol").expect("games").0.len() == 1);
    }
}

#[test]
fn deadlines_change_with_their_records() {
    for (name, store, _dir) in backends("deadlines_change_with_their_records") {
        let lapsing = |at: u64| ChannelRecord {
            schema: SCHEMA_VERSION,
            challenge: Some(challenge(Some(at))),
            game: None,
            ..ChannelRecord::default()
        };
        put(&store, "console:x", lapsing(5_000));
        put(&store, "console:y", lapsing(3_000));
        put(&store, "matrix:!r", lapsing(1_000));
        assert_eq!(
            store.next_due("console").expect("next"),
            Some(3_000),
            "{name}"
        );
        assert_eq!(store.due("console", 2_999).expect("due"), vec![], "{name}");
        assert_eq!(
            store.due("console", 5_000).expect("due"),
            vec![
                (3_000, "console:y".to_string()),
                (5_000, "console:x".to_string())
            ],
            "{name}"
        );
        assert_eq!(store.pending_count(), 3, "{name}");
        // Moving a due moment moves its index entry.
        put(&store, "console:y", lapsing(9_000));
        assert_eq!(
            store.next_due("console").expect("next"),
            Some(5_000),
            "{name}"
        );
        // Removing the record removes it.
        store
            .update("console:x", |_| Update {
                change: Change::Remove,
                archive: None,
                value: (),
            })
            .expect("remove");
        assert_eq!(
            store.due("console", u64::MAX / 2).expect("due"),
            vec![(9_000, "console:y".to_string())],
            "{name}"
        );
        // A stale entry (its record quarantined) is dropped; a live one stays.
        assert!(store
            .move_raw(
                TreeName::Channels,
                TreeName::Quarantine,
                b"matrix:!r",
                b"matrix:!r@1"
            )
            .expect("quarantine"));
        store.drop_stale_deadline("console:y", 9_000).expect("drop");
        store.drop_stale_deadline("matrix:!r", 1_000).expect("drop");
        assert_eq!(
            store.next_due("console").expect("next"),
            Some(9_000),
            "{name}"
        );
        assert_eq!(store.next_due("matrix").expect("next"), None, "{name}");
        assert_eq!(
            store.entries(TreeName::Quarantine).expect("q").len(),
            1,
            "{name}"
        );
    }
}

#[test]
fn settings_and_places_are_kept() {
    for (name, store, _dir) in backends("settings_and_places_are_kept") {
        assert_eq!(
            store.user_settings("discord", "1").expect("read"),
            UserSettings::default()
        );
        let quiet = UserSettings {
            notify: cairn_store::Notify::Off,
            autoplay: true,
        };
        store
            .set_user_settings("discord", "1", &quiet)
            .expect("set");
        assert_eq!(
            store.user_settings("discord", "1").expect("read"),
            quiet,
            "{name}"
        );
        assert_eq!(
            store.user_settings("matrix", "1").expect("read"),
            UserSettings::default(),
            "{name}: per platform"
        );
        let threads_off = ServerSettings {
            threads: false,
            lang: Some("ja".into()),
            web: false,
        };
        store
            .set_server_settings("discord", "9", &threads_off)
            .expect("set");
        assert_eq!(
            store.server_settings("discord", "9").expect("read"),
            threads_off
        );
        assert_eq!(store.place_of("discord:5").expect("place"), "discord:5");
        assert!(store.web_allowed("discord:5").expect("read"), "no server");
        store
            .set_place("discord:5", "discord-server:9")
            .expect("set");
        assert_eq!(
            store.place_of("discord:5").expect("place"),
            "discord-server:9",
            "{name}"
        );
        assert_eq!(
            store.server_of("discord:5").expect("read"),
            Some("9".into())
        );
        assert!(
            !store.web_allowed("discord:5").expect("read"),
            "{name}: web=off"
        );
        store
            .set_place("discord:6", "discord-server:8")
            .expect("set");
        assert!(
            store.web_allowed("discord:6").expect("read"),
            "{name}: on by default"
        );
        assert_eq!(store.place_of("matrix:!r/$t").expect("place"), "matrix:!r");
    }
}

#[test]
fn a_game_moves_to_an_empty_channel_with_its_deadline_and_place() {
    for (name, store, _dir) in
        backends("a_game_moves_to_an_empty_channel_with_its_deadline_and_place")
    {
        let mut timed = game("alice", "bob");
        let control = cairn_store::clock::TimeControl::parse("1d", 0)
            .expect("a time control")
            .expect("timed");
        timed.clock = Some(cairn_store::clock::GameClock::new(control, 1_000));
        let due = timed.next_due_ms().expect("a timed game is due sometime");
        put(&store, "discord:1", with_game(timed));
        store
            .set_place("discord:1", "discord-server:7")
            .expect("place");
        put(
            &store,
            "discord:busy",
            ChannelRecord {
                schema: SCHEMA_VERSION,
                challenge: Some(challenge(None)),
                game: None,
                ..ChannelRecord::default()
            },
        );
        assert!(
            matches!(
                store.move_game("discord:1", "discord:busy"),
                Err(MoveError::Occupied)
            ),
            "{name}"
        );
        assert!(
            matches!(
                store.move_game("discord:none", "discord:2"),
                Err(MoveError::NoGame)
            ),
            "{name}"
        );
        store.move_game("discord:1", "discord:2").expect("move");
        assert!(store.load("discord:1").expect("load").is_none(), "{name}");
        assert!(store
            .load("discord:2")
            .expect("load")
            .and_then(|r| r.game)
            .is_some());
        assert_eq!(
            store.due("discord", u64::MAX / 2).expect("due"),
            vec![(due, "discord:2".to_string())],
            "{name}"
        );
        assert_eq!(
            store.place_of("discord:2").expect("place"),
            "discord-server:7"
        );
        let (games, _) = store.active_games_of("bob").expect("games");
        assert_eq!(games.len(), 1, "{name}");
        assert_eq!(games[0].0, "discord:2", "{name}");
    }
}

/// Fill a store with one of everything.
fn fill(store: &Store) {
    put(store, "console:a", with_game(game("alice", "bob")));
    put(store, "console:b", with_game(game("bob", "carol")));
    end_on_time(store, "console:b", 7_000);
    put(
        store,
        "console:c",
        ChannelRecord {
            schema: SCHEMA_VERSION,
            challenge: Some(challenge(Some(50_000))),
            game: None,
            ..ChannelRecord::default()
        },
    );
    store
        .set_user_settings("console", "alice", &UserSettings::default())
        .expect("settings");
    store
        .set_server_settings(
            "discord",
            "9",
            &ServerSettings {
                threads: false,
                ..ServerSettings::default()
            },
        )
        .expect("settings");
    store
        .set_place("console:a", "console:lobby")
        .expect("place");
}

#[test]
fn a_dump_inserted_into_an_empty_store_reads_back_identical() {
    for (name, store, _dir) in backends("a_dump_inserted_into_an_empty_store_reads_back_identical")
    {
        fill(&store);
        let dump = store.dump().expect("dump");
        let trees: std::collections::BTreeSet<&str> =
            dump.iter().map(|e| e.tree.as_str()).collect();
        for tree in [
            "channels",
            "archive",
            "deadlines",
            "users",
            "servers",
            "ratings",
            "places",
        ] {
            assert!(trees.contains(tree), "{name}: the dump holds {tree}");
        }
        for (other_name, other, _other_dir) in
            backends("a_dump_inserted_into_an_empty_store_reads_back_identical")
        {
            other.insert_raw(&dump).expect("insert");
            assert_eq!(other.dump().expect("dump"), dump, "{name} -> {other_name}");
            // What was inserted works as a store: the index behind `games`.
            let (games, _) = other.active_games_of("alice").expect("games");
            assert_eq!(games.len(), 1, "{name} -> {other_name}");
            assert_eq!(
                other.finished_games_of("carol", 5).expect("finished").len(),
                1
            );
            // A second insert of the same keys is refused, changing nothing.
            assert!(
                other.insert_raw(&dump[..1]).is_err(),
                "{name} -> {other_name}"
            );
            assert_eq!(other.dump().expect("dump"), dump);
        }
        // Bytes that are not JSON survive too (an unreadable record).
        let odd = RawEntry {
            tree: TreeName::Quarantine,
            key: b"console:odd@1".to_vec(),
            value: vec![0, 159, 146, 150],
        };
        store
            .insert_raw(std::slice::from_ref(&odd))
            .expect("insert");
        assert!(store.dump().expect("dump").contains(&odd), "{name}");
    }
}

#[test]
fn a_wrong_password_is_refused_without_showing_it() {
    let Some(admin) =
        cairn_store::testing::postgres_url("a_wrong_password_is_refused_without_showing_it")
    else {
        return;
    };
    // The same server and user with another password.
    let (scheme, rest) = admin.split_once("://").expect("a URL");
    let (user_info, host) = rest.rsplit_once('@').expect("a user");
    let user = user_info.split_once(':').map_or(user_info, |(u, _)| u);
    let wrong = format!("{scheme}://{user}:NotThePassword42@{host}");
    let error = Store::connect(&wrong).err().expect("refused").to_string();
    assert!(!error.contains("NotThePassword42"), "{error}");
    assert!(
        error.contains("***") || !error.contains(user_info),
        "{error}"
    );
    assert!(error.contains("password authentication failed"), "{error}");
}

#[test]
fn a_deadline_changed_by_another_process_wakes_the_scheduler() {
    let Some(admin) = cairn_store::testing::postgres_url(
        "a_deadline_changed_by_another_process_wakes_the_scheduler",
    ) else {
        return;
    };
    let url = cairn_store::testing::create_database(&admin).expect("a test database");
    // Two stores on one database: two processes as far as PostgreSQL knows.
    let here = Store::connect(&url).expect("connect");
    let there = Store::connect(&url).expect("connect");
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    here.on_deadline_change(move || {
        let _ = tx.lock().map(|tx| tx.send(()));
    });
    let wait = std::time::Duration::from_secs(10);
    // Listening starts with a wake (anything may have changed before).
    rx.recv_timeout(wait).expect("woken when listening starts");
    std::thread::sleep(std::time::Duration::from_millis(200));
    while rx.try_recv().is_ok() {}
    // A write that changes no due moment wakes nobody.
    there
        .set_user_settings("console", "alice", &UserSettings::default())
        .expect("settings");
    put(&there, "console:quiet", with_game(game("alice", "bob")));
    assert!(
        rx.recv_timeout(std::time::Duration::from_millis(500))
            .is_err(),
        "no wake without a deadline change"
    );
    // A due moment further away than the schedulers' poll wakes nobody
    // either (an ordinary move on a clock sends no NOTIFY): the poll
    // finds it in time.
    let later = cairn_store::now_ms() + cairn_store::DEADLINE_POLL_MS + 3_600_000;
    put(
        &there,
        "console:later",
        ChannelRecord {
            schema: SCHEMA_VERSION,
            challenge: Some(challenge(Some(later))),
            game: None,
            ..ChannelRecord::default()
        },
    );
    assert!(
        rx.recv_timeout(std::time::Duration::from_millis(500))
            .is_err(),
        "no wake for a due moment an hour away"
    );
    // A new due moment soon, in the other process, wakes this one.
    put(
        &there,
        "console:timed",
        ChannelRecord {
            schema: SCHEMA_VERSION,
            challenge: Some(challenge(Some(60_000))),
            game: None,
            ..ChannelRecord::default()
        },
    );
    rx.recv_timeout(wait)
        .expect("woken by the other process's deadline");
}

/// Answer the puzzle `id` for `user` unless their attempt is already over:
/// true when this call ended it.
fn answer_puzzle(store: &Store, user: &str, id: &str, solved: bool) -> bool {
    let key = format!("console:~player~{user}");
    store
        .update_rating_puzzle(&key, |record| {
            let mut record = record.expect("the player's record");
            let player = record.player.as_mut().expect("a player record");
            let puzzles = player.puzzles.get_or_insert_with(Default::default);
            if puzzles.current.as_ref().map(|c| c.id.as_str()) != Some(id) {
                return (Update::keep(false), None);
            }
            puzzles.current = None;
            let result = PuzzleResult {
                kind: GameKind::Sight,
                id: id.to_string(),
                player: puzzles.rating,
                solved,
            };
            let (mine, _) = cairn_store::rating::rate_puzzle(
                puzzles.rating,
                cairn_store::rating::Rating::default(),
                solved,
            );
            puzzles.rating = mine;
            puzzles.attempts += 1;
            let update = Update {
                change: Change::Put(record),
                archive: None,
                value: true,
            };
            (update, Some(result))
        })
        .expect("update")
}

#[test]
fn a_puzzle_answered_by_two_racing_commands_is_rated_once() {
    for (name, store, _dir) in backends("a_puzzle_answered_by_two_racing_commands_is_rated_once") {
        let store = Arc::new(store);
        let puzzle = PuzzleRecord::new(
            GameKind::Sight,
            vec![],
            vec!["a1".into()],
            3,
            "b2".into(),
            PuzzleSource::Shipped,
        );
        assert_eq!(
            store
                .add_puzzles(std::slice::from_ref(&puzzle))
                .expect("add"),
            1
        );
        assert_eq!(
            store
                .add_puzzles(std::slice::from_ref(&puzzle))
                .expect("add"),
            0,
            "{name}"
        );
        for round in 0..5 {
            let user = format!("u{round}");
            let attempt = PuzzleAttempt {
                id: puzzle.id.clone(),
                kind: GameKind::Sight,
                channel: "console:c".into(),
                line: vec![],
                started_ms: 0,
                pick: None,
            };
            let record = ChannelRecord {
                player: Some(PlayerRecord {
                    user: player(&user),
                    puzzles: Some(Box::new(PuzzlePlayer {
                        current: Some(attempt),
                        ..PuzzlePlayer::default()
                    })),
                    ..PlayerRecord::default()
                }),
                ..ChannelRecord::new(None, None)
            };
            put(&store, &format!("console:~player~{user}"), record);
            let answers: Vec<_> = (0..2)
                .map(|_| {
                    let (store, user, id) = (Arc::clone(&store), user.clone(), puzzle.id.clone());
                    std::thread::spawn(move || answer_puzzle(&store, &user, &id, round % 2 == 0))
                })
                .collect();
            let ended = answers
                .into_iter()
                .map(|t| t.join().expect("thread"))
                .filter(|e| *e)
                .count();
            assert_eq!(ended, 1, "{name}: one answer ended attempt {round}");
        }
        let stored = store
            .puzzle(GameKind::Sight, &puzzle.id)
            .expect("read")
            .expect("kept");
        assert_eq!((stored.attempts, stored.solved), (5, 3), "{name}");
        assert_ne!(stored.rating, puzzle.rating, "{name}");
        assert_eq!(store.puzzles(Some(GameKind::Sight)).expect("list").len(), 1);
        assert!(store
            .puzzles(Some(GameKind::Collapse))
            .expect("list")
            .is_empty());
    }
}
