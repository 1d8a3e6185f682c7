//! Several real `cairn` processes on one PostgreSQL (`CAIRN_TEST_POSTGRES`,
//! started by `scripts/test`; without it these tests skip with one line).
//!
//! The race: three console processes play the same timed games at once,
//! each sending every turn of a script (so each turn arrives three times,
//! and first from the wrong player), one of them killed with SIGKILL mid-run
//! and started again. Afterwards every game holds exactly the script's
//! turns in order (a prefix of it if the clock ran out first), every turn
//! a process acknowledged is stored once, and each game's loss on time was
//! announced once in the whole cluster.

mod processes;

use std::collections::HashMap;
use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cairn_rules::{AnyGame, GameKind, Options, Reason, Seat};
use cairn_store::Store;
use processes::{start, Process};

const GAMES: usize = 4;
const TURNS: usize = 10;
/// Each turn's time: long enough that the script's turns come in time,
/// short enough that the games then lose on time during the test.
const CLOCK: &str = "15s";

/// Turns of Sight, each a different text, none legal again later in the
/// game (so a duplicate sent late is refused rather than played anew).
fn script() -> Vec<String> {
    fn extend(positions: &mut Vec<AnyGame>, turns: &mut Vec<String>) -> bool {
        let here = positions.last().expect("a position").clone();
        if here.outcome().is_some() {
            return false;
        }
        if turns.len() == TURNS {
            // The game goes on, so that it can end on time.
            return true;
        }
        for candidate in here.legal_strings() {
            if turns.contains(&candidate) {
                continue;
            }
            let mut next = here.clone();
            if next.play_str(&candidate).is_err() || next.in_mid_turn() {
                continue;
            }
            let legal_next = next.legal_strings();
            turns.push(candidate);
            if turns.iter().any(|t| legal_next.contains(t)) {
                turns.pop();
                continue;
            }
            positions.push(next);
            if extend(positions, turns) {
                return true;
            }
            positions.pop();
            turns.pop();
        }
        false
    }
    let start = AnyGame::new(GameKind::Sight, &Options::default()).expect("sight");
    let mut positions = vec![start];
    let mut turns = Vec::new();
    assert!(
        extend(&mut positions, &mut turns),
        "a script of {TURNS} turns"
    );
    turns
}

fn players(game: usize) -> [String; 2] {
    [format!("a{game}"), format!("b{game}")]
}

/// The lines one process is fed: set up every game (a challenge and its
/// acceptance; refused when another process did it first), then every
/// turn of every game, each first sent by the wrong player.
fn commands(turns: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for game in 0..GAMES {
        let [a, b] = players(game);
        out.push(format!("/channel g{game}"));
        out.push(format!("/as {a}"));
        out.push(format!("challenge sight {b} clock={CLOCK}"));
        out.push(format!("/as {b}"));
        out.push("accept".into());
    }
    for (i, turn) in turns.iter().enumerate() {
        for game in 0..GAMES {
            let [a, b] = players(game);
            let (mover, other) = if i % 2 == 0 { (&a, &b) } else { (&b, &a) };
            out.push(format!("/channel g{game}"));
            out.push(format!("/as {other}"));
            out.push(format!("move {turn}"));
            out.push(format!("/as {mover}"));
            out.push(format!("move {turn}"));
        }
    }
    out
}

/// The turns acknowledged in `lines`, by game: `a1 (White) played c3. …`.
fn acknowledged(lines: &[String]) -> HashMap<usize, Vec<String>> {
    let mut out: HashMap<usize, Vec<String>> = HashMap::new();
    // The board's description (`alt:`) names the last turn too: not an
    // acknowledgement.
    for line in lines.iter().filter(|line| !line.starts_with("alt: ")) {
        let Some((who, rest)) = line.split_once(" played ") else {
            continue;
        };
        // `@b1 a1 (White)`: the name before the colour (after mentions).
        let words: Vec<&str> = who.split(' ').collect();
        let name = words.len().checked_sub(2).map_or("", |i| words[i]);
        let Some(game) = name.get(1..).and_then(|n| n.parse::<usize>().ok()) else {
            continue;
        };
        let turn = rest
            .split(['.', ';'])
            .next()
            .unwrap_or_default()
            .to_string();
        out.entry(game).or_default().push(turn);
    }
    out
}

#[test]
fn three_processes_race_on_one_postgres_and_one_is_killed() {
    let Some(admin) = cairn_store::testing::postgres_url(
        "three_processes_race_on_one_postgres_and_one_is_killed",
    ) else {
        return;
    };
    let url = cairn_store::testing::create_database(&admin).expect("a test database");
    let dir = tempfile::tempdir().expect("temp dir");
    let turns = script();
    let lines = commands(&turns);
    let mut processes: Vec<Process> = (0..3)
        .map(|i| start(&url, dir.path(), &format!("p{i}"), lines.clone()))
        .collect();
    // Kill the third process mid-run (a third of the turns played), then
    // start it again from the top.
    wait_for_turns_played(&processes, GAMES * TURNS / 3);
    processes[2].kill();
    processes.push(start(&url, dir.path(), "p2-again", lines.clone()));

    let store = Store::connect(&url).expect("connect");
    wait_until_every_game_ended(&store);
    // Let any late (duplicate) announcement arrive before counting.
    std::thread::sleep(Duration::from_secs(3));
    let outputs = stop_all(&mut processes);
    let all: Vec<String> = outputs.concat();
    if let Ok(path) = std::env::var("CAIRN_RACE_LOG") {
        let _ = std::fs::write(path, all.join("\n"));
    }

    let archived: Vec<_> = store.archive().collect::<Result<_, _>>().expect("archive");
    assert_eq!(archived.len(), GAMES, "each game archived once");
    for game in 0..GAMES {
        let stored = check_stored_game(&store, game, &turns);
        check_acknowledged_once(&outputs, game, &stored);
        // The loss on time announced once in the whole cluster.
        let announced = all
            .iter()
            .filter(|l| l.starts_with(&format!("[#g{game}] ")) && l.contains("wins on time"))
            .count();
        assert_eq!(
            announced, 1,
            "game {game}: one announcement of the loss on time"
        );
    }
    check_each_reminder_said_once(&all);
}

/// Wait until the processes together acknowledged `count` turns.
fn wait_for_turns_played(processes: &[Process], count: usize) {
    let began = Instant::now();
    while processes
        .iter()
        .map(|p| p.lines().iter().filter(|l| l.contains(" played ")).count())
        .sum::<usize>()
        < count
    {
        assert!(began.elapsed() < Duration::from_secs(60), "no turns played");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Wait until every game has ended (on time).
fn wait_until_every_game_ended(store: &Store) {
    let began = Instant::now();
    loop {
        let finished = (0..GAMES)
            .filter(|game| {
                store
                    .load(&format!("console:g{game}"))
                    .ok()
                    .flatten()
                    .and_then(|r| r.game)
                    .is_some_and(|g| !g.in_progress())
            })
            .count();
        if finished == GAMES {
            return;
        }
        assert!(
            began.elapsed() < Duration::from_secs(180),
            "only {finished} of {GAMES} games ended"
        );
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// Kill every process and collect what each wrote before it died.
fn stop_all(processes: &mut [Process]) -> Vec<Vec<String>> {
    for process in processes.iter_mut() {
        process.kill();
    }
    // The readers drain what the processes wrote before they died.
    std::thread::sleep(Duration::from_millis(500));
    processes.iter().map(Process::lines).collect()
}

/// No corruption: the stored turns of `game` are the script's, in order,
/// each once, by alternating seats; they replay and the game ended on
/// time. Returns them.
fn check_stored_game(store: &Store, game: usize, turns: &[String]) -> Vec<String> {
    let record = store
        .load(&format!("console:g{game}"))
        .expect("load")
        .and_then(|r| r.game)
        .expect("the game");
    let stored: Vec<String> = record.history.iter().map(|t| t.turn.clone()).collect();
    assert_eq!(stored.len(), TURNS, "game {game} got every turn");
    assert_eq!(
        stored,
        turns[..stored.len()].to_vec(),
        "game {game}: the script's turns, in order, each once"
    );
    for (i, turn) in record.history.iter().enumerate() {
        let seat = if i % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        assert_eq!(turn.seat, seat, "game {game} turn {i}");
    }
    AnyGame::replay(GameKind::Sight, &Options::default(), &stored)
        .expect("the stored turns replay");
    assert_eq!(
        record.outcome().map(|o| o.reason),
        Some(Reason::Timeout),
        "game {game} ended on time"
    );
    stored
}

/// Every acknowledgement is one stored turn: none twice, none lost (the
/// killed process may have stored a turn it could not print).
fn check_acknowledged_once(outputs: &[Vec<String>], game: usize, stored: &[String]) {
    let mut acks: Vec<String> = outputs
        .iter()
        .flat_map(|lines| acknowledged(lines).remove(&game).unwrap_or_default())
        .collect();
    let unacknowledged = stored.len() as isize - acks.len() as isize;
    acks.sort();
    assert!(
        (0..=1).contains(&unacknowledged),
        "game {game}: {} acknowledgements for {} stored turns",
        acks.len(),
        stored.len()
    );
    for ack in &acks {
        assert!(
            stored.contains(ack),
            "game {game}: acknowledged {ack} is stored"
        );
    }
    let mut unique = acks.clone();
    unique.dedup();
    assert_eq!(unique, acks, "game {game}: no turn acknowledged twice");
}

/// Each reminder said once (one text per game, turn and reminder), and
/// the idle games got theirs.
fn check_each_reminder_said_once(all: &[String]) {
    let mut reminders: Vec<&String> = all
        .iter()
        .filter(|l| l.starts_with("[#g") && l.contains("your turn"))
        .collect();
    let count = reminders.len();
    reminders.sort();
    reminders.dedup();
    assert_eq!(reminders.len(), count, "no reminder said twice");
    assert!(
        count >= GAMES,
        "the idle games got their reminders ({count})"
    );
}

/// `cairn db lease <name>` in a process of its own, its output collected.
fn lease_holder(url: &str, name: &str) -> (Child, Arc<Mutex<Vec<String>>>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["db", "lease", name])
        .env("CAIRN_DB", url)
        .env("RUST_LOG", "cairn=warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start cairn db lease");
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&lines);
    let out = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            sink.lock().expect("lines").push(line);
        }
    });
    (child, lines)
}

fn holds(lines: &Arc<Mutex<Vec<String>>>) -> bool {
    lines
        .lock()
        .expect("lines")
        .iter()
        .any(|l| l.starts_with("Holding the lease"))
}

#[test]
fn a_standby_takes_the_matrix_lease_when_the_holder_dies() {
    let Some(admin) =
        cairn_store::testing::postgres_url("a_standby_takes_the_matrix_lease_when_the_holder_dies")
    else {
        return;
    };
    let url = cairn_store::testing::create_database(&admin).expect("a test database");
    let name = "matrix:@cairn:example.org";
    let (mut first, first_lines) = lease_holder(&url, name);
    let began = Instant::now();
    while !holds(&first_lines) {
        assert!(
            began.elapsed() < Duration::from_secs(30),
            "the first process never held the lease"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let (mut second, second_lines) = lease_holder(&url, name);
    // Another lease is independent of this one.
    let (mut other, other_lines) = lease_holder(&url, "matrix:@other:example.org");
    std::thread::sleep(Duration::from_secs(3));
    assert!(
        !holds(&second_lines),
        "the standby must wait while the first holds the lease"
    );
    assert!(
        holds(&other_lines),
        "a lease of another account is taken at once"
    );
    let _ = first.kill(); // SIGKILL: no goodbye to the database
    let _ = first.wait();
    let killed = Instant::now();
    while !holds(&second_lines) {
        assert!(
            killed.elapsed() < Duration::from_secs(15),
            "the standby did not take over within the lease time"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    eprintln!("lease failover took {} ms", killed.elapsed().as_millis());
    for child in [&mut second, &mut other] {
        let _ = child.kill();
        let _ = child.wait();
    }
}
