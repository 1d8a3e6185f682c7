use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};

/// Cairn: play seven abstract board games in chat.
#[derive(Parser)]
#[command(name = "cairn", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Print a position as JSON: options, turns played, legal turns, outcome, perft.
    Position {
        /// callanish, alquerque, fanorona, alquad, sight, collapse or floaters
        game: String,
        /// Game options as key=value
        options: Vec<String>,
        /// Turns to play first, separated by `;`
        #[arg(long, default_value = "")]
        moves: String,
        /// Also count move sequences to this depth
        #[arg(long)]
        perft: Option<u32>,
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
        }) => {
            let moves = cairn::position::split_moves(&moves);
            let (game, played) = cairn::position::build(&game, &options, &moves)?;
            println!("{}", cairn::position::report(&game, &played, perft));
            Ok(())
        }
        None => {
            anyhow::bail!("the bot itself is not built yet; try `cairn position sight`")
        }
    }
}
