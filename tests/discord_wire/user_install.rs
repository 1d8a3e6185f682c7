//! Installed by a player: a group DM where the bot is not a member (only
//! interaction responses and at most 5 follow-ups; reminders and the loss
//! on time by direct message, and told again in the group DM), and a game
//! against the bot in its own DM.

use super::server::{ATTACH_FILES, EMBED_LINKS};
use super::*;

/// A group DM of alice, bob and carol: the bot is not in it.
pub const GROUP_DM: &str = "645027906669510710";
/// Alice's DM with the bot.
pub const BOT_DM: &str = "645027906669510711";
/// What Discord grants an app a user installed, where it is not a member.
const USER_INSTALL_PERMISSIONS: u64 = ATTACH_FILES | EMBED_LINKS | (1 << 17) | (1 << 18);

/// A server interaction moved to the group DM (context 2) or the bot's DM
/// (context 1), as Discord sends those: no guild, the user instead of a
/// member, and the user's install as the authorising one.
pub fn relocate(value: &mut Value, channel: &str, who: (&str, &str)) {
    let (context, kind, owners) = match channel {
        GROUP_DM => (2, 3, json!({ "1": who.0 })),
        BOT_DM => (1, 1, json!({ "0": "0", "1": who.0 })),
        _ => return,
    };
    let Some(object) = value.as_object_mut() else {
        return;
    };
    for key in ["guild_id", "member", "guild_locale"] {
        object.remove(key);
    }
    object.insert("user".into(), user(who));
    object.insert("context".into(), json!(context));
    object.insert("authorizing_integration_owners".into(), owners);
    object.insert(
        "channel".into(),
        json!({ "id": channel, "type": kind, "name": null }),
    );
    object.insert(
        "app_permissions".into(),
        json!(USER_INSTALL_PERMISSIONS.to_string()),
    );
}

/// Every command is usable where a player installed the app: both
/// install types, and servers, the bot's DMs and private channels.
pub fn commands_usable_everywhere(fake: &Fake) {
    let commands = fake.with(|s| s.commands.get(GUILD_ID).cloned().unwrap_or_default());
    for command in &commands {
        assert_eq!(command["integration_types"], json!([0, 1]), "{command}");
        assert_eq!(command["contexts"], json!([0, 1, 2]), "{command}");
    }
}

/// The direct message channel the fake gives `who`.
fn dm_of(who: (&str, &str)) -> String {
    let id: u64 = who.0.parse().expect("a snowflake");
    (id / 2 + 7).to_string()
}

/// A whole game in a group DM, by interactions only; then a game lost on
/// time there: the reminder and the loss reach alice by DM (bob refuses
/// DMs: tried once, then left alone), and the next interaction in the
/// group DM tells the loss.
pub async fn a_game_in_a_group_dm(fake: &Fake, p: &mut Payloads) {
    fake.set(|s| {
        s.closed.insert(GROUP_DM.to_string());
        s.refused_dms.insert(BOB.0.to_string());
    });
    let started = start_game(fake, p, GROUP_DM, ALICE, BOB, "sight").await;
    assert!(has_board(&started.followups[0]), "{:?}", started.followups);
    let moves = play_sight_to_the_end(fake, p, GROUP_DM).await;
    assert!(moves.len() >= 5, "{moves:?}");
    assert!(fake.with(|s| s.threads.iter().all(|(parent, _, _)| parent != GROUP_DM)));

    timed_game(fake, p, ALICE, BOB).await;
    let alice_dm = dm_of(ALICE);
    let (reminder, loss) = fake
        .wait_for("alice's reminder and loss by direct message", |s| {
            let posted = s.posted.get(&alice_dm)?;
            let reminder = posted.iter().find(|m| m.text().contains("your turn"))?;
            let loss = posted
                .iter()
                .find(|m| m.text().contains("ran out of time"))?;
            Some((reminder.clone(), loss.clone()))
        })
        .await;
    assert_eq!(reminder.pings, [ALICE.0], "{reminder:?}");
    assert!(has_board(&loss), "{loss:?}");
    let token = fake.interact(p.slash(GROUP_DM, BOB, "games", json!([])));
    let told = settled(fake, &token, 1).await;
    let public = told
        .messages()
        .into_iter()
        .find(|m| !m.ephemeral)
        .cloned()
        .expect("a public answer");
    assert!(
        public.text().contains("Meanwhile (") && public.text().contains("ran out of time"),
        "{public:?}"
    );

    // Bob was tried once (the loss), and not again for a second game's
    // reminder and loss although both speak to him.
    assert_eq!(fake.with(|s| s.refused_dm_posts), 1);
    timed_game(fake, p, BOB, ALICE).await;
    fake.wait_for("the second loss, for alice", |s| {
        let posted = s.posted.get(&alice_dm)?;
        (posted
            .iter()
            .filter(|m| m.text().contains("ran out of time"))
            .count()
            == 2)
            .then_some(())
    })
    .await;
    assert_eq!(
        fake.with(|s| s.refused_dm_posts),
        1,
        "bob's refusal is remembered"
    );
    let (outsider, over) =
        fake.with(|s| (s.outsider_posts.clone(), s.followups_over_limit.clone()));
    assert!(
        outsider.is_empty(),
        "channel messages where the bot is not a member: {outsider:?}"
    );
    assert!(over.is_empty(), "a sixth follow-up: {over:?}");
    println!(
        "discord wire: a whole game and two losses on time in a group DM by interactions only; reminders and losses by DM"
    );
}

/// `a` challenges `b` in the group DM on a clock of 4 s a move, `b`
/// accepts, and nobody moves.
async fn timed_game(fake: &Fake, p: &mut Payloads, a: (&str, &str), b: (&str, &str)) {
    let token = fake.interact(p.slash(
        GROUP_DM,
        a,
        "challenge",
        json!([
            { "type": 3, "name": "game", "value": "sight" },
            { "type": 6, "name": "opponent", "value": b.0 },
            { "type": 3, "name": "clock", "value": "4s" }
        ]),
    ));
    let offer = settled(fake, &token, 1).await.messages()[0].clone();
    let token = fake.interact(p.press(GROUP_DM, b, &offer, "Accept"));
    settled(fake, &token, 2).await;
}

/// A game against the bot in alice's DM with it, to the end, alice's
/// turns from the bot's own autocomplete.
pub async fn against_the_bot_in_its_dm(fake: &Fake, p: &mut Payloads) {
    let token = fake.interact(p.slash(
        BOT_DM,
        ALICE,
        "challenge",
        json!([
            { "type": 3, "name": "game", "value": "sight" },
            { "type": 6, "name": "opponent", "value": APP_ID },
            { "type": 4, "name": "level", "value": 1 }
        ]),
    ));
    let started = settled(fake, &token, 1).await;
    assert!(has_board(started.messages()[0]), "{:?}", started.messages());
    for turn in 0.. {
        assert!(turn < 40, "the game against the bot ends");
        let mine = next_turn_in(fake, p, BOT_DM, ALICE).await;
        let token = fake.interact(p.mv(BOT_DM, ALICE, &mine));
        let answer = fake
            .wait_for("alice's turn, then the bot's or the end", |s| {
                let exchange = s.exchanges.get(&token)?;
                let texts: Vec<String> = exchange.messages().iter().map(|m| m.text()).collect();
                let over = texts
                    .iter()
                    .any(|t| t.contains(" wins") || t.contains("Draw"));
                let again = texts
                    .iter()
                    .any(|t| t.contains("played") && t.contains("alice (White) to move"));
                (!exchange.thinking && (over || again)).then(|| (over, exchange.clone()))
            })
            .await;
        if answer.0 {
            break;
        }
    }
    println!("discord wire: a whole game against the bot in its DM");
}
