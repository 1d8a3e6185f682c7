//! `pick`: a turn chosen step by step, without notation. The steps come
//! from the rules ([`AnyGame::pick`](cairn_rules::AnyGame::pick)); this
//! module only numbers, pages and words them. The choices made so far are
//! kept in the game's record per seat, with the position they belong to,
//! so they survive a restart and a list shown in another position is
//! refused. A whole turn is played through [`play_turn`], the path of
//! `move`.

use super::args::PickStep;
use super::game::{play_turn, store_game, update_game, InGame};
use crate::i18n::{say, Lang};
use crate::{
    player_label_in, t, to_user, Answer, BoardShow, Bot, PickMenu, PickOption, Reply, Request,
};
use cairn_rules::{Pick, PickError};
use cairn_store::{PickRecord, StoreError, Update};

pub(super) fn pick(
    bot: &Bot,
    request: &Request,
    key: &str,
    step: PickStep,
) -> Result<Answer, StoreError> {
    // With buttons, a complete turn waits for its Play button; typed,
    // the last `pick N` plays it.
    let confirm = request.capabilities.buttons;
    update_game(bot, request, key, |at| decide(&at, key, step, confirm))
}

/// One entry of a list: a step to take, or the turn to play as it stands.
pub(super) enum Entry<'a> {
    Step(&'a cairn_rules::Step),
    Play(&'a str),
}

/// The list's entries, numbered from 1 in this order.
pub(super) fn entries(pick: &Pick) -> Vec<Entry<'_>> {
    let mut out: Vec<Entry<'_>> = pick.options.iter().map(Entry::Step).collect();
    out.extend(pick.whole.as_deref().map(Entry::Play));
    out
}

fn decide(at: &InGame<'_>, key: &str, step: PickStep, confirm: bool) -> Update<Answer> {
    let (game, seat, lang) = (at.game, at.seat, at.private);
    let to_move = game.game.to_move();
    if to_move != seat {
        return Update::keep(Answer::error(t!(
            lang,
            "game-not-your-turn",
            player = player_label_in(game, to_move, lang)
        )));
    }
    let stamp = game.position_stamp();
    let stored = game.picks[seat.index()].as_ref();
    let current = stored.filter(|p| p.stamp == stamp);
    let mut state = match (step, current) {
        (PickStep::Show, _) => PickRecord {
            stamp,
            ..PickRecord::default()
        },
        (_, Some(current)) => current.clone(),
        (_, None) if stored.is_some() => {
            return Update::keep(Answer::error(t!(lang, "pick-stale")))
        }
        (_, None) => return Update::keep(Answer::error(t!(lang, "pick-none-shown"))),
    };
    let pick = match game.game.pick(&state.choices) {
        Ok(pick) => pick,
        Err(error) => return Update::keep(refusal(&error, lang)),
    };
    match step {
        PickStep::Show => state.page = 0,
        PickStep::More => {
            let pages = entries(&pick).len().div_ceil(PickMenu::PAGE).max(1);
            state.page = (state.page + 1) % pages;
        }
        PickStep::Back => {
            if state.choices.pop().is_none() {
                let count = entries(&pick).len();
                return Update::keep(Answer::error(t!(
                    lang,
                    "pick-nothing-to-undo",
                    count = count
                )));
            }
            state.page = 0;
        }
        PickStep::Number(n) => return choose(at, key, state, &pick, n, confirm),
    }
    show(at, key, state)
}

/// Option `number` of the list `pick` shows: a step (the next list, or
/// the turn played once whole, or with `confirm` shown whole to be
/// played by its own option) or the turn as it stands.
fn choose(
    at: &InGame<'_>,
    key: &str,
    mut state: PickRecord,
    pick: &Pick,
    number: usize,
    confirm: bool,
) -> Update<Answer> {
    let lang = at.private;
    let all = entries(pick);
    let Some(entry) = number.checked_sub(1).and_then(|i| all.get(i)) else {
        return Update::keep(Answer::error(t!(
            lang,
            "pick-no-such-option",
            number = number,
            count = all.len()
        )));
    };
    match entry {
        Entry::Play(turn) => play_turn(at, key, turn),
        Entry::Step(step) => {
            state.choices.push(step.label.clone());
            state.page = 0;
            match at.game.game.pick(&state.choices) {
                Ok(next) if next.is_complete() && !confirm => {
                    let turn = next.whole.unwrap_or_default();
                    play_turn(at, key, &turn)
                }
                Ok(_) => show(at, key, state),
                Err(error) => Update::keep(refusal(&error, lang)),
            }
        }
    }
}

/// Store `state` and answer with its list and the board.
fn show(at: &InGame<'_>, key: &str, state: PickRecord) -> Update<Answer> {
    let pick = match at.game.game.pick(&state.choices) {
        Ok(pick) => pick,
        Err(error) => return Update::keep(refusal(&error, at.private)),
    };
    let menu = menu_of(at, &pick, &state);
    let mut record = at.game.clone();
    record.picks[at.seat.index()] = Some(state);
    let answer = Answer {
        replies: vec![Reply {
            text: menu_text(&menu, at.public),
            pick: Some(menu),
            ..Reply::default()
        }],
        board: Some(BoardShow {
            record: Box::new(record.clone()),
            hints: false,
            replay: false,
            picking: Some((pick.highlights(), pick.option_spots())),
        }),
        bot_to_move: false,
    };
    store_game(key, record, answer, at.now)
}

/// The typed list of `pick`, worded in the channel's language.
fn menu_of(at: &InGame<'_>, pick: &Pick, state: &PickRecord) -> PickMenu {
    PickMenu {
        user: to_user(at.game.player(at.seat)),
        so_far: pick.written(),
        options: menu_options(pick, at.public),
        page: state.page,
        can_go_back: !state.choices.is_empty(),
    }
}

/// The numbered options of `pick`, worded in `lang`.
pub(super) fn menu_options(pick: &Pick, lang: Lang) -> Vec<PickOption> {
    entries(pick)
        .into_iter()
        .enumerate()
        .map(|(i, entry)| match entry {
            Entry::Step(step) => PickOption {
                number: i + 1,
                label: step.label.clone(),
                description: step.note.as_ref().map(|n| say(lang, n)).unwrap_or_default(),
                plays: false,
            },
            Entry::Play(turn) => PickOption {
                number: i + 1,
                label: turn.to_string(),
                description: t!(lang, "pick-play-as-it-stands", turn = turn),
                plays: true,
            },
        })
        .collect()
}

/// The list as text: a head, the page's options, and how to go on.
pub(super) fn menu_text(menu: &PickMenu, lang: Lang) -> String {
    let mut text = if menu.so_far.is_empty() {
        t!(lang, "pick-head", player = &menu.user.name)
    } else {
        t!(
            lang,
            "pick-head-so-far",
            player = &menu.user.name,
            turn = &menu.so_far
        )
    };
    for option in menu.page_options() {
        text.push('\n');
        text.push_str(&if option.description.is_empty() || option.plays {
            let label = if option.plays {
                &option.description
            } else {
                &option.label
            };
            t!(lang, "pick-entry", number = option.number, label = label)
        } else {
            t!(
                lang,
                "pick-entry-note",
                number = option.number,
                label = &option.label,
                note = &option.description
            )
        });
    }
    if menu.has_more() {
        let shown = menu.page_options();
        let (from, to) = (
            shown.first().map_or(0, |o| o.number),
            shown.last().map_or(0, |o| o.number),
        );
        text.push('\n');
        text.push_str(&t!(
            lang,
            "pick-more",
            from = from,
            to = to,
            count = menu.options.len()
        ));
    }
    if menu.can_go_back {
        text.push('\n');
        text.push_str(&t!(lang, "pick-back"));
    }
    text
}

/// A pick the rules could not follow: the game ended, or the choices no
/// longer fit the position.
pub(super) fn refusal(error: &PickError, lang: Lang) -> Answer {
    match error {
        PickError::GameOver => Answer::error(t!(lang, "game-already-over")),
        _ => Answer::error(t!(lang, "pick-stale")),
    }
}
