//! Configuration: an optional `cairn.toml` (or the file named by
//! `CAIRN_CONFIG`) with environment variables taking precedence.
//! Every setting is documented in the README.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use serde::Deserialize;

/// Discord account settings (`DISCORD_*`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    pub token: Option<String>,
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
    pub password: Option<String>,
    pub access_token: Option<String>,
    /// Where the session and crypto store live.
    pub store: Option<PathBuf>,
    /// Passphrase of the sqlite crypto store.
    pub store_passphrase: Option<String>,
    /// Command prefix, default `!cairn`.
    pub prefix: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct FileConfig {
    db: Option<PathBuf>,
    images: Option<PathBuf>,
    ai_deadline_ms: Option<u64>,
    discord: DiscordConfig,
    matrix: MatrixConfig,
}

/// The resolved configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// The sled database directory (`CAIRN_DB`, default `./cairn-data`).
    pub db: PathBuf,
    /// Where the console writes board images (`CAIRN_IMAGES`).
    pub images: PathBuf,
    /// Thinking time of the bot opponent (`CAIRN_AI_DEADLINE_MS`).
    pub ai_deadline: Duration,
    pub discord: DiscordConfig,
    pub matrix: MatrixConfig,
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
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
        toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))
    }

    fn resolve(file: FileConfig) -> Result<Config> {
        let mut discord = file.discord;
        let mut matrix = file.matrix;
        if let Some(v) = env("DISCORD_TOKEN") {
            discord.token = Some(v);
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
            ("MATRIX_PASSWORD", &mut matrix.password),
            ("MATRIX_ACCESS_TOKEN", &mut matrix.access_token),
            ("MATRIX_STORE_PASSPHRASE", &mut matrix.store_passphrase),
            ("MATRIX_PREFIX", &mut matrix.prefix),
        ] {
            if let Some(v) = env(name) {
                *slot = Some(v);
            }
        }
        if let Some(v) = env("MATRIX_STORE") {
            matrix.store = Some(PathBuf::from(v));
        }
        let ai_deadline_ms = match env("CAIRN_AI_DEADLINE_MS") {
            Some(v) => v
                .trim()
                .parse()
                .context("CAIRN_AI_DEADLINE_MS must be a number of milliseconds")?,
            None => file.ai_deadline_ms.unwrap_or(2000),
        };
        Ok(Config {
            db: env("CAIRN_DB")
                .map(PathBuf::from)
                .or(file.db)
                .unwrap_or_else(|| PathBuf::from("cairn-data")),
            images: env("CAIRN_IMAGES")
                .map(PathBuf::from)
                .or(file.images)
                .unwrap_or_else(|| PathBuf::from("cairn-images")),
            ai_deadline: Duration::from_millis(ai_deadline_ms),
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
