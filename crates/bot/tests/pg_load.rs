//! The bot core under load on PostgreSQL (run by `scripts/bot-load-test`;
//! ignored in the ordinary suite): three bots, each on its own store
//! connection pool (three processes as far as the server knows), play
//! many games of Sight by `move` commands from many threads; a tenth of
//! the commands go to any game, racing the owner's. One bot is restarted
//! (its store closed and connected again) a third of the way in.
//!
//! Prints moves per second (and per core), p50 and p99 of a command's
//! time, and the acknowledged moves lost or applied without an answer:
//! every game's stored history must hold exactly the moves whose player
//! was told "played". Settings: LOAD_GAMES, LOAD_MOVES, LOAD_THREADS (per
//! bot), LOAD_RACING (percent), LOAD_RESTART (0 or 1), LOAD_IMAGES (0 or 1:
//! draw the board PNG of every move, as the chat platforms do).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use cairn_bot::{Bot, BotConfig, Request, User};
use cairn_store::{testing, Store};

/// Moves per game at most (games stay short of their end).
const PLIES: usize = 12;

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

fn bot_on(url: &str, images: bool) -> Bot {
    let store = Store::connect(url).expect("connect");
    Bot::new(
        store,
        BotConfig {
            images,
            rate_limit: None,
            ..BotConfig::default()
        },
    )
}

fn player(game: usize, seat: usize) -> User {
    let name = if seat == 0 { "white" } else { "black" };
    User::new(format!("id-{name}{game}"), format!("{name}{game}"))
}

fn say(bot: &Bot, game: usize, who: &User, command: &str, mentions: Vec<User>) -> String {
    let replies = bot.handle(&Request {
        platform: "load".into(),
        channel: format!("g{game:04}"),
        user: who.clone(),
        command: command.into(),
        mentions,
        ..Default::default()
    });
    replies
        .iter()
        .map(|r| r.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// What one thread did: acknowledged moves per game, command times,
/// refusals (a racing command that lost, or a game at its cap).
#[derive(Default)]
struct Tally {
    acked: HashMap<usize, usize>,
    latencies: Vec<Duration>,
    refused: usize,
    /// Answers that could not tell whether the move was saved (the
    /// connection dropped after its commit was sent).
    unknown: usize,
}

/// One move by whoever is to move in `game`, chosen from its legal turns.
fn play_one(bot: &Bot, game: usize, rng: &mut Rng, tally: &mut Tally) {
    let key = format!("load:g{game:04}");
    let record = match bot.store().load(&key) {
        Ok(Some(record)) => record.game,
        _ => None,
    };
    let Some(record) = record.filter(|g| g.history.len() < PLIES) else {
        tally.refused += 1;
        return;
    };
    let legal = record.game.legal_strings();
    if legal.is_empty() {
        tally.refused += 1;
        return;
    }
    let turn = &legal[(rng.next() as usize) % legal.len()];
    let seat = record.game.to_move().index();
    let began = Instant::now();
    let said = say(
        bot,
        game,
        &player(game, seat),
        &format!("move {turn}"),
        Vec::new(),
    );
    tally.latencies.push(began.elapsed());
    if said.contains(" played ") {
        *tally.acked.entry(game).or_default() += 1;
    } else if said.contains("could not tell whether it was saved") {
        tally.unknown += 1;
    } else {
        tally.refused += 1;
    }
}

#[test]
#[ignore]
fn three_bots_on_one_postgresql_play_by_commands() {
    let Some(admin) = testing::postgres_url("three_bots_on_one_postgresql_play_by_commands") else {
        return;
    };
    let games = setting("LOAD_GAMES", 1000);
    let moves = setting("LOAD_MOVES", 6000).min(games * PLIES);
    let threads = setting("LOAD_THREADS", 8);
    let racing = setting("LOAD_RACING", 10) as u64;
    let restart = setting("LOAD_RESTART", 1) == 1;
    let images = setting("LOAD_IMAGES", 0) == 1;
    let url = testing::create_database(&admin).expect("database");
    let bots: Vec<Arc<RwLock<Bot>>> = (0..3)
        .map(|_| Arc::new(RwLock::new(bot_on(&url, images))))
        .collect();
    start_games(&bots, games);
    // scripts/bot-load-test restarts the server a while after this.
    if let Ok(marker) = std::env::var("LOAD_STARTED_MARKER") {
        std::fs::write(marker, "moves\n").expect("write the marker");
    }
    let next = Arc::new(AtomicUsize::new(0));
    let restarted = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let mut handles = Vec::new();
    for (c, bot) in bots.iter().enumerate() {
        for t in 0..threads {
            let (bot, next, restarted, url) =
                (bot.clone(), next.clone(), restarted.clone(), url.clone());
            handles.push(std::thread::spawn(move || {
                let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ ((c * 1000 + t) as u64 + 1));
                let mut tally = Tally::default();
                let third = (games / 3).max(1);
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= moves {
                        break;
                    }
                    if restart
                        && c == 2
                        && n >= moves / 3
                        && restarted.swap(1, Ordering::SeqCst) == 0
                    {
                        // The third process restarts: its store is closed
                        // once its commands in flight are done.
                        let mut slot = bot.write().unwrap_or_else(|e| e.into_inner());
                        *slot = bot_on(&url, images);
                    }
                    let game = if rng.next() % 100 < racing {
                        (rng.next() as usize) % games
                    } else {
                        (c * third + (rng.next() as usize) % third).min(games - 1)
                    };
                    let bot = bot.read().unwrap_or_else(|e| e.into_inner()).clone();
                    play_one(&bot, game, &mut rng, &mut tally);
                }
                tally
            }));
        }
    }
    let mut acked: HashMap<usize, usize> = HashMap::new();
    let mut latencies = Vec::new();
    let (mut refused, mut unknown) = (0, 0);
    for handle in handles {
        let tally = handle.join().expect("a load thread");
        for (game, n) in tally.acked {
            *acked.entry(game).or_default() += n;
        }
        latencies.extend(tally.latencies);
        refused += tally.refused;
        unknown += tally.unknown;
    }
    let elapsed = start.elapsed();
    let checker = bots[0].read().unwrap_or_else(|e| e.into_inner()).clone();
    let (lost, unanswered) = compare(&checker, games, &acked);
    let played: usize = acked.values().sum();
    latencies.sort();
    let p = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rate = played as f64 / elapsed.as_secs_f64();
    eprintln!(
        "{played} moves acknowledged ({refused} commands refused or skipped) in {elapsed:.1?} by 3 bots x {threads} threads on {games} games ({racing} % racing, boards {}{}): {rate:.0} moves/s, {:.0} per core ({cores} cores, shared with the server); p50 {:?}, p99 {:?}; lost {lost}, applied without an answer {unanswered}",
        if images { "drawn" } else { "not drawn" },
        if restart { ", one bot restarted a third of the way in" } else { "" },
        rate / cores as f64,
        p(0.50),
        p(0.99),
    );
    eprintln!("answers that could not tell whether the move was saved: {unknown}");
    assert_eq!(lost, 0, "acknowledged moves lost");
    // Only a move answered "could not tell" may have been saved unanswered.
    assert!(
        unanswered <= unknown,
        "{unanswered} moves applied without a 'played' answer, {unknown} answered 'could not tell'"
    );
}

/// Every game challenged and accepted, spread over the three bots.
fn start_games(bots: &[Arc<RwLock<Bot>>], games: usize) {
    let began = Instant::now();
    std::thread::scope(|scope| {
        for (c, bot) in bots.iter().enumerate() {
            scope.spawn(move || {
                let bot = bot.read().unwrap_or_else(|e| e.into_inner()).clone();
                for game in (c..games).step_by(bots.len()) {
                    let (white, black) = (player(game, 0), player(game, 1));
                    let command = format!("challenge sight @{} as=white", black.name);
                    let said = say(&bot, game, &white, &command, vec![black.clone()]);
                    assert!(said.contains(&black.name), "{said}");
                    let said = say(&bot, game, &black, "accept", Vec::new());
                    assert!(said.contains("to move"), "{said}");
                }
            });
        }
    });
    eprintln!("{games} games started in {:.1?}", began.elapsed());
}

/// (acknowledged moves missing from the stored histories, stored moves
/// nobody was told of).
fn compare(bot: &Bot, games: usize, acked: &HashMap<usize, usize>) -> (usize, usize) {
    let (mut lost, mut unanswered) = (0, 0);
    for game in 0..games {
        let stored = bot
            .store()
            .load(&format!("load:g{game:04}"))
            .expect("load")
            .and_then(|r| r.game)
            .map_or(0, |g| g.history.len());
        let told = acked.get(&game).copied().unwrap_or(0);
        lost += told.saturating_sub(stored);
        unanswered += stored.saturating_sub(told);
    }
    (lost, unanswered)
}
