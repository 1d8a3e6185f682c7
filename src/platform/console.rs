//! The console platform: a terminal REPL on the embedded database, the
//! default when no chat account is configured. `/as <name>` switches the
//! speaking user, `/channel <name>` the channel; every other line is a bot
//! command. Board images are written to a folder and their path printed,
//! beside a text board.
//!
//! Input is read as bytes: invalid UTF-8 is replaced (never fatal), a line
//! over [`MAX_LINE_BYTES`] is skipped with a note, and names of channels and
//! users are accepted or refused with a sentence. Only `/quit`, the end of
//! input, or a closed output ends the console.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::bot::{Bot, Reply, Request, User};

pub const PLATFORM: &str = "console";

/// Longer input lines are skipped (the bot reads commands of at most 1,000
/// characters anyway).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Channel and user names: at most this many characters.
pub const MAX_NAME_CHARS: usize = 100;

/// One input line: its text (lossy UTF-8), or the length of a line too
/// long to keep.
enum Line {
    Text(String),
    TooLong(usize),
}

/// Read one line of at most [`MAX_LINE_BYTES`], `None` at the end.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let mut total = 0usize;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            break;
        }
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], Some(i + 1)),
            None => (buffer, None),
        };
        total += chunk.len();
        if total <= MAX_LINE_BYTES {
            bytes.extend_from_slice(chunk);
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            return Ok(Some(finish_line(bytes, total)));
        }
    }
    if total == 0 {
        return Ok(None);
    }
    Ok(Some(finish_line(bytes, total)))
}

fn finish_line(bytes: Vec<u8>, total: usize) -> Line {
    if total > MAX_LINE_BYTES {
        Line::TooLong(total)
    } else {
        Line::Text(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// Why a channel or user name is refused, if it is.
fn name_problem(name: &str) -> Option<String> {
    let count = name.chars().count();
    if count > MAX_NAME_CHARS {
        return Some(format!(
            "That name is {count} characters long; names have at most {MAX_NAME_CHARS}."
        ));
    }
    if name.chars().any(char::is_control) {
        return Some("Names cannot contain control characters (such as NUL or tabs).".into());
    }
    None
}

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
        mut input: impl BufRead,
        mut output: impl Write,
        interactive: bool,
    ) -> Result<()> {
        writeln!(
            output,
            "Cairn console. You are {} in #{}. `/as <name>` to switch player, `/channel <name>` to switch channel, `help` for commands, `/quit` to leave.",
            self.user.name, self.channel
        )?;
        loop {
            if interactive {
                write!(output, "{}@{}> ", self.user.name, self.channel)?;
                output.flush()?;
            }
            let line = match read_line(&mut input).context("reading input")? {
                None => break,
                Some(Line::TooLong(bytes)) => {
                    writeln!(
                        output,
                        "That line was {bytes} bytes long; lines of more than {MAX_LINE_BYTES} bytes are ignored."
                    )?;
                    continue;
                }
                Some(Line::Text(text)) => text,
            };
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
            } else if let Some(problem) = name_problem(name) {
                writeln!(output, "{problem} You are still {}.", self.user.name)?;
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
            } else if let Some(problem) = name_problem(name) {
                writeln!(output, "{problem} You are still in #{}.", self.channel)?;
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
        // Progress (the bot's place in line) is printed as it happens.
        let replies = self.bot.handle_with(&request, |reply| {
            let _ = writeln!(output, "{}", reply.text);
        });
        for reply in replies {
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
            // A board image that cannot be written is a note, not the end.
            match self.save_image(png) {
                Ok(path) => writeln!(output, "[board image: {}]", path.display())?,
                Err(error) => writeln!(output, "[no board image: {error:#}]")?,
            }
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
        // Only a short, safe part of the channel name goes into the file name.
        let channel: String = self
            .channel
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .take(40)
            .collect();
        let name = format!(
            "{channel}-{}-{}.png",
            crate::store::now_ms(),
            self.image_count
        );
        let path = Path::new(&self.images).join(name);
        std::fs::write(&path, png).with_context(|| format!("writing {}", path.display()))?;
        Ok(path)
    }
}
