use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

use cairn::config::Config;
use cairn_bot::{Bot, BotConfig};
use cairn_store::Store;

mod db_cli;
mod engine_cmd;

/// Cairn: play seven abstract board games in chat.
#[derive(Parser)]
#[command(name = "cairn", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the bot: Discord and/or Matrix when configured, else the console.
    Run,
    /// Print a position as JSON: options, turns played, legal turns, outcome, perft.
    Position {
        /// callanish, alquerque, fanorona, alquad, sight, collapse or floaters
        game: String,
        /// Game options as key=value
        options: Vec<String>,
        /// Turns to play first, separated by `;`
        #[arg(long, default_value = "")]
        moves: String,
        /// Also count move sequences to this depth (at most 20)
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(cairn_rules::position::PERFT_DEPTH_LIMIT)))]
        perft: Option<u32>,
        /// Replay a game record (the JSON or text of `export`) instead of
        /// options and --moves; its game must be <game>.
        #[arg(long, conflicts_with = "moves")]
        record: Option<PathBuf>,
    },
    /// Draw a position as a PNG, or the whole game as a replay GIF.
    Render {
        game: String,
        options: Vec<String>,
        #[arg(long, default_value = "")]
        moves: String,
        /// Mark the legal destinations.
        #[arg(long)]
        hints: bool,
        #[arg(long, default_value = "board.png")]
        out: PathBuf,
        /// Write the replay of the turns as an animated GIF here instead
        /// (prints its size, frames and time taken).
        #[arg(long, conflicts_with = "hints")]
        gif: Option<PathBuf>,
    },
    /// Play a series of games between two players and report A's results as JSON.
    Arena {
        game: String,
        options: Vec<String>,
        /// random, mcts:<playouts>, solver or level:<1-5>
        #[arg(long)]
        a: cairn_ai::Player,
        #[arg(long)]
        b: cairn_ai::Player,
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Thinking time per turn, in milliseconds.
        #[arg(long, default_value_t = 2000)]
        think_ms: u64,
    },
    /// Database tools: check, quarantine, export, import (bot stopped).
    Db {
        #[command(subcommand)]
        command: db_cli::DbCommand,
    },
    /// Serve a line protocol (new, play, go, quit) so two builds can play
    /// each other; see src/engine_cmd.rs.
    Engine {
        /// random, mcts:<playouts>, solver or level:<1-5>
        #[arg(long, default_value = "level:5")]
        player: cairn_ai::Player,
    },
    /// Discord tools (the bot itself starts with `run` when DISCORD_TOKEN is set).
    Discord {
        /// Print the slash-command registration JSON without connecting.
        #[arg(long)]
        print_commands: bool,
    },
    /// Solve a position exactly (small games) and print the verdict as JSON.
    Solve {
        game: String,
        options: Vec<String>,
        #[arg(long, default_value = "")]
        moves: String,
        /// Also check the verdict with the independent win/draw/loss solver.
        #[arg(long)]
        check: bool,
        /// Only prove who wins; skip the search for the distance.
        #[arg(long)]
        winner_only: bool,
        /// Who proves the winner: alpha-beta (then the distance search
        /// reuses its work), pn (proof-number search), or both to check
        /// one against the other.
        #[arg(long, value_enum, default_value_t = Prover::AlphaBeta)]
        prover: Prover,
        /// Instead of the full verdict, ask only whether the player to move
        /// wins within this many turns (with the chosen prover or both).
        /// Two answers a turn apart bracket the distance.
        #[arg(long)]
        within: Option<u32>,
        /// Size of the proving search's transposition table: 2^bits
        /// buckets of 32 bytes (25 = 1 GB).
        #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u32).range(10..=32))]
        table_bits: u32,
    },
}

/// `cairn position <game> --record file`: the record's final position.
fn replay_record(
    game: &str,
    options: &[String],
    path: &std::path::Path,
) -> Result<(cairn_rules::AnyGame, Vec<cairn_rules::Played>)> {
    let kind: cairn_rules::GameKind = game.parse()?;
    if !options.is_empty() {
        anyhow::bail!(
            "with --record the options come from the record; leave out {}",
            options.join(" ")
        );
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let record = cairn_bot::history::record::Record::parse(&text)
        .with_context(|| format!("reading the record {}", path.display()))?;
    if record.kind != kind {
        anyhow::bail!(
            "{} is a record of {}, not of {}",
            path.display(),
            record.kind.name(),
            kind.name()
        );
    }
    let mut replayed = record.replay()?;
    let game = replayed
        .positions
        .pop()
        .context("a replay always has its start")?;
    Ok((game, replayed.turns.into_iter().map(|(_, p)| p).collect()))
}

/// `cairn render ... --gif out.gif`: the replay of `moves`, timed.
fn write_replay(
    game: &str,
    options: &[String],
    moves: &[&str],
    path: &std::path::Path,
) -> Result<()> {
    let kind: cairn_rules::GameKind = game.parse()?;
    let turns: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let started = std::time::Instant::now();
    let frames = cairn_bot::history::replay_frames(kind, options, &turns, None, None)?;
    let gif = cairn_render::replay::render_gif(&frames, Default::default())?;
    let elapsed = started.elapsed();
    std::fs::write(path, &gif).with_context(|| format!("writing {}", path.display()))?;
    eprintln!(
        "{}: {} frames, {} bytes, {:.1} ms ({:.2} ms a frame)",
        path.display(),
        frames.len(),
        gif.len(),
        elapsed.as_secs_f64() * 1e3,
        elapsed.as_secs_f64() * 1e3 / frames.len() as f64
    );
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Some(Command::Position {
            game,
            options,
            moves,
            perft,
            record,
        }) => {
            if let Some(path) = record {
                let (game, played) = replay_record(&game, &options, &path)?;
                println!("{}", cairn_rules::position::report(&game, &played, perft));
                return Ok(());
            }
            let moves = cairn_rules::position::split_moves(&moves);
            let (game, played) = cairn_rules::position::build(&game, &options, &moves)?;
            println!("{}", cairn_rules::position::report(&game, &played, perft));
            Ok(())
        }
        Some(Command::Render {
            game,
            options,
            moves,
            hints,
            out,
            gif,
        }) => {
            let moves = cairn_rules::position::split_moves(&moves);
            if let Some(path) = gif {
                return write_replay(&game, &options, &moves, &path);
            }
            let (game, played) = cairn_rules::position::build(&game, &options, &moves)?;
            let mut view = game.view();
            if let Some(last) = played.last() {
                view.last = last.highlights.clone();
            }
            if hints {
                view.hints = game.hint_spots();
            }
            // The status names the side to move or the winner: its stone.
            let stone_seat = match game.outcome() {
                None => Some(game.to_move()),
                Some(outcome) => outcome.winner,
            };
            let render_options = cairn_render::RenderOptions {
                show_hints: hints,
                caption: None,
                caption_stone: stone_seat.and_then(|seat| game.seat_colour(seat)),
            };
            let png = cairn_render::render_png(&view, &render_options)?;
            std::fs::write(&out, png.bytes())
                .with_context(|| format!("writing {}", out.display()))?;
            Ok(())
        }
        Some(Command::Engine { player }) => engine_cmd::run(player),
        Some(Command::Arena {
            game,
            options,
            a,
            b,
            games,
            seed,
            think_ms,
        }) => {
            let (game, _) = cairn_rules::position::build(&game, &options, &[])?;
            let think = std::time::Duration::from_millis(think_ms);
            let result = cairn_rules::with_game!(&game, g => cairn_ai::arena::run(g, a, b, games, seed, think));
            println!("{}", serde_json::to_string(&result)?);
            Ok(())
        }
        Some(Command::Solve {
            game,
            options,
            moves,
            check,
            winner_only,
            prover,
            within,
            table_bits,
        }) => {
            let moves = cairn_rules::position::split_moves(&moves);
            let (game, _) = cairn_rules::position::build(&game, &options, &moves)?;
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
        Some(Command::Discord { print_commands }) => discord_tools(print_commands),
        Some(Command::Db { command }) => db_cli::run(&Config::load()?.db, command),
        Some(Command::Run) | None => run_bot(),
    }
}

/// Which search proves the winner in `cairn solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Prover {
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

fn run_bot() -> Result<()> {
    let config = Config::load()?;
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,cairn=info")),
        )
        .with_writer(std::io::stderr)
        // Colour codes only for a terminal, never into log files or pipes.
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    // The store's refusals name the path and what to do.
    let store = Store::open(&config.db)?;
    if let Some(plan) = config.backup.clone() {
        cairn_store::backup::spawn(store.clone(), plan).context("starting the backup thread")?;
    }
    let bot = Bot::new(
        store,
        BotConfig {
            ai_deadline: config.ai_deadline,
            default_clock: config.default_clock,
            min_clock_ms: config.min_clock_ms,
            challenge_ttl_ms: config.challenge_ttl_ms,
            ai_workers: config.ai_workers,
            ai_memory: config.ai_memory,
            rate_limit: (config.rate_limit > 0).then_some(cairn_bot::limits::RateLimit {
                burst: 10,
                per_minute: config.rate_limit,
            }),
            ..BotConfig::default()
        },
    );
    if config.has_discord() || config.has_matrix() {
        return run_platforms(bot, config);
    }
    let stdin = std::io::stdin();
    let mut console =
        cairn::platform::console::Console::new(bot, &config.images).keep_images(config.images_keep);
    // A terminal gets line editing and history; a pipe is read as bytes.
    if stdin.is_terminal() && std::io::stdout().is_terminal() {
        return console.run_terminal();
    }
    let interactive = stdin.is_terminal();
    console.run(stdin.lock(), std::io::stdout(), interactive)
}

#[cfg(feature = "discord")]
fn discord_tools(print_commands: bool) -> Result<()> {
    if print_commands {
        println!("{}", cairn::platform::discord::print_commands()?);
        return Ok(());
    }
    anyhow::bail!(
        "say what to do, e.g. `cairn discord --print-commands`; `cairn run` starts the bot"
    )
}

#[cfg(not(feature = "discord"))]
fn discord_tools(_print_commands: bool) -> Result<()> {
    anyhow::bail!("this cairn was built without Discord: rebuild with `--features discord`")
}

/// Resolve on SIGTERM (what `docker stop` sends) or SIGINT (Ctrl-C), with
/// the signal's name.
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) {
            (Ok(mut term), Ok(mut int)) => tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = int.recv() => "SIGINT",
            },
            _ => {
                let _ = tokio::signal::ctrl_c().await;
                "Ctrl-C"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}

/// After a stop signal the platforms have this long before the process
/// stops them (within `docker stop`'s 10 s).
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(9);

/// Serve every configured chat platform at once, on one runtime, until
/// each has stopped or a stop signal came; the first failure is reported.
/// On SIGTERM or SIGINT, Discord closes its gateway and finishes the
/// commands in flight; Matrix (which has no such path) is stopped at once;
/// then the database is flushed and the process exits with 0.
fn run_platforms(bot: Bot, config: Config) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let store = bot.store().clone();
    let result = runtime.block_on(async move {
        #[allow(unused_mut)] // nothing is spawned in a build without platforms
        let mut tasks: tokio::task::JoinSet<Result<()>> = tokio::task::JoinSet::new();
        // Platforms without a graceful stop, aborted on a stop signal.
        #[allow(unused_mut)]
        let mut abrupt: Vec<tokio::task::AbortHandle> = Vec::new();
        let (stop, stopping) = tokio::sync::watch::channel(false);
        if config.has_discord() {
            #[cfg(feature = "discord")]
            {
                let options = cairn::platform::discord::RunOptions {
                    state_dir: Some(config.db.clone()),
                    shutdown: stopping.clone(),
                };
                tasks.spawn(cairn::platform::discord::run(
                    bot.clone(),
                    config.discord.clone(),
                    options,
                ));
            }
            #[cfg(not(feature = "discord"))]
            anyhow::bail!(
                "DISCORD_TOKEN is set but this cairn was built without Discord: rebuild with `--features discord`"
            );
        }
        if config.has_matrix() {
            #[cfg(feature = "matrix")]
            abrupt.push(tasks.spawn(cairn::platform::matrix::run(bot.clone(), config.matrix.clone())));
            #[cfg(not(feature = "matrix"))]
            anyhow::bail!(
                "Matrix is configured but this cairn was built without Matrix: rebuild with `--features matrix`"
            );
        }
        // (In a build without platforms these have no other use.)
        let _ = (&bot, &stopping, &abrupt);
        let mut result = Ok(());
        let signal = stop_signal();
        tokio::pin!(signal);
        let mut deadline = None;
        loop {
            let late = async {
                match deadline {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                done = tasks.join_next() => {
                    let Some(done) = done else { break };
                    let outcome = match done {
                        Ok(inner) => inner,
                        Err(error) if error.is_cancelled() => Ok(()),
                        Err(error) => Err(anyhow::Error::new(error).context("a platform task panicked")),
                    };
                    if let Err(error) = outcome {
                        tracing::error!("{error:#}");
                        if result.is_ok() {
                            result = Err(error);
                        }
                    }
                }
                name = &mut signal, if deadline.is_none() => {
                    tracing::info!("{name}: shutting down");
                    let _ = stop.send(true);
                    deadline = Some(tokio::time::Instant::now() + STOP_GRACE);
                    for task in &abrupt {
                        task.abort();
                    }
                }
                () = late => {
                    tracing::warn!("the platforms did not stop within {STOP_GRACE:?}; stopping them");
                    tasks.abort_all();
                    deadline = None;
                }
            }
        }
        result
    });
    // Threads still busy (a bot search) must not hold the exit.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    match store.flush() {
        Ok(()) => tracing::info!("database flushed"),
        Err(error) => tracing::error!(%error, "flushing the database failed"),
    }
    result
}
