//! Addressing: which channel a message belongs to (a room, or a thread in
//! it), whether it addresses the bot and with what command, and the users
//! it mentions (reading Matrix's HTML and reply fallbacks).

use super::*;

/// The bot channel of a room, or of a thread in it.
pub fn channel_id(room_id: &str, thread_root: Option<&str>) -> String {
    match thread_root {
        Some(root) => format!("{room_id}/{root}"),
        None => room_id.to_string(),
    }
}

/// How a message addresses the bot: the command prefix, or the bot's id,
/// display name or localpart (as text or pill) at the start.
#[derive(Clone, Debug)]
pub struct Address {
    prefix: String,
    bot_id: String,
    names: Vec<String>,
}

impl Address {
    pub fn new(prefix: &str, bot_id: &str, names: &[String]) -> Address {
        let prefix = prefix.trim();
        let mut all = vec![bot_id.to_string()];
        for name in names {
            let name = name.trim();
            if !name.is_empty() && !all.iter().any(|n| n.eq_ignore_ascii_case(name)) {
                all.push(name.to_string());
            }
        }
        // Longest first, so "Cairn Bot" wins over "Cairn".
        all.sort_by_key(|n| std::cmp::Reverse(n.len()));
        Address {
            prefix: if prefix.is_empty() {
                DEFAULT_PREFIX.to_string()
            } else {
                prefix.to_string()
            },
            bot_id: bot_id.to_string(),
            names: all,
        }
    }

    /// The command in a message (`help` when the bot is addressed without
    /// one), or `None` when the message is not for the bot.
    pub fn command(&self, body: &str, formatted_html: Option<&str>) -> Option<String> {
        let text = match formatted_html {
            Some(html) => html_to_text(html),
            None => strip_reply_fallback(body),
        };
        let text = text.trim();
        let rest = strip_word(text, &self.prefix).or_else(|| {
            self.names.iter().find_map(|name| {
                if name.starts_with('@') {
                    // The id (typed, or from a pill).
                    return strip_word(text, name);
                }
                // `@Cairn board`, or `Cairn: board` / `Cairn, board`.
                strip_word(text, &format!("@{name}"))
                    .or_else(|| strip_word(text, name).filter(|rest| rest.starts_with([':', ','])))
            })
        })?;
        let rest = rest
            .trim_start_matches([':', ',', ' ', '\t', '\n'])
            .trim()
            .to_string();
        Some(if rest.is_empty() {
            "help".to_string()
        } else {
            rest
        })
    }

    pub fn bot_id(&self) -> &str {
        &self.bot_id
    }
}

/// `text` without a leading `word` (case-insensitive) that ends at a word
/// boundary (end, space or punctuation other than what ids contain).
pub(super) fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    if word.is_empty() || text.len() < word.len() || !text.is_char_boundary(word.len()) {
        return None;
    }
    let (head, rest) = text.split_at(word.len());
    if !head.eq_ignore_ascii_case(word) && head.to_lowercase() != word.to_lowercase() {
        return None;
    }
    match rest.chars().next() {
        None => Some(rest),
        Some(c) if c.is_whitespace() || matches!(c, ':' | ',' | '!' | '?' | ';') => Some(rest),
        Some(_) => None,
    }
}

/// A plain body without the `> ` quote of a reply fallback.
pub fn strip_reply_fallback(body: &str) -> String {
    if !body.starts_with("> ") {
        return body.to_string();
    }
    let mut lines = body.lines().peekable();
    while lines.peek().is_some_and(|l| l.starts_with('>')) {
        lines.next();
    }
    while lines.peek().is_some_and(|l| l.trim().is_empty()) {
        lines.next();
    }
    lines.collect::<Vec<_>>().join("\n")
}

/// The text of an HTML message body: user pills become their MXID, reply
/// fallbacks (`<mx-reply>`) are dropped, entities decoded, other tags
/// removed.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    // The user id of the link being read, and whether we are inside one.
    let mut in_pill = false;
    while let Some(start) = rest.find('<') {
        if !in_pill {
            out.push_str(&decode_entities(&rest[..start]));
        }
        let after = &rest[start..];
        let Some(end) = after.find('>') else {
            rest = "";
            break;
        };
        let tag = &after[1..end];
        rest = &after[end + 1..];
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let closing = tag.starts_with('/');
        match name.as_str() {
            "mx-reply" if !closing => {
                let lower = rest.to_ascii_lowercase();
                match lower.find("</mx-reply>") {
                    Some(at) => rest = &rest[at + "</mx-reply>".len()..],
                    None => rest = "",
                }
            }
            "a" if !closing => {
                if let Some(id) = attribute(tag, "href").and_then(|href| pill_target(&href)) {
                    out.push_str(&id);
                    in_pill = true;
                }
            }
            "a" => in_pill = false,
            "br" | "p" | "div" | "li" | "tr" | "blockquote" | "pre"
                if !in_pill && !out.ends_with('\n') && !out.is_empty() =>
            {
                out.push('\n');
            }
            _ => {}
        }
    }
    if !in_pill {
        out.push_str(&decode_entities(rest));
    }
    out
}

/// The value of `name="..."` (or single-quoted) in a tag.
pub(super) fn attribute(tag: &str, name: &str) -> Option<String> {
    let lower = tag.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find(name) {
        let at = from + at;
        from = at + name.len();
        let before_ok = at == 0 || lower[..at].ends_with(char::is_whitespace);
        let after = lower[from..].trim_start();
        if !before_ok || !after.starts_with('=') {
            continue;
        }
        let offset = tag.len() - after.len() + 1;
        let value = tag[offset..].trim_start();
        let quote = value.chars().next()?;
        return if quote == '"' || quote == '\'' {
            let inner = &value[1..];
            inner.find(quote).map(|end| decode_entities(&inner[..end]))
        } else {
            Some(decode_entities(
                value.split(char::is_whitespace).next().unwrap_or(""),
            ))
        };
    }
    None
}

/// The user id a pill links to: `https://matrix.to/#/@user:server` or
/// `matrix:u/user:server`.
pub(super) fn pill_target(href: &str) -> Option<String> {
    let decoded = percent_decode(href);
    let id = if let Some(at) = decoded.find("matrix.to/#/") {
        decoded[at + "matrix.to/#/".len()..].to_string()
    } else if let Some(rest) = decoded.strip_prefix("matrix:u/") {
        format!("@{rest}")
    } else {
        return None;
    };
    let id = id.split(['?', '/']).next().unwrap_or("");
    UserId::parse(id).ok().map(|u| u.to_string())
}

pub(super) fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
            if let Some(value) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(value);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub(super) fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let entity = after
            .find(';')
            .filter(|&end| end <= 10)
            .map(|end| &after[1..end]);
        let decoded = entity.and_then(|e| match e {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some(' '),
            _ => {
                let number = e.strip_prefix('#')?;
                let code = match number.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                    None => number.parse().ok()?,
                };
                char::from_u32(code)
            }
        });
        match (decoded, entity) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = &after[e.len() + 2..];
            }
            _ => {
                out.push('&');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Matrix user ids written in a command, in order, without repeats.
pub fn mxids_in(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        let word = word
            .trim_start_matches(['(', '<', '[', '"', '\''])
            .trim_end_matches([',', '.', ';', '!', '?', ')', '>', ']', '"', '\'', ':']);
        if !word.starts_with('@') {
            continue;
        }
        if let Ok(id) = UserId::parse(word) {
            let id = id.to_string();
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}
