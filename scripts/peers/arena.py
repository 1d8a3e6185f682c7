#!/usr/bin/env python3
"""Two cairn builds play each other through `cairn engine` (src/engine_cmd.rs).

    arena.py NEW_BIN OLD_BIN GAME [key=value ...] [--games N] [--think-ms MS]
             [--player level:5] [--seed S]

Engine A (NEW_BIN) is White in even games and Black in odd ones; both
engines are told every turn, and only one thinks at a time. Prints one JSON
line: A's wins, draws and losses, its score and a 95% interval.
"""

import argparse
import json
import math
import subprocess
import sys
import time


class Engine:
    def __init__(self, binary, player):
        self.proc = subprocess.Popen(
            [binary, "engine", "--player", player],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().strip()
        if not reply or reply.startswith("error"):
            raise RuntimeError(f"`{line}` got `{reply}`")
        return reply

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        self.proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("new")
    ap.add_argument("old")
    ap.add_argument("game")
    ap.add_argument("options", nargs="*")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--think-ms", type=int, default=200)
    ap.add_argument("--player", default="level:5")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    a, b = Engine(args.new, args.player), Engine(args.old, args.player)
    wins = draws = losses = 0
    began = time.time()
    setup = " ".join([args.game] + args.options)
    for i in range(args.games):
        a_white = i % 2 == 0
        for e in (a, b):
            e.ask(f"new {setup}")
        seats = [a, b] if a_white else [b, a]  # seats[0] is White
        result = None
        for turn_no in range(2000):
            mover = seats[turn_no % 2]
            seed = args.seed ^ (i << 32) ^ turn_no
            reply = mover.ask(f"go {args.think_ms} {seed}")
            turn = reply.split(" ", 1)[1]
            ra, rb = a.ask(f"play {turn}"), b.ask(f"play {turn}")
            if ra != rb:
                raise RuntimeError(f"the engines disagree after {turn}: `{ra}` / `{rb}`")
            if ra.startswith("over"):
                result = ra.split()[1]
                break
        a_colour = "white" if a_white else "black"
        if result is None or result == "draw":
            draws += 1
        elif result == a_colour:
            wins += 1
        else:
            losses += 1
        print(f"game {i + 1}: A {a_colour}, result {result}; A {wins}-{draws}-{losses}",
              file=sys.stderr, flush=True)
    for e in (a, b):
        e.close()
    n = max(args.games, 1)
    score = (wins + draws / 2) / n
    half = 1.96 * math.sqrt(score * (1 - score) / n)
    print(json.dumps({
        "game": setup, "a": args.new, "b": args.old, "player": args.player,
        "think_ms": args.think_ms, "games": args.games, "wins": wins, "draws": draws,
        "losses": losses, "score": round(score, 4),
        "ci95": [round(max(0, score - half), 4), round(min(1, score + half), 4)],
        "seconds": round(time.time() - began, 1),
    }))


if __name__ == "__main__":
    main()
