//! Boards worded in Japanese and Spanish draw and decode like English ones:
//! the view's title, status and notes reach the renderer already worded
//! (a `WordedView`), never as message ids.

use cairn_render::{render_png, RenderOptions};
use cairn_rules::{AnyGame, GameKind, Lang, Options, WordedView};

fn decode(view: &WordedView) -> image::RgbaImage {
    let png = render_png(view, &RenderOptions::default()).expect("the board renders");
    let image = image::load_from_memory_with_format(png.bytes(), image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("not a PNG: {e}"))
        .to_rgba8();
    assert_eq!((image.width(), image.height()), (png.width(), png.height()));
    image
}

/// The rows of the title band (above the board), as raw pixels.
fn title_band(image: &image::RgbaImage) -> Vec<u8> {
    let rows = 40.min(image.height());
    image
        .rows()
        .take(rows as usize)
        .flat_map(|row| row.flat_map(|p| p.0))
        .collect()
}

#[test]
fn japanese_and_spanish_views_render_and_decode() {
    for (kind, options) in [
        (GameKind::Callanish, vec!["size=7".to_string()]),
        (GameKind::Floaters, vec!["first=north".to_string()]),
    ] {
        let options = Options::parse(&options).expect("options");
        let game = AnyGame::new(kind, &options).expect("game");
        let english = game.view_in(Lang::En);
        let japanese = game.view_in(Lang::Ja);
        let spanish = game.view_in(Lang::Es);
        assert_ne!(japanese.title, english.title, "{kind}");
        assert_ne!(spanish.notes, english.notes, "{kind}");
        for view in [&english, &japanese, &spanish] {
            let words = std::iter::once(&view.title)
                .chain(std::iter::once(&view.status))
                .chain(&view.notes);
            for word in words {
                assert!(
                    !word.starts_with(kind.name()),
                    "a message id reached the renderer: {word}"
                );
            }
        }
        let en = decode(&english);
        let ja = decode(&japanese);
        let es = decode(&spanish);
        // The board is the same; the words above it are not.
        assert_eq!(en.width(), ja.width(), "{kind}");
        assert_ne!(
            title_band(&en),
            title_band(&ja),
            "{kind}: the Japanese title is drawn"
        );
        assert!(es.height() > 0 && es.width() == en.width(), "{kind}");
    }
}

#[test]
fn the_mancala_labels_are_worded_too() {
    let mut game = AnyGame::new(GameKind::Floaters, &Options::default()).expect("game");
    // A pit number alone: the turn stops mid-way with stones in hand.
    let pit = (1..=6)
        .find(|pit| {
            let mut next = game.clone();
            next.play_str(&pit.to_string()).is_ok() && next.in_mid_turn()
        })
        .expect("a pit that leaves stones in hand");
    game.play_str(&pit.to_string()).expect("the pit");
    let english = game.view_in(Lang::En);
    let japanese = game.view_in(Lang::Ja);
    let words = japanese.mancala.as_ref().expect("mancala words");
    assert_eq!(words.in_hand, "手持ち");
    assert_eq!(words.west_store, "西の大穴");
    assert!(words.next.starts_with("次："), "{}", words.next);
    let en = decode(&english);
    let ja = decode(&japanese);
    assert_eq!(en.width(), ja.width());
    assert_ne!(en.as_raw(), ja.as_raw(), "the labels on the board differ");
}
