//! The board a reply shows is worded in the place's public language: its
//! title, status and notes in the text board (and the image), the rest of
//! the game unchanged.

use cairn_bot::{Bot, BotConfig, Lang, Reply, Request, User};
use cairn_store::Store;

fn request(who: &str, command: &str, place_lang: Option<Lang>) -> Request {
    Request {
        platform: "test".into(),
        channel: "main".into(),
        user: User::new(format!("id-{who}"), who),
        command: command.into(),
        mentions: vec![User::new("id-bob", "bob")],
        place_lang,
        ..Default::default()
    }
}

fn board(replies: &[Reply]) -> String {
    replies
        .iter()
        .find_map(|r| r.board_text.clone())
        .expect("a reply with the board")
}

#[test]
fn the_board_is_worded_in_the_public_language() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path().join("db")).expect("open store");
    let bot = Bot::new(
        store,
        BotConfig {
            images: true,
            default_clock: None,
            ..BotConfig::default()
        },
    );
    bot.handle(&request("alice", "challenge callanish @bob size=7", None));
    let english = board(&bot.handle(&request("bob", "accept", None)));
    assert!(english.starts_with("Callanish 7 x 7\n"), "{english}");
    assert!(english.contains("White supply: 64"), "{english}");

    let japanese = bot.handle(&request("alice", "board", Some(Lang::Ja)));
    let text = board(&japanese);
    assert!(text.starts_with("カラニッシュ7x7\n"), "{text}");
    assert!(text.contains("白の残りの石：64"), "{text}");
    let png = japanese
        .iter()
        .find_map(|r| r.image.as_ref())
        .expect("an image");
    image::load_from_memory(png.bytes()).expect("the Japanese board decodes");

    let spanish = board(&bot.handle(&request("alice", "moves", Some(Lang::Es))));
    assert!(spanish.contains("Reserva de Negras: 64"), "{spanish}");
    assert!(
        spanish.contains("Puntos verdes: las casillas donde puedes colocar una ficha"),
        "{spanish}"
    );
}
