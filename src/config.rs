//! Configuration: an optional `cairn.toml` (or the file named by
//! `CAIRN_CONFIG`) with environment variables taking precedence.
//! Every setting is documented in the README. Secrets are held in
//! [`Secret`], whose `Debug` shows no value, and no error message here
//! quotes a value from the file or the environment.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};

use cairn_store::clock::{parse_duration, TimeControl, DAY_MS, MINUTE_MS};
use serde::Deserialize;

/// A password or token: `Debug` prints `Secret(..)`, never the value; the
/// value is read through `Deref` (`&str`) where it is used.
#[derive(Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl std::ops::Deref for Secret {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Secret {
        Secret(value)
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Secret {
        Secret(value.to_string())
    }
}

/// Discord account settings (`DISCORD_*`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    pub token: Option<Secret>,
    /// Register commands in this guild only (instant; for development).
    pub guild_id: Option<u64>,
    /// `auto`, a total (`4`), or a range of a total (`0-1/4`).
    pub shards: Option<String>,
    /// Send every API call to this origin instead of Discord (a testing
    /// setting: a Discord-compatible server, without rate limiting).
    pub api_url: Option<String>,
}

/// Matrix account settings (`MATRIX_*`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MatrixConfig {
    pub homeserver: Option<String>,
    pub user: Option<String>,
    pub password: Option<Secret>,
    pub access_token: Option<Secret>,
    /// Where the session and crypto store live.
    pub store: Option<PathBuf>,
    /// Passphrase of the sqlite crypto store.
    pub store_passphrase: Option<Secret>,
    /// Command prefix, default `!cairn`.
    pub prefix: Option<String>,
}

/// The web pages' settings as the file gives them (`[web]`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct WebFileConfig {
    addr: Option<String>,
    public_url: Option<String>,
}

/// The web pages of games, when they are on (`CAIRN_WEB_ADDR`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebSettings {
    /// Where the server listens (`CAIRN_WEB_ADDR`, `[web] addr`).
    pub addr: std::net::SocketAddr,
    /// The address players reach it at, for links (`CAIRN_PUBLIC_URL`,
    /// `[web] public_url`; default `http://<addr>`), without a trailing
    /// `/`.
    pub public_url: String,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct FileConfig {
    db: Option<String>,
    images: Option<PathBuf>,
    images_keep: Option<usize>,
    lang: Option<String>,
    ai_deadline_ms: Option<u64>,
    default_clock: Option<String>,
    min_clock: Option<String>,
    challenge_ttl: Option<String>,
    vacation_days: Option<u32>,
    review_budget: Option<String>,
    // Load and backup settings (see `resolve_limits`).
    ai_workers: Option<usize>,
    ai_memory: Option<String>,
    rate_limit: Option<u32>,
    backup_dir: Option<PathBuf>,
    backup_every: Option<String>,
    backup_keep: Option<usize>,
    discord: DiscordConfig,
    matrix: MatrixConfig,
    web: WebFileConfig,
}

/// The resolved configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database (`CAIRN_DB`): a sled directory (default
    /// `./cairn-data`), or a `postgres://` URL shared by several processes.
    pub db: cairn_store::Location,
    /// Where the console writes board images (`CAIRN_IMAGES`).
    pub images: PathBuf,
    /// Board images the console keeps per channel (`CAIRN_IMAGES_KEEP`,
    /// default 20; 0 keeps all).
    pub images_keep: usize,
    /// Thinking time of the bot opponent (`CAIRN_AI_DEADLINE_MS`).
    pub ai_deadline: Duration,
    /// Time control of challenges that name none (`CAIRN_DEFAULT_CLOCK`).
    pub default_clock: Option<TimeControl>,
    /// Shortest allowed time control (`CAIRN_MIN_CLOCK`, tests only).
    pub min_clock_ms: u64,
    /// How long a challenge waits for an answer (`CAIRN_CHALLENGE_TTL`).
    pub challenge_ttl_ms: u64,
    /// Days of vacation per player and year (`CAIRN_VACATION_DAYS`).
    pub vacation_days: u32,
    /// What `review` may spend per position and per game
    /// (`CAIRN_REVIEW_BUDGET`, `2s,60s` by default).
    pub review_budget: (Duration, Duration),
    /// Bot searches at once (`CAIRN_AI_WORKERS`, default: the cores).
    pub ai_workers: usize,
    /// Bytes of kept search trees (`CAIRN_AI_MEMORY`, default 256 MB).
    pub ai_memory: usize,
    /// Commands per user and minute (`CAIRN_RATE_LIMIT`, 0: unlimited).
    pub rate_limit: u32,
    /// The console's language (`CAIRN_LANG`: `en`, `ja`, `es`, or a locale
    /// such as `ja_JP.UTF-8`); `None`: English. A channel's `lang` wins.
    pub lang: Option<cairn_bot::Lang>,
    /// What the operator should know about the configuration, though it
    /// does not stop the bot (an unknown `CAIRN_LANG`): said once at start.
    pub warnings: Vec<String>,
    /// Periodic backups (`CAIRN_BACKUP_DIR`, `CAIRN_BACKUP_EVERY`,
    /// `CAIRN_BACKUP_KEEP`).
    pub backup: Option<cairn_store::backup::BackupPlan>,
    /// The web pages of games (`None`: off, the default).
    pub web: Option<WebSettings>,
    pub discord: DiscordConfig,
    pub matrix: MatrixConfig,
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// At most a few characters of a setting's value in an error.
fn clip(value: &str) -> String {
    value.chars().take(20).collect()
}

impl Config {
    /// Read `cairn.toml` (if present) and the environment.
    pub fn load() -> Result<Config> {
        let path = env("CAIRN_CONFIG")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("cairn.toml"));
        let file = if path.exists() {
            Self::read_file(&path)?
        } else {
            FileConfig::default()
        };
        Self::resolve(file)
    }

    fn read_file(path: &Path) -> Result<FileConfig> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        toml::from_str(&text).map_err(|error| {
            // toml's own message shows the offending line, which may hold a
            // token: say where and what, with quoted values blanked; under
            // a secret key (of any type: a number, a table), say nothing
            // of the value at all.
            let line = error
                .span()
                .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
            let place = line.map(|l| format!(" at line {l}")).unwrap_or_default();
            let secret = line.and_then(|l| secret_key_on_line(&text, l));
            let what = match secret {
                Some(key) => format!(
                    "the value of `{key}` is not what it should be (a quoted string); it is not shown here"
                ),
                None => blank_quoted(error.message().trim()),
            };
            anyhow::anyhow!("{} is not valid configuration{place}: {what}", path.display())
        })
    }

    fn resolve(file: FileConfig) -> Result<Config> {
        let limits = resolve_limits(&file)?;
        let (lang, lang_warning) = resolve_lang(env("CAIRN_LANG").or(file.lang.clone()));
        let (web, web_warning) = resolve_web(&file.web)?;
        let mut discord = file.discord;
        let mut matrix = file.matrix;
        if let Some(v) = env("DISCORD_TOKEN") {
            discord.token = Some(v.into());
        }
        if let Some(v) = env("DISCORD_GUILD_ID") {
            discord.guild_id = Some(
                v.trim()
                    .parse()
                    .context("DISCORD_GUILD_ID must be a number")?,
            );
        }
        if let Some(v) = env("DISCORD_SHARDS") {
            discord.shards = Some(v);
        }
        if let Some(v) = env("DISCORD_API_URL") {
            discord.api_url = Some(v);
        }
        for (name, slot) in [
            ("MATRIX_HOMESERVER", &mut matrix.homeserver),
            ("MATRIX_USER", &mut matrix.user),
            ("MATRIX_PREFIX", &mut matrix.prefix),
        ] {
            if let Some(v) = env(name) {
                *slot = Some(v);
            }
        }
        for (name, slot) in [
            ("MATRIX_PASSWORD", &mut matrix.password),
            ("MATRIX_ACCESS_TOKEN", &mut matrix.access_token),
            ("MATRIX_STORE_PASSPHRASE", &mut matrix.store_passphrase),
        ] {
            if let Some(v) = env(name) {
                *slot = Some(v.into());
            }
        }
        if let Some(v) = env("MATRIX_STORE") {
            matrix.store = Some(PathBuf::from(v));
        }
        check_platforms(&discord, &matrix)?;
        let ai_deadline_ms = match env("CAIRN_AI_DEADLINE_MS") {
            Some(v) => v
                .trim()
                .parse()
                .context("CAIRN_AI_DEADLINE_MS must be a number of milliseconds")?,
            None => file.ai_deadline_ms.unwrap_or(2000),
        };
        let setting = |name: &str, file: Option<String>| env(name).or(file);
        let min_clock_ms = match setting("CAIRN_MIN_CLOCK", file.min_clock) {
            Some(v) => parse_duration(&v).with_context(|| {
                format!(
                    "CAIRN_MIN_CLOCK must be a duration such as 1m or 30s, not `{}`",
                    clip(&v)
                )
            })?,
            None => MINUTE_MS,
        };
        let default_clock = match setting("CAIRN_DEFAULT_CLOCK", file.default_clock) {
            Some(v) => TimeControl::parse(&v, min_clock_ms)
                .with_context(|| "CAIRN_DEFAULT_CLOCK is not a usable clock".to_string())?,
            None => Some(TimeControl::PerMove { ms: 3 * DAY_MS }),
        };
        let challenge_ttl_ms = match setting("CAIRN_CHALLENGE_TTL", file.challenge_ttl) {
            Some(v) => parse_duration(&v).with_context(|| {
                format!(
                    "CAIRN_CHALLENGE_TTL must be a duration such as 7d, not `{}`",
                    clip(&v)
                )
            })?,
            None => 7 * DAY_MS,
        };
        let vacation_days = match env("CAIRN_VACATION_DAYS") {
            Some(text) => text
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|&d| d <= 366)
                .with_context(|| {
                    format!(
                    "CAIRN_VACATION_DAYS must be a whole number of days from 0 to 366, not `{}`",
                    clip(&text)
                )
                })?,
            None => file.vacation_days.unwrap_or(14),
        };
        let review_budget = match setting("CAIRN_REVIEW_BUDGET", file.review_budget) {
            Some(text) => parse_review_budget(&text).with_context(|| {
                format!(
                    "CAIRN_REVIEW_BUDGET must be the time per position and per game, such as `2s,60s`, not `{}`",
                    clip(&text)
                )
            })?,
            None => (Duration::from_secs(2), Duration::from_secs(60)),
        };
        Ok(Config {
            vacation_days,
            review_budget,
            default_clock,
            min_clock_ms,
            challenge_ttl_ms,
            db: cairn_store::Location::parse(
                &env("CAIRN_DB")
                    .or(file.db)
                    .unwrap_or_else(|| "cairn-data".to_string()),
            ),
            images_keep: match env("CAIRN_IMAGES_KEEP") {
                Some(text) => text.trim().parse::<usize>().map_err(|_| {
                    anyhow::anyhow!(
                        "CAIRN_IMAGES_KEEP must be a whole number of board images to keep per channel (0 keeps all), not `{}`",
                        clip(&text)
                    )
                })?,
                None => file
                    .images_keep
                    .unwrap_or(crate::platform::console::DEFAULT_IMAGES_KEEP),
            },
            images: env("CAIRN_IMAGES")
                .map(PathBuf::from)
                .or(file.images)
                .unwrap_or_else(|| PathBuf::from("cairn-images")),
            ai_deadline: Duration::from_millis(ai_deadline_ms),
            ai_workers: limits.ai_workers,
            ai_memory: limits.ai_memory,
            rate_limit: limits.rate_limit,
            lang,
            warnings: lang_warning.into_iter().chain(web_warning).collect(),
            backup: limits.backup,
            web,
            discord,
            matrix,
        })
    }

    /// A Discord account is configured.
    pub fn has_discord(&self) -> bool {
        self.discord.token.is_some()
    }

    /// A Matrix account is configured.
    pub fn has_matrix(&self) -> bool {
        self.matrix.homeserver.is_some()
            && self.matrix.user.is_some()
            && (self.matrix.password.is_some() || self.matrix.access_token.is_some())
    }
}

/// A platform configured in part is an error naming what is missing: the
/// console starts only when no platform setting is present at all.
fn check_platforms(discord: &DiscordConfig, matrix: &MatrixConfig) -> Result<()> {
    let discord_set = discord.guild_id.is_some() || discord.shards.is_some();
    if discord_set && discord.token.is_none() {
        anyhow::bail!(
            "the Discord configuration is incomplete: DISCORD_TOKEN ([discord] token) is missing; set it, or remove the other Discord settings to run without Discord"
        );
    }
    let matrix_set = matrix.homeserver.is_some()
        || matrix.user.is_some()
        || matrix.password.is_some()
        || matrix.access_token.is_some()
        || matrix.store.is_some()
        || matrix.store_passphrase.is_some()
        || matrix.prefix.is_some();
    if matrix_set {
        let mut missing = Vec::new();
        if matrix.homeserver.is_none() {
            missing.push("MATRIX_HOMESERVER ([matrix] homeserver)");
        }
        if matrix.user.is_none() {
            missing.push("MATRIX_USER ([matrix] user)");
        }
        if matrix.password.is_none() && matrix.access_token.is_none() {
            missing
                .push("MATRIX_PASSWORD or MATRIX_ACCESS_TOKEN ([matrix] password or access_token)");
        }
        if !missing.is_empty() {
            anyhow::bail!(
                "the Matrix configuration is incomplete: {} {} missing; set {}, or remove every Matrix setting to run without Matrix",
                missing.join(" and "),
                if missing.len() == 1 { "is" } else { "are" },
                if missing.len() == 1 { "it" } else { "them" }
            );
        }
    }
    Ok(())
}

/// Values in double quotes blanked (serde's messages quote the value).
fn blank_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut inside: Option<char> = None;
    for c in message.chars() {
        match inside {
            Some(open) if c == open => {
                out.push('…');
                out.push(c);
                inside = None;
            }
            Some(_) => {}
            None if c == '"' || c == '`' => {
                out.push(c);
                inside = Some(c);
            }
            None => out.push(c),
        }
    }
    out
}

/// The keys whose values are secrets (a token, a password, a database
/// URL that may hold one), in any table.
const SECRET_KEYS: &[&str] = &[
    "token",
    "password",
    "access_token",
    "store_passphrase",
    "db",
];

/// The secret key set on line `line` (1-based) of `text`, if any.
fn secret_key_on_line(text: &str, line: usize) -> Option<&'static str> {
    let content = text.lines().nth(line.checked_sub(1)?)?;
    let key = content.split('=').next()?.trim().trim_matches('"');
    let key = key.rsplit('.').next().unwrap_or(key).trim();
    SECRET_KEYS
        .iter()
        .copied()
        .find(|k| k.eq_ignore_ascii_case(key))
}

/// The resolved load and backup settings.
struct Limits {
    ai_workers: usize,
    ai_memory: usize,
    rate_limit: u32,
    backup: Option<cairn_store::backup::BackupPlan>,
}

/// The web pages' settings: on when `CAIRN_WEB_ADDR` (or `[web] addr`)
/// names an address; a public address without one is only a warning.
fn resolve_web(file: &WebFileConfig) -> Result<(Option<WebSettings>, Option<String>)> {
    let public = env("CAIRN_PUBLIC_URL").or_else(|| file.public_url.clone());
    let Some(addr) = env("CAIRN_WEB_ADDR").or_else(|| file.addr.clone()) else {
        let warning = public.map(|_| {
            "CAIRN_PUBLIC_URL is set but CAIRN_WEB_ADDR is not, so the web pages are off: set CAIRN_WEB_ADDR (such as 127.0.0.1:8080) to serve them".to_string()
        });
        return Ok((None, warning));
    };
    let addr: std::net::SocketAddr = addr.trim().parse().map_err(|_| {
        anyhow::anyhow!(
            "CAIRN_WEB_ADDR must be an address and port such as 127.0.0.1:8080, not `{}`",
            clip(&addr)
        )
    })?;
    let public_url = match public {
        Some(url) => {
            let url = url.trim().trim_end_matches('/').to_string();
            let scheme = url.starts_with("http://") || url.starts_with("https://");
            if !scheme || url.contains(char::is_whitespace) {
                anyhow::bail!(
                    "CAIRN_PUBLIC_URL must be an http:// or https:// address such as https://cairn.example.org, not `{}`",
                    clip(&url)
                );
            }
            url
        }
        None => format!("http://{addr}"),
    };
    Ok((Some(WebSettings { addr, public_url }), None))
}

/// The console's language from `CAIRN_LANG` (or the file): one Cairn does
/// not speak is a warning, and English is used.
fn resolve_lang(tag: Option<String>) -> (Option<cairn_bot::Lang>, Option<String>) {
    let Some(tag) = tag else {
        return (None, None);
    };
    match cairn_bot::Lang::parse(&tag) {
        Some(lang) => (Some(lang), None),
        None => (
            None,
            Some(format!(
                "CAIRN_LANG must be en (English), ja (Japanese) or es (Spanish), or a locale such as ja_JP.UTF-8, not `{}`: Cairn speaks English",
                clip(&tag)
            )),
        ),
    }
}

fn resolve_limits(file: &FileConfig) -> Result<Limits> {
    let ai_workers = match env("CAIRN_AI_WORKERS") {
        Some(v) => v
            .trim()
            .parse()
            .ok()
            .filter(|n: &usize| *n > 0)
            .context("CAIRN_AI_WORKERS must be a whole number of searches, at least 1")?,
        None => file
            .ai_workers
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())),
    };
    let ai_memory = match env("CAIRN_AI_MEMORY").or_else(|| file.ai_memory.clone()) {
        Some(v) => parse_bytes(&v)
            .context("CAIRN_AI_MEMORY must be a size such as 256MB, 1GB or 300 (MB)")?,
        None => 256 << 20,
    };
    let rate_limit = match env("CAIRN_RATE_LIMIT") {
        Some(v) => v.trim().parse().context(
            "CAIRN_RATE_LIMIT must be a whole number of commands per minute (0: no limit)",
        )?,
        None => file.rate_limit.unwrap_or(30),
    };
    let dir = env("CAIRN_BACKUP_DIR")
        .map(PathBuf::from)
        .or_else(|| file.backup_dir.clone());
    let every = match env("CAIRN_BACKUP_EVERY").or_else(|| file.backup_every.clone()) {
        Some(v) => Some(
            parse_duration(&v)
                .map(Duration::from_millis)
                .context("CAIRN_BACKUP_EVERY must be a duration such as 30m, 6h or 1d")?,
        ),
        None => None,
    };
    let keep = match env("CAIRN_BACKUP_KEEP") {
        Some(v) => v
            .trim()
            .parse()
            .ok()
            .filter(|n: &usize| *n > 0)
            .context("CAIRN_BACKUP_KEEP must be a whole number of files, at least 1")?,
        None => file.backup_keep.unwrap_or(7),
    };
    let backup = match (dir, every) {
        (Some(dir), every) => Some(cairn_store::backup::BackupPlan {
            dir,
            every: every.unwrap_or(Duration::from_secs(6 * 3600)),
            keep,
        }),
        (None, Some(_)) => anyhow::bail!(
            "CAIRN_BACKUP_EVERY is set but CAIRN_BACKUP_DIR is not: say where the backups go"
        ),
        (None, None) => None,
    };
    Ok(Limits {
        ai_workers,
        ai_memory,
        rate_limit,
        backup,
    })
}

/// `256MB`, `1GB`, `512KB` or a plain number of megabytes.
fn parse_bytes(text: &str) -> Option<usize> {
    let text = text.trim().to_ascii_uppercase();
    let (number, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => text.split_at(i),
        None => (text.as_str(), "MB"),
    };
    let shift = match unit.trim() {
        "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        _ => return None,
    };
    number.parse::<usize>().ok()?.checked_mul(1 << shift)
}

/// `2s,60s`: the time `review` may spend per position, then per game (the
/// second no shorter than the first).
fn parse_review_budget(text: &str) -> Option<(Duration, Duration)> {
    let (position, game) = text.split_once(',')?;
    let position = cairn_store::clock::parse_duration(position)?;
    let game = cairn_store::clock::parse_duration(game)?;
    (game >= position).then(|| (Duration::from_millis(position), Duration::from_millis(game)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn review_budget_reads_a_position_and_a_game_time() {
        assert_eq!(
            parse_review_budget("2s,60s"),
            Some((Duration::from_secs(2), Duration::from_secs(60)))
        );
        assert_eq!(
            parse_review_budget(" 5s , 2m "),
            Some((Duration::from_secs(5), Duration::from_secs(120)))
        );
        assert_eq!(parse_review_budget("60s,2s"), None);
        assert_eq!(parse_review_budget("2s"), None);
        assert_eq!(parse_review_budget("fast,slow"), None);
    }

    #[test]
    fn file_settings_parse() {
        let file: FileConfig = toml::from_str(
            "db = \"/data/cairn\"\nai_deadline_ms = 500\n[discord]\ntoken = \"abc\"\nguild_id = 42\napi_url = \"http://127.0.0.1:8080\"\n[matrix]\nhomeserver = \"http://127.0.0.1:8008\"\nuser = \"@cairn:localhost\"\npassword = \"pw\"\n",
        )
        .unwrap();
        assert_eq!(file.discord.guild_id, Some(42));
        assert_eq!(
            file.discord.api_url.as_deref(),
            Some("http://127.0.0.1:8080")
        );
        assert_eq!(file.ai_deadline_ms, Some(500));
        assert!(
            toml::from_str::<FileConfig>("colour = 3").is_err(),
            "unknown keys are refused"
        );
    }

    #[test]
    fn web_settings_read_from_the_file() {
        if env("CAIRN_WEB_ADDR").is_some() || env("CAIRN_PUBLIC_URL").is_some() {
            eprintln!("skipping: CAIRN_WEB_ADDR or CAIRN_PUBLIC_URL is set here");
            return;
        }
        let web = |text: &str| {
            let file: FileConfig = toml::from_str(text).expect("toml");
            resolve_web(&file.web)
        };
        let (on, warning) =
            web("[web]\naddr = \"127.0.0.1:8080\"\npublic_url = \"https://cairn.example/\"\n")
                .expect("settings");
        let on = on.expect("on");
        assert_eq!(on.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(on.public_url, "https://cairn.example");
        assert_eq!(warning, None);
        let (on, _) = web("[web]\naddr = \"127.0.0.1:9000\"\n").expect("settings");
        assert_eq!(on.expect("on").public_url, "http://127.0.0.1:9000");
        let (off, warning) = web("").expect("settings");
        assert_eq!(off, None);
        assert_eq!(warning, None);
        let (off, warning) = web("[web]\npublic_url = \"https://x.example\"\n").expect("settings");
        assert_eq!(off, None);
        assert!(warning.is_some_and(|w| w.contains("CAIRN_WEB_ADDR")));
        assert!(web("[web]\naddr = \"localhost\"\n").is_err());
        assert!(web("[web]\naddr = \"127.0.0.1:1\"\npublic_url = \"cairn.example\"\n").is_err());
    }

    #[test]
    fn secrets_do_not_show_in_debug() {
        let file: FileConfig = toml::from_str(
            "[discord]\ntoken = \"abc-secret\"\n[matrix]\npassword = \"pw-secret\"\n",
        )
        .unwrap();
        let shown = format!("{file:?}");
        assert!(
            !shown.contains("abc-secret") && !shown.contains("pw-secret"),
            "{shown}"
        );
        assert_eq!(file.discord.token.as_deref(), Some("abc-secret"));
    }

    #[test]
    fn quoted_values_are_blanked() {
        assert_eq!(
            blank_quoted("invalid type: string \"hunter2\", expected u64"),
            "invalid type: string \"…\", expected u64"
        );
    }

    #[test]
    fn secret_values_of_any_type_are_not_in_parse_errors() {
        let dir = tempfile::tempdir().unwrap();
        for (toml, secret) in [
            ("[matrix]\npassword = 9876543210\n", "9876543210"),
            ("[matrix]\npassword = 98765.4321\n", "98765"),
            ("[matrix]\npassword = [\"ab?cd@ef%gh\"]\n", "ab?cd"),
            ("[discord]\ntoken = { inner = \"tok-SECRET\" }\n", "SECRET"),
            ("[discord]\ntoken = 2026-01-01T10:00:00Z\n", "2026"),
            ("db = 31415926\n", "31415926"),
            ("[matrix]\npassword = true\n", "true"),
        ] {
            let path = dir.path().join("cairn.toml");
            std::fs::write(&path, toml).unwrap();
            let error = format!("{:#}", Config::read_file(&path).unwrap_err());
            assert!(!error.contains(secret), "{toml}: {error}");
            assert!(error.contains("line "), "{error}");
        }
        assert_eq!(
            blank_quoted("invalid type: integer `12345`, expected a string"),
            "invalid type: integer `…`, expected a string"
        );
    }

    #[test]
    fn sizes_and_durations() {
        assert_eq!(parse_bytes("256MB"), Some(256 << 20));
        assert_eq!(parse_bytes("300"), Some(300 << 20));
        assert_eq!(parse_bytes("1gb"), Some(1 << 30));
        assert_eq!(parse_bytes("lots"), None);
        assert_eq!(parse_duration("6h"), Some(6 * 3600 * 1000));
        assert_eq!(parse_duration("90s"), Some(90 * 1000));
        assert_eq!(parse_duration("0m"), None);
    }
}
