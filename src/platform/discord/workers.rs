//! Where the adapter's blocking work runs.
//!
//! Autocomplete must be answered within 3 s and cannot be deferred, while a
//! command may start the bot opponent's search, which keeps a core busy for
//! its whole thinking time. So the two never share a pool: the core
//! ([`Bot::handle`]) runs on threads of its own at a lower scheduling
//! priority (Linux: nice +10), and autocomplete runs on tokio's blocking
//! pool at normal priority under its own time budget. Eight bot searches on
//! two cores then slow an autocomplete query only a little instead of
//! sharing the CPU nine ways (`benches/autocomplete_load.rs` measures it).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{oneshot, Semaphore};

use cairn_bot::{Bot, Reply, Request};

/// How far the core threads' priority is lowered (nice value).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
const CORE_NICENESS: i32 = 10;
/// At most this many core threads at once; further commands wait.
const CORE_THREADS: usize = 32;

/// The pool of core threads (cheap to clone).
#[derive(Clone)]
pub struct CoreWorkers {
    permits: Arc<Semaphore>,
}

impl Default for CoreWorkers {
    fn default() -> Self {
        CoreWorkers {
            permits: Arc::new(Semaphore::new(CORE_THREADS)),
        }
    }
}

impl CoreWorkers {
    /// Run `job` on a core thread (lower priority) and await its result;
    /// `None` if it panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        // The semaphore is never closed, so acquiring fails only if it was.
        let permit = Arc::clone(&self.permits).acquire_owned().await.ok()?;
        let (send, receive) = oneshot::channel();
        let spawned = std::thread::Builder::new()
            .name("cairn-core".into())
            .spawn(move || {
                lower_priority();
                let _ = send.send(job());
                drop(permit);
            });
        if let Err(error) = spawned {
            tracing::error!(%error, "cannot start a core thread");
            return None;
        }
        receive.await.ok()
    }

    /// Handle a command with the bot core.
    pub async fn handle(&self, bot: Bot, request: Request) -> Vec<Reply> {
        let (progress, _) = tokio::sync::watch::channel(None);
        self.handle_with(bot, request, progress).await
    }

    /// Handle a command, publishing the core's progress notes (the bot's
    /// place in line, "thinking… 2 games ahead") as they come.
    pub async fn handle_with(
        &self,
        bot: Bot,
        request: Request,
        progress: tokio::sync::watch::Sender<Option<String>>,
    ) -> Vec<Reply> {
        let channel = request.channel.clone();
        let work = move || {
            bot.handle_with(&request, |note| {
                progress.send_replace(Some(note.text));
            })
        };
        match self.run(work).await {
            Some(replies) => replies,
            None => {
                tracing::error!(%channel, "the bot core panicked");
                vec![Reply::error(
                    "Sorry, something went wrong on my side. Please try again.",
                )]
            }
        }
    }
}

/// Run an autocomplete computation on the blocking pool within `budget`;
/// `None` when it panicked or ran late (then Discord gets no choices rather
/// than a late answer it would drop).
pub async fn autocomplete<T: Send + 'static>(
    budget: Duration,
    job: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    match tokio::time::timeout(budget, tokio::task::spawn_blocking(job)).await {
        Ok(Ok(values)) => Some(values),
        Ok(Err(error)) => {
            tracing::error!(%error, "autocomplete panicked");
            None
        }
        Err(_) => {
            tracing::warn!(?budget, "autocomplete ran out of time");
            None
        }
    }
}

/// Lower the calling thread's scheduling priority (Linux threads have their
/// own nice value); elsewhere nothing.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid and setpriority only read their arguments; a
        // failure is reported through the return value.
        let done = unsafe {
            let tid = libc::gettid();
            libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, CORE_NICENESS)
        };
        if done != 0 {
            tracing::debug!("could not lower a core thread's priority");
        }
    }
}
