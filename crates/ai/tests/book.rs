//! The opening book: every entry is proven again from scratch, and the top
//! level plays it; Sight's proven openings agree with each other and with
//! the documented proofs, cover every position of two placements or
//! fewer, and are played and found in every image.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use cairn_ai::book::{self, Entry, BOOK};
use cairn_ai::perfect::most_testing_draw;
use cairn_ai::solver::{Session, Verdict};
use cairn_ai::{choose_with, Player};
use cairn_rules::sight::Sight;
use cairn_rules::{AnyGame, Game, GameKind, Options, Seat, SplitRng};

/// The entry's verdict is the solver's, its turn keeps that verdict, and a
/// drawing turn is one no other drawing turn beats for losing replies.
fn proven_again<G: Game>(start: &G, entry: &Entry) {
    let name = G::KIND.name();
    let mut session = Session::<G>::new(22);
    let solution = session.solve(start, u64::MAX, None).expect("no limit");
    assert_eq!(solution.verdict, entry.verdict, "{name}");
    let turn = start
        .parse_turn(entry.turn)
        .expect("the book's turn is legal");
    let mut next = start.clone();
    next.apply(&turn);
    let after = session.solve(&next, u64::MAX, None).expect("no limit");
    let kept = match (entry.verdict, after.verdict) {
        (Verdict::Draw, Verdict::Draw) => true,
        (Verdict::Win(n), Verdict::Loss(m)) | (Verdict::Loss(n), Verdict::Win(m)) => m + 1 == n,
        _ => false,
    };
    assert!(kept, "{name}: {} leaves {:?}", entry.turn, after.verdict);
    if entry.verdict == Verdict::Draw {
        let far = Instant::now() + Duration::from_secs(3600);
        let testing = most_testing_draw(&mut session, start, turn.clone(), far);
        assert_eq!(
            testing, turn,
            "{name}: a drawing turn leaves more losing replies"
        );
    }
}

#[test]
fn every_entry_is_proven_again() {
    for entry in BOOK {
        let start = AnyGame::new(entry.kind, &Options::default()).expect("defaults");
        cairn_rules::with_game!(&start, g => proven_again(g, entry));
    }
}

/// The top level plays the book's turn at the start, at once, and the book
/// answers for nothing but the start.
fn plays_it<G: Game>(start: &G, entry: &Entry) {
    let deadline = Instant::now() + Duration::from_millis(50);
    let choice = choose_with(start, Player::Level(5), deadline, 1).expect("a turn");
    assert_eq!(choice.turn, entry.turn);
    assert_eq!(choice.verdict, None, "a draw is not announced");
    let mut rng = SplitRng::new(5);
    let mut later = start.clone();
    let turn = later.random_turn(&mut rng).expect("a turn");
    later.apply(&turn);
    assert!(book::choice(&later).is_none());
}

#[test]
fn the_top_level_plays_the_book() {
    for entry in BOOK {
        let start = AnyGame::new(entry.kind, &Options::default()).expect("defaults");
        cairn_rules::with_game!(&start, g => plays_it(g, entry));
    }
}

/// Sight's proven openings as written.
const SIGHT_OPENINGS: &str = include_str!("../src/sight-book.txt");

/// A line of the opening text, read here on its own: the position, and
/// the winner, distance and turn as written.
struct Line {
    moves: String,
    game: Sight,
    winner: Option<Seat>,
    distance: u32,
    turn: Option<String>,
}

fn sight_lines() -> Vec<Line> {
    let start = Sight::new(&Options::default()).expect("defaults");
    let mut lines = Vec::new();
    for text in SIGHT_OPENINGS.lines() {
        if text.trim().is_empty() || text.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = text.split('|').map(str::trim).collect();
        assert_eq!(fields.len(), 4, "{text}");
        let mut game = start.clone();
        for m in fields[0].split_whitespace().filter(|&m| m != "start") {
            play(&mut game, m);
        }
        lines.push(Line {
            moves: fields[0].to_string(),
            game,
            winner: match fields[1] {
                "white" => Some(Seat::First),
                "black" => Some(Seat::Second),
                _ => None,
            },
            distance: fields[2].parse().expect("every line has its distance"),
            turn: (fields[3] != "-").then(|| fields[3].to_string()),
        });
    }
    lines
}

#[test]
fn every_opening_line_reads_and_is_found_in_its_mirror_image() {
    let read = book::read_openings(GameKind::Sight, SIGHT_OPENINGS);
    let lines = sight_lines();
    assert_eq!(read.len(), lines.len());
    let mut keys = HashSet::new();
    for result in read {
        let (key, _) = result.expect("every line reads");
        assert!(keys.insert(key), "a class written twice");
    }
    for line in &lines {
        let found = book::opening(&line.game).expect("the book finds its line");
        assert_eq!(book::opening(&mirror(line)), Some(found), "{}", line.moves);
        assert_eq!(found.winner, line.winner, "{}", line.moves);
        assert_eq!(found.distance, line.distance, "{}", line.moves);
        assert!(line.winner.is_some(), "Sight has no draws");
        // A turn is given only where the mover wins.
        let mover_wins = line.winner == Some(line.game.to_move());
        assert!(line.turn.is_none() || mover_wins, "{}", line.moves);
    }
    // The book holds nothing it was not given: the position after c3 and
    // two more placements, whatever they are, is not in it.
    let mut later = Sight::new(&Options::default()).expect("defaults");
    for m in ["c3", "b2", "d4"] {
        play(&mut later, m);
    }
    assert!(book::opening(&later).is_none());
}

/// A line's position mirrored (files a and e swapped), played out.
fn mirror(line: &Line) -> Sight {
    let mut mirror = Sight::new(&Options::default()).expect("defaults");
    for m in line.moves.split_whitespace().filter(|&m| m != "start") {
        let file = (b'a' + b'e' - m.as_bytes()[0]) as char;
        play(&mut mirror, &format!("{file}{}", &m[1..]));
    }
    mirror
}

/// Play a turn given as text, which must be legal.
fn play(game: &mut Sight, text: &str) {
    let turn = game.parse_turn(text).expect("a turn");
    game.play(&turn).expect("a legal turn");
}

#[test]
fn the_openings_agree_with_each_other() {
    let mut derived = 0;
    for line in sight_lines() {
        let mover = line.game.to_move();
        let turns = line.game.legal_turns();
        let children: Vec<_> = turns
            .iter()
            .filter_map(|turn| {
                let mut next = line.game.clone();
                next.apply(turn);
                book::opening(&next)
            })
            .collect();
        if children.is_empty() {
            // A line after two placements: the book ends there.
            continue;
        }
        assert_eq!(children.len(), turns.len(), "{}", line.moves);
        let won_by_mover = || children.iter().filter(|c| c.winner == Some(mover));
        let expected = if line.winner == Some(mover) {
            // The fastest of the turns that keep the win.
            won_by_mover().map(|c| c.distance + 1).min()
        } else {
            // Every turn of a lost position leaves it lost, and the loser
            // plays the slowest loss.
            assert_eq!(won_by_mover().count(), 0, "{}", line.moves);
            children.iter().map(|c| c.distance + 1).max()
        };
        assert_eq!(Some(line.distance), expected, "{}", line.moves);
        if let Some(text) = &line.turn {
            let mut next = line.game.clone();
            play(&mut next, text);
            let child = book::opening(&next).expect("in the book");
            assert_eq!(child.winner, Some(mover), "{} {text}", line.moves);
            assert_eq!(line.distance, child.distance + 1, "{} {text}", line.moves);
        }
        derived += 1;
    }
    // The start and the six first placements up to symmetry.
    assert_eq!(derived, 7);
}

#[test]
fn the_top_level_keeps_the_wins_the_openings_prove_in_every_image() {
    let mut played = 0;
    for line in sight_lines() {
        let Some(turn) = &line.turn else {
            continue;
        };
        let mut kept = line.game.clone();
        play(&mut kept, turn);
        for game in [line.game.clone(), mirror(&line)] {
            let deadline = Instant::now() + Duration::from_millis(50);
            let choice = choose_with(&game, Player::Level(5), deadline, 1).expect("a turn");
            let mut next = game.clone();
            play(&mut next, &choice.turn);
            // The book's turn, or its image in the mirrored position.
            assert_eq!(next.symmetric_key(), kept.symmetric_key(), "{}", line.moves);
            let said = Some(Verdict::Win(line.distance));
            assert_eq!(choice.verdict, said, "{}", line.moves);
            played += 1;
        }
    }
    assert!(played > 0, "the openings give no winning turn");
}

#[test]
fn the_openings_agree_with_the_documented_proofs() {
    // docs/solving-sight.md: after c3, b2 is Black's refutation (alpha-beta
    // and df-pn), while a1 and c2 lose for Black (separate alpha-beta
    // runs, `cairn solve --winner-only`); the start is Black's in 24.
    let winner_after = |moves: &[&str]| {
        let mut game = Sight::new(&Options::default()).expect("defaults");
        for m in moves {
            play(&mut game, m);
        }
        let opening = book::opening(&game).expect("in the book");
        (opening.winner, opening.distance)
    };
    let (white, black) = (Some(Seat::First), Some(Seat::Second));
    assert_eq!(winner_after(&[]), (black, 24));
    assert_eq!(winner_after(&["c3"]), (black, 23));
    assert_eq!(winner_after(&["c3", "b2"]).0, black);
    assert_eq!(winner_after(&["c3", "d4"]).0, black);
    assert_eq!(winner_after(&["c3", "a1"]).0, white);
    assert_eq!(winner_after(&["c3", "c2"]).0, white);
    assert_eq!(winner_after(&["c3", "d3"]).0, white);
}

#[test]
fn every_sight_position_of_two_placements_or_fewer_is_in_the_book() {
    // Every first placement and every reply to it, in every image: the
    // book has each (25 + 600 positions, 6 + 85 classes), and every first
    // placement, all Black's, names a winning reply.
    let start = Sight::new(&Options::default()).expect("defaults");
    assert!(book::opening(&start).is_some());
    let mut classes = HashSet::new();
    for first in start.legal_turns() {
        let mut after_first = start.clone();
        after_first.apply(&first);
        let opening = book::opening(&after_first).expect("every first placement");
        assert!(
            book::opening_win(&after_first).is_some(),
            "{first}: no reply"
        );
        assert_eq!(opening.winner, Some(Seat::Second), "{first}");
        for reply in after_first.legal_turns() {
            let mut after_reply = after_first.clone();
            after_reply.apply(&reply);
            assert!(book::opening(&after_reply).is_some(), "{first} {reply}");
            classes.insert(after_reply.symmetric_key());
        }
    }
    assert_eq!(classes.len(), 85);
}
