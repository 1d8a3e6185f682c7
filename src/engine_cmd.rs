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
//! - `legal`: the legal turns of the side to move, canonical and sorted,
//!   joined by `;` (no turn's notation contains one): `legal a1;b2 c3 d4`,
//!   or a bare `legal` once the game is over. Outside drivers
//!   (scripts/peers/LudiiMatch.java) accept a turn only if it is listed;
//! - `quit`.
//!
//! Errors are replied as `error <sentence>` and the engine keeps reading.
//! The search tree is kept from one `go` to the next, as in `cairn arena`.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use anyhow::Result;

use cairn_ai::{choose_with_memory, Memory, Player};
use cairn_rules::AnyGame;

/// Serve the protocol on stdin/stdout until `quit` or the end of input.
pub fn run(player: Player) -> Result<()> {
    serve(player, std::io::stdin().lock(), std::io::stdout().lock())
}

/// Serve the protocol from `input` to `out` (split from [`run`] so that
/// the tests can drive it without a process).
fn serve(player: Player, input: impl BufRead, mut out: impl Write) -> Result<()> {
    let mut game: Option<AnyGame> = None;
    let mut memory = Memory::default();
    for line in input.lines() {
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
            "legal" => match game.as_ref() {
                None => "error there is no game yet: send `new <game>` first".to_string(),
                Some(g) if g.outcome().is_some() => "legal".to_string(),
                Some(g) => format!("legal {}", g.legal_strings().join(";")),
            },
            other => {
                format!("error `{other}` is not a command: use new, play, go, legal or quit")
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The replies to `commands`, one line each.
    fn replies(commands: &str) -> Vec<String> {
        let mut out = Vec::new();
        let player: Player = "level:1".parse().unwrap();
        serve(player, commands.as_bytes(), &mut out).unwrap();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn legal_lists_the_turns_of_the_side_to_move() {
        let r = replies("legal\nnew alquerque rules=basic\nlegal\nplay d3-c3\nlegal\nquit\n");
        assert!(r[0].starts_with("error there is no game yet"), "{r:?}");
        assert_eq!(r[1], "ok");
        // White's only moves at the start lead into the empty centre.
        let white: Vec<&str> = r[2].strip_prefix("legal ").unwrap().split(';').collect();
        assert!(white.contains(&"d3-c3"), "{white:?}");
        assert!(white.iter().all(|t| t.ends_with("c3")), "{white:?}");
        let mut sorted = white.clone();
        sorted.sort();
        assert_eq!(white, sorted);
        assert_eq!(r[3], "ok");
        // Black now captures into d3's vacated point or steps nowhere else.
        let black: Vec<&str> = r[4].strip_prefix("legal ").unwrap().split(';').collect();
        assert!(!black.is_empty() && black.iter().all(|t| !t.contains(';')));
        assert!(!black.contains(&"d3-c3"));
    }

    #[test]
    fn legal_turns_with_spaces_stay_whole_and_playable() {
        let mut script = String::from("new callanish size=7\nplay d4\nplay c3\nlegal\n");
        let r = replies(&script);
        let turns: Vec<String> = r[3]
            .strip_prefix("legal ")
            .unwrap()
            .split(';')
            .map(str::to_string)
            .collect();
        // White's regular turns: remove, then add two stones.
        assert!(turns.iter().all(|t| t.split(' ').count() == 3), "{turns:?}");
        script.push_str(&format!("play {}\n", turns[0]));
        assert_eq!(replies(&script)[4], "ok");
    }

    #[test]
    fn legal_is_bare_once_the_game_is_over() {
        let r = replies("new alquerque rules=basic stall=1\nplay d3-c3\nlegal\n");
        assert!(r[1].starts_with("over"), "{r:?}");
        assert_eq!(r[2], "legal");
    }
}
