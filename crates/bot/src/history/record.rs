//! Game records: a game as JSON in the shape of Abstract Play's game record
//! (`header` with the game and its variants, site, dates, players and
//! their results; `moves` by round, one entry per player in seating
//! order), and as plain text (the options, then numbered turns in
//! canonical notation). Both read back into the same [`Record`], which
//! replays through the rules engine to the same final position.
//!
//! Seating order is the seat order (White/first seat first). A round holds
//! each seat's turn in order; a seat that plays again before the round is
//! complete (a mid-turn step, or the second seat opening) starts a new
//! round with `null` for the seats that did not play, so reading the
//! rounds row by row, skipping `null`, gives the turns in the order played.

use serde_json::{json, Map, Value};

use super::{replay, Replayed};
use cairn_rules::position::PositionError;
use cairn_rules::{GameKind, Outcome, Reason, Seat};
use cairn_store::GameRecord;

/// The site name in records.
pub const SITE: &str = "Cairn";

/// A player as a record names them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordPlayer {
    pub name: String,
    /// The platform's user id (empty when unknown).
    pub id: String,
    pub is_bot: bool,
    /// The player's rating in this game when the record was made, if any.
    pub rating: Option<u32>,
}

/// Everything a record says about a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub kind: GameKind,
    /// The game's own `key=value` options, as given in the challenge.
    pub options: Vec<String>,
    /// By seat.
    pub players: [RecordPlayer; 2],
    /// Canonical turn texts, in the order played.
    pub turns: Vec<String>,
    /// Where it was played (the channel key, `discord:123`), if known.
    pub channel: Option<String>,
    pub started_ms: Option<u64>,
    pub finished_ms: Option<u64>,
    /// The end, as stored (resignations and timeouts included).
    pub result: Option<Outcome>,
    /// The result does not count for ratings (shown in the record).
    pub unrated: bool,
}

/// Why a record could not be read.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("the record is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the record has no {0}")]
    Missing(&'static str),
    #[error("the record names the game `{0}`, which Cairn does not play; the games are {games}", games = GameKind::names_in_words())]
    UnknownGame(String),
    #[error("line {line} of the record (`{text}`) is neither a [Key \"value\"] header nor a numbered turn like `1. c3`")]
    BadLine { line: usize, text: String },
    #[error(
        "line {line} of the record numbers its turn {found}, where turn {expected} comes next"
    )]
    Numbering {
        line: usize,
        found: String,
        expected: usize,
    },
    #[error("the record's {field} `{value}` is not understood ({hint})")]
    BadValue {
        field: &'static str,
        value: String,
        hint: &'static str,
    },
    #[error("the record cannot be replayed: {0}")]
    Replay(#[from] PositionError),
}

fn bad(field: &'static str, value: impl Into<String>, hint: &'static str) -> RecordError {
    RecordError::BadValue {
        field,
        value: value.into(),
        hint,
    }
}

impl Record {
    /// The record of a stored game (`channel`: its channel key).
    pub fn of_game(game: &GameRecord, channel: &str) -> Record {
        let player = |seat: Seat| {
            let p = game.player(seat);
            RecordPlayer {
                name: p.name.clone(),
                id: p.id.clone(),
                is_bot: p.is_bot,
                rating: None,
            }
        };
        Record {
            kind: game.kind,
            options: game.options.clone(),
            players: [player(Seat::First), player(Seat::Second)],
            turns: game.history.iter().map(|t| t.turn.clone()).collect(),
            channel: Some(channel.to_string()),
            started_ms: Some(game.started_ms),
            finished_ms: game.finished_ms,
            result: game.outcome(),
            unrated: !cairn_store::rating::is_rated(game),
        }
    }

    /// Replay the turns: every position and turn, checked by the rules.
    pub fn replay(&self) -> Result<Replayed, PositionError> {
        replay(self.kind, &self.options, &self.turns)
    }

    /// Read a record written by [`Record::to_json`] or [`Record::to_text`]
    /// (JSON if it starts with `{`).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        if text.trim_start().starts_with('{') {
            Record::from_json(&serde_json::from_str(text)?)
        } else {
            Record::from_text(text)
        }
    }

    /// The seats in the order they played: the turn texts by round.
    fn rounds(&self) -> Result<Vec<[Option<String>; 2]>, PositionError> {
        let replayed = self.replay()?;
        let mut rounds: Vec<[Option<String>; 2]> = Vec::new();
        for (seat, played) in &replayed.turns {
            let i = seat.index();
            let fits = rounds
                .last()
                .is_some_and(|round| round[i..].iter().all(Option::is_none));
            if !fits {
                rounds.push([None, None]);
            }
            if let Some(round) = rounds.last_mut() {
                round[i] = Some(played.canonical.clone());
            }
        }
        Ok(rounds)
    }

    /// The record as Abstract Play's game record JSON. Cairn's own facts
    /// (exact options, how the game ended) are kept in the header's
    /// extension fields (the schema allows them), so the record reads
    /// back exactly. Fails only if the turns do not replay.
    pub fn to_json(&self, generated_ms: u64) -> Result<Value, PositionError> {
        let rounds = self.rounds()?;
        let mut header = Map::new();
        header.insert(
            "game".into(),
            json!({"name": self.kind.title(), "variants": self.options}),
        );
        let mut site = Map::new();
        site.insert("name".into(), json!(SITE));
        if let (Some(channel), Some(started)) = (&self.channel, self.started_ms) {
            site.insert("gameid".into(), json!(format!("{channel}/{started}")));
        }
        header.insert("site".into(), Value::Object(site));
        if let Some(ms) = self.started_ms {
            header.insert("date-start".into(), json!(rfc3339(ms)));
        }
        if let Some(ms) = self.finished_ms {
            header.insert("date-end".into(), json!(rfc3339(ms)));
        }
        header.insert("date-generated".into(), json!(rfc3339(generated_ms)));
        header.insert("unrated".into(), json!(self.unrated));
        let players: Vec<Value> = Seat::BOTH
            .into_iter()
            .map(|seat| {
                let p = &self.players[seat.index()];
                let mut entry = Map::new();
                entry.insert("name".into(), json!(p.name));
                if !p.id.is_empty() {
                    entry.insert("userid".into(), json!(p.id));
                }
                entry.insert("is_ai".into(), json!(p.is_bot));
                if let Some(rating) = p.rating {
                    entry.insert("rating".into(), json!(rating));
                }
                if let Some(outcome) = self.result {
                    let result = match outcome.winner {
                        Some(w) if w == seat => 1,
                        Some(_) => 0,
                        None => 1,
                    };
                    entry.insert("result".into(), json!(result));
                }
                Value::Object(entry)
            })
            .collect();
        header.insert("players".into(), Value::Array(players));
        if let Some(outcome) = self.result {
            header.insert("termination".into(), json!(outcome.reason.as_str()));
        }
        header.insert("cairn-game".into(), json!(self.kind.name()));
        let moves: Vec<Value> = rounds.into_iter().map(|r| json!(r)).collect();
        Ok(json!({"header": Value::Object(header), "moves": moves}))
    }

    fn from_json(value: &Value) -> Result<Record, RecordError> {
        let header = value.get("header").ok_or(RecordError::Missing("header"))?;
        let game = header
            .get("cairn-game")
            .or_else(|| header.get("game").and_then(|g| g.get("name")))
            .and_then(Value::as_str)
            .ok_or(RecordError::Missing("game name"))?;
        let kind = GameKind::parse(game).ok_or_else(|| RecordError::UnknownGame(game.into()))?;
        let options = match header.get("game").and_then(|g| g.get("variants")) {
            None => Vec::new(),
            Some(v) => v
                .as_array()
                .ok_or_else(|| bad("variants", v.to_string(), "a list of key=value options"))?
                .iter()
                .map(|o| {
                    o.as_str()
                        .map(str::to_string)
                        .ok_or_else(|| bad("variant", o.to_string(), "a key=value option"))
                })
                .collect::<Result<_, _>>()?,
        };
        let mut players: [RecordPlayer; 2] = Default::default();
        let mut results = [None, None];
        if let Some(list) = header.get("players").and_then(Value::as_array) {
            for (i, p) in list.iter().take(2).enumerate() {
                let text = |key: &str| p.get(key).and_then(Value::as_str).unwrap_or("").to_string();
                players[i] = RecordPlayer {
                    name: text("name"),
                    id: text("userid"),
                    is_bot: p.get("is_ai").and_then(Value::as_bool).unwrap_or(false),
                    rating: p
                        .get("rating")
                        .and_then(Value::as_u64)
                        .and_then(|r| u32::try_from(r).ok()),
                };
                results[i] = p.get("result").and_then(Value::as_i64);
            }
        }
        let reason = header.get("termination").and_then(Value::as_str);
        let result = outcome_of(results, reason)?;
        let moves = value
            .get("moves")
            .and_then(Value::as_array)
            .ok_or(RecordError::Missing("moves"))?;
        let mut turns = Vec::new();
        for round in moves {
            let entries = round
                .as_array()
                .ok_or_else(|| bad("round", round.to_string(), "a list of turns by seat"))?;
            for entry in entries {
                match entry {
                    Value::Null => {}
                    Value::String(turn) => turns.push(turn.clone()),
                    Value::Object(o) => match o.get("move").and_then(Value::as_str) {
                        Some(turn) => turns.push(turn.to_string()),
                        None => {
                            return Err(bad("move", entry.to_string(), "a turn with a `move` text"))
                        }
                    },
                    other => return Err(bad("move", other.to_string(), "a turn text or null")),
                }
            }
        }
        let date = |key: &str| -> Result<Option<u64>, RecordError> {
            match header.get(key).and_then(Value::as_str) {
                None => Ok(None),
                Some(text) => parse_rfc3339(text)
                    .map(Some)
                    .ok_or_else(|| bad("date", text, "a date like 2026-01-31T12:00:00.000Z")),
            }
        };
        let (channel, _) = split_gameid(header.get("site").and_then(|s| s.get("gameid")));
        Ok(Record {
            kind,
            options,
            players,
            turns,
            channel,
            started_ms: date("date-start")?,
            finished_ms: date("date-end")?,
            result,
            unrated: header
                .get("unrated")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        })
    }

    /// The record as text: `[Key "value"]` headers, a blank line, then one
    /// numbered turn a line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut tag = |key: &str, value: &str| {
            let value = value.replace(['"', '\n'], "'");
            out.push_str(&format!("[{key} \"{value}\"]\n"));
        };
        tag("Game", self.kind.name());
        tag("Options", &self.options.join(" "));
        for seat in Seat::BOTH {
            let p = &self.players[seat.index()];
            let key = if seat == Seat::First {
                "Player1"
            } else {
                "Player2"
            };
            tag(key, &p.name);
            if !p.id.is_empty() {
                tag(&format!("{key}Id"), &p.id);
            }
            if p.is_bot {
                tag(&format!("{key}Bot"), "yes");
            }
            if let Some(rating) = p.rating {
                tag(&format!("{key}Rating"), &rating.to_string());
            }
        }
        tag(
            "Site",
            format!("{SITE} {}", self.channel.as_deref().unwrap_or("")).trim_end(),
        );
        if let Some(ms) = self.started_ms {
            tag("Start", &rfc3339(ms));
        }
        if let Some(ms) = self.finished_ms {
            tag("End", &rfc3339(ms));
        }
        if let Some(outcome) = self.result {
            let score = match outcome.winner {
                Some(Seat::First) => "1-0",
                Some(Seat::Second) => "0-1",
                None => "1/2-1/2",
            };
            tag("Result", score);
            tag("Termination", outcome.reason.as_str());
        }
        if self.unrated {
            tag("Rated", "no");
        }
        out.push('\n');
        for (i, turn) in self.turns.iter().enumerate() {
            out.push_str(&format!("{}. {turn}\n", i + 1));
        }
        out
    }

    fn from_text(text: &str) -> Result<Record, RecordError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut turns = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let (key, value) = inner.split_once(' ').ok_or_else(|| RecordError::BadLine {
                    line: n + 1,
                    text: line.into(),
                })?;
                let value = value.trim().trim_matches('"');
                tags.push((key.to_string(), value.to_string()));
                continue;
            }
            let Some((number, turn)) = line.split_once('.') else {
                return Err(RecordError::BadLine {
                    line: n + 1,
                    text: line.into(),
                });
            };
            if !number.chars().all(|c| c.is_ascii_digit()) || number.is_empty() {
                return Err(RecordError::BadLine {
                    line: n + 1,
                    text: line.into(),
                });
            }
            if number.parse::<usize>().ok() != Some(turns.len() + 1) {
                return Err(RecordError::Numbering {
                    line: n + 1,
                    found: number.into(),
                    expected: turns.len() + 1,
                });
            }
            turns.push(turn.trim().to_string());
        }
        let tag = |key: &str| {
            tags.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(key))
                .map(|(_, v)| v.as_str())
        };
        let game = tag("Game").ok_or(RecordError::Missing("[Game \"...\"] header"))?;
        let kind = GameKind::parse(game).ok_or_else(|| RecordError::UnknownGame(game.into()))?;
        let options = tag("Options")
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let player = |key: &str| RecordPlayer {
            name: tag(key).unwrap_or("").to_string(),
            id: tag(&format!("{key}Id")).unwrap_or("").to_string(),
            is_bot: tag(&format!("{key}Bot")) == Some("yes"),
            rating: tag(&format!("{key}Rating")).and_then(|r| r.parse().ok()),
        };
        let results = match tag("Result") {
            None => [None, None],
            Some("1-0") => [Some(1), Some(0)],
            Some("0-1") => [Some(0), Some(1)],
            Some("1/2-1/2") => [Some(1), Some(1)],
            Some(other) => return Err(bad("Result", other, "1-0, 0-1 or 1/2-1/2")),
        };
        let date = |key: &str| -> Result<Option<u64>, RecordError> {
            match tag(key) {
                None => Ok(None),
                Some(text) => parse_rfc3339(text)
                    .map(Some)
                    .ok_or_else(|| bad("date", text, "a date like 2026-01-31T12:00:00.000Z")),
            }
        };
        let channel = tag("Site")
            .and_then(|s| s.strip_prefix(SITE))
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        Ok(Record {
            kind,
            options,
            players: [player("Player1"), player("Player2")],
            turns,
            channel,
            started_ms: date("Start")?,
            finished_ms: date("End")?,
            result: outcome_of(results, tag("Termination"))?,
            unrated: tag("Rated") == Some("no"),
        })
    }
}

/// `channel/started` of a site game id.
fn split_gameid(value: Option<&Value>) -> (Option<String>, Option<u64>) {
    let Some(text) = value.and_then(Value::as_str) else {
        return (None, None);
    };
    match text.rsplit_once('/') {
        Some((channel, started)) => (Some(channel.to_string()), started.parse().ok()),
        None => (Some(text.to_string()), None),
    }
}

/// The outcome from the players' results (higher wins, equal draws) and
/// the reason.
fn outcome_of(
    results: [Option<i64>; 2],
    reason: Option<&str>,
) -> Result<Option<Outcome>, RecordError> {
    let [Some(first), Some(second)] = results else {
        return Ok(None);
    };
    let reason = match reason {
        None => Reason::NoMoves,
        Some(text) => text.parse::<Reason>().map_err(|_| {
            bad(
                "termination",
                text,
                "a reason such as line, resign or timeout",
            )
        })?,
    };
    Ok(Some(match first.cmp(&second) {
        std::cmp::Ordering::Greater => Outcome::win(Seat::First, reason),
        std::cmp::Ordering::Less => Outcome::win(Seat::Second, reason),
        std::cmp::Ordering::Equal => Outcome::draw(reason),
    }))
}

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Milliseconds since the epoch as `2026-01-31T12:00:00.000Z`.
pub fn rfc3339(ms: u64) -> String {
    let secs = (ms / 1000) as i64;
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        s / 3600,
        s / 60 % 60,
        s % 60,
        ms % 1000
    )
}

/// The inverse of [`rfc3339`] (UTC, milliseconds optional).
pub fn parse_rfc3339(text: &str) -> Option<u64> {
    let text = text.trim().strip_suffix('Z')?;
    let (date, time) = text.split_once('T')?;
    let mut date = date.splitn(3, '-').map(|p| p.parse::<i64>().ok());
    let (y, m, d) = (date.next()??, date.next()??, date.next()??);
    let (hms, frac) = time.split_once('.').unwrap_or((time, "0"));
    let mut hms = hms.splitn(3, ':').map(|p| p.parse::<i64>().ok());
    let (h, mi, s) = (hms.next()??, hms.next()??, hms.next()??);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 60 {
        return None;
    }
    let frac: String = frac.chars().chain("000".chars()).take(3).collect();
    let millis: i64 = frac.parse().ok()?;
    let secs = days_from_civil(y, m, d) * 86_400 + h * 3600 + mi * 60 + s;
    u64::try_from(secs * 1000 + millis).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_and_match_known_values() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339(951_782_400_123), "2000-02-29T00:00:00.123Z");
        assert_eq!(
            parse_rfc3339("2000-02-29T00:00:00.123Z"),
            Some(951_782_400_123)
        );
        for ms in [0, 1, 86_399_999, 1_795_000_000_000, 4_102_444_800_000] {
            assert_eq!(parse_rfc3339(&rfc3339(ms)), Some(ms));
        }
        assert_eq!(parse_rfc3339("2026-13-01T00:00:00Z"), None);
    }

    #[test]
    fn a_seat_playing_twice_starts_a_new_round() {
        // Floaters with North (the second seat) first: round one is
        // [null, north], then [south, north].
        let turns = crate::history::random_turns(GameKind::Floaters, &["first=north".into()], 5, 2)
            .unwrap();
        let record = Record {
            kind: GameKind::Floaters,
            options: vec!["first=north".into()],
            players: Default::default(),
            turns: turns.clone(),
            channel: None,
            started_ms: None,
            finished_ms: None,
            result: None,
            unrated: false,
        };
        let json = record.to_json(0).unwrap();
        assert_eq!(json["moves"][0][0], Value::Null);
        assert_eq!(json["moves"][0][1], json!(turns[0]));
        assert_eq!(Record::parse(&json.to_string()).unwrap().turns, turns);
    }

    #[test]
    fn bad_text_records_are_refused_with_the_line() {
        let err = Record::parse("[Game \"sight\"]\n1. c3\n3. b2\n").unwrap_err();
        assert!(err.to_string().contains("line 3"), "{err}");
        let err = Record::parse("[Game \"chess\"]\n").unwrap_err();
        assert!(matches!(err, RecordError::UnknownGame(_)), "{err}");
        let err = Record::parse("[Game \"sight\"]\nhello\n").unwrap_err();
        assert!(matches!(err, RecordError::BadLine { line: 2, .. }), "{err}");
    }
}
