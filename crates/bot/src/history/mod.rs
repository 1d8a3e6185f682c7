//! Game history: a finished (or running) game as a replay GIF, as a
//! record to keep or share (Abstract Play's JSON shape, or plain text),
//! and the players' ratings.
//!
//! Everything here starts from what the store keeps of a game, its kind,
//! options and canonical turn texts, and replays them through the rules
//! engine, so a record or a replay can never disagree with the game.

pub mod record;

use cairn_render::replay::ReplayFrame;
use cairn_rules::position::PositionError;
use cairn_rules::view::capitalise;
use cairn_rules::{AnyGame, GameKind, Lang, Options, Outcome, Seat};

/// A game rebuilt turn by turn: each position with the turn that led to
/// it, for replays and records.
pub struct Replayed {
    /// The positions, the start first: `positions[i]` follows turn `i`.
    pub positions: Vec<AnyGame>,
    /// The canonical turns with the seat that played each and what to
    /// highlight.
    pub turns: Vec<(Seat, cairn_rules::Played)>,
}

/// Play `turns` from the start of a `kind` game with `options`.
pub fn replay(
    kind: GameKind,
    options: &[String],
    turns: &[String],
) -> Result<Replayed, PositionError> {
    let parsed = Options::parse(options)?;
    let mut game = AnyGame::new(kind, &parsed)?;
    let mut positions = Vec::with_capacity(turns.len() + 1);
    let mut played = Vec::with_capacity(turns.len());
    positions.push(game.clone());
    for (i, text) in turns.iter().enumerate() {
        let seat = game.to_move();
        let turn = game.play_str(text).map_err(|error| PositionError::Turn {
            number: i + 1,
            text: text.clone(),
            error,
        })?;
        played.push((seat, turn));
        positions.push(game.clone());
    }
    Ok(Replayed {
        positions,
        turns: played,
    })
}

/// "alice (White)", or "White" without names.
fn label(game: &AnyGame, seat: Seat, names: Option<&[String; 2]>) -> String {
    let colour = capitalise(game.seat_name(seat));
    match names {
        Some(names) => format!("{} ({colour})", names[seat.index()]),
        None => colour,
    }
}

/// The frames of a replay: the start, then one per turn with the last
/// turn highlighted. The last frame's caption gives `result` (a
/// resignation, a timeout) or the rules' outcome.
pub fn replay_frames(
    kind: GameKind,
    options: &[String],
    turns: &[String],
    names: Option<&[String; 2]>,
    result: Option<Outcome>,
) -> Result<Vec<ReplayFrame>, PositionError> {
    replay_frames_in(Lang::En, kind, options, turns, names, result)
}

/// [`replay_frames`] with the boards' words (titles, notes) in `lang`.
pub fn replay_frames_in(
    lang: Lang,
    kind: GameKind,
    options: &[String],
    turns: &[String],
    names: Option<&[String; 2]>,
    result: Option<Outcome>,
) -> Result<Vec<ReplayFrame>, PositionError> {
    let replayed = replay(kind, options, turns)?;
    let total = replayed.turns.len();
    let mut frames = Vec::with_capacity(total + 1);
    for (i, game) in replayed.positions.iter().enumerate() {
        let mut view = game
            .board_view()
            .worded(|message| crate::i18n::say(lang, message));
        let (mut caption, mut stone) = if i == 0 {
            let seat = game.to_move();
            (
                format!("Start: {} to move", label(game, seat, names)),
                game.seat_colour(seat),
            )
        } else {
            let (seat, played) = &replayed.turns[i - 1];
            view.last = played.highlights.clone();
            (
                format!(
                    "Turn {i} of {total}: {} played {}",
                    label(game, *seat, names),
                    played.canonical
                ),
                game.seat_colour(*seat),
            )
        };
        if i == total {
            let outcome = result.or_else(|| game.outcome());
            if let Some(outcome) = outcome {
                stone = outcome.winner.and_then(|seat| game.seat_colour(seat));
                let end = match outcome.winner {
                    Some(seat) => format!("{} wins ({})", label(game, seat, names), outcome.reason),
                    None => format!("Draw ({})", outcome.reason),
                };
                caption = if total == 0 {
                    end
                } else {
                    format!(
                        "{end} after {total} turn{}",
                        if total == 1 { "" } else { "s" }
                    )
                };
            }
        }
        frames.push(ReplayFrame {
            view,
            caption,
            stone,
        });
    }
    Ok(frames)
}

/// The turns of a game played at random from the start, at most
/// `max_turns` (tests, benchmarks and sample replays).
pub fn random_turns(
    kind: GameKind,
    options: &[String],
    max_turns: usize,
    seed: u64,
) -> Result<Vec<String>, PositionError> {
    fn turn_of<G: cairn_rules::Game>(game: &G, rng: &mut cairn_rules::SplitRng) -> Option<String> {
        game.random_turn(rng).map(|t| t.to_string())
    }
    let mut game = AnyGame::new(kind, &Options::parse(options)?)?;
    let mut rng = cairn_rules::SplitRng::new(seed);
    let mut turns = Vec::new();
    while turns.len() < max_turns && game.outcome().is_none() {
        let Some(text) = cairn_rules::with_game!(&game, g => turn_of(g, &mut rng)) else {
            break;
        };
        let played = game.play_str(&text).map_err(|error| PositionError::Turn {
            number: turns.len() + 1,
            text: text.clone(),
            error,
        })?;
        turns.push(played.canonical);
    }
    Ok(turns)
}
