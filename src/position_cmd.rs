//! `cairn position` (a position as JSON, or a record's final position) and
//! `cairn render` (a position as a PNG, or the turns as a replay GIF).

use std::path::Path;

use anyhow::{Context, Result};

/// `cairn position <game> [options] [--moves ...] [--perft d] [--record f]`.
pub fn position(
    game: &str,
    options: &[String],
    moves: &str,
    perft: Option<u32>,
    record: Option<&Path>,
) -> Result<()> {
    if let Some(path) = record {
        let (game, played) = replay_record(game, options, path)?;
        println!("{}", cairn_rules::position::report(&game, &played, perft));
        return Ok(());
    }
    let moves = cairn_rules::position::split_moves(moves);
    let (game, played) = cairn_rules::position::build(game, options, &moves)?;
    println!("{}", cairn_rules::position::report(&game, &played, perft));
    Ok(())
}

/// `cairn position <game> [options] [--moves ...] --describe [--lang l]`:
/// the position's board in words, as its image's description says it.
pub fn describe(game: &str, options: &[String], moves: &str, lang: &str) -> Result<()> {
    let lang = cairn_bot::i18n::Lang::parse(lang)
        .ok_or_else(|| anyhow::anyhow!("unknown language {lang:?}: use en, ja or es"))?;
    let moves = cairn_rules::position::split_moves(moves);
    let (game, played) = cairn_rules::position::build(game, options, &moves)?;
    let mut view = game.board_view();
    let last = played.last();
    if let Some(last) = last {
        view.last = last.highlights.clone();
    }
    let canonical = last.map(|played| played.canonical.as_str());
    println!(
        "{}",
        cairn_bot::describe::position_description(&view, canonical, lang)
    );
    Ok(())
}

/// `cairn render <game> [options] [--moves ...] [--hints] --out f.png`, or
/// `--gif f.gif` for the replay of the turns.
pub fn render(
    game: &str,
    options: &[String],
    moves: &str,
    hints: bool,
    out: &Path,
    gif: Option<&Path>,
) -> Result<()> {
    let moves = cairn_rules::position::split_moves(moves);
    if let Some(path) = gif {
        return write_replay(game, options, &moves, path);
    }
    let (game, played) = cairn_rules::position::build(game, options, &moves)?;
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
    std::fs::write(out, png.bytes()).with_context(|| format!("writing {}", out.display()))?;
    Ok(())
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
