//! `puzzle`: positions from real games where the side to move wins within
//! a few turns by exactly one first turn. The player answers with
//! `puzzle <turn>` (or `pick`); a right answer goes on against the
//! solver's best defence until the win, a wrong one ends the attempt. The
//! end of an attempt rates the player and the puzzle (Glicko-2) in one
//! store transaction, so an answer sent twice counts once.
//!
//! The proofs come from the AI crate (`cairn_ai::puzzle`); this module
//! only chooses, shows, words and stores. The puzzles shipped with Cairn
//! (the repository's `puzzles/`) are added to the store the first time a
//! process needs one.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use cairn_ai::puzzle::PuzzleBudget;
use cairn_rules::{AnyGame, GameKind, Seat, TurnError};
use cairn_store::puzzle::RECENT_PUZZLES;
use cairn_store::{
    Change, GameRecord, Player, PuzzleAttempt, PuzzlePlayer, PuzzleRecord, PuzzleResult,
    PuzzleSource, StoreError, TurnRecord, Update,
};
use serde::Deserialize;

use super::game::sentence;
use super::set::PuzzleAction;
use crate::i18n::{say, Lang};
use crate::{player_label_in, replay, t, Answer, BoardShow, Bot, Reply, Request};

/// How long one answer may be checked (the solver proves it far sooner
/// for every shipped puzzle).
const CHECK_TIME: Duration = Duration::from_secs(3);
const CHECK_NODES: u64 = 20_000_000;

/// A shipped puzzle as the repository's `puzzles/<game>.json` holds it.
#[derive(Deserialize)]
struct Shipped {
    #[serde(default)]
    options: Vec<String>,
    turns: Vec<String>,
    distance: u32,
    solution: String,
}

/// The shipped files, by game.
const SHIPPED: [(GameKind, &str); 7] = [
    (
        GameKind::Callanish,
        include_str!("../../../../puzzles/callanish.json"),
    ),
    (
        GameKind::Alquerque,
        include_str!("../../../../puzzles/alquerque.json"),
    ),
    (
        GameKind::Fanorona,
        include_str!("../../../../puzzles/fanorona.json"),
    ),
    (
        GameKind::Alquad,
        include_str!("../../../../puzzles/alquad.json"),
    ),
    (
        GameKind::Sight,
        include_str!("../../../../puzzles/sight.json"),
    ),
    (
        GameKind::Collapse,
        include_str!("../../../../puzzles/collapse.json"),
    ),
    (
        GameKind::Floaters,
        include_str!("../../../../puzzles/floaters.json"),
    ),
];

/// The puzzles shipped with Cairn.
pub fn shipped_puzzles() -> Vec<PuzzleRecord> {
    let mut out = Vec::new();
    for (kind, text) in SHIPPED {
        let list: Vec<Shipped> = match serde_json::from_str(text) {
            Ok(list) => list,
            Err(error) => {
                tracing::error!(%error, game = kind.name(), "a shipped puzzle file does not read");
                continue;
            }
        };
        out.extend(list.into_iter().map(|p| {
            PuzzleRecord::new(
                kind,
                p.options,
                p.turns,
                p.distance,
                p.solution,
                PuzzleSource::Shipped,
            )
        }));
    }
    out
}

/// Store the shipped puzzles the store lacks, once per bot.
pub(crate) fn ensure_shipped(bot: &Bot) -> Result<(), StoreError> {
    if !bot.shipped_stored.load(Ordering::Acquire) {
        bot.store.add_puzzles(&shipped_puzzles())?;
        bot.shipped_stored.store(true, Ordering::Release);
    }
    Ok(())
}

/// `puzzle …`.
pub(super) fn puzzle(
    bot: &Bot,
    request: &Request,
    key: &str,
    action: &PuzzleAction,
) -> Result<Answer, StoreError> {
    ensure_shipped(bot)?;
    match action {
        PuzzleAction::Show => match current(bot, request)? {
            Some((attempt, puzzle)) => Ok(show(bot, request, &puzzle, &attempt.line, None)),
            None => start(bot, request, key, None),
        },
        PuzzleAction::New(kind) => start(bot, request, key, *kind),
        PuzzleAction::Answer(text) => answer(bot, request, key, text),
    }
}

/// The requester's puzzle record part.
fn standing(bot: &Bot, request: &Request) -> Result<PuzzlePlayer, StoreError> {
    Ok(bot
        .player_record(&request.platform, &request.user.id)?
        .and_then(|p| p.puzzles)
        .map(|p| *p)
        .unwrap_or_default())
}

/// The puzzle the requester is solving, if any (and still stored).
pub(super) fn current(
    bot: &Bot,
    request: &Request,
) -> Result<Option<(PuzzleAttempt, PuzzleRecord)>, StoreError> {
    current_in(bot, standing(bot, request)?)
}

/// The puzzle `standing` is solving, if any (and still stored).
fn current_in(
    bot: &Bot,
    standing: PuzzlePlayer,
) -> Result<Option<(PuzzleAttempt, PuzzleRecord)>, StoreError> {
    let Some(attempt) = standing.current else {
        return Ok(None);
    };
    Ok(bot
        .store
        .puzzle(attempt.kind, &attempt.id)?
        .map(|puzzle| (attempt, puzzle)))
}

/// The stored puzzle to show next: not seen lately, of the game asked
/// for, rated nearest the player.
fn choose(
    bot: &Bot,
    kind: Option<GameKind>,
    player: &PuzzlePlayer,
) -> Result<Option<PuzzleRecord>, StoreError> {
    let all = bot.store.puzzles(kind)?;
    let fresh: Vec<&PuzzleRecord> = all
        .iter()
        .filter(|p| !player.recent.contains(&p.id))
        .collect();
    let pool = if fresh.is_empty() {
        // All seen lately: the one seen longest ago comes back first.
        let age = |p: &PuzzleRecord| player.recent.iter().position(|id| *id == p.id);
        return Ok(all.iter().min_by_key(|p| age(p)).cloned());
    } else {
        fresh
    };
    let distance = |p: &&PuzzleRecord| (p.rating.rating - player.rating.rating).abs() as u64;
    Ok(pool.into_iter().min_by_key(distance).cloned())
}

/// Start a new puzzle (the one being solved is left unrated).
fn start(
    bot: &Bot,
    request: &Request,
    key: &str,
    kind: Option<GameKind>,
) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).private;
    let standing = standing(bot, request)?;
    let Some(puzzle) = choose(bot, kind, &standing)? else {
        let game = kind.map(|k| say(lang, &k.title_message()));
        return Ok(Answer::error(match game {
            Some(game) => t!(lang, "puzzle-none-of-game", game = game),
            None => t!(lang, "puzzle-none-stored"),
        }));
    };
    begin(bot, request, key, &puzzle)?;
    Ok(show(bot, request, &puzzle, &[], None))
}

/// Make `puzzle` the requester's current attempt.
fn begin(
    bot: &Bot,
    request: &Request,
    key: &str,
    puzzle: &PuzzleRecord,
) -> Result<PuzzleAttempt, StoreError> {
    let attempt = PuzzleAttempt {
        id: puzzle.id.clone(),
        kind: puzzle.kind,
        channel: key.to_string(),
        line: Vec::new(),
        started_ms: bot.now(),
        pick: None,
    };
    let user = requester(request);
    let player_key = Bot::player_key(&request.platform, &request.user.id);
    bot.store.update(&player_key, |current| {
        let mut record = current.unwrap_or_default();
        let mut player = record.player.take().unwrap_or_default();
        player.user = user.clone();
        let mut puzzles = player.puzzles.take().map(|p| *p).unwrap_or_default();
        puzzles.recent.retain(|id| *id != attempt.id);
        puzzles.recent.push(attempt.id.clone());
        let excess = puzzles.recent.len().saturating_sub(RECENT_PUZZLES);
        puzzles.recent.drain(..excess);
        puzzles.current = Some(attempt.clone());
        player.puzzles = Some(Box::new(puzzles));
        record.player = Some(player);
        Update {
            change: Change::Put(record),
            archive: None,
            value: (),
        }
    })?;
    Ok(attempt)
}

/// The puzzle's position after `line`, as a game record to draw and word:
/// the solver's seat is the requester's, the other is Cairn's.
fn position_record(
    bot: &Bot,
    solver: &Player,
    puzzle: &PuzzleRecord,
    line: &[String],
) -> Option<(GameRecord, Seat)> {
    let (mut game, mut last) = replay(puzzle.kind, &puzzle.options, &puzzle.turns).ok()?;
    let solver_seat = game.to_move();
    let mut history = Vec::new();
    for turn in line {
        let seat = game.to_move();
        last = game.play_str(turn).ok()?.highlights;
        history.push(TurnRecord {
            turn: turn.clone(),
            seat,
            at_ms: 0,
        });
    }
    let me = solver.clone();
    let cairn = Player {
        id: bot.config.bot_user.id.clone(),
        name: bot.config.bot_user.name.clone(),
        is_bot: true,
    };
    let players = match solver_seat {
        Seat::First => [me, cairn],
        Seat::Second => [cairn, me],
    };
    let record = GameRecord {
        history,
        last,
        ..GameRecord::new(puzzle.kind, puzzle.options.clone(), players, game, 0)
    };
    Some((record, solver_seat))
}

/// The puzzle's board and what to do, after `line`, with `said` (what
/// the last answer did) first.
pub(super) fn show(
    bot: &Bot,
    request: &Request,
    puzzle: &PuzzleRecord,
    line: &[String],
    said: Option<String>,
) -> Answer {
    let solver = requester(request);
    show_to(bot, &solver, bot.langs(request).public, puzzle, line, said)
}

/// The requester as a player.
fn requester(request: &Request) -> Player {
    Player {
        id: request.user.id.clone(),
        name: request.user.name.clone(),
        is_bot: false,
    }
}

/// A puzzle's board for anyone who reads the channel (the daily puzzle).
pub(crate) fn puzzle_board(bot: &Bot, puzzle: &PuzzleRecord, lang: Lang) -> Answer {
    let anyone = Player {
        id: String::new(),
        name: t!(lang, "puzzle-you"),
        is_bot: false,
    };
    show_to(bot, &anyone, lang, puzzle, &[], None)
}

/// [`show`] for `solver`, in `lang`.
fn show_to(
    bot: &Bot,
    solver: &Player,
    lang: Lang,
    puzzle: &PuzzleRecord,
    line: &[String],
    said: Option<String>,
) -> Answer {
    let Some((record, seat)) = position_record(bot, solver, puzzle, line) else {
        return Answer::error(t!(lang, "puzzle-unreadable", id = puzzle.id.as_str()));
    };
    let left = puzzle.distance.saturating_sub(line.len() as u32);
    let task = t!(
        lang,
        "puzzle-task",
        id = puzzle.id.as_str(),
        game = say(lang, &puzzle.kind.title_message()),
        rating = puzzle.rating.label(),
        player = player_label_in(&record, seat, lang),
        turns = left
    );
    let text = match said {
        Some(said) => format!("{said}\n{task}"),
        None => task,
    };
    Answer {
        replies: vec![Reply::text(text)],
        board: Some(BoardShow {
            record: Box::new(record),
            hints: false,
            replay: false,
            picking: None,
        }),
        bot_to_move: false,
    }
}

/// How an answer turned out.
enum Verdict {
    /// The turn keeps the win: the line goes on with these turns (the
    /// answer, and the defence's reply unless the answer ended the game
    /// or its mover moves again).
    Right { played: Vec<String>, solved: bool },
    /// The turn lets the win go; a turn that kept it, if one was found.
    Wrong {
        played: String,
        instead: Option<String>,
    },
}

/// `puzzle <turn>`: check the answer, then store its effect.
fn answer(bot: &Bot, request: &Request, key: &str, text: &str) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).private;
    let standing = standing(bot, request)?;
    let recent = standing.recent.clone();
    let (attempt, puzzle) = match current_in(bot, standing)? {
        Some(found) => found,
        None => match daily_of(bot, key)? {
            // The day's puzzle is tried once.
            Some(puzzle) if recent.contains(&puzzle.id) => {
                return Ok(Answer::error(t!(lang, "puzzle-daily-done")))
            }
            Some(puzzle) => (begin(bot, request, key, &puzzle)?, puzzle),
            None => return Ok(Answer::error(t!(lang, "puzzle-not-solving"))),
        },
    };
    answer_turn(bot, request, &attempt, &puzzle, text)
}

/// Judge `text` as the answer to `attempt`, then store its effect.
pub(super) fn answer_turn(
    bot: &Bot,
    request: &Request,
    attempt: &PuzzleAttempt,
    puzzle: &PuzzleRecord,
    text: &str,
) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).private;
    let Some(position) = position_of(puzzle, &attempt.line) else {
        return Ok(Answer::error(t!(
            lang,
            "puzzle-unreadable",
            id = puzzle.id.as_str()
        )));
    };
    let left = puzzle.distance.saturating_sub(attempt.line.len() as u32);
    let _permit = bot.workers.acquire(|_| {});
    let verdict = match judge(&position, text, left) {
        Ok(verdict) => verdict,
        Err(refusal) => return Ok(Answer::error(refusal.text(lang))),
    };
    settle(bot, request, attempt, puzzle, verdict)
}

/// The position an attempt stands at: the puzzle's, then the line.
pub(crate) fn position_of(puzzle: &PuzzleRecord, line: &[String]) -> Option<AnyGame> {
    let turns: Vec<String> = puzzle.turns.iter().chain(line).cloned().collect();
    replay(puzzle.kind, &puzzle.options, &turns)
        .ok()
        .map(|(game, _)| game)
}

/// Why an answer was not judged.
enum Refusal {
    Turn(TurnError),
    /// Only part of a turn (Floaters): a puzzle's answer is a whole turn.
    Part,
    /// The check ran out of time.
    Unchecked,
}

impl Refusal {
    fn text(&self, lang: Lang) -> String {
        match self {
            Refusal::Turn(TurnError::GameOver) => t!(lang, "game-already-over"),
            Refusal::Turn(error) => t!(
                lang,
                "puzzle-refused",
                reason = sentence(&say(lang, &error.message()))
            ),
            Refusal::Part => t!(lang, "puzzle-whole-turn"),
            Refusal::Unchecked => t!(lang, "puzzle-unchecked"),
        }
    }
}

fn budget() -> PuzzleBudget {
    PuzzleBudget {
        nodes: CHECK_NODES,
        deadline: Some(Instant::now() + CHECK_TIME),
    }
}

/// Judge `text` in `position`, where the player to move wins within
/// `left` turns.
fn judge(position: &AnyGame, text: &str, left: u32) -> Result<Verdict, Refusal> {
    let mut after = position.clone();
    let played = after.play_str(text).map_err(Refusal::Turn)?;
    if after.in_mid_turn() {
        return Err(Refusal::Part);
    }
    let canonical = played.canonical;
    let kept = cairn_ai::puzzle::keeps_win_within_any(position, &canonical, left, &budget())
        .map_err(|_| Refusal::Unchecked)?;
    if !kept {
        return Ok(Verdict::Wrong {
            instead: winning_turn(position, left),
            played: canonical,
        });
    }
    if after.outcome().is_some() {
        return Ok(Verdict::Right {
            played: vec![canonical],
            solved: true,
        });
    }
    if after.to_move() == position.to_move() {
        return Ok(Verdict::Right {
            played: vec![canonical],
            solved: false,
        });
    }
    let defence = match cairn_ai::puzzle::defence_any(&after, &budget()) {
        Ok(Some(defence)) => defence,
        Ok(None) | Err(_) => return Err(Refusal::Unchecked),
    };
    Ok(Verdict::Right {
        played: vec![canonical, defence],
        solved: false,
    })
}

/// A turn that keeps the win within `left` turns, to show after a wrong
/// answer (none if the search runs out of time).
fn winning_turn(position: &AnyGame, left: u32) -> Option<String> {
    let until = Instant::now() + CHECK_TIME;
    position.legal_strings().into_iter().find(|turn| {
        Instant::now() < until
            && cairn_ai::puzzle::keeps_win_within_any(position, turn, left, &budget())
                .unwrap_or(false)
    })
}

/// Store what the answer did, if the attempt is still where it was
/// judged (an answer sent twice is taken once).
fn settle(
    bot: &Bot,
    request: &Request,
    attempt: &PuzzleAttempt,
    puzzle: &PuzzleRecord,
    verdict: Verdict,
) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).public;
    let player_key = Bot::player_key(&request.platform, &request.user.id);
    let ends = match &verdict {
        Verdict::Right { solved, .. } => solved.then_some(true),
        Verdict::Wrong { .. } => Some(false),
    };
    let mut line = attempt.line.clone();
    if let Verdict::Right { played, .. } = &verdict {
        line.extend(played.iter().cloned());
    }
    let taken = bot.store.update_rating_puzzle(&player_key, |current| {
        let mut record = current.unwrap_or_default();
        let Some(player) = record.player.as_mut() else {
            return (Update::keep(None), None);
        };
        let Some(puzzles) = player.puzzles.as_mut() else {
            return (Update::keep(None), None);
        };
        if puzzles.current.as_ref() != Some(attempt) {
            return (Update::keep(None), None);
        }
        let before = puzzles.rating;
        let result = ends.map(|solved| {
            let (mine, _) = cairn_store::rating::rate_puzzle(before, puzzle.rating, solved);
            puzzles.rating = mine;
            puzzles.attempts += 1;
            puzzles.solved += u32::from(solved);
            puzzles.current = None;
            PuzzleResult {
                kind: puzzle.kind,
                id: puzzle.id.clone(),
                player: before,
                solved,
            }
        });
        if result.is_none() {
            if let Some(current) = puzzles.current.as_mut() {
                current.line = line.clone();
                current.pick = None;
            }
        }
        let rating = puzzles.rating;
        let update = Update {
            change: Change::Put(record),
            archive: None,
            value: Some((before, rating)),
        };
        (update, result)
    })?;
    let Some((before, after)) = taken else {
        return Ok(Answer::error(t!(
            bot.langs(request).private,
            "puzzle-already-answered"
        )));
    };
    let change = format!("{:+.0}", after.rating - before.rating);
    Ok(match verdict {
        Verdict::Right {
            solved: true,
            played,
        } => {
            let said = t!(
                lang,
                "puzzle-solved",
                player = request.user.name.as_str(),
                turn = played.join(" "),
                rating = after.label(),
                change = change
            );
            let mut answer = show(bot, request, puzzle, &line, None);
            if let Some(first) = answer.replies.first_mut() {
                first.text = said;
            }
            answer
        }
        Verdict::Right { played, .. } => {
            let said = match played.as_slice() {
                [mine, reply] => t!(
                    lang,
                    "puzzle-right-reply",
                    turn = mine.as_str(),
                    reply = reply.as_str(),
                    bot = bot.config.bot_user.name.as_str()
                ),
                _ => t!(lang, "puzzle-right-again", turn = played.join(" ")),
            };
            show(bot, request, puzzle, &line, Some(said))
        }
        Verdict::Wrong { played, instead } => {
            let instead = match instead {
                Some(turn) => t!(lang, "puzzle-instead", turn = turn),
                None => String::new(),
            };
            Answer::reply(Reply::text(t!(
                lang,
                "puzzle-wrong",
                player = request.user.name.as_str(),
                turn = played,
                instead = instead,
                rating = after.label(),
                change = change
            )))
        }
    })
}

/// The daily puzzle posted in the channel `key`, if any.
fn daily_of(bot: &Bot, key: &str) -> Result<Option<PuzzleRecord>, StoreError> {
    let daily_key = cairn_store::puzzle::daily_key(key);
    let Some((kind, id)) = bot
        .store
        .load(&daily_key)?
        .and_then(|r| r.daily)
        .and_then(|d| d.last)
    else {
        return Ok(None);
    };
    bot.store.puzzle(kind, &id)
}

/// `rating puzzles [player]`: a player's puzzle rating.
pub(super) fn rating(
    bot: &Bot,
    request: &Request,
    player: Option<&crate::User>,
) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).public;
    let user = player.unwrap_or(&request.user);
    let standing = bot
        .player_record(&request.platform, &user.id)?
        .and_then(|p| p.puzzles);
    Ok(Answer::reply(Reply::text(match standing {
        Some(p) if p.attempts > 0 => t!(
            lang,
            "puzzle-rating",
            player = user.name.as_str(),
            rating = p.rating.label(),
            attempts = p.attempts,
            solved = p.solved
        ),
        _ => t!(lang, "puzzle-rating-none", player = user.name.as_str()),
    })))
}
