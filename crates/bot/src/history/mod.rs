//! Game history: a finished (or running) game as a replay GIF, as a
//! record to keep or share (Abstract Play's JSON shape, or plain text),
//! and the players' ratings.
//!
//! Everything here starts from what the store keeps of a game, its kind,
//! options and canonical turn texts, and replays them through the rules
//! engine, so a record or a replay can never disagree with the game.

pub mod record;

use cairn_render::replay::ReplayFrame;
use cairn_rules::capitalise;
use cairn_rules::position::PositionError;
use cairn_rules::{AnyGame, GameKind, Lang, Options, Outcome, Reason, Seat};

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
    let mut positions = Vec::with_capacity(turns.len() + 1);
    let mut played = Vec::with_capacity(turns.len());
    AnyGame::replay_each(kind, &parsed, turns, |game, turn| {
        if let Some(turn) = turn {
            // The mover is the one to move in the position before.
            let mover = positions.last().map_or(Seat::First, AnyGame::to_move);
            played.push((mover, turn));
        }
        positions.push(game.clone());
    })
    .map_err(PositionError::from)?;
    Ok(Replayed {
        positions,
        turns: played,
    })
}

/// "alice (White)", or "White" without names.
fn label(game: &AnyGame, seat: Seat, names: Option<&[String; 2]>, lang: Lang) -> String {
    let colour = capitalise(&crate::i18n::say(lang, &game.seat_message(seat)));
    match names {
        Some(names) => crate::t!(
            lang,
            "player-label",
            name = &names[seat.index()],
            seat = colour
        ),
        None => colour,
    }
}

/// A reason in a word or two ("a line held", "by resignation"), in
/// `lang`.
fn reason_short(reason: Reason, lang: Lang) -> String {
    crate::t!(lang, reason_short_id(reason))
}

fn reason_short_id(reason: Reason) -> &'static str {
    match reason {
        Reason::Line => "reason-short-line",
        Reason::NoMoves => "reason-short-no-moves",
        Reason::AllCaptured => "reason-short-all-captured",
        Reason::Repetition => "reason-short-repetition",
        Reason::Stall => "reason-short-stall",
        Reason::Square => "reason-short-square",
        Reason::BiggerSquare => "reason-short-bigger-square",
        Reason::Exhausted => "reason-short-exhausted",
        Reason::Cleared => "reason-short-cleared",
        Reason::Resign => "reason-short-resign",
        Reason::Timeout => "reason-short-timeout",
        Reason::Agreement => "reason-short-agreement",
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
                crate::t!(
                    lang,
                    "replay-start",
                    player = label(game, seat, names, lang)
                ),
                game.seat_colour(seat),
            )
        } else {
            let (seat, played) = &replayed.turns[i - 1];
            view.last = played.highlights.clone();
            let player = label(game, *seat, names, lang);
            let caption = match &played.words {
                // A turn that moves no piece, said as what it is.
                Some(words) => crate::t!(
                    lang,
                    "replay-turn-said",
                    number = i,
                    total = total,
                    player = player,
                    said = crate::i18n::say(lang, words)
                ),
                None => crate::t!(
                    lang,
                    "replay-turn",
                    number = i,
                    total = total,
                    player = player,
                    turn = &played.canonical
                ),
            };
            (caption, game.seat_colour(*seat))
        };
        if i == total {
            let outcome = result.or_else(|| game.outcome());
            if let Some(outcome) = outcome {
                stone = outcome.winner.and_then(|seat| game.seat_colour(seat));
                let reason = reason_short(outcome.reason, lang);
                let end = match outcome.winner {
                    Some(seat) => crate::t!(
                        lang,
                        "replay-wins",
                        player = label(game, seat, names, lang),
                        reason = reason
                    ),
                    None => crate::t!(lang, "replay-draw", reason = reason),
                };
                caption = if total == 0 {
                    end
                } else {
                    crate::t!(lang, "replay-after", end = end, total = total)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A replay's last caption gives the reason in words, never its code
    /// (`wins (no-moves)`), in every language; Japanese calls Alquad's
    /// square 正四角形 as the leaflet and the board do.
    #[test]
    fn replay_reasons_are_words_in_every_language() {
        for lang in Lang::ALL {
            for reason in Reason::ALL {
                let words = reason_short(reason, lang);
                assert_ne!(words, reason.as_str(), "{lang}: {reason}");
                assert!(!words.contains('-'), "{lang}: {words}");
                if lang == Lang::Ja {
                    assert!(!words.contains("正方形"), "{words}");
                }
            }
        }
        let square = reason_short(Reason::Square, Lang::Ja);
        assert!(square.contains("正四角形"), "{square}");
        assert_eq!(crate::i18n::take_slips(), Vec::<String>::new());
    }
}
