//! A conditional turn (#36) with three real `cairn` processes on one
//! PostgreSQL (`CAIRN_TEST_POSTGRES`, started by `scripts/test`; without it
//! this test skips with one line): the opponent's turn reaches all three
//! at once, and the queued reply is played exactly once, after it.

mod processes;

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use cairn_store::Store;
use processes::{start, Process};

#[test]
fn three_processes_given_the_same_turn_play_the_conditional_reply_once() {
    let Some(admin) = cairn_store::testing::postgres_url(
        "three_processes_given_the_same_turn_play_the_conditional_reply_once",
    ) else {
        return;
    };
    let url = cairn_store::testing::create_database(&admin).expect("a test database");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut processes: Vec<Process> = (0..3)
        .map(|i| start(&url, dir.path(), &format!("p{i}"), Vec::new()))
        .collect();
    let store = Store::connect(&url).expect("connect");
    let key = Store::channel_key("console", "lobby");
    for round in 0..5 {
        processes[0].send(&format!(
            "/as alice\nchallenge sight bob clock=none\n/as bob\naccept\n/as alice\nmove c{}\n",
            1 + round % 5
        ));
        processes[0].wait_for(&format!("alice (White) played c{}", 1 + round % 5), 1);
        let game = store.load(&key).unwrap().unwrap().game.unwrap();
        let theirs = game.game.legal_strings()[round].clone();
        let mut after = game.game.clone();
        after.play_str(&theirs).expect("legal");
        let mine = after.legal_strings()[round + 1].clone();
        processes[0].send(&format!("premove {theirs} {mine}\n"));
        processes[0].wait_for("Kept, privately", round + 1);
        for process in &mut processes[1..] {
            process.send("/as bob\n");
        }
        processes[0].send("/as bob\n");
        std::thread::sleep(Duration::from_millis(300));
        // bob's turn reaches the three processes at once.
        let barrier = Arc::new(Barrier::new(3));
        std::thread::scope(|scope| {
            for process in &mut processes {
                let barrier = barrier.clone();
                let line = format!("move {theirs}\n");
                scope.spawn(move || {
                    barrier.wait();
                    process.send(&line);
                });
            }
        });
        let until = Instant::now() + Duration::from_secs(30);
        while store
            .load(&key)
            .unwrap()
            .unwrap()
            .game
            .unwrap()
            .history
            .len()
            < 3
        {
            assert!(Instant::now() < until, "the turn was never played");
            std::thread::sleep(Duration::from_millis(50));
        }
        // A while longer: a second reply would show.
        std::thread::sleep(Duration::from_millis(500));
        let game = store.load(&key).unwrap().unwrap().game.unwrap();
        assert_eq!(game.history.len(), 3, "{:?}", game.history);
        assert_eq!(game.history[2].turn, mine);
        let said: usize = processes
            .iter()
            .map(|p| {
                p.output()
                    .matches("answers with a conditional turn")
                    .count()
            })
            .sum();
        assert_eq!(said, round + 1, "each reply is said once");
        // bob resigns, so the next round starts afresh.
        processes[0].send("resign\nresign\n");
        processes[0].wait_for("bob (Black) resigns", round + 1);
    }
    for process in &mut processes {
        process.send("/quit\n");
        let _ = process.child.wait();
    }
}
