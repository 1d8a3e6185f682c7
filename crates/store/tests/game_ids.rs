//! Every game's id and the index that finds a game by it, against both
//! backends (PostgreSQL when `CAIRN_TEST_POSTGRES` names a server).

use cairn_rules::{AnyGame, GameKind, Options, Outcome, Reason, Seat};
use cairn_store::{
    Change, ChannelRecord, FinishedGame, GameId, GameRecord, Player, Store, TurnRecord, Update,
};

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

/// A game of Alquerque two turns in, with the id given.
fn game(id: Option<GameId>) -> GameRecord {
    let mut game = AnyGame::new(GameKind::Alquerque, &Options::default()).expect("a new game");
    let mut history = Vec::new();
    for at_ms in 1_001..1_003 {
        let seat = game.to_move();
        let turn = game.legal_strings()[0].clone();
        game.play_str(&turn).expect("a legal turn");
        history.push(TurnRecord { turn, seat, at_ms });
    }
    let mut record = GameRecord::new(
        GameKind::Alquerque,
        Vec::new(),
        [player("alice"), player("bob")],
        game,
        1_000,
    );
    record.history = history;
    record.id = id;
    record
}

fn put(store: &Store, key: &str, game: GameRecord) {
    store
        .update(key, |_| Update {
            change: Change::Put(ChannelRecord::new(None, Some(game.clone()))),
            archive: None,
            value: (),
        })
        .expect("write");
}

/// End the game in `key` by resignation and archive it.
fn finish(store: &Store, key: &str) {
    store
        .update(key, |current| {
            let mut record = current.expect("a record");
            let game = record.game.as_mut().expect("a game");
            game.result = Some(Outcome::win(Seat::Second, Reason::Resign));
            game.finished_ms = Some(2_000);
            let finished = FinishedGame::new(key, 2_000, game.clone());
            Update {
                change: Change::Put(record),
                archive: Some(finished),
                value: (),
            }
        })
        .expect("finish");
}

fn stored_id(store: &Store, key: &str) -> GameId {
    let record = store.load(key).expect("load").expect("a record");
    record.game.and_then(|g| g.id).expect("an id")
}

#[test]
fn a_game_is_found_by_its_id_while_played_moved_and_archived() {
    for (name, store, _dir) in backends("a_game_is_found_by_its_id_while_played_moved_and_archived")
    {
        let id = GameId::random().expect("randomness");
        put(&store, "discord:1", game(Some(id)));
        let found = store.find_game(id).expect("find").expect("found");
        assert_eq!(found.channel, "discord:1", "{name}");
        assert_eq!(found.record.id, Some(id), "{name}");
        store.move_game("discord:1", "discord:2").expect("move");
        let found = store.find_game(id).expect("find").expect("found");
        assert_eq!(found.channel, "discord:2", "{name}: after a move");
        finish(&store, "discord:2");
        let found = store.find_game(id).expect("find").expect("found");
        assert!(found.record.result.is_some(), "{name}: the finished game");
        // A new game in the channel: the old one is still found, in the
        // archive.
        put(&store, "discord:2", game(None));
        let found = store.find_game(id).expect("find").expect("found");
        assert!(found.record.result.is_some(), "{name}: from the archive");
        assert_ne!(stored_id(&store, "discord:2"), id, "{name}");
        let unknown = GameId::random().expect("randomness");
        assert_eq!(store.find_game(unknown).expect("find"), None, "{name}");
    }
}

#[test]
fn a_game_stored_without_an_id_gets_one_at_its_next_write() {
    for (name, store, _dir) in backends("a_game_stored_without_an_id_gets_one_at_its_next_write") {
        put(&store, "matrix:!a", game(None));
        let id = stored_id(&store, "matrix:!a");
        // The next write keeps it.
        store
            .update("matrix:!a", |current| Update {
                change: Change::Put(current.expect("a record")),
                archive: None,
                value: (),
            })
            .expect("write");
        assert_eq!(stored_id(&store, "matrix:!a"), id, "{name}: stable");
        assert!(store.find_game(id).expect("find").is_some(), "{name}");
        // An archived game without an id gets the same one as its record.
        store
            .update("matrix:!b", |_| {
                let mut game = game(None);
                game.result = Some(Outcome::win(Seat::First, Reason::Resign));
                Update {
                    change: Change::Put(ChannelRecord::new(None, Some(game.clone()))),
                    archive: Some(FinishedGame::new("matrix:!b", 3_000, game)),
                    value: (),
                }
            })
            .expect("write");
        let id = stored_id(&store, "matrix:!b");
        let archived = store
            .archive()
            .filter_map(Result::ok)
            .find(|f| f.channel == "matrix:!b");
        assert_eq!(archived.expect("archived").record.id, Some(id), "{name}");
    }
}

#[test]
fn a_record_without_an_id_still_reads() {
    let mut json = serde_json::to_value(ChannelRecord::new(None, Some(game(None)))).expect("json");
    assert!(
        json["game"].get("id").is_none(),
        "no id is written when none"
    );
    json["game"]["id"] = serde_json::Value::String("bad".into());
    let bytes = serde_json::to_vec(&json).expect("bytes");
    assert!(
        cairn_store::decode_channel("k", &bytes).is_err(),
        "a bad id is refused"
    );
}
