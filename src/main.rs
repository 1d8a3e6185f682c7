//! The `cairn` command line (clap): each subcommand lives in its own
//! module: `run` in `run_cmd.rs`, `position` and `render` in
//! `position_cmd.rs`, `solve` and `arena` in `solve_cmd.rs`, `engine` in
//! `engine_cmd.rs`, `db` in `db_cli.rs`, `puzzles` in `puzzles_cmd.rs`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};

use cairn::config::Config;

mod db_cli;
mod engine_cmd;
mod position_cmd;
mod puzzles_cmd;
mod run_cmd;
mod solve_cmd;

use solve_cmd::Prover;

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
        /// Print the board in words (the image's description, its alt
        /// text) instead of the JSON report.
        #[arg(long)]
        describe: bool,
        /// The language of --describe: en, ja or es.
        #[arg(long, default_value = "en", requires = "describe")]
        lang: String,
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
        /// random, mcts:<playouts>, alphabeta, solver or level:<1-5>
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
        /// random, mcts:<playouts>, alphabeta, solver or level:<1-5>
        #[arg(long, default_value = "level:5")]
        player: cairn_ai::Player,
    },
    /// Puzzles: find new ones in finished games and store them, or list
    /// them (see src/puzzles_cmd.rs).
    Puzzles {
        #[command(subcommand)]
        command: puzzles_cmd::PuzzlesCommand,
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
            describe,
            lang,
        }) => match describe {
            true => position_cmd::describe(&game, &options, &moves, &lang),
            false => position_cmd::position(&game, &options, &moves, perft, record.as_deref()),
        },
        Some(Command::Render {
            game,
            options,
            moves,
            hints,
            out,
            gif,
        }) => position_cmd::render(&game, &options, &moves, hints, &out, gif.as_deref()),
        Some(Command::Engine { player }) => engine_cmd::run(player),
        Some(Command::Arena {
            game,
            options,
            a,
            b,
            games,
            seed,
            think_ms,
        }) => solve_cmd::arena(&game, &options, (a, b), games, seed, think_ms),
        Some(Command::Solve {
            game,
            options,
            moves,
            check,
            winner_only,
            prover,
            within,
            table_bits,
        }) => solve_cmd::solve(
            &game,
            &options,
            &moves,
            solve_cmd::SolveSettings {
                check,
                winner_only,
                prover,
                within,
                table_bits,
            },
        ),
        Some(Command::Discord { print_commands }) => run_cmd::discord_tools(print_commands),
        Some(Command::Db { command }) => db_cli::run(&Config::load()?.db, command),
        Some(Command::Puzzles { command }) => puzzles_cmd::run(&Config::load()?.db, command),
        Some(Command::Run) | None => run_cmd::run_bot(),
    }
}
