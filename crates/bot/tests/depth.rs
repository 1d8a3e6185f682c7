//! Depth from the solver through the bot: `review` of finished games only,
//! puzzles answered by `puzzle <turn>` and by `pick` against the solver's
//! defence (rating the player and the puzzle once, even when an answer
//! races itself), `rating puzzles`, and the daily puzzle.

mod common;

use std::sync::Arc;
use std::time::Duration;

use cairn_ai::puzzle::{keeps_win_within_any, PuzzleBudget};
use cairn_bot::{Bot, Reply};
use cairn_rules::AnyGame;
use cairn_store::clock::{ManualClock, DAY_MS, HOUR_MS, MINUTE_MS};
use cairn_store::{PuzzleAttempt, PuzzleRecord, Store};
use common::{game_in, open, request, say};

/// 2026-11-27 00:00 UTC.
const MIDNIGHT: u64 = 1_795_737_600_000;

fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The requester's attempt and its puzzle.
fn attempt_of(bot: &Bot, who: &str) -> Option<(PuzzleAttempt, PuzzleRecord)> {
    let key = Store::channel_key("test", &format!("~player~id-{who}"));
    let attempt = bot
        .store()
        .load(&key)
        .expect("load")?
        .player?
        .puzzles?
        .current?;
    let puzzle = bot
        .store()
        .puzzle(attempt.kind, &attempt.id)
        .expect("read")?;
    Some((attempt, puzzle))
}

/// The position an attempt stands at.
fn position(attempt: &PuzzleAttempt, puzzle: &PuzzleRecord) -> AnyGame {
    let mut turns = puzzle.turns.clone();
    turns.extend(attempt.line.iter().cloned());
    let options = cairn_rules::Options::parse(&puzzle.options).expect("options");
    AnyGame::replay_each(puzzle.kind, &options, &turns, |_, _| {}).expect("replays")
}

fn budget() -> PuzzleBudget {
    PuzzleBudget {
        nodes: 50_000_000,
        deadline: None,
    }
}

/// A turn that keeps the win from where the attempt stands.
fn winning_turn(attempt: &PuzzleAttempt, puzzle: &PuzzleRecord) -> String {
    let game = position(attempt, puzzle);
    let left = puzzle.distance - attempt.line.len() as u32;
    game.legal_strings()
        .into_iter()
        .find(|t| keeps_win_within_any(&game, t, left, &budget()).expect("proven"))
        .expect("a winning turn")
}

fn puzzle_rating(bot: &Bot, who: &str) -> String {
    text(&say(bot, "main", who, "rating puzzles"))
}

#[test]
fn a_puzzle_is_solved_against_the_best_defence_and_rates_both_sides() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = ManualClock::at(MIDNIGHT);
    let bot = open(&dir.path().join("db"), &clock);
    assert!(puzzle_rating(&bot, "alice").contains("has not tried a puzzle"));
    let shown = text(&say(&bot, "main", "alice", "puzzle sight"));
    assert!(shown.contains("Puzzle sig-"), "{shown}");
    assert!(shown.contains("to play and win within"), "{shown}");
    let (_, puzzle) = attempt_of(&bot, "alice").expect("an attempt");
    let mut said = String::new();
    for _ in 0..puzzle.distance {
        let Some((attempt, puzzle)) = attempt_of(&bot, "alice") else {
            break;
        };
        let turn = winning_turn(&attempt, &puzzle);
        said = text(&say(&bot, "main", "alice", &format!("puzzle {turn}")));
        assert!(
            said.contains("Right") || said.contains("Solved"),
            "{turn}: {said}"
        );
    }
    assert!(said.contains("Solved! alice played"), "{said}");
    assert!(attempt_of(&bot, "alice").is_none());
    let rated = bot
        .store()
        .puzzle(puzzle.kind, &puzzle.id)
        .expect("read")
        .expect("kept");
    assert_eq!((rated.attempts, rated.solved), (1, 1));
    assert!(rated.rating.rating < 1500.0);
    let rating = puzzle_rating(&bot, "alice");
    assert!(rating.contains("(1 solved of 1)"), "{rating}");
    // The next puzzle is another one.
    say(&bot, "main", "alice", "puzzle sight");
    let (_, next) = attempt_of(&bot, "alice").expect("a new attempt");
    assert_ne!(next.id, puzzle.id);
}

#[test]
fn a_wrong_answer_ends_the_puzzle_and_names_the_winning_turn() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = ManualClock::at(MIDNIGHT);
    let bot = open(&dir.path().join("db"), &clock);
    say(&bot, "main", "bob", "puzzle collapse");
    let (attempt, puzzle) = attempt_of(&bot, "bob").expect("an attempt");
    // An illegal answer changes nothing.
    let refused = text(&say(&bot, "main", "bob", "puzzle zz99"));
    assert!(refused.contains("`puzzle`"), "{refused}");
    assert_eq!(attempt_of(&bot, "bob").map(|a| a.0), Some(attempt.clone()));
    // Exactly one first turn wins: any other is wrong.
    let game = position(&attempt, &puzzle);
    let wrong = game
        .legal_strings()
        .into_iter()
        .find(|t| *t != puzzle.solution)
        .expect("another legal turn");
    let said = text(&say(&bot, "main", "bob", &format!("puzzle {wrong}")));
    assert!(said.contains("Not that"), "{said}");
    assert!(
        said.contains(&format!("{} kept the win", puzzle.solution)),
        "{said}"
    );
    assert!(attempt_of(&bot, "bob").is_none());
    let rated = bot
        .store()
        .puzzle(puzzle.kind, &puzzle.id)
        .expect("read")
        .expect("kept");
    assert_eq!((rated.attempts, rated.solved), (1, 0));
    assert!(rated.rating.rating > 1500.0);
    assert!(puzzle_rating(&bot, "bob").contains("(0 solved of 1)"));
    let again = text(&say(&bot, "main", "bob", &format!("puzzle {wrong}")));
    assert!(again.contains("not solving a puzzle"), "{again}");
}

/// The `pick` numbers that choose `turn` in `game`.
fn pick_path(game: &AnyGame, turn: &str) -> Vec<usize> {
    let mut choices: Vec<String> = Vec::new();
    let mut numbers = Vec::new();
    loop {
        let list = game.pick(&choices).expect("a list");
        let found = list.options.iter().enumerate().find(|(_, step)| {
            let mut next = choices.clone();
            next.push(step.label.clone());
            let after = game.pick(&next).expect("a list");
            (after.is_complete() && after.whole.as_deref() == Some(turn))
                || (!after.is_complete() && turn.starts_with(after.written().as_str()))
        });
        let (index, step) = found.expect("a step towards the turn");
        numbers.push(index + 1);
        choices.push(step.label.clone());
        if game.pick(&choices).expect("a list").is_complete() {
            return numbers;
        }
    }
}

#[test]
fn pick_answers_a_puzzle_step_by_step() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = ManualClock::at(MIDNIGHT);
    let bot = open(&dir.path().join("db"), &clock);
    say(&bot, "main", "carol", "puzzle sight");
    let (attempt, puzzle) = attempt_of(&bot, "carol").expect("an attempt");
    let menu = say(&bot, "main", "carol", "pick");
    assert!(menu.iter().any(|r| r.pick.is_some()), "{}", text(&menu));
    let path = pick_path(&position(&attempt, &puzzle), &puzzle.solution);
    let mut said = String::new();
    for number in path {
        said = text(&say(&bot, "main", "carol", &format!("pick {number}")));
    }
    assert!(
        said.contains(&format!("Right: {}", puzzle.solution))
            || said.contains(&format!("played {}", puzzle.solution)),
        "{said}"
    );
}

/// Two copies of one answer sent at once: taken once, rated once.
fn race(store: Store) {
    let clock = ManualClock::at(MIDNIGHT);
    let bot = Bot::new(
        store,
        cairn_bot::BotConfig {
            images: false,
            clock: Arc::new(clock.clone()),
            ..cairn_bot::BotConfig::default()
        },
    );
    for round in 0..3 {
        let who = format!("racer{round}");
        say(&bot, "main", &who, "puzzle sight");
        let (attempt, puzzle) = attempt_of(&bot, &who).expect("an attempt");
        let answer = if round == 1 {
            let game = position(&attempt, &puzzle);
            game.legal_strings()
                .into_iter()
                .find(|t| *t != puzzle.solution)
                .expect("a wrong turn")
        } else {
            puzzle.solution.clone()
        };
        let threads: Vec<_> = (0..2)
            .map(|_| {
                let (bot, who, answer) = (bot.clone(), who.clone(), answer.clone());
                std::thread::spawn(move || {
                    text(&bot.handle(&request("main", &who, &format!("puzzle {answer}"))))
                })
            })
            .collect();
        let said: Vec<String> = threads
            .into_iter()
            .map(|t| t.join().expect("ran"))
            .collect();
        // The other copy either lost the race to store, or came later
        // and found the attempt over or moved on (then it is refused).
        let taken = said
            .iter()
            .filter(|s| s.contains("Right") || s.contains("Solved") || s.contains("Not that"))
            .count();
        assert_eq!(taken, 1, "{said:?}");
        let rated = bot
            .store()
            .puzzle(puzzle.kind, &puzzle.id)
            .expect("read")
            .expect("kept");
        let ended = u32::from(round == 1 || puzzle.distance == 1);
        assert_eq!(rated.attempts, ended, "round {round}: {said:?}");
    }
}

#[test]
fn a_puzzle_answer_sent_twice_at_once_is_taken_once() {
    let dir = tempfile::tempdir().expect("dir");
    race(Store::open(dir.path().join("db")).expect("sled"));
    if let Some(admin) = cairn_store::testing::postgres_url("depth_puzzle_race") {
        let url = cairn_store::testing::create_database(&admin).expect("database");
        race(Store::connect(&url).expect("postgres"));
    }
}

/// A bot without images whose reviews have `budget` (a position, the
/// game).
fn reviewing_bot(dir: &std::path::Path, budget: (Duration, Duration)) -> Bot {
    Bot::new(
        Store::open(dir.join("db")).expect("sled"),
        cairn_bot::BotConfig {
            images: false,
            clock: Arc::new(ManualClock::at(MIDNIGHT)),
            review_budget: budget,
            ..cairn_bot::BotConfig::default()
        },
    )
}

/// Both players of the game in `main` play their first legal turn until
/// it ends.
fn play_first_turns_to_the_end(bot: &Bot) {
    for _ in 0..200 {
        let record = game_in(bot, "main");
        if record.outcome().is_some() {
            return;
        }
        let who = record.player(record.game.to_move()).name.clone();
        let turn = record.game.legal_strings().remove(0);
        say(bot, "main", &who, &format!("move {turn}"));
    }
    panic!("the game did not end in 200 turns");
}

#[test]
fn a_sight_review_reads_the_opening_from_the_book_with_no_time_at_all() {
    let dir = tempfile::tempdir().expect("dir");
    // No time for the solver: the book's openings and the end are all
    // the review proves.
    let bot = reviewing_bot(dir.path(), (Duration::ZERO, Duration::ZERO));
    say(&bot, "main", "alice", "challenge sight @bob");
    say(&bot, "main", "bob", "accept");
    // After b1, a1 throws Black's win away (d4, the fastest, keeps it).
    say(&bot, "main", "alice", "move b1");
    say(&bot, "main", "bob", "move a1");
    play_first_turns_to_the_end(&bot);
    let review = text(&say(&bot, "main", "alice", "review"));
    assert!(
        review.contains("At the start, Black wins in 24."),
        "{review}"
    );
    assert!(
        review.contains("Turn 2, bob a1: Black had a win in 21; after it White wins in 21."),
        "{review}"
    );
    assert!(review.contains("Winning instead: d4."), "{review}");
    // The start, the two placements and the end.
    assert!(review.contains(": 4 of "), "{review}");
}

#[test]
fn review_waits_for_the_end_of_the_game_and_names_each_turn_it_proves() {
    let dir = tempfile::tempdir().expect("dir");
    // Collapse's start takes the solver a few seconds (more on a loaded
    // machine): a budget large enough that the whole game is proven.
    let bot = reviewing_bot(
        dir.path(),
        (Duration::from_secs(60), Duration::from_secs(300)),
    );
    let none = text(&say(&bot, "main", "alice", "review"));
    assert!(none.contains("No game has finished"), "{none}");
    say(&bot, "main", "alice", "challenge collapse @bob");
    say(&bot, "main", "bob", "accept");
    let refused = text(&say(&bot, "main", "alice", "review"));
    assert!(refused.contains("still being played"), "{refused}");
    play_first_turns_to_the_end(&bot);
    let record = game_in(&bot, "main");
    let positions = record.history.len() + 1;
    let review = text(&say(&bot, "main", "alice", "review"));
    assert!(
        review.contains("Review of Collapse, alice vs bob"),
        "{review}"
    );
    assert!(
        review.contains(&format!("{positions} of {positions} positions proven")),
        "{review}"
    );
    // Each turn named is the game's own.
    for line in review.lines().filter(|l| l.starts_with("Turn ")) {
        let number: usize = line[5..]
            .split(',')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("a turn number");
        let entry = &record.history[number - 1];
        assert!(line.contains(&entry.turn), "{line}");
    }
    // By its id, from elsewhere.
    let id = record.id.expect("an id").to_string();
    let elsewhere = text(&say(&bot, "other", "carol", &format!("review {id}")));
    assert!(elsewhere.contains("Review of Collapse"), "{elsewhere}");
    let bad = text(&say(&bot, "other", "carol", "review nonsense"));
    assert!(bad.contains("is not a game's id"), "{bad}");
}

#[test]
fn the_daily_puzzle_comes_once_a_day_and_is_answered_in_its_channel() {
    let dir = tempfile::tempdir().expect("dir");
    let clock = ManualClock::at(MIDNIGHT + 7 * HOUR_MS);
    let bot = open(&dir.path().join("db"), &clock);
    let set = text(&say(&bot, "main", "alice", "settings puzzle=08:00"));
    assert!(set.contains("every day at 08:00 (UTC)"), "{set}");
    let mut in_server = request("main", "bob", "settings puzzle=09:00");
    in_server.server = Some("guild".into());
    let refused = text(&bot.handle(&in_server));
    assert!(refused.contains("Only members who may manage"), "{refused}");
    clock.advance(59 * MINUTE_MS);
    assert!(bot.fire_due("test").is_empty());
    clock.advance(MINUTE_MS);
    let posted = bot.fire_due("test");
    assert_eq!(posted.len(), 1);
    assert_eq!(posted[0].channel, "main");
    let post = text(&posted[0].replies);
    assert!(post.contains("Puzzle of the day"), "{post}");
    assert!(bot.fire_due("test").is_empty(), "once a day");
    // bob answers it in the channel without asking for it first.
    let daily = bot
        .store()
        .load(&cairn_store::puzzle::daily_key(&Store::channel_key(
            "test", "main",
        )))
        .expect("load")
        .and_then(|r| r.daily)
        .and_then(|d| d.last)
        .expect("the day's puzzle");
    let puzzle = bot
        .store()
        .puzzle(daily.0, &daily.1)
        .expect("read")
        .expect("stored");
    let said = text(&say(
        &bot,
        "main",
        "bob",
        &format!("puzzle {}", puzzle.solution),
    ));
    assert!(said.contains("Right") || said.contains("Solved"), "{said}");
    clock.advance(DAY_MS);
    assert_eq!(bot.fire_due("test").len(), 1, "the next day's");
    let off = text(&say(&bot, "main", "alice", "settings puzzle=off"));
    assert!(off.contains("no daily puzzle here"), "{off}");
    clock.advance(DAY_MS);
    assert!(bot.fire_due("test").is_empty());
}
