//! The console platform: a terminal REPL on the embedded database, the
//! default when no chat account is configured. `/as <name>` switches the
//! speaking user, `/channel <name>` the channel; every other line is a bot
//! command. Board images are written to a folder and their path printed,
//! beside a text board. Timed events (reminders, losses on time, lapsed
//! challenges) are printed as they happen, tagged with their channel.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};

use crate::bot::{Bot, Delivery, Reply, Request, User};

pub const PLATFORM: &str = "console";

/// Writes replies (text, text board, image file) to the terminal; shared
/// by the REPL and the scheduler's thread.
struct Printer {
    images: PathBuf,
    image_count: AtomicU64,
}

/// The REPL's state: who speaks where.
pub struct Console {
    bot: Bot,
    printer: Arc<Printer>,
    user: User,
    channel: String,
}

type SharedOutput = Arc<Mutex<Box<dyn Write + Send>>>;

fn lock(output: &SharedOutput) -> std::sync::MutexGuard<'_, Box<dyn Write + Send>> {
    output
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Console {
    pub fn new(bot: Bot, images: impl Into<PathBuf>) -> Console {
        Console {
            bot,
            printer: Arc::new(Printer {
                images: images.into(),
                image_count: AtomicU64::new(0),
            }),
            user: User::new("alice", "alice"),
            channel: "lobby".into(),
        }
    }

    /// Read lines until end of input or `/quit`, printing timed events of
    /// every console channel as they fire meanwhile.
    pub fn run(
        &mut self,
        input: impl BufRead,
        output: impl Write + Send + 'static,
        interactive: bool,
    ) -> Result<()> {
        let output: SharedOutput = Arc::new(Mutex::new(Box::new(output)));
        let printer = self.printer.clone();
        let events = output.clone();
        let stop = self
            .bot
            .spawn_scheduler(vec![PLATFORM], move |delivery: Delivery| {
                let mut out = lock(&events);
                if let Err(error) = printer.print_delivery(&delivery, &mut *out) {
                    tracing::error!(%error, "printing a timed event");
                }
            })
            .context("starting the scheduler")?;
        let result = self.read_lines(input, &output, interactive);
        self.bot.stop_scheduler(&stop);
        result
    }

    fn read_lines(
        &mut self,
        input: impl BufRead,
        output: &SharedOutput,
        interactive: bool,
    ) -> Result<()> {
        writeln!(
            lock(output),
            "Cairn console. You are {} in #{}. `/as <name>` to switch player, `/channel <name>` to switch channel, `help` for commands, `/quit` to leave.",
            self.user.name, self.channel
        )?;
        let mut lines = input.lines();
        loop {
            if interactive {
                let mut out = lock(output);
                write!(out, "{}@{}> ", self.user.name, self.channel)?;
                out.flush()?;
            }
            let Some(line) = lines.next() else { break };
            let line = line.context("reading input")?;
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if !self.line(line, &mut *lock(output))? {
                break;
            }
        }
        Ok(())
    }

    /// Handle one line; `false` to stop.
    pub fn line(&mut self, line: &str, output: &mut dyn Write) -> Result<bool> {
        if let Some(rest) = line.strip_prefix("/as") {
            let name = rest.trim();
            if name.is_empty() {
                writeln!(output, "Write `/as <name>`, e.g. `/as bob`.")?;
            } else {
                self.user = User::new(name, name);
                writeln!(output, "You are now {name}.")?;
            }
            return Ok(true);
        }
        if let Some(rest) = line.strip_prefix("/channel") {
            let name = rest.trim().trim_start_matches('#');
            if name.is_empty() {
                writeln!(output, "Write `/channel <name>`, e.g. `/channel games`.")?;
            } else {
                self.channel = name.to_string();
                writeln!(output, "Now in #{name}.")?;
            }
            return Ok(true);
        }
        if matches!(line, "/quit" | "/exit" | "quit" | "exit") {
            return Ok(false);
        }
        let command = line
            .strip_prefix("!cairn")
            .unwrap_or(line)
            .trim_start_matches('/')
            .trim();
        let request = Request {
            platform: PLATFORM.into(),
            channel: self.channel.clone(),
            user: self.user.clone(),
            command: command.to_string(),
            mentions: Vec::new(),
        };
        for reply in self.bot.handle(&request) {
            self.printer.print(&reply, &self.channel, output)?;
        }
        output.flush()?;
        Ok(true)
    }
}

impl Printer {
    /// A timed event, tagged with its channel (it may not be the one the
    /// user is in).
    fn print_delivery(&self, delivery: &Delivery, output: &mut dyn Write) -> Result<()> {
        for reply in &delivery.replies {
            write!(output, "[#{}] ", delivery.channel)?;
            self.print(reply, &delivery.channel, output)?;
        }
        output.flush()?;
        Ok(())
    }

    fn print(&self, reply: &Reply, channel: &str, output: &mut dyn Write) -> Result<()> {
        let mentions: Vec<String> = reply
            .mentions
            .iter()
            .map(|u| format!("@{}", u.name))
            .collect();
        let private = if reply.ephemeral { "(only you) " } else { "" };
        if mentions.is_empty() {
            writeln!(output, "{private}{}", reply.text)?;
        } else {
            writeln!(output, "{private}{} {}", mentions.join(" "), reply.text)?;
        }
        if let Some(board) = &reply.board_text {
            writeln!(output, "{board}")?;
        }
        if let Some(png) = &reply.image {
            let path = self.save_image(png, channel)?;
            writeln!(output, "[board image: {}]", path.display())?;
        }
        if !reply.actions.is_empty() {
            let words: Vec<&str> = reply.actions.iter().map(|a| a.command.as_str()).collect();
            writeln!(output, "(answer with: {})", words.join(" / "))?;
        }
        Ok(())
    }

    fn save_image(&self, png: &[u8], channel: &str) -> Result<PathBuf> {
        std::fs::create_dir_all(&self.images)
            .with_context(|| format!("creating {}", self.images.display()))?;
        let count = self.image_count.fetch_add(1, Ordering::Relaxed) + 1;
        let name = format!("{channel}-{}-{count}.png", crate::store::now_ms());
        let path = Path::new(&self.images).join(name.replace(['/', '\\'], "_"));
        std::fs::write(&path, png).with_context(|| format!("writing {}", path.display()))?;
        Ok(path)
    }
}
