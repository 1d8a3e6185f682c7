//! `rematch`: the game that ended here, again, with the sides swapped: a
//! challenge to the same opponent with the same game, options, level and
//! clock, answered like any challenge (the bot takes it at once). Offered
//! for a day after the game ends, and only until a new game starts in
//! the channel.

use super::challenge::{accept_in, player_of, post_challenge, threads_allowed};
use crate::i18n::{duration, Lang};
use crate::{t, Action, Answer, Bot, Request};
use cairn_store::clock::DAY_MS;
use cairn_store::{Challenge, ChannelRecord, GameRecord, StoreError, Update};

/// How long after a game ends its players may ask for a rematch.
pub const REMATCH_WINDOW_MS: u64 = DAY_MS;

/// `rematch`: challenge the other player of the game that ended here.
/// Said by the player a rematch was just asked of, it accepts it.
pub(super) fn rematch(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let now = bot.now();
    let langs = bot.langs(request);
    let threads = threads_allowed(bot, request);
    let ttl = bot.config.challenge_ttl_ms;
    bot.store.update(key, |current| {
        let record = current.unwrap_or_default();
        if answers_rematch(&record, request) {
            return accept_in(&record, request, now, threads, langs);
        }
        match rematch_of(&record, request, now, ttl, langs.private) {
            Ok(challenge) => post_challenge(bot, request, &record, &challenge, langs, true),
            Err(message) => Update::keep(Answer::error(message)),
        }
    })
}

/// Whether the channel's challenge is the rematch the requester's
/// opponent of the game that ended here just asked for.
fn answers_rematch(record: &ChannelRecord, request: &Request) -> bool {
    let (Some(challenge), Some(game)) = (&record.challenge, &record.game) else {
        return false;
    };
    let to_me = challenge
        .challenged
        .as_ref()
        .is_some_and(|p| p.id == request.user.id);
    let same_game = challenge.game == game.kind && challenge.options == game.options;
    to_me
        && same_game
        && !game.in_progress()
        && game.seat_of(&request.user.id).is_some()
        && game.seat_of(&challenge.challenger.id).is_some()
}

/// The rematch of the game that ended in `record`, asked by the
/// requester at `now`, or why there is none.
fn rematch_of(
    record: &ChannelRecord,
    request: &Request,
    now: u64,
    ttl_ms: u64,
    lang: Lang,
) -> Result<Challenge, String> {
    let Some(game) = &record.game else {
        return Err(t!(lang, "rematch-no-game"));
    };
    let seat = game.seat_of(&request.user.id);
    let (first, second) = (&game.players[0].name, &game.players[1].name);
    match seat {
        Some(_) if game.in_progress() => return Err(t!(lang, "rematch-still-playing")),
        None if game.in_progress() => {
            return Err(t!(lang, "rematch-new-game", first = first, second = second))
        }
        _ => {}
    }
    let Some(seat) = seat else {
        return Err(t!(
            lang,
            "rematch-not-a-player",
            first = first,
            second = second
        ));
    };
    let opponent = game.player(seat.other()).clone();
    if now.saturating_sub(ended_ms(game)) > REMATCH_WINDOW_MS {
        return Err(t!(
            lang,
            "rematch-too-late",
            window = duration(lang, REMATCH_WINDOW_MS),
            opponent = &opponent.name
        ));
    }
    let against_bot = opponent.is_bot;
    Ok(Challenge {
        game: game.kind,
        options: game.options.clone(),
        challenger: player_of(&request.user),
        challenged: Some(opponent),
        challenger_seat: seat.other(),
        level: game.level.filter(|_| against_bot),
        at_ms: now,
        clock: game.clock.as_ref().map(|clock| clock.control),
        expires_ms: (!against_bot).then(|| now.saturating_add(ttl_ms)),
        no_vacation: game.no_vacation,
    })
}

/// When a finished game ended (its last turn, for records written before
/// the end was stored).
fn ended_ms(game: &GameRecord) -> u64 {
    game.finished_ms.unwrap_or_else(|| game.last_turn_ms())
}

/// What a game's last reply says of `rematch`, with its button.
pub(crate) fn offer(lang: Lang) -> (String, Action) {
    let name = super::set::find("rematch")
        .map_or_else(|| "rematch".to_string(), |spec| spec.local_name(lang));
    let text = t!(
        lang,
        "rematch-offer",
        rematch = name,
        window = duration(lang, REMATCH_WINDOW_MS)
    );
    let action = Action {
        label: t!(lang, "rematch-button"),
        command: "rematch".into(),
        for_user: None,
        primary: false,
    };
    (text, action)
}
