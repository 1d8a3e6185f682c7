//! Prove Sight's openings for the book (`crates/ai/src/sight-book.txt`):
//! every position after two placements, up to the board's symmetries
//! (85 classes), gets its winner and, when the player to move wins, a
//! winning turn. Resumable: the classes already in the output file are
//! skipped, and each finished class is appended at once. Run in release,
//! one process per core on its share of the classes:
//!
//! `cargo run --release -p cairn-ai --example sight_book -- OUT [PART/PARTS] [TABLE_BITS] [FIRST]`
//!
//! With `FIRST` (a first placement, such as `c3`), the classes reached
//! from it are proven before the others.
//!
//! A line reads `moves | winner | distance | turn`: the placements from
//! the empty board, who wins with best play, the turns to the end (`-`
//! while not proven) and a turn that keeps the win for the player to move
//! (`-` when they lose).
//!
//! `sight_book derive RAW...` then prints the book from those files: the
//! start and the first placements (their winners and distances from
//! `docs/solving-sight.md`, a winning reply from the lines after two
//! placements), and those lines, where each that Black wins after c3
//! takes 22 turns (see [`derive`]).

use std::collections::HashSet;
use std::io::Write;
use std::time::Instant;

use cairn_ai::solver::{Goal, Session};
use cairn_rules::{sight::Sight, Game, Options, Seat};

/// The positions `plies` placements in, one per class of symmetric
/// positions, each with its placements, in a fixed order.
fn classes(plies: usize) -> Vec<(Vec<String>, Sight)> {
    let Ok(start) = Sight::new(&Options::default()) else {
        return Vec::new();
    };
    let mut layer = vec![(Vec::new(), start)];
    for _ in 0..plies {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for (moves, game) in &layer {
            for turn in game.legal_turns() {
                let mut child = game.clone();
                child.apply(&turn);
                if seen.insert(child.symmetric_key()) {
                    let mut line = moves.clone();
                    line.push(turn.to_string());
                    next.push((line, child));
                }
            }
        }
        layer = next;
    }
    layer
}

/// The classes already written to `out`.
fn done(out: &str) -> HashSet<String> {
    std::fs::read_to_string(out)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.split('|').next())
        .map(|moves| moves.trim().to_string())
        .collect()
}

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "white",
        Seat::Second => "black",
    }
}

/// A winning turn for the player to move in `game`, which they win: the
/// table's best turn if it checks out, else the first child that does.
fn winning_turn(session: &mut Session<Sight>, game: &Sight) -> Option<String> {
    let me = game.to_move();
    let hint = session.stored_turn(game);
    let turns = hint.into_iter().chain(game.legal_turns());
    for turn in turns {
        let mut child = game.clone();
        child.apply(&turn);
        if session.achieves(&child, me, Goal::Win, u64::MAX, None) == Ok(true) {
            return Some(turn.to_string());
        }
    }
    None
}

/// The book's head: what its lines say and where they come from.
const HEADER: &str = "\
# Sight's proven openings, read by `crates/ai/src/book.rs`; printed by
# `cargo run --release -p cairn-ai --example sight_book -- derive RAW...`
# from the files its proving runs wrote. Do not edit by hand.
#
# moves | winner | distance | turn
#
# `moves`: the placements from the empty board (`start`: none), one
# position for all its images under the board's 8 symmetries. `winner`:
# who wins with best play. `distance`: turns (plies) to the end with best
# play, `-` where only the winner was proven. `turn`: a turn that keeps
# the win for the player to move (the fastest where the distance is
# given), `-` when they lose or none is known yet.
#
# The start and the first placements are from docs/solving-sight.md
# (alpha-beta and df-pn agree), each first placement's winning reply from
# the lines after two placements, which the example's alpha-beta runs
# proved.
";

/// Print the book from the generator's files. Facts from
/// `docs/solving-sight.md` (alpha-beta and df-pn agree): Black wins the
/// start in 24 turns and every first placement, after c3 in 23. So a
/// position after c3 and a reply that Black wins takes exactly 22 more
/// turns: Black wins from there after an even number of turns (White has
/// no move on an odd one), the 23 empty points allow 22 at most, and fewer
/// would give Black a win after c3 faster than 23.
fn derive(raw: &[String]) {
    let mut lines: Vec<(Vec<String>, String, String)> = Vec::new();
    for path in raw {
        for line in std::fs::read_to_string(path).unwrap_or_default().lines() {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            if let [moves, winner, _, turn] = fields[..] {
                let moves = moves.split_whitespace().map(String::from).collect();
                lines.push((moves, winner.to_string(), turn.to_string()));
            }
        }
    }
    // The lines after two placements start from the first placements'
    // own representatives (the same enumeration), so they match as text.
    print!("{HEADER}");
    println!("start | black | 24 | -");
    for (first, _) in classes(1) {
        let first = &first[0];
        let reply = lines
            .iter()
            .find(|(moves, winner, _)| winner == "black" && &moves[0] == first)
            .map_or("-", |(moves, ..)| moves[1].as_str());
        let distance = if first == "c3" { "23" } else { "-" };
        println!("{first} | black | {distance} | {reply}");
    }
    lines.sort();
    for (moves, winner, turn) in &lines {
        let distance = if moves[0] == "c3" && winner == "black" {
            "22"
        } else {
            "-"
        };
        println!("{} | {winner} | {distance} | {turn}", moves.join(" "));
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("derive") {
        derive(&args[2..]);
        return Ok(());
    }
    let out = args
        .get(1)
        .cloned()
        .unwrap_or_else(|| "sight-book.txt".into());
    let (part, parts) = args
        .get(2)
        .and_then(|s| s.split_once('/'))
        .and_then(|(a, b)| Some((a.parse::<usize>().ok()?, b.parse::<usize>().ok()?)))
        .unwrap_or((0, 1));
    let bits = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(26);
    let first = args.get(4).cloned().unwrap_or_default();
    let skip = done(&out);
    let mut session = Session::<Sight>::new(bits);
    let mut todo: Vec<_> = classes(2).into_iter().enumerate().collect();
    // A stable sort: the chosen opening's classes first, in their order.
    todo.sort_by_key(|(_, (moves, _))| moves[0] != first);
    for (index, (moves, game)) in todo {
        let line = moves.join(" ");
        if index % parts != part || skip.contains(&line) {
            continue;
        }
        let began = Instant::now();
        let me = game.to_move();
        let Ok(wins) = session.achieves(&game, me, Goal::Win, u64::MAX, None) else {
            continue;
        };
        let nodes = session.nodes();
        let (winner, turn) = if wins {
            (
                me,
                winning_turn(&mut session, &game).unwrap_or_else(|| "?".into()),
            )
        } else {
            (me.other(), "-".into())
        };
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&out)?;
        writeln!(file, "{line} | {} | - | {turn}", seat_name(winner))?;
        eprintln!(
            "{index}: {line}: {} wins ({turn}), {:.1} M nodes, {:.0} s",
            seat_name(winner),
            nodes as f64 / 1e6,
            began.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
