//! The pages in a real browser: headless Chromium driven over WebDriver
//! (chromedriver, started here). A game played through the bot core is
//! opened, stepped through by link and by arrow key, its alt text read, a
//! new turn seen to appear on the page of the game in progress without a
//! reload, and axe-core run on the page with no violation (when
//! `CAIRN_AXE_JS` names axe.min.js; `scripts/test` installs it).
//!
//! Without `chromium` and `chromedriver` (Debian's packages of those
//! names, which `scripts/test` installs) the test says so and skips.

mod common;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use cairn_web::WebConfig;
use common::Chat;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

/// An executable on `PATH`.
fn find(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

/// A free port on loopback.
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

/// chromedriver, ended when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_driver(chromedriver: &Path, port: u16) -> Driver {
    let child = Command::new(chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver(child);
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    driver
}

async fn browser(port: u16, chromium: &Path, profile: &Path) -> Client {
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1200,900",
    ]
    .into_iter()
    .map(str::to_string)
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect::<Vec<_>>();
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".into(),
        json!({"binary": chromium, "args": args}),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a browser session")
}

/// Serve the pages of `chat`'s store on loopback: the address.
async fn serve(chat: &Chat) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("its address");
    let mut config = WebConfig::new(&format!("http://{addr}"));
    config.poll = Duration::from_millis(200);
    tokio::spawn(cairn_web::serve(
        listener,
        chat.store.clone(),
        config,
        std::future::pending(),
    ));
    addr
}

async fn text_of(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .text()
        .await
        .expect("text")
}

async fn attribute(client: &Client, css: &str, name: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .attr(name)
        .await
        .expect("an attribute")
        .unwrap_or_default()
}

/// Wait until the page's address ends with `end`.
async fn wait_for_url(client: &Client, end: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let url = client.current_url().await.expect("url").to_string();
        if url.ends_with(end) {
            return;
        }
        assert!(Instant::now() < deadline, "still at {url}, not …{end}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Press a key on the page (WebDriver's key codes: U+E012 left, U+E014
/// right).
async fn press(client: &Client, key: char) {
    let body = client.find(Locator::Css("body")).await.expect("a body");
    body.send_keys(&key.to_string()).await.expect("a key");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_in_a_real_browser() {
    let (Some(chromedriver), Some(chromium)) = (find("chromedriver"), find("chromium")) else {
        eprintln!("skipping the browser test: chromium and chromedriver are not installed (Debian packages chromium and chromium-driver; scripts/test installs them)");
        return;
    };
    let chat = Chat::new();
    // A finished game of a public place, for the statistics pages.
    let lobby = chat.in_public("guild-1", "lobby");
    lobby.start("alquerque");
    lobby.play_one();
    lobby.say("bob", "resign");
    lobby.say("bob", "resign");
    let id = chat.start("alquerque");
    for _ in 0..3 {
        chat.play_one();
    }
    let addr = serve(&chat).await;
    let port = free_port();
    let _driver = start_driver(&chromedriver, port);
    let profile = tempfile::tempdir().expect("a profile directory");
    let client = browser(port, &chromium, profile.path()).await;
    let result = drive(&client, &chat, addr, id).await;
    client.close().await.expect("the browser closes");
    result.expect("the page works in a browser");
}

async fn drive(
    client: &Client,
    chat: &Chat,
    addr: SocketAddr,
    id: cairn_store::GameId,
) -> Result<(), fantoccini::error::CmdError> {
    let page = format!("http://{addr}/g/{id}");
    client.goto(&page).await?;
    // The alt text is the board's description, as the bot words it.
    let game = chat.game();
    let now = cairn_store::now_ms();
    let expected = cairn_bot::snapshot::snapshot(&game, 3, now, cairn_bot::Lang::En)
        .expect("replays")
        .expect("a position");
    let alt = attribute(client, "#board", "alt").await;
    let head = expected.description.split(". ").next().unwrap_or_default();
    assert!(
        alt.starts_with(head),
        "alt: {alt}\nexpected: {}",
        expected.description
    );
    assert!(alt.contains("to move"), "{alt}");
    // The image loaded.
    let width = client
        .execute(
            "return document.getElementById('board').naturalWidth;",
            vec![],
        )
        .await?;
    assert!(
        width.as_u64().unwrap_or(0) > 100,
        "the board image shows: {width}"
    );
    // By link: the previous turn, then the start from the turn list.
    client
        .find(Locator::Css("a[rel=prev]"))
        .await?
        .click()
        .await?;
    wait_for_url(client, "?turn=2").await;
    assert_eq!(text_of(client, "figcaption").await, "After turn 2 of 3");
    client
        .find(Locator::Css("ol.turns li:first-child a"))
        .await?
        .click()
        .await?;
    wait_for_url(client, "?turn=1").await;
    // By arrow key.
    press(client, '\u{E014}').await;
    wait_for_url(client, "?turn=2").await;
    press(client, '\u{E012}').await;
    wait_for_url(client, "?turn=1").await;
    press(client, '\u{E012}').await;
    wait_for_url(client, "?turn=0").await;
    assert!(text_of(client, "figcaption").await.contains("start"));
    // The game goes on: a new turn shows up without a reload.
    client.goto(&page).await?;
    client.execute("window.notReloaded = true;", vec![]).await?;
    assert_eq!(client.find_all(Locator::Css("ol.turns li")).await?.len(), 3);
    tokio::task::block_in_place(|| chat.play_one());
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let items = client.find_all(Locator::Css("ol.turns li")).await?.len();
        if items == 4 {
            break;
        }
        assert!(Instant::now() < deadline, "the new turn did not appear");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let kept = client
        .execute("return window.notReloaded === true;", vec![])
        .await?;
    assert_eq!(kept, Value::Bool(true), "the page was not reloaded");
    assert_eq!(text_of(client, "figcaption").await, "After turn 4 of 4");
    // `CAIRN_WEB_SCREENSHOT=<file.png>`: a picture of the page (the
    // README's).
    if let Some(path) = std::env::var_os("CAIRN_WEB_SCREENSHOT") {
        let png = client.screenshot().await?;
        std::fs::write(&path, png).expect("the screenshot is written");
    }
    axe(client).await?;
    // The statistics pages: a table of the games, one game's figures.
    for path in ["/stats", "/stats/alquerque"] {
        client.goto(&format!("http://{addr}{path}")).await?;
        assert!(text_of(client, "h1").await.contains("tatistics"), "{path}");
        axe(client).await?;
    }
    Ok(())
}

/// axe-core on the page: no violation.
async fn axe(client: &Client) -> Result<(), fantoccini::error::CmdError> {
    let Some(path) = std::env::var_os("CAIRN_AXE_JS").map(PathBuf::from) else {
        eprintln!(
            "skipping axe-core: CAIRN_AXE_JS does not name axe.min.js (scripts/test installs it)"
        );
        return Ok(());
    };
    let source = std::fs::read_to_string(&path).expect("axe.min.js");
    client.execute(&source, vec![]).await?;
    let report = client
        .execute_async(
            "const done = arguments[arguments.length - 1];\
             axe.run(document).then(r => done(r.violations.map(v => v.id + ': ' + v.help + ' ' + JSON.stringify(v.nodes.map(n => n.target)))), e => done(['error: ' + e]));",
            vec![],
        )
        .await?;
    let violations = report.as_array().cloned().unwrap_or_default();
    assert!(violations.is_empty(), "axe-core: {violations:#?}");
    Ok(())
}
