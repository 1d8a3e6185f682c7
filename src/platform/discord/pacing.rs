//! Discord's rate limits as Discord advertises them, for Cairn's own
//! messages (see `outgoing.rs`): per-route buckets read from the
//! `X-RateLimit-*` headers of every answer, `429` with `Retry-After`
//! (global or per bucket), and a cap under Discord's global limit of 50
//! requests a second. Pure bookkeeping over instants the caller gives, so
//! it is tested without a clock or a network.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// Discord allows 50 requests a second per bot; the queue stays under it
/// (the interactions share the limit).
pub const GLOBAL_PER_SECOND: usize = 40;
/// A `429` without a readable `Retry-After` waits this long.
const DEFAULT_RETRY: Duration = Duration::from_secs(1);
/// Never wait longer than this on one advertisement (a garbled header).
const LONGEST_WAIT: Duration = Duration::from_secs(3600);

/// The rate-limit headers of one answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RateHeaders {
    /// `X-RateLimit-Bucket`: the bucket's hash, shared by routes.
    pub bucket: Option<String>,
    /// `X-RateLimit-Remaining`.
    pub remaining: Option<u32>,
    /// `X-RateLimit-Reset-After`, in seconds.
    pub reset_after: Option<Duration>,
    /// `Retry-After` (on a 429), in seconds.
    pub retry_after: Option<Duration>,
    /// `X-RateLimit-Global: true` or `X-RateLimit-Scope: global`.
    pub global: bool,
}

impl RateHeaders {
    /// Read the headers of an answer (names are case-insensitive).
    pub fn read(headers: &reqwest::header::HeaderMap) -> RateHeaders {
        let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let seconds = |name: &str| {
            text(name)
                .and_then(|v| v.trim().parse::<f64>().ok())
                .filter(|s| s.is_finite() && *s >= 0.0)
                .map(|s| Duration::from_secs_f64(s).min(LONGEST_WAIT))
        };
        RateHeaders {
            bucket: text("x-ratelimit-bucket").map(str::to_string),
            remaining: text("x-ratelimit-remaining").and_then(|v| v.trim().parse().ok()),
            reset_after: seconds("x-ratelimit-reset-after"),
            retry_after: seconds("retry-after"),
            global: text("x-ratelimit-global").is_some_and(|v| v.eq_ignore_ascii_case("true"))
                || text("x-ratelimit-scope").is_some_and(|v| v.eq_ignore_ascii_case("global")),
        }
    }
}

/// What an answer means for the request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not rate limited (whatever the status).
    Answered,
    /// Refused with 429: send it again once [`Pacer::ready_at`] allows.
    Retry,
}

/// One bucket's window: requests left and when it refills.
#[derive(Clone, Copy, Debug)]
struct Window {
    remaining: u32,
    reset: Instant,
}

/// The buckets known so far and the global state.
#[derive(Debug, Default)]
pub struct Pacer {
    /// Route (`POST /channels/{}/messages`) -> the bucket Discord named.
    buckets: HashMap<String, String>,
    /// `bucket:major parameter` -> its window.
    windows: HashMap<String, Window>,
    /// No request at all before this (a global 429).
    global_until: Option<Instant>,
    /// When the requests of the last second were sent.
    sent: VecDeque<Instant>,
}

impl Pacer {
    fn key(&self, route: &str, major: &str) -> String {
        let bucket = self.buckets.get(route).map_or(route, String::as_str);
        format!("{bucket}:{major}")
    }

    /// When a request on `route` (for the resource `major`, such as the
    /// channel id) may be sent: `None` now, else the instant to wait for.
    pub fn ready_at(&mut self, route: &str, major: &str, now: Instant) -> Option<Instant> {
        while self
            .sent
            .front()
            .is_some_and(|at| now.duration_since(*at) >= Duration::from_secs(1))
        {
            self.sent.pop_front();
        }
        let global = self.global_until.filter(|until| *until > now);
        let bucket = self
            .windows
            .get(&self.key(route, major))
            .filter(|w| w.remaining == 0 && w.reset > now)
            .map(|w| w.reset);
        let cap = (self.sent.len() >= GLOBAL_PER_SECOND)
            .then(|| self.sent.front().map(|at| *at + Duration::from_secs(1)))
            .flatten();
        [global, bucket, cap].into_iter().flatten().max()
    }

    /// A request is being sent now (after [`Pacer::ready_at`] said yes).
    pub fn sending(&mut self, route: &str, major: &str, now: Instant) {
        self.sent.push_back(now);
        let key = self.key(route, major);
        if let Some(window) = self.windows.get_mut(&key) {
            if window.reset > now {
                window.remaining = window.remaining.saturating_sub(1);
            } else {
                // Refilled: the answer will say by how much.
                self.windows.remove(&key);
            }
        }
    }

    /// Learn from an answer received at `now`.
    pub fn observe(
        &mut self,
        route: &str,
        major: &str,
        status: u16,
        headers: &RateHeaders,
        now: Instant,
    ) -> Verdict {
        if let Some(bucket) = &headers.bucket {
            self.buckets.insert(route.to_string(), bucket.clone());
        }
        let key = self.key(route, major);
        if let (Some(remaining), Some(after)) = (headers.remaining, headers.reset_after) {
            let window = Window {
                remaining,
                reset: now + after,
            };
            self.windows.insert(key.clone(), window);
        }
        if status != 429 {
            return Verdict::Answered;
        }
        let until = now + headers.retry_after.unwrap_or(DEFAULT_RETRY);
        if headers.global {
            self.global_until = Some(self.global_until.map_or(until, |u| u.max(until)));
        } else {
            let window = self.windows.entry(key).or_insert(Window {
                remaining: 0,
                reset: until,
            });
            window.remaining = 0;
            window.reset = window.reset.max(until);
        }
        Verdict::Retry
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROUTE: &str = "POST /channels/{}/messages";

    fn headers(remaining: u32, reset_after_ms: u64) -> RateHeaders {
        RateHeaders {
            bucket: Some("abcd".into()),
            remaining: Some(remaining),
            reset_after: Some(Duration::from_millis(reset_after_ms)),
            ..RateHeaders::default()
        }
    }

    #[test]
    fn an_exhausted_bucket_waits_for_its_reset_and_only_its_own_channel() {
        let mut pacer = Pacer::default();
        let t0 = Instant::now();
        assert_eq!(pacer.ready_at(ROUTE, "1", t0), None);
        pacer.sending(ROUTE, "1", t0);
        let verdict = pacer.observe(ROUTE, "1", 200, &headers(0, 5000), t0);
        assert_eq!(verdict, Verdict::Answered);
        let reset = t0 + Duration::from_secs(5);
        assert_eq!(pacer.ready_at(ROUTE, "1", t0), Some(reset));
        assert_eq!(pacer.ready_at(ROUTE, "2", t0), None, "another channel");
        assert_eq!(pacer.ready_at(ROUTE, "1", reset), None);
    }

    #[test]
    fn remaining_requests_are_counted_down_before_the_answers() {
        let mut pacer = Pacer::default();
        let t0 = Instant::now();
        pacer.observe(ROUTE, "1", 200, &headers(2, 5000), t0);
        pacer.sending(ROUTE, "1", t0);
        assert_eq!(pacer.ready_at(ROUTE, "1", t0), None);
        pacer.sending(ROUTE, "1", t0);
        assert_eq!(
            pacer.ready_at(ROUTE, "1", t0),
            Some(t0 + Duration::from_secs(5))
        );
    }

    #[test]
    fn a_429_waits_its_retry_after_for_the_bucket_or_for_everything() {
        let mut pacer = Pacer::default();
        let t0 = Instant::now();
        let limited = RateHeaders {
            retry_after: Some(Duration::from_millis(1500)),
            ..headers(0, 1000)
        };
        assert_eq!(pacer.observe(ROUTE, "1", 429, &limited, t0), Verdict::Retry);
        assert_eq!(
            pacer.ready_at(ROUTE, "1", t0),
            Some(t0 + Duration::from_millis(1500))
        );
        assert_eq!(pacer.ready_at(ROUTE, "2", t0), None);
        let global = RateHeaders {
            retry_after: Some(Duration::from_secs(2)),
            global: true,
            ..RateHeaders::default()
        };
        pacer.observe(ROUTE, "2", 429, &global, t0);
        assert_eq!(
            pacer.ready_at("GET /gateway", "", t0),
            Some(t0 + Duration::from_secs(2))
        );
    }

    #[test]
    fn the_queue_stays_under_the_global_limit() {
        let mut pacer = Pacer::default();
        let t0 = Instant::now();
        for n in 0..GLOBAL_PER_SECOND {
            let major = n.to_string();
            assert_eq!(pacer.ready_at(ROUTE, &major, t0), None);
            pacer.sending(ROUTE, &major, t0);
        }
        assert_eq!(
            pacer.ready_at(ROUTE, "x", t0),
            Some(t0 + Duration::from_secs(1))
        );
        assert_eq!(
            pacer.ready_at(ROUTE, "x", t0 + Duration::from_secs(1)),
            None
        );
    }

    #[test]
    fn headers_are_read_whatever_their_case() {
        let mut map = reqwest::header::HeaderMap::new();
        map.insert("X-RateLimit-Bucket", "abcd".parse().expect("value"));
        map.insert("X-RateLimit-Remaining", "3".parse().expect("value"));
        map.insert("X-RateLimit-Reset-After", "1.250".parse().expect("value"));
        map.insert("Retry-After", "2".parse().expect("value"));
        map.insert("X-RateLimit-Scope", "global".parse().expect("value"));
        let read = RateHeaders::read(&map);
        assert_eq!(read.bucket.as_deref(), Some("abcd"));
        assert_eq!(read.remaining, Some(3));
        assert_eq!(read.reset_after, Some(Duration::from_millis(1250)));
        assert_eq!(read.retry_after, Some(Duration::from_secs(2)));
        assert!(read.global);
    }
}
