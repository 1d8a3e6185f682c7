//! `tournament` and `tournaments` (#39): round robins and Swiss events
//! that run themselves, and the scheduler's part of them.
//!
//! Every tournament of a channel is in one record (the store's
//! `tournament` module), changed by compare-and-swap. Starting a round
//! writes its pairings into that record; each pairing's game is then
//! written into its own channel only while that channel is empty, so a
//! game exists once whoever (which process, before or after a restart)
//! gets there first; only the writer announces it. A result is counted in
//! the tournament's record, for a pairing that has none yet, so it counts
//! once: a game that ends (a move, a resignation, a loss on time) sets
//! the record's attention moment, and the scheduler, which also looks
//! every hour, counts it and pairs the next round in the same write.

use super::args::{self, ArgError, ClockSetting, Context, GameSetup};
use super::challenge::{first_hint, player_of, start_game, thread_name};
use super::game::game_reply;
use super::set::{Args, Command};
use crate::i18n::{say, Lang};
use crate::tournament::pairing::{self, History};
use crate::tournament::standings::{self, halves, quarters};
use crate::{captions_in, status_caption_in, t, Answer, Bot, ChannelKey, Delivery, GameThread};
use crate::{Reply, Request};
use cairn_rules::{GameKind, Seat};
use cairn_store::clock::TimeControl;
use cairn_store::tournament::{
    game_key, parse_game_key, tournaments_channel, tournaments_key, Entrant, Format, Pairing,
    Round, Score, Stage, Tournament, Tournaments, MOVED_GAMES_CHECK_MS, TOURNAMENT_CHECK_MS,
};
use cairn_store::{Challenge, Change, ChannelRecord, GameRecord, Player, StoreError, Update};

/// The words of `tournament`'s action.
pub const TOURNAMENT_ACTIONS: &[&str] =
    &["create", "join", "leave", "start", "standings", "cancel"];
/// The formats: `roundrobin`, `double` (twice, sides swapped), `swiss`.
pub const FORMATS: &[&str] = &["roundrobin", "double", "swiss"];

/// The fewest players of a tournament.
pub const MIN_PLAYERS: usize = 3;
/// The most players of a round robin.
pub const MAX_ROUND_ROBIN: usize = 16;
/// The most players of a Swiss.
pub const MAX_SWISS: usize = 64;

/// When a tournament starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starts {
    /// `tournament start` by the organiser.
    Manual,
    /// This long after it is created.
    After(u64),
}

/// `tournament create`'s values, each checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSetup {
    pub setup: GameSetup,
    pub format: Format,
    /// `None`: the bot's default clock.
    pub clock: Option<ClockSetting>,
    pub max: Option<u8>,
    pub starts: Starts,
}

/// What `tournament` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAction {
    Create(Box<TournamentSetup>),
    Join,
    Leave,
    Start,
    Standings,
    Cancel,
}

impl TournamentAction {
    /// The words after `tournament`, as a player writes them.
    pub(super) fn words(&self) -> Vec<String> {
        let action = match self {
            TournamentAction::Create(_) => "create",
            TournamentAction::Join => "join",
            TournamentAction::Leave => "leave",
            TournamentAction::Start => "start",
            TournamentAction::Standings => "standings",
            TournamentAction::Cancel => "cancel",
        };
        let mut words = vec![action.to_string()];
        if let TournamentAction::Create(c) = self {
            words.push(c.setup.kind.name().to_string());
            words.extend(c.setup.words.iter().cloned());
            words.push(match c.format {
                Format::RoundRobin { double: false } => "format=roundrobin".to_string(),
                Format::RoundRobin { double: true } => "format=double".to_string(),
                Format::Swiss { rounds } => format!("format=swiss rounds={rounds}"),
            });
            words.extend(c.clock.map(|s| format!("clock={s}")));
            words.extend(c.max.map(|m| format!("max={m}")));
            words.push(match c.starts {
                Starts::Manual => "starts=manual".to_string(),
                Starts::After(ms) => format!("starts={}", cairn_store::clock::format_duration(ms)),
            });
        }
        words
    }
}

/// Why `tournament`'s arguments are refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentArgError {
    /// `create` without a game.
    NoGame,
    /// `starts=` is neither a delay nor `manual`.
    Starts { word: String },
    /// `max=` above what the format takes.
    TooMany { max: u8, limit: usize },
    /// A word that is no action.
    NotAnAction { word: String },
}

impl TournamentArgError {
    pub fn text(&self, lang: Lang) -> String {
        match self {
            TournamentArgError::NoGame => t!(lang, "tournament-which-game"),
            TournamentArgError::Starts { word } => {
                t!(lang, "tournament-starts-unreadable", given = word.as_str())
            }
            TournamentArgError::TooMany { max, limit } => {
                t!(lang, "tournament-max-too-many", max = *max, limit = *limit)
            }
            TournamentArgError::NotAnAction { word } => {
                t!(lang, "tournament-not-an-action", word = word.as_str())
            }
        }
    }
}

impl From<TournamentArgError> for ArgError {
    fn from(error: TournamentArgError) -> Self {
        ArgError::Tournament(error)
    }
}

/// `tournament <action> ...`: the typed command.
pub(super) fn build_tournament(a: &mut Args, context: &Context<'_>) -> Result<Command, ArgError> {
    let word = a.required("tournament", "action")?.to_ascii_lowercase();
    let action = match word.as_str() {
        "create" => TournamentAction::Create(Box::new(setup_of(a, context)?)),
        "join" => TournamentAction::Join,
        "leave" => TournamentAction::Leave,
        "start" => TournamentAction::Start,
        "standings" => TournamentAction::Standings,
        "cancel" => TournamentAction::Cancel,
        _ => return Err(TournamentArgError::NotAnAction { word }.into()),
    };
    Ok(Command::Tournament(action))
}

fn setup_of(a: &mut Args, context: &Context<'_>) -> Result<TournamentSetup, ArgError> {
    let game = a.word("game").ok_or(TournamentArgError::NoGame)?;
    let kind = args::game("tournament", &game)?;
    let setup = args::setup(kind, &a.words("options"))?;
    let rounds = a
        .word("rounds")
        .and_then(|w| w.parse::<u8>().ok())
        .map(|r| r.clamp(1, 12));
    let format = match a.word("format").as_deref() {
        Some("double") => Format::RoundRobin { double: true },
        Some("swiss") => Format::Swiss {
            rounds: rounds.unwrap_or(0),
        },
        _ => Format::RoundRobin { double: false },
    };
    let limit = match format {
        Format::RoundRobin { .. } => MAX_ROUND_ROBIN,
        Format::Swiss { .. } => MAX_SWISS,
    };
    let max = a.word("max").and_then(|w| w.parse::<u8>().ok());
    if let Some(max) = max.filter(|&m| usize::from(m) > limit) {
        return Err(TournamentArgError::TooMany { max, limit }.into());
    }
    let clock = a
        .word("clock")
        .map(|w| args::clock(&w, context.min_clock_ms))
        .transpose()?;
    let starts = match a.word("starts") {
        None => Starts::Manual,
        Some(word) if word.eq_ignore_ascii_case("manual") => Starts::Manual,
        Some(word) => match cairn_store::clock::parse_duration(&word) {
            Some(ms) => Starts::After(ms),
            None => return Err(TournamentArgError::Starts { word }.into()),
        },
    };
    Ok(TournamentSetup {
        setup,
        format,
        clock,
        max,
        starts,
    })
}

/// `tournament <action>` in the channel `key`.
pub(super) fn run(
    bot: &Bot,
    request: &Request,
    key: &str,
    action: &TournamentAction,
) -> Result<Answer, StoreError> {
    let langs = bot.langs(request);
    if parse_game_key(key).is_some() || tournaments_channel(key).is_some() {
        return Ok(Answer::error(t!(langs.private, "tournament-not-here")));
    }
    if let TournamentAction::Standings = action {
        return standings_answer(bot, key, langs.public);
    }
    let now = bot.now();
    let default_clock = bot.config.default_clock;
    bot.store.update(&tournaments_key(key), |current| {
        let mut all = current
            .as_ref()
            .and_then(|r| r.tournaments.as_deref().cloned())
            .unwrap_or_default();
        let said = match action {
            TournamentAction::Create(setup) => {
                create(&mut all, request, setup, default_clock, now, langs.public)
            }
            other => act(&mut all, request, other, now, langs.public),
        };
        match said {
            Ok(text) => Update {
                change: Change::Put(with_tournaments(current, all)),
                archive: None,
                value: Answer::reply(Reply::text(text)),
            },
            Err(text) => Update::keep(Answer::error(text)),
        }
    })
}

/// The record with these tournaments.
fn with_tournaments(current: Option<ChannelRecord>, all: Tournaments) -> ChannelRecord {
    ChannelRecord {
        tournaments: Some(Box::new(all)),
        ..current.unwrap_or_default()
    }
}

/// The tournament open or running here.
fn active(all: &mut Tournaments) -> Option<&mut Tournament> {
    all.list.iter_mut().rev().find(|t| t.active())
}

fn create(
    all: &mut Tournaments,
    request: &Request,
    setup: &TournamentSetup,
    default_clock: Option<TimeControl>,
    now: u64,
    lang: Lang,
) -> Result<String, String> {
    if let Some(busy) = active(all) {
        return Err(t!(lang, "tournament-busy", number = busy.number));
    }
    let limit = match setup.format {
        Format::RoundRobin { .. } => MAX_ROUND_ROBIN,
        Format::Swiss { .. } => MAX_SWISS,
    };
    let number = all.list.last().map_or(1, |t| t.number + 1);
    let tournament = Tournament {
        number,
        game: setup.setup.kind,
        options: setup.setup.words.clone(),
        clock: setup.clock.map_or(default_clock, ClockSetting::control),
        format: setup.format,
        max: setup.max.unwrap_or(limit as u8),
        organiser: player_of(&request.user),
        entrants: Vec::new(),
        stage: Stage::Open,
        starts_ms: match setup.starts {
            Starts::Manual => None,
            Starts::After(ms) => Some(now.saturating_add(ms)),
        },
        created_ms: now,
        rounds: Vec::new(),
        attention_ms: None,
        public_place: request.capabilities.public_place,
    };
    let start = match setup.starts {
        Starts::Manual => t!(lang, "tournament-starts-manual"),
        Starts::After(ms) => t!(
            lang,
            "tournament-starts-after",
            within = crate::i18n::duration(lang, ms),
            min = MIN_PLAYERS
        ),
    };
    let text = t!(
        lang,
        "tournament-created",
        organiser = request.user.name.as_str(),
        number = number,
        game = super::challenge::options_label(tournament.game, &tournament.options, lang),
        format = format_words(&tournament, lang),
        clock = super::challenge::clock_label(tournament.clock, "challenge-clock-lead", lang),
        max = tournament.max,
        start = start
    );
    all.list.push(tournament);
    Ok(text)
}

/// `join`, `leave`, `start`, `cancel` on the active tournament.
fn act(
    all: &mut Tournaments,
    request: &Request,
    action: &TournamentAction,
    now: u64,
    lang: Lang,
) -> Result<String, String> {
    let Some(tournament) = active(all) else {
        return Err(t!(lang, "tournament-none"));
    };
    let number = tournament.number;
    let user = &request.user;
    let may_run = tournament.organiser.id == user.id || request.server_admin;
    match action {
        TournamentAction::Join => join(tournament, request, lang),
        TournamentAction::Leave => leave(tournament, request, now, lang),
        TournamentAction::Start | TournamentAction::Cancel if !may_run => Err(t!(
            lang,
            "tournament-not-yours",
            organiser = tournament.organiser.name.as_str()
        )),
        TournamentAction::Start if tournament.stage != Stage::Open => {
            Err(t!(lang, "tournament-not-open", number = number))
        }
        TournamentAction::Start => begin(tournament, now, lang),
        TournamentAction::Cancel => {
            tournament.stage = Stage::Cancelled;
            tournament.attention_ms = None;
            Ok(t!(
                lang,
                "tournament-cancelled",
                player = user.name.as_str(),
                number = number
            ))
        }
        TournamentAction::Create(_) | TournamentAction::Standings => Ok(String::new()),
    }
}

fn join(tournament: &mut Tournament, request: &Request, lang: Lang) -> Result<String, String> {
    let number = tournament.number;
    if tournament.stage != Stage::Open {
        return Err(t!(lang, "tournament-not-open", number = number));
    }
    if tournament.entrant_of(&request.user.id).is_some() {
        return Err(t!(lang, "tournament-already-in", number = number));
    }
    if tournament.entrants.len() >= usize::from(tournament.max) {
        return Err(t!(
            lang,
            "tournament-full",
            number = number,
            max = tournament.max
        ));
    }
    tournament.entrants.push(Entrant {
        player: player_of(&request.user),
        left: false,
    });
    Ok(t!(
        lang,
        "tournament-joined",
        player = request.user.name.as_str(),
        number = number,
        count = tournament.entrants.len()
    ))
}

fn leave(
    tournament: &mut Tournament,
    request: &Request,
    now: u64,
    lang: Lang,
) -> Result<String, String> {
    let number = tournament.number;
    let Some(at) = tournament.entrant_of(&request.user.id) else {
        return Err(t!(lang, "tournament-not-in", number = number));
    };
    let name = request.user.name.as_str();
    if tournament.stage == Stage::Open {
        tournament.entrants.remove(at);
        return Ok(t!(
            lang,
            "tournament-left-open",
            player = name,
            number = number,
            count = tournament.entrants.len()
        ));
    }
    if tournament.entrants[at].left {
        return Err(t!(lang, "tournament-not-in", number = number));
    }
    tournament.entrants[at].left = true;
    forfeit_unplayed(tournament);
    tournament.attention_ms = Some(now);
    Ok(t!(
        lang,
        "tournament-left-running",
        player = name,
        number = number
    ))
}

/// The games of the current round not yet started whose player has left:
/// won by the other (both gone: a draw), without play.
fn forfeit_unplayed(tournament: &mut Tournament) {
    let left: Vec<bool> = tournament.entrants.iter().map(|e| e.left).collect();
    let Some(round) = tournament.rounds.last_mut() else {
        return;
    };
    for p in round.pairings.iter_mut().filter(|p| !p.created) {
        let score = match (left[p.first], left[p.second]) {
            (false, false) => continue,
            (true, false) => Score::SecondWins,
            (false, true) => Score::FirstWins,
            (true, true) => Score::Draw,
        };
        p.score = Some(score);
        p.forfeit = true;
        p.created = true;
    }
}

/// Start the tournament: round 1 is paired in this write; the scheduler
/// starts its games at once.
fn begin(tournament: &mut Tournament, now: u64, lang: Lang) -> Result<String, String> {
    let count = tournament.entrants.len();
    if count < MIN_PLAYERS {
        return Err(t!(
            lang,
            "tournament-too-few",
            number = tournament.number,
            min = MIN_PLAYERS,
            count = count
        ));
    }
    tournament.stage = Stage::Running;
    if let Format::Swiss { rounds: 0 } = tournament.format {
        tournament.format = Format::Swiss {
            rounds: pairing::swiss_default_rounds(count),
        };
    }
    let mut text = t!(
        lang,
        "tournament-started",
        number = tournament.number,
        count = count,
        rounds = total_rounds(tournament),
        players = entrant_names(tournament)
    );
    text.push('\n');
    text.push_str(&next_round(tournament, now, lang));
    Ok(text)
}

fn entrant_names(tournament: &Tournament) -> String {
    let names: Vec<&str> = tournament
        .entrants
        .iter()
        .map(|e| e.player.name.as_str())
        .collect();
    names.join(", ")
}

/// How many rounds the tournament has.
fn total_rounds(tournament: &Tournament) -> usize {
    match tournament.format {
        Format::RoundRobin { double } => {
            pairing::round_robin_rounds(tournament.entrants.len(), double)
        }
        Format::Swiss { rounds } => usize::from(rounds),
    }
}

/// Pair the next round into the record (its games are created by the
/// scheduler right after), and say it.
fn next_round(tournament: &mut Tournament, now: u64, lang: Lang) -> String {
    let n = tournament.entrants.len();
    let index = tournament.rounds.len();
    let (pairs, bye) = match tournament.format {
        Format::RoundRobin { .. } => pairing::round_robin_round(n, index),
        Format::Swiss { .. } => {
            let mut history = History::of(n, &tournament.rounds);
            for (h, e) in history.iter_mut().zip(&tournament.entrants) {
                h.out = e.left;
            }
            pairing::swiss_round(&history)
        }
    };
    let bye = bye.filter(|&b| !tournament.entrants[b].left);
    tournament.rounds.push(Round {
        pairings: pairs.iter().map(|p| p.pairing()).collect(),
        bye,
    });
    forfeit_unplayed(tournament);
    tournament.attention_ms = Some(now);
    let name = |i: usize| tournament.entrants[i].player.name.as_str();
    let games: Vec<String> = pairs
        .iter()
        .map(|p| {
            t!(
                lang,
                "tournament-pair",
                first = name(p.first),
                second = name(p.second)
            )
        })
        .collect();
    let mut text = t!(
        lang,
        "tournament-round",
        number = tournament.number,
        round = index + 1,
        games = crate::i18n::list_and(lang, &games)
    );
    if let Some(bye) = bye {
        let id = match tournament.format {
            Format::Swiss { .. } => "tournament-bye",
            Format::RoundRobin { .. } => "tournament-sits-out",
        };
        text.push(' ');
        text.push_str(&t!(lang, id, player = name(bye)));
    }
    text
}

/// "round robin", "Swiss, 6 rounds".
fn format_words(tournament: &Tournament, lang: Lang) -> String {
    match tournament.format {
        Format::RoundRobin { double: false } => t!(lang, "tournament-format-roundrobin"),
        Format::RoundRobin { double: true } => t!(lang, "tournament-format-double"),
        Format::Swiss { rounds: 0 } => t!(lang, "tournament-format-swiss-auto"),
        Format::Swiss { rounds } => t!(lang, "tournament-format-swiss", rounds = rounds),
    }
}

/// `tournament standings`: the table of the newest tournament here.
fn standings_answer(bot: &Bot, key: &str, lang: Lang) -> Result<Answer, StoreError> {
    let record = bot.store.load(&tournaments_key(key))?;
    let newest = record
        .and_then(|r| r.tournaments)
        .and_then(|all| all.list.last().cloned());
    Ok(match newest {
        None => Answer::error(t!(lang, "tournament-none")),
        Some(tournament) => Answer::reply(Reply::text(table_text(&tournament, key, lang))),
    })
}

/// The table, the games still running and, at the end, the winner.
pub(crate) fn table_text(tournament: &Tournament, key: &str, lang: Lang) -> String {
    let lines = standings::table(
        tournament.entrants.len(),
        &tournament.rounds,
        tournament.format,
    );
    let done = tournament.rounds.iter().filter(|r| r.done()).count();
    let mut text = t!(
        lang,
        "tournament-standings-head",
        number = tournament.number,
        game = say(lang, &tournament.game.title_message()),
        format = format_words(tournament, lang),
        done = done,
        total = total_rounds(tournament)
    );
    for (rank, line) in lines.iter().enumerate() {
        let entrant = &tournament.entrants[line.entrant];
        let left = [("no"), ("yes")][usize::from(entrant.left)];
        let (player, points) = (entrant.player.name.as_str(), halves(line.half_points));
        let sb = quarters(line.sonneborn_berger);
        // A round robin's tie-break is Sonneborn-Berger alone.
        let said = match tournament.format {
            Format::RoundRobin { .. } => t!(
                lang,
                "tournament-line-roundrobin",
                rank = rank + 1,
                player = player,
                points = points,
                sb = sb,
                left = left
            ),
            Format::Swiss { .. } => t!(
                lang,
                "tournament-line-swiss",
                rank = rank + 1,
                player = player,
                points = points,
                buchholz = halves(line.buchholz),
                sb = sb,
                left = left
            ),
        };
        text.push('\n');
        text.push_str(&said);
    }
    let running = running_games(tournament, key, lang);
    if !running.is_empty() {
        text.push('\n');
        text.push_str(&t!(
            lang,
            "tournament-running",
            games = crate::i18n::list_and(lang, &running)
        ));
    }
    if tournament.stage == Stage::Finished {
        if let Some(first) = lines.first() {
            text.push('\n');
            text.push_str(&t!(
                lang,
                "tournament-winner",
                number = tournament.number,
                winner = tournament.entrants[first.entrant].player.name.as_str()
            ));
        }
    }
    text
}

/// "alice vs bob (console:lobby~t1r2g1)" for each game of the round
/// still going on.
fn running_games(tournament: &Tournament, key: &str, lang: Lang) -> Vec<String> {
    let Some(round) = tournament.rounds.last() else {
        return Vec::new();
    };
    let number = tournament.rounds.len();
    let name = |i: usize| tournament.entrants[i].player.name.as_str();
    round
        .pairings
        .iter()
        .enumerate()
        .filter(|(_, p)| p.score.is_none())
        .map(|(board, p)| {
            let place = ChannelKey::from_key(&game_key(key, tournament.number, number, board + 1));
            t!(
                lang,
                "tournament-running-game",
                first = name(p.first),
                second = name(p.second),
                channel = place.channel.as_str()
            )
        })
        .collect()
}

/// `tournaments`: those of this channel, newest first.
pub(super) fn list(bot: &Bot, request: &Request, key: &str) -> Result<Answer, StoreError> {
    let lang = bot.langs(request).public;
    let record = bot.store.load(&tournaments_key(key))?;
    let all = record.and_then(|r| r.tournaments).unwrap_or_default();
    if all.list.is_empty() {
        return Ok(Answer::reply(Reply::text(t!(lang, "tournament-list-none"))));
    }
    let mut text = t!(lang, "tournament-list-head");
    for tournament in all.list.iter().rev() {
        let stage = match tournament.stage {
            Stage::Open => "tournament-stage-open",
            Stage::Running => "tournament-stage-running",
            Stage::Finished => "tournament-stage-finished",
            Stage::Cancelled => "tournament-stage-cancelled",
        };
        text.push('\n');
        text.push_str(&t!(
            lang,
            "tournament-list-line",
            number = tournament.number,
            game = say(lang, &tournament.game.title_message()),
            format = format_words(tournament, lang),
            stage = t!(lang, stage),
            count = tournament.entrants.len()
        ));
    }
    Ok(Answer::reply(Reply::text(text)))
}

/// A command or a timed event may have ended a tournament's game in the
/// channel `key`: have the scheduler look at its tournament now.
pub(crate) fn nudge_tournament(bot: &Bot, key: &str) {
    let Some((channel, number, round, board)) = parse_game_key(key) else {
        return;
    };
    let over = match bot.store.load(key) {
        Ok(record) => record
            .and_then(|r| r.game)
            .is_some_and(|g| g.outcome().is_some()),
        Err(_) => false,
    };
    if !over {
        return;
    }
    let now = bot.now();
    let nudged = bot.store.update(&tournaments_key(channel), |current| {
        let Some(mut record) = current else {
            return Update::keep(());
        };
        let Some(all) = record.tournaments.as_deref_mut() else {
            return Update::keep(());
        };
        let waiting = all.get_mut(number).filter(|t| {
            t.stage == Stage::Running
                && t.rounds.len() == round
                && t.rounds[round - 1]
                    .pairings
                    .get(board - 1)
                    .is_some_and(|p| p.score.is_none())
                && t.attention_ms.is_none_or(|at| at > now)
        });
        let Some(tournament) = waiting else {
            return Update::keep(());
        };
        tournament.attention_ms = Some(now);
        Update {
            change: Change::Put(record),
            archive: None,
            value: (),
        }
    });
    if let Err(error) = nudged {
        tracing::warn!(%error, channel = %key, "telling a tournament that its game ended");
    }
}

/// A game to start, decided in the tournament's write.
struct NewGame {
    key: String,
    number: u32,
    round: usize,
    board: usize,
    first: Player,
    second: Player,
    game: GameKind,
    options: Vec<String>,
    clock: Option<TimeControl>,
    public_place: bool,
}

/// The scheduler's turn at the tournaments of `key` (a
/// [`tournaments_key`]): start what is due, count the results of ended
/// games, pair the next round, start its games. What it says goes to the
/// tournament's channel and to each new game's own.
pub(crate) fn fire_tournaments(bot: &Bot, key: &str, now: u64) -> Vec<Delivery> {
    let Some(channel) = tournaments_channel(key) else {
        return Vec::new();
    };
    let lang = bot.channel_lang(channel).unwrap_or_default();
    let results = match ended_games(bot, key, channel) {
        Ok(results) => results,
        Err(error) => {
            tracing::error!(%error, tournament = %key, "reading a tournament's games");
            return Vec::new();
        }
    };
    let decided = bot.store.update(key, |current| {
        let Some(mut record) = current else {
            return Update::keep((Vec::new(), Vec::new()));
        };
        let Some(all) = record.tournaments.as_deref_mut() else {
            return Update::keep((Vec::new(), Vec::new()));
        };
        let mut said = Vec::new();
        let mut games = Vec::new();
        for tournament in all.list.iter_mut().filter(|t| t.active()) {
            advance(tournament, &results, channel, now, lang, &mut said);
            let claimed = claim_games(tournament, channel, now);
            if !claimed.is_empty() {
                tournament.attention_ms = Some(attention_after(tournament, now));
            }
            games.extend(claimed);
        }
        Update {
            change: Change::Put(record),
            archive: None,
            value: (said, games),
        }
    });
    let (said, games) = match decided {
        Ok(decided) => decided,
        Err(error) => {
            tracing::error!(%error, tournament = %key, "firing a tournament");
            return Vec::new();
        }
    };
    let ChannelKey {
        platform,
        channel: place,
    } = ChannelKey::from_key(channel);
    let mut deliveries: Vec<Delivery> = said
        .into_iter()
        .map(|text| Delivery {
            platform: platform.clone(),
            channel: place.clone(),
            replies: vec![Reply {
                lang,
                ..Reply::text(text)
            }],
            direct: None,
            answer_only: false,
        })
        .collect();
    deliveries.extend(start_games(bot, key, &games, now, lang));
    deliveries
}

/// A game of a tournament's current round that has ended, read before
/// the tournament's write: its round is named, because another process
/// may have counted it and paired the next round meanwhile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ended {
    tournament: u32,
    round: usize,
    board: usize,
    score: Score,
}

/// The results of the tournaments' games that have ended and are not yet
/// counted, by tournament, round and board, read before the write (a
/// game over stays over).
fn ended_games(bot: &Bot, key: &str, channel: &str) -> Result<Vec<Ended>, StoreError> {
    let Some(all) = bot.store.load(key)?.and_then(|r| r.tournaments) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for tournament in all.list.iter().filter(|t| t.stage == Stage::Running) {
        let Some(round) = tournament.rounds.last() else {
            continue;
        };
        let number = tournament.rounds.len();
        for (board, p) in round.pairings.iter().enumerate() {
            if p.score.is_some() || !p.created {
                continue;
            }
            let game_channel = p
                .moved_to
                .clone()
                .unwrap_or_else(|| game_key(channel, tournament.number, number, board + 1));
            let Some(game) = bot.store.load(&game_channel)?.and_then(|r| r.game) else {
                continue;
            };
            let Some(outcome) = game.outcome() else {
                continue;
            };
            let first = &tournament.entrants[p.first].player.id;
            let score = match outcome.winner {
                None => Score::Draw,
                Some(seat) if &game.player(seat).id == first => Score::FirstWins,
                Some(_) => Score::SecondWins,
            };
            out.push(Ended {
                tournament: tournament.number,
                round: number,
                board,
                score,
            });
        }
    }
    Ok(out)
}

/// Everything due in one tournament now, said into `said`.
fn advance(
    tournament: &mut Tournament,
    results: &[Ended],
    channel: &str,
    now: u64,
    lang: Lang,
    said: &mut Vec<String>,
) {
    if tournament.stage == Stage::Open {
        if tournament.starts_ms.is_some_and(|at| at <= now) {
            tournament.starts_ms = None;
            match begin(tournament, now, lang) {
                Ok(text) => said.push(text),
                Err(_) => {
                    tournament.stage = Stage::Cancelled;
                    said.push(t!(
                        lang,
                        "tournament-lapsed",
                        number = tournament.number,
                        min = MIN_PLAYERS,
                        count = tournament.entrants.len()
                    ));
                }
            }
        }
        return;
    }
    let counted = count_results(tournament, results);
    let round_done = tournament.rounds.last().is_some_and(Round::done);
    if round_done && tournament.rounds.len() >= total_rounds(tournament) {
        tournament.stage = Stage::Finished;
        tournament.attention_ms = None;
        said.push(table_text(tournament, channel, lang));
        return;
    }
    if counted {
        said.push(table_text(tournament, channel, lang));
    }
    if round_done {
        said.push(next_round(tournament, now, lang));
        // A round decided by forfeits alone: look again at once.
        return;
    }
    tournament.attention_ms = Some(attention_after(tournament, now));
}

/// Count the results read for this tournament's current round and not
/// counted yet; whether any was. (Results read for an earlier round were
/// counted by another process, which paired the round now current.)
fn count_results(tournament: &mut Tournament, results: &[Ended]) -> bool {
    let (number, current) = (tournament.number, tournament.rounds.len());
    let Some(round) = tournament.rounds.last_mut() else {
        return false;
    };
    let mut counted = false;
    for ended in results
        .iter()
        .filter(|e| e.tournament == number && e.round == current)
    {
        let slot = round.pairings.get_mut(ended.board);
        if let Some(p) = slot.filter(|p| p.created && p.score.is_none()) {
            p.score = Some(ended.score);
            counted = true;
        }
    }
    counted
}

/// When a running tournament needs looking at again: now for a game to
/// start, when a claim to start one lapses, else after `check_after`.
fn attention_after(tournament: &Tournament, now: u64) -> u64 {
    let unstarted = tournament
        .rounds
        .last()
        .into_iter()
        .flat_map(|r| r.pairings.iter())
        .filter(|p| !p.created);
    let soonest = unstarted
        .map(|p| p.claimed_until.map_or(now, |until| until.max(now)))
        .min();
    soonest.unwrap_or_else(|| now.saturating_add(check_after(tournament)))
}

/// How long until the scheduler looks again at a tournament whose games
/// all started: soon where a game moved away from its own channel (no
/// command there can tell the tournament it ended), else hourly.
fn check_after(tournament: &Tournament) -> u64 {
    let moved = tournament.rounds.last().is_some_and(|r| {
        r.pairings
            .iter()
            .any(|p| p.moved_to.is_some() && p.score.is_none())
    });
    if moved {
        MOVED_GAMES_CHECK_MS
    } else {
        TOURNAMENT_CHECK_MS
    }
}

/// A tournament game moved from its own channel `from` to `to` (a thread
/// a platform made for it): its tournament reads its result there.
pub(crate) fn note_moved(bot: &Bot, from: &str, to: &str) {
    let Some((channel, number, round, board)) = parse_game_key(from) else {
        return;
    };
    let now = bot.now();
    let noted = bot.store.update(&tournaments_key(channel), |current| {
        let Some(mut record) = current else {
            return Update::keep(());
        };
        let Some(tournament) = record
            .tournaments
            .as_deref_mut()
            .and_then(|a| a.get_mut(number))
        else {
            return Update::keep(());
        };
        let Some(p) = tournament
            .rounds
            .get_mut(round.saturating_sub(1))
            .and_then(|r| r.pairings.get_mut(board.saturating_sub(1)))
        else {
            return Update::keep(());
        };
        p.moved_to = Some(to.to_string());
        if tournament.stage == Stage::Running {
            let soon = now.saturating_add(MOVED_GAMES_CHECK_MS);
            tournament.attention_ms = Some(tournament.attention_ms.map_or(soon, |at| at.min(soon)));
        }
        Update {
            change: Change::Put(record),
            archive: None,
            value: (),
        }
    });
    if let Err(error) = noted {
        tracing::warn!(%error, %from, %to, "noting where a tournament game moved");
    }
}

/// The games of the current round not yet started and not claimed by
/// another process: claimed here (in the tournament's write) for
/// [`CLAIM_MS`], to be started and announced by this process.
fn claim_games(tournament: &mut Tournament, channel: &str, now: u64) -> Vec<NewGame> {
    if tournament.stage != Stage::Running {
        return Vec::new();
    }
    let number = tournament.rounds.len();
    let (entrants, tournament_number) = (tournament.entrants.clone(), tournament.number);
    let (game, options, clock, public_place) = (
        tournament.game,
        tournament.options.clone(),
        tournament.clock,
        tournament.public_place,
    );
    let Some(round) = tournament.rounds.last_mut() else {
        return Vec::new();
    };
    let claimable = |p: &Pairing| !p.created && p.claimed_until.is_none_or(|until| until <= now);
    let new: Vec<NewGame> = round
        .pairings
        .iter_mut()
        .enumerate()
        .filter(|(_, p)| claimable(p))
        .map(|(board, p)| {
            p.claimed_until = Some(now.saturating_add(CLAIM_MS));
            NewGame {
                key: game_key(channel, tournament_number, number, board + 1),
                number: tournament_number,
                round: number,
                board,
                first: entrants[p.first].player.clone(),
                second: entrants[p.second].player.clone(),
                game,
                options: options.clone(),
                clock,
                public_place,
            }
        })
        .collect();
    new
}

/// How long a process has to start the games it claimed before another
/// may start them again.
const CLAIM_MS: u64 = 60_000;

/// Write each new game into its own channel if that is still empty, say
/// the ones written here, and mark them all created in the tournament.
fn start_games(bot: &Bot, key: &str, games: &[NewGame], now: u64, lang: Lang) -> Vec<Delivery> {
    let mut deliveries = Vec::new();
    let mut created = Vec::new();
    for new in games {
        match write_game(bot, new, now, lang) {
            Ok(Some(answer)) => {
                created.push((new.number, new.round, new.board));
                let ChannelKey { platform, channel } = ChannelKey::from_key(&new.key);
                deliveries.push(Delivery {
                    platform,
                    channel,
                    replies: bot.finish(answer.replies, answer.board, lang),
                    direct: None,
                    answer_only: false,
                });
            }
            Ok(None) => created.push((new.number, new.round, new.board)),
            Err(error) => {
                tracing::error!(%error, channel = %new.key, "starting a tournament game");
            }
        }
    }
    if created.is_empty() {
        return deliveries;
    }
    let marked = bot.store.update(key, |current| {
        let Some(mut record) = current else {
            return Update::keep(());
        };
        let Some(all) = record.tournaments.as_deref_mut() else {
            return Update::keep(());
        };
        for &(number, round, board) in &created {
            let Some(tournament) = all.get_mut(number) else {
                continue;
            };
            if let Some(p) = tournament
                .rounds
                .get_mut(round - 1)
                .and_then(|r| r.pairings.get_mut(board))
            {
                p.created = true;
            }
            let waiting = tournament
                .rounds
                .last()
                .is_some_and(|r| r.pairings.iter().any(|p| !p.created));
            // Look again at once: a game may have ended before it was
            // marked started (a process stopped in between), and its
            // result is read only once it is.
            if !waiting && tournament.stage == Stage::Running {
                tournament.attention_ms = Some(now);
            }
        }
        Update {
            change: Change::Put(record),
            archive: None,
            value: (),
        }
    });
    if let Err(error) = marked {
        tracing::error!(%error, tournament = %key, "marking a tournament's games started");
    }
    deliveries
}

/// Write one tournament game into its channel, only if the channel is
/// empty: its first reply when this call wrote it, `None` when it was
/// there already.
fn write_game(
    bot: &Bot,
    new: &NewGame,
    now: u64,
    lang: Lang,
) -> Result<Option<Answer>, StoreError> {
    let challenge = Challenge {
        game: new.game,
        options: new.options.clone(),
        challenger: new.first.clone(),
        challenged: Some(new.second.clone()),
        challenger_seat: Seat::First,
        level: None,
        at_ms: now,
        clock: new.clock,
        expires_ms: None,
        // A tournament's clocks never pause for a vacation.
        no_vacation: true,
    };
    let game = match start_game(&challenge, new.second.clone(), now, new.public_place) {
        Ok(game) => game,
        Err(error) => {
            tracing::error!(?error, channel = %new.key, "a tournament game cannot start");
            return Ok(None);
        }
    };
    bot.store.update(&new.key, |current| {
        if let Some(found) = current {
            // Written by a process that stopped before saying it (its
            // claim lapsed): say it now, if nobody has played yet.
            let unplayed = found
                .game
                .filter(|g| g.in_progress() && g.history.is_empty() && g.players == game.players);
            return Update::keep(unplayed.map(|g| start_answer(&g, new, lang)));
        }
        let answer = start_answer(&game, new, lang);
        Update {
            change: Change::Put(ChannelRecord::new(None, Some(game.clone()))),
            archive: None,
            value: Some(answer),
        }
    })
}

/// A tournament game's first message: both players mentioned, and the
/// request for a thread of its own.
fn start_answer(game: &GameRecord, new: &NewGame, lang: Lang) -> Answer {
    let text = t!(
        lang,
        "tournament-game-start",
        number = new.number,
        round = new.round,
        title = captions_in(game, lang).0,
        status = status_caption_in(game, lang),
        hint = first_hint(game.kind, lang)
    );
    let mut answer = game_reply(game, text);
    if let Some(first) = answer.replies.first_mut() {
        let players = vec![crate::to_user(&new.first), crate::to_user(&new.second)];
        first.mentions = players.clone();
        let name = thread_name(game);
        first.thread = Some(GameThread {
            moved: (
                t!(lang, "thread-moved-before", game = name.as_str()),
                t!(lang, "thread-moved-after"),
            ),
            name,
            players,
        });
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: &str) -> Player {
        Player {
            id: id.into(),
            name: id.into(),
            is_bot: false,
        }
    }

    fn pairing(first: usize, second: usize, score: Option<Score>) -> Pairing {
        Pairing {
            first,
            second,
            created: true,
            score,
            forfeit: false,
            moved_to: None,
            claimed_until: None,
        }
    }

    /// Round 1 counted and round 2 paired (by another process) while
    /// this one read round 1's ended games.
    fn in_round_two() -> Tournament {
        Tournament {
            number: 1,
            game: GameKind::Sight,
            options: Vec::new(),
            clock: None,
            format: Format::RoundRobin { double: false },
            max: 4,
            organiser: player("org"),
            entrants: ["a", "b", "c", "d"]
                .iter()
                .map(|id| Entrant {
                    player: player(id),
                    left: false,
                })
                .collect(),
            stage: Stage::Running,
            starts_ms: None,
            created_ms: 0,
            rounds: vec![
                Round {
                    pairings: vec![
                        pairing(0, 3, Some(Score::FirstWins)),
                        pairing(1, 2, Some(Score::Draw)),
                    ],
                    bye: None,
                },
                Round {
                    pairings: vec![pairing(0, 2, None), pairing(3, 1, None)],
                    bye: None,
                },
            ],
            attention_ms: None,
            public_place: false,
        }
    }

    fn ended(round: usize, board: usize, score: Score) -> Ended {
        Ended {
            tournament: 1,
            round,
            board,
            score,
        }
    }

    #[test]
    fn results_read_for_an_earlier_round_are_not_counted_in_the_current_one() {
        let mut tournament = in_round_two();
        let stale = [ended(1, 0, Score::FirstWins), ended(1, 1, Score::Draw)];
        assert!(!count_results(&mut tournament, &stale));
        assert!(tournament.rounds[1]
            .pairings
            .iter()
            .all(|p| p.score.is_none()));
    }

    #[test]
    fn results_of_the_current_round_are_counted_once() {
        let mut tournament = in_round_two();
        assert!(count_results(
            &mut tournament,
            &[ended(2, 1, Score::SecondWins)]
        ));
        assert_eq!(
            tournament.rounds[1].pairings[1].score,
            Some(Score::SecondWins)
        );
        assert!(!count_results(
            &mut tournament,
            &[ended(2, 1, Score::FirstWins)]
        ));
        assert_eq!(
            tournament.rounds[1].pairings[1].score,
            Some(Score::SecondWins)
        );
        assert_eq!(tournament.rounds[1].pairings[0].score, None);
    }
}
