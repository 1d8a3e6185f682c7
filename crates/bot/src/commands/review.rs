//! `review`: a finished game proven position by position by the solver
//! (`cairn_ai::review`), within the operator's budget
//! (`CAIRN_REVIEW_BUDGET`), on the bot's search workers: the turns that
//! changed who wins, with a turn that would have kept the result. Only
//! finished games: a review in progress would be advice to a player.

use cairn_ai::review::{Review, ReviewBudget, Turning, Value};
use cairn_rules::capitalise;
use cairn_store::{GameId, GameRecord, StoreError};

use crate::i18n::{say, Lang};
use crate::{replay, t, Answer, Bot, Reply, Request};

/// Turns named in one reply at most; the rest are counted.
const MAX_TURNINGS: usize = 12;

/// `review [game id]`.
pub(super) fn review(
    bot: &Bot,
    request: &Request,
    key: &str,
    id: Option<GameId>,
    progress: &mut dyn FnMut(Reply),
) -> Result<Answer, StoreError> {
    let langs = bot.langs(request);
    let record = match id {
        Some(id) => match bot.store.find_game(id)? {
            Some(found) => found.record,
            None => return Ok(Answer::error(t!(langs.private, "review-no-such-game"))),
        },
        None => match bot.store.load(key)?.and_then(|r| r.game) {
            Some(game) => game,
            None => return Ok(Answer::error(t!(langs.private, "review-no-game"))),
        },
    };
    if record.outcome().is_none() {
        return Ok(Answer::error(t!(langs.private, "review-in-progress")));
    }
    let Ok((start, _)) = replay(record.kind, &record.options, &[]) else {
        return Ok(Answer::error(t!(langs.private, "review-unreadable")));
    };
    let turns: Vec<String> = record.history.iter().map(|t| t.turn.clone()).collect();
    let budget = ReviewBudget {
        per_position: bot.config.review_budget.0,
        per_game: bot.config.review_budget.1,
    };
    let lang = langs.public;
    let permit = bot.workers.acquire(|ahead| {
        progress(Reply {
            lang,
            ..Reply::text(t!(lang, "review-queued", ahead = ahead))
        })
    });
    progress(Reply {
        lang,
        ..Reply::text(t!(
            lang,
            "review-started",
            positions = turns.len() + 1,
            seconds = budget.per_game.as_secs()
        ))
    });
    let review = cairn_ai::review::review_any(&start, &turns, &budget);
    drop(permit);
    Ok(match review {
        Ok(review) => Answer::reply(Reply::text(words(&record, &review, lang))),
        Err(_) => Answer::error(t!(langs.private, "review-unreadable")),
    })
}

/// The review in words: the head, then each turning.
fn words(record: &GameRecord, review: &Review, lang: Lang) -> String {
    let mut text = t!(
        lang,
        "review-head",
        game = say(lang, &record.kind.title_message()),
        first = record.players[0].name.as_str(),
        second = record.players[1].name.as_str(),
        proven = review.proven,
        positions = review.positions,
        seconds = format!("{:.1}", review.elapsed.as_secs_f64())
    );
    match review.values.first().copied().flatten() {
        Some(value) => {
            text.push('\n');
            let value = value_words(record, value, false, lang);
            text.push_str(&t!(lang, "review-start", value = value));
        }
        None => {
            text.push('\n');
            text.push_str(&t!(lang, "review-start-unknown"));
        }
    }
    if review.turnings.is_empty() {
        text.push('\n');
        text.push_str(&t!(lang, "review-no-turnings"));
    }
    for turning in review.turnings.iter().take(MAX_TURNINGS) {
        text.push('\n');
        text.push_str(&turning_words(record, turning, lang));
    }
    if review.turnings.len() > MAX_TURNINGS {
        text.push('\n');
        text.push_str(&t!(
            lang,
            "review-more",
            count = review.turnings.len() - MAX_TURNINGS
        ));
    }
    if review.proven < review.positions {
        text.push('\n');
        text.push_str(&t!(
            lang,
            "review-beyond",
            count = review.positions - review.proven
        ));
    }
    text
}

/// "turn 14, bob e4: Black had a win in 9; after it White wins in 12.
/// Winning instead: b3."
fn turning_words(record: &GameRecord, turning: &Turning, lang: Lang) -> String {
    let entry = record.history.get(turning.index);
    let player = entry
        .map(|e| record.player(e.seat).name.as_str())
        .unwrap_or_default();
    let turn = entry.map(|e| e.turn.as_str()).unwrap_or_default();
    let instead = match (&turning.instead, turning.before.winner) {
        (Some(turn), Some(_)) => t!(lang, "review-winning-instead", turn = turn.as_str()),
        (Some(turn), None) => t!(lang, "review-drawing-instead", turn = turn.as_str()),
        (None, _) => String::new(),
    };
    t!(
        lang,
        "review-turning",
        number = turning.index + 1,
        player = player,
        turn = turn,
        before = value_words(record, turning.before, true, lang),
        after = value_words(record, turning.after, false, lang),
        instead = instead
    )
}

/// "White wins in 12" or "it is a draw with best play"; `had`: as it
/// was before a turn ("Black had a win in 9").
fn value_words(record: &GameRecord, value: Value, had: bool, lang: Lang) -> String {
    let Some(seat) = value.winner else {
        return match had {
            false => t!(lang, "review-value-draw"),
            true => t!(lang, "review-value-had-draw"),
        };
    };
    let seat = capitalise(&say(lang, &record.game.seat_message(seat)));
    let turns = value.distance;
    match had {
        false => t!(lang, "review-value-win", seat = seat, turns = turns),
        true => t!(lang, "review-value-had-win", seat = seat, turns = turns),
    }
}
