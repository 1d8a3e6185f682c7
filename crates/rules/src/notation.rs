//! Shared notation helpers: square names (`a1`, `s19`) and separators.

/// `a1`-style name of (file, rank), both counted from 0.
pub fn square_name(file: usize, rank: usize) -> String {
    let mut name = String::with_capacity(3);
    name.push((b'a' + file as u8) as char);
    name.push_str(&(rank + 1).to_string());
    name
}

/// Read an `a1`-style name on a board of `files` x `ranks`
/// (case-insensitive, surrounding spaces ignored). `None` if it is not a
/// square of that board.
pub fn parse_square(text: &str, files: usize, ranks: usize) -> Option<(usize, usize)> {
    let text = text.trim();
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let file = (letter as u8 - b'a') as usize;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits.starts_with('0') {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    if file >= files || rank == 0 || rank > ranks {
        return None;
    }
    Some((file, rank - 1))
}

/// Split `text` into the `a1`-style squares it names, in order, whatever
/// separators (spaces, `,` `-` `:` `>`) stand between them; squares may
/// also be run together (`c3c4`). Returns the raw square strings; `None` if
/// something other than squares and separators is present.
pub fn split_squares(text: &str) -> Option<Vec<String>> {
    let mut squares = Vec::new();
    let bytes = text.trim().as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i].to_ascii_lowercase();
        if matches!(c, b' ' | b',' | b'-' | b':' | b'>' | b'\t') {
            i += 1;
            continue;
        }
        if c.is_ascii_lowercase() {
            let start = i;
            i += 1;
            let digits_start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i == digits_start {
                return None;
            }
            squares.push(text.trim()[start..i].to_ascii_lowercase());
        } else {
            return None;
        }
    }
    Some(squares)
}

/// Join names as "a4, c4 or d1" for messages.
#[cfg(test)]
pub fn list_or(items: &[String]) -> String {
    join_words(items, "or")
}

/// Join names as "a4, c4 and d1" for messages.
pub fn list_and(items: &[String]) -> String {
    join_words(items, "and")
}

/// Messages as one list in words ("a, b and c") for a reader in any
/// language: nested `list-comma` and `list-and` messages.
pub fn message_list_and(items: Vec<cairn_words::Message>) -> cairn_words::Message {
    message_list(items, "list-and")
}

/// Messages as alternatives in words ("a, b or c"), as
/// [`message_list_and`] with `list-or`.
pub fn message_list_or(items: Vec<cairn_words::Message>) -> cairn_words::Message {
    message_list(items, "list-or")
}

/// Names (squares, turns) as alternatives in words for a reader in any
/// language: "a4, c4 or d1".
pub fn names_or(names: &[String]) -> cairn_words::Message {
    message_list_or(names.iter().map(|name| word(name)).collect())
}

/// Names as [`names_or`], at most `max` of them and then "N more" as the
/// last alternative: "a1, a2, ... or 5 more".
pub fn names_or_at_most(names: &[String], max: usize) -> cairn_words::Message {
    if !worth_cutting(names, max) {
        return names_or(names);
    }
    let mut items: Vec<cairn_words::Message> = names.iter().take(max).map(|n| word(n)).collect();
    if names.len() > max {
        items.push(cairn_words::Message::new("list-more").arg("count", names.len() - max));
    }
    message_list_or(items)
}

/// Whether a list of names is cut after `max`: only when that leaves out
/// at least three (never "a1, ..., a2 or 2 more": the two are named).
fn worth_cutting(names: &[String], max: usize) -> bool {
    names.len() >= max + 3
}

/// Names as [`names_or`] (or, with `or` false, [`names_and`]); more than
/// `max` cut to `max` names "and N more": "a1, a2, ... and 5 more".
pub fn names_cut(names: &[String], max: usize, or: bool) -> cairn_words::Message {
    if worth_cutting(names, max) {
        let mut items: Vec<cairn_words::Message> = names[..max].iter().map(|n| word(n)).collect();
        items.push(cairn_words::Message::new("list-more").arg("count", names.len() - max));
        message_list_and(items)
    } else if or {
        names_or(names)
    } else {
        names_and(names)
    }
}

/// Names as a list in words for a reader in any language: "a4, c4 and d1".
pub fn names_and(names: &[String]) -> cairn_words::Message {
    message_list_and(names.iter().map(|name| word(name)).collect())
}

/// Plain text (a square, a turn) as an item of a list in words.
fn word(text: &str) -> cairn_words::Message {
    cairn_words::Message::new("word").arg("word", text)
}

fn message_list(
    mut items: Vec<cairn_words::Message>,
    last_id: &'static str,
) -> cairn_words::Message {
    use cairn_words::Message;
    match items.len() {
        0 => Message::new("list-empty"),
        1 => items.remove(0),
        2 => {
            let last = items.remove(1);
            Message::new(last_id)
                .arg("first", items.remove(0))
                .arg("last", last)
        }
        _ => {
            let first = items.remove(0);
            Message::new("list-comma")
                .arg("first", first)
                .arg("rest", message_list(items, last_id))
        }
    }
}

fn join_words(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for file in 0..19 {
            for rank in 0..19 {
                let name = square_name(file, rank);
                assert_eq!(parse_square(&name, 19, 19), Some((file, rank)));
                assert_eq!(
                    parse_square(&name.to_uppercase(), 19, 19),
                    Some((file, rank))
                );
            }
        }
        assert_eq!(parse_square("a10", 9, 9), None);
        assert_eq!(parse_square("j1", 9, 9), None);
        assert_eq!(parse_square("a0", 9, 9), None);
        assert_eq!(parse_square("a01", 9, 9), None);
        assert_eq!(parse_square("a", 9, 9), None);
        assert_eq!(parse_square(" B2 ", 9, 9), Some((1, 1)));
    }

    #[test]
    fn splitting() {
        assert_eq!(split_squares("b2:d1,a4").unwrap(), vec!["b2", "d1", "a4"]);
        assert_eq!(split_squares("C3c4").unwrap(), vec!["c3", "c4"]);
        assert_eq!(split_squares("a10 - b9").unwrap(), vec!["a10", "b9"]);
        assert!(split_squares("b2 ? c4").is_none());
        assert!(split_squares("bb").is_none());
        assert_eq!(
            list_or(&["a4".into(), "c4".into(), "d1".into()]),
            "a4, c4 or d1"
        );
    }
}
