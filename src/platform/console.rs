//! The console platform: a terminal REPL on the embedded database, the
//! default when no chat account is configured. `/as <name>` switches the
//! speaking user, `/channel <name>` the channel; every other line is a bot
//! command. Board images are written to a folder and their path printed,
//! beside a text board. Timed events (reminders, losses on time, lapsed
//! challenges) are printed as they happen, tagged with their channel.
//!
//! On a terminal, lines are read with rustyline: arrow keys move in the
//! line and through the history instead of ending up in a command, and
//! timed events are printed above the line being typed. Otherwise (a pipe,
//! a script) input is read as bytes: invalid UTF-8 is replaced (never
//! fatal), a line over [`MAX_LINE_BYTES`] is skipped with a note. Names of
//! channels and users are accepted or refused with a sentence. Only
//! `/quit`, the end of input (Ctrl-D), or a closed output ends the console.
//!
//! Board images are written to a folder, and only the last
//! `CAIRN_IMAGES_KEEP` of each channel are kept there.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};

use cairn_bot::{t, Bot, Delivery, Lang, Reply, Request, User};

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
fn name_problem(name: &str, lang: Lang) -> Option<String> {
    let count = name.chars().count();
    if count > MAX_NAME_CHARS {
        return Some(t!(
            lang,
            "console-name-too-long",
            count = count,
            max = MAX_NAME_CHARS
        ));
    }
    if name.chars().any(char::is_control) {
        return Some(t!(lang, "console-name-control"));
    }
    None
}

/// Writes replies (text, text board, image file) to the terminal; shared
/// by the REPL and the scheduler's thread.
struct Printer {
    images: PathBuf,
    image_count: AtomicU64,
    /// Board images kept per channel (`0`: all).
    keep: usize,
}

/// Board images kept per channel unless `CAIRN_IMAGES_KEEP` says otherwise.
pub const DEFAULT_IMAGES_KEEP: usize = 20;

/// The REPL's state: who speaks where.
pub struct Console {
    bot: Bot,
    printer: Arc<Printer>,
    user: User,
    channel: String,
    /// The language of the console (`CAIRN_LANG`), unless a channel chose
    /// its own with `lang`.
    lang: Option<Lang>,
    /// Where the log is written, said once in the greeting.
    log_file: Option<PathBuf>,
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
                keep: DEFAULT_IMAGES_KEEP,
            }),
            user: User::new("alice", "alice"),
            channel: "lobby".into(),
            lang: None,
            log_file: None,
        }
    }

    /// Speak `lang` (`CAIRN_LANG`) where a channel has not chosen its own.
    pub fn speaking(mut self, lang: Option<Lang>) -> Console {
        self.lang = lang;
        self
    }

    /// Say once, after the greeting, where the log is written (`None`:
    /// on standard error, as `RUST_LOG` asked).
    pub fn logging_to(mut self, path: Option<PathBuf>) -> Console {
        self.log_file = path;
        self
    }

    /// Keep only the last `keep` board images of each channel (`0`: all).
    pub fn keep_images(mut self, keep: usize) -> Console {
        if let Some(printer) = Arc::get_mut(&mut self.printer) {
            printer.keep = keep;
        }
        self
    }

    fn greeting(&self) -> String {
        let lang = self.language();
        let mut text = t!(
            lang,
            "console-greeting",
            name = &self.user.name,
            channel = &self.channel
        );
        if let Some(path) = &self.log_file {
            text.push('\n');
            text.push_str(&t!(
                lang,
                "console-log-file",
                path = path.display().to_string()
            ));
        }
        text
    }

    /// The language of the current channel: its own (`lang`), else
    /// `CAIRN_LANG`, else English.
    fn language(&self) -> Lang {
        channel_language(&self.bot, &self.channel, self.lang)
    }

    /// What prints a timed event: tagged with its channel, in that
    /// channel's language.
    fn event_printer(&self) -> impl Fn(&Delivery, &mut dyn Write) -> Result<()> + Send + 'static {
        let printer = self.printer.clone();
        let bot = self.bot.clone();
        let console_lang = self.lang;
        move |delivery, output| {
            let lang = channel_language(&bot, &delivery.channel, console_lang);
            printer.print_delivery(delivery, lang, output)
        }
    }

    /// The REPL on a terminal, with line editing and history (rustyline);
    /// timed events are printed above the line being typed.
    pub fn run_terminal(&mut self) -> Result<()> {
        use rustyline::error::ReadlineError;
        use rustyline::ExternalPrinter as _;
        let mut editor = rustyline::DefaultEditor::new().context("starting line editing")?;
        let external = editor
            .create_external_printer()
            .context("starting line editing")?;
        let external = Arc::new(Mutex::new(external));
        let print_event = self.event_printer();
        let stop = self
            .bot
            .spawn_scheduler(vec![PLATFORM], move |delivery: Delivery| {
                let mut text = Vec::new();
                if let Err(error) = print_event(&delivery, &mut text) {
                    tracing::error!(%error, "printing a timed event");
                    return;
                }
                let text = String::from_utf8_lossy(&text).trim_end().to_string();
                let mut external = external
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if let Err(error) = external.print(text) {
                    tracing::error!(%error, "printing a timed event");
                }
            })
            .context("starting the scheduler")?;
        let mut stdout = std::io::stdout();
        let result = (|| -> Result<()> {
            writeln!(stdout, "{}", self.greeting())?;
            loop {
                let prompt = format!("{}@{}> ", self.user.name, self.channel);
                let line = match editor.readline(&prompt) {
                    Ok(line) => line,
                    // Ctrl-C drops the line being typed; Ctrl-D leaves.
                    Err(ReadlineError::Interrupted) => continue,
                    Err(ReadlineError::Eof) => break,
                    Err(error) => return Err(error).context("reading input"),
                };
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                if line.len() > MAX_LINE_BYTES {
                    writeln!(stdout, "{}", self.line_too_long(line.len()))?;
                    continue;
                }
                if let Err(error) = editor.add_history_entry(line) {
                    tracing::debug!(%error, "no history entry");
                }
                if !self.line(line, &mut stdout)? {
                    break;
                }
            }
            Ok(())
        })();
        self.bot.stop_scheduler(&stop);
        result
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
        let print_event = self.event_printer();
        let events = output.clone();
        let stop = self
            .bot
            .spawn_scheduler(vec![PLATFORM], move |delivery: Delivery| {
                let mut out = lock(&events);
                if let Err(error) = print_event(&delivery, &mut *out) {
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
        mut input: impl BufRead,
        output: &SharedOutput,
        interactive: bool,
    ) -> Result<()> {
        writeln!(lock(output), "{}", self.greeting())?;
        loop {
            if interactive {
                let mut out = lock(output);
                write!(out, "{}@{}> ", self.user.name, self.channel)?;
                out.flush()?;
            }
            let line = match read_line(&mut input).context("reading input")? {
                None => break,
                Some(Line::TooLong(bytes)) => {
                    writeln!(lock(output), "{}", self.line_too_long(bytes))?;
                    continue;
                }
                Some(Line::Text(text)) => text,
            };
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

    /// The note on a skipped line of `bytes` bytes.
    fn line_too_long(&self, bytes: usize) -> String {
        t!(
            self.language(),
            "console-line-too-long",
            bytes = bytes,
            max = MAX_LINE_BYTES
        )
    }

    /// Handle one line; `false` to stop.
    pub fn line(&mut self, line: &str, output: &mut dyn Write) -> Result<bool> {
        if let Some(rest) = line.strip_prefix("/as") {
            let lang = self.language();
            let name = rest.trim();
            if name.is_empty() {
                writeln!(output, "{}", t!(lang, "console-as-usage"))?;
            } else if let Some(problem) = name_problem(name, lang) {
                let still = t!(
                    lang,
                    "console-as-refused",
                    problem = problem,
                    name = &self.user.name
                );
                writeln!(output, "{still}")?;
            } else {
                // Names differing only in case are one player.
                self.user = User::new(name.to_lowercase(), name);
                writeln!(output, "{}", t!(lang, "console-as-done", name = name))?;
            }
            return Ok(true);
        }
        if let Some(rest) = line.strip_prefix("/channel") {
            let lang = self.language();
            let name = rest.trim().trim_start_matches('#');
            if name.is_empty() {
                writeln!(output, "{}", t!(lang, "console-channel-usage"))?;
            } else if let Some(problem) = name_problem(name, lang) {
                let still = t!(
                    lang,
                    "console-channel-refused",
                    problem = problem,
                    channel = &self.channel
                );
                writeln!(output, "{still}")?;
            } else {
                self.channel = name.to_string();
                let lang = self.language();
                writeln!(
                    output,
                    "{}",
                    t!(lang, "console-channel-done", channel = name)
                )?;
            }
            return Ok(true);
        }
        let first = line.split_whitespace().next().unwrap_or_default();
        if matches!(first, "/quit" | "/exit" | "quit" | "exit") {
            return Ok(false);
        }
        let command = line
            .strip_prefix("!cairn")
            .unwrap_or(line)
            .trim_start_matches('/')
            .trim();
        // `help` alone (in any language) also lists the console's own
        // commands, and `help /as` is about them alone.
        if is_console_topic(command) {
            writeln!(output, "{}", t!(self.language(), "console-help"))?;
            return Ok(true);
        }
        let is_help = cairn_bot::command_set::parse_help_alone(command);
        let request = Request {
            platform: PLATFORM.into(),
            channel: self.channel.clone(),
            user: self.user.clone(),
            command: command.into(),
            mentions: Vec::new(),
            place_lang: self.lang,
            // What is for one user alone (`notify dm`, a digest) is
            // printed tagged with their name.
            capabilities: cairn_bot::Capabilities {
                direct_messages: true,
                ..Default::default()
            },
            ..Default::default()
        };
        // Progress (the bot's place in line) is printed as it happens.
        let replies = self.bot.handle_with(&request, |reply| {
            let _ = writeln!(output, "{}", reply.text);
        });
        let lang = self.language();
        for reply in replies {
            self.printer.print(&reply, &self.channel, lang, output)?;
        }
        if is_help {
            writeln!(output, "{}", t!(lang, "console-help"))?;
        }
        output.flush()?;
        Ok(true)
    }
}

/// Whether a command is `help` (in any language) about one of the
/// console's own commands: `help /as`.
fn is_console_topic(command: &str) -> bool {
    let mut words = command.split_whitespace();
    let (Some(first), Some(topic), None) = (words.next(), words.next(), words.next()) else {
        return false;
    };
    cairn_bot::command_set::find(first).is_some_and(|spec| spec.name == "help")
        && matches!(topic, "/as" | "/channel" | "/quit" | "/exit")
}

/// The language of a console channel: its own (`lang`), else the
/// console's (`CAIRN_LANG`), else English.
fn channel_language(bot: &Bot, channel: &str, console_lang: Option<Lang>) -> Lang {
    bot.langs(&Request {
        platform: PLATFORM.into(),
        channel: channel.to_string(),
        place_lang: console_lang,
        ..Default::default()
    })
    .public
}

impl Printer {
    /// A timed event, tagged with its channel (it may not be the one the
    /// user is in), the console's own words in `lang`.
    fn print_delivery(
        &self,
        delivery: &Delivery,
        lang: Lang,
        output: &mut dyn Write,
    ) -> Result<()> {
        for reply in &delivery.replies {
            // A direct message (a reminder by `notify dm`, a digest) is
            // tagged with its reader; the rest with its channel.
            match &delivery.direct {
                Some(user) => write!(output, "[@{}] ", user.name)?,
                None => write!(output, "[#{}] ", delivery.channel)?,
            }
            self.print(reply, &delivery.channel, lang, output)?;
        }
        output.flush()?;
        Ok(())
    }

    /// A reply, with the console's own words around it in `lang`.
    fn print(
        &self,
        reply: &Reply,
        channel: &str,
        lang: Lang,
        output: &mut dyn Write,
    ) -> Result<()> {
        let mentions: Vec<String> = reply
            .mentions
            .iter()
            .map(|u| format!("@{}", u.name))
            .collect();
        let private = if reply.ephemeral {
            format!("{} ", t!(lang, "console-only-you"))
        } else {
            String::new()
        };
        let text = reply.text_with_channels(|c| format!("#{}", c.channel));
        if mentions.is_empty() {
            writeln!(output, "{private}{text}")?;
        } else {
            writeln!(output, "{private}{} {text}", mentions.join(" "))?;
        }
        if let Some(board) = &reply.board_text {
            writeln!(output, "{board}")?;
        }
        if let Some(png) = &reply.image {
            // A board image that cannot be written is a note, not the end.
            let line = match self.save_image(png.bytes(), channel) {
                Ok(path) => t!(
                    lang,
                    "console-board-image",
                    path = path.display().to_string()
                ),
                Err(error) => t!(
                    lang,
                    "console-no-board-image",
                    problem = format!("{error:#}")
                ),
            };
            writeln!(output, "{line}")?;
            if let Some(alt) = &reply.description {
                // The board in words, for a reader who cannot see the image.
                writeln!(output, "alt: {alt}")?;
            }
        }
        for file in &reply.files {
            let line = match self.save_file(&file.bytes, &file.name, channel) {
                Ok(path) => t!(
                    lang,
                    "console-file",
                    file = &file.description,
                    path = path.display().to_string()
                ),
                Err(error) => t!(
                    lang,
                    "console-file-not-written",
                    file = &file.description,
                    problem = format!("{error:#}")
                ),
            };
            writeln!(output, "{line}")?;
        }
        if !reply.actions.is_empty() {
            let words: Vec<&str> = reply.actions.iter().map(|a| a.command.as_str()).collect();
            writeln!(
                output,
                "{}",
                t!(lang, "console-answer-with", commands = words.join(" / "))
            )?;
        }
        Ok(())
    }

    fn save_image(&self, png: &[u8], channel: &str) -> Result<PathBuf> {
        self.save_file(png, "board.png", channel)
    }

    /// Write a file into the images folder as `<channel>-<time>-<n>-<name>`
    /// (board images keep their old `<channel>-<time>-<n>.png`).
    fn save_file(&self, bytes: &[u8], file_name: &str, channel: &str) -> Result<PathBuf> {
        std::fs::create_dir_all(&self.images)
            .with_context(|| format!("creating {}", self.images.display()))?;
        let count = self.image_count.fetch_add(1, Ordering::Relaxed) + 1;
        // Only a short, safe part of the channel name goes into the file name.
        let channel: String = channel
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
        let name = if file_name == "board.png" {
            format!("{channel}-{}-{count}.png", cairn_store::now_ms())
        } else {
            let safe: String = file_name
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || c == '-' || c == '.' {
                        c
                    } else {
                        '_'
                    }
                })
                .take(60)
                .collect();
            format!("{channel}-{}-{count}-{safe}", cairn_store::now_ms())
        };
        let path = Path::new(&self.images).join(name);
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
        // Board images are kept to the newest few per channel; replays and
        // records stay (they are what a player keeps).
        if self.keep > 0 && file_name == "board.png" {
            if let Err(error) = self.prune(&channel) {
                tracing::warn!(%error, "removing old board images");
            }
        }
        Ok(path)
    }

    /// Remove this channel's board images but the newest `keep`. Names are
    /// `<channel>-<ms>-<n>.png`; only files of exactly this channel count.
    fn prune(&self, channel: &str) -> std::io::Result<()> {
        let mut ours: Vec<((u64, u64), PathBuf)> = Vec::new();
        for entry in std::fs::read_dir(&self.images)? {
            let path = entry?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let Some(stem) = name.strip_suffix(".png") else {
                continue;
            };
            let mut parts = stem.rsplitn(3, '-');
            let (Some(n), Some(ms), Some(owner)) = (parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            if owner != channel {
                continue;
            }
            if let (Ok(ms), Ok(n)) = (ms.parse::<u64>(), n.parse::<u64>()) {
                ours.push(((ms, n), path));
            }
        }
        if ours.len() <= self.keep {
            return Ok(());
        }
        ours.sort();
        let excess = ours.len() - self.keep;
        for (_, path) in ours.into_iter().take(excess) {
            std::fs::remove_file(path)?;
        }
        Ok(())
    }
}
