//! The `position` command: build a game from options and turns, and report
//! it as one JSON object (see DESIGN.md, "The `position` command").

use serde_json::{json, Map, Value};

use crate::{
    AnyGame, GameKind, OptionError, OptionValue, Options, Played, ReplayError, TurnError,
    UnknownGame,
};

/// Above this many legal turns, `legal` is left out (`null`) and only
/// `legal_count` is given.
pub const LEGAL_LIST_LIMIT: u64 = 10_000;

/// `--perft` counts at most this deep (the shared vectors go to 18). Each
/// ply multiplies the time by the branching factor, so deeper counts would
/// run for days and an absurd depth would never end.
pub const PERFT_DEPTH_LIMIT: u32 = 20;

/// Why a position could not be built.
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    #[error(transparent)]
    UnknownGame(#[from] UnknownGame),
    /// Not `#[from]`: a source would make `{:#}` print the message twice.
    #[error("bad option: {0}")]
    Option(OptionError),
    #[error("turn {number} (`{text}`): {error}")]
    Turn {
        number: usize,
        text: String,
        error: TurnError,
    },
}

impl From<OptionError> for PositionError {
    fn from(error: OptionError) -> Self {
        PositionError::Option(error)
    }
}

impl From<ReplayError> for PositionError {
    fn from(error: ReplayError) -> Self {
        match error {
            ReplayError::Option(error) => PositionError::Option(error),
            ReplayError::Turn {
                number,
                text,
                error,
            } => PositionError::Turn {
                number,
                text,
                error,
            },
        }
    }
}

/// Split a `--moves` list: turns separated by `;` (empty entries ignored).
pub fn split_moves(moves: &str) -> Vec<&str> {
    moves
        .split(';')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .collect()
}

/// Build the game and play `moves` in order, returning the game and the
/// canonical forms (with highlights) of every turn.
pub fn build(
    game: &str,
    options: &[String],
    moves: &[&str],
) -> Result<(AnyGame, Vec<Played>), PositionError> {
    let kind: GameKind = game.parse()?;
    let options = Options::parse(options)?;
    let mut played = Vec::with_capacity(moves.len());
    let game = AnyGame::replay_each(kind, &options, moves, |_, turn| played.extend(turn))?;
    Ok((game, played))
}

/// The JSON report of a position.
pub fn report(game: &AnyGame, played: &[Played], perft: Option<u32>) -> Value {
    let mut options = Map::new();
    for (key, value) in game.options() {
        let value = match value {
            OptionValue::Word(word) => Value::from(word),
            OptionValue::Number(n) => Value::from(n),
            OptionValue::List(list) => Value::from(list),
        };
        options.insert(key.to_string(), value);
    }
    let outcome = game.outcome();
    let legal_count = game.count_turns();
    let legal = if legal_count <= LEGAL_LIST_LIMIT {
        json!(game.legal_strings())
    } else {
        Value::Null
    };
    let mut out = Map::new();
    out.insert("game".into(), json!(game.kind().name()));
    out.insert("options".into(), Value::Object(options));
    out.insert(
        "moves".into(),
        json!(played
            .iter()
            .map(|p| p.canonical.as_str())
            .collect::<Vec<_>>()),
    );
    out.insert(
        "to_move".into(),
        match outcome {
            None => json!(game.seat_name(game.to_move())),
            Some(_) => Value::Null,
        },
    );
    out.insert("legal".into(), legal);
    out.insert("legal_count".into(), json!(legal_count));
    out.insert(
        "outcome".into(),
        match outcome {
            None => Value::Null,
            Some(o) => json!({
                "winner": o.winner.map(|seat| game.seat_name(seat)),
                "reason": o.reason.as_str(),
            }),
        },
    );
    if let Some(depth) = perft {
        let mut counts = Map::new();
        for d in 1..=depth {
            counts.insert(d.to_string(), json!(game.perft(d)));
        }
        out.insert("perft".into(), Value::Object(counts));
    }
    Value::Object(out)
}
