//! Board geometry shared by the games: point boards (grid intersections with
//! orthogonal lines and diagonals through strong points; 5 x 5 and 9 x 5) and
//! square cell boards (n x n, knight moves, blocked cells, line thresholds).
//!
//! Tables are built once per size and shared (`&'static`), so move
//! generation only indexes flat arrays. Point boards have at most 64 points,
//! so sets of points are `u64` bitboards (bit i = point i).

use std::sync::OnceLock;

use super::notation;

/// The eight directions, as (file step, rank step). Indices 0..4 are
/// orthogonal, 4..8 diagonal; `OPPOSITE[d]` is the reverse of `d`.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),   // 0 north (up, towards rank 5)
    (1, 0),   // 1 east
    (0, -1),  // 2 south
    (-1, 0),  // 3 west
    (1, 1),   // 4 north-east
    (1, -1),  // 5 south-east
    (-1, -1), // 6 south-west
    (-1, 1),  // 7 north-west
];

/// The reverse of each direction in [`DIRECTIONS`].
pub const OPPOSITE: [usize; 8] = [2, 3, 0, 1, 6, 7, 4, 5];

/// Marks a missing neighbour in [`PointBoard::step`] tables.
pub const NONE: u8 = u8::MAX;

/// A point board of `files` x `ranks` intersections (at most 64 points).
#[derive(Debug)]
pub struct PointBoard {
    pub files: usize,
    pub ranks: usize,
    /// `next[p][d]`: the neighbour of point p in direction d along a line,
    /// or [`NONE`]. Diagonal entries exist only between strong points.
    next: Vec<[u8; 8]>,
    /// Bitboard of every point.
    pub all: u64,
    /// Bitboard of the strong points.
    pub strong: u64,
    /// `can_step[d]`: the points that have a neighbour in direction d (the
    /// source mask of [`PointBoard::shift`]).
    can_step: [u64; 8],
    /// `rotate[d]`: the index delta of a step in direction d, mod 64 (see
    /// [`PointBoard::shift`]).
    rotate: [u32; 8],
    /// `adjacent[p]`: the neighbours of p along lines.
    adjacent: Vec<u64>,
    /// `near[p]`: the points one or two steps from p along a line.
    near: Vec<u64>,
    /// `towards[p][q]`: the direction from p to its neighbour q, or
    /// [`NONE`].
    towards: Vec<[u8; 64]>,
}

impl PointBoard {
    fn build(files: usize, ranks: usize) -> PointBoard {
        assert!(files * ranks <= 64, "point boards hold at most 64 points");
        let mut next = vec![[NONE; 8]; files * ranks];
        let mut strong = 0u64;
        for rank in 0..ranks {
            for file in 0..files {
                let p = rank * files + file;
                let is_strong = (file + rank) % 2 == 0;
                if is_strong {
                    strong |= 1 << p;
                }
                for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                    if d >= 4 && !is_strong {
                        continue;
                    }
                    let f = file as i32 + df as i32;
                    let r = rank as i32 + dr as i32;
                    if f >= 0 && r >= 0 && (f as usize) < files && (r as usize) < ranks {
                        next[p][d] = (r as usize * files + f as usize) as u8;
                    }
                }
            }
        }
        let count = files * ranks;
        let all = if count == 64 {
            u64::MAX
        } else {
            (1u64 << count) - 1
        };
        let mut can_step = [0u64; 8];
        for (p, row) in next.iter().enumerate() {
            for (d, &q) in row.iter().enumerate() {
                if q != NONE {
                    can_step[d] |= 1 << p;
                }
            }
        }
        let delta = DIRECTIONS.map(|(df, dr)| dr as i32 * files as i32 + df as i32);
        let adjacent: Vec<u64> = next
            .iter()
            .map(|row| {
                row.iter()
                    .filter(|&&q| q != NONE)
                    .fold(0, |acc, &q| acc | 1 << q)
            })
            .collect();
        let near = (0..next.len())
            .map(|p| {
                (0..8).fold(adjacent[p], |acc, d| match next[p][d] {
                    NONE => acc,
                    q => match next[q as usize][d] {
                        NONE => acc,
                        r => acc | 1 << r,
                    },
                })
            })
            .collect();
        let towards = next
            .iter()
            .map(|row| {
                let mut to = [NONE; 64];
                for (d, &q) in row.iter().enumerate() {
                    if q != NONE {
                        to[q as usize] = d as u8;
                    }
                }
                to
            })
            .collect();
        PointBoard {
            towards,
            files,
            ranks,
            next,
            all,
            strong,
            can_step,
            rotate: delta.map(|d| d.rem_euclid(64) as u32),
            adjacent,
            near,
        }
    }

    /// The shared 5 x 5 board (Alquerque, Alquad, Sight, Fanoron-Dimy).
    pub fn five_by_five() -> &'static PointBoard {
        static BOARD: OnceLock<PointBoard> = OnceLock::new();
        BOARD.get_or_init(|| PointBoard::build(5, 5))
    }

    /// Where each of the square's 8 symmetries sends each point of the
    /// 5 x 5 board (`[p][s]`, the identity first). They keep the strong
    /// points and the lines, so positions that are images of each other
    /// play alike.
    pub fn five_by_five_images() -> &'static [[u8; 8]; 25] {
        static IMAGES: OnceLock<[[u8; 8]; 25]> = OnceLock::new();
        IMAGES.get_or_init(|| {
            let board = PointBoard::five_by_five();
            let mut images = [[0u8; 8]; 25];
            for (p, image) in images.iter_mut().enumerate() {
                let (f, r) = (board.file(p), board.rank(p));
                let maps = [
                    (f, r),
                    (4 - f, r),
                    (f, 4 - r),
                    (4 - f, 4 - r),
                    (r, f),
                    (4 - r, f),
                    (r, 4 - f),
                    (4 - r, 4 - f),
                ];
                for (s, &(mf, mr)) in maps.iter().enumerate() {
                    image[s] = board.index(mf, mr) as u8;
                }
            }
            images
        })
    }

    /// The shared 9 x 5 board (Fanorona Tsivy, Collapse).
    pub fn nine_by_five() -> &'static PointBoard {
        static BOARD: OnceLock<PointBoard> = OnceLock::new();
        BOARD.get_or_init(|| PointBoard::build(9, 5))
    }

    pub fn len(&self) -> usize {
        self.files * self.ranks
    }

    pub fn index(&self, file: usize, rank: usize) -> usize {
        rank * self.files + file
    }

    pub fn file(&self, p: usize) -> usize {
        p % self.files
    }

    pub fn rank(&self, p: usize) -> usize {
        p / self.files
    }

    #[cfg(test)]
    pub fn is_strong(&self, p: usize) -> bool {
        self.strong >> p & 1 == 1
    }

    /// The neighbour of `p` in direction `d` along a line, if any.
    #[inline]
    pub fn step(&self, p: usize, d: usize) -> Option<usize> {
        let q = self.next[p][d];
        (q != NONE).then_some(q as usize)
    }

    /// Every point of `set` moved one step in direction `d` along a line
    /// (points without a neighbour that way drop out): one step for a
    /// whole bitboard at once.
    #[inline]
    pub fn shift(&self, set: u64, d: usize) -> u64 {
        // A rotation by the step's index delta (mod 64) is the shift
        // without a branch on its sign: the masked points land on the
        // board, so no bit wraps round.
        (set & self.can_step[d]).rotate_left(self.rotate[d])
    }

    /// The raw neighbour table row of `p` ([`NONE`] for no neighbour).
    #[inline]
    pub fn neighbours(&self, p: usize) -> &[u8; 8] {
        &self.next[p]
    }

    /// Bitboard of the points adjacent to `p` along lines.
    #[inline]
    pub fn adjacent(&self, p: usize) -> u64 {
        self.adjacent[p]
    }

    /// Bitboard of the points one or two steps from `p` along a line.
    #[inline]
    pub fn near(&self, p: usize) -> u64 {
        self.near[p]
    }

    /// The points from `p` (exclusive) in direction `d` to the board edge.
    pub fn ray(&self, p: usize, d: usize) -> Ray<'_> {
        Ray {
            board: self,
            at: p,
            dir: d,
        }
    }

    /// `c3`-style name of a point.
    pub fn name(&self, p: usize) -> String {
        notation::square_name(self.file(p), self.rank(p))
    }

    /// Read a point name; `None` if it is not on this board.
    pub fn parse(&self, text: &str) -> Option<usize> {
        notation::parse_square(text, self.files, self.ranks).map(|(f, r)| self.index(f, r))
    }

    /// The direction in which `to` lies one step from `from`, if adjacent.
    #[inline]
    pub fn direction_between(&self, from: usize, to: usize) -> Option<usize> {
        match self.towards[from].get(to) {
            Some(&d) if d != NONE => Some(d as usize),
            _ => None,
        }
    }
}

/// Iterator over the points along a line, see [`PointBoard::ray`].
pub struct Ray<'a> {
    board: &'a PointBoard,
    at: usize,
    dir: usize,
}

impl Iterator for Ray<'_> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        let q = self.board.step(self.at, self.dir)?;
        self.at = q;
        Some(q)
    }
}

/// Iterate the set bits of a bitboard, lowest first.
#[inline]
pub fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let p = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(p)
        }
    })
}

/// The knight's jumps as (file step, rank step).
pub const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A square board of n x n cells (Callanish) with optional blocked cells.
/// Cells are indexed `rank * n + file`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellBoard {
    pub size: usize,
    /// `blocked[c]`: the cell is not part of the playing area.
    pub blocked: Vec<bool>,
    /// Knight-move targets of each cell that are playable, in a flat array:
    /// `knight[c]` holds up to 8 cells.
    knight: Vec<([u16; 8], u8)>,
    /// Playable cells in each rank (`0..n`) and each file (`n..2n`).
    line_len: Vec<u16>,
    /// The win threshold of each line: ceil(L / 2), or 0 for empty lines.
    threshold: Vec<u16>,
}

/// A refused board shape: a line (a rank or a file) left with one or two
/// playable cells.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{line} would have only {cells} playable cell{}: a line needs 0 or at least 3",
    if *cells == 1 { "" } else { "s" }
)]
pub struct BoardError {
    pub line: BoardLine,
    pub cells: usize,
}

/// A rank (numbered from 1) or a file (by its letter) of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLine {
    Rank(usize),
    File(char),
}

impl std::fmt::Display for BoardLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardLine::Rank(rank) => write!(f, "rank {rank}"),
            BoardLine::File(file) => write!(f, "file {file}"),
        }
    }
}

impl BoardError {
    /// The refusal for a reader in any language.
    pub fn message(&self) -> cairn_words::Message {
        let (kind, line) = match self.line {
            BoardLine::Rank(rank) => ("rank", rank.to_string()),
            BoardLine::File(file) => ("file", file.to_string()),
        };
        cairn_words::Message::new("board-short-line")
            .arg("kind", kind)
            .arg("line", line)
            .arg("cells", self.cells)
    }
}

impl CellBoard {
    /// An n x n board with `blocked` cells removed. Refuses lines left with
    /// 1 or 2 playable cells (a single stone would win them).
    pub fn new(size: usize, blocked_cells: &[usize]) -> Result<CellBoard, BoardError> {
        let n = size;
        let mut blocked = vec![false; n * n];
        for &c in blocked_cells {
            if c < n * n {
                blocked[c] = true;
            }
        }
        let mut knight = Vec::with_capacity(n * n);
        for c in 0..n * n {
            let (file, rank) = ((c % n) as i32, (c / n) as i32);
            let mut targets = [0u16; 8];
            let mut count = 0u8;
            if !blocked[c] {
                for &(df, dr) in &KNIGHT_JUMPS {
                    let (f, r) = (file + df as i32, rank + dr as i32);
                    if f >= 0 && r >= 0 && (f as usize) < n && (r as usize) < n {
                        let t = r as usize * n + f as usize;
                        if !blocked[t] {
                            targets[count as usize] = t as u16;
                            count += 1;
                        }
                    }
                }
            }
            knight.push((targets, count));
        }
        let mut line_len = vec![0u16; 2 * n];
        for c in 0..n * n {
            if !blocked[c] {
                line_len[c / n] += 1;
                line_len[n + c % n] += 1;
            }
        }
        for (line, &len) in line_len.iter().enumerate() {
            if len == 1 || len == 2 {
                let line = if line < n {
                    BoardLine::Rank(line + 1)
                } else {
                    BoardLine::File((b'a' + (line - n) as u8) as char)
                };
                return Err(BoardError {
                    line,
                    cells: len as usize,
                });
            }
        }
        let threshold = line_len.iter().map(|&len| len.div_ceil(2)).collect();
        Ok(CellBoard {
            size: n,
            blocked,
            knight,
            line_len,
            threshold,
        })
    }

    pub fn cells(&self) -> usize {
        self.size * self.size
    }

    #[cfg(test)]
    pub fn file(&self, c: usize) -> usize {
        c % self.size
    }

    #[cfg(test)]
    pub fn rank(&self, c: usize) -> usize {
        c / self.size
    }

    pub fn is_playable(&self, c: usize) -> bool {
        !self.blocked[c]
    }

    /// Playable knight-move targets of `c`.
    #[inline]
    pub fn knight_targets(&self, c: usize) -> &[u16] {
        let (targets, count) = &self.knight[c];
        &targets[..*count as usize]
    }

    /// Number of lines (ranks then files).
    pub fn line_count(&self) -> usize {
        2 * self.size
    }

    /// Cells needed to win a line: ceil(L / 2); 0 for a line with no
    /// playable cell (such a line never counts).
    pub fn threshold(&self, line: usize) -> usize {
        self.threshold[line] as usize
    }

    #[cfg(test)]
    pub fn name(&self, c: usize) -> String {
        notation::square_name(self.file(c), self.rank(c))
    }

    pub fn parse(&self, text: &str) -> Option<usize> {
        notation::parse_square(text, self.size, self.size).map(|(f, r)| r * self.size + f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_agrees_with_the_neighbour_table() {
        for b in [PointBoard::five_by_five(), PointBoard::nine_by_five()] {
            for p in 0..b.len() {
                for d in 0..8 {
                    let expected = b.step(p, d).map_or(0, |q| 1u64 << q);
                    assert_eq!(b.shift(1 << p, d), expected, "point {p} direction {d}");
                }
            }
        }
    }

    #[test]
    fn strong_points_and_diagonals() {
        let b = PointBoard::five_by_five();
        let c3 = b.parse("c3").unwrap();
        assert!(b.is_strong(c3));
        assert_eq!(b.adjacent(c3).count_ones(), 8);
        let b3 = b.parse("b3").unwrap();
        assert!(!b.is_strong(b3));
        assert_eq!(b.adjacent(b3).count_ones(), 4);
        let a1 = b.parse("a1").unwrap();
        assert_eq!(b.adjacent(a1).count_ones(), 3);
        assert_eq!(
            b.ray(a1, 4).map(|p| b.name(p)).collect::<Vec<_>>(),
            ["b2", "c3", "d4", "e5"]
        );
        let nine = PointBoard::nine_by_five();
        assert!(nine.is_strong(nine.parse("e3").unwrap()));
        assert!(nine.is_strong(nine.parse("i5").unwrap()));
        assert_eq!(nine.all.count_ones(), 45);
    }

    #[test]
    fn knight_moves_and_thresholds() {
        let b = CellBoard::new(9, &[]).unwrap();
        let b2 = b.parse("b2").unwrap();
        let mut names: Vec<String> = b
            .knight_targets(b2)
            .iter()
            .map(|&c| b.name(c as usize))
            .collect();
        names.sort();
        assert_eq!(names, ["a4", "c4", "d1", "d3"]);
        assert_eq!(b.threshold(0), 5);
        assert_eq!(CellBoard::new(7, &[]).unwrap().threshold(3), 4);
        assert_eq!(CellBoard::new(11, &[]).unwrap().threshold(12), 6);
        // A line left with two playable cells is refused.
        let blocked: Vec<usize> = (0..5).collect();
        assert!(CellBoard::new(7, &blocked).is_err());
    }
}
