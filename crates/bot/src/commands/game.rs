//! The commands of a game in progress: a turn, the board and its hints,
//! undo, resign, draw, the list of a player's games, and a loss on time.

use crate::i18n::{say, Lang};
use crate::{
    player_label_in, replay, status_caption_in, t, to_user, Action, Answer, BoardShow, Bot,
    ChannelKey, Reply, Request,
};
use cairn_rules::{AnyGame, Outcome, Reason, Seat, TurnError};
use cairn_store::{
    Challenge, Change, ChannelRecord, FinishedGame, GameRecord, StoreError, TurnRecord, Update,
};

/// Common checks for commands by a player of the channel's game.
/// Refusals are worded in `lang` (the requester's).
pub(super) fn game_of<'a>(
    record: &'a Option<ChannelRecord>,
    request: &Request,
    lang: Lang,
) -> Result<(&'a GameRecord, Seat), Answer> {
    let Some(game) = record.as_ref().and_then(|r| r.game.as_ref()) else {
        let message = match record.as_ref().and_then(|r| r.challenge.as_ref()) {
            Some(c) => match &c.challenged {
                Some(challenged) => t!(
                    lang,
                    "game-not-started",
                    challenged = &challenged.name,
                    challenger = &c.challenger.name
                ),
                None => t!(
                    lang,
                    "game-not-started-open",
                    challenger = &c.challenger.name
                ),
            },
            None => t!(lang, "game-none"),
        };
        return Err(Answer::error(message));
    };
    if !game.in_progress() {
        return Err(Answer::error(t!(
            lang,
            "game-over-here",
            game = say(lang, &game.kind.title_message()),
            status = status_caption_in(game, lang)
        )));
    }
    match game.seat_of(&request.user.id) {
        Some(seat) => Ok((game, seat)),
        None => Err(Answer::error(t!(
            lang,
            "game-not-a-player",
            first = &game.players[0].name,
            second = &game.players[1].name
        ))),
    }
}

/// The reply that shows a game (its board attached later).
pub(super) fn game_reply(record: &GameRecord, text: String) -> Answer {
    let mut mentions = Vec::new();
    let mut bot_to_move = false;
    let mut to_move = None;
    if record.outcome().is_none() {
        let next = record.player(record.game.to_move());
        bot_to_move = next.is_bot;
        if !next.is_bot {
            mentions.push(to_user(next));
            to_move = Some(next.id.clone());
        }
    } else {
        mentions.extend(record.players.iter().filter(|p| !p.is_bot).map(to_user));
    }
    Answer {
        replies: vec![Reply {
            text,
            mentions,
            to_move,
            ..Reply::default()
        }],
        board: Some(BoardShow {
            record: Box::new(record.clone()),
            hints: false,
            replay: record.outcome().is_some(),
            picking: None,
        }),
        bot_to_move,
    }
}

/// Store a game after a change: a finished game is archived, and stays
/// in its channel for `board` until a new game starts there.
pub(super) fn store_game(
    key: &str,
    mut record: GameRecord,
    value: Answer,
    now: u64,
) -> Update<Answer> {
    if record.outcome().is_some() {
        record.finished_ms = Some(now);
        Update {
            change: Change::Put(ChannelRecord::new(None, Some(record.clone()))),
            archive: Some(FinishedGame::new(key, now, record)),
            value,
        }
    } else {
        Update {
            change: Change::Put(ChannelRecord::new(None, Some(record))),
            archive: None,
            value,
        }
    }
}

/// What a command of a game in progress decides with: the game, the
/// requester's seat in it, the languages and the time.
pub(super) struct InGame<'a> {
    pub(super) game: &'a GameRecord,
    pub(super) seat: Seat,
    pub(super) public: Lang,
    pub(super) private: Lang,
    pub(super) now: u64,
    /// What the write needs of the players (read before it).
    pub(super) seats: super::premove::Seats,
}

/// Run a command of a player of the channel's game in progress: the
/// record is loaded and checked (a game, in progress, the requester
/// plays in it) inside the store's compare-and-swap, then `decide` runs.
pub(super) fn update_game(
    bot: &Bot,
    request: &Request,
    key: &str,
    decide: impl Fn(InGame<'_>) -> Update<Answer>,
) -> Result<Answer, StoreError> {
    let now = bot.now();
    let langs = bot.langs(request);
    let seats = bot.seats_in(&request.platform, key)?;
    bot.store.update(key, |current| {
        match game_of(&current, request, langs.private) {
            Ok((game, seat)) => decide(InGame {
                game,
                seat,
                public: langs.public,
                private: langs.private,
                now,
                seats,
            }),
            Err(answer) => Update::keep(answer),
        }
    })
}

pub(super) fn play(
    bot: &Bot,
    request: &Request,
    key: &str,
    turn_text: &str,
) -> Result<Answer, StoreError> {
    update_game(bot, request, key, |at| play_turn(&at, key, turn_text))
}

/// The bot's turn, searched on the position after `turns_before` turns:
/// played only if the game still stands there with the bot to move, so
/// that a turn searched twice (after a restart, or by two processes) is
/// played once. Otherwise nothing is said.
pub(crate) fn play_bot_turn(
    bot: &Bot,
    request: &Request,
    key: &str,
    turn: &str,
    turns_before: usize,
) -> Result<Answer, StoreError> {
    let now = bot.now();
    let langs = bot.langs(request);
    let seats = bot.seats_in(&request.platform, key)?;
    bot.store.update(key, |current| {
        let game = current.as_ref().and_then(|r| r.active_game());
        let Some(game) = game.filter(|g| g.history.len() == turns_before) else {
            return Update::keep(Answer::silent());
        };
        let seat = game.game.to_move();
        if !game.player(seat).is_bot {
            return Update::keep(Answer::silent());
        }
        let at = InGame {
            game,
            seat,
            public: langs.public,
            private: langs.private,
            now,
            seats,
        };
        play_turn(&at, key, turn)
    })
}

/// A turn by the player in `at.seat`: refused, or played and stored.
pub(super) fn play_turn(at: &InGame<'_>, key: &str, turn_text: &str) -> Update<Answer> {
    let (game, seat, private) = (at.game, at.seat, at.private);
    let to_move = game.game.to_move();
    if to_move != seat {
        return Update::keep(Answer::error(t!(
            private,
            "game-not-your-turn",
            player = player_label_in(game, to_move, private)
        )));
    }
    if turn_text.is_empty() {
        return Update::keep(Answer::error(which_turn(&game.game, private)));
    }
    let mut record = game.clone();
    let was_mid_turn = record.game.in_mid_turn();
    let played = match record.game.play_str(turn_text) {
        Ok(played) => played,
        Err(TurnError::GameOver) => {
            return Update::keep(Answer::error(t!(private, "game-already-over")))
        }
        Err(error) => {
            return Update::keep(Answer::error(t!(
                private,
                "game-refused",
                reason = sentence(&say(private, &error.message()))
            )))
        }
    };
    let shown = whole_turn(&record, seat, was_mid_turn, &played.canonical);
    record.history.push(TurnRecord {
        turn: played.canonical.clone(),
        seat,
        at_ms: at.now,
    });
    record.last = played.highlights;
    let words = played.words;
    // Only a whole turn is a turn played: the first parts of one end
    // nothing (documented in `help draw` and `help undo`).
    let lapsed = if record.game.in_mid_turn() {
        Vec::new()
    } else {
        lapse_requests(&mut record, seat, at.public)
    };
    let next = record.game.to_move();
    if let Some(clock) = record.clock.as_mut() {
        clock.turn_done(seat.index(), next.index(), at.now);
    }
    let mut text = match words {
        Some(words) if record.in_progress() && !record.game.in_mid_turn() => t!(
            at.public,
            "game-played-said",
            player = player_label_in(&record, seat, at.public),
            said = say(at.public, &words),
            status = status_caption_in(&record, at.public)
        ),
        _ => played_text(&record, seat, &shown, at.public),
    };
    let following = if record.game.in_mid_turn() {
        Vec::new()
    } else {
        let before = position_before_whole_turn(game, &record, was_mid_turn);
        super::premove::follow_up(&mut record, before, at)
    };
    let away = Bot::on_vacation_line(&record, at.seats.away, at.now, at.public);
    for note in lapsed
        .iter()
        .chain(&following)
        .chain(&warning_line(&record, at.public))
        .chain(&away)
    {
        text.push(' ');
        text.push_str(note);
    }
    let answer = game_reply(&record, text);
    store_game(key, record, answer, at.now)
}

/// The position before the whole turn that `after`'s last entry ended:
/// the position the command started from, or for a turn sent in parts the
/// one before its first part.
fn position_before_whole_turn(
    before: &GameRecord,
    after: &GameRecord,
    was_mid_turn: bool,
) -> AnyGame {
    if !was_mid_turn {
        return before.game.clone();
    }
    let seat = after.history.last().map(|t| t.seat);
    let keep = after
        .history
        .iter()
        .rposition(|t| Some(t.seat) != seat)
        .map_or(0, |i| i + 1);
    let turns: Vec<&str> = after.history[..keep]
        .iter()
        .map(|t| t.turn.as_str())
        .collect();
    cairn_rules::Options::parse(&after.options)
        .ok()
        .and_then(|options| AnyGame::replay(after.kind, &options, &turns).ok())
        .unwrap_or_else(|| before.game.clone())
}

/// `move` without a turn: what to write, with a turn legal here as the
/// example where there are few enough to list.
fn which_turn(game: &AnyGame, lang: Lang) -> String {
    let example = game
        .count_turns_quickly()
        .is_some_and(|n| n <= 5_000)
        .then(|| game.legal_strings().into_iter().next())
        .flatten();
    match example {
        Some(example) => t!(lang, "game-say-which-turn", example = example),
        None => {
            let hint = match game.too_many_turns_message() {
                Some(hint) => say(lang, &hint),
                None => t!(lang, "game-moves-how-written", game = game.kind().name()),
            };
            t!(lang, "game-say-which-turn-how", hint = hint)
        }
    }
}

/// A turn sent in parts is announced whole once its last part is in: the
/// parts are this seat's entries at the end of the history.
fn whole_turn(record: &GameRecord, seat: Seat, was_mid_turn: bool, last: &str) -> String {
    if !was_mid_turn || record.game.in_mid_turn() {
        return last.to_string();
    }
    let mut parts: Vec<&str> = record
        .history
        .iter()
        .rev()
        .take_while(|t| t.seat == seat)
        .map(|t| t.turn.as_str())
        .collect();
    parts.reverse();
    parts.push(last);
    parts.join(" ")
}

/// What a turn ends: a pending draw offer or undo request lapses with the
/// next turn played (documented in `help draw` and `help undo`), and so
/// do resignations waiting for their confirmation.
fn lapse_requests(record: &mut GameRecord, seat: Seat, lang: Lang) -> Vec<String> {
    let mut lapsed = Vec::new();
    let player = record.player(seat).name.clone();
    if let Some(offerer) = record.draw_offer.take() {
        lapsed.push(if offerer == seat {
            t!(lang, "game-draw-offer-lapses", name = &player)
        } else {
            t!(
                lang,
                "game-draw-offer-declined",
                name = &player,
                offerer = &record.player(offerer).name
            )
        });
    }
    if let Some(asker) = record.undo_request.take() {
        lapsed.push(if asker == seat {
            t!(lang, "game-undo-lapses", name = &player)
        } else {
            t!(
                lang,
                "game-undo-refused",
                name = &player,
                asker = &record.player(asker).name
            )
        });
    }
    record.resign_request = [None; 2];
    lapsed
}

/// "alice (White) played c3. bob (Black) to move.", or how the game ended,
/// or what is left of a turn played in parts.
fn played_text(record: &GameRecord, seat: Seat, shown: &str, lang: Lang) -> String {
    let mover = player_label_in(record, seat, lang);
    match record.outcome() {
        Some(outcome) => t!(
            lang,
            "game-played",
            player = mover,
            turn = shown,
            status = crate::end_phrase_in(record, outcome, lang)
        ),
        None if record.game.in_mid_turn() => {
            let mut text = t!(
                lang,
                "game-played-mid-turn",
                player = mover,
                turn = shown,
                name = &record.player(seat).name
            );
            if let Some(how) = record.game.next_step_hint() {
                text.push(' ');
                text.push_str(&t!(
                    lang,
                    "game-next-step",
                    how = sentence(&say(lang, &how))
                ));
            }
            text
        }
        None => t!(
            lang,
            "game-played",
            player = mover,
            turn = shown,
            status = status_caption_in(record, lang)
        ),
    }
}

/// An engine's message without its final full stop (one is added after),
/// left in the engine's case so coordinates stay lower case.
pub(super) fn sentence(text: &str) -> String {
    text.trim_end_matches('.').to_string()
}

/// The warning for the player to move of a loss at the end of this turn:
/// "Warning for bob: White holds rank 3 with 5 of its cells (5 needed): break it
/// this turn or lose."
pub(super) fn warning_line(record: &GameRecord, lang: Lang) -> Option<String> {
    if record.outcome().is_some() {
        return None;
    }
    let warning = say(lang, &record.game.warning_message()?);
    Some(t!(
        lang,
        "game-warning",
        name = &record.player(record.game.to_move()).name,
        warning = sentence(&warning)
    ))
}

pub(super) fn show(
    bot: &Bot,
    request: &Request,
    key: &str,
    hints: bool,
) -> Result<Answer, StoreError> {
    let langs = bot.langs(request);
    let record = bot.store.load(key)?;
    let Some(game) = record.as_ref().and_then(|r| r.game.as_ref()) else {
        let lang = langs.private;
        let message = match record.as_ref().and_then(|r| r.challenge.as_ref()) {
            Some(c) => match &c.challenged {
                Some(challenged) => t!(
                    lang,
                    "game-no-game-yet",
                    challenger = &c.challenger.name,
                    challenged = &challenged.name,
                    game = say(lang, &c.game.title_message())
                ),
                None => t!(
                    lang,
                    "game-no-game-yet-open",
                    challenger = &c.challenger.name,
                    game = say(lang, &c.game.title_message())
                ),
            },
            None => t!(lang, "game-none"),
        };
        return Ok(Answer::error(message));
    };
    let lang = langs.public;
    let text = if hints {
        legal_list(&game.game, lang)
    } else {
        let mut text = t!(
            lang,
            "game-status-turns",
            status = status_caption_in(game, lang),
            turns = crate::bot::turns_played(game)
        );
        if let Some(warning) = warning_line(game, lang) {
            text.push(' ');
            text.push_str(&warning);
        }
        text
    };
    // The legal turns asked from a game's card are for the presser alone.
    let ephemeral = hints && request.card.is_some();
    Ok(Answer {
        replies: vec![Reply {
            ephemeral,
            ..Reply::text(text)
        }],
        board: Some(BoardShow {
            record: Box::new(game.clone()),
            hints,
            replay: false,
            picking: None,
        }),
        bot_to_move: false,
    })
}

/// The legal turns in words, shortened for chat.
pub(super) fn legal_list(game: &AnyGame, lang: Lang) -> String {
    const SHOWN: usize = 40;
    let count = game.count_turns();
    if count == 0 {
        return t!(lang, "game-moves-none");
    }
    if let Some(listed) = next_step_list(game, lang) {
        return listed;
    }
    if count > 5_000 {
        let hint = match game.too_many_turns_message() {
            Some(hint) => say(lang, &hint),
            None => t!(lang, "game-moves-how-written", game = game.kind().name()),
        };
        return t!(lang, "game-moves-too-many", count = count, hint = hint);
    }
    let all = game.legal_strings();
    // Never "and 1 more": a list one longer than the limit is shown whole.
    let take = if all.len() <= SHOWN + 1 {
        all.len()
    } else {
        SHOWN
    };
    let shown = all[..take].join(", ");
    if all.len() > take {
        t!(
            lang,
            "game-moves-and-more",
            count = all.len(),
            turns = shown,
            more = all.len() - take
        )
    } else {
        t!(lang, "game-moves", count = all.len(), turns = shown)
    }
}

/// In the middle of a turn, the choices for its next part (a lap's colour
/// strings), not the thousands of ways to finish it, and how to send one.
fn next_step_list(game: &AnyGame, lang: Lang) -> Option<String> {
    const SHOWN: usize = 40;
    let (count, choices) = game.next_step_choices(SHOWN + 1)?;
    let how = game
        .next_step_hint()
        .map(|how| sentence(&say(lang, &how)))
        .unwrap_or_default();
    let take = if choices.len() <= SHOWN {
        choices.len()
    } else {
        SHOWN
    };
    let turns = choices[..take].join(", ");
    let more = count.saturating_sub(take as u64);
    Some(if more > 0 {
        t!(
            lang,
            "game-moves-next-step-and-more",
            count = count,
            turns = turns,
            more = more,
            how = how
        )
    } else {
        t!(
            lang,
            "game-moves-next-step",
            count = count,
            turns = turns,
            how = how
        )
    })
}

pub(super) fn undo(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    update_game(bot, request, key, |at| {
        let InGame {
            game,
            seat,
            public,
            private,
            now,
            ..
        } = at;
        let opponent = game.player(seat.other());
        let requester = match game.undo_request {
            Some(asked) if asked == seat => {
                return Update::keep(Answer::error(t!(
                    private,
                    "game-undo-already-asked",
                    opponent = &opponent.name
                )))
            }
            Some(asked) => asked,
            None if opponent.is_bot => seat,
            None => {
                if !game.history.iter().any(|t| t.seat == seat) {
                    return Update::keep(Answer::error(t!(private, "game-undo-nothing-played")));
                }
                let mut record = game.clone();
                record.undo_request = Some(seat);
                let kept = undo_keeps(&game.history, seat);
                let taken: Vec<String> = game.history[kept..]
                    .iter()
                    .map(|turn| {
                        if turn.seat == seat {
                            t!(
                                public,
                                "game-undo-taken-turn",
                                name = &request.user.name,
                                turn = &turn.turn
                            )
                        } else {
                            t!(public, "game-undo-taken-yours", turn = &turn.turn)
                        }
                    })
                    .collect();
                let reply = Reply {
                    text: t!(
                        public,
                        "game-undo-asks",
                        name = &request.user.name,
                        opponent = &opponent.name,
                        turns = crate::i18n::list_and(public, &taken)
                    ),
                    mentions: vec![to_user(opponent)],
                    ..Reply::default()
                };
                return store_game(key, record, Answer::reply(reply), now);
            }
        };
        // Take back the requester's last turn and everything after it.
        let mut history = game.history.clone();
        history.truncate(undo_keeps(&game.history, requester));
        if history.len() == game.history.len() {
            return Update::keep(Answer::error(t!(private, "game-undo-nothing")));
        }
        let turns: Vec<String> = history.iter().map(|t| t.turn.clone()).collect();
        let (rebuilt, last) = match replay(game.kind, &game.options, &turns) {
            Ok(rebuilt) => rebuilt,
            Err(error) => {
                tracing::error!(%error, "a stored game does not replay for undo");
                return Update::keep(Answer::error(t!(private, "game-undo-broken")));
            }
        };
        let mut record = game.clone();
        record.game = rebuilt;
        record.last = last;
        record.history = history;
        record.undo_request = None;
        record.draw_offer = None;
        // Conditional turns were checked from a position no longer there.
        record.premoves = Default::default();
        if let Some(clock) = record.clock.as_mut() {
            clock.restart(now);
        }
        // Say every turn that goes: granting can take back the granter's own
        // later turn too.
        let taken: Vec<String> = game.history[record.history.len()..]
            .iter()
            .map(|turn| {
                t!(
                    public,
                    "game-undo-taken-turn",
                    name = &record.player(turn.seat).name,
                    turn = &turn.turn
                )
            })
            .collect();
        let text = t!(
            public,
            "game-undo-done",
            name = &record.player(requester).name,
            turns = crate::i18n::list_and(public, &taken),
            count = taken.len(),
            status = status_caption_in(&record, public)
        );
        let answer = game_reply(&record, text);
        store_game(key, record, answer, now)
    })
}

/// How many turns of `history` an undo for `requester` keeps: their last
/// turn (all its parts) and everything after it go.
fn undo_keeps(history: &[TurnRecord], requester: Seat) -> usize {
    let mut kept = history.len();
    while kept > 0 && history[kept - 1].seat != requester {
        kept -= 1;
    }
    while kept > 0 && history[kept - 1].seat == requester {
        kept -= 1;
    }
    kept
}

/// How long a first `resign` waits for its confirmation.
pub(super) const RESIGN_CONFIRM_MS: u64 = 60_000;

pub(super) fn resign(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    update_game(bot, request, key, |at| {
        let InGame {
            game,
            seat,
            public,
            private,
            now,
            ..
        } = at;
        let mut record = game.clone();
        // Resigning cannot be undone: the first `resign` asks, a second one
        // within a minute (or the button) confirms.
        let asked = game.resign_request[seat.index()];
        let confirmed = asked.is_some_and(|at| now.saturating_sub(at) <= RESIGN_CONFIRM_MS);
        if !confirmed {
            record.resign_request[seat.index()] = Some(now);
            let reply = Reply {
                text: t!(
                    private,
                    if request.capabilities.buttons {
                        "game-resign-confirm-button"
                    } else {
                        "game-resign-confirm"
                    },
                    game = say(private, &game.kind.title_message())
                ),
                ephemeral: true,
                actions: vec![Action {
                    label: t!(private, "game-resign-button"),
                    command: "resign".into(),
                    for_user: Some(request.user.id.clone()),
                    primary: false,
                }],
                ..Reply::default()
            };
            return store_game(key, record, Answer::reply(reply), now);
        }
        record.resign_request = [None; 2];
        record.result = Some(Outcome::win(seat.other(), Reason::Resign));
        let text = t!(
            public,
            "game-resigns",
            loser = player_label_in(&record, seat, public),
            winner = player_label_in(&record, seat.other(), public)
        );
        let answer = game_reply(&record, text);
        store_game(key, record, answer, now)
    })
}

pub(super) fn draw(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    update_game(bot, request, key, |at| {
        let InGame {
            game,
            seat,
            public,
            private,
            now,
            ..
        } = at;
        if !game.game.can_draw() {
            return Update::keep(Answer::error(t!(
                private,
                "game-draw-impossible",
                game = say(private, &game.kind.title_message())
            )));
        }
        let opponent = game.player(seat.other());
        match game.draw_offer {
            Some(offered) if offered == seat => Update::keep(Answer::error(t!(
                private,
                "game-draw-already-offered",
                opponent = &opponent.name
            ))),
            Some(_) => {
                let mut record = game.clone();
                record.result = Some(Outcome::draw(Reason::Agreement));
                let text = t!(public, "game-draw-accepted", name = &request.user.name);
                let answer = game_reply(&record, text);
                store_game(key, record, answer, now)
            }
            None if opponent.is_bot => Update::keep(Answer::reply(Reply::text(t!(
                public,
                "game-draw-bot-declines",
                bot = &opponent.name
            )))),
            None => {
                let mut record = game.clone();
                record.draw_offer = Some(seat);
                let reply = Reply {
                    text: t!(
                        public,
                        "game-draw-offered",
                        name = &request.user.name,
                        opponent = &opponent.name
                    ),
                    mentions: vec![to_user(opponent)],
                    ..Reply::default()
                };
                store_game(key, record, Answer::reply(reply), now)
            }
        }
    })
}

pub(super) fn games(bot: &Bot, request: &Request) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).public;
    let user = request.user.id.as_str();
    let (records, unreadable) = bot.store.channels_of(user)?;
    let mut active: Vec<(String, GameRecord)> = records
        .iter()
        .filter_map(|(key, record)| {
            let game = record.game.as_ref().filter(|g| g.in_progress())?;
            game.seat_of(user).map(|_| (key.clone(), game.clone()))
        })
        .collect();
    let challenges = |mine: bool| -> Vec<(&String, &Challenge)> {
        records
            .iter()
            .filter_map(|(key, record)| {
                let challenge = record.challenge.as_ref()?;
                let to_me = challenge.challenged.as_ref().is_some_and(|c| c.id == user);
                let by_me = challenge.challenger.id == user;
                (if mine { by_me } else { to_me && !by_me }).then_some((key, challenge))
            })
            .collect()
    };
    // Challenges this user made (open or addressed), and those to them.
    let (open, to_me) = (challenges(true), challenges(false));
    let finished = bot.store.finished_games_of(user, 5)?;
    let note = match unreadable.as_slice() {
        [] => String::new(),
        [one] => format!("\n{}", t!(lang, "games-unreadable-one", key = one.as_str())),
        many => format!("\n{}", t!(lang, "games-unreadable", count = many.len())),
    };
    if active.is_empty() && finished.is_empty() && open.is_empty() && to_me.is_empty() {
        return Ok(Answer::reply(Reply::text(format!(
            "{}{note}",
            t!(lang, "games-none")
        ))));
    }
    let now = bot.now();
    most_urgent_first(&mut active, user);
    // Only the requester reads it (a link per game, on Discord privately).
    let mut reply = Reply {
        ephemeral: true,
        ..Reply::default()
    };
    if active.is_empty() {
        reply.text.push_str(&t!(lang, "games-none-in-progress"));
        reply.text.push('\n');
    } else {
        reply.text.push_str(&t!(lang, "games-in-progress"));
        reply.text.push('\n');
        for (channel, game) in &active {
            let yours = game.seat_of(user) == Some(game.game.to_move());
            let mut time = match game.running_clock() {
                Some((seat, clock)) => t!(
                    lang,
                    "games-time-left",
                    time = crate::i18n::duration(lang, clock.left_ms(seat.index(), now))
                ),
                None => String::new(),
            };
            let away = bot.away_of(&ChannelKey::from_key(channel).platform, game);
            for mark in marks(game, away, user, lang) {
                time.push(' ');
                time.push_str(&mark);
            }
            reply.text.push_str(&t!(
                lang,
                "games-line-head",
                game = crate::captions_in(game, lang).0
            ));
            reply.push_channel(ChannelKey::from_key(channel));
            reply.text.push_str(&t!(
                lang,
                "games-line-tail",
                status = crate::status_caption_in(game, lang),
                yours = if yours {
                    t!(lang, "games-your-turn")
                } else {
                    String::new()
                },
                time = time
            ));
            reply.text.push('\n');
        }
    }
    challenges_to_me_lines(&mut reply, &to_me, now, lang);
    open_challenges_lines(&mut reply, &open, now, lang);
    if !finished.is_empty() {
        reply.text.push_str(&t!(lang, "games-recent"));
        reply.text.push('\n');
        for f in &finished {
            reply.text.push_str(&t!(
                lang,
                "games-recent-line",
                game = crate::captions_in(&f.record, lang).0,
                status = crate::status_caption_in(&f.record, lang)
            ));
            reply.text.push('\n');
        }
    }
    reply.text.truncate(reply.text.trim_end().len());
    reply.text.push_str(&note);
    Ok(Answer::reply(reply))
}

/// Most urgent first: games waiting for `user` by their deadline, then
/// untimed games waiting for them, then games waiting for the opponent.
fn most_urgent_first(games: &mut [(String, GameRecord)], user: &str) {
    games.sort_by_key(|(_, game)| {
        let yours = game.seat_of(user) == Some(game.game.to_move());
        let deadline = game
            .running_clock()
            .map(|(seat, clock)| clock.deadline_ms(seat.index()));
        (!yours, deadline.is_none(), deadline)
    });
}

/// The games of `user` on `platform` where it is their turn, most urgent
/// first (`next`, the daily digest).
pub(crate) fn waiting_for(
    bot: &Bot,
    platform: &str,
    user: &str,
) -> Result<Vec<(String, GameRecord)>, StoreError> {
    let (mut games, _) = bot.store.active_games_of(user)?;
    games.retain(|(key, game)| {
        ChannelKey::from_key(key).platform == platform
            && game.seat_of(user) == Some(game.game.to_move())
    });
    most_urgent_first(&mut games, user);
    Ok(games)
}

/// `next`: the board of the requester's most urgent game where it is
/// their turn, with a link to its channel.
pub(super) fn next(bot: &Bot, request: &Request) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).private;
    let waiting = waiting_for(bot, &request.platform, &request.user.id)?;
    let Some((key, game)) = waiting.into_iter().next() else {
        return Ok(Answer::reply(Reply::error(t!(lang, "next-none"))));
    };
    let mut text = t!(lang, "next-head", game = crate::captions_in(&game, lang).0);
    let mut answer = game_reply(&game, String::new());
    let reply = &mut answer.replies[0];
    reply.text = std::mem::take(&mut text);
    reply.push_channel(ChannelKey::from_key(&key));
    let time = game.running_clock().map(|(seat, clock)| {
        t!(
            lang,
            "games-time-left",
            time = crate::i18n::duration(lang, clock.left_ms(seat.index(), bot.now()))
        )
    });
    reply
        .text
        .push_str(&t!(lang, "next-tail", time = time.unwrap_or_default()));
    // Only the requester is addressed: nobody else is pinged.
    reply.mentions.clear();
    reply.ephemeral = true;
    Ok(answer)
}

/// A `games` line's marks: who is on vacation, and the requester's
/// conditional turns waiting (theirs only: they are private).
fn marks(game: &GameRecord, away: [Option<u64>; 2], user: &str, lang: Lang) -> Vec<String> {
    let mut marks = Vec::new();
    for seat in Seat::BOTH {
        if let Some(until) = away[seat.index()] {
            marks.push(t!(
                lang,
                "games-on-vacation",
                name = &game.player(seat).name,
                until = crate::i18n::date(lang, until)
            ));
        }
    }
    if let Some(seat) = game.seat_of(user) {
        let lines = game.premoves[seat.index()].len();
        if lines > 0 {
            marks.push(t!(lang, "games-premoves", count = lines));
        }
    }
    marks
}

/// When a challenge lapses, as the end of a `games` line.
fn lapses_in(challenge: &Challenge, now: u64, lang: Lang) -> String {
    challenge
        .expires_ms
        .map(|at| {
            let left = crate::i18n::duration(lang, at.saturating_sub(now));
            t!(lang, "games-open-lapses", time = left)
        })
        .unwrap_or_default()
}

/// `games`: the requester's own challenges (open to anyone, or waiting
/// for the player named), each with its channel and when it lapses.
fn open_challenges_lines(reply: &mut Reply, open: &[(&String, &Challenge)], now: u64, lang: Lang) {
    if open.is_empty() {
        return;
    }
    reply.text.push_str(&t!(lang, "games-open-challenges"));
    reply.text.push('\n');
    for (channel, challenge) in open {
        let label = super::challenge::options_label(challenge.game, &challenge.options, lang);
        reply
            .text
            .push_str(&t!(lang, "games-open-line-head", game = label));
        reply.push_channel(ChannelKey::from_key(channel));
        let lapses = lapses_in(challenge, now, lang);
        reply.text.push_str(&match &challenge.challenged {
            Some(challenged) => t!(
                lang,
                "games-addressed-line-tail",
                challenged = &challenged.name,
                lapses = lapses
            ),
            None => t!(lang, "games-open-line-tail", lapses = lapses),
        });
        reply.text.push('\n');
    }
}

/// `games`: the challenges waiting for the requester's answer.
fn challenges_to_me_lines(
    reply: &mut Reply,
    to_me: &[(&String, &Challenge)],
    now: u64,
    lang: Lang,
) {
    if to_me.is_empty() {
        return;
    }
    reply.text.push_str(&t!(lang, "games-challenges-to-you"));
    reply.text.push('\n');
    for (channel, challenge) in to_me {
        let label = super::challenge::options_label(challenge.game, &challenge.options, lang);
        reply.text.push_str(&t!(
            lang,
            "games-to-you-line-head",
            game = label,
            challenger = &challenge.challenger.name
        ));
        reply.push_channel(ChannelKey::from_key(channel));
        let lapses = lapses_in(challenge, now, lang);
        reply
            .text
            .push_str(&t!(lang, "games-to-you-line-tail", lapses = lapses));
        reply.text.push('\n');
    }
}

/// The player in `seat` ran out of time: the game ends, won by the other.
pub(crate) fn lose_on_time(
    key: &str,
    mut record: GameRecord,
    seat: Seat,
    now: u64,
    lang: Lang,
) -> Update<Answer> {
    record.result = Some(Outcome::win(seat.other(), Reason::Timeout));
    record.undo_request = None;
    record.draw_offer = None;
    let text = t!(
        lang,
        "schedule-lost-on-time",
        loser = player_label_in(&record, seat, lang),
        winner = player_label_in(&record, seat.other(), lang)
    );
    let answer = game_reply(&record, text);
    store_game(key, record, answer, now)
}
