//! Standings: points (a win 1, a draw ½, a Swiss bye 1), then the
//! tie-breaks: Sonneborn-Berger for a round robin (the points of the
//! opponents beaten, and half those of the opponents drawn with);
//! Buchholz, then Sonneborn-Berger, for a Swiss (the points of every
//! opponent met; a bye adds nothing). Forfeits count as results. Exact:
//! points in halves, Sonneborn-Berger in quarters.

use cairn_store::tournament::{Format, Round, Score};

/// One line of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub entrant: usize,
    /// Points, in half points.
    pub half_points: u32,
    /// Buchholz, in half points.
    pub buchholz: u32,
    /// Sonneborn-Berger, in quarter points.
    pub sonneborn_berger: u32,
    pub played: u32,
}

/// Each game with a result, as (entrant, opponent, what the entrant
/// scored in half points), both ways.
fn results(rounds: &[Round]) -> Vec<(usize, usize, u32)> {
    let mut out = Vec::new();
    for p in rounds.iter().flat_map(|r| &r.pairings) {
        let (a, b) = match p.score {
            Some(Score::FirstWins) => (2, 0),
            Some(Score::SecondWins) => (0, 2),
            Some(Score::Draw) => (1, 1),
            None => continue,
        };
        out.push((p.first, p.second, a));
        out.push((p.second, p.first, b));
    }
    out
}

/// The table of `n` entrants, best first (ties kept in entry order).
pub fn table(n: usize, rounds: &[Round], format: Format) -> Vec<Line> {
    let results = results(rounds);
    let mut points = vec![0u32; n];
    let mut played = vec![0u32; n];
    for &(a, _, s) in &results {
        if a < n {
            points[a] += s;
            played[a] += 1;
        }
    }
    if matches!(format, Format::Swiss { .. }) {
        for bye in rounds.iter().filter_map(|r| r.bye).filter(|&b| b < n) {
            points[bye] += 2;
        }
    }
    let mut lines: Vec<Line> = (0..n)
        .map(|entrant| Line {
            entrant,
            half_points: points[entrant],
            buchholz: 0,
            sonneborn_berger: 0,
            played: played[entrant],
        })
        .collect();
    for &(a, b, s) in &results {
        if a >= n || b >= n {
            continue;
        }
        lines[a].buchholz += points[b];
        lines[a].sonneborn_berger += s * points[b];
    }
    let swiss = matches!(format, Format::Swiss { .. });
    lines.sort_by_key(|l| {
        let first = if swiss {
            l.buchholz * 2
        } else {
            l.sonneborn_berger
        };
        (
            std::cmp::Reverse(l.half_points),
            std::cmp::Reverse(first),
            std::cmp::Reverse(l.sonneborn_berger),
            l.entrant,
        )
    });
    lines
}

/// Half points as a player reads them: `2`, `2½`, `½`.
pub fn halves(half_points: u32) -> String {
    match (half_points / 2, half_points % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarter points as a player reads them: `3`, `3.25`, `3.5`, `3.75`.
pub fn quarters(quarter_points: u32) -> String {
    match quarter_points % 4 {
        0 => (quarter_points / 4).to_string(),
        1 => format!("{}.25", quarter_points / 4),
        2 => format!("{}.5", quarter_points / 4),
        _ => format!("{}.75", quarter_points / 4),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cairn_store::tournament::Pairing;

    fn game(first: usize, second: usize, score: Score) -> Pairing {
        Pairing {
            first,
            second,
            created: true,
            score: Some(score),
            forfeit: false,
            moved_to: None,
            claimed_until: None,
        }
    }

    /// A four-player round robin worked out by hand:
    /// A beats B, A draws C, D beats A, B beats C, B draws D, C beats D.
    /// Points: A 1½, B 1½, C 1½, D 1½ — all equal.
    /// Sonneborn-Berger: A = B (1½) + ½·C (¾) = 2.25;
    /// B = C (1½) + ½·D (¾) = 2.25; C = D (1½) + ½·A (¾) = 2.25;
    /// D = A (1½) + ½·B (¾) = 2.25. Then change one result to break it:
    /// C beats A instead of drawing: A 1, B 1½, C 2, D 1½.
    /// SB: A = B 1½ = 1.5; B = C 2 + ½·D 1½ = 2.75; C = D 1½ + A 1 = 2.5;
    /// D = A 1 + ½·B 1½ = 1.75. Table: C 2, B 1½ (2.75), D 1½ (1.75), A 1.
    #[test]
    fn round_robin_table_matches_a_hand_computation() {
        use Score::*;
        let rounds = vec![Round {
            pairings: vec![
                game(0, 1, FirstWins),
                game(2, 0, FirstWins),
                game(3, 0, FirstWins),
                game(1, 2, FirstWins),
                game(1, 3, Draw),
                game(2, 3, FirstWins),
            ],
            bye: None,
        }];
        let lines = table(4, &rounds, Format::RoundRobin { double: false });
        let got: Vec<(usize, String, String)> = lines
            .iter()
            .map(|l| {
                (
                    l.entrant,
                    halves(l.half_points),
                    quarters(l.sonneborn_berger),
                )
            })
            .collect();
        let want = [
            (2, "2", "2.5"),
            (1, "1½", "2.75"),
            (3, "1½", "1.75"),
            (0, "1", "1.5"),
        ];
        let want: Vec<(usize, String, String)> = want
            .iter()
            .map(|&(e, p, s)| (e, p.to_string(), s.to_string()))
            .collect();
        assert_eq!(got, want);
    }

    /// Swiss: byes score, Buchholz sums opponents' points.
    /// Round 1: 0 beats 1, 2 bye. Round 2: 2 beats 0, 1 bye.
    /// Points: 0 = 1, 1 = 1, 2 = 2. Buchholz: 0 = p(1)+p(2) = 3,
    /// 1 = p(0) = 1, 2 = p(0) = 1. Table: 2, 0 (Bh 3), 1 (Bh 1).
    #[test]
    fn swiss_table_counts_byes_and_buchholz() {
        let rounds = vec![
            Round {
                pairings: vec![game(0, 1, Score::FirstWins)],
                bye: Some(2),
            },
            Round {
                pairings: vec![game(2, 0, Score::FirstWins)],
                bye: Some(1),
            },
        ];
        let lines = table(3, &rounds, Format::Swiss { rounds: 2 });
        let got: Vec<(usize, u32, u32)> = lines
            .iter()
            .map(|l| (l.entrant, l.half_points, l.buchholz))
            .collect();
        assert_eq!(got, vec![(2, 4, 2), (0, 2, 6), (1, 2, 2)]);
    }
}
