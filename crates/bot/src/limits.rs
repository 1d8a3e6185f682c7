//! Bounds on what one user can make the bot do and say: a per-user command
//! rate (token bucket) and how much of their own text a reply quotes.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Replies quote at most this many characters of what the user typed.
pub const QUOTE_CHARS: usize = 60;

/// Longer commands are refused without being read (or quoted).
pub const MAX_COMMAND_CHARS: usize = 1_000;

/// `text` cut to [`QUOTE_CHARS`] characters, with `…` when cut.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// Shorten, in a reply, every long piece of the user's command it quotes
/// (engines' messages name the turn text they could not read).
pub fn bound_echo(reply: &str, command: &str) -> String {
    let mut pieces: Vec<&str> = command
        .split_whitespace()
        .chain(std::iter::once(command.trim()))
        .filter(|p| p.chars().count() > QUOTE_CHARS)
        .collect();
    // Longest first, so a whole command is cut before its words.
    pieces.sort_by_key(|p| std::cmp::Reverse(p.len()));
    let mut out = reply.to_string();
    for piece in pieces {
        if out.contains(piece) {
            out = out.replace(piece, &quote(piece));
        }
    }
    out
}

/// Commands per user: a burst, refilled at a steady rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateLimit {
    pub burst: u32,
    pub per_minute: u32,
}

impl Default for RateLimit {
    fn default() -> Self {
        RateLimit {
            burst: 10,
            per_minute: 30,
        }
    }
}

/// The buckets of every user seen recently.
pub struct RateLimiter {
    limit: RateLimit,
    buckets: Mutex<HashMap<String, (f64, Instant)>>,
}

impl RateLimiter {
    pub fn new(limit: RateLimit) -> RateLimiter {
        RateLimiter {
            limit,
            buckets: Mutex::default(),
        }
    }

    /// Take one command from `user`'s bucket; `Err(wait)` when empty.
    pub fn allow(&self, user: &str, now: Instant) -> Result<(), Duration> {
        let per_second = f64::from(self.limit.per_minute.max(1)) / 60.0;
        let burst = f64::from(self.limit.burst.max(1));
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() > 10_000 {
            // Forget users whose buckets have refilled.
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.saturating_duration_since(*at).as_secs_f64() * per_second < burst
            });
        }
        let (tokens, at) = buckets.entry(user.to_string()).or_insert((burst, now));
        *tokens =
            (*tokens + now.saturating_duration_since(*at).as_secs_f64() * per_second).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *tokens) / per_second))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_bounded() {
        let long = "x".repeat(100);
        assert_eq!(quote(&long).chars().count(), QUOTE_CHARS + 1);
        assert_eq!(quote("c3"), "c3");
        let reply = format!("`{long}` is not a point.");
        assert_eq!(
            bound_echo(&reply, &format!("move {long}")),
            format!("`{}` is not a point.", quote(&long))
        );
    }

    #[test]
    fn a_burst_then_a_polite_wait() {
        let limiter = RateLimiter::new(RateLimit {
            burst: 3,
            per_minute: 60,
        });
        let start = Instant::now();
        for _ in 0..3 {
            assert!(limiter.allow("alice", start).is_ok());
        }
        let wait = limiter.allow("alice", start).unwrap_err();
        assert!(wait <= Duration::from_secs(1), "{wait:?}");
        assert!(
            limiter.allow("bob", start).is_ok(),
            "others are not limited"
        );
        assert!(limiter
            .allow("alice", start + Duration::from_millis(1100))
            .is_ok());
    }
}
