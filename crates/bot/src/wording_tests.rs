//! The bot's own lines and captions, worded in every language.

use crate::bot::verdict_note;
use crate::*;
use cairn_rules::{Colour, Seat};
use cairn_store::{GameRecord, Store};

/// Every end reason, won or drawn, has one wording in every language,
/// with no message missing and no argument unused; English keeps the
/// sentences players know.
#[test]
fn every_end_reason_is_worded_in_every_language() {
    use cairn_rules::{Outcome, Reason};
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::new(
        Store::open(dir.path().join("db")).unwrap(),
        BotConfig::default(),
    );
    let request = |who: &str, command: &str, mentions: Vec<User>| Request {
        platform: "test".into(),
        channel: "main".into(),
        user: User::new(format!("id-{who}"), who),
        command: command.into(),
        mentions,
        ..Default::default()
    };
    bot.handle(&request(
        "alice",
        "challenge callanish @bob",
        vec![User::new("id-bob", "bob")],
    ));
    bot.handle(&request("bob", "accept", vec![]));
    let record = bot
        .store()
        .load(&Store::channel_key("test", "main"))
        .unwrap()
        .and_then(|r| r.game)
        .expect("a game in progress");
    i18n::take_slips();
    let reasons = Reason::ALL;
    for reason in reasons {
        for outcome in [Outcome::win(Seat::First, reason), Outcome::draw(reason)] {
            let english = end_phrase_in(&record, outcome, Lang::En);
            let japanese = end_phrase_in(&record, outcome, Lang::Ja);
            let spanish = end_phrase_in(&record, outcome, Lang::Es);
            assert!(
                japanese
                    .chars()
                    .any(|c| ('\u{3040}'..='\u{9fff}').contains(&c)),
                "{reason:?}: {japanese}"
            );
            assert_ne!(spanish, english, "{reason:?}");
        }
    }
    assert_eq!(i18n::take_slips(), Vec::<String>::new());
    let win = |reason| end_phrase_in(&record, Outcome::win(Seat::First, reason), Lang::En);
    assert_eq!(
        win(Reason::Resign),
        "alice (White) wins: bob (Black) resigned"
    );
    assert_eq!(
        end_phrase_in(&record, Outcome::draw(Reason::Agreement), Lang::En),
        "Draw by agreement"
    );
    assert_eq!(
        end_phrase_in(
            &record,
            Outcome::win(Seat::Second, Reason::Timeout),
            Lang::Ja
        ),
        "bob（黒）の勝ち：alice（白）の持ち時間が切れました"
    );
    assert_eq!(
        status_caption_in(&record, Lang::Es),
        "Turno de alice (Blancas)"
    );
}

/// The bot's own lines outside the commands follow the language: the
/// rate limit (the requester's), the queue before the bot thinks and
/// what its solver found (the place's), with plurals by Fluent.
#[test]
fn the_bots_own_lines_are_worded_in_every_language() {
    use cairn_ai::solver::Verdict;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::new(
        Store::open(dir.path().join("db")).unwrap(),
        BotConfig {
            images: false,
            rate_limit: Some(limits::RateLimit {
                burst: 1,
                per_minute: 1,
            }),
            ..BotConfig::default()
        },
    );
    let request = |who: &str, command: &str, lang: Lang| Request {
        platform: "test".into(),
        channel: "main".into(),
        user: User::new(format!("id-{who}"), who),
        command: command.into(),
        mentions: vec![User::new("id-bob", "bob")],
        user_lang: Some(lang),
        ..Default::default()
    };
    i18n::take_slips();
    bot.handle(&request("carol", "help", Lang::Ja));
    let refused = bot.handle(&request("carol", "help", Lang::Ja));
    assert!(refused[0].ephemeral);
    assert!(
        refused[0].text.starts_with("コマンドの送信が速すぎて")
            && refused[0].text.contains("秒待ってから"),
        "{}",
        refused[0].text
    );
    bot.handle(&request("dave", "help", Lang::Es));
    let refused = bot.handle(&request("dave", "help", Lang::Es));
    assert!(
        refused[0].text.starts_with("Estás enviando comandos"),
        "{}",
        refused[0].text
    );

    assert_eq!(
        t!(Lang::En, "bot-thinking", bot = "Cairn", ahead = 1),
        "Cairn is thinking… 1 game ahead of this one."
    );
    assert_eq!(
        t!(Lang::En, "bot-thinking", bot = "Cairn", ahead = 3),
        "Cairn is thinking… 3 games ahead of this one."
    );
    assert_eq!(
        t!(Lang::Es, "bot-thinking", bot = "Cairn", ahead = 1),
        "Cairn está pensando… hay 1 partida por delante de esta."
    );
    assert_eq!(
        t!(Lang::Ja, "bot-thinking", bot = "Cairn", ahead = 2),
        "Cairnが考えています…この対局の前に2局が待っています。"
    );

    bot.handle(&request("alice", "challenge callanish @bob", Lang::En));
    bot.handle(&request("bob", "accept", Lang::En));
    let record = bot
        .store()
        .load(&Store::channel_key("test", "main"))
        .unwrap()
        .and_then(|r| r.game)
        .expect("a game in progress");
    // White is to move: a win for the mover is White's, a loss Black's.
    assert_eq!(
        verdict_note(&record, Verdict::Win(7), Lang::En),
        "this position is a forced win for White in 7"
    );
    assert_eq!(
        verdict_note(&record, Verdict::Loss(4), Lang::Ja),
        "この局面は黒が4手で勝ちを強制できます"
    );
    assert_eq!(
        verdict_note(&record, Verdict::Win(1), Lang::Es),
        "esta posición es una victoria forzada para Blancas en 1 jugada"
    );
    assert_eq!(
        verdict_note(&record, Verdict::Draw, Lang::En),
        "this position is a draw with best play"
    );
    assert_eq!(i18n::take_slips(), Vec::<String>::new());
}

/// The captions of the Japanese and Spanish golden images
/// (`crates/render/tests/render_golden.rs`, `LANGUAGES`) are the bot's
/// own: if a wording changes here, bless those images again.
#[test]
fn the_golden_images_captions_are_the_bots() {
    use cairn_rules::{Outcome, Reason};
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::new(
        Store::open(dir.path().join("db")).unwrap(),
        BotConfig {
            images: false,
            ..BotConfig::default()
        },
    );
    let request = |who: &str, command: &str| Request {
        platform: "test".into(),
        channel: "main".into(),
        user: User::new(format!("id-{who}"), who),
        command: command.into(),
        mentions: vec![User::new("id-bob", "bob")],
        ..Default::default()
    };
    bot.handle(&request("alice", "challenge sight @bob"));
    bot.handle(&request("bob", "accept"));
    let mut record = bot
        .store()
        .load(&Store::channel_key("test", "main"))
        .unwrap()
        .and_then(|r| r.game)
        .expect("a game in progress");
    let legal = record.game.legal_strings();
    record.game.play_str(&legal[0]).expect("a legal turn");
    i18n::take_slips();
    let named = |record: &GameRecord, first: &str, second: &str| {
        let mut record = record.clone();
        record.players[0].name = first.into();
        record.players[1].name = second.into();
        record
    };
    let ja = named(&record, "はるか", "けんじ");
    let es = named(&record, "lucía", "mateo");
    assert_eq!(status_caption_in(&ja, Lang::Ja), "けんじ（黒）の番です");
    assert_eq!(status_caption_in(&es, Lang::Es), "Turno de mateo (Negras)");
    let ended = |mut record: GameRecord, reason| {
        record.result = Some(Outcome::win(Seat::First, reason));
        record
    };
    assert_eq!(
        status_caption_in(&ended(ja, Reason::Timeout), Lang::Ja),
        "はるか（白）の勝ち：けんじ（黒）の持ち時間が切れました"
    );
    assert_eq!(
        status_caption_in(&ended(es, Reason::Resign), Lang::Es),
        "lucía (Blancas) gana: mateo (Negras) abandonó"
    );
    assert_eq!(i18n::take_slips(), Vec::<String>::new());
}

/// What players are told when the store fails is worded in every
/// language, English as the store's own `reply_text`.
#[test]
fn store_failures_are_worded_in_every_language() {
    use cairn_store::StoreError;
    i18n::take_slips();
    let errors = [
        StoreError::TooNew {
            key: "test:main".into(),
            found: 9,
        },
        StoreError::WriteFailed {
            cause: "no space left on device".into(),
        },
        StoreError::Unavailable {
            cause: "connection refused".into(),
        },
        StoreError::Internal("a lost lock"),
    ];
    for error in &errors {
        let message = error.message();
        assert_eq!(i18n::say(Lang::En, &message), error.reply_text());
        let japanese = i18n::say(Lang::Ja, &message);
        assert!(
            japanese
                .chars()
                .any(|c| ('\u{3040}'..='\u{30ff}').contains(&c)),
            "{japanese}"
        );
        let spanish = i18n::say(Lang::Es, &message);
        assert_ne!(spanish, error.reply_text());
    }
    assert!(i18n::say(Lang::Ja, &errors[0].message()).contains("`cairn db quarantine test:main`"));
    assert!(i18n::say(Lang::Es, &errors[1].message()).contains("(no space left on device)"));
    assert_eq!(i18n::take_slips(), Vec::<String>::new());
}

/// The stone before the caption comes from the seat's colour, not from
/// the words: Redmond playing White gets a white stone.
#[test]
fn a_player_called_redmond_playing_white_gets_a_white_stone() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("db")).unwrap();
    let bot = Bot::new(
        store,
        BotConfig {
            images: true,
            ai_seed: Some(7),
            ..BotConfig::default()
        },
    );
    let say = |who: &str, command: &str, mentions: Vec<User>| {
        bot.handle(&Request {
            platform: "test".into(),
            channel: "main".into(),
            user: User::new(format!("id-{who}"), who),
            command: command.into(),
            mentions,
            ..Default::default()
        })
    };
    let bob = User::new("id-bob", "bob");
    say("Redmond", "challenge sight @bob", vec![bob]);
    let replies = say("bob", "accept", vec![]);
    let record = bot
        .store()
        .load(&Store::channel_key("test", "main"))
        .unwrap()
        .and_then(|r| r.game)
        .expect("a game in progress");
    assert_eq!(
        status_caption_in(&record, Lang::En),
        "Redmond (White) to move"
    );
    assert_eq!(status_stone(&record), Some(Colour::White));

    // The board image has no red in it (a red stone was drawn before
    // the fix) and a white stone left of the caption.
    let png = replies[0].image.as_ref().expect("the board image");
    let image = image::load_from_memory(png.bytes()).unwrap().to_rgba8();
    assert_eq!((png.width(), png.height()), image.dimensions());
    let red = image
        .pixels()
        .filter(|p| p[0] > p[1].saturating_add(80) && p[0] > p[2].saturating_add(80))
        .count();
    assert_eq!(red, 0, "red pixels in Redmond's board");
    let white = (0..image.height())
        .flat_map(|y| (10..40).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            // The white stone's face (the lettering is yellower).
            let [r, g, b, _] = image.get_pixel(x, y).0;
            r > 225 && g > 220 && b > 205 && r - b < 30
        })
        .count();
    assert!(white > 40, "only {white} white pixels left of the caption");
}
