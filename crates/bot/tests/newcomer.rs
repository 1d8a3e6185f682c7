//! A newcomer's first hour (issue 19): the words a player reads, the
//! notation, and warnings before sudden losses, through the bot core on a
//! real sled database. Each test fails on the wording or behaviour the
//! issue reported.

use std::sync::Arc;

use cairn_bot::{Bot, BotConfig, Reply, Request, User};
use cairn_rules::SplitRng;
use cairn_rules::{Colour, Layout, Reason, Seat, Spot};
use cairn_store::clock::ManualClock;
use cairn_store::{GameRecord, Store};

struct Chat {
    bot: Bot,
    clock: Arc<ManualClock>,
    _dir: tempfile::TempDir,
}

fn user(name: &str) -> User {
    User::new(format!("id-{name}"), name)
}

impl Chat {
    fn new() -> Chat {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(dir.path().join("db")).expect("open store");
        let clock = Arc::new(ManualClock::at(1_800_000_000_000));
        let config = BotConfig {
            ai_seed: Some(7),
            images: false,
            ai_deadline: std::time::Duration::from_millis(50),
            default_clock: None,
            clock: clock.clone(),
            ..BotConfig::default()
        };
        Chat {
            bot: Bot::new(store, config),
            clock,
            _dir: dir,
        }
    }

    fn say_in(&self, channel: &str, who: &str, command: &str) -> Vec<Reply> {
        let mentions = command
            .split_whitespace()
            .filter_map(|w| w.strip_prefix('@'))
            .map(user)
            .collect();
        self.bot.handle(&Request {
            platform: "test".into(),
            channel: channel.into(),
            user: user(who),
            command: command.into(),
            mentions,
            ..Default::default()
        })
    }

    fn say(&self, who: &str, command: &str) -> String {
        text(&self.say_in("main", who, command))
    }

    fn game(&self, channel: &str) -> GameRecord {
        self.bot
            .store()
            .load(&Store::channel_key("test", channel))
            .expect("load")
            .and_then(|r| r.game)
            .expect("a game")
    }

    /// alice challenges bob in `channel` and bob accepts.
    fn start(&self, channel: &str, game: &str) {
        let r = self.say_in(channel, "alice", &format!("challenge {game} @bob"));
        assert!(!r[0].ephemeral, "{}", r[0].text);
        let r = self.say_in(channel, "bob", "accept");
        assert!(!r[0].ephemeral, "{}", r[0].text);
    }

    /// Play random legal turns until the game ends or `stop` says so after
    /// a turn; returns the replies to the last turn.
    fn play_until(
        &self,
        channel: &str,
        seed: u64,
        mut stop: impl FnMut(&GameRecord, &str) -> bool,
    ) -> String {
        let mut rng = SplitRng::new(seed);
        let mut last = String::new();
        for _ in 0..3000 {
            let game = self.game(channel);
            if !game.in_progress() {
                return last;
            }
            let mover = game.player(game.game.to_move()).name.clone();
            let legal = game.game.legal_strings();
            let turn = &legal[rng.below(legal.len())];
            let replies = self.say_in(channel, &mover, &format!("move {turn}"));
            assert!(!replies[0].ephemeral, "{turn}: {}", replies[0].text);
            last = text(&replies);
            if stop(&self.game(channel), &last) {
                return last;
            }
        }
        panic!("the game did not end");
    }
}

fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// No reason code (`no-moves`, `bigger-square`) next to prose.
fn assert_no_reason_codes(text: &str) {
    for code in [
        "line",
        "no-moves",
        "all-captured",
        "repetition",
        "stall",
        "square",
        "bigger-square",
        "exhausted",
        "cleared",
        "resign",
        "timeout",
        "agreement",
    ] {
        assert!(
            !text.contains(&format!("({code})")),
            "a reason code in: {text}"
        );
    }
}

// ---- Wrong or misleading ----

#[test]
fn fanorona_stall_draw_is_worded_for_stall_draw() {
    let chat = Chat::new();
    let mut found = false;
    for seed in 0..30 {
        let channel = format!("f{seed}");
        let r = chat.say_in(
            &channel,
            "alice",
            "challenge fanorona @bob board=dimy stall=draw stall-turns=2",
        );
        assert!(!r[0].ephemeral, "{}", r[0].text);
        chat.say_in(&channel, "bob", "accept");
        let end = chat.play_until(&channel, seed, |_, _| false);
        let outcome = chat.game(&channel).outcome().expect("over");
        if outcome.reason == Reason::Stall {
            assert_eq!(outcome.winner, None, "stall=draw draws");
            assert!(!end.contains("decided by captures"), "{end}");
            assert!(!end.contains("captured more"), "{end}");
            assert!(
                end.contains("Draw: 2 turns without a capture")
                    || end.contains("Draw: the same position a third time"),
                "{end}"
            );
            found = true;
            break;
        }
    }
    assert!(found, "no stalled game in 30 random games");
}

#[test]
fn fanorona_stall_score_names_who_took_more() {
    let chat = Chat::new();
    for seed in 0..40 {
        let channel = format!("s{seed}");
        chat.say_in(
            &channel,
            "alice",
            "challenge fanorona @bob board=dimy stall-turns=3",
        );
        chat.say_in(&channel, "bob", "accept");
        let end = chat.play_until(&channel, seed, |_, _| false);
        let outcome = chat.game(&channel).outcome().expect("over");
        if outcome.reason == Reason::Stall && outcome.winner.is_some() {
            assert!(end.contains("has taken more pieces"), "{end}");
            assert_no_reason_codes(&end);
            return;
        }
    }
    panic!("no game won on captures after a stall");
}

#[test]
fn alquad_colour_choice_is_a_whole_turn() {
    let chat = Chat::new();
    chat.start("main", "alquad");
    let setup = chat.say("alice", "move w:c3 b:d4");
    assert!(!setup.contains("turn goes on"), "{setup}");
    let choice = chat.say("bob", "move white");
    assert!(!choice.contains("turn goes on"), "{choice}");
    assert!(!choice.contains("to finish it"), "{choice}");
    assert!(choice.contains("bob (White) to move"), "{choice}");
}

#[test]
fn no_legal_move_says_who_had_none() {
    let chat = Chat::new();
    chat.start("main", "collapse");
    let end = chat.play_until("main", 3, |_, _| false);
    let game = chat.game("main");
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.reason, Reason::NoMoves);
    let loser = outcome.winner.expect("a winner").other();
    let loser_label = format!(
        "{} ({})",
        game.player(loser).name,
        if loser == Seat::First {
            "White"
        } else {
            "Black"
        }
    );
    assert!(
        end.contains(&format!("{loser_label} has no legal move")),
        "{end}"
    );
    assert!(!end.contains("no legal move left)"), "{end}");
    assert_no_reason_codes(&end);
    // The board of the finished game says the same.
    let board = chat.say("carol", "board");
    assert!(
        board.contains(&format!("{loser_label} has no legal move")),
        "{board}"
    );
}

#[test]
fn finished_alquad_has_no_stale_check_and_marks_the_winners_square() {
    let chat = Chat::new();
    let mut checked = 0;
    for seed in 0..12 {
        let channel = format!("q{seed}");
        chat.start(&channel, "alquad");
        chat.play_until(&channel, seed, |_, _| false);
        let game = chat.game(&channel);
        let outcome = game.outcome().expect("over");
        let Some(winner) = outcome.winner else {
            continue;
        };
        let view = game.game.view();
        for note in &view.notes {
            assert!(
                !note.contains("must answer") && !note.contains("checks with"),
                "stale note on a finished board: {note}"
            );
        }
        // The marked square is the winner's: four of the winner's pieces.
        let colour = match game.game.seat_name(winner) {
            "white" => Colour::White,
            _ => Colour::Black,
        };
        assert_eq!(view.winning.len(), 4, "{:?}", view.notes);
        for &spot in &view.winning {
            assert_eq!(view.spots[spot], Spot::Stack(vec![colour]), "{outcome:?}");
        }
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} decided games");
}

// ---- Silent changes ----

#[test]
fn a_second_challenge_tells_the_first_challenged_player() {
    let chat = Chat::new();
    chat.say("alice", "challenge sight @bob");
    let replies = chat.say_in("main", "alice", "challenge collapse @carol");
    assert!(!replies[0].ephemeral);
    assert!(
        replies[0]
            .text
            .contains("replaces alice's challenge to bob (Sight)"),
        "{}",
        replies[0].text
    );
    assert!(replies[0].mentions.contains(&user("bob")), "bob is told");
    assert!(replies[0].mentions.contains(&user("carol")));
}

#[test]
fn granting_an_undo_names_every_turn_taken_back() {
    let chat = Chat::new();
    chat.start("main", "sight");
    chat.say("alice", "move c3");
    chat.say("bob", "move a1");
    chat.say("alice", "move e5");
    let ask = chat.say("bob", "undo");
    assert!(ask.contains("asks to take back"), "{ask}");
    let granted = chat.say("alice", "undo");
    // bob's a1 goes, and with it alice's own e5 played after it.
    assert!(granted.contains("bob's a1"), "{granted}");
    assert!(granted.contains("alice's e5"), "{granted}");
    assert!(granted.contains("2 turns"), "{granted}");
    assert_eq!(chat.game("main").history.len(), 1);
}

#[test]
fn a_lapsing_draw_offer_is_announced() {
    let chat = Chat::new();
    chat.start("main", "fanorona");
    let first = chat.game("main").game.legal_strings()[0].clone();
    chat.say("alice", "draw");
    let moved = chat.say("alice", &format!("move {first}"));
    assert!(moved.contains("alice's draw offer lapses"), "{moved}");
    assert_eq!(chat.game("main").draw_offer, None);
    chat.say("bob", "draw");
    let reply = chat.game("main").game.legal_strings()[0].clone();
    let moved = chat.say("alice", "draw");
    assert!(moved.contains("accepts the draw"), "{moved}");
    let _ = reply;
    // The help says how long an offer lasts.
    let help = chat.say("alice", "help draw");
    assert!(
        help.contains("lapses when the next turn is played"),
        "{help}"
    );
}

#[test]
fn a_declined_draw_offer_is_announced() {
    let chat = Chat::new();
    chat.start("main", "fanorona");
    chat.say("bob", "draw");
    let first = chat.game("main").game.legal_strings()[0].clone();
    let moved = chat.say("alice", &format!("move {first}"));
    assert!(
        moved.contains("alice plays on, so bob's draw offer is declined"),
        "{moved}"
    );
}

#[test]
fn resign_asks_for_confirmation() {
    let chat = Chat::new();
    chat.start("main", "sight");
    let first = chat.say_in("main", "alice", "resign");
    assert!(first[0].ephemeral, "only the resigning player is asked");
    assert!(
        first[0].text.contains("cannot be undone"),
        "{}",
        first[0].text
    );
    assert_eq!(first[0].actions.len(), 1, "a confirmation button");
    assert_eq!(first[0].actions[0].command, "resign");
    assert_eq!(
        first[0].actions[0].for_user.as_deref(),
        Some("id-alice"),
        "only alice may press it"
    );
    assert!(
        chat.game("main").in_progress(),
        "one resign does not end it"
    );
    // Too late: a minute and more later, it asks again.
    chat.clock.advance(61_000);
    let again = chat.say_in("main", "alice", "resign");
    assert!(again[0].ephemeral, "{}", again[0].text);
    assert!(chat.game("main").in_progress());
    // Within the minute: done.
    chat.clock.advance(5_000);
    let done = chat.say("alice", "resign");
    assert!(done.contains("alice (White) resigns"), "{done}");
    assert!(!chat.game("main").in_progress());
}

#[test]
fn a_turn_between_two_resigns_cancels_the_first() {
    let chat = Chat::new();
    chat.start("main", "sight");
    chat.say("alice", "resign");
    chat.say("alice", "move c3");
    chat.say("bob", "move a1");
    let after = chat.say_in("main", "alice", "resign");
    assert!(after[0].ephemeral, "asks again: {}", after[0].text);
    assert!(chat.game("main").in_progress());
}

// ---- Learning the game ----

#[test]
fn rules_show_the_notation_and_the_whole_short_rules() {
    let chat = Chat::new();
    let examples = [
        ("callanish", "move b2 a4 d1"),
        ("alquerque", "move b2xd4xb4"),
        ("fanorona", "move d2-d3a"),
        ("alquad", "move w:c3 b:d4"),
        ("sight", "move c3-c4"),
        ("collapse", "move c1-c4"),
        ("floaters", "move 3 rrbr"),
    ];
    for (game, example) in examples {
        let rules = chat.say("alice", &format!("rules {game}"));
        assert!(rules.contains("How to write a turn"), "{game}: {rules}");
        assert!(rules.contains(example), "{game}: {rules}");
    }
    let callanish = chat.say("alice", "rules callanish");
    assert!(callanish.contains("places a single stone"), "{callanish}");
    assert!(
        callanish.contains("A player with no legal turn loses"),
        "{callanish}"
    );
    let help = chat.say("alice", "help move");
    assert!(help.contains("`rules <game>` shows it"), "{help}");
}

/// The lines (ranks and files) of a Callanish view where `colour` controls
/// at least half the playable cells, rounded up: an independent oracle.
fn held_lines(view: &cairn_rules::BoardView, colour: Colour) -> Vec<String> {
    let Layout::Cells { files, ranks } = view.layout else {
        panic!("cells")
    };
    let (files, ranks) = (files as usize, ranks as usize);
    let top = |spot: usize| match &view.spots[spot] {
        Spot::Stack(s) => s.last().copied(),
        _ => None,
    };
    let playable = |spot: usize| view.spots[spot] != Spot::Blocked;
    let mut held = Vec::new();
    for rank in 0..ranks {
        let cells: Vec<usize> = (0..files).map(|f| rank * files + f).collect();
        let len = cells.iter().filter(|&&c| playable(c)).count();
        let own = cells.iter().filter(|&&c| top(c) == Some(colour)).count();
        if len >= 3 && own >= len.div_ceil(2) {
            held.push(format!("rank {}", rank + 1));
        }
    }
    for file in 0..files {
        let cells: Vec<usize> = (0..ranks).map(|r| r * files + file).collect();
        let len = cells.iter().filter(|&&c| playable(c)).count();
        let own = cells.iter().filter(|&&c| top(c) == Some(colour)).count();
        if len >= 3 && own >= len.div_ceil(2) {
            held.push(format!("file {}", (b'a' + file as u8) as char));
        }
    }
    held
}

#[test]
fn callanish_warns_before_the_losing_turn_and_marks_the_line() {
    let chat = Chat::new();
    let mut warned_then_lost = 0;
    for seed in 0..20 {
        let channel = format!("c{seed}");
        let r = chat.say_in(&channel, "alice", "challenge callanish @bob size=5");
        assert!(!r[0].ephemeral, "{}", r[0].text);
        chat.say_in(&channel, "bob", "accept");
        let mut warned = false;
        chat.play_until(&channel, seed, |game, said| {
            if game.outcome().is_some() {
                return true;
            }
            let to_move = game.game.to_move();
            let holder = if to_move == Seat::First {
                Colour::Black
            } else {
                Colour::White
            };
            let lines = held_lines(&game.game.board_view(), holder);
            let name = game.player(to_move).name.clone();
            if lines.is_empty() {
                assert!(!said.contains("this turn or lose"), "{said}");
                warned = false;
            } else {
                assert!(
                    said.contains(&format!("Warning for {name}:")),
                    "no warning with {lines:?} held: {said}"
                );
                for line in &lines {
                    assert!(said.contains(line.as_str()), "{line} not named: {said}");
                }
                assert!(said.contains("this turn or lose"), "{said}");
                warned = true;
            }
            false
        });
        let game = chat.game(&channel);
        let outcome = game.outcome().expect("over");
        // A line can also be handed over by the loser's own turn (removing
        // the top of a stack): only lines held before that turn are warned of.
        if outcome.reason == Reason::Line && warned {
            let winner = outcome.winner.expect("winner");
            let colour = if winner == Seat::First {
                Colour::White
            } else {
                Colour::Black
            };
            let view = game.game.view();
            assert!(!view.winning.is_empty(), "the winning line is marked");
            for &c in &view.winning {
                match &view.spots[c] {
                    Spot::Stack(s) => assert_eq!(s.last(), Some(&colour)),
                    other => panic!("winning cell {c} holds {other:?}"),
                }
            }
            warned_then_lost += 1;
        }
    }
    assert!(
        warned_then_lost >= 3,
        "only {warned_then_lost} warned line wins"
    );
}

#[test]
fn alquad_check_warns_the_player_to_move() {
    let chat = Chat::new();
    chat.start("main", "alquad");
    chat.say("alice", "move w:a1 b:e5");
    chat.say("bob", "move black");
    // alice plays White: a1 b1 a2 then b2 completes a square of area 1.
    chat.say("alice", "move b1");
    chat.say("bob", "move e4");
    chat.say("alice", "move a2");
    chat.say("bob", "move c5");
    let check = chat.say("alice", "move b2");
    assert!(
        check.contains(
            "Warning for bob: White has a square of area 1: complete a square larger than 1 this turn or lose."
        ),
        "{check}"
    );
}

#[test]
fn floaters_moves_explains_how_to_start_and_turns_are_announced_whole() {
    let chat = Chat::new();
    chat.start("main", "floaters");
    let mut rng = SplitRng::new(5);
    // Play on until the player to move has too many turns to list.
    let mut explained = false;
    for _ in 0..200 {
        let game = chat.game("main");
        if !game.in_progress() {
            break;
        }
        if game.game.count_turns() > 5_000 && !game.game.in_mid_turn() {
            let mover = game.player(game.game.to_move()).name.clone();
            let moves = chat.say(&mover, "moves");
            assert!(moves.contains("too many to list"), "{moves}");
            assert!(moves.contains("pit number alone"), "{moves}");
            explained = true;
            // A pit alone starts the turn; the rest comes lap by lap.
            let pit = (1..=6)
                .map(|n| n.to_string())
                .find(|n| {
                    let mut g = game.game.clone();
                    g.play_str(n).is_ok() && g.in_mid_turn()
                })
                .expect("a pit that waits for colours");
            let started = chat.say(&mover, &format!("move {pit}"));
            assert!(started.contains("the turn goes on"), "{started}");
            let mut parts = vec![chat.game("main").history.last().unwrap().turn.clone()];
            let mut last = String::new();
            while chat.game("main").game.in_mid_turn() {
                let legal = chat.game("main").game.legal_strings();
                let rest = legal[0].clone();
                // Send one lap at a time.
                let lap = rest.split_whitespace().next().unwrap().to_string();
                last = chat.say(&mover, &format!("move {lap}"));
                parts.push(chat.game("main").history.last().unwrap().turn.clone());
            }
            let whole = parts.join(" ");
            assert!(parts.len() >= 2);
            assert!(
                last.contains(&format!("played {whole}")),
                "not announced whole ({whole}): {last}"
            );
            break;
        }
        let mover = game.player(game.game.to_move()).name.clone();
        let turn = with_random_turn(&game, &mut rng);
        chat.say(&mover, &format!("move {turn}"));
    }
    assert!(explained, "never more than 5000 turns");
}

fn with_random_turn(game: &GameRecord, rng: &mut SplitRng) -> String {
    match &game.game {
        cairn_rules::AnyGame::Floaters(f) => {
            use cairn_rules::Game;
            f.random_turn(rng).expect("a turn").to_string()
        }
        other => {
            let legal = other.legal_strings();
            legal[rng.below(legal.len())].clone()
        }
    }
}

#[test]
fn floaters_text_board_reads_pit_counts_and_labels_stores() {
    let chat = Chat::new();
    let replies = chat.say_in("main", "alice", "challenge floaters @bob");
    assert!(!replies[0].ephemeral);
    let replies = chat.say_in("main", "bob", "accept");
    let board = replies[0].board_text.clone().expect("a text board");
    assert!(board.contains(" 4r 0b"), "{board}");
    assert!(!board.contains("0r4 b"), "{board}");
    // A label line over the two stores (not only the notes below).
    assert!(
        board
            .lines()
            .any(|l| l.starts_with("West store") && l.trim_end().ends_with("East store")),
        "{board}"
    );
}

#[test]
fn moves_never_ends_with_and_1_more() {
    let chat = Chat::new();
    // Find a position with exactly 41 legal turns (one over the 40 listed).
    for (i, game) in ["sight", "collapse", "fanorona", "alquerque"]
        .iter()
        .enumerate()
    {
        for seed in 0..20u64 {
            let channel = format!("m{i}-{seed}");
            chat.start(&channel, game);
            let mut rng = SplitRng::new(seed);
            for _ in 0..200 {
                let record = chat.game(&channel);
                if !record.in_progress() {
                    break;
                }
                let legal = record.game.legal_strings();
                if legal.len() == 41 {
                    let moves = text(&chat.say_in(&channel, "carol", "moves"));
                    assert!(!moves.contains("and 1 more"), "{moves}");
                    assert!(moves.contains(&legal[40]), "{moves}");
                    return;
                }
                let mover = record.player(record.game.to_move()).name.clone();
                let turn = &legal[rng.below(legal.len())];
                chat.say_in(&channel, &mover, &format!("move {turn}"));
            }
        }
    }
    panic!("no position with 41 legal turns found");
}

#[test]
fn capture_counters_say_who_took_whom_in_one_wording() {
    let chat = Chat::new();
    for (channel, game) in [
        ("a", "challenge fanorona @bob"),
        ("b", "challenge alquerque @bob rules=basic"),
    ] {
        chat.say_in(channel, "alice", game);
        let replies = chat.say_in(channel, "bob", "accept");
        let board = replies[0].board_text.clone().expect("text board");
        assert!(board.contains("White has taken 0 Black"), "{board}");
        assert!(board.contains("Black has taken 0 White"), "{board}");
        assert!(board.contains("Turns without a capture: 0 of"), "{board}");
        assert!(!board.contains("Captured: White"), "{board}");
    }
}

#[test]
fn reason_codes_never_appear_in_end_messages() {
    let chat = Chat::new();
    for (i, (game, options)) in [
        ("sight", ""),
        ("collapse", ""),
        ("alquerque", "rules=basic stall=4"),
        ("fanorona", "board=dimy stall-turns=4"),
        ("callanish", "size=5"),
        ("alquad", ""),
        ("floaters", ""),
    ]
    .into_iter()
    .enumerate()
    {
        let channel = format!("r{i}");
        chat.say_in(
            &channel,
            "alice",
            &format!("challenge {game} @bob {options}"),
        );
        chat.say_in(&channel, "bob", "accept");
        let end = chat.play_until(&channel, i as u64, |_, _| false);
        assert_no_reason_codes(&end);
        let board = text(&chat.say_in(&channel, "carol", "board"));
        assert_no_reason_codes(&board);
        let games = text(&chat.say_in(&channel, "alice", "games"));
        assert_no_reason_codes(&games);
    }
}

#[test]
fn options_before_or_after_the_opponent_echoed_canonically() {
    let chat = Chat::new();
    let before = chat.say_in("one", "alice", "challenge callanish SIZE=7 @bob");
    assert!(!before[0].ephemeral, "{}", before[0].text);
    assert!(before[0].text.contains("size=7"), "{}", before[0].text);
    assert!(!before[0].text.contains("SIZE"), "{}", before[0].text);
    assert_eq!(before[0].mentions, vec![user("bob")]);
    let after = chat.say_in("two", "alice", "challenge callanish @bob Size=7");
    assert!(after[0].text.contains("(size=7)"), "{}", after[0].text);
    // A repeated option is refused the same way whatever its key.
    let game_key = text(&chat.say_in("three", "alice", "challenge callanish @bob size=7 size=9"));
    let bot_key = text(&chat.say_in(
        "three",
        "alice",
        "challenge callanish @bob as=white as=black",
    ));
    let clock_key = text(&chat.say_in(
        "three",
        "alice",
        "challenge callanish @bob clock=1d clock=2d",
    ));
    assert_eq!(
        game_key,
        "Option `size` is given twice; give each option once."
    );
    assert_eq!(
        bot_key,
        "Option `as` is given twice; give each option once."
    );
    assert_eq!(
        clock_key,
        "Option `clock` is given twice; give each option once."
    );
}

#[test]
fn the_moves_image_explains_its_dots() {
    let chat = Chat::new();
    chat.start("f", "floaters");
    let replies = chat.say_in("f", "alice", "moves");
    let board = replies[0].board_text.clone().expect("a board");
    assert!(
        board.contains("Green dots: the pits you can sow from"),
        "{board}"
    );
    chat.start("s", "sight");
    let replies = chat.say_in("s", "alice", "moves");
    let board = replies[0].board_text.clone().expect("a board");
    assert!(
        board.contains("Green dots: where your legal turns"),
        "{board}"
    );
    // The plain board has no legend.
    let replies = chat.say_in("s", "alice", "board");
    let board = replies[0].board_text.clone().expect("a board");
    assert!(!board.contains("Green dots"), "{board}");
}

#[test]
fn fanorona_warns_before_a_stall_ends_the_game() {
    let chat = Chat::new();
    for seed in 0..30 {
        let channel = format!("w{seed}");
        chat.say_in(
            &channel,
            "alice",
            "challenge fanorona @bob board=dimy stall-turns=2",
        );
        chat.say_in(&channel, "bob", "accept");
        let mut warned = None;
        chat.play_until(&channel, seed, |game, said| {
            if game.outcome().is_some() {
                return true;
            }
            // One quiet turn of two played: the next one may end it.
            let quiet = game
                .game
                .view()
                .notes
                .iter()
                .any(|n| n == "Turns without a capture: 1 of 2");
            assert_eq!(
                quiet,
                said.contains(
                    "unless this turn captures, the game ends after 2 turns without a capture"
                ),
                "{said}"
            );
            if quiet {
                warned = Some(said.to_string());
            }
            false
        });
        if let Some(said) = warned {
            assert!(said.contains("Warning for"), "{said}");
            return;
        }
    }
    panic!("no game came one turn short of a stall");
}
