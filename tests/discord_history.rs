//! The Discord adapter and the history commands, offline: a replay or a
//! record is posted as extra files beside the board, a leaderboard as an
//! embed, and without Attach Files or Embed Links both fall back to text.

#![cfg(feature = "discord")]

use cairn::platform::discord::{
    fit_to_permissions, followup_builder, message_parts, response_builder, Allowed,
};
use cairn_bot::{Attachment, AttachmentKind, Reply, Table};
use serde_json::Value;

fn json<T: serde::Serialize>(builder: &T) -> Value {
    serde_json::to_value(builder).expect("serialises")
}

fn gif() -> Attachment {
    Attachment {
        name: "sight-20261123-1705-replay.gif".into(),
        kind: AttachmentKind::Gif,
        bytes: b"GIF89a....".to_vec(),
        description: "Replay of Sight: alice (White) vs bob (Black)".into(),
    }
}

#[test]
fn a_final_board_carries_its_replay_as_a_second_file() {
    let reply = Reply {
        text: "alice (White) played c3. alice (White) wins (no legal move left).".into(),
        title: Some("Sight: alice (White) vs bob (Black)".into()),
        image: Some(board_png()),
        files: vec![gif()],
        ..Reply::default()
    };
    let body = json(&followup_builder(&reply));
    assert_eq!(body["embeds"][0]["image"]["url"], "attachment://board.png");
    assert_eq!(body["attachments"][0]["filename"], "board.png");
    assert_eq!(
        body["attachments"][1]["filename"],
        "sight-20261123-1705-replay.gif"
    );
    assert_eq!(message_parts(&reply, true).attachments.len(), 2);
    // Without Attach Files the board and the replay both stay away, said once.
    let fitted = fit_to_permissions(
        &reply,
        Allowed {
            embeds: true,
            files: false,
        },
    );
    assert!(fitted.files.is_empty() && fitted.image.is_none());
    assert!(fitted.text.contains("Attach Files"), "{}", fitted.text);
    // Said in the reply's language, with Discord's own name of the
    // permission there.
    let japanese = Reply {
        lang: cairn_bot::Lang::Ja,
        ..reply.clone()
    };
    let fitted = fit_to_permissions(
        &japanese,
        Allowed {
            embeds: false,
            files: false,
        },
    );
    assert!(
        fitted
            .text
            .contains("「ファイルを添付」と「埋め込みリンク」の権限がありません"),
        "{}",
        fitted.text
    );
}

#[test]
fn a_leaderboard_is_an_embed_and_text_without_embed_links() {
    let reply = Reply {
        text: "Sight leaderboard on this server:\n1. alice 1712 (3 games)".into(),
        table: Some(Table {
            title: "Sight leaderboard on this server".into(),
            columns: ["#", "player", "rating", "games", "W-L-D"]
                .map(String::from)
                .to_vec(),
            rows: vec![
                ["1", "alice", "1712", "3", "3-0-0"]
                    .map(String::from)
                    .to_vec(),
                ["2", "bob `x`", "1490?", "2", "0-2-0"]
                    .map(String::from)
                    .to_vec(),
            ],
            footer: Some("2 rated players.".into()),
        }),
        ..Reply::default()
    };
    let body = json(&response_builder(&reply));
    let embed = &body["data"]["embeds"][0];
    assert_eq!(embed["title"], "Sight leaderboard on this server");
    let description = embed["description"].as_str().unwrap();
    assert!(
        description.starts_with("` 1.` **alice** `1712` games 3, W-L-D 3-0-0"),
        "{description}"
    );
    assert!(description.contains("**bob 'x'** `1490?`"), "{description}");
    assert_eq!(embed["footer"]["text"], "2 rated players.");
    let fitted = fit_to_permissions(
        &reply,
        Allowed {
            embeds: false,
            files: true,
        },
    );
    assert!(fitted.table.is_none());
    assert!(fitted
        .text
        .starts_with("Sight leaderboard on this server:\n1. alice"));
    assert!(fitted.text.contains("Embed Links"), "{}", fitted.text);
}

/// A real board image (a small empty board).
fn board_png() -> cairn_render::Png {
    let view =
        cairn_rules::BoardView::new("Sight", cairn_rules::Layout::Points { files: 5, ranks: 5 });
    cairn_render::render_png(&view, &cairn_render::RenderOptions::default()).expect("a board")
}
