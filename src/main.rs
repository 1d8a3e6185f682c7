use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

use cairn::bot::{Bot, BotConfig};
use cairn::config::Config;
use cairn::store::Store;

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
        /// Also count move sequences to this depth
        #[arg(long)]
        perft: Option<u32>,
    },
    /// Draw a position as a PNG.
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
        Some(Command::Render {
            game,
            options,
            moves,
            hints,
            out,
        }) => {
            let moves = cairn::position::split_moves(&moves);
            let (game, played) = cairn::position::build(&game, &options, &moves)?;
            let mut view = game.view();
            if let Some(last) = played.last() {
                view.last = last.highlights.clone();
            }
            if hints {
                view.hints = game.hint_spots();
            }
            let render_options = cairn::render::RenderOptions {
                show_hints: hints,
                caption: None,
            };
            let png = cairn::render::render_png(&view, &render_options)?;
            std::fs::write(&out, png).with_context(|| format!("writing {}", out.display()))?;
            Ok(())
        }
        Some(Command::Run) | None => run_bot(),
    }
}

fn run_bot() -> Result<()> {
    let config = Config::load()?;
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,cairn=info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let store = Store::open(&config.db)
        .with_context(|| format!("opening the database at {}", config.db.display()))?;
    if config.has_discord() || config.has_matrix() {
        anyhow::bail!("chat platforms are not built into this binary yet");
    }
    let bot = Bot::new(
        store,
        BotConfig {
            ai_deadline: config.ai_deadline,
            ..BotConfig::default()
        },
    );
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    cairn::platform::console::Console::new(bot, &config.images).run(
        stdin.lock(),
        std::io::stdout(),
        interactive,
    )
}
