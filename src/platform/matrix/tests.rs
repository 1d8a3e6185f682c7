//! Unit tests of addressing and reply layout.

use super::*;
use cairn_bot::Action;

fn address() -> Address {
    Address::new(
        "!cairn",
        "@cairn:example.org",
        &["Cairn Bot".to_string(), "cairn".to_string()],
    )
}

#[test]
fn prefix_commands() {
    let a = address();
    assert_eq!(a.command("!cairn help", None).as_deref(), Some("help"));
    assert_eq!(
        a.command("  !Cairn   move b2 a4 d1 ", None).as_deref(),
        Some("move b2 a4 d1")
    );
    assert_eq!(a.command("!cairn", None).as_deref(), Some("help"));
    assert_eq!(a.command("!cairnx help", None), None);
    assert_eq!(a.command("hello !cairn help", None), None);
    assert_eq!(a.command("", None), None);
    let custom = Address::new("?play", "@cairn:example.org", &[]);
    assert_eq!(
        custom.command("?play board", None).as_deref(),
        Some("board")
    );
    assert_eq!(custom.command("!cairn board", None), None);
}

#[test]
fn mention_commands() {
    let a = address();
    assert_eq!(
        a.command("@cairn:example.org: board", None).as_deref(),
        Some("board")
    );
    assert_eq!(a.command("cairn, accept", None).as_deref(), Some("accept"));
    assert_eq!(
        a.command("Cairn Bot: resign", None).as_deref(),
        Some("resign")
    );
    assert_eq!(a.command("@cairn moves", None).as_deref(), Some("moves"));
    assert_eq!(a.command("cairnish is fun", None), None);
    // A pill in the HTML body.
    let html = "<a href=\"https://matrix.to/#/@cairn:example.org\">Cairn Bot</a>: challenge sight <a href=\"https://matrix.to/#/%40bob%3Aexample.org\">Bob B.</a>";
    assert_eq!(
        a.command("Cairn Bot: challenge sight Bob B.", Some(html))
            .as_deref(),
        Some("challenge sight @bob:example.org")
    );
}

#[test]
fn reply_fallbacks_are_ignored() {
    let a = address();
    let body = "> <@alice:example.org> !cairn resign\n\n!cairn board";
    assert_eq!(a.command(body, None).as_deref(), Some("board"));
    let html = "<mx-reply><blockquote>!cairn resign</blockquote></mx-reply>!cairn board";
    assert_eq!(a.command(body, Some(html)).as_deref(), Some("board"));
    // Quoting a command is not a command.
    assert_eq!(a.command("> !cairn resign", None), None);
}

#[test]
fn html_is_read_as_text() {
    assert_eq!(
        html_to_text("<p>!cairn move <b>b2</b> &amp; a4<br/>d1</p>"),
        "!cairn move b2 & a4\nd1\n"
    );
    assert_eq!(
        html_to_text("<a href='matrix:u/bob:example.org'>Bob</a> hi"),
        "@bob:example.org hi"
    );
    assert_eq!(
        html_to_text("<a href=\"https://example.org\">a link</a> &#x41;&#66;&bogus; & x"),
        "a link AB&bogus; & x"
    );
    assert_eq!(html_to_text("unclosed <b"), "unclosed ");
}

#[test]
fn user_ids_in_commands() {
    assert_eq!(
        mxids_in("challenge sight @bob:example.org, @carol:example.org:8448 @bob:example.org"),
        vec!["@bob:example.org", "@carol:example.org:8448"]
    );
    assert_eq!(
        mxids_in("challenge sight bob @ @: @x"),
        Vec::<String>::new()
    );
    assert_eq!(mxids_in("(@bob:localhost)"), vec!["@bob:localhost"]);
}

#[test]
fn channels() {
    assert_eq!(channel_id("!abc", None), "!abc");
    assert_eq!(channel_id("!abc", Some("$root")), "!abc/$root");
}

#[test]
fn same_user_forms() {
    assert!(same_user("@cairn:example.org", "@cairn:example.org"));
    assert!(same_user("cairn", "@cairn:example.org"));
    assert!(!same_user("other", "@cairn:example.org"));
    assert!(!same_user("@cairn:other.org", "@cairn:example.org"));
}

fn bob() -> User {
    User::new("@bob:example.org", "Bob <B>")
}

#[test]
fn replies_mention_the_player_to_move() {
    let reply = Reply {
        text: "alice played `b2`. Bob (Black) to move.".into(),
        mentions: vec![bob()],
        image: Some(
            cairn_render::render_png(
                &cairn_rules::BoardView::new(
                    "Sight",
                    cairn_rules::Layout::Points { files: 5, ranks: 5 },
                ),
                &Default::default(),
            )
            .unwrap(),
        ),
        board_text: Some("board".into()),
        ..Reply::default()
    };
    let alice = User::new("@alice:example.org", "alice");
    let out = format_reply(&reply, "!cairn", &alice);
    assert_eq!(out.body, "Bob <B>: alice played `b2`. Bob (Black) to move.");
    assert_eq!(
        out.html,
        "<a href=\"https://matrix.to/#/@bob:example.org\">Bob &lt;B&gt;</a>: alice played <code>b2</code>. Bob (Black) to move."
    );
    assert_eq!(out.mention_ids, vec!["@bob:example.org"]);
}

#[test]
fn ephemeral_replies_address_the_requester() {
    let alice = User::new("@alice:example.org", "alice");
    let out = format_reply(&Reply::error("Not your turn."), "!cairn", &alice);
    assert_eq!(out.body, "alice: Not your turn.");
    assert!(out
        .html
        .starts_with("<a href=\"https://matrix.to/#/@alice:example.org\">alice</a>: "));
    assert_eq!(out.mention_ids, vec!["@alice:example.org"]);
}

#[test]
fn buttons_become_commands_and_boards_text() {
    let reply = Reply {
        text: "alice challenges Bob. Bob, answer with `accept` or `decline`.".into(),
        mentions: vec![bob()],
        board_text: Some("a <b>".into()),
        actions: vec![
            Action {
                label: "Accept".into(),
                command: "accept".into(),
                for_user: None,
                primary: true,
            },
            Action {
                label: "Decline".into(),
                command: "decline".into(),
                for_user: None,
                primary: false,
            },
        ],
        ..Reply::default()
    };
    let out = format_reply(&reply, "!cairn", &bob());
    assert!(out
        .body
        .contains("(type `!cairn accept` or `!cairn decline`)\na <b>"));
    assert!(out
        .html
        .ends_with("(type <code>!cairn accept</code> or <code>!cairn decline</code>)<pre><code>a &lt;b&gt;</code></pre>"));
    // In the reply's language.
    let spanish = Reply {
        lang: cairn_bot::Lang::Es,
        ..reply.clone()
    };
    let out = format_reply(&spanish, "!cairn", &bob());
    assert!(out
        .body
        .contains("(escribe `!cairn accept` o `!cairn decline`)"));
    // Non-Matrix ids are named, not pilled.
    let reply = Reply {
        text: "x".into(),
        mentions: vec![User::new("bob", "bob")],
        ..Reply::default()
    };
    let out = format_reply(&reply, "!cairn", &bob());
    assert_eq!(out.html, "bob: x");
    assert!(out.mention_ids.is_empty());
}

#[test]
fn code_spans() {
    assert_eq!(text_to_html("a `b` c"), "a <code>b</code> c");
    assert_eq!(text_to_html("a `b"), "a `b");
    assert_eq!(text_to_html("x\ny"), "x<br>y");
    assert_eq!(text_to_html("`a` `b"), "<code>a</code> `b");
}

#[test]
fn the_board_attachment_gives_the_png_size() {
    let view =
        cairn_rules::BoardView::new("Sight", cairn_rules::Layout::Points { files: 5, ranks: 5 });
    let png = cairn_render::render_png(&view, &Default::default()).unwrap();
    let decoded = image::load_from_memory(png.bytes()).unwrap();
    let config = board_attachment(&png, Some("Sight"), None);
    let Some(AttachmentInfo::Image(info)) = config.info else {
        panic!("the board is sent as an image");
    };
    assert_eq!(info.width, Some(UInt::from(decoded.width())));
    assert_eq!(info.height, Some(UInt::from(decoded.height())));
    assert_eq!(info.size, UInt::new(png.bytes().len() as u64));
}

#[test]
fn percent_decoding() {
    assert_eq!(percent_decode("%40bob%3Aex.org"), "@bob:ex.org");
    assert_eq!(percent_decode("100%"), "100%");
    assert_eq!(percent_decode("%zz%4"), "%zz%4");
}
