//! Completion of a partly typed Floaters turn, step by step: the pit, then
//! one lap string at a time, played through the engine's partial turns.
//! Whole turns can number in the millions, so they are never listed.

use super::Floaters;
use crate::Game;

impl Floaters {
    /// What was typed if it is a whole turn as it stands, then the next
    /// steps: at most `limit` strings.
    pub(super) fn step_completions(&self, typed: &str, limit: usize) -> Vec<String> {
        let mut out = Vec::new();
        if !typed.trim().is_empty() {
            let mut after = self.clone();
            if let Some(played) = after.play_text(typed) {
                if after.outcome().is_some() || after.to_move() != self.to_move() {
                    push_unique(&mut out, played, limit);
                }
            }
        }
        for item in self.steps(typed, limit) {
            push_unique(&mut out, item, limit);
        }
        out
    }

    /// Plays `text` (a whole or partial turn) and gives its canonical form.
    fn play_text(&mut self, text: &str) -> Option<String> {
        let turn = self.parse_turn(text).ok()?;
        self.play(&turn).ok()?;
        Some(turn.to_string())
    }

    fn steps(&self, typed: &str, limit: usize) -> Vec<String> {
        let is_sep_char =
            |c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '-' | '/' | '.');
        let mut tokens: Vec<&str> = typed.split(is_sep_char).filter(|s| !s.is_empty()).collect();
        let trailing = typed.is_empty() || typed.ends_with(is_sep_char);
        let mut partial = if trailing {
            ""
        } else {
            tokens.pop().unwrap_or("")
        };
        if self.mid_turn().is_none() && tokens.is_empty() {
            // Choosing the pit.
            let pits: Vec<String> = (1..=6)
                .map(|n: u8| n.to_string())
                .filter(|n| self.clone().play_text(n).is_some())
                .collect();
            if pits.iter().any(|p| p == partial) {
                tokens.push(partial);
                partial = "";
            } else {
                let pits: Vec<&String> = pits.iter().filter(|p| p.starts_with(partial)).collect();
                let mut out: Vec<String> = pits.iter().map(|p| p.to_string()).collect();
                // Then each pit's first laps, taking turns between the pits.
                let laps: Vec<Vec<String>> = pits.iter().map(|p| self.laps(p, "", limit)).collect();
                let longest = laps.iter().map(Vec::len).max().unwrap_or(0);
                for i in 0..longest {
                    for list in &laps {
                        if let Some(item) = list.get(i) {
                            push_unique(&mut out, item.clone(), limit);
                        }
                    }
                }
                out.truncate(limit);
                return out;
            }
        }
        self.laps(&tokens.join(" "), partial, limit)
    }

    /// After playing `base` (a pit and laps, or laps mid-turn), the strings
    /// of the next lap starting with `partial`, each appended to `base`'s
    /// canonical form. If `base` already ends the turn, that turn.
    fn laps(&self, base: &str, partial: &str, limit: usize) -> Vec<String> {
        let mut after = self.clone();
        let mut prefix = String::new();
        if !base.is_empty() {
            match after.play_text(base) {
                Some(canonical) => prefix = canonical,
                None => return Vec::new(),
            }
        }
        let hand = if after.outcome().is_none() && after.to_move() == self.to_move() {
            after.mid_turn()
        } else {
            None
        };
        let Some(hand) = hand else {
            // The turn is over (or `base` was empty on a finished turn).
            return if partial.is_empty() && !prefix.is_empty() {
                vec![prefix]
            } else {
                Vec::new()
            };
        };
        let mut laps = Vec::new();
        lap_strings(
            hand.red,
            hand.black,
            partial.as_bytes(),
            &mut String::new(),
            &mut laps,
            limit,
        );
        laps.into_iter()
            .map(|lap| {
                if prefix.is_empty() {
                    lap
                } else {
                    format!("{prefix} {lap}")
                }
            })
            .collect()
    }
}

impl Floaters {
    /// The next lap's colour strings (at most `limit`) and how many there
    /// are, while a turn waits for that lap.
    pub(super) fn next_laps(&self, limit: usize) -> Option<(u64, Vec<String>)> {
        let hand = self.mid_turn()?;
        let mut laps = Vec::new();
        lap_strings(hand.red, hand.black, b"", &mut String::new(), &mut laps, limit);
        Some((orders(hand.red, hand.black), laps))
    }
}

/// The orders of `red` red and `black` black stones: C(red + black, red).
fn orders(red: u8, black: u8) -> u64 {
    let n = u64::from(red) + u64::from(black);
    (1..=u64::from(red)).fold(1, |ways, k| ways * (n - u64::from(red) + k) / k)
}

/// Push `item` unless present or the list is full.
fn push_unique(out: &mut Vec<String>, item: String, limit: usize) {
    if out.len() < limit && !out.contains(&item) {
        out.push(item);
    }
}

/// Up to `limit` strings of `red` `r`s and `black` `b`s starting with
/// `partial`, in alphabetical order.
fn lap_strings(
    red: u8,
    black: u8,
    partial: &[u8],
    current: &mut String,
    out: &mut Vec<String>,
    limit: usize,
) {
    if out.len() >= limit {
        return;
    }
    if red == 0 && black == 0 {
        if partial.len() <= current.len() {
            out.push(current.clone());
        }
        return;
    }
    let at = current.len();
    for (c, left) in [('b', black), ('r', red)] {
        if left == 0 {
            continue;
        }
        if let Some(&want) = partial.get(at) {
            if want != c as u8 {
                continue;
            }
        }
        current.push(c);
        let (r, b) = if c == 'r' {
            (red - 1, black)
        } else {
            (red, black - 1)
        };
        lap_strings(r, b, partial, current, out, limit);
        current.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::lap_strings;

    #[test]
    fn lap_strings_in_order() {
        let mut out = Vec::new();
        lap_strings(2, 1, b"", &mut String::new(), &mut out, 25);
        assert_eq!(out, ["brr", "rbr", "rrb"]);
        let mut out = Vec::new();
        lap_strings(2, 2, b"r", &mut String::new(), &mut out, 25);
        assert_eq!(out, ["rbbr", "rbrb", "rrbb"]);
        let mut out = Vec::new();
        lap_strings(24, 24, b"", &mut String::new(), &mut out, 25);
        assert_eq!(out.len(), 25);
    }
}
