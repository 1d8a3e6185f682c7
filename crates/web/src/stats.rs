//! Statistics of the listed finished games (see `archive.rs`), per game:
//! how many were played, how often the player who moved first won (with
//! its 95 % Wilson interval), drew, lost on time, how long games last in
//! turns and which variants are played most. Counted when the archive is
//! read (at most once a minute); `/stats` and `/stats/<game>` show them.

use std::collections::BTreeMap;

use cairn_rules::{GameKind, Reason, Seat};
use cairn_store::GameRecord;

/// 1.96: the normal quantile of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// How many of the most played variants a game's statistics show.
pub(crate) const TOP_VARIANTS: usize = 5;

/// The counts of some finished games.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Stats {
    pub games: u32,
    /// Won by the player who moved first (the first turn's seat).
    pub first_wins: u32,
    pub draws: u32,
    /// Ended by a loss on time.
    pub timeouts: u32,
    /// Turns played, all games together.
    pub turns: u64,
    /// Games per variant: the options as played, space-separated (empty:
    /// the game's defaults).
    pub variants: BTreeMap<String, u32>,
}

/// A proportion and its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

impl Stats {
    /// Count one finished game.
    pub fn add(&mut self, game: &GameRecord) {
        let Some(outcome) = game.outcome() else {
            return;
        };
        self.games += 1;
        let first = game.history.first().map_or(Seat::First, |t| t.seat);
        match outcome.winner {
            Some(seat) if seat == first => self.first_wins += 1,
            Some(_) => {}
            None => self.draws += 1,
        }
        if outcome.reason == Reason::Timeout {
            self.timeouts += 1;
        }
        self.turns += game.history.len() as u64;
        *self.variants.entry(game.options.join(" ")).or_default() += 1;
    }

    /// The share of games the first player won, with its interval.
    pub fn first_win_rate(&self) -> Option<Rate> {
        wilson(self.first_wins, self.games)
    }

    pub fn draw_rate(&self) -> Option<f64> {
        share(self.draws, self.games)
    }

    pub fn timeout_rate(&self) -> Option<f64> {
        share(self.timeouts, self.games)
    }

    /// Turns per game, on average.
    pub fn average_length(&self) -> Option<f64> {
        (self.games > 0).then(|| self.turns as f64 / f64::from(self.games))
    }

    /// The most played variants, most first (ties by name).
    pub fn top_variants(&self) -> Vec<(&str, u32)> {
        let mut variants: Vec<(&str, u32)> = self
            .variants
            .iter()
            .map(|(name, &count)| (name.as_str(), count))
            .collect();
        variants.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        variants.truncate(TOP_VARIANTS);
        variants
    }
}

fn share(part: u32, whole: u32) -> Option<f64> {
    (whole > 0).then(|| f64::from(part) / f64::from(whole))
}

/// `successes` of `trials` with its 95 % Wilson score interval (`None`
/// without trials).
pub(crate) fn wilson(successes: u32, trials: u32) -> Option<Rate> {
    let value = share(successes, trials)?;
    let n = f64::from(trials);
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (value + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (value * (1.0 - value) / n + z2 / (4.0 * n * n)).sqrt();
    Some(Rate {
        value,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    })
}

/// The statistics of each game that has finished games.
pub(crate) fn per_game<'a>(
    games: impl Iterator<Item = &'a GameRecord>,
) -> BTreeMap<GameKind, Stats> {
    let mut out: BTreeMap<GameKind, Stats> = BTreeMap::new();
    for game in games {
        out.entry(game.kind).or_default().add(game);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_intervals() {
        // 8 of 10: 0.4902 to 0.9433 (Wilson 1927; Newcombe 1998).
        let rate = wilson(8, 10).expect("trials");
        assert!((rate.value - 0.8).abs() < 1e-12);
        assert!((rate.low - 0.4902).abs() < 1e-4, "{rate:?}");
        assert!((rate.high - 0.9433).abs() < 1e-4, "{rate:?}");
        let none = wilson(0, 5).expect("trials");
        assert_eq!(none.low, 0.0);
        assert!((none.high - 0.4345).abs() < 1e-4, "{none:?}");
        assert_eq!(wilson(0, 0), None);
    }
}
