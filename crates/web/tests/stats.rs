//! The statistics pages against a hand count of a fixture archive: games
//! written straight into the store's archive with known results, lengths
//! and variants, beside games that must not count (a direct conversation's,
//! a server's that said `settings web=off`).

mod common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use cairn_rules::{AnyGame, GameKind, Options, Outcome, Reason, Seat};
use cairn_store::{
    Change, ChannelRecord, FinishedGame, GameId, GameRecord, Player, ServerSettings, Store,
    TurnRecord, Update,
};
use cairn_web::{router, WebConfig};
use common::Chat;
use tower::ServiceExt;

async fn get(web: &Router, uri: &str) -> (StatusCode, String, String) {
    let request = Request::get(uri).body(Body::empty()).expect("request");
    let response = web.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let policy = response
        .headers()
        .get(header::CONTENT_SECURITY_POLICY)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("body");
    (
        status,
        String::from_utf8(body.to_vec()).expect("UTF-8"),
        policy,
    )
}

fn player(name: &str) -> Player {
    Player {
        id: format!("id-{name}"),
        name: name.into(),
        is_bot: false,
    }
}

/// A finished game of `kind` with `options`: `turns` first legal turns,
/// then `result` (`winner` counted from the first mover: `Some(true)` the
/// first mover won, `Some(false)` the other, `None` a draw).
fn game(
    kind: GameKind,
    options: &[&str],
    turns: usize,
    winner: Option<bool>,
    reason: Reason,
) -> GameRecord {
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let parsed = Options::parse(&options).expect("options");
    let mut game = AnyGame::new(kind, &parsed).expect("a game");
    let first = game.to_move();
    let mut history = Vec::new();
    for n in 0..turns {
        let seat = game.to_move();
        let turn = game.legal_strings()[0].clone();
        game.play_str(&turn).expect("a legal turn");
        history.push(TurnRecord {
            turn,
            seat,
            at_ms: 1_000 + n as u64,
        });
    }
    assert!(game.outcome().is_none(), "the fixture ends by its result");
    let other = if first == Seat::First {
        Seat::Second
    } else {
        Seat::First
    };
    let result = match winner {
        Some(true) => Outcome::win(first, reason),
        Some(false) => Outcome::win(other, reason),
        None => Outcome::draw(reason),
    };
    GameRecord {
        id: Some(GameId::random().expect("randomness")),
        kind,
        options,
        players: [player("ann"), player("<b>ben</b>")],
        game,
        history,
        started_ms: 1_000,
        last: Default::default(),
        undo_request: None,
        draw_offer: None,
        resign_request: [None; 2],
        level: None,
        result: Some(result),
        clock: None,
        finished_ms: Some(2_000),
        picks: Default::default(),
        public_place: true,
        no_vacation: false,
        premoves: Default::default(),
        premoves_dropped: [false; 2],
    }
}

/// Archive `record` as finished in `channel` (`test:<channel>`), each at
/// a moment of its own (the archive is keyed by time).
fn archive(store: &Store, channel: &str, mut record: GameRecord) {
    static MOMENT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(2_000);
    let at = MOMENT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    record.finished_ms = Some(at);
    let key = Store::channel_key("test", channel);
    let finished = FinishedGame::new(&key, at, record);
    store
        .update(&key, |_| Update {
            change: Change::Put(ChannelRecord::new(None, None)),
            archive: Some(finished.clone()),
            value: (),
        })
        .expect("archived");
}

/// The fixture, counted by hand:
/// - Alquerque, public: 4 turns won by the first mover (resign); 3 turns
///   won by the other on time; 2 turns drawn by agreement; 5 turns won by
///   the first mover on time. 4 games, first mover 2 of 4 (50 %, Wilson
///   95 %: 15.0 % to 85.0 %), draws 1 of 4 (25 %), on time 2 of 4 (50 %),
///   (4 + 3 + 2 + 5) / 4 = 3.5 turns.
/// - Callanish, public: `size=7` twice, the defaults once, each 1 turn and
///   won by the first mover: 3 games, 100 % (43.9 % to 100.0 %), 1.0 turn.
/// - Not counted: an Alquerque game in a direct conversation, one in a
///   server that said `settings web=off`.
fn fixture(store: &Store) {
    use GameKind::{Alquerque, Callanish};
    archive(
        store,
        "lobby",
        game(Alquerque, &[], 4, Some(true), Reason::Resign),
    );
    archive(
        store,
        "lobby",
        game(Alquerque, &[], 3, Some(false), Reason::Timeout),
    );
    archive(
        store,
        "lobby",
        game(Alquerque, &[], 2, None, Reason::Agreement),
    );
    archive(
        store,
        "lobby",
        game(Alquerque, &[], 5, Some(true), Reason::Timeout),
    );
    for options in [&["size=7"][..], &["size=7"], &[]] {
        archive(
            store,
            "lobby",
            game(Callanish, options, 1, Some(true), Reason::Resign),
        );
    }
    let mut private = game(Alquerque, &[], 6, Some(false), Reason::Resign);
    private.public_place = false;
    archive(store, "dm", private);
    store
        .set_place("test:hidden", "test-server:g2")
        .expect("a place");
    store
        .set_server_settings(
            "test",
            "g2",
            &ServerSettings {
                web: false,
                ..ServerSettings::default()
            },
        )
        .expect("settings");
    archive(
        store,
        "hidden",
        game(Alquerque, &[], 7, Some(false), Reason::Resign),
    );
}

fn fresh(store: &Store) -> Router {
    let mut config = WebConfig::new("https://cairn.example");
    config.archive_refresh = std::time::Duration::ZERO;
    router(store.clone(), config)
}

/// The cells of the table row of a game on `/stats`.
fn row(html: &str, name: &str) -> Vec<String> {
    let start = html
        .find(&format!("href=\"/stats/{name}\""))
        .unwrap_or_else(|| panic!("a row for {name}: {html}"));
    let rest = &html[start..];
    let end = rest.find("</tr>").expect("the row's end");
    rest[..end]
        .split("<td class=\"n\">")
        .skip(1)
        .map(|cell| cell.split("</td>").next().unwrap_or("").to_string())
        .collect()
}

#[tokio::test]
async fn statistics_match_a_hand_count_of_the_fixture_archive() {
    let chat = Chat::new();
    fixture(&chat.store);
    let web = fresh(&chat.store);
    let (status, html, policy) = get(&web, "/stats").await;
    assert_eq!(status, StatusCode::OK);
    assert!(policy.contains("default-src 'none'"), "{policy}");
    assert_eq!(
        row(&html, "alquerque"),
        [
            "4",
            "50.0 % (95 % interval: 15.0 % to 85.0 %)",
            "25.0 %",
            "3.5",
            "50.0 %"
        ]
    );
    assert_eq!(
        row(&html, "callanish"),
        [
            "3",
            "100.0 % (95 % interval: 43.9 % to 100.0 %)",
            "0.0 %",
            "1.0",
            "0.0 %"
        ]
    );
    assert!(!html.contains("/stats/sight"), "no games, no row");
    let (status, page, _) = get(&web, "/stats/callanish").await;
    assert_eq!(status, StatusCode::OK);
    let variants = &page[page.find("id=\"variants\"").expect("variants")..];
    let seven = variants.find("<code>size=7</code>").expect("size=7");
    let standard = variants.find("Default options").expect("the defaults");
    assert!(seven < standard, "most played first: {variants}");
    assert!(variants.contains("<td class=\"n\">2</td>"), "{variants}");
    assert!(page.contains("href=\"/records/callanish.json\""), "{page}");
    let (status, none, _) = get(&web, "/stats/sight").await;
    assert_eq!(status, StatusCode::OK);
    assert!(none.contains("No finished game"), "{none}");
    assert_eq!(get(&web, "/stats/nosuch").await.0, StatusCode::NOT_FOUND);
    let (_, records, _) = get(&web, "/records/alquerque.json").await;
    let records: serde_json::Value = serde_json::from_str(&records).expect("JSON");
    assert_eq!(records.as_array().map(Vec::len), Some(4), "the same games");
}

/// A game in a direct conversation, played through the bot, is absent
/// from the records and statistics, yet its page answers; `settings
/// web=off` takes a server's games out of the statistics.
#[tokio::test]
async fn a_direct_game_is_only_reachable_by_its_link_and_web_off_hides_a_server() {
    let chat = Chat::new();
    let lobby = chat.in_public("guild-1", "lobby");
    for place in [&lobby, &chat] {
        place.start("alquerque");
        place.play_one();
        place.say("bob", "resign");
        place.say("bob", "resign");
    }
    let dm = chat.game().id.expect("an id");
    let web = fresh(&chat.store);
    let (_, html, _) = get(&web, "/stats").await;
    assert_eq!(row(&html, "alquerque")[0], "1", "only the public game");
    let (_, records, _) = get(&web, "/records/all.json").await;
    assert!(!records.contains(&dm.to_string()), "{records}");
    assert_eq!(get(&web, &format!("/g/{dm}")).await.0, StatusCode::OK);
    lobby.say(common::SCRIPT_NAME, "settings web=off");
    let (_, html, _) = get(&web, "/stats").await;
    assert!(html.contains("No finished game"), "{html}");
}

/// The statistics are read at most once per refresh period: a game
/// finished meanwhile shows only after it.
#[tokio::test]
async fn statistics_are_kept_for_the_refresh_period() {
    let chat = Chat::new();
    let web = router(chat.store.clone(), WebConfig::new("https://cairn.example"));
    let (_, before, _) = get(&web, "/stats").await;
    assert!(before.contains("No finished game"), "{before}");
    fixture(&chat.store);
    let (_, cached, _) = get(&web, "/stats").await;
    assert!(
        cached.contains("No finished game"),
        "kept a minute: {cached}"
    );
    let (_, now, _) = get(&fresh(&chat.store), "/stats").await;
    assert!(now.contains("/stats/alquerque"), "{now}");
}
