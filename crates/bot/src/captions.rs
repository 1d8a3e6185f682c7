//! The captions every command words: a player with their side, a game's
//! title and status line, how a game ended.

use crate::i18n::{self, Lang};
use crate::t;
use cairn_rules::{capitalise, Colour, Seat};
use cairn_store::GameRecord;

/// "alice (White)", "alice (白)", "alice (Blancas)".
pub fn player_label_in(record: &GameRecord, seat: Seat, lang: Lang) -> String {
    t!(
        lang,
        "player-label",
        name = &record.player(seat).name,
        seat = capitalise(&i18n::say(lang, &record.game.seat_message(seat)))
    )
}

/// The title line ("Callanish 9 x 9: alice (White) vs bob (Black)") and the
/// status caption ("bob (Black) to move", "alice (White) wins: line"), in
/// `lang`.
pub fn captions_in(record: &GameRecord, lang: Lang) -> (String, String) {
    let view_title = i18n::say(lang, &record.game.board_view().title);
    let title = t!(
        lang,
        "game-title",
        game = view_title,
        first = player_label_in(record, Seat::First, lang),
        second = player_label_in(record, Seat::Second, lang)
    );
    (title, status_caption_in(record, lang))
}

/// "bob (Black) to move", "bob (Black) wins: alice (White) has no legal
/// move", "Draw by agreement", in `lang`.
pub fn status_caption_in(record: &GameRecord, lang: Lang) -> String {
    match record.outcome() {
        None => t!(
            lang,
            "caption-to-move",
            player = player_label_in(record, record.game.to_move(), lang)
        ),
        Some(outcome) => end_phrase_in(record, outcome, lang),
    }
}

/// The stone shown before the status caption: the colour to move, or the
/// winner's once the game is over (none for a draw, nor for a seat that
/// has no colour yet).
pub fn status_stone(record: &GameRecord) -> Option<Colour> {
    let seat = match record.outcome() {
        None => Some(record.game.to_move()),
        Some(outcome) => outcome.winner,
    };
    seat.and_then(|seat| record.game.seat_colour(seat))
}

/// How a game ended, in words: who won and why, naming the loser where the
/// reason is theirs ("alice (White) has no legal move"), with the game's
/// own words where they depend on its options (a stalled Fanorona). Each reason has one wording (`end-reason-*`
/// in `locales/<lang>/captions.ftl`), unless the game words the end itself
/// (its `end_detail`), which only a resignation or a loss on time
/// overrides.
pub fn end_phrase_in(record: &GameRecord, outcome: cairn_rules::Outcome, lang: Lang) -> String {
    use cairn_rules::Reason;
    // The player the reason is about: the loser, or in a draw the player
    // to move.
    let side = outcome
        .winner
        .map_or(record.game.to_move(), |winner| winner.other());
    let detail = match outcome.reason {
        Reason::Resign | Reason::Timeout => None,
        _ => record.game.end_message(outcome),
    };
    let why = match detail {
        Some(detail) => i18n::say(lang, &detail),
        None => reason_phrase(record, outcome.reason, side, lang),
    };
    match outcome.winner {
        Some(winner) => t!(
            lang,
            "end-wins",
            winner = player_label_in(record, winner, lang),
            why = why
        ),
        None if outcome.reason == Reason::Agreement => t!(lang, "end-draw-agreement"),
        None => t!(lang, "end-draw", why = why),
    }
}

/// The one wording of a reason, naming `side` where the reason is theirs.
fn reason_phrase(
    record: &GameRecord,
    reason: cairn_rules::Reason,
    side: Seat,
    lang: Lang,
) -> String {
    use cairn_rules::Reason;
    let id = match reason {
        Reason::Line => "end-reason-line",
        Reason::NoMoves => "end-reason-no-moves",
        Reason::AllCaptured => "end-reason-all-captured",
        Reason::Repetition => "end-reason-repetition",
        Reason::Stall => "end-reason-stall",
        Reason::Square => "end-reason-square",
        Reason::BiggerSquare => "end-reason-bigger-square",
        Reason::Exhausted => "end-reason-exhausted",
        Reason::Cleared => "end-reason-cleared",
        Reason::Resign => "end-reason-resign",
        Reason::Timeout => "end-reason-timeout",
        Reason::Agreement => "end-reason-agreement",
    };
    let names_side = matches!(
        reason,
        Reason::Resign | Reason::Timeout | Reason::NoMoves | Reason::AllCaptured | Reason::Square
    );
    if names_side {
        t!(lang, id, side = player_label_in(record, side, lang))
    } else {
        t!(lang, id)
    }
}
