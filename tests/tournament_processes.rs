//! A tournament (#39) driven by three real `cairn` processes on one
//! PostgreSQL (`CAIRN_TEST_POSTGRES`, started by `scripts/test`; without
//! it this test skips with one line): a 16-player round robin whose games
//! all end on a two-second clock, so that the three schedulers race to
//! count every result and to start every game; one process is killed with
//! SIGKILL mid-event and started again. Afterwards every game was created
//! once and announced at most once, every result counted once, the end
//! said once.

mod processes;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use cairn_rules::Seat;
use cairn_store::tournament::{game_key, tournaments_key, Score, Stage, Tournament};
use cairn_store::Store;
use processes::{start, Process};

const PLAYERS: usize = 16;
const CHANNEL: &str = "console:lobby";

fn tournament(store: &Store) -> Option<Tournament> {
    let record = store.load(&tournaments_key(CHANNEL)).ok()??;
    record.tournaments?.list.last().cloned()
}

fn wait_until(what: &str, seconds: u64, mut done: impl FnMut() -> bool) {
    let until = Instant::now() + Duration::from_secs(seconds);
    while !done() {
        assert!(Instant::now() < until, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn three_processes_run_a_round_robin_and_one_is_killed() {
    let Some(admin) =
        cairn_store::testing::postgres_url("three_processes_run_a_round_robin_and_one_is_killed")
    else {
        return;
    };
    let url = cairn_store::testing::create_database(&admin).expect("a test database");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut organiser = vec![
        "/as org".to_string(),
        "tournament create sight clock=2s".into(),
    ];
    for i in 0..PLAYERS {
        organiser.push(format!("/as p{i:02}"));
        organiser.push("tournament join".into());
    }
    organiser.push("/as org".into());
    organiser.push("tournament start".into());
    let mut processes = vec![
        start(&url, dir.path(), "p0", organiser),
        start(&url, dir.path(), "p1", Vec::new()),
        start(&url, dir.path(), "p2", Vec::new()),
    ];
    let store = Store::connect(&url).expect("connect");
    wait_until("round 5", 120, || {
        tournament(&store).is_some_and(|t| t.rounds.len() >= 5)
    });
    processes[2].kill();
    processes.push(start(&url, dir.path(), "p2-again", Vec::new()));
    wait_until("the end", 300, || {
        tournament(&store).is_some_and(|t| t.stage == Stage::Finished)
    });
    std::thread::sleep(Duration::from_secs(3));
    let all: Vec<String> = processes.iter().flat_map(Process::lines).collect();
    for process in &mut processes {
        process.kill();
    }
    let tournament = tournament(&store).expect("the tournament");
    // Every game created once, in its own channel, and announced once.
    let mut announced: HashMap<String, usize> = HashMap::new();
    for line in all.iter().filter(|l| l.contains("Tournament #1, round ")) {
        let channel = line.split(']').next().unwrap_or_default().to_string();
        *announced.entry(channel).or_default() += 1;
    }
    // Never twice. A process killed between writing a game and printing
    // its start takes that announcement with it (the game is there, in
    // `games` and in the standings' running games): at most one round's.
    assert!(announced.values().all(|&n| n == 1), "{announced:?}");
    assert!(announced.len() >= 120 - PLAYERS / 2, "{}", announced.len());
    // Every result counted once, as its game ended.
    let mut points: HashMap<String, u32> = HashMap::new();
    for (r, round) in tournament.rounds.iter().enumerate() {
        for (b, p) in round.pairings.iter().enumerate() {
            let key = game_key(CHANNEL, 1, r + 1, b + 1);
            let game = store.load(&key).expect("load").and_then(|r| r.game);
            let game = game.expect("the game");
            let winner = game.outcome().and_then(|o| o.winner);
            let counted = match winner {
                Some(Seat::First) => Score::FirstWins,
                Some(Seat::Second) => Score::SecondWins,
                None => Score::Draw,
            };
            assert_eq!(p.score, Some(counted), "round {} board {}", r + 1, b + 1);
            if let Some(seat) = winner {
                *points.entry(game.player(seat).id.clone()).or_default() += 2;
            }
        }
    }
    let table =
        cairn_bot::tournament::standings::table(PLAYERS, &tournament.rounds, tournament.format);
    for line in &table {
        let id = &tournament.entrants[line.entrant].player.id;
        assert_eq!(points.get(id).copied().unwrap_or(0), line.half_points);
    }
    let ends = all
        .iter()
        .filter(|l| l.contains("Tournament #1 is over"))
        .count();
    assert_eq!(ends, 1, "the end said once");
    // Each game rated once: 120 archived games.
    let archived: Vec<_> = store.archive().collect::<Result<_, _>>().expect("archive");
    assert_eq!(archived.len(), 120);
}
