//! Conditional turns (`premove`) and forced turns (`autoplay`): turns
//! that follow another at once, inside the same compare-and-swap as the
//! turn they answer, so they are played once and never after another
//! turn. A line of conditional turns is private to its owner: only they
//! list it, and the opponent reads of it only when it is played.

use super::game::{store_game, update_game, InGame};
use crate::i18n::{say, Lang};
use crate::{player_label_in, status_caption_in, t, Answer, Bot, Reply, Request};
use cairn_rules::{AnyGame, Seat};
use cairn_store::{GameRecord, StoreError, TurnRecord, Update};

/// At most this many pairs (their turn, my reply) in one line.
pub const MAX_PAIRS: usize = 6;
/// At most this many lines per player and game.
const MAX_LINES: usize = 20;
/// Turns that follow one another at once, at most (a guard: lines are
/// short and forced turns rare).
const MAX_FOLLOW_UPS: usize = 2 * MAX_PAIRS + 8;

/// What `premove` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PremoveAction {
    /// Add a line: the opponent's turn, my reply, and so on (the turns'
    /// text, read by the game).
    Line(String),
    Clear,
}

/// What a turn's write needs to know of the players of the game in a
/// channel, read once before it: each seat's `autoplay`, and until when
/// each seat's player is on vacation (off and `None` for the bot and
/// where no game is).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Seats {
    pub(super) autoplay: [bool; 2],
    pub(super) away: [Option<u64>; 2],
}

impl Bot {
    pub(super) fn seats_in(&self, platform: &str, key: &str) -> Result<Seats, StoreError> {
        let mut seats = Seats::default();
        let Some(game) = self.store.load(key)?.and_then(|r| r.game) else {
            return Ok(seats);
        };
        for (seat, player) in game.players.iter().enumerate() {
            if !player.is_bot {
                seats.autoplay[seat] = self.store.user_settings(platform, &player.id)?.autoplay;
            }
        }
        seats.away = self.away_of(platform, &game);
        Ok(seats)
    }
}

/// After a whole turn: the conditional or forced turns that follow it at
/// once, played into `record`; what to say of each. `before` is the
/// position before the whole turn just played.
pub(super) fn follow_up(
    record: &mut GameRecord,
    mut before: AnyGame,
    at: &InGame<'_>,
) -> Vec<String> {
    let mut said = Vec::new();
    for _ in 0..MAX_FOLLOW_UPS {
        if !record.in_progress() || record.game.in_mid_turn() {
            break;
        }
        let seat = record.game.to_move();
        if record.player(seat).is_bot {
            break;
        }
        let previous = record.game.clone();
        let next = match conditional_reply(record, seat, &before) {
            Some(turn) => Some((turn, "premove-played")),
            None if at.seats.autoplay[seat.index()] => {
                forced_turn(&record.game).map(|t| (t, "autoplay-forced"))
            }
            None => None,
        };
        let Some((turn, id)) = next else {
            break;
        };
        let Some(played) = play_as(record, seat, &turn, at.now) else {
            break;
        };
        said.push(t!(
            at.public,
            id,
            player = player_label_in(record, seat, at.public),
            turn = played,
            status = status_of(record, at.public)
        ));
        before = previous;
    }
    said
}

/// The game's status after a turn: who is to move, or how it ended.
fn status_of(record: &GameRecord, lang: Lang) -> String {
    match record.outcome() {
        Some(outcome) => crate::end_phrase_in(record, outcome, lang),
        None => status_caption_in(record, lang),
    }
}

/// The reply `seat` queued to the opponent's last turn, if a line begins
/// with it; the lines that do not are dropped (and `seat` will be told).
fn conditional_reply(record: &mut GameRecord, seat: Seat, before: &AnyGame) -> Option<String> {
    let lines = std::mem::take(&mut record.premoves[seat.index()]);
    if lines.is_empty() {
        return None;
    }
    let matches = |line: &Vec<String>| {
        let mut position = before.clone();
        line.first()
            .is_some_and(|theirs| position.play_str(theirs).is_ok() && position == record.game)
    };
    let (followed, dropped): (Vec<_>, Vec<_>) = lines.into_iter().partition(matches);
    let Some(reply) = followed.first().and_then(|line| line.get(1)).cloned() else {
        record.premoves_dropped[seat.index()] = !dropped.is_empty();
        return None;
    };
    record.premoves[seat.index()] = followed
        .into_iter()
        .map(|line| line.get(2..).map(<[String]>::to_vec).unwrap_or_default())
        .filter(|line| !line.is_empty())
        .collect();
    Some(reply)
}

/// The only legal turn, if there is exactly one.
fn forced_turn(game: &AnyGame) -> Option<String> {
    if game.count_turns_quickly() != Some(1) {
        return None;
    }
    game.legal_strings().into_iter().next()
}

/// Play `turn` for `seat` into the record (history, highlights, clock);
/// the turn as played, `None` if the game refuses it.
fn play_as(record: &mut GameRecord, seat: Seat, turn: &str, now: u64) -> Option<String> {
    let played = record.game.play_str(turn).ok()?;
    record.history.push(TurnRecord {
        turn: played.canonical.clone(),
        seat,
        at_ms: now,
    });
    record.last = played.highlights;
    record.draw_offer = None;
    record.undo_request = None;
    record.resign_request = [None; 2];
    let next = record.game.to_move();
    if let Some(clock) = record.clock.as_mut() {
        clock.turn_done(seat.index(), next.index(), now);
    }
    Some(played.canonical)
}

/// `premove <their turn> <my reply> ...` or `premove clear`.
pub(super) fn premove(
    bot: &Bot,
    request: &Request,
    key: &str,
    action: &PremoveAction,
) -> Result<Answer, StoreError> {
    update_game(bot, request, key, |at| match action {
        PremoveAction::Clear => {
            let mut record = at.game.clone();
            let count = std::mem::take(&mut record.premoves[at.seat.index()]).len();
            let answer = Answer::reply(Reply::error(t!(
                at.private,
                "premove-cleared",
                count = count
            )));
            store_game(key, record, answer, at.now)
        }
        PremoveAction::Line(text) => add_line(&at, key, text),
    })
}

/// Check a line from the current position and keep it.
fn add_line(at: &InGame<'_>, key: &str, text: &str) -> Update<Answer> {
    let lang = at.private;
    let game = at.game;
    if game.game.to_move() == at.seat {
        return Update::keep(Answer::error(t!(lang, "premove-your-turn")));
    }
    let line = match read_line(&game.game, text, lang) {
        Ok(line) => line,
        Err(refusal) => return Update::keep(Answer::error(refusal)),
    };
    let lines = &game.premoves[at.seat.index()];
    if lines.len() >= MAX_LINES {
        return Update::keep(Answer::error(t!(
            lang,
            "premove-too-many",
            most = MAX_LINES
        )));
    }
    if let Some(clash) = clash(lines, &line) {
        return Update::keep(Answer::error(clash_text(&line, clash, lang)));
    }
    let mut record = game.clone();
    record.premoves[at.seat.index()].push(line.clone());
    let opponent = &game.player(at.seat.other()).name;
    let text = t!(
        lang,
        "premove-kept",
        line = line_text(&line, opponent, lang),
        count = record.premoves[at.seat.index()].len()
    );
    store_game(key, record, Answer::reply(Reply::error(text)), at.now)
}

/// Where a new line answers the same turn of the opponent with another
/// reply than a kept line: the index of that reply in the new line.
fn clash(lines: &[Vec<String>], line: &[String]) -> Option<usize> {
    lines.iter().find_map(|kept| {
        let shared = kept.iter().zip(line).take_while(|(a, b)| a == b).count();
        // Their turns sit at even places, replies at odd ones: a first
        // difference at a reply is a clash.
        (shared % 2 == 1 && shared < kept.len() && shared < line.len()).then_some(shared)
    })
}

fn clash_text(line: &[String], at: usize, lang: Lang) -> String {
    t!(
        lang,
        "premove-clash",
        theirs = line[at - 1].as_str(),
        mine = line[at].as_str()
    )
}

/// Read a line's turns from `start`, each checked by the rules in turn:
/// separated by commas, or else by spaces (each turn the fewest words the
/// game reads as a whole turn).
fn read_line(start: &AnyGame, text: &str, lang: Lang) -> Result<Vec<String>, String> {
    let mut position = start.clone();
    let mut line = Vec::new();
    let pieces: Vec<String> = if text.contains([',', ';']) {
        text.split([',', ';'])
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty())
            .collect()
    } else {
        text.split_whitespace().map(str::to_string).collect()
    };
    let mut rest = pieces.as_slice();
    while !rest.is_empty() {
        if line.len() == 2 * MAX_PAIRS {
            return Err(t!(lang, "premove-too-long", most = MAX_PAIRS));
        }
        if position.outcome().is_some() {
            return Err(t!(lang, "premove-past-the-end", number = line.len() + 1));
        }
        let (turn, used) = whole_turn(&mut position, rest).map_err(|reason| {
            t!(
                lang,
                "premove-illegal",
                turn = crate::limits::quote(&rest[0]),
                number = line.len() + 1,
                reason = super::game::sentence(&say(lang, &reason))
            )
        })?;
        line.push(turn);
        rest = &rest[used..];
    }
    if line.is_empty() || line.len() % 2 == 1 {
        return Err(t!(lang, "premove-pairs"));
    }
    Ok(line)
}

/// The fewest of `words` the game reads as a whole turn, played into
/// `position`: the turn as played and how many words it took; else why
/// the first word is refused.
fn whole_turn(
    position: &mut AnyGame,
    words: &[String],
) -> Result<(String, usize), cairn_words::Message> {
    let mut first_refusal = None;
    for used in 1..=words.len() {
        let mut trial = position.clone();
        match trial.play_str(&words[..used].join(" ")) {
            Ok(_) if !trial.in_mid_turn() => {
                let canonical = whole_text(position, &words[..used]);
                *position = trial;
                return Ok((canonical, used));
            }
            Ok(_) => {}
            Err(error) => {
                first_refusal.get_or_insert(error.message());
            }
        }
    }
    // Every reading leaves the turn unfinished.
    Err(first_refusal.unwrap_or_else(|| {
        cairn_words::Message::new("turn-not-legal").arg("turn", words.join(" ").as_str())
    }))
}

/// A whole turn's text as the game writes it (its canonical form when the
/// game reads it whole in one go).
fn whole_text(before: &AnyGame, words: &[String]) -> String {
    before
        .canonical(&words.join(" "))
        .unwrap_or_else(|_| words.join(" "))
}

/// "if bob plays e4, you answer f5; then if bob plays ..."
fn line_text(line: &[String], opponent: &str, lang: Lang) -> String {
    let pairs: Vec<String> = line
        .chunks(2)
        .map(|pair| {
            t!(
                lang,
                "premove-pair",
                opponent = opponent,
                theirs = pair[0].as_str(),
                mine = pair.get(1).map_or("", String::as_str)
            )
        })
        .collect();
    pairs.join(&t!(lang, "premove-then"))
}

/// `premoves`: my lines in this game, privately.
pub(super) fn list(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).private;
    let record = bot.store.load(key)?;
    let Some((game, seat)) = record
        .as_ref()
        .and_then(|r| r.active_game())
        .and_then(|g| g.seat_of(&request.user.id).map(|s| (g, s)))
    else {
        return Ok(Answer::error(t!(lang, "premove-no-game")));
    };
    let lines = &game.premoves[seat.index()];
    if lines.is_empty() {
        return Ok(Answer::reply(Reply::error(t!(lang, "premoves-none"))));
    }
    let opponent = &game.player(seat.other()).name;
    let mut text = t!(lang, "premoves-head", count = lines.len());
    for (n, line) in lines.iter().enumerate() {
        text.push_str(&format!("\n{}. {}", n + 1, line_text(line, opponent, lang)));
    }
    Ok(Answer::reply(Reply::error(text)))
}

/// The private notice owed to the requester whose lines a turn off every
/// line dropped in this channel's game (cleared once said).
pub(super) fn dropped_notice(bot: &Bot, request: &Request, key: &str) -> Option<Reply> {
    let lang = bot.langs(request).private;
    let owed = |record: &Option<cairn_store::ChannelRecord>| {
        let game = record.as_ref()?.game.as_ref()?;
        let seat = game.seat_of(&request.user.id)?;
        game.premoves_dropped[seat.index()].then_some(seat)
    };
    let record = bot.store.load(key).ok()?;
    owed(&record)?;
    let told = bot.store.update(key, |current| {
        let Some(seat) = owed(&current) else {
            return Update::keep(false);
        };
        let Some(mut record) = current else {
            return Update::keep(false);
        };
        if let Some(game) = record.game.as_mut() {
            game.premoves_dropped[seat.index()] = false;
        }
        Update {
            change: cairn_store::Change::Put(record),
            archive: None,
            value: true,
        }
    });
    matches!(told, Ok(true)).then(|| Reply::error(t!(lang, "premove-dropped")))
}
