//! Tournaments (#39) through the platform-neutral core, with a clock the
//! test drives: a 16-player round robin and a 64-player Swiss played to
//! their end with random results (resignations, draws, losses on time),
//! checked against the games as stored; a restart in the middle.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use cairn_bot::{Bot, BotConfig, Delivery, Reply, Request, User};
use cairn_rules::Seat;
use cairn_store::clock::{ManualClock, DAY_MS, HOUR_MS};
use cairn_store::tournament::{game_key, tournaments_key, Format, Stage, Tournament};
use cairn_store::Store;

const START: u64 = 1_795_435_200_000;
const CHANNEL: &str = "test:main";

fn user(name: &str) -> User {
    User::new(format!("id-{name}"), name)
}

struct Chat {
    bot: Bot,
    clock: ManualClock,
    path: std::path::PathBuf,
    _dir: tempfile::TempDir,
    seed: u64,
}

impl Chat {
    fn new(seed: u64) -> Chat {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("db");
        let clock = ManualClock::at(START);
        Chat {
            bot: open(&path, &clock),
            clock,
            path,
            _dir: dir,
            seed,
        }
    }

    /// Close the database and open it again, as a restarted process would.
    fn restart(self) -> Chat {
        let Chat {
            bot,
            clock,
            path,
            _dir,
            seed,
        } = self;
        drop(bot);
        Chat {
            bot: open(&path, &clock),
            clock,
            path,
            _dir,
            seed,
        }
    }

    fn say_in(&self, channel: &str, who: &str, command: &str) -> Vec<Reply> {
        self.bot.handle(&Request {
            platform: "test".into(),
            channel: channel.into(),
            user: user(who),
            command: command.into(),
            ..Default::default()
        })
    }

    fn say(&self, who: &str, command: &str) -> Reply {
        let mut replies = self.say_in("main", who, command);
        assert!(!replies.is_empty());
        replies.remove(0)
    }

    /// Fire everything due, again until nothing is.
    fn settle(&self) -> Vec<Delivery> {
        let mut all = Vec::new();
        loop {
            let fired = self.bot.fire_due("test");
            if fired.is_empty() {
                return all;
            }
            all.extend(fired);
        }
    }

    fn random(&mut self) -> u64 {
        self.seed = self
            .seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.seed >> 33
    }

    fn tournament(&self) -> Tournament {
        let record = self
            .bot
            .store()
            .load(&tournaments_key(CHANNEL))
            .expect("load");
        let all = record.and_then(|r| r.tournaments).expect("tournaments");
        all.list.last().cloned().expect("a tournament")
    }

    /// End every game of the current round: a resignation by either side
    /// or a draw, each in a quarter of the games, and the last quarter
    /// lost on time.
    fn play_round(&mut self) -> Vec<Delivery> {
        let tournament = self.tournament();
        let round = tournament.rounds.len();
        let boards = tournament.rounds[round - 1].pairings.clone();
        for (board, p) in boards.iter().enumerate() {
            if p.score.is_some() {
                continue;
            }
            let key = game_key(CHANNEL, tournament.number, round, board + 1);
            let channel = key.trim_start_matches("test:").to_string();
            let game = self
                .bot
                .store()
                .load(&key)
                .expect("load")
                .and_then(|r| r.game)
                .expect("the game was created");
            let first = &game.player(Seat::First).name;
            let second = &game.player(Seat::Second).name;
            assert_eq!(first, &tournament.entrants[p.first].player.name);
            match self.random() % 4 {
                0 => {
                    self.say_in(&channel, first, "resign");
                    self.say_in(&channel, first, "resign");
                }
                1 => {
                    self.say_in(&channel, second, "resign");
                    self.say_in(&channel, second, "resign");
                }
                2 => {
                    self.say_in(&channel, first, "draw");
                    self.say_in(&channel, second, "draw");
                }
                _ => {}
            }
        }
        // The games left lose on time.
        self.clock.advance(DAY_MS + HOUR_MS);
        self.settle()
    }
}

fn config(clock: &ManualClock) -> BotConfig {
    BotConfig {
        images: false,
        ai_seed: Some(3),
        clock: Arc::new(clock.clone()),
        ..BotConfig::default()
    }
}

fn open(path: &std::path::Path, clock: &ManualClock) -> Bot {
    Bot::new(Store::open(path).expect("open store"), config(clock))
}

fn texts(deliveries: &[Delivery]) -> Vec<String> {
    deliveries
        .iter()
        .flat_map(|d| d.replies.iter().map(|r| r.text.clone()))
        .collect()
}

/// Every game of the tournament as stored in its own channel: its
/// players' ids (first, second) and the points each scored (halves).
fn stored_results(chat: &Chat, tournament: &Tournament) -> Vec<(String, String, u32, u32)> {
    let mut out = Vec::new();
    for (r, round) in tournament.rounds.iter().enumerate() {
        for (b, p) in round.pairings.iter().enumerate() {
            assert!(p.created && p.score.is_some(), "round {r} board {b}: {p:?}");
            let key = game_key(CHANNEL, tournament.number, r + 1, b + 1);
            let game = chat
                .bot
                .store()
                .load(&key)
                .expect("load")
                .and_then(|r| r.game);
            let game = game.expect("each game once in its channel");
            let outcome = game.outcome().expect("over");
            let (a, z) = match outcome.winner {
                None => (1, 1),
                Some(Seat::First) => (2, 0),
                Some(Seat::Second) => (0, 2),
            };
            let first = game.player(Seat::First).id.clone();
            let second = game.player(Seat::Second).id.clone();
            out.push((first, second, a, z));
        }
    }
    out
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("p{i:02}")).collect()
}

#[test]
fn a_16_player_round_robin_plays_to_its_end_once_each_across_a_restart() {
    let mut chat = Chat::new(5);
    let reply = chat.say("org", "tournament create sight clock=1d");
    assert!(!reply.ephemeral, "{}", reply.text);
    assert!(reply.text.contains("tournament #1"), "{}", reply.text);
    let players = names(16);
    for name in &players {
        let reply = chat.say(name, "tournament join");
        assert!(!reply.ephemeral, "{}", reply.text);
    }
    assert!(
        chat.say("p03", "tournament start").ephemeral,
        "only the organiser starts it"
    );
    let reply = chat.say("org", "tournament start");
    assert!(
        reply.text.contains("Round 1 of tournament #1"),
        "{}",
        reply.text
    );
    let started = chat.settle();
    assert_eq!(started.len(), 8, "{:?}", texts(&started));
    assert!(started.iter().all(|d| d.channel.starts_with("main~t1r1g")));
    assert!(started.iter().all(|d| d.replies[0].mentions.len() == 2));
    let mut standings_posted = 0;
    for round in 1..=15 {
        let said = chat.play_round();
        standings_posted += said
            .iter()
            .filter(|d| d.channel == "main" && d.replies[0].text.contains("rounds played"))
            .count();
        if round == 7 {
            chat = chat.restart();
            // Nothing new after a restart.
            assert!(chat.settle().is_empty());
        }
    }
    let tournament = chat.tournament();
    assert_eq!(tournament.stage, Stage::Finished);
    assert!(standings_posted >= 15, "{standings_posted}");
    // Every pair met once; nobody moved first more than once more than second.
    let results = stored_results(&chat, &tournament);
    assert_eq!(results.len(), 120);
    let pairs: HashSet<(String, String)> = results
        .iter()
        .map(|(a, b, _, _)| (a.min(b).clone(), a.max(b).clone()))
        .collect();
    assert_eq!(pairs.len(), 120);
    let mut balance: HashMap<&str, i32> = HashMap::new();
    let mut points: HashMap<&str, u32> = HashMap::new();
    for (a, b, x, y) in &results {
        *balance.entry(a).or_default() += 1;
        *balance.entry(b).or_default() -= 1;
        *points.entry(a).or_default() += x;
        *points.entry(b).or_default() += y;
    }
    assert!(balance.values().all(|b| b.abs() <= 1), "{balance:?}");
    // The table counts each stored result once.
    let table = cairn_bot::tournament::standings::table(16, &tournament.rounds, tournament.format);
    for line in &table {
        let id = &tournament.entrants[line.entrant].player.id;
        assert_eq!(points[id.as_str()], line.half_points, "{id}");
    }
    assert_eq!(table.iter().map(|l| l.half_points).sum::<u32>(), 240);
    let standings = chat.say("p00", "tournament standings").text;
    assert!(standings.contains("15 of 15 rounds played"), "{standings}");
    assert!(standings.contains("wins!"), "{standings}");
    let list = chat.say("p00", "tournaments").text;
    assert!(
        list.contains("#1: Sight, round robin, finished, 16 players"),
        "{list}"
    );
}

#[test]
fn a_64_player_swiss_never_repeats_a_pair_nor_a_bye() {
    let mut chat = Chat::new(11);
    chat.say("org", "tournament create sight format=swiss clock=1d");
    // 63 players: a bye every round.
    for name in names(63) {
        assert!(!chat.say(&name, "tournament join").ephemeral);
    }
    let reply = chat.say("org", "tournament start");
    assert!(reply.text.contains("over 6 rounds"), "{}", reply.text);
    chat.settle();
    for _ in 0..6 {
        chat.play_round();
    }
    let tournament = chat.tournament();
    assert_eq!(tournament.stage, Stage::Finished);
    assert!(matches!(tournament.format, Format::Swiss { rounds: 6 }));
    let results = stored_results(&chat, &tournament);
    assert_eq!(results.len(), 6 * 31);
    let pairs: HashSet<(String, String)> = results
        .iter()
        .map(|(a, b, _, _)| (a.min(b).clone(), a.max(b).clone()))
        .collect();
    assert_eq!(pairs.len(), results.len(), "a pair met twice");
    let byes: Vec<usize> = tournament.rounds.iter().filter_map(|r| r.bye).collect();
    assert_eq!(byes.len(), 6);
    assert_eq!(byes.iter().collect::<HashSet<_>>().len(), 6, "a second bye");
}

#[test]
fn a_player_who_leaves_forfeits_and_the_organiser_may_cancel() {
    let chat = Chat::new(2);
    chat.say("org", "tournament create sight");
    assert!(chat.say("org", "tournament create sight").ephemeral);
    for name in ["ann", "ben", "cy", "dee"] {
        chat.say(name, "tournament join");
    }
    assert!(chat.say("ann", "tournament join").ephemeral);
    chat.say("org", "tournament start");
    chat.settle();
    let reply = chat.say("dee", "tournament leave");
    assert!(reply.text.contains("forfeited"), "{}", reply.text);
    assert!(chat.say("ben", "tournament cancel").ephemeral);
    let reply = chat.say("org", "tournament cancel");
    assert!(reply.text.contains("cancels"), "{}", reply.text);
    assert_eq!(chat.tournament().stage, Stage::Cancelled);
}

/// A process that wrote a round's games and stopped before saying them
/// or marking them started (its claim on them left to lapse): a minute
/// later another process says each game once, and only those.
#[test]
fn games_written_by_a_process_that_stopped_are_announced_by_another() {
    let chat = Chat::new(3);
    chat.say("org", "tournament create sight");
    for name in ["ann", "ben", "cy", "dee"] {
        chat.say(name, "tournament join");
    }
    chat.say("org", "tournament start");
    let first = texts(&chat.settle());
    let starts = |said: &[String]| {
        said.iter()
            .filter(|t| t.contains("Tournament #1, round 1"))
            .count()
    };
    assert_eq!(starts(&first), 2, "{first:?}");
    // As if the deliveries and the marking were lost with the process.
    chat.bot
        .store()
        .update(&tournaments_key(CHANNEL), |current| {
            let mut record = current.expect("the record");
            let all = record.tournaments.as_deref_mut().expect("tournaments");
            let tournament = all.list.last_mut().expect("a tournament");
            for p in &mut tournament.rounds[0].pairings {
                p.created = false;
            }
            tournament.attention_ms = Some(START);
            cairn_store::Update {
                change: cairn_store::Change::Put(record),
                archive: None,
                value: (),
            }
        })
        .expect("update");
    // Within the claim nobody starts them again.
    assert_eq!(starts(&texts(&chat.settle())), 0);
    chat.clock.advance(61_000);
    let again = texts(&chat.settle());
    assert_eq!(starts(&again), 2, "{again:?}");
    assert!(chat.tournament().rounds[0]
        .pairings
        .iter()
        .all(|p| p.created));
    chat.clock.advance(61_000);
    assert_eq!(starts(&texts(&chat.settle())), 0);
}

/// The last game of a round: its clock runs out while its first player
/// resigns, the scheduler and the command racing on two threads, many
/// times over. Whichever ends the game, its result is counted once, as
/// stored, and the next round is paired once.
#[test]
fn a_timeout_and_a_resignation_racing_at_the_end_of_a_round_count_once() {
    for attempt in 0..20u64 {
        let chat = Chat::new(attempt);
        chat.say("org", "tournament create sight clock=1d");
        for name in ["ann", "ben", "cy", "dee"] {
            chat.say(name, "tournament join");
        }
        chat.say("org", "tournament start");
        chat.settle();
        // End board 1 now; board 2 is left to race.
        let tournament = chat.tournament();
        let first = |board: usize| {
            let p = &tournament.rounds[0].pairings[board];
            tournament.entrants[p.first].player.name.clone()
        };
        let (one, two) = (first(0), first(1));
        chat.say_in("main~t1r1g1", &one, "resign");
        chat.say_in("main~t1r1g1", &one, "resign");
        chat.settle();
        // The clock runs out now, and a resignation arrives meanwhile.
        chat.clock.advance(DAY_MS + 1);
        chat.say_in("main~t1r1g2", &two, "resign");
        let bot = chat.bot.clone();
        let racer = std::thread::spawn(move || {
            let mut said = Vec::new();
            for _ in 0..3 {
                said.extend(bot.fire_due("test"));
            }
            said
        });
        let resigned = chat.say_in("main~t1r1g2", &two, "resign");
        let mut said = racer.join().expect("the scheduler's thread");
        said.extend(chat.settle());
        let tournament = chat.tournament();
        assert_eq!(tournament.rounds.len(), 2, "round 2 paired once");
        let results = stored_results_of_round(&chat, &tournament, 0);
        for (p, stored) in tournament.rounds[0].pairings.iter().zip(results) {
            assert_eq!(p.score, Some(stored), "counted as stored");
        }
        let rounds_said = texts(&said)
            .iter()
            .filter(|t| t.contains("Round 2 of tournament #1"))
            .count();
        assert_eq!(rounds_said, 1, "{:?} / {:?}", texts(&said), resigned);
    }
}

fn stored_results_of_round(
    chat: &Chat,
    tournament: &Tournament,
    round: usize,
) -> Vec<cairn_store::tournament::Score> {
    use cairn_store::tournament::Score;
    (0..tournament.rounds[round].pairings.len())
        .map(|b| {
            let key = game_key(CHANNEL, tournament.number, round + 1, b + 1);
            let game = chat
                .bot
                .store()
                .load(&key)
                .expect("load")
                .and_then(|r| r.game);
            match game.and_then(|g| g.outcome()).map(|o| o.winner) {
                Some(Some(Seat::First)) => Score::FirstWins,
                Some(Some(Seat::Second)) => Score::SecondWins,
                _ => Score::Draw,
            }
        })
        .collect()
}
