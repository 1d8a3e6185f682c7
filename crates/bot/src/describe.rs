//! The board image's description (its alt text), in the reader's
//! language: who is to move or how the game ended, the last turn, the
//! clocks, then the board in words (`cairn_rules::describe`). Within
//! Discord's limit for an attachment's description; when the board's
//! words are too long they are cut from the end, never the side to move
//! or the last turn, which come first.

use cairn_rules::{describe, BoardView, Detail, Seat};
use cairn_store::clock::format_duration;
use cairn_store::GameRecord;

use crate::captions::player_label_in;
use crate::i18n::{self, Lang};
use crate::t;

/// The most characters a description may have (Discord's limit for an
/// attachment's description; the others take as much).
pub const DESCRIPTION_LIMIT: usize = 1024;

/// The description of `record`'s board, shown as `view` with the status
/// `caption`, at `now`.
pub fn board_description(
    record: &GameRecord,
    view: &BoardView,
    caption: &str,
    now: u64,
    lang: Lang,
) -> String {
    let mut head = vec![t!(lang, "describe-status", status = caption)];
    head.extend(last_turn(record, lang));
    head.extend(clocks(record, now, lang));
    describe_with(head, view, lang)
}

/// The description of a position without players (`cairn position
/// --describe`): its status line and the last turn played, if any.
pub fn position_description(view: &BoardView, last: Option<&str>, lang: Lang) -> String {
    let status = i18n::say(lang, &view.status);
    let mut head = vec![t!(lang, "describe-status", status = status)];
    head.extend(last.map(|turn| t!(lang, "describe-last-turn-alone", turn = turn)));
    describe_with(head, view, lang)
}

/// The game's name, then the `head` sentences (who is to move, the last
/// turn, the clocks), then the board in words, fitted to the limit.
fn describe_with(head: Vec<String>, view: &BoardView, lang: Lang) -> String {
    let board = |detail| {
        describe(view, detail)
            .iter()
            .map(|message| i18n::say(lang, message))
            .collect::<Vec<_>>()
    };
    let mut sentences = board(Detail::Each);
    if length(&head) + length(&sentences) > DESCRIPTION_LIMIT {
        sentences = board(Detail::Runs);
    }
    // `describe` names the game first: it leads, before who is to move.
    let mut lead = Vec::new();
    if !sentences.is_empty() {
        lead.push(sentences.remove(0));
    }
    lead.extend(head);
    fit(lead.join(" "), sentences)
}

/// "Last turn: alice (White) played c3."
fn last_turn(record: &GameRecord, lang: Lang) -> Option<String> {
    let last = record.history.last()?;
    Some(t!(
        lang,
        "describe-last-turn",
        player = player_label_in(record, last.seat, lang),
        turn = last.turn.as_str()
    ))
}

/// "Time left: alice (White) 2d 3h, bob (Black) 1d." for a game on a
/// clock still going on, read at `now`.
pub fn clocks(record: &GameRecord, now: u64, lang: Lang) -> Option<String> {
    let clock = record.clock.as_ref()?;
    if record.outcome().is_some() {
        return None;
    }
    let left = |seat: Seat| {
        t!(
            lang,
            "describe-clock",
            player = player_label_in(record, seat, lang),
            time = format_duration(clock.left_ms(seat.index(), now))
        )
    };
    Some(t!(
        lang,
        "describe-clocks",
        first = left(Seat::First),
        second = left(Seat::Second)
    ))
}

/// The characters of `sentences` joined by spaces (one more at most).
fn length(sentences: &[String]) -> usize {
    sentences.iter().map(|s| s.chars().count() + 1).sum()
}

/// `head` and as many of `sentences` as fit in [`DESCRIPTION_LIMIT`]; a
/// sentence that does not fit whole is cut after a list item and ends
/// with "…", and nothing after it is kept.
fn fit(head: String, sentences: Vec<String>) -> String {
    let mut out = head;
    for sentence in sentences {
        let room = DESCRIPTION_LIMIT.saturating_sub(out.chars().count() + 1);
        if sentence.chars().count() <= room {
            out.push(' ');
            out.push_str(&sentence);
            continue;
        }
        if let Some(cut) = cut_after_an_item(&sentence, room.saturating_sub(1)) {
            out.push(' ');
            out.push_str(cut);
            out.push('…');
        }
        break;
    }
    out
}

/// The longest start of `sentence` of at most `room` characters that ends
/// before a list separator (", " or "、"); `None` if there is none.
fn cut_after_an_item(sentence: &str, room: usize) -> Option<&str> {
    let end = sentence
        .char_indices()
        .nth(room)
        .map_or(sentence.len(), |(at, _)| at);
    let start = &sentence[..end];
    let at = start
        .rfind(", ")
        .into_iter()
        .chain(start.rfind('、'))
        .max()?;
    Some(&sentence[..at])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_is_cut_after_an_item_and_the_head_is_kept() {
        let head = "Bob (Black) to move. Last turn: Alice (White) played c3.".to_string();
        let long = format!("White (400): {}.", vec!["a1"; 400].join(", "));
        let fitted = fit(head.clone(), vec!["Sight.".into(), long]);
        assert!(fitted.starts_with(&head), "{fitted}");
        assert!(fitted.chars().count() <= DESCRIPTION_LIMIT);
        assert!(fitted.ends_with("a1…"), "{fitted}");
        let short = fit(head.clone(), vec!["The board is empty.".into()]);
        assert_eq!(short, format!("{head} The board is empty."));
    }

    #[test]
    fn japanese_lists_are_cut_at_their_own_separator() {
        let long = format!("白（400）：{}。", vec!["a1"; 400].join("、"));
        let fitted = fit("黒の番です。".into(), vec![long]);
        assert!(fitted.chars().count() <= DESCRIPTION_LIMIT);
        assert!(fitted.ends_with("a1…"), "{fitted}");
    }
}
