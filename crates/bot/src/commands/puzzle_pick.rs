//! `pick` for a puzzle: the answer chosen step by step, as in a game
//! (`pick.rs` words the list). The choices are kept in the player's
//! attempt, stamped with the line's length so a list shown before the
//! defence's reply is refused; a whole turn is answered as `puzzle <turn>`
//! is.

use cairn_rules::Pick;
use cairn_store::{Change, PickRecord, PuzzleAttempt, PuzzleRecord, StoreError, Update};

use super::args::PickStep;
use super::pick::{entries, menu_options, menu_text, refusal, Entry};
use super::puzzle::{answer_turn, current, position_of, show};
use crate::{t, Answer, Bot, PickMenu, Reply, Request};

/// Whether `pick` here is for the requester's puzzle: they are solving
/// one and play no game in progress in this channel.
pub(super) fn is_for_puzzle(bot: &Bot, request: &Request, key: &str) -> Result<bool, StoreError> {
    let in_game = bot
        .store
        .load(key)?
        .and_then(|r| r.game)
        .is_some_and(|g| g.in_progress() && g.seat_of(&request.user.id).is_some());
    Ok(!in_game && current(bot, request)?.is_some())
}

/// `pick [step]` for the requester's puzzle.
pub(super) fn pick(bot: &Bot, request: &Request, step: PickStep) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).private;
    let Some((attempt, puzzle)) = current(bot, request)? else {
        return Ok(Answer::error(t!(lang, "puzzle-not-solving")));
    };
    let Some(position) = position_of(&puzzle, &attempt.line) else {
        return Ok(Answer::error(t!(
            lang,
            "puzzle-unreadable",
            id = puzzle.id.as_str()
        )));
    };
    let stamp = attempt.line.len() as u64;
    let stored = attempt.pick.as_ref();
    let mut state = match (step, stored.filter(|p| p.stamp == stamp)) {
        (PickStep::Show, _) => PickRecord {
            stamp,
            ..PickRecord::default()
        },
        (_, Some(current)) => current.clone(),
        (_, None) if stored.is_some() => return Ok(Answer::error(t!(lang, "pick-stale"))),
        (_, None) => return Ok(Answer::error(t!(lang, "pick-none-shown"))),
    };
    let list = match position.pick(&state.choices) {
        Ok(list) => list,
        Err(error) => return Ok(refusal(&error, lang)),
    };
    match step {
        PickStep::Show => {}
        PickStep::More => {
            let pages = entries(&list).len().div_ceil(PickMenu::PAGE).max(1);
            state.page = (state.page + 1) % pages;
        }
        PickStep::Back => {
            if state.choices.pop().is_none() {
                let count = entries(&list).len();
                return Ok(Answer::error(t!(
                    lang,
                    "pick-nothing-to-undo",
                    count = count
                )));
            }
            state.page = 0;
        }
        PickStep::Number(n) => {
            let all = entries(&list);
            let Some(entry) = n.checked_sub(1).and_then(|i| all.get(i)) else {
                return Ok(Answer::error(t!(
                    lang,
                    "pick-no-such-option",
                    number = n,
                    count = all.len()
                )));
            };
            match entry {
                Entry::Play(turn) => return answer_turn(bot, request, &attempt, &puzzle, turn),
                Entry::Step(step) => {
                    state.choices.push(step.label.clone());
                    state.page = 0;
                    let confirm = request.capabilities.buttons;
                    match position.pick(&state.choices) {
                        Ok(next) if next.is_complete() && !confirm => {
                            let turn = next.whole.unwrap_or_default();
                            return answer_turn(bot, request, &attempt, &puzzle, &turn);
                        }
                        Ok(_) => {}
                        Err(error) => return Ok(refusal(&error, lang)),
                    }
                }
            }
        }
    }
    keep_and_show(bot, request, &attempt, &puzzle, &position, state)
}

/// Store the list's state in the attempt and answer with it and the board.
fn keep_and_show(
    bot: &Bot,
    request: &Request,
    attempt: &PuzzleAttempt,
    puzzle: &PuzzleRecord,
    position: &cairn_rules::AnyGame,
    state: PickRecord,
) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).public;
    let list: Pick = match position.pick(&state.choices) {
        Ok(list) => list,
        Err(error) => return Ok(refusal(&error, lang)),
    };
    let player_key = Bot::player_key(&request.platform, &request.user.id);
    let kept = bot.store.update(&player_key, |current| {
        let mut record = current.unwrap_or_default();
        let Some(puzzles) = record.player.as_mut().and_then(|p| p.puzzles.as_mut()) else {
            return Update::keep(false);
        };
        match puzzles.current.as_mut() {
            Some(now) if now.id == attempt.id && now.line == attempt.line => {
                now.pick = Some(state.clone());
            }
            _ => return Update::keep(false),
        }
        Update {
            change: Change::Put(record),
            archive: None,
            value: true,
        }
    })?;
    if !kept {
        return Ok(Answer::error(t!(
            bot.langs(request).private,
            "puzzle-already-answered"
        )));
    }
    let menu = PickMenu {
        user: request.user.clone(),
        so_far: list.written(),
        options: menu_options(&list, lang),
        page: state.page,
        can_go_back: !state.choices.is_empty(),
    };
    let mut answer = show(bot, request, puzzle, &attempt.line, None);
    if let Some(board) = answer.board.as_mut() {
        board.picking = Some((list.highlights(), list.option_spots()));
    }
    let text = menu_text(&menu, lang);
    answer.replies = vec![Reply {
        text,
        pick: Some(menu),
        ..Reply::default()
    }];
    Ok(answer)
}
