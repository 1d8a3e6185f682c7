//! The web pages of a game played through the bot core, asked through the
//! router: escaping, unknown ids, images with `ETag` and `304`, `HEAD`,
//! the records (validated against Abstract Play's schema) and the event
//! stream.

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use cairn_web::{router, WebConfig};
use common::{Chat, SCRIPT_NAME};
use futures_util::StreamExt;
use tower::ServiceExt;

const PUBLIC: &str = "https://cairn.example/";

fn web(chat: &Chat) -> Router {
    router(chat.store.clone(), WebConfig::new(PUBLIC))
}

/// The pages with the archive read again on every request.
fn fresh_web(chat: &Chat) -> Router {
    let mut config = WebConfig::new(PUBLIC);
    config.archive_refresh = std::time::Duration::ZERO;
    router(chat.store.clone(), config)
}

struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("UTF-8")
    }
    fn header(&self, name: header::HeaderName) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

async fn ask(web: &Router, method: Method, uri: &str, headers: &[(&str, &str)]) -> Answer {
    let mut request = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = web
        .clone()
        .oneshot(request.body(Body::empty()).expect("request"))
        .await
        .expect("an answer");
    let status = response.status();
    let headers = response.headers().clone();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("body")
        .to_vec();
    Answer {
        status,
        headers,
        body,
    }
}

async fn get(web: &Router, uri: &str) -> Answer {
    ask(web, Method::GET, uri, &[]).await
}

#[tokio::test]
async fn a_page_shows_the_game_with_every_name_escaped() {
    let chat = Chat::new();
    let id = chat.start("alquerque");
    chat.play_one();
    chat.play_one();
    let web = web(&chat);
    let page = get(&web, &format!("/g/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        page.header(header::CONTENT_TYPE),
        "text/html; charset=utf-8"
    );
    let html = page.text();
    assert!(!html.contains(SCRIPT_NAME), "the name is markup: {html}");
    let policy = page.header(header::CONTENT_SECURITY_POLICY);
    let scripts = policy
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src"))
        .unwrap_or_default();
    assert!(scripts.starts_with("script-src 'sha256-"), "{policy}");
    assert!(!scripts.contains("unsafe"), "{policy}");
    assert_eq!(page.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    // The game, the status, the clocks, the board and its description.
    assert!(html.contains("<h1>Alquerque"), "{html}");
    assert!(html.contains("to move"), "{html}");
    assert!(html.contains("id=\"clocks\""), "{html}");
    let game = chat.game();
    let snapshot =
        cairn_bot::snapshot::snapshot(&game, 2, cairn_store::now_ms(), cairn_bot::Lang::En)
            .expect("replays")
            .expect("a position");
    let alt = maud::html! { img alt=(snapshot.description); }.into_string();
    assert!(
        html.contains(&alt[4..alt.len() - 1]),
        "the alt text is the description: {html}"
    );
    // The turns as links, the current one marked; the previous turn.
    assert!(html.contains(&format!("href=\"/g/{id}?turn=1\"")));
    assert!(html.contains(&format!("href=\"/g/{id}?turn=2\" aria-current=\"page\"")));
    assert!(html.contains(&format!("rel=\"prev\" href=\"/g/{id}?turn=1\"")));
    assert!(!html.contains("rel=\"next\""), "the last turn has no next");
    // Previews at absolute addresses.
    assert!(html.contains(&format!(
        "property=\"og:image\" content=\"https://cairn.example/g/{id}/2.png?v="
    )));
    assert!(html.contains("name=\"twitter:card\" content=\"summary_large_image\""));
    assert!(html.contains(&format!("/g/{id}/record.json")));
    // An earlier turn: its own board, both steps.
    let first = get(&web, &format!("/g/{id}?turn=1")).await.text();
    assert!(first.contains(&format!("rel=\"next\" href=\"/g/{id}?turn=2\"")));
    assert!(first.contains(&format!("/g/{id}/1.png?v=")));
    assert!(first.contains("After turn 1 of 2"), "{first}");
}

#[tokio::test]
async fn unknown_games_turns_and_files_are_not_found() {
    let chat = Chat::new();
    let id = chat.start("alquerque");
    let web = web(&chat);
    let other = cairn_store::GameId::random().expect("randomness");
    for uri in [
        format!("/g/{other}"),
        format!("/g/{other}/0.png"),
        format!("/g/{other}/record.json"),
        format!("/g/{other}/events"),
        "/g/not-an-id".to_string(),
        "/g/".to_string(),
        format!("/g/{id}?turn=1"),
        format!("/g/{id}?turn=x"),
        format!("/g/{id}/1.png"),
        format!("/g/{id}/-1.png"),
        format!("/g/{id}/0.gif"),
        format!("/g/{id}/.png"),
    ] {
        assert_eq!(get(&web, &uri).await.status, StatusCode::NOT_FOUND, "{uri}");
    }
    assert_eq!(get(&web, &format!("/g/{id}")).await.status, StatusCode::OK);
}

/// `settings web=off` (a server manager's) makes the pages and files of
/// the server's games answer 404; `web=on` brings them back. A game
/// elsewhere is untouched.
#[tokio::test]
async fn settings_web_off_hides_a_servers_game_pages() {
    let chat = Chat::new();
    let lobby = chat.in_public("guild-1", "lobby");
    let id = lobby.start("alquerque");
    lobby.play_one();
    let elsewhere = chat.start("alquerque");
    let web = web(&chat);
    let files = [
        format!("/g/{id}"),
        format!("/g/{id}/1.png"),
        format!("/g/{id}/record.json"),
        format!("/g/{id}/record.txt"),
        format!("/g/{id}/replay.gif"),
        format!("/g/{id}/events"),
    ];
    assert_eq!(get(&web, &files[0]).await.status, StatusCode::OK);
    let off = lobby.say(SCRIPT_NAME, "settings web=off");
    assert!(off[0].text.contains("web=off"), "{}", off[0].text);
    for uri in &files {
        assert_eq!(get(&web, uri).await.status, StatusCode::NOT_FOUND, "{uri}");
    }
    let other = get(&web, &format!("/g/{elsewhere}")).await;
    assert_eq!(other.status, StatusCode::OK, "another place's game");
    lobby.say(SCRIPT_NAME, "settings web=on");
    assert_eq!(get(&web, &files[1]).await.status, StatusCode::OK);
}

#[tokio::test]
async fn board_images_carry_an_etag_and_answer_304() {
    let chat = Chat::new();
    let id = chat.start("alquerque");
    chat.play_one();
    let web = web(&chat);
    let png = get(&web, &format!("/g/{id}/1.png")).await;
    assert_eq!(png.status, StatusCode::OK);
    assert_eq!(png.header(header::CONTENT_TYPE), "image/png");
    assert!(png.body.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert_eq!(png.header(header::CACHE_CONTROL), "no-cache");
    let tag = png.header(header::ETAG).to_string();
    assert!(tag.starts_with('"') && tag.len() == 18, "{tag}");
    let again = ask(
        &web,
        Method::GET,
        &format!("/g/{id}/1.png"),
        &[("if-none-match", &tag)],
    )
    .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    // The address the page links names the version: cached for good.
    let version = &tag[1..tag.len() - 1];
    let linked = get(&web, &format!("/g/{id}/1.png?v={version}")).await;
    assert_eq!(
        linked.header(header::CACHE_CONTROL),
        "public, max-age=31536000, immutable"
    );
    // Another position, another tag.
    let start = get(&web, &format!("/g/{id}/0.png")).await;
    assert_ne!(start.header(header::ETAG), tag);
    // The game ends by resignation: the last image's tag changes with it.
    chat.say("bob", "resign");
    chat.say("bob", "resign");
    assert!(chat.game().result.is_some(), "bob resigned");
    let ended = get(&web, &format!("/g/{id}/1.png")).await;
    assert_ne!(ended.header(header::ETAG), tag, "the result is drawn");
}

#[tokio::test]
async fn head_answers_like_get_without_a_body_and_nothing_else_is_allowed() {
    let chat = Chat::new();
    let id = chat.start("alquerque");
    let web = web(&chat);
    for uri in [
        format!("/g/{id}"),
        format!("/g/{id}/0.png"),
        format!("/g/{id}/record.txt"),
    ] {
        let head = ask(&web, Method::HEAD, &uri, &[]).await;
        let full = get(&web, &uri).await;
        assert_eq!(head.status, StatusCode::OK, "{uri}");
        assert!(head.body.is_empty(), "{uri}");
        assert_eq!(
            head.header(header::CONTENT_TYPE),
            full.header(header::CONTENT_TYPE)
        );
        for method in [Method::POST, Method::PUT, Method::DELETE] {
            let refused = ask(&web, method.clone(), &uri, &[]).await;
            assert_eq!(
                refused.status,
                StatusCode::METHOD_NOT_ALLOWED,
                "{method} {uri}"
            );
        }
    }
}

fn schema() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/abstractplay-gamerecord.schema.json"
    );
    let text = std::fs::read_to_string(path).expect("the schema");
    serde_json::from_str(&text).expect("JSON")
}

#[tokio::test]
async fn records_follow_abstract_plays_schema_and_name_no_chat_ids() {
    let chat = Chat::new();
    let id = chat.start("alquerque");
    chat.play_one();
    chat.play_one();
    chat.play_one();
    chat.say("bob", "resign");
    chat.say("bob", "resign");
    let web = web(&chat);
    let json = get(&web, &format!("/g/{id}/record.json")).await;
    assert_eq!(json.status, StatusCode::OK);
    assert_eq!(json.header(header::CONTENT_TYPE), "application/json");
    let record: serde_json::Value = serde_json::from_slice(&json.body).expect("JSON");
    let validator = jsonschema::validator_for(&schema()).expect("a schema");
    let errors: Vec<String> = validator
        .iter_errors(&record)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{record:#}");
    assert_eq!(record["header"]["site"]["gameid"], id.to_string());
    assert_eq!(record["moves"].as_array().map(Vec::len), Some(2));
    let text = json.text();
    assert!(
        !text.contains("id-alice") && !text.contains("test:room"),
        "{text}"
    );
    // The schema is not a rubber stamp: a record without its end fails.
    let mut broken = record.clone();
    broken["header"]
        .as_object_mut()
        .expect("header")
        .remove("date-end");
    assert!(!validator.is_valid(&broken));
    let txt = get(&web, &format!("/g/{id}/record.txt")).await;
    assert_eq!(
        txt.header(header::CONTENT_TYPE),
        "text/plain; charset=utf-8"
    );
    let turns = chat.game().history;
    let text = txt.text();
    assert!(text.contains(&format!("1. {}", turns[0].turn)), "{text}");
    assert!(
        !text.contains("id-alice") && !text.contains("test:room"),
        "{text}"
    );
    let gif = get(&web, &format!("/g/{id}/replay.gif")).await;
    assert_eq!(gif.header(header::CONTENT_TYPE), "image/gif");
    assert!(gif.body.starts_with(b"GIF89a"));
}

/// The next chunk of an event stream, within ten seconds.
async fn next(
    body: &mut (impl futures_util::Stream<Item = Result<axum::body::Bytes, axum::Error>> + Unpin),
) -> String {
    let chunk = tokio::time::timeout(std::time::Duration::from_secs(10), body.next())
        .await
        .expect("an event in time")
        .expect("the stream goes on")
        .expect("bytes");
    String::from_utf8(chunk.to_vec()).expect("UTF-8")
}

#[tokio::test]
async fn the_event_stream_tells_each_new_turn() {
    let chat = Chat::new();
    let id = chat.start("alquerque");
    let mut config = WebConfig::new(PUBLIC);
    config.poll = std::time::Duration::from_millis(20);
    let web = router(chat.store.clone(), config);
    let response = web
        .oneshot(
            Request::get(format!("/g/{id}/events"))
                .body(Body::empty())
                .expect("request"),
        )
        .await
        .expect("an answer");
    assert_eq!(
        response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok()),
        Some("text/event-stream")
    );
    let mut body = response.into_body().into_data_stream();
    assert_eq!(next(&mut body).await, "event: turn\ndata: 0-true\n\n");
    chat.play_one();
    assert_eq!(next(&mut body).await, "event: turn\ndata: 1-true\n\n");
}

#[test]
fn board_replies_link_the_page_only_when_the_web_is_on() {
    let chat = Chat::linking(Some("https://cairn.example"));
    let id = chat.start("alquerque");
    let replies = chat.play_one();
    let board = replies
        .iter()
        .find(|r| r.board_text.is_some())
        .expect("a board");
    assert!(
        board
            .text
            .contains(&format!("Page of this game: https://cairn.example/g/{id}")),
        "{}",
        board.text
    );
    let export = chat.say("bob", "export");
    assert!(
        export[0]
            .text
            .contains(&format!("https://cairn.example/g/{id}")),
        "{}",
        export[0].text
    );
    let quiet = Chat::new();
    quiet.start("alquerque");
    let replies = quiet.play_one();
    assert!(
        replies.iter().all(|r| !r.text.contains("/g/")),
        "no link when off"
    );
}

/// With PostgreSQL any process may serve any page: a game played through
/// one store is served, the same, through another connected to the same
/// database, and its event stream there sees the next turn.
#[test]
fn a_game_on_postgres_is_served_through_another_store_on_the_same_database() {
    let test = "a_game_on_postgres_is_served_through_another_store_on_the_same_database";
    let Some(admin) = cairn_store::testing::postgres_url(test) else {
        return;
    };
    let url = cairn_store::testing::create_database(&admin).expect("a test database");
    let chat = Chat::on(
        cairn_store::Store::connect(&url).expect("connect"),
        None,
        None,
    );
    let id = chat.start("alquerque");
    chat.play_one();
    let elsewhere = cairn_store::Store::connect(&url).expect("connect again");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let here = web(&chat);
    let there = router(elsewhere, WebConfig::new(PUBLIC));
    for uri in [
        format!("/g/{id}"),
        format!("/g/{id}/1.png"),
        format!("/g/{id}/record.txt"),
    ] {
        let (a, b) = runtime.block_on(async { (get(&here, &uri).await, get(&there, &uri).await) });
        assert_eq!(a.status, StatusCode::OK, "{uri}");
        assert_eq!(a.body, b.body, "{uri}");
    }
    runtime.block_on(async {
        let events = there
            .oneshot(
                Request::get(format!("/g/{id}/events"))
                    .body(Body::empty())
                    .expect("request"),
            )
            .await
            .expect("an answer");
        let mut body = events.into_body().into_data_stream();
        assert_eq!(next(&mut body).await, "event: turn\ndata: 1-true\n\n");
        tokio::task::spawn_blocking(move || chat.play_one())
            .await
            .expect("a turn");
        assert_eq!(next(&mut body).await, "event: turn\ndata: 2-true\n\n");
    });
}

#[tokio::test]
async fn requests_are_limited_per_client_address() {
    use axum::extract::ConnectInfo;
    let chat = Chat::new();
    let id = chat.start("alquerque");
    let mut config = WebConfig::new(PUBLIC);
    config.rate_limit = Some(cairn_bot::limits::RateLimit {
        burst: 3,
        per_minute: 1,
    });
    let web = router(chat.store.clone(), config);
    let from = |ip: &str| {
        let addr: std::net::SocketAddr = format!("{ip}:40000").parse().expect("an address");
        let mut request = Request::get(format!("/g/{id}"))
            .body(Body::empty())
            .expect("request");
        request.extensions_mut().insert(ConnectInfo(addr));
        request
    };
    for _ in 0..3 {
        let answer = web
            .clone()
            .oneshot(from("192.0.2.1"))
            .await
            .expect("an answer");
        assert_eq!(answer.status(), StatusCode::OK);
    }
    let refused = web
        .clone()
        .oneshot(from("192.0.2.1"))
        .await
        .expect("an answer");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().contains_key(header::RETRY_AFTER));
    let other = web
        .clone()
        .oneshot(from("192.0.2.2"))
        .await
        .expect("an answer");
    assert_eq!(
        other.status(),
        StatusCode::OK,
        "another address has its own"
    );
}

/// A game of `chat` played for a few turns and resigned by bob: its id.
fn finished(chat: &Chat, game: &str) -> cairn_store::GameId {
    let id = chat.start(game);
    chat.play_one();
    chat.play_one();
    chat.say("bob", "resign");
    chat.say("bob", "resign");
    assert!(!chat.game().in_progress(), "resigned");
    id
}

async fn json(web: &Router, uri: &str) -> serde_json::Value {
    let answer = get(web, uri).await;
    assert_eq!(answer.status, StatusCode::OK, "{uri}");
    assert_eq!(answer.header(header::CONTENT_TYPE), "application/json");
    serde_json::from_slice(&answer.body).expect("JSON")
}

fn game_ids(records: &serde_json::Value) -> Vec<String> {
    records
        .as_array()
        .expect("an array")
        .iter()
        .map(|r| {
            r["header"]["site"]["gameid"]
                .as_str()
                .unwrap_or("")
                .to_string()
        })
        .collect()
}

/// The open records list every finished game of public places, each valid
/// against Abstract Play's schema; a game in a direct conversation is
/// absent but its page is reachable by its link; a game in progress is
/// absent; `settings web=off` takes a server's games out.
#[tokio::test]
async fn open_records_list_finished_games_of_public_places_only() {
    let chat = Chat::new();
    let lobby = chat.in_public("guild-1", "lobby");
    let public = finished(&lobby, "alquerque");
    let dm = finished(&chat, "alquerque");
    let playing = chat.in_public("guild-1", "other").start("alquerque");
    let web = fresh_web(&chat);
    let all = json(&web, "/records/all.json").await;
    assert_eq!(game_ids(&all), vec![public.to_string()], "{all:#}");
    let validator = jsonschema::validator_for(&schema()).expect("a schema");
    for record in all.as_array().expect("an array") {
        let errors: Vec<String> = validator
            .iter_errors(record)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{errors:?}\n{record:#}");
    }
    let text = all.to_string();
    assert!(
        !text.contains("id-bob") && !text.contains("lobby"),
        "{text}"
    );
    let alquerque = json(&web, "/records/alquerque.json").await;
    assert_eq!(game_ids(&alquerque), vec![public.to_string()]);
    assert_eq!(
        json(&web, "/records/sight.json").await,
        serde_json::json!([])
    );
    assert_eq!(
        get(&web, "/records/nosuch.json").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        get(&web, "/records/alquerque").await.status,
        StatusCode::NOT_FOUND
    );
    for id in [dm, playing] {
        let page = get(&web, &format!("/g/{id}")).await;
        assert_eq!(page.status, StatusCode::OK, "reachable by its link");
        assert!(!text.contains(&id.to_string()));
    }
    lobby.say(SCRIPT_NAME, "settings web=off");
    assert_eq!(json(&web, "/records/all.json").await, serde_json::json!([]));
}
