//! `cairn puzzles`: fill the store with puzzles found in finished games
//! (the archive first, then games of the bot against itself), and list
//! what it holds. Each puzzle is proven by the AI crate's two provers
//! before it is stored.

use std::time::Duration;

use anyhow::{Context, Result};
use clap::Subcommand;

use cairn_rules::GameKind;
use cairn_store::{Location, PuzzleRecord, PuzzleSource, Store};

#[derive(Subcommand)]
pub enum PuzzlesCommand {
    /// Find new puzzles of a game and store them (with sled, the bot must
    /// be stopped: one process holds the database).
    Generate {
        /// callanish, alquerque, fanorona, alquad, sight, collapse or floaters
        game: String,
        /// How many new puzzles to find.
        #[arg(long, default_value_t = 30)]
        count: usize,
        /// Thinking time per examined position, in milliseconds.
        #[arg(long, default_value_t = 2000)]
        ms_per_position: u64,
        /// Only the archive's games, no self-play.
        #[arg(long)]
        archive_only: bool,
        /// Seed of the self-play games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// List the stored puzzles (of one game) with their ratings.
    List { game: Option<String> },
}

pub fn run(db: &Location, command: PuzzlesCommand) -> Result<()> {
    let store = Store::open_location(db).with_context(|| format!("opening {db}"))?;
    match command {
        PuzzlesCommand::Generate {
            game,
            count,
            ms_per_position,
            archive_only,
            seed,
        } => {
            let kind = game_kind(&game)?;
            let per_position = Duration::from_millis(ms_per_position);
            generate(&store, kind, count, per_position, archive_only, seed)
        }
        PuzzlesCommand::List { game } => {
            let kind = game.as_deref().map(game_kind).transpose()?;
            list(&store, kind)
        }
    }
}

fn game_kind(name: &str) -> Result<GameKind> {
    GameKind::parse(name).with_context(|| {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        format!("`{name}` is not a game: use one of {}", names.join(", "))
    })
}

/// Find up to `count` new puzzles of `kind` and store them.
fn generate(
    store: &Store,
    kind: GameKind,
    count: usize,
    per_position: Duration,
    archive_only: bool,
    seed: u64,
) -> Result<()> {
    // The shipped puzzles count as known (the bot stores them on first use).
    store.add_puzzles(&cairn_bot::shipped_puzzles())?;
    let known: Vec<String> = store
        .puzzles(Some(kind))?
        .into_iter()
        .map(|p| p.id)
        .collect();
    let mut found: Vec<PuzzleRecord> = Vec::new();
    let is_new = |record: &PuzzleRecord, found: &[PuzzleRecord]| {
        !known.contains(&record.id) && found.iter().all(|f| f.id != record.id)
    };
    for finished in store.archive() {
        if found.len() >= count {
            break;
        }
        let record = finished?.record;
        if record.kind != kind {
            continue;
        }
        let turns: Vec<String> = record.history.iter().map(|t| t.turn.clone()).collect();
        let games = std::iter::once(turns);
        let want = count - found.len();
        let puzzles =
            cairn_ai::puzzle::find_puzzles(kind, &record.options, games, want, per_position)
                .with_context(|| format!("examining an archived game of {}", kind.name()))?;
        for puzzle in puzzles {
            let record = to_record(kind, puzzle, PuzzleSource::Archive);
            if is_new(&record, &found) {
                found.push(record);
            }
        }
    }
    let from_archive = found.len();
    if !archive_only && found.len() < count {
        let games = cairn_ai::puzzle::self_play_games(kind, &[], seed)
            .with_context(|| format!("starting games of {}", kind.name()))?;
        // Enough to find `count` new ones among those already stored.
        let want = count - found.len() + known.len();
        let puzzles = cairn_ai::puzzle::find_puzzles(kind, &[], games, want, per_position)
            .with_context(|| format!("examining self-play games of {}", kind.name()))?;
        for puzzle in puzzles {
            let record = to_record(kind, puzzle, PuzzleSource::SelfPlay);
            if found.len() < count && is_new(&record, &found) {
                found.push(record);
            }
        }
    }
    let added = store.add_puzzles(&found)?;
    let total = store.puzzles(Some(kind))?.len();
    println!(
        "stored {added} new {} puzzles ({from_archive} from the archive, {} from self-play); the store holds {total}",
        kind.name(),
        found.len() - from_archive
    );
    Ok(())
}

fn to_record(
    kind: GameKind,
    puzzle: cairn_ai::puzzle::FoundPuzzle,
    source: PuzzleSource,
) -> PuzzleRecord {
    PuzzleRecord::new(
        kind,
        puzzle.options,
        puzzle.turns,
        puzzle.found.distance,
        puzzle.found.solution,
        source,
    )
}

/// One line per stored puzzle: id, win in N, rating, attempts.
fn list(store: &Store, kind: Option<GameKind>) -> Result<()> {
    for puzzle in store.puzzles(kind)? {
        println!(
            "{}\t{}\twin in {}\t{}\t{} tried, {} solved\t{:?}",
            puzzle.id,
            puzzle.kind.name(),
            puzzle.distance,
            puzzle.rating.label(),
            puzzle.attempts,
            puzzle.solved,
            puzzle.source
        );
    }
    Ok(())
}
