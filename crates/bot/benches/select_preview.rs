//! Server-side time from a choice in the picker's select menu to the
//! reply with its preview (issue 33): the core's `pick N` as a select
//! interaction runs it (the choice recorded in the store, the next steps
//! listed, the board drawn as a PNG with the turn so far, or the turn
//! played and its card drawn). The Discord adapter only serialises the
//! result into a Components V2 body (`tests/discord_wire.rs` prints the
//! largest). Seven games from their start to their end, each turn chosen
//! by the first option of every list, on sled.
//!
//! `cargo bench -p cairn-bot --bench select_preview`; prints per game the
//! median and p99 of a choice's answer.

use std::time::{Duration, Instant};

use cairn_bot::{Bot, BotConfig, Reply, Request, User};
use cairn_rules::GameKind;
use cairn_store::Store;

const GAMES_PER_TITLE: usize = 3;

fn say(bot: &Bot, channel: &str, who: &User, command: &str, mentions: Vec<User>) -> Vec<Reply> {
    bot.handle(&Request {
        platform: "discord".into(),
        channel: channel.into(),
        user: who.clone(),
        command: command.into(),
        mentions,
        ..Default::default()
    })
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[at].as_secs_f64() * 1000.0
}

/// One title's games; the time of every choice, and the PNG bytes of its
/// preview.
fn play(bot: &Bot, kind: GameKind, round: usize) -> (Vec<Duration>, Vec<usize>) {
    let players = [User::new("111", "alice"), User::new("222", "bob")];
    let channel = format!("{}-{round}", kind.name());
    let game = kind.name().to_ascii_lowercase();
    say(
        bot,
        &channel,
        &players[0],
        &format!("challenge {game} <@222>"),
        vec![players[1].clone()],
    );
    let mut card = say(bot, &channel, &players[1], "accept", Vec::new());
    let (mut times, mut bytes) = (Vec::new(), Vec::new());
    for _ in 0..2_000 {
        let Some(mover) = card.first().and_then(|r| r.to_move.clone()) else {
            break;
        };
        let who = players
            .iter()
            .find(|p| p.id == mover)
            .unwrap_or(&players[0]);
        let mut shown = say(bot, &channel, who, "pick", Vec::new());
        while shown.first().is_some_and(|r| r.pick.is_some()) {
            let began = Instant::now();
            let replies = say(bot, &channel, who, "pick 1", Vec::new());
            times.push(began.elapsed());
            let png = replies.first().and_then(|r| r.image.as_ref());
            bytes.push(png.map_or(0, |p| p.bytes().len()));
            shown = replies;
        }
        card = shown;
    }
    (times, bytes)
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path().join("db")).expect("store");
    let bot = Bot::new(store, BotConfig::default());
    println!("select → reply with its preview, server side (the core, board PNG included)");
    for kind in GameKind::ALL {
        let (mut times, mut bytes) = (Vec::new(), Vec::new());
        for round in 0..GAMES_PER_TITLE {
            let (t, b) = play(&bot, kind, round);
            times.extend(t);
            bytes.extend(b);
        }
        times.sort();
        bytes.sort_unstable();
        if times.is_empty() {
            continue;
        }
        println!(
            "{:<10} {:>5} choices  median {:>6.2} ms  p99 {:>6.2} ms  preview PNG median {} B, max {} B",
            kind.name(),
            times.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.99),
            bytes[bytes.len() / 2],
            bytes[bytes.len() - 1]
        );
    }
}
