//! `cairn engine`: a line protocol on stdin/stdout so that two builds of
//! cairn (say, before and after an engine change) can play each other from
//! an outside driver (scripts/peers/arena.py).
//!
//! Commands, one a line; each gets exactly one reply line:
//! - `new <game> [key=value ...]`: start a game (`ok`);
//! - `play <turn>`: play a turn for the side to move (`ok`, or
//!   `over <winner|draw> <reason>` when it ends the game);
//! - `go <think-ms> <seed>`: choose a turn for the side to move without
//!   playing it (`turn <canonical turn>`);
//! - `quit`.
//!
//! Errors are replied as `error <sentence>` and the engine keeps reading.
//! The search tree is kept from one `go` to the next, as in `cairn arena`.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use anyhow::Result;

use cairn_ai::{choose_with_memory, Memory, Player};
use cairn_rules::AnyGame;

/// Serve the protocol until `quit` or the end of input.
pub fn run(player: Player) -> Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut game: Option<AnyGame> = None;
    let mut memory = Memory::default();
    for line in stdin.lock().lines() {
        let line = line?;
        let line = line.trim();
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let reply = match command {
            "" => continue,
            "quit" => break,
            "new" => {
                let mut words = rest.split_whitespace();
                let name = words.next().unwrap_or_default();
                let options: Vec<String> = words.map(str::to_string).collect();
                match cairn_rules::position::build(name, &options, &[]) {
                    Ok((built, _)) => {
                        game = Some(built);
                        memory = Memory::default();
                        "ok".to_string()
                    }
                    Err(e) => format!("error {e}"),
                }
            }
            "play" => match game.as_mut() {
                None => "error there is no game yet: send `new <game>` first".to_string(),
                Some(g) => match g.play_str(rest) {
                    Ok(_) => match g.outcome() {
                        None => "ok".to_string(),
                        Some(o) => format!(
                            "over {} {}",
                            o.winner.map_or("draw", |w| g.seat_name(w)),
                            o.reason
                        ),
                    },
                    Err(e) => format!("error {e}"),
                },
            },
            "go" => match (game.as_ref(), parse_go(rest)) {
                (None, _) => "error there is no game yet: send `new <game>` first".to_string(),
                (_, None) => "error write `go <think-ms> <seed>`, e.g. go 200 1".to_string(),
                (Some(g), Some((think, seed))) => {
                    let deadline = Instant::now() + think;
                    let choice = cairn_rules::with_game!(g, g => choose_with_memory(g, player, deadline, seed, &mut memory));
                    match choice {
                        Some(c) => format!("turn {}", c.turn),
                        None => "error the game is over: there is no turn to choose".to_string(),
                    }
                }
            },
            other => format!("error `{other}` is not a command: use new, play, go or quit"),
        };
        writeln!(out, "{reply}")?;
        out.flush()?;
    }
    Ok(())
}

fn parse_go(rest: &str) -> Option<(Duration, u64)> {
    let mut words = rest.split_whitespace();
    let ms = words.next()?.parse().ok()?;
    let seed = words.next().map_or(Some(1), |w| w.parse().ok())?;
    Some((Duration::from_millis(ms), seed))
}
