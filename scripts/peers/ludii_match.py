#!/usr/bin/env python3
"""Cairn's level 5 against Ludii's UCT and alpha-beta agents.

    ludii_match.py [--ludii-src DIR] [--games N] [--think-ms MS]
                   [--games-only callanish,alquerque] [--agents uct,ab]
                   [--seed S] [--jsonl FILE] [--no-build]
                   [--cairn-side white|black] [--opening T1,T2,...]
    ludii_match.py --summarise FILE [FILE ...]

For each game (Callanish 9x9; Alquerque, Cairn's rules=basic against
Ludii's "Murray (Suggested)" ruleset) and each agent, LudiiMatch.java plays
N games (default 100) at MS wall milliseconds a turn for each side
(default 1000), sides alternating, checking every turn against both
engines' legal lists (see its header). Prints a markdown table: Cairn's
wins, draws and losses, its score (draws count half) with a 95 % Wilson
score interval, the games aborted on an untranslatable turn, and how the
games ended (which engine's rules said "over", and whether both agreed).

Compiles what it needs, as run.py does: Ludii's Common, Language and Core
(run.ludii_build, into $LUDII_BUILD or /var/tmp/ludii-build), then its
Features and AI modules (the agents) into $LUDII_BUILD/ai-classes, then
LudiiMatch.java; and cairn itself (release, --no-default-features) unless
--no-build. DIR is a checkout of github.com/Ludeme/Ludii (or $LUDII_SRC).
--cairn-side gives Cairn one side in every game, and --opening plays
those turns (Cairn's notation, comma-separated) for both sides before the
agents think: to study one line of play.
--summarise prints the table again from --jsonl records (several batches,
e.g. with different --seed, merge into one row a pairing).

One Java process plays a pairing's games one after another, under
`nice -n 10`: the pairings run one at a time on purpose, so that the two
sides' thinking times are not squeezed by a parallel match.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import run  # noqa: E402  (ludii_build: Common, Language, Core as run.py compiles them)

AGENTS = {"uct": "UCT (MCTS.createUCT)", "ab": "alpha-beta (AlphaBetaSearch)"}
GAMES = {"callanish": "Callanish 9x9", "alquerque": "Alquerque (basic / Murray)"}


def wilson(score, n, z=1.96):
    """95 % Wilson score interval of a proportion (draws as half a win)."""
    if n == 0:
        return (0.0, 1.0)
    centre = score + z * z / (2 * n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n))
    return ((centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n))


def build(src):
    """Compile Ludii and the driver; the Java class path."""
    cp = run.ludii_build(src)
    build_dir = Path(os.environ.get("LUDII_BUILD", "/var/tmp/ludii-build"))
    ai_classes, match = build_dir / "ai-classes", build_dir / "match"
    classes = build_dir / "classes"
    if not (ai_classes / "search/mcts/MCTS.class").exists():
        # The agents live in AI, which needs Features; both compile against
        # the classes run.ludii_build made. -parameters as for the rest.
        print(f"compiling Ludii (Features, AI) into {ai_classes} ...", flush=True)
        files = [str(p) for part in ("Features", "AI") for p in (src / part / "src").rglob("*.java")]
        listing = build_dir / "ai-files.txt"
        listing.write_text("\n".join(files))
        subprocess.run(["nice", "-n", "10", "javac", "-J-Xmx2g", "-nowarn", "-parameters", "-encoding", "UTF-8",
                        "-d", str(ai_classes), "-cp", cp, f"@{listing}"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["javac", "-nowarn", "-d", str(match), "-cp", f"{classes}:{ai_classes}",
                    str(HERE / "LudiiMatch.java")], check=True)
    return f"{match}:{ai_classes}:{cp}"


def play(cp, cairn, game, agent, games, think_ms, seed, jsonl, line=()):
    """One pairing: the per-game records LudiiMatch prints. `line`: the
    system properties that fix Cairn's side or an opening."""
    cmd = ["nice", "-n", "10", "java", "-Xmx2g", *line, "-cp", cp, "LudiiMatch", game, agent,
           str(games), str(think_ms), str(cairn), str(seed)]
    records = []
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True) as proc:
        for line in proc.stdout:
            line = line.strip()
            if not line.startswith("{"):
                continue
            records.append(json.loads(line))
            if jsonl:
                with open(jsonl, "a") as f:
                    f.write(line + "\n")
    if proc.returncode != 0:
        print(f"LudiiMatch {game} {agent} exited with {proc.returncode}", file=sys.stderr)
    return records


def row(game, agent, records):
    played = [r for r in records if r["error"] is None]
    w = sum(r["cairn_score"] == "win" for r in played)
    d = sum(r["cairn_score"] == "draw" for r in played)
    l = sum(r["cairn_score"] == "loss" for r in played)
    n = len(played)
    score = (w + d / 2) / n if n else 0.0
    lo, hi = wilson(score, n)
    ended = {}
    for r in played:
        ended[r["ended_by"]] = ended.get(r["ended_by"], 0) + 1
    disagree = sum(r["agree"] is False for r in played)
    ends = ", ".join(f"{k} {v}" for k, v in sorted(ended.items()))
    turns = sum(r["turns"] for r in played) / n if n else 0
    secs = sum(r["seconds"] for r in records) / len(records) if records else 0
    ms = [r["cairn_ms_a_turn"] for r in played], [r["ludii_ms_a_turn"] for r in played]
    mean = lambda xs: sum(xs) / len(xs) if xs else 0  # noqa: E731
    return (f"| {GAMES[game]} | {AGENTS[agent]} | {n} | {w} / {d} / {l} | {100 * score:.1f} % "
            f"| {100 * lo:.0f}-{100 * hi:.0f} % | {len(records) - n} | {ends}; disagree {disagree} "
            f"| {turns:.0f} | {secs:.0f} s | {mean(ms[0]):.0f} / {mean(ms[1]):.0f} |")


HEADER = ("| game | Ludii agent | games | Cairn W / D / L | score | 95 % (Wilson) | aborted "
          "| ended by (rules) | turns | s a game | ms a turn Cairn / Ludii |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|")


def summarise(paths):
    records = [json.loads(line) for p in paths for line in Path(p).read_text().splitlines() if line.strip()]
    print(HEADER)
    for game in GAMES:
        for agent in AGENTS:
            mine = [r for r in records if r["game"] == game and r["agent"] == agent]
            # Games from a set opening (--opening) study a line: not the pairing's score.
            studies = [r for r in mine if r.get("opening", 0) > 0]
            mine = [r for r in mine if r.get("opening", 0) == 0]
            if studies:
                print(f"    ({len(studies)} {game} games against {agent} from a set opening left out)")
            if mine:
                print(row(game, agent, mine))
                for r in mine:
                    if r["error"]:
                        print(f"    aborted game {r['index']}: {r['error']}")


def line_properties(args):
    """The Java system properties for --cairn-side and --opening."""
    line = []
    if args.cairn_side:
        line.append(f"-Dcairn.side={args.cairn_side}")
    if args.opening:
        line.append(f"-Dcairn.opening={args.opening}")
    return line


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--summarise", nargs="+", metavar="FILE", help="the table from --jsonl records")
    ap.add_argument("--ludii-src", default=os.environ.get("LUDII_SRC"))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--think-ms", type=int, default=1000)
    ap.add_argument("--games-only", default="callanish,alquerque")
    ap.add_argument("--agents", default="uct,ab")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jsonl", help="append every game's record to this file")
    ap.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    ap.add_argument("--cairn-side", choices=["white", "black"], help="Cairn's side in every game")
    ap.add_argument("--opening", help="turns played for both sides first, comma-separated")
    args = ap.parse_args()
    if args.summarise:
        summarise(args.summarise)
        return
    src = Path(args.ludii_src) if args.ludii_src else None
    if src is None or not (src / "AI" / "src").is_dir():
        sys.exit("give a checkout of github.com/Ludeme/Ludii (with AI/ and Features/) "
                 "with --ludii-src DIR or LUDII_SRC=DIR")
    root = HERE.parent.parent
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--bin", "cairn", "--no-default-features"],
                       cwd=root, check=True)
    cairn = Path(os.environ.get("CARGO_TARGET_DIR", root / "target")) / "release" / "cairn"
    cp = build(src)
    print(time.strftime("run of %Y-%m-%d %H:%M UTC", time.gmtime()))
    print(f"{args.games} games a pairing, {args.think_ms} ms a turn each side (wall time)\n")
    print(HEADER)
    for game in args.games_only.split(","):
        for agent in args.agents.split(","):
            records = play(cp, cairn, game, agent, args.games, args.think_ms, args.seed, args.jsonl,
                           line_properties(args))
            print(row(game, agent, records), flush=True)
            for r in records:
                if r["error"]:
                    print(f"    aborted game {r['index']}: {r['error']}")


if __name__ == "__main__":
    main()
