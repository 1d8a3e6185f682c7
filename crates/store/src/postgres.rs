//! The PostgreSQL backend of [`crate::Store`]: one database shared by
//! several Cairn processes, possibly on several machines.
//!
//! The client is tokio-postgres with the deadpool-postgres pool, driven by
//! a small runtime the store owns. The store's API is synchronous and is
//! called from blocking threads, plain threads (the console, tests) and
//! sometimes an async worker; each call is spawned onto the store's own
//! runtime and waited for on a plain channel, which works from all of
//! them (a nested `block_on` would panic inside another runtime).
//!
//! Guarantees, as with sled: a command's write is a compare-and-swap on
//! the channel's `version` column, in one transaction with the deadline
//! index, the archive, the player indexes and the ratings (rated once:
//! the losing side of a race sees the game already over). Ratings are
//! read and written under a transaction-scoped advisory lock per entry,
//! so two games of one player ending at once in two processes both count.
//! A due moment set nearer than the schedulers' poll
//! ([`crate::DEADLINE_POLL_MS`]) sends `NOTIFY cairn_deadlines` (delivered
//! at commit), which wakes the schedulers of the other processes; later
//! ones are found by the poll, so an ordinary move notifies nobody (a
//! NOTIFY serialises the commits of the whole server on one lock and
//! wakes every listener).
//!
//! The schema is created and migrated at start from the SQL files in
//! `migrations/` (compiled in), under an advisory lock so processes
//! starting together migrate once; `cairn_schema` holds the version.

use std::future::Future;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use deadpool_postgres::{GenericClient, Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio_postgres::{AsyncMessage, NoTls};

use crate::backend::{check_move, players_of_bytes, rating_keys, rating_writes};
use crate::backend::{Backend, ChannelWrite, KeyValue, Lease, Loaded, RawChange};
use crate::ratings::default_place;
use crate::{deadline_key, decode_finished, parse_deadline_key, platform_of};
use crate::{MoveError, RawEntry, StoreError, TreeName};

/// The schema migrations, in order: (version, SQL).
const MIGRATIONS: &[(i32, &str)] = &[(1, include_str!("../migrations/0001_init.sql"))];

/// The schema version this build writes.
pub const POSTGRES_SCHEMA: i32 = 1;

/// First key of Cairn's advisory locks (`pg_advisory_lock(int, int)`).
pub const LOCK_SPACE: i32 = 0x4341_4952; // "CAIR"
/// Second keys within [`LOCK_SPACE`].
const LOCK_MIGRATE: i32 = 1;
/// Ratings are locked in their own space, by a hash of the entry's key.
const LOCK_SPACE_RATINGS: i32 = 0x4341_4953;
/// Leases (session advisory locks), by a hash of the lease's name.
const LOCK_SPACE_LEASES: i32 = 0x4341_4954;

/// The channel woken when a due moment changes.
const NOTIFY_CHANNEL: &str = "cairn_deadlines";
/// Slack over the schedulers' poll before a due moment is worth a
/// notification (timers fire a little late).
const NOTIFY_MARGIN_MS: u64 = 5_000;

/// Whether the other processes' schedulers must be woken for a due moment
/// set now: only when their next poll could come after it.
fn worth_a_notification(due: Option<u64>) -> bool {
    due.is_some_and(|due| {
        due < crate::now_ms().saturating_add(crate::DEADLINE_POLL_MS + NOTIFY_MARGIN_MS)
    })
}

type Wakers = Arc<Mutex<Vec<Box<dyn Fn() + Send + Sync>>>>;

/// A PostgreSQL database shared by processes.
pub struct Postgres {
    runtime: Option<tokio::runtime::Runtime>,
    pool: Pool,
    config: tokio_postgres::Config,
    shown: String,
    /// Only to scrub it from error messages, should a driver ever say it.
    password: Option<String>,
    wakers: Wakers,
    /// The deadline of every call (`CAIRN_DB_TIMEOUT`).
    timeout: Duration,
}

/// The deadline of a database call unless `CAIRN_DB_TIMEOUT` says
/// otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// `CAIRN_DB_TIMEOUT`: `5s`, `1500ms`, `2m` or a number of seconds.
pub fn timeout_from_env() -> Duration {
    match std::env::var("CAIRN_DB_TIMEOUT") {
        Ok(text) if !text.trim().is_empty() => match parse_timeout(&text) {
            Some(timeout) => timeout,
            None => {
                tracing::warn!(
                    default_ms = DEFAULT_TIMEOUT.as_millis() as u64,
                    "CAIRN_DB_TIMEOUT is not a duration such as 5s or 1500ms; using the default"
                );
                DEFAULT_TIMEOUT
            }
        },
        _ => DEFAULT_TIMEOUT,
    }
}

fn parse_timeout(text: &str) -> Option<Duration> {
    let text = text.trim();
    let timeout = if let Some(ms) = text.strip_suffix("ms") {
        Duration::from_millis(ms.trim().parse().ok()?)
    } else if let Ok(seconds) = text.parse::<u64>() {
        Duration::from_secs(seconds)
    } else {
        Duration::from_millis(crate::clock::parse_duration(text)?)
    };
    (timeout >= Duration::from_millis(100)).then_some(timeout)
}

/// A database URL or key-value connection string without its password,
/// for logs and messages: rebuilt from what tokio-postgres's own parser
/// read (user, hosts, ports, database), so nothing of the password can
/// show however it is written (`?`, `@`, `%`, quotes, a `password=`
/// parameter). Text that does not parse is not shown at all.
pub fn redact(text: &str) -> String {
    match tokio_postgres::Config::from_str(text.trim()) {
        Ok(config) => shown_config(&config),
        Err(_) => "a PostgreSQL connection string that cannot be read (not shown)".into(),
    }
}

/// A parsed configuration as `postgres://user:***@host:port/dbname`
/// (`host=… port=… user=… password=*** dbname=…` when a host is a
/// socket directory).
fn shown_config(config: &tokio_postgres::Config) -> String {
    use tokio_postgres::config::Host;
    let ports = config.get_ports();
    let port_of = |i: usize| ports.get(i).or(ports.first()).copied();
    let mut hosts = Vec::new();
    let mut socket = false;
    for (i, host) in config.get_hosts().iter().enumerate() {
        let name = match host {
            Host::Tcp(name) => name.clone(),
            #[cfg(unix)]
            Host::Unix(path) => {
                socket = true;
                path.display().to_string()
            }
        };
        hosts.push((name, port_of(i)));
    }
    let user = config.get_user().unwrap_or("");
    let has_password = config.get_password().is_some();
    let dbname = config.get_dbname().unwrap_or("");
    if socket {
        let mut parts = Vec::new();
        for (name, _) in &hosts {
            parts.push(format!("host={name}"));
        }
        if let Some(port) = port_of(0) {
            parts.push(format!("port={port}"));
        }
        if !user.is_empty() {
            parts.push(format!("user={user}"));
        }
        if has_password {
            parts.push("password=***".into());
        }
        if !dbname.is_empty() {
            parts.push(format!("dbname={dbname}"));
        }
        return parts.join(" ");
    }
    let hosts: Vec<String> = hosts
        .into_iter()
        .map(|(name, port)| match port {
            Some(port) => format!("{name}:{port}"),
            None => name,
        })
        .collect();
    let user_info = match (user.is_empty(), has_password) {
        (true, false) => String::new(),
        (_, true) => format!("{user}:***@"),
        (false, false) => format!("{user}@"),
    };
    format!("postgres://{user_info}{}/{dbname}", hosts.join(","))
}

/// `text` is a key-value connection string (`host=… password=…`) rather
/// than a directory name: tokio-postgres's own parser reads it, or it
/// begins with a libpq keyword and `=` (one that does not parse is still
/// refused as a connection string, never taken for a directory).
pub fn is_connection_string(text: &str) -> bool {
    let text = text.trim();
    let Some((first, _)) = text.split_once('=') else {
        return false;
    };
    const KEYWORDS: &[&str] = &[
        "host",
        "hostaddr",
        "port",
        "user",
        "password",
        "dbname",
        "options",
        "application_name",
        "sslmode",
        "connect_timeout",
        "keepalives",
        "keepalives_idle",
        "target_session_attrs",
        "channel_binding",
        "load_balance_hosts",
    ];
    KEYWORDS.contains(&first.trim().to_ascii_lowercase().as_str())
        || tokio_postgres::Config::from_str(text).is_ok()
}

/// What tokio-postgres found wrong in a connection string, in words that
/// hold none of its text (its messages may quote a piece of it).
fn parse_problem(error: &tokio_postgres::Error) -> &'static str {
    let text = error.to_string();
    if text.contains("unknown option") {
        "an unknown setting"
    } else if text.contains("invalid value") {
        "a setting with a value it cannot use"
    } else {
        "its form"
    }
}

/// An error in words with its causes ("db error" alone says nothing; its
/// source says which).
fn pg(error: impl std::error::Error) -> StoreError {
    let mut cause = error.to_string();
    let mut source = error.source();
    while let Some(inner) = source {
        let text = inner.to_string();
        if !cause.contains(&text) {
            cause = format!("{cause}: {text}");
        }
        source = inner.source();
    }
    StoreError::Postgres { cause }
}

fn tree_name(tree: TreeName) -> &'static str {
    tree.as_str()
}

/// The end of a prefix range: the prefix with its last byte raised (the
/// prefixes here end with NUL, so this never overflows).
fn prefix_end(prefix: &[u8]) -> Vec<u8> {
    let mut end = prefix.to_vec();
    if let Some(last) = end.last_mut() {
        *last = last.saturating_add(1);
    }
    end
}

/// A stable 32-bit hash of a key (FNV-1a), for advisory locks.
fn lock_hash(key: &[u8]) -> i32 {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in key {
        hash ^= u32::from(*byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash as i32
}

impl Postgres {
    /// Connect, create or migrate the schema, and refuse a database
    /// written by a newer build.
    pub fn connect(url: &str) -> Result<Postgres, StoreError> {
        let shown = redact(url);
        let mut config =
            tokio_postgres::Config::from_str(url).map_err(|e| StoreError::Connect {
                location: shown.clone(),
                cause: format!(
                    "it cannot be read as a URL or key-value connection string ({}); in a URL, write `?`, `@`, `%`, `/` and `:` in the password percent-encoded (`%3F`, `%40`, `%25`, `%2F`, `%3A`)",
                    parse_problem(&e)
                ),
            })?;
        if config.get_application_name().is_none() {
            config.application_name("cairn");
        }
        let timeout = timeout_from_env();
        // The server gives up on a statement, and on a transaction left
        // idle, past the same deadline (so a frozen call holds no locks
        // for long after Cairn has answered).
        let server_side = format!(
            "-c statement_timeout={ms} -c idle_in_transaction_session_timeout={idle}",
            ms = timeout.as_millis(),
            idle = timeout.as_millis() * 2
        );
        let options = match config.get_options() {
            Some(existing) if !existing.trim().is_empty() => format!("{existing} {server_side}"),
            _ => server_side,
        };
        config.options(&options);
        if config.get_connect_timeout().is_none_or(|t| *t > timeout) {
            config.connect_timeout(timeout);
        }
        let password = config
            .get_password()
            .map(|p| String::from_utf8_lossy(p).into_owned());
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("cairn-postgres")
            .enable_all()
            .build()
            .map_err(StoreError::Io)?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(16)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(timeout))
            .create_timeout(Some(timeout))
            .recycle_timeout(Some(timeout))
            .build()
            .map_err(|e| StoreError::Connect {
                location: shown.clone(),
                cause: e.to_string(),
            })?;
        let store = Postgres {
            runtime: Some(runtime),
            pool,
            config,
            shown,
            password,
            wakers: Arc::default(),
            timeout,
        };
        let pool = store.pool.clone();
        store
            .run(async move { migrate(&pool).await })
            .map_err(|error| match error {
                StoreError::Postgres { cause } => StoreError::Connect {
                    location: store.shown.clone(),
                    cause,
                },
                other => other,
            })?;
        Ok(store)
    }

    /// Run `future` on the store's runtime and wait for it (from any
    /// thread, async or not).
    fn run<T, F>(&self, future: F) -> Result<T, StoreError>
    where
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
        T: Send + 'static,
    {
        self.run_deadline(future, self.timeout)
    }

    /// [`Postgres::run`] with its own deadline.
    fn run_deadline<T, F>(&self, future: F, deadline: Duration) -> Result<T, StoreError>
    where
        F: Future<Output = Result<T, StoreError>> + Send + 'static,
        T: Send + 'static,
    {
        let Some(runtime) = &self.runtime else {
            return Err(StoreError::Unavailable {
                cause: "the database connection is closed".into(),
            });
        };
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let task = runtime.spawn(async move {
            let _ = tx.send(future.await);
        });
        let result = match rx.recv_timeout(deadline) {
            Ok(result) => result,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                // Stop waiting, and stop the call: nothing of it may land
                // after the answer.
                task.abort();
                let after_ms = deadline.as_millis() as u64;
                tracing::warn!(
                    location = %self.shown,
                    after_ms,
                    "a database call exceeded its deadline (CAIRN_DB_TIMEOUT); answering without it"
                );
                Err(StoreError::Timeout { after_ms })
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(StoreError::Unavailable {
                cause: "the database task stopped".into(),
            }),
        };
        result.map_err(|error| self.scrub(error))
    }

    /// The deadline of a bulk call (a dump or an import of the whole
    /// database, for the operator's tools and backups): a minute per
    /// `CAIRN_DB_TIMEOUT` second, at least ten minutes.
    fn bulk_timeout(&self) -> Duration {
        (self.timeout * 60).max(Duration::from_secs(600))
    }

    /// A commit whose outcome is unknown (the call timed out, or the
    /// connection failed once COMMIT was sent): read the record back,
    /// waiting for any transaction still holding it, and say whether the
    /// write is there. `Ok(false)` (not written) makes the facade decide
    /// again on the record as it is.
    fn resolve_commit(
        &self,
        key: &str,
        seen: Option<i64>,
        write: &ChannelWrite,
    ) -> Result<bool, StoreError> {
        let pool = self.pool.clone();
        let k = key.as_bytes().to_vec();
        let archive_key = write
            .archive
            .as_ref()
            .map(|(a, _, _)| a.clone().into_bytes());
        let change = write.change.clone();
        let answer = self.run(async move {
            let mut client = pool.get().await.map_err(pg)?;
            let tx = client.transaction().await.map_err(pg)?;
            // FOR UPDATE waits for a transaction that still holds the row
            // (the lost one, until the server has ended it).
            let row = tx
                .query_opt(
                    "SELECT value, version FROM channels WHERE key = $1 FOR UPDATE",
                    &[&k],
                )
                .await
                .map_err(pg)?;
            let archived = match &archive_key {
                Some(a) => Some(
                    tx.query_opt(
                        "SELECT 1 FROM entries WHERE tree = 'archive' AND key = $1",
                        &[a],
                    )
                    .await
                    .map_err(pg)?
                    .is_some(),
                ),
                None => None,
            };
            tx.rollback().await.map_err(pg)?;
            let row: Option<(Vec<u8>, i64)> = row.map(|r| (r.get(0), r.get(1)));
            Ok(outcome_of(&change, seen, row.as_ref(), archived))
        });
        match answer {
            Ok(Some(written)) => {
                tracing::info!(channel = %key, written, "a write's outcome was unknown; read back");
                Ok(written)
            }
            Ok(None) | Err(_) => {
                tracing::error!(channel = %key, "could not tell whether a write was saved");
                Err(StoreError::OutcomeUnknown)
            }
        }
    }

    /// Make sure no error message carries the password.
    fn scrub(&self, error: StoreError) -> StoreError {
        let Some(password) = self.password.as_deref().filter(|p| p.len() >= 3) else {
            return error;
        };
        match error {
            StoreError::Postgres { cause } => StoreError::Postgres {
                cause: cause.replace(password, "***"),
            },
            StoreError::Connect { location, cause } => StoreError::Connect {
                location,
                cause: cause.replace(password, "***"),
            },
            other => other,
        }
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        // Dropping a runtime inside another one panics; this never blocks.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

async fn migrate(pool: &Pool) -> Result<(), StoreError> {
    let mut client = pool.get().await.map_err(pg)?;
    let tx = client.transaction().await.map_err(pg)?;
    tx.execute(
        "SELECT pg_advisory_xact_lock($1, $2)",
        &[&LOCK_SPACE, &LOCK_MIGRATE],
    )
    .await
    .map_err(pg)?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS cairn_schema (version INT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
    )
    .await
    .map_err(pg)?;
    let found: i32 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM cairn_schema", &[])
        .await
        .map_err(pg)?
        .get(0);
    if found > POSTGRES_SCHEMA {
        return Err(StoreError::SchemaTooNew {
            found,
            known: POSTGRES_SCHEMA,
        });
    }
    for (version, sql) in MIGRATIONS {
        if *version <= found {
            continue;
        }
        tx.batch_execute(sql).await.map_err(pg)?;
        tx.execute("INSERT INTO cairn_schema (version) VALUES ($1)", &[version])
            .await
            .map_err(pg)?;
        tracing::info!(version, "PostgreSQL schema migrated");
    }
    tx.commit().await.map_err(pg)?;
    Ok(())
}

/// The stored bytes under one key.
async fn get_in(
    client: &impl GenericClient,
    tree: TreeName,
    key: &[u8],
) -> Result<Option<Vec<u8>>, StoreError> {
    let row = if tree == TreeName::Channels {
        let statement = client
            .prepare_cached("SELECT value FROM channels WHERE key = $1")
            .await
            .map_err(pg)?;
        client.query_opt(&statement, &[&key]).await
    } else {
        let statement = client
            .prepare_cached("SELECT value FROM entries WHERE tree = $1 AND key = $2")
            .await
            .map_err(pg)?;
        client
            .query_opt(&statement, &[&tree_name(tree), &key])
            .await
    };
    Ok(row.map_err(pg)?.map(|row| row.get(0)))
}

async fn entries_in(
    client: &impl GenericClient,
    tree: TreeName,
) -> Result<Vec<KeyValue>, StoreError> {
    let rows = if tree == TreeName::Channels {
        client
            .query("SELECT key, value FROM channels ORDER BY key", &[])
            .await
    } else {
        client
            .query(
                "SELECT key, value FROM entries WHERE tree = $1 ORDER BY key",
                &[&tree_name(tree)],
            )
            .await
    };
    Ok(rows
        .map_err(pg)?
        .into_iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect())
}

async fn put_entry(
    client: &impl GenericClient,
    tree: TreeName,
    key: &[u8],
    value: &[u8],
) -> Result<(), StoreError> {
    let statement = client
        .prepare_cached(
            "INSERT INTO entries (tree, key, value) VALUES ($1, $2, $3) \
             ON CONFLICT (tree, key) DO UPDATE SET value = EXCLUDED.value",
        )
        .await
        .map_err(pg)?;
    client
        .execute(&statement, &[&tree_name(tree), &key, &value])
        .await
        .map_err(pg)?;
    Ok(())
}

async fn delete_entry(
    client: &impl GenericClient,
    tree: TreeName,
    key: &[u8],
) -> Result<u64, StoreError> {
    let statement = client
        .prepare_cached("DELETE FROM entries WHERE tree = $1 AND key = $2")
        .await
        .map_err(pg)?;
    client
        .execute(&statement, &[&tree_name(tree), &key])
        .await
        .map_err(pg)
}

/// Replace the player index of `channel`.
async fn set_players(
    client: &impl GenericClient,
    channel: &[u8],
    players: &[String],
) -> Result<(), StoreError> {
    let delete = client
        .prepare_cached("DELETE FROM players WHERE channel = $1")
        .await
        .map_err(pg)?;
    client.execute(&delete, &[&channel]).await.map_err(pg)?;
    if !players.is_empty() {
        let insert = client
            .prepare_cached(
                "INSERT INTO players (user_id, channel) SELECT u, $2 FROM unnest($1::text[]) AS u \
                 ON CONFLICT DO NOTHING",
            )
            .await
            .map_err(pg)?;
        client
            .execute(&insert, &[&players, &channel])
            .await
            .map_err(pg)?;
    }
    Ok(())
}

async fn index_archived(
    client: &impl GenericClient,
    key: &[u8],
    players: &[String],
) -> Result<(), StoreError> {
    let insert = client
        .prepare_cached(
            "INSERT INTO archive_players (user_id, key) SELECT u, $2 FROM unnest($1::text[]) AS u \
             ON CONFLICT DO NOTHING",
        )
        .await
        .map_err(pg)?;
    client
        .execute(&insert, &[&players, &key])
        .await
        .map_err(pg)?;
    Ok(())
}

async fn notify(client: &impl GenericClient, platform: &str) -> Result<(), StoreError> {
    let statement = client
        .prepare_cached("SELECT pg_notify($1, $2)")
        .await
        .map_err(pg)?;
    client
        .execute(&statement, &[&NOTIFY_CHANNEL, &platform])
        .await
        .map_err(pg)?;
    Ok(())
}

/// The puzzle's rating after an answer, in the answer's transaction (the
/// row is locked, so two answers to one puzzle both count).
async fn rate_puzzle_in(
    tx: &deadpool_postgres::Transaction<'_>,
    result: &crate::PuzzleResult,
) -> Result<(), StoreError> {
    let key = crate::puzzle::puzzle_key(result.kind, &result.id);
    let row = tx
        .query_opt(
            "SELECT value FROM entries WHERE tree = 'puzzles' AND key = $1 FOR UPDATE",
            &[&key],
        )
        .await
        .map_err(pg)?;
    let stored: Option<Vec<u8>> = row.map(|row| row.get(0));
    if let Some(new) = crate::puzzle::apply_result(stored.as_deref(), result)? {
        put_entry(tx, TreeName::Puzzles, &key, &new).await?;
    }
    Ok(())
}

async fn commit(
    pool: Pool,
    key: String,
    seen: Option<i64>,
    write: ChannelWrite,
) -> Result<bool, StoreError> {
    let mut client = pool.get().await.map_err(pg)?;
    let tx = client.transaction().await.map_err(pg)?;
    let k = key.as_bytes();
    let swapped = match (&write.change, seen) {
        (RawChange::Put(bytes), Some(version)) => {
            let statement = tx
                .prepare_cached(
                    "UPDATE channels SET value = $2, version = version + 1 \
                     WHERE key = $1 AND version = $3",
                )
                .await
                .map_err(pg)?;
            tx.execute(&statement, &[&k, bytes, &version])
                .await
                .map_err(pg)?
                == 1
        }
        (RawChange::Put(bytes), None) => {
            let statement = tx
                .prepare_cached(
                    "INSERT INTO channels (key, value, version) VALUES ($1, $2, 1) \
                     ON CONFLICT (key) DO NOTHING",
                )
                .await
                .map_err(pg)?;
            tx.execute(&statement, &[&k, bytes]).await.map_err(pg)? == 1
        }
        (RawChange::Remove, Some(version)) => {
            let statement = tx
                .prepare_cached("DELETE FROM channels WHERE key = $1 AND version = $2")
                .await
                .map_err(pg)?;
            tx.execute(&statement, &[&k, &version]).await.map_err(pg)? == 1
        }
        (RawChange::Keep, Some(version)) => {
            // Only an archive entry: the record must stay as seen until
            // the commit.
            let statement = tx
                .prepare_cached("SELECT 1 FROM channels WHERE key = $1 AND version = $2 FOR UPDATE")
                .await
                .map_err(pg)?;
            tx.query_opt(&statement, &[&k, &version])
                .await
                .map_err(pg)?
                .is_some()
        }
        (RawChange::Remove | RawChange::Keep, None) => {
            let statement = tx
                .prepare_cached("SELECT 1 FROM channels WHERE key = $1")
                .await
                .map_err(pg)?;
            tx.query_opt(&statement, &[&k]).await.map_err(pg)?.is_none()
        }
    };
    if !swapped {
        tx.rollback().await.map_err(pg)?;
        return Ok(false);
    }
    if write.due_after != write.due_before {
        if let Some(due) = write.due_before {
            delete_entry(&tx, TreeName::Deadlines, &deadline_key(&key, due)).await?;
        }
        if let Some(due) = write.due_after {
            put_entry(&tx, TreeName::Deadlines, &deadline_key(&key, due), &[]).await?;
        }
        if worth_a_notification(write.due_after) {
            notify(&tx, platform_of(&key)).await?;
        }
    }
    if let Some(players) = &write.players {
        set_players(&tx, k, players).await?;
    }
    if let Some((archive_key, bytes, finished)) = &write.archive {
        put_entry(&tx, TreeName::Archive, archive_key.as_bytes(), bytes).await?;
        let players: Vec<String> = finished
            .record
            .players
            .iter()
            .map(|p| p.id.clone())
            .collect();
        index_archived(&tx, archive_key.as_bytes(), &players).await?;
        let place = match get_in(&tx, TreeName::Places, k).await? {
            Some(place) => String::from_utf8_lossy(&place).into_owned(),
            None => default_place(&key),
        };
        let keys = rating_keys(&key, finished);
        let mut order: Vec<i32> = keys.iter().map(|k| lock_hash(k)).collect();
        order.sort_unstable();
        order.dedup();
        let lock = tx
            .prepare_cached("SELECT pg_advisory_xact_lock($1, $2)")
            .await
            .map_err(pg)?;
        for hash in order {
            tx.execute(&lock, &[&LOCK_SPACE_RATINGS, &hash])
                .await
                .map_err(pg)?;
        }
        let stored = [
            get_in(&tx, TreeName::Ratings, &keys[0]).await?,
            get_in(&tx, TreeName::Ratings, &keys[1]).await?,
        ];
        if let Some(entries) = rating_writes(finished, &place, &keys, stored)? {
            for (rating_key, bytes) in entries {
                put_entry(&tx, TreeName::Ratings, &rating_key, &bytes).await?;
            }
        }
    }
    if let Some(result) = &write.puzzle {
        rate_puzzle_in(&tx, result).await?;
    }
    if let Some((fault, then)) = take_commit_fault() {
        match fault {
            CommitFault::LostAfterCommit => tx.commit().await.map_err(pg)?,
            CommitFault::LostBeforeCommit => tx.rollback().await.map_err(pg)?,
        }
        if let Some(then) = then {
            then();
        }
        return Err(StoreError::CommitUnknown);
    }
    // Past this point a failure may come after the server committed.
    tx.commit().await.map_err(|error| {
        tracing::warn!(error = %pg(error), "the connection failed while committing");
        StoreError::CommitUnknown
    })?;
    Ok(true)
}

/// The server's statement deadline for the rest of a bulk transaction
/// (exports, copies, imports).
async fn set_local_timeout(
    tx: &deadpool_postgres::Transaction<'_>,
    deadline: Duration,
) -> Result<(), StoreError> {
    tx.batch_execute(&format!(
        "SET LOCAL statement_timeout = {}",
        deadline.as_millis()
    ))
    .await
    .map_err(pg)
}

/// A lost connection injected into the next commit, for the tests of
/// unknown outcomes (see [`crate::testing::inject_commit_fault`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommitFault {
    /// The server commits, then the connection is lost before the answer.
    LostAfterCommit,
    /// The connection is lost before the server commits.
    LostBeforeCommit,
}

type AfterFault = Box<dyn FnOnce() + Send>;

static NEXT_FAULT: Mutex<Option<(CommitFault, Option<AfterFault>)>> = Mutex::new(None);

pub fn inject_commit_fault(fault: CommitFault, then: Option<AfterFault>) {
    *NEXT_FAULT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some((fault, then));
}

fn take_commit_fault() -> Option<(CommitFault, Option<AfterFault>)> {
    NEXT_FAULT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take()
}

/// Whether a write is in the database, from the channel's row as read
/// back (value, version) and whether its archive entry exists: `None`
/// when that cannot tell.
fn outcome_of(
    change: &RawChange,
    seen: Option<i64>,
    row: Option<&(Vec<u8>, i64)>,
    archived: Option<bool>,
) -> Option<bool> {
    match (change, seen, row) {
        // Still the version the command saw: not written.
        (_, Some(version), Some((_, now))) if *now == version => Some(false),
        (RawChange::Put(bytes), Some(version), Some((value, now))) => {
            (*now == version + 1 && value == bytes).then_some(true)
        }
        (RawChange::Put(bytes), None, Some((value, now))) => {
            (*now == 1 && value == bytes).then_some(true)
        }
        (RawChange::Put(_), None, None) => Some(false),
        (RawChange::Put(_), Some(_), None) => None,
        (RawChange::Remove, Some(_), None) => archived.or(Some(true)),
        (RawChange::Keep, _, _) => archived,
        (RawChange::Remove, _, _) => None,
    }
}

async fn move_game(pool: Pool, from: String, to: String) -> Result<(), MoveError> {
    let mut client = pool.get().await.map_err(pg)?;
    let tx = client.transaction().await.map_err(pg)?;
    let rows = tx
        .query(
            "SELECT key, value FROM channels WHERE key = ANY($1) ORDER BY key FOR UPDATE",
            &[&vec![from.as_bytes(), to.as_bytes()]],
        )
        .await
        .map_err(pg)?;
    let mut from_bytes: Option<Vec<u8>> = None;
    let mut to_bytes: Option<Vec<u8>> = None;
    for row in rows {
        let key: Vec<u8> = row.get(0);
        if key == from.as_bytes() {
            from_bytes = Some(row.get(1));
        } else {
            to_bytes = Some(row.get(1));
        }
    }
    let due = check_move(&from, from_bytes.as_deref(), &to, to_bytes.as_deref())?;
    let Some(bytes) = from_bytes else {
        return Err(MoveError::NoGame);
    };
    let written = if to_bytes.is_some() {
        tx.execute(
            "UPDATE channels SET value = $2, version = version + 1 WHERE key = $1",
            &[&to.as_bytes(), &bytes],
        )
        .await
    } else {
        tx.execute(
            "INSERT INTO channels (key, value, version) VALUES ($1, $2, 1) ON CONFLICT (key) DO NOTHING",
            &[&to.as_bytes(), &bytes],
        )
        .await
    };
    if written.map_err(pg)? != 1 {
        // Someone opened something in the destination meanwhile.
        return Err(MoveError::Occupied);
    }
    tx.execute("DELETE FROM channels WHERE key = $1", &[&from.as_bytes()])
        .await
        .map_err(pg)?;
    tx.execute(
        "UPDATE players SET channel = $2 WHERE channel = $1",
        &[&from.as_bytes(), &to.as_bytes()],
    )
    .await
    .map_err(pg)?;
    if let Some(due) = due {
        delete_entry(&tx, TreeName::Deadlines, &deadline_key(&from, due)).await?;
        put_entry(&tx, TreeName::Deadlines, &deadline_key(&to, due), &[]).await?;
        if worth_a_notification(Some(due)) {
            notify(&tx, platform_of(&to)).await?;
        }
    }
    // The thread belongs to the channel's place (its server).
    if let Some(place) = get_in(&tx, TreeName::Places, from.as_bytes()).await? {
        put_entry(&tx, TreeName::Places, to.as_bytes(), &place).await?;
    }
    tx.commit().await.map_err(pg)?;
    Ok(())
}

async fn insert_raw(pool: Pool, entries: Vec<RawEntry>, bulk: Duration) -> Result<(), StoreError> {
    let mut client = pool.get().await.map_err(pg)?;
    let tx = client.transaction().await.map_err(pg)?;
    set_local_timeout(&tx, bulk).await?;
    for entry in &entries {
        let inserted = if entry.tree == TreeName::Channels {
            tx.execute(
                "INSERT INTO channels (key, value, version) VALUES ($1, $2, 1) ON CONFLICT (key) DO NOTHING",
                &[&entry.key, &entry.value],
            )
            .await
        } else {
            tx.execute(
                "INSERT INTO entries (tree, key, value) VALUES ($1, $2, $3) ON CONFLICT (tree, key) DO NOTHING",
                &[&tree_name(entry.tree), &entry.key, &entry.value],
            )
            .await
        };
        if inserted.map_err(pg)? != 1 {
            return Err(StoreError::Exists {
                tree: entry.tree.as_str(),
                key: String::from_utf8_lossy(&entry.key).into_owned(),
            });
        }
        let key = String::from_utf8_lossy(&entry.key);
        match entry.tree {
            TreeName::Channels => {
                set_players(&tx, &entry.key, &players_of_bytes(&key, &entry.value)).await?;
            }
            TreeName::Archive => {
                if let Ok(finished) = decode_finished(&key, &entry.value) {
                    let players: Vec<String> = finished
                        .record
                        .players
                        .iter()
                        .map(|p| p.id.clone())
                        .collect();
                    index_archived(&tx, &entry.key, &players).await?;
                }
            }
            _ => {}
        }
    }
    tx.commit().await.map_err(pg)?;
    Ok(())
}

async fn move_raw(
    pool: Pool,
    from: TreeName,
    to: TreeName,
    key: Vec<u8>,
    to_key: Vec<u8>,
) -> Result<bool, StoreError> {
    let mut client = pool.get().await.map_err(pg)?;
    let tx = client.transaction().await.map_err(pg)?;
    let removed = if from == TreeName::Channels {
        tx.query_opt(
            "DELETE FROM channels WHERE key = $1 RETURNING value",
            &[&key],
        )
        .await
    } else {
        tx.query_opt(
            "DELETE FROM entries WHERE tree = $1 AND key = $2 RETURNING value",
            &[&tree_name(from), &key],
        )
        .await
    };
    let Some(row) = removed.map_err(pg)? else {
        tx.rollback().await.map_err(pg)?;
        return Ok(false);
    };
    let value: Vec<u8> = row.get(0);
    match from {
        TreeName::Channels => {
            tx.execute("DELETE FROM players WHERE channel = $1", &[&key])
                .await
                .map_err(pg)?;
        }
        TreeName::Archive => {
            tx.execute("DELETE FROM archive_players WHERE key = $1", &[&key])
                .await
                .map_err(pg)?;
        }
        _ => {}
    }
    if to == TreeName::Channels {
        tx.execute(
            "INSERT INTO channels (key, value, version) VALUES ($1, $2, 1) \
             ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, version = channels.version + 1",
            &[&to_key, &value],
        )
        .await
        .map_err(pg)?;
    } else {
        put_entry(&tx, to, &to_key, &value).await?;
    }
    tx.commit().await.map_err(pg)?;
    Ok(true)
}

async fn dump(pool: Pool, bulk: Duration) -> Result<Vec<RawEntry>, StoreError> {
    let mut client = pool.get().await.map_err(pg)?;
    // One snapshot of every table.
    let tx = client
        .build_transaction()
        .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await
        .map_err(pg)?;
    set_local_timeout(&tx, bulk).await?;
    let mut out = Vec::new();
    for tree in TreeName::ALL {
        for (key, value) in entries_in(&tx, tree).await? {
            out.push(RawEntry { tree, key, value });
        }
    }
    tx.commit().await.map_err(pg)?;
    Ok(out)
}

/// Listen for changed due moments until the runtime stops, reconnecting
/// after a lost connection.
async fn listen(config: tokio_postgres::Config, wakers: Wakers) {
    let wake_all = |wakers: &Wakers| {
        let wakers = wakers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for wake in wakers.iter() {
            wake();
        }
    };
    loop {
        match config.connect(NoTls).await {
            Ok((client, mut connection)) => {
                let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
                let driver = tokio::spawn(async move {
                    loop {
                        let message = std::future::poll_fn(|cx| connection.poll_message(cx)).await;
                        match message {
                            Some(Ok(AsyncMessage::Notification(_))) => {
                                if tx.send(()).is_err() {
                                    break;
                                }
                            }
                            Some(Ok(_)) => {}
                            Some(Err(error)) => {
                                tracing::warn!(%error, "the PostgreSQL notification connection failed");
                                break;
                            }
                            None => break,
                        }
                    }
                });
                match client
                    .batch_execute(&format!("LISTEN {NOTIFY_CHANNEL}"))
                    .await
                {
                    Ok(()) => {
                        // Anything may have changed while not listening.
                        wake_all(&wakers);
                        while rx.recv().await.is_some() {
                            wake_all(&wakers);
                        }
                    }
                    Err(error) => tracing::warn!(%error, "cannot listen for deadline changes"),
                }
                driver.abort();
            }
            Err(error) => tracing::warn!(%error, "cannot connect to listen for deadline changes"),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

impl Backend for Postgres {
    fn location(&self) -> String {
        self.shown.clone()
    }

    fn get(&self, tree: TreeName, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        let pool = self.pool.clone();
        let key = key.to_vec();
        self.run(async move {
            let client = pool.get().await.map_err(pg)?;
            get_in(&client, tree, &key).await
        })
    }

    fn entries(&self, tree: TreeName) -> Result<Vec<KeyValue>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(pg)?;
            entries_in(&client, tree).await
        })
    }

    fn load(&self, key: &str) -> Result<Option<Loaded>, StoreError> {
        let pool = self.pool.clone();
        let key = key.as_bytes().to_vec();
        self.run(async move {
            let client = pool.get().await.map_err(pg)?;
            let statement = client
                .prepare_cached("SELECT value, version FROM channels WHERE key = $1")
                .await
                .map_err(pg)?;
            let row = client.query_opt(&statement, &[&key]).await.map_err(pg)?;
            Ok(row.map(|row| Loaded {
                bytes: row.get(0),
                version: row.get(1),
            }))
        })
    }

    fn commit(
        &self,
        key: &str,
        seen: Option<&Loaded>,
        write: ChannelWrite,
    ) -> Result<bool, StoreError> {
        let pool = self.pool.clone();
        let seen = seen.map(|s| s.version);
        match self.run(commit(pool, key.to_string(), seen, write.clone())) {
            Err(StoreError::Timeout { .. }) | Err(StoreError::CommitUnknown) => {
                self.resolve_commit(key, seen, &write)
            }
            other => other,
        }
    }

    fn move_game(&self, from: &str, to: &str) -> Result<(), MoveError> {
        let pool = self.pool.clone();
        let (from, to) = (from.to_string(), to.to_string());
        // MoveError travels inside the store's error channel.
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let outcome = self.run(async move {
            let _ = tx.send(move_game(pool, from, to).await);
            Ok(())
        });
        outcome?;
        match rx.recv() {
            Ok(Ok(())) => Ok(()),
            Ok(Err(MoveError::Store(error))) => Err(MoveError::Store(self.scrub(error))),
            Ok(Err(other)) => Err(other),
            Err(_) => Err(MoveError::Store(StoreError::Unavailable {
                cause: "the database task stopped".into(),
            })),
        }
    }

    fn due(&self, platform: &str, until_ms: u64) -> Result<Vec<(u64, String)>, StoreError> {
        let pool = self.pool.clone();
        let start = format!("{platform}\0").into_bytes();
        let end = format!("{platform}\0{:020}", until_ms.saturating_add(1)).into_bytes();
        self.run(async move {
            let client = pool.get().await.map_err(pg)?;
            let statement = client
                .prepare_cached(
                    "SELECT key FROM entries WHERE tree = 'deadlines' AND key >= $1 AND key < $2 ORDER BY key",
                )
                .await
                .map_err(pg)?;
            let rows = client
                .query(&statement, &[&start, &end])
                .await
                .map_err(pg)?;
            Ok(rows
                .into_iter()
                .filter_map(|row| parse_deadline_key(&row.get::<_, Vec<u8>>(0)))
                .collect())
        })
    }

    fn next_due(&self, platform: &str) -> Result<Option<u64>, StoreError> {
        let pool = self.pool.clone();
        let start = format!("{platform}\0").into_bytes();
        let end = prefix_end(&start);
        self.run(async move {
            let client = pool.get().await.map_err(pg)?;
            let statement = client
                .prepare_cached(
                    "SELECT key FROM entries WHERE tree = 'deadlines' AND key >= $1 AND key < $2 ORDER BY key LIMIT 1",
                )
                .await
                .map_err(pg)?;
            let row = client
                .query_opt(&statement, &[&start, &end])
                .await
                .map_err(pg)?;
            Ok(row
                .and_then(|row| parse_deadline_key(&row.get::<_, Vec<u8>>(0)))
                .map(|(due, _)| due))
        })
    }

    fn remove_deadline(&self, key: &str, due_ms: u64) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let index_key = deadline_key(key, due_ms);
        self.run(async move {
            let client = pool.get().await.map_err(pg)?;
            delete_entry(&client, TreeName::Deadlines, &index_key).await?;
            Ok(())
        })
    }

    fn count(&self, tree: TreeName) -> Result<usize, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(pg)?;
            let row = if tree == TreeName::Channels {
                client.query_one("SELECT count(*) FROM channels", &[]).await
            } else {
                client
                    .query_one(
                        "SELECT count(*) FROM entries WHERE tree = $1",
                        &[&tree_name(tree)],
                    )
                    .await
            };
            let count: i64 = row.map_err(pg)?.get(0);
            Ok(usize::try_from(count).unwrap_or(0))
        })
    }

    fn put(&self, tree: TreeName, key: Vec<u8>, value: Vec<u8>) -> Result<(), StoreError> {
        if tree == TreeName::Channels {
            return Err(StoreError::Internal(
                "channel records change only by update",
            ));
        }
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(pg)?;
            put_entry(&client, tree, &key, &value).await
        })
    }

    fn channels_of_player(&self, user_id: &str) -> Result<Vec<KeyValue>, StoreError> {
        let pool = self.pool.clone();
        let user_id = user_id.to_string();
        self.run(async move {
            let client = pool.get().await.map_err(pg)?;
            let statement = client
                .prepare_cached(
                    "SELECT c.key, c.value FROM players p JOIN channels c ON c.key = p.channel \
                     WHERE p.user_id = $1 ORDER BY c.key",
                )
                .await
                .map_err(pg)?;
            let rows = client.query(&statement, &[&user_id]).await.map_err(pg)?;
            Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
        })
    }

    fn archive_of_player(&self, user_id: &str, limit: usize) -> Result<Vec<KeyValue>, StoreError> {
        let pool = self.pool.clone();
        let user_id = user_id.to_string();
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.run(async move {
            let client = pool.get().await.map_err(pg)?;
            let statement = client
                .prepare_cached(
                    "SELECT e.key, e.value FROM archive_players a \
                     JOIN entries e ON e.tree = 'archive' AND e.key = a.key \
                     WHERE a.user_id = $1 ORDER BY a.key DESC LIMIT $2",
                )
                .await
                .map_err(pg)?;
            let rows = client
                .query(&statement, &[&user_id, &limit])
                .await
                .map_err(pg)?;
            Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
        })
    }

    fn dump(&self) -> Result<Vec<RawEntry>, StoreError> {
        let bulk = self.bulk_timeout();
        self.run_deadline(dump(self.pool.clone(), bulk), bulk)
    }

    fn insert_raw(&self, entries: &[RawEntry]) -> Result<(), StoreError> {
        let bulk = self.bulk_timeout();
        self.run_deadline(insert_raw(self.pool.clone(), entries.to_vec(), bulk), bulk)
    }

    fn move_raw(
        &self,
        from: TreeName,
        to: TreeName,
        key: &[u8],
        to_key: &[u8],
    ) -> Result<bool, StoreError> {
        self.run(move_raw(
            self.pool.clone(),
            from,
            to,
            key.to_vec(),
            to_key.to_vec(),
        ))
    }

    fn flush(&self) -> Result<(), StoreError> {
        // Every transaction was durable when it committed.
        Ok(())
    }

    fn lease(&self, name: &str, retry: Duration) -> Result<Lease, StoreError> {
        let hash = lock_hash(name.as_bytes());
        let mut config = self.config.clone();
        // The holder notices a dead connection, and the server a dead
        // holder (a machine gone without closing its socket), within
        // about 5 + 3 x 2 seconds, so a standby can take over.
        config
            .keepalives(true)
            .keepalives_idle(Duration::from_secs(5))
            .keepalives_interval(Duration::from_secs(2))
            .keepalives_retries(3);
        let mut announced = false;
        loop {
            let config = config.clone();
            let attempt = self.run(async move {
                let (client, connection) = config.connect(NoTls).await.map_err(pg)?;
                let held = Arc::new(AtomicBool::new(true));
                let flag = Arc::clone(&held);
                tokio::spawn(async move {
                    if let Err(error) = connection.await {
                        tracing::warn!(%error, "the lease's database connection failed");
                    }
                    flag.store(false, Ordering::SeqCst);
                });
                client
                    .batch_execute(
                        "SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3",
                    )
                    .await
                    .map_err(pg)?;
                let got: bool = client
                    .query_one(
                        "SELECT pg_try_advisory_lock($1, $2)",
                        &[&LOCK_SPACE_LEASES, &hash],
                    )
                    .await
                    .map_err(pg)?
                    .get(0);
                Ok(got.then_some((held, client)))
            });
            match attempt {
                Ok(Some((held, client))) => {
                    tracing::info!(lease = name, "lease taken");
                    let keep: Box<dyn Send + Sync> = Box::new(client);
                    return Ok(Lease {
                        held: Some((held, keep)),
                    });
                }
                Ok(None) => {
                    if !announced {
                        tracing::info!(
                            lease = name,
                            "another process holds the lease; standing by"
                        );
                        announced = true;
                    }
                }
                Err(error) => tracing::warn!(%error, lease = name, "cannot try the lease"),
            }
            std::thread::sleep(retry);
        }
    }

    fn on_deadline_change(&self, wake: Box<dyn Fn() + Send + Sync>) {
        let first = {
            let mut wakers = self
                .wakers
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            wakers.push(wake);
            wakers.len() == 1
        };
        if let (true, Some(runtime)) = (first, &self.runtime) {
            runtime.spawn(listen(self.config.clone(), self.wakers.clone()));
        }
    }
}

/// A new, empty database on the server of `admin_url` (a URL whose user
/// may create databases), for tests: its URL.
pub fn create_database(admin_url: &str) -> Result<String, StoreError> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = format!(
        "cairn_test_{}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
        crate::now_ms() % 1_000_000_000
    );
    let config = tokio_postgres::Config::from_str(admin_url).map_err(pg)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(StoreError::Io)?;
    let sql = format!("CREATE DATABASE {name}");
    runtime.block_on(async move {
        let (client, connection) = config.connect(NoTls).await.map_err(pg)?;
        let driver = tokio::spawn(connection);
        client.batch_execute(&sql).await.map_err(pg)?;
        drop(client);
        let _ = driver.await;
        Ok::<(), StoreError>(())
    })?;
    // The same URL with the new database's name as its path.
    let (before_query, query) = match admin_url.split_once('?') {
        Some((before, query)) => (before, Some(query)),
        None => (admin_url, None),
    };
    let scheme_end = before_query.find("://").map_or(0, |i| i + 3);
    let base = match before_query[scheme_end..].find('/') {
        Some(slash) => &before_query[..scheme_end + slash],
        None => before_query,
    };
    Ok(match query {
        Some(query) => format!("{base}/{name}?{query}"),
        None => format!("{base}/{name}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redact_hides_the_password_only() {
        assert_eq!(
            redact("postgres://cairn:s3cret@db.example:5432/cairn"),
            "postgres://cairn:***@db.example:5432/cairn"
        );
        assert_eq!(
            redact("postgresql://db/cairn?user=c&password=s3cret&sslmode=disable"),
            "postgres://c:***@db:5432/cairn"
        );
        assert_eq!(
            redact("postgres://cairn@db/cairn"),
            "postgres://cairn@db:5432/cairn"
        );
        assert_eq!(
            redact("host=db port=5433 user=u password='p?a@s%s w' dbname=d"),
            "postgres://u:***@db:5433/d"
        );
        assert_eq!(
            redact("host=/run/pg user=u password=x%y@z dbname=d"),
            "host=/run/pg user=u password=*** dbname=d"
        );
        for bad in [
            "postgres://u:p?w@h/d",
            "postgres://u:p%zz@h/d",
            "host=h password",
        ] {
            let shown = redact(bad);
            assert!(!shown.contains("p?w") && !shown.contains("%zz"), "{shown}");
        }
    }

    #[test]
    fn connection_strings_are_not_directories() {
        assert!(is_connection_string("host=db password=s3cret"));
        assert!(is_connection_string(" password=x"));
        assert!(is_connection_string("HOST=db"));
        assert!(!is_connection_string("./cairn-data"));
        assert!(!is_connection_string("/var/lib/cairn"));
        assert!(!is_connection_string("data=old"));
    }

    #[test]
    fn a_lost_commit_is_read_back_truthfully() {
        let ours = b"ours".to_vec();
        let put = RawChange::Put(ours.clone());
        let row = |v: &[u8], n: i64| (v.to_vec(), n);
        // Still the version seen: not written.
        assert_eq!(
            outcome_of(&put, Some(4), Some(&row(b"old", 4)), None),
            Some(false)
        );
        // The next version with our bytes: written.
        assert_eq!(
            outcome_of(&put, Some(4), Some(&row(&ours, 5)), None),
            Some(true)
        );
        // Someone else's bytes, or a later version: cannot tell.
        assert_eq!(
            outcome_of(&put, Some(4), Some(&row(b"theirs", 5)), None),
            None
        );
        assert_eq!(outcome_of(&put, Some(4), Some(&row(&ours, 6)), None), None);
        // A new record.
        assert_eq!(outcome_of(&put, None, None, None), Some(false));
        assert_eq!(
            outcome_of(&put, None, Some(&row(&ours, 1)), None),
            Some(true)
        );
        // An archive-only write.
        let keep = RawChange::Keep;
        assert_eq!(
            outcome_of(&keep, Some(2), Some(&row(b"x", 2)), Some(true)),
            Some(false)
        );
        assert_eq!(outcome_of(&keep, None, None, Some(true)), Some(true));
        assert_eq!(parse_timeout("5s"), Some(Duration::from_secs(5)));
        assert_eq!(parse_timeout("1500ms"), Some(Duration::from_millis(1500)));
        assert_eq!(parse_timeout("3"), Some(Duration::from_secs(3)));
        assert_eq!(parse_timeout("soon"), None);
    }

    #[test]
    fn prefix_end_bounds_the_prefix() {
        assert_eq!(prefix_end(b"console\0"), b"console\x01".to_vec());
        assert!(b"console\0zzz".as_slice() < prefix_end(b"console\0").as_slice());
    }
}
