//! The console platform: a terminal REPL on the embedded database, the
//! default when no chat account is configured. `/as <name>` switches the
//! speaking user, `/channel <name>` the channel; every other line is a bot
//! command. Board images are written to a folder and their path printed,
//! beside a text board.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::bot::{Bot, Reply, Request, User};

pub const PLATFORM: &str = "console";

/// The REPL's state: who speaks where.
pub struct Console {
    bot: Bot,
    images: PathBuf,
    user: User,
    channel: String,
    image_count: u64,
}

impl Console {
    pub fn new(bot: Bot, images: impl Into<PathBuf>) -> Console {
        Console {
            bot,
            images: images.into(),
            user: User::new("alice", "alice"),
            channel: "lobby".into(),
            image_count: 0,
        }
    }

    /// Read lines until end of input or `/quit`.
    pub fn run(
        &mut self,
        input: impl BufRead,
        mut output: impl Write,
        interactive: bool,
    ) -> Result<()> {
        writeln!(
            output,
            "Cairn console. You are {} in #{}. `/as <name>` to switch player, `/channel <name>` to switch channel, `help` for commands, `/quit` to leave.",
            self.user.name, self.channel
        )?;
        let mut lines = input.lines();
        loop {
            if interactive {
                write!(output, "{}@{}> ", self.user.name, self.channel)?;
                output.flush()?;
            }
            let Some(line) = lines.next() else { break };
            let line = line.context("reading input")?;
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if !self.line(line, &mut output)? {
                break;
            }
        }
        Ok(())
    }

    /// Handle one line; `false` to stop.
    pub fn line(&mut self, line: &str, output: &mut impl Write) -> Result<bool> {
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
            self.print(&reply, output)?;
        }
        Ok(true)
    }

    fn print(&mut self, reply: &Reply, output: &mut impl Write) -> Result<()> {
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
            let path = self.save_image(png)?;
            writeln!(output, "[board image: {}]", path.display())?;
        }
        if !reply.actions.is_empty() {
            let words: Vec<&str> = reply.actions.iter().map(|a| a.command.as_str()).collect();
            writeln!(output, "(answer with: {})", words.join(" / "))?;
        }
        Ok(())
    }

    fn save_image(&mut self, png: &[u8]) -> Result<PathBuf> {
        std::fs::create_dir_all(&self.images)
            .with_context(|| format!("creating {}", self.images.display()))?;
        self.image_count += 1;
        let name = format!(
            "{}-{}-{}.png",
            self.channel,
            crate::store::now_ms(),
            self.image_count
        );
        let path = Path::new(&self.images).join(name.replace(['/', '\\'], "_"));
        std::fs::write(&path, png).with_context(|| format!("writing {}", path.display()))?;
        Ok(path)
    }
}
