//! Prove Sight's openings for the book (`crates/ai/src/sight-book.txt`):
//! every position after two placements, up to the board's symmetries
//! (85 classes), gets its winner, then its distance. Resumable: the
//! classes already in the output file are skipped, and each finished
//! class is appended at once. Run in release, one process per core on its
//! share of the classes (`PART/PARTS`, such as `0/2` and `1/2`):
//!
//! - `sight_book winners OUT [PART/PARTS] [TABLE_BITS] [FIRST] [reverse]`:
//!   who wins each class and, where the player to move does, a winning
//!   turn. With `FIRST` (a first placement, such as `c3`), its classes
//!   come first; with `reverse`, the share is taken from its end (a
//!   second process on the same `OUT` then meets the first halfway).
//! - `sight_book distances WINNERS OUT [PART/PARTS] [TABLE_BITS] [reverse]`:
//!   the turns to the end of each class whose winner `WINNERS` holds, and
//!   the fastest winning turn where the player to move wins.
//! - `sight_book derive FILE...`: print the book from those files (see
//!   [`derive`]).
//!
//! A line reads `moves | winner | distance | turn`: the placements from
//! the empty board, who wins with best play, the turns to the end (`-`
//! while not proven) and a turn that keeps the win for the player to move
//! (`-` when they lose).

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::time::Instant;

use cairn_ai::solver::{Goal, Session};
use cairn_rules::{sight::Sight, Game, Options, Seat};

/// The book's head: what its lines say and where they come from.
const HEADER: &str = "\
# Sight's proven openings, read by `crates/ai/src/book.rs`; printed by
# `cargo run --release -p cairn-ai --example sight_book -- derive FILE...`
# from the files its proving runs wrote. Do not edit by hand.
#
# moves | winner | distance | turn
#
# `moves`: the placements from the empty board (`start`: none), one
# position for all its images under the board's 8 symmetries. `winner`:
# who wins with best play. `distance`: turns (plies) to the end with best
# play. `turn`: the fastest turn that keeps the win for the player to
# move, `-` when they lose.
#
# The start and the first placements are from docs/solving-sight.md
# (alpha-beta and df-pn agree), each first placement's winning reply from
# the lines after two placements, which the example's alpha-beta runs
# proved.
";

/// A class's line as the runs write it.
#[derive(Clone, Debug)]
struct Line {
    moves: Vec<String>,
    winner: String,
    distance: Option<u32>,
    turn: String,
}

impl Line {
    fn key(&self) -> String {
        self.moves.join(" ")
    }
}

/// The line as the files and the book write it (`start` for no moves).
impl std::fmt::Display for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let moves = if self.moves.is_empty() {
            "start".to_string()
        } else {
            self.key()
        };
        let distance = self.distance.map_or("-".to_string(), |d| d.to_string());
        write!(f, "{moves} | {} | {distance} | {}", self.winner, self.turn)
    }
}

fn read_lines(path: &str) -> Vec<Line> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let [moves, winner, distance, turn] = fields[..] else {
                return None;
            };
            Some(Line {
                moves: moves.split_whitespace().map(String::from).collect(),
                winner: winner.to_string(),
                distance: distance.parse().ok(),
                turn: turn.to_string(),
            })
        })
        .collect()
}

fn append(out: &str, line: &Line) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)?;
    writeln!(file, "{line}")
}

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

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "white",
        Seat::Second => "black",
    }
}

/// A turn of the player to move in `game` after which they still reach
/// `goal`: the table's best turn if it checks out, else the first child
/// that does.
fn keeping_turn(session: &mut Session<Sight>, game: &Sight, goal: Goal) -> String {
    let me = game.to_move();
    let hint = session.stored_turn(game);
    for turn in hint.into_iter().chain(game.legal_turns()) {
        let mut child = game.clone();
        child.apply(&turn);
        if session.achieves(&child, me, goal, u64::MAX, None) == Ok(true) {
            return turn.to_string();
        }
    }
    "?".to_string()
}

/// The turns to the end of `game`, `empty` points still empty, which
/// `winner` wins. Sight ends only when the player to move has no turn, so
/// a win of the player to move comes after an odd number of turns and the
/// other's after an even one, and every turn fills one of the empty
/// points: the longest possible game is tried first, then each shorter
/// one of the same parity.
fn distance(session: &mut Session<Sight>, game: &Sight, empty: u32, winner: Seat) -> u32 {
    let parity = if winner == game.to_move() { 1 } else { 0 };
    let mut d = if empty % 2 == parity {
        empty
    } else {
        empty - 1
    };
    while d > 2
        && session.achieves(game, winner, Goal::WinWithin(d - 2), u64::MAX, None) == Ok(true)
    {
        d -= 2;
    }
    d
}

/// The classes of this part that `out` does not hold yet, the chosen
/// first placement's first, from the end if `reverse`.
fn todo(out: &str, part: (usize, usize), first: &str, reverse: bool) -> Vec<(Vec<String>, Sight)> {
    let done: HashSet<String> = read_lines(out).iter().map(Line::key).collect();
    let mut all: Vec<_> = classes(2).into_iter().enumerate().collect();
    // A stable sort: the chosen opening's classes first, in their order.
    all.sort_by_key(|(_, (moves, _))| moves[0] != first);
    let mut share: Vec<_> = all
        .into_iter()
        .filter(|(index, (moves, _))| index % part.1 == part.0 && !done.contains(&moves.join(" ")))
        .map(|(_, class)| class)
        .collect();
    if reverse {
        share.reverse();
    }
    share
}

/// Whether another process on the same file has written the class since.
fn written_since(out: &str, moves: &[String]) -> bool {
    read_lines(out).iter().any(|line| line.moves == moves)
}

fn winners(
    out: &str,
    part: (usize, usize),
    bits: u32,
    first: &str,
    reverse: bool,
) -> std::io::Result<()> {
    let mut session = Session::<Sight>::new(bits);
    for (moves, game) in todo(out, part, first, reverse) {
        if written_since(out, &moves) {
            continue;
        }
        let began = Instant::now();
        let me = game.to_move();
        let Ok(wins) = session.achieves(&game, me, Goal::Win, u64::MAX, None) else {
            continue;
        };
        let nodes = session.nodes();
        let (winner, turn) = if wins {
            (me, keeping_turn(&mut session, &game, Goal::Win))
        } else {
            (me.other(), "-".into())
        };
        let line = Line {
            moves,
            winner: seat_name(winner).into(),
            distance: None,
            turn,
        };
        append(out, &line)?;
        eprintln!(
            "{}: {} wins ({}), {:.1} M nodes, {:.0} s",
            line.key(),
            line.winner,
            line.turn,
            nodes as f64 / 1e6,
            began.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn distances(
    won: &str,
    out: &str,
    part: (usize, usize),
    bits: u32,
    reverse: bool,
) -> std::io::Result<()> {
    let winners: HashMap<String, String> = read_lines(won)
        .into_iter()
        .map(|line| (line.key(), line.winner))
        .collect();
    let mut session = Session::<Sight>::new(bits);
    for (moves, game) in todo(out, part, "", reverse) {
        if written_since(out, &moves) {
            continue;
        }
        let began = Instant::now();
        let winner = match winners.get(&moves.join(" ")).map(String::as_str) {
            Some("white") => Seat::First,
            Some("black") => Seat::Second,
            _ => continue,
        };
        // Every turn fills one of the 25 points.
        let empty = 25 - moves.len() as u32;
        let d = distance(&mut session, &game, empty, winner);
        let turn = if winner == game.to_move() {
            keeping_turn(&mut session, &game, Goal::WinWithin(d - 1))
        } else {
            "-".into()
        };
        let line = Line {
            moves,
            winner: seat_name(winner).into(),
            distance: Some(d),
            turn,
        };
        append(out, &line)?;
        eprintln!(
            "{}: {} wins in {d} ({}), {:.0} s",
            line.key(),
            line.winner,
            line.turn,
            began.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// Print the book from the runs' files, a class's line with its distance
/// preferred; refused while a class lacks its distance. Facts from
/// `docs/solving-sight.md` (alpha-beta and df-pn agree): Black wins the
/// start in 24 turns and every first placement, after c3 in 23. So a
/// position after c3 and a reply that Black wins takes exactly 22 more
/// turns: Black wins from there after an even number of turns (White has
/// no move on an odd one), the 23 empty points allow 22 at most, and fewer
/// would give Black a win after c3 faster than 23. A first placement's
/// distance is one more than its fastest winning reply's.
fn derive(files: &[String]) -> Result<(), String> {
    let mut by_class: HashMap<String, Line> = HashMap::new();
    for path in files {
        for line in read_lines(path) {
            let kept = by_class.entry(line.key()).or_insert_with(|| line.clone());
            if kept.winner != line.winner {
                return Err(format!("{}: the runs disagree", line.key()));
            }
            if line.distance.is_some() {
                *kept = line;
            }
        }
    }
    for line in by_class.values_mut() {
        if line.moves[0] == "c3" && line.winner == "black" {
            if line.distance.is_some_and(|d| d != 22) {
                return Err(format!("{}: not 22 turns, as c3's proof says", line.key()));
            }
            line.distance = Some(22);
        }
    }
    let missing: Vec<String> = classes(2)
        .into_iter()
        .map(|(moves, _)| moves.join(" "))
        .filter(|key| by_class.get(key).is_none_or(|line| line.distance.is_none()))
        .collect();
    if !missing.is_empty() {
        let count = missing.len();
        return Err(format!(
            "{count} classes lack a distance: {}",
            missing.join(", ")
        ));
    }
    let mut lines: Vec<Line> = by_class.into_values().collect();
    lines.sort_by_key(Line::key);
    print!("{HEADER}");
    let black_wins = |moves: Vec<String>, distance: u32, turn: &str| Line {
        moves,
        winner: "black".into(),
        distance: Some(distance),
        turn: turn.into(),
    };
    println!("{}", black_wins(Vec::new(), 24, "-"));
    // The lines after two placements start from the first placements'
    // own representatives (the same enumeration), so they match as text.
    for (first, _) in classes(1) {
        let first = &first[0];
        let fastest = lines
            .iter()
            .filter(|l| &l.moves[0] == first && l.winner == "black")
            .filter_map(|l| Some((l.distance?, l.moves[1].as_str())))
            .min()
            .ok_or_else(|| format!("{first}: no reply wins for Black"))?;
        let (distance, reply) = (fastest.0 + 1, fastest.1);
        if first == "c3" && distance != 23 {
            return Err(format!("c3 in {distance}, not 23 as its proof says"));
        }
        println!("{}", black_wins(vec![first.clone()], distance, reply));
    }
    for line in &lines {
        println!("{line}");
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).cloned().unwrap_or_default();
    let part = |i: usize| {
        args.get(i)
            .and_then(|s| s.split_once('/'))
            .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            .unwrap_or((0, 1))
    };
    let bits = |i: usize| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(26);
    match arg(1).as_str() {
        "winners" => winners(&arg(2), part(3), bits(4), &arg(5), arg(6) == "reverse"),
        "distances" => distances(&arg(2), &arg(3), part(4), bits(5), arg(6) == "reverse"),
        "derive" => derive(&args[2..]).or_else(|why| {
            eprintln!("sight_book derive: {why}");
            std::process::exit(1)
        }),
        _ => {
            eprintln!("usage: sight_book winners|distances|derive ... (see the source's head)");
            Ok(())
        }
    }
}
