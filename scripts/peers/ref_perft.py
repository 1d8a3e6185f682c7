#!/usr/bin/env python3
"""Plain-Python reference perft for Callanish, Fanorona (Tsivy, Dimy), Sight
and Collapse.

Our own straightforward reference, written directly from
shared/rules/callanish.md and shared/rules/fanorona.md (the reference the
issue's author timed is not available). No tricks: positions are lists,
every turn is generated and played on a copy; only the last ply counts the
turns instead of playing them (bulk counting, as the Rust perft does).

    ref_perft.py callanish [size] DEPTH [--moves "t1;t2"] [--random N]
    ref_perft.py fanorona tsivy|dimy DEPTH [--moves ...] [--random N]
    ref_perft.py sight DEPTH [--moves ...] [--random N]
    ref_perft.py collapse ring|ranks DEPTH [--moves ...] [--random N]

Sight and Collapse are written from docs/rules/sight.md and collapse.md
the same way (lists, copies); Collapse counts its last ply with a fast
kernel (the whole side's flights at once on integer bitboards, one flood
per direction), so its ratio is against a reference that counts as the
Rust engine does.

Prints JSON: the perft counts of depths 1 to DEPTH (as `cairn position
--perft DEPTH` computes them), their CPU seconds, and the moves of the
position (with --random N: N turns drawn with a fixed seed from the start,
for a mid-game position the Rust engine can be given with --moves).
"""

import json
import random
import sys
import time

# ---------------------------------------------------------------- helpers


def square_name(f, r):
    return "abcdefghijklmnopqrs"[f] + str(r + 1)


def parse_square(text, files, ranks):
    text = text.strip().lower()
    f = ord(text[0]) - ord("a")
    r = int(text[1:]) - 1
    if not (0 <= f < files and 0 <= r < ranks):
        raise ValueError(text)
    return r * files + f


# -------------------------------------------------------------- Callanish

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
EMPTY = 0
LONE = (1, 2)  # a lone White / Black stone
TOPPED = (3, 4)  # White on Black / Black on White


def controller(v):
    if v in (1, 3):
        return 0
    if v in (2, 4):
        return 1
    return None


class Callanish:
    def __init__(self, n=9, stones=64):
        self.n = n
        self.cells = [EMPTY] * (n * n)
        self.supply = [stones, stones]
        self.turns = 0
        self.to_move = 0
        self.over = False
        self.knight = []
        for c in range(n * n):
            f, r = c % n, c // n
            self.knight.append(
                [
                    (r + dr) * n + f + df
                    for df, dr in KNIGHT
                    if 0 <= f + df < n and 0 <= r + dr < n
                ]
            )
        self.lines = [[r * n + f for f in range(n)] for r in range(n)] + [
            [r * n + f for r in range(n)] for f in range(n)
        ]
        self.threshold = (n + 1) // 2

    def copy(self):
        g = Callanish.__new__(Callanish)
        g.__dict__.update(self.__dict__)
        g.cells = self.cells[:]
        g.supply = self.supply[:]
        return g

    def targets(self, c, s):
        return [t for t in self.knight[c] if self.cells[t] in (EMPTY, LONE[1 - s])]

    def legal(self):
        if self.over:
            return []
        s = self.to_move
        if self.turns < 2:
            return [(c,) for c in range(len(self.cells)) if self.cells[c] == EMPTY]
        if self.supply[s] + 1 < 2:
            return []
        out = []
        for c, v in enumerate(self.cells):
            if v not in (LONE[s], TOPPED[s]):
                continue
            ts = self.targets(c, s)
            for i in range(len(ts)):
                for j in range(i + 1, len(ts)):
                    out.append((c, ts[i], ts[j]))
        return out

    def count(self):
        if self.over:
            return 0
        s = self.to_move
        if self.turns < 2:
            return self.cells.count(EMPTY)
        if self.supply[s] + 1 < 2:
            return 0
        total = 0
        for c, v in enumerate(self.cells):
            if v in (LONE[s], TOPPED[s]):
                k = len(self.targets(c, s))
                total += k * (k - 1) // 2
        return total

    def play(self, turn):
        g = self.copy()
        s = g.to_move
        if len(turn) == 1:
            g.cells[turn[0]] = LONE[s]
            g.supply[s] -= 1
        else:
            r, a, b = turn
            g.cells[r] = LONE[1 - s] if g.cells[r] == TOPPED[s] else EMPTY
            for c in (a, b):
                g.cells[c] = LONE[s] if g.cells[c] == EMPTY else TOPPED[s]
            g.supply[s] -= 1
        g.turns += 1
        g.to_move = 1 - s
        q = g.to_move
        for line in g.lines:
            if sum(1 for c in line if controller(g.cells[c]) == q) >= g.threshold:
                g.over = True
                return g
        if g.count() == 0:
            g.over = True
        return g

    def name(self, turn):
        n = self.n
        nm = lambda c: square_name(c % n, c // n)
        if len(turn) == 1:
            return nm(turn[0])
        r, a, b = turn
        a, b = sorted((a, b), key=lambda c: (c % n, c // n))
        return f"{nm(r)} {nm(a)} {nm(b)}"


# --------------------------------------------------------------- Fanorona

DIRS = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)]
SETUP = {
    "tsivy": ["WWWWWWWWW", "WWWWWWWWW", "BWBW.BWBW", "BBBBBBBBB", "BBBBBBBBB"],
    "dimy": ["WWWWW", "WWWWW", "WB.WB", "BBBBB", "BBBBB"],
}


class Fanorona:
    def __init__(self, board="tsivy", stall_turns=50):
        rows = SETUP[board]
        self.files = len(rows[0])
        self.points = [0] * (self.files * 5)
        for r, row in enumerate(rows):
            for f, ch in enumerate(row):
                self.points[r * self.files + f] = {"W": 1, "B": 2, ".": 0}[ch]
        # step[p][d]: the neighbour of p in direction d, or None
        self.step = []
        for p in range(len(self.points)):
            f, r = p % self.files, p // self.files
            strong = (f + r) % 2 == 0
            row = []
            for d, (df, dr) in enumerate(DIRS):
                ok = (d < 4 or strong) and 0 <= f + df < self.files and 0 <= r + dr < 5
                row.append((r + dr) * self.files + f + df if ok else None)
            self.step.append(row)
        self.to_move = 0
        self.captured = [0, 0]
        self.quiet = 0
        self.stall_turns = stall_turns
        self.history = [self.key()]
        self.over = False
        self.turns_cache = None

    def key(self):
        return (tuple(self.points), self.to_move)

    def copy(self):
        g = Fanorona.__new__(Fanorona)
        g.__dict__.update(self.__dict__)
        g.points = self.points[:]
        g.captured = self.captured[:]
        g.history = self.history[:]
        g.turns_cache = None
        return g

    def line(self, points, start, d, enemy):
        """The unbroken enemy line from `start` onwards in direction d."""
        out = []
        p = start
        while p is not None and points[p] == enemy:
            out.append(p)
            p = self.step[p][d]
        return out

    def capture_steps(self, points, at, visited, last_dir, me):
        """Capture steps of the piece on `at`: (to, kind, captured points)."""
        enemy = 2 - me
        out = []
        for d in range(8):
            q = self.step[at][d]
            if q is None or points[q] != 0 or q in visited or d == last_dir:
                continue
            beyond = self.step[q][d]
            if beyond is not None and points[beyond] == enemy:
                out.append((q, d, "a", self.line(points, beyond, d, enemy)))
            back = (d + 2) % 4 if d < 4 else 4 + (d - 4 + 2) % 4
            behind = self.step[at][back]
            if behind is not None and points[behind] == enemy:
                out.append((q, d, "w", self.line(points, behind, back, enemy)))
        return out

    def sequences(self, points, start, at, visited, last_dir, me, steps, out):
        for q, d, kind, line in self.capture_steps(points, at, visited, last_dir, me):
            nxt = points[:]
            nxt[at] = 0
            nxt[q] = me + 1
            for p in line:
                nxt[p] = 0
            seq = steps + [(q, kind)]
            out.append((start, seq))
            self.sequences(nxt, start, q, visited | {q}, d, me, seq, out)

    def legal(self):
        if self.over:
            return []
        if self.turns_cache is not None:
            return self.turns_cache
        me = self.to_move
        out = []
        for p, v in enumerate(self.points):
            if v == me + 1:
                self.sequences(self.points, p, p, {p}, None, me, [], out)
        if not out:
            for p, v in enumerate(self.points):
                if v == me + 1:
                    for q in self.step[p]:
                        if q is not None and self.points[q] == 0:
                            out.append((p, [(q, "")]))
        self.turns_cache = out
        return out

    def count(self):
        return len(self.legal())

    def play(self, turn):
        g = self.copy()
        me = g.to_move
        start, seq = turn
        at = start
        taken = 0
        for q, kind in seq:
            if kind:
                d = next(d for d in range(8) if g.step[at][d] == q)
                for cq, cd, ck, line in g.capture_steps(g.points, at, set(), None, me):
                    if cq == q and ck == kind:
                        for p in line:
                            g.points[p] = 0
                        taken += len(line)
                        break
            g.points[at] = 0
            g.points[q] = me + 1
            at = q
        g.captured[me] += taken
        g.to_move = 1 - me
        if taken:
            g.quiet = 0
            g.history = []
        else:
            g.quiet += 1
        key = g.key()
        g.history.append(key)
        if (2 - me) not in g.points:
            g.over = True  # the side to move has no piece left
        elif g.quiet >= g.stall_turns or g.history.count(key) >= 3:
            g.over = True
        elif not g.legal():
            g.over = True
        return g

    def name(self, turn):
        start, seq = turn
        nm = lambda p: square_name(p % self.files, p // self.files)
        return nm(start) + "".join(f"-{nm(q)}{kind}" for q, kind in seq)


# ------------------------------------------------- Alquerque-style points


def point_lines(files, ranks):
    """next[p][d]: the neighbour of point p in direction d (DIRS), or None;
    diagonals only from strong points (file + rank even)."""
    nxt = []
    for p in range(files * ranks):
        f, r = p % files, p // files
        row = []
        for d, (df, dr) in enumerate(DIRS):
            g, s = f + df, r + dr
            if d >= 4 and (f + r) % 2 == 1:
                row.append(None)
            elif 0 <= g < files and 0 <= s < ranks:
                row.append(s * files + g)
            else:
                row.append(None)
        nxt.append(row)
    return nxt


# ------------------------------------------------------------------ Sight

SIGHT_NEXT = point_lines(5, 5)


class Sight:
    def __init__(self):
        self.height = [0] * 25
        self.owner = [None] * 25
        self.to_move = 0
        self.over = False

    def copy(self):
        g = Sight.__new__(Sight)
        g.height = self.height[:]
        g.owner = self.owner[:]
        g.to_move = self.to_move
        g.over = self.over
        return g

    def tallest(self, s):
        tall = [p for p in range(25) if self.owner[p] == s and self.height[p] >= 2]
        if not tall:
            return []
        top = max(self.height[p] for p in tall)
        return [p for p in tall if self.height[p] == top]

    def legal(self):
        if self.over:
            return []
        tall = self.tallest(self.to_move)
        if not tall:
            return [(p,) for p in range(25) if self.owner[p] is None]
        out = []
        for p in tall:
            for q in SIGHT_NEXT[p]:
                if q is not None and self.owner[q] is None:
                    out.append((p, q))
        return out

    def count(self):
        return len(self.legal())

    def seen(self, p):
        out = []
        for d in range(8):
            q = SIGHT_NEXT[p][d]
            while q is not None:
                if self.owner[q] is not None:
                    out.append(q)
                    break
                q = SIGHT_NEXT[q][d]
        return out

    def play(self, turn):
        g = self.copy()
        s = g.to_move
        to = turn[-1]
        origin = None
        if len(turn) == 2:
            origin = turn[0]
            g.height[origin] -= 1
        g.owner[to] = s
        g.height[to] = 1
        for q in g.seen(to):
            if g.owner[q] == s and q != origin:
                g.height[q] += 1
        g.to_move = 1 - s
        if g.count() == 0:
            g.over = True
        return g

    def name(self, turn):
        nm = lambda p: square_name(p % 5, p // 5)
        return "-".join(nm(p) for p in turn)


# --------------------------------------------------------------- Collapse

COLLAPSE_NEXT = point_lines(9, 5)
# Flood kernels on integer bitboards: per direction, the points whose
# neighbour in that direction exists (the shift's source mask) and the
# index step.
COLLAPSE_SHIFTS = []
for _d in range(8):
    _mask = 0
    for _p in range(45):
        if COLLAPSE_NEXT[_p][_d] is not None:
            _mask |= 1 << _p
    _df, _dr = DIRS[_d]
    COLLAPSE_SHIFTS.append((_mask, _dr * 9 + _df))
COLLAPSE_ALL = (1 << 45) - 1


def shift(bb, d):
    mask, step = COLLAPSE_SHIFTS[d]
    bb &= mask
    return bb << step if step > 0 else bb >> -step


class Collapse:
    def __init__(self, setup="ring"):
        self.cells = [None] * 45
        for f in range(9):
            self.cells[f] = 0
            self.cells[36 + f] = 1
        if setup == "ring":
            for r in range(1, 4):
                self.cells[r * 9] = 0
                self.cells[r * 9 + 8] = 1
        self.to_move = 0
        self.over = False

    def copy(self):
        g = Collapse.__new__(Collapse)
        g.cells = self.cells[:]
        g.to_move = self.to_move
        g.over = self.over
        return g

    def legal(self):
        if self.over:
            return []
        s = self.to_move
        out = []
        for p in range(45):
            if self.cells[p] != s:
                continue
            for d in range(8):
                q = COLLAPSE_NEXT[p][d]
                last = None
                while q is not None and self.cells[q] is None:
                    last = q
                    q = COLLAPSE_NEXT[q][d]
                if last is not None and q is not None and self.cells[q] == 1 - s:
                    out.append((p, last, q))
        return out

    def count(self):
        """The fast kernel: all of the mover's flights at once."""
        if self.over:
            return 0
        mine = theirs = 0
        for p, c in enumerate(self.cells):
            if c == self.to_move:
                mine |= 1 << p
            elif c is not None:
                theirs |= 1 << p
        empty = COLLAPSE_ALL & ~(mine | theirs)
        total = 0
        for d in range(8):
            flood = shift(mine, d) & empty
            frontier = flood
            while frontier:
                frontier = shift(frontier, d) & empty & ~flood
                flood |= frontier
            total += bin(shift(flood, d) & theirs).count("1")
        return total

    def play(self, turn):
        g = self.copy()
        p, to, victim = turn
        g.cells[to] = g.cells[p]
        g.cells[p] = None
        g.cells[victim] = None
        g.to_move = 1 - g.to_move
        if g.count() == 0:
            g.over = True
        return g

    def name(self, turn):
        nm = lambda p: square_name(p % 9, p // 9)
        return f"{nm(turn[0])}-{nm(turn[1])}"


# ------------------------------------------------------------------ perft


def perft(g, depth):
    if g.over:
        return 0
    if depth == 0:
        return 1
    if depth == 1:
        return g.count()
    return sum(perft(g.play(t), depth - 1) for t in g.legal())


def main(argv):
    args = argv[1:]
    moves, random_turns = None, 0
    if "--moves" in args:
        i = args.index("--moves")
        moves = args[i + 1]
        del args[i : i + 2]
    if "--random" in args:
        i = args.index("--random")
        random_turns = int(args[i + 1])
        del args[i : i + 2]
    if args[0] == "callanish":
        g = Callanish(int(args[1])) if len(args) == 3 else Callanish()
    elif args[0] == "fanorona":
        g = Fanorona(args[1])
    elif args[0] == "sight":
        g = Sight()
    elif args[0] == "collapse":
        g = Collapse(args[1]) if len(args) == 3 else Collapse()
    else:
        raise SystemExit(__doc__)
    depth = int(args[-1])
    played = []
    if moves:
        for text in moves.split(";"):
            turn = next((t for t in g.legal() if g.name(t) == text.strip()), None)
            if turn is None:
                raise SystemExit(f"{text} is not legal here")
            played.append(g.name(turn))
            g = g.play(turn)
    rng = random.Random(2024)
    for _ in range(random_turns):
        turns = g.legal()
        if not turns:
            break
        turn = rng.choice(turns)
        played.append(g.name(turn))
        g = g.play(turn)
    # Every depth from 1 to DEPTH, as `cairn position --perft DEPTH` does.
    began = time.process_time()
    counts = {str(d): perft(g, d) for d in range(1, depth + 1)}
    seconds = time.process_time() - began
    print(json.dumps({"moves": ";".join(played), "perft": counts, "seconds": seconds}))


if __name__ == "__main__":
    main(sys.argv)
