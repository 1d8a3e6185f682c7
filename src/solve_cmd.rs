//! `cairn solve` (exact searches of a position) and `cairn arena` (two bot
//! levels play each other).

use anyhow::Result;

/// `cairn arena`: level `a` against level `b`, `games` games, colours
/// alternating; prints the result as JSON.
pub fn arena(
    game: &str,
    options: &[String],
    (a, b): (cairn_ai::Player, cairn_ai::Player),
    games: u32,
    seed: u64,
    think_ms: u64,
) -> Result<()> {
    let (game, _) = cairn_rules::position::build(game, options, &[])?;
    let think = std::time::Duration::from_millis(think_ms);
    let result =
        cairn_rules::with_game!(&game, g => cairn_ai::arena::run(g, a, b, games, seed, think));
    println!("{}", serde_json::to_string(&result)?);
    Ok(())
}

/// What `cairn solve` is asked.
pub struct SolveSettings {
    pub check: bool,
    pub winner_only: bool,
    pub prover: Prover,
    pub within: Option<u32>,
    pub table_bits: u32,
}

/// `cairn solve <game> [options] [--moves ...]`: prints the report as JSON.
pub fn solve(game: &str, options: &[String], moves: &str, settings: SolveSettings) -> Result<()> {
    let SolveSettings {
        check,
        winner_only,
        prover,
        within,
        table_bits,
    } = settings;
    let moves = cairn_rules::position::split_moves(moves);
    let (game, _) = cairn_rules::position::build(game, options, &moves)?;
    let report = match within {
        Some(turns) => {
            cairn_rules::with_game!(&game, g => within_report(g, turns, prover, table_bits))?
        }
        None => {
            cairn_rules::with_game!(&game, g => solve_report(g, check, !winner_only, prover, table_bits))?
        }
    };
    println!("{report}");
    Ok(())
}

/// Which search proves the winner in `cairn solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Prover {
    AlphaBeta,
    Pn,
    Both,
}

/// Run one exact search without a budget, log its answer and time, and
/// add `<key>_nodes` and `<key>_seconds` to the report.
fn timed_search<T: std::fmt::Display>(
    report: &mut serde_json::Value,
    key: &str,
    name: &str,
    search: impl FnOnce() -> Result<(T, u64), cairn_ai::solver::OutOfBudget>,
) -> Result<T> {
    let began = std::time::Instant::now();
    let (answer, nodes) = search().map_err(|_| anyhow::anyhow!("out of budget"))?;
    let seconds = began.elapsed().as_secs_f64();
    eprintln!("{name} answered {answer} in {seconds:.1} s ({nodes} nodes)");
    report[format!("{key}_nodes")] = serde_json::json!(nodes);
    report[format!("{key}_seconds")] = serde_json::json!(seconds);
    Ok(answer)
}

/// `cairn solve --within N`: does the player to move win within N turns?
fn within_report<G: cairn_rules::Game>(
    game: &G,
    turns: u32,
    prover: Prover,
    table_bits: u32,
) -> Result<serde_json::Value> {
    anyhow::ensure!(game.outcome().is_none(), "the game is already over");
    let mut report = serde_json::json!({
        "to_move": game.seat_name(game.to_move()),
        "within": turns,
    });
    let mut answers = Vec::new();
    if prover != Prover::Pn {
        let wins = timed_search(&mut report, "alpha_beta", "alpha-beta", || {
            cairn_ai::solver::wins_within(game, turns, u64::MAX, None, table_bits)
        })?;
        report["alpha_beta_wins_within"] = serde_json::json!(wins);
        answers.push(wins);
    }
    if prover != Prover::AlphaBeta {
        let wins = timed_search(&mut report, "pn", "proof-number search", || {
            cairn_ai::pns::proves_win_within(game, Some(turns), u64::MAX, None, table_bits)
        })?;
        report["pn_wins_within"] = serde_json::json!(wins);
        answers.push(wins);
    }
    if answers.len() == 2 {
        report["agree"] = serde_json::json!(answers[0] == answers[1]);
    }
    Ok(report)
}

fn solve_report<G: cairn_rules::Game>(
    game: &G,
    check: bool,
    distance: bool,
    prover: Prover,
    table_bits: u32,
) -> Result<serde_json::Value> {
    use cairn_ai::solver::{self, Verdict};
    anyhow::ensure!(game.outcome().is_none(), "the game is already over");
    let mut report = serde_json::json!({ "to_move": game.seat_name(game.to_move()) });
    let winner_name = |wins: bool| {
        let seat = if wins {
            game.to_move()
        } else {
            game.to_move().other()
        };
        game.seat_name(seat)
    };
    let mut proved = None;
    if prover != Prover::Pn {
        let sign = timed_search(&mut report, "prove", "alpha-beta", || {
            solver::prove_with_table(game, u64::MAX, None, table_bits)
        })?;
        report["winner"] = match sign {
            0 => serde_json::Value::Null,
            _ => serde_json::json!(winner_name(sign > 0)),
        };
        proved = Some(sign);
    }
    if prover != Prover::AlphaBeta {
        let wins = timed_search(&mut report, "pn", "proof-number search", || {
            cairn_ai::pns::proves_win(game, u64::MAX, None, table_bits)
        })?;
        // df-pn asks only whether the player to move wins.
        report["pn_to_move_wins"] = serde_json::json!(wins);
        if let Some(alpha_beta) = proved {
            report["pn_agrees"] = serde_json::json!((alpha_beta > 0) == wins);
        }
    }
    if !distance {
        return Ok(report);
    }
    let began = std::time::Instant::now();
    let solution = solver::solve_with_table(game, u64::MAX, None, table_bits, |bounds| {
        eprintln!(
            "after {:.1} s: at best {:?}, at worst {:?} for the player to move",
            began.elapsed().as_secs_f64(),
            bounds.at_best,
            bounds.at_worst
        )
    })
    .map_err(|_| anyhow::anyhow!("out of budget"))?;
    let seconds = began.elapsed().as_secs_f64();
    let (winner, turns) = match solution.verdict {
        Verdict::Win(n) | Verdict::Loss(n) => (
            solution
                .verdict
                .winner(game.to_move())
                .map(|s| game.seat_name(s)),
            Some(n),
        ),
        Verdict::Draw => (None, None),
    };
    report["winner"] = serde_json::json!(winner);
    report["turns"] = serde_json::json!(turns);
    report["best"] = serde_json::json!(solution.best.map(|t| t.to_string()));
    report["nodes"] = serde_json::json!(solution.nodes);
    report["seconds"] = serde_json::json!(seconds);
    if check {
        let wdl =
            solver::solve_wdl(game, u64::MAX).map_err(|_| anyhow::anyhow!("out of budget"))?;
        let expected = match solution.verdict {
            Verdict::Win(_) => 1,
            Verdict::Loss(_) => -1,
            Verdict::Draw => 0,
        };
        report["check_wdl"] = serde_json::json!(wdl);
        report["check_agrees"] = serde_json::json!(wdl == expected);
    }
    Ok(report)
}
