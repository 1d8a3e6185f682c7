//! `cairn run` (the default): the bot on every configured platform, or the
//! console; and `cairn discord` (the command registration JSON).

use std::io::IsTerminal;

use anyhow::{Context, Result};

use cairn::config::Config;
use cairn_bot::{Bot, BotConfig};
use cairn_store::Store;

pub fn run_bot() -> Result<()> {
    let config = Config::load()?;
    let console = !(config.has_discord() || config.has_matrix());
    let log_file = if console {
        start_console_log(&config)
    } else {
        None
    };
    if log_file.is_none() {
        tracing_subscriber::fmt()
            .with_env_filter(log_filter())
            .with_writer(std::io::stderr)
            // Colour codes only for a terminal, never into log files or pipes.
            .with_ansi(std::io::stderr().is_terminal())
            .init();
    }
    for warning in &config.warnings {
        tracing::warn!("{warning}");
        if console {
            eprintln!("{warning}");
        }
    }
    // A taken port is refused before anything else starts.
    let web = config
        .web
        .as_ref()
        .map(cairn::web::WebListener::bind)
        .transpose()?;
    // The store's refusals name the path and what to do.
    let store = Store::open_location(&config.db)?;
    tracing::info!(db = %config.db, "database open");
    if let Some(plan) = config.backup.clone() {
        cairn_store::backup::spawn(store.clone(), plan).context("starting the backup thread")?;
    }
    // The catalogues load now, so the first reply does not wait for them;
    // a slip in them is a bug worth a line in the log.
    for slip in cairn_bot::i18n::load() {
        tracing::warn!(%slip, "message catalogues");
    }
    let bot = Bot::new(
        store,
        BotConfig {
            ai_deadline: config.ai_deadline,
            default_clock: config.default_clock,
            min_clock_ms: config.min_clock_ms,
            challenge_ttl_ms: config.challenge_ttl_ms,
            vacation_days: config.vacation_days,
            review_budget: config.review_budget,
            ai_workers: config.ai_workers,
            ai_memory: config.ai_memory,
            rate_limit: (config.rate_limit > 0).then_some(cairn_bot::limits::RateLimit {
                burst: 10,
                per_minute: config.rate_limit,
            }),
            web_url: config.web.as_ref().map(|web| web.public_url.clone()),
            ..BotConfig::default()
        },
    );
    if config.has_discord() || config.has_matrix() {
        return run_platforms(bot, config, web);
    }
    if let Some(web) = web {
        web.serve_in_background(bot.store().clone())?;
    }
    let stdin = std::io::stdin();
    let mut console = cairn::platform::console::Console::new(bot, &config.images)
        .keep_images(config.images_keep)
        .speaking(config.lang)
        .logging_to(log_file);
    // A terminal gets line editing and history; a pipe is read as bytes.
    if stdin.is_terminal() && std::io::stdout().is_terminal() {
        return console.run_terminal();
    }
    let interactive = stdin.is_terminal();
    console.run(stdin.lock(), std::io::stdout(), interactive)
}

/// `RUST_LOG`, else Cairn's own INFO lines and everyone's warnings.
fn log_filter() -> tracing_subscriber::EnvFilter {
    tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn,cairn=info"))
}

/// The console's log goes to `console.log` in its images directory, not
/// between the lines of the chat, unless `RUST_LOG` asks for it on
/// standard error. The file's path, if it could be opened.
fn start_console_log(config: &Config) -> Option<std::path::PathBuf> {
    if std::env::var_os("RUST_LOG").is_some() {
        return None;
    }
    let path = config.images.join("console.log");
    let file = std::fs::create_dir_all(&config.images)
        .and_then(|()| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
        })
        .ok()?;
    tracing_subscriber::fmt()
        .with_env_filter(log_filter())
        .with_writer(std::sync::Mutex::new(file))
        .with_ansi(false)
        .init();
    Some(path)
}

#[cfg(feature = "discord")]
pub fn discord_tools(print_commands: bool) -> Result<()> {
    if print_commands {
        println!("{}", cairn::platform::discord::print_commands()?);
        return Ok(());
    }
    anyhow::bail!(
        "say what to do, e.g. `cairn discord --print-commands`; `cairn run` starts the bot"
    )
}

#[cfg(not(feature = "discord"))]
pub fn discord_tools(_print_commands: bool) -> Result<()> {
    anyhow::bail!("this cairn was built without Discord: rebuild with `--features discord`")
}

/// Resolve on SIGTERM (what `docker stop` sends) or SIGINT (Ctrl-C), with
/// the signal's name.
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) {
            (Ok(mut term), Ok(mut int)) => tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = int.recv() => "SIGINT",
            },
            _ => {
                let _ = tokio::signal::ctrl_c().await;
                "Ctrl-C"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}

/// Only one process per Matrix account may sync (two would break its
/// encryption store): the processes sharing a PostgreSQL database elect
/// one with a lease; the others stand by and take over within a few
/// seconds of its end. With sled the process is alone anyway.
#[cfg(feature = "matrix")]
async fn matrix_with_lease(
    bot: Bot,
    config: cairn::config::MatrixConfig,
    stop: tokio::sync::watch::Receiver<bool>,
) -> Result<()> {
    let name = format!("matrix:{}", config.user.clone().unwrap_or_default());
    let store = bot.store().clone();
    let mut waiting = stop.clone();
    let lease = tokio::select! {
        lease = tokio::task::spawn_blocking(move || store.lease(&name, std::time::Duration::from_secs(2))) => {
            lease.context("waiting for the Matrix lease")??
        }
        // A standby asked to stop stops at once.
        _ = waiting.wait_for(|stop| *stop) => return Ok(()),
    };
    let lost = async {
        while lease.is_held() {
            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        }
    };
    tokio::select! {
        result = cairn::platform::matrix::run(bot, config, stop) => result,
        () = lost => anyhow::bail!("lost the Matrix lease (the connection to the database ended); another process takes over Matrix"),
    }
}

/// After a stop signal the platforms have this long before the process
/// stops them (within `docker stop`'s 10 s).
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(9);

/// Serve every configured chat platform at once, on one runtime, until
/// each has stopped or a stop signal came; the first failure is reported.
/// On SIGTERM or SIGINT, Discord closes its gateway and Matrix stops
/// syncing (nothing new is taken); both finish the commands in flight and
/// post the timed events already decided, within [`STOP_GRACE`] (past it
/// they are abandoned: a bot turn cut short is resumed by the scheduler at
/// the next start); then the database is flushed and the process exits
/// with 0.
fn run_platforms(bot: Bot, config: Config, web: Option<cairn::web::WebListener>) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let store = bot.store().clone();
    let result = runtime.block_on(async move {
        #[allow(unused_mut)] // nothing is spawned in a build without platforms
        let mut tasks: tokio::task::JoinSet<Result<()>> = tokio::task::JoinSet::new();
        let (stop, stopping) = tokio::sync::watch::channel(false);
        if let Some(web) = web {
            let mut stopped = stopping.clone();
            let stop = async move {
                let _ = stopped.wait_for(|stop| *stop).await;
            };
            tasks.spawn(web.serve(bot.store().clone(), stop));
        }
        if config.has_discord() {
            #[cfg(feature = "discord")]
            {
                let options = cairn::platform::discord::RunOptions {
                    state_dir: config.db.sled_path().map(std::path::Path::to_path_buf),
                    shutdown: stopping.clone(),
                };
                tasks.spawn(cairn::platform::discord::run(
                    bot.clone(),
                    config.discord.clone(),
                    options,
                ));
            }
            #[cfg(not(feature = "discord"))]
            anyhow::bail!(
                "DISCORD_TOKEN is set but this cairn was built without Discord: rebuild with `--features discord`"
            );
        }
        if config.has_matrix() {
            #[cfg(feature = "matrix")]
            tasks.spawn(matrix_with_lease(
                bot.clone(),
                config.matrix.clone(),
                stopping.clone(),
            ));
            #[cfg(not(feature = "matrix"))]
            anyhow::bail!(
                "Matrix is configured but this cairn was built without Matrix: rebuild with `--features matrix`"
            );
        }
        // (In a build without platforms these have no other use.)
        let _ = (&bot, &stopping);
        let mut result = Ok(());
        let signal = stop_signal();
        tokio::pin!(signal);
        let mut deadline = None;
        loop {
            let late = async {
                match deadline {
                    Some(at) => tokio::time::sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                done = tasks.join_next() => {
                    let Some(done) = done else { break };
                    let outcome = match done {
                        Ok(inner) => inner,
                        Err(error) if error.is_cancelled() => Ok(()),
                        Err(error) => Err(anyhow::Error::new(error).context("a platform task panicked")),
                    };
                    if let Err(error) = outcome {
                        tracing::error!("{error:#}");
                        if result.is_ok() {
                            result = Err(error);
                        }
                    }
                }
                name = &mut signal, if deadline.is_none() => {
                    tracing::info!("{name}: shutting down");
                    let _ = stop.send(true);
                    deadline = Some(tokio::time::Instant::now() + STOP_GRACE);
                }
                () = late => {
                    tracing::warn!("the platforms did not stop within {STOP_GRACE:?}; stopping them");
                    tasks.abort_all();
                    deadline = None;
                }
            }
        }
        result
    });
    // Threads still busy (a bot search) must not hold the exit.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    match store.flush() {
        Ok(()) => tracing::info!("database flushed"),
        Err(error) => tracing::error!(%error, "flushing the database failed"),
    }
    result
}
