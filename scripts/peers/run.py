#!/usr/bin/env python3
"""Peers of the Callanish, Alquerque, Fanorona, Sight and Collapse engines,
measured in one run.

1. perft: our plain-Python reference (ref_perft.py) against the release
   `cairn position <game> --perft d`, both timed in CPU seconds, from the
   start and from a mid-game position (the same turns for both).
2. random playouts: Ludii (LudiiPlayouts.java, uniform random moves, CPU
   time after a warm-up) against the criterion medians of
   `cargo bench -p cairn-ai --bench playouts`.
3. replay GIFs: lichess's lila-gif rendering its example game
   (LilaGifFrames.rs, CPU time per frame) against the criterion median of
   `replay_gif/callanish_100_turns` (`cargo bench -p cairn-render --bench
   render`), per frame.

    run.py [--ludii-src DIR] [--lila-gif-src DIR] [--skip-perft]
           [--skip-ludii] [--skip-gif] [--quick]

DIR is a checkout of github.com/Ludeme/Ludii (Common, Language and Core
are compiled with `javac -parameters` into $LUDII_BUILD or
/var/tmp/ludii-build); without it (or $LUDII_SRC) the Ludii part is skipped
with a message. The lila-gif DIR (or $LILA_GIF_SRC) is a checkout of
github.com/lichess-org/lila-gif: its render modules are compiled with
LilaGifFrames.rs into $LILA_GIF_BUILD or /var/tmp/lila-gif-build, with
the crate versions of its Cargo.lock, which cargo fetches from crates.io
the first time (the only download; without the checkout the part is
skipped). Expects CARGO_TARGET_DIR (or ./target) and runs from the
repository root.
"""

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))

# (label, ref_perft.py args, cairn position args, random turns, depth).
# Depths keep cairn's run well above its process start-up (about 2 ms of
# CPU), which the Python reference's own timing leaves out.
PERFT = [
    ("callanish 9x9 start", ["callanish", "9"], ["callanish", "size=9"], 0, 5),
    ("callanish 9x9 mid-game", ["callanish", "9"], ["callanish", "size=9"], 20, 4),
    ("fanorona tsivy start", ["fanorona", "tsivy"], ["fanorona", "board=tsivy"], 0, 6),
    ("fanorona tsivy mid-game", ["fanorona", "tsivy"], ["fanorona", "board=tsivy"], 12, 8),
    ("fanorona dimy start", ["fanorona", "dimy"], ["fanorona", "board=dimy"], 0, 7),
    ("fanorona dimy mid-game", ["fanorona", "dimy"], ["fanorona", "board=dimy"], 8, 9),
    ("sight start", ["sight"], ["sight"], 0, 6),
    ("sight mid-game", ["sight"], ["sight"], 6, 10),
    ("collapse ring start", ["collapse", "ring"], ["collapse", "setup=ring"], 0, 7),
    ("collapse ring mid-game", ["collapse", "ring"], ["collapse", "setup=ring"], 4, 9),
]

# (label, Ludii game file, Ludii option or ruleset, criterion playout bench id)
LUDII = [
    ("callanish 9x9", "Callanish.lud", "", "callanish"),
    ("alquerque (Murray = basic)", "Alquerque.lud", "Ruleset/Murray (Suggested)", "alquerque[rules=basic]"),
    ("fanorona tsivy", "Fanorona.lud", "", "fanorona"),
    ("fanorona dimy", "Fanorona.lud", "Version/Dimy", "fanorona[board=dimy]"),
]


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd, **kw):
    """Run cmd; its stdout and the CPU seconds it used."""
    before = child_cpu()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout
    return out, child_cpu() - before


def perft_peers(quick, only=None):
    cairn = TARGET / "release" / "cairn"
    print("## perft: plain Python reference vs cairn (CPU seconds, depths 1..d)")
    rows = []
    for label, ref_args, cairn_args, random_turns, depth in PERFT:
        if only and only not in label:
            continue
        if quick:
            depth -= 1
        ref_cmd = [sys.executable, str(HERE / "ref_perft.py"), *ref_args, str(depth)]
        if random_turns:
            ref_cmd += ["--random", str(random_turns)]
        out, _ = timed(ref_cmd)
        ref = json.loads(out)
        cmd = [str(cairn), "position", *cairn_args, "--perft", str(depth)]
        if ref["moves"]:
            cmd += ["--moves", ref["moves"]]
        out, seconds = timed(cmd)
        ours = json.loads(out)
        counts = {k: int(v) for k, v in ours["perft"].items()}
        agree = counts == ref["perft"]
        ratio = ref["seconds"] / max(seconds, 1e-9)
        rows.append((label, depth, ref["perft"][str(depth)], ref["seconds"], seconds, ratio, agree))
        print(f"{label:26} d{depth} perft {ref['perft'][str(depth)]:>11,}  python {ref['seconds']:8.2f} s"
              f"  cairn {seconds:7.3f} s  ratio {ratio:6.0f}x  {'agree' if agree else 'DISAGREE ' + str(counts)}",
              flush=True)
        if ref["moves"]:
            print(f"    moves: {ref['moves']}")
    return rows


def ludii_build(src):
    build = Path(os.environ.get("LUDII_BUILD", "/var/tmp/ludii-build"))
    classes, harness = build / "classes", build / "harness"
    libs = [src / "Common/lib/Trove4j_ApacheCommonsRNG.jar", src / "Common/lib/json-20180813.jar"]
    cp = ":".join(str(p) for p in libs)
    if not (classes / "other/GameLoader.class").exists():
        print(f"compiling Ludii (Common, Language, Core) into {classes} ...", flush=True)
        files = [str(p) for part in ("Common", "Language", "Core") for p in (src / part / "src").rglob("*.java")]
        listing = build / "files.txt"
        build.mkdir(parents=True, exist_ok=True)
        listing.write_text("\n".join(files))
        subprocess.run(["javac", "-J-Xmx3g", "-nowarn", "-parameters", "-encoding", "UTF-8",
                        "-d", str(classes), "-cp", cp, f"@{listing}"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["javac", "-d", str(harness), "-cp", str(classes), str(HERE / "LudiiPlayouts.java")],
                   check=True)
    return ":".join([str(harness), str(classes), str(src / "Common/res"), cp])


def criterion_median(bench_id):
    path = TARGET / "criterion" / "playout" / bench_id / "new" / "estimates.json"
    if not path.exists():
        # criterion replaces some characters of ids in directory names
        safe = re.sub(r"[^A-Za-z0-9_.\-]", "_", bench_id)
        path = TARGET / "criterion" / "playout" / safe / "new" / "estimates.json"
    return json.loads(path.read_text())["median"]["point_estimate"]


def ludii_peers(src, quick):
    print("\n## random playouts: Ludii vs cairn (criterion medians), same run")
    cp = ludii_build(src)
    warm, measure = ("2", "4") if quick else ("5", "10")
    ludii = {}
    for label, lud, choice, _ in LUDII:
        out = subprocess.run(["java", "-cp", cp, "LudiiPlayouts", lud, choice, warm, measure],
                             check=True, capture_output=True, text=True).stdout
        rate = float(re.search(r"([\d.]+) playouts per CPU-second", out).group(1))
        ludii[label] = rate
        print(f"  ludii {out.strip()}", flush=True)
    ids = "|".join(re.escape(b) for *_, b in LUDII)
    subprocess.run(["cargo", "bench", "-p", "cairn-ai", "--bench", "playouts", "--", f"^playout/({ids})$"],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows = []
    for label, _, _, bench_id in LUDII:
        ns = criterion_median(bench_id)
        ours = 1e9 / ns
        ratio = ours / ludii[label]
        rows.append((label, ludii[label], ns, ours, ratio))
        print(f"{label:28} ludii {ludii[label]:9,.0f}/s  cairn {ns / 1000:7.2f} us = {ours:11,.0f}/s  ratio {ratio:6.0f}x")
    return rows


# lila-gif's dependencies that its renderer does not use (the web server).
LILA_GIF_SERVER = {"axum", "tokio", "clap", "futures", "tikv-jemallocator", "listenfd"}


def lila_gif_build(src):
    """Build LilaGifFrames.rs against the checkout `src`; the binary."""
    import tomllib
    build = Path(os.environ.get("LILA_GIF_BUILD", "/var/tmp/lila-gif-build"))
    (build / "src").mkdir(parents=True, exist_ok=True)
    manifest = tomllib.loads((src / "Cargo.toml").read_text())
    deps = []
    for name, spec in manifest["dependencies"].items():
        if name in LILA_GIF_SERVER:
            continue
        if isinstance(spec, str):
            deps.append(f'{name} = "{spec}"')
        else:
            feats = ", ".join(f'"{f}"' for f in spec.get("features", []))
            deps.append(f'{name} = {{ version = "{spec["version"]}", features = [{feats}] }}')
    deps.append('libc = "0.2"')
    (build / "Cargo.toml").write_text(
        '[package]\nname = "lila-gif-frames"\nversion = "0.0.0"\npublish = false\n'
        f'edition = "{manifest["package"].get("edition", "2021")}"\n\n'
        "[dependencies]\n" + "\n".join(deps) + "\n\n"
        "[profile.release]\nlto = true\n\n[workspace]\n")
    lock = build / "Cargo.lock"
    if not lock.exists():
        lock.write_text((src / "Cargo.lock").read_text())
    main_rs = (HERE / "LilaGifFrames.rs").read_text().replace("LILA_GIF_SRC", str(src.resolve()))
    (build / "src" / "main.rs").write_text(main_rs)
    env = dict(os.environ, CARGO_TARGET_DIR=str(build / "target"))
    print(f"building lila-gif's renderer in {build} ...", flush=True)
    subprocess.run(["cargo", "build", "--release"], cwd=build, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return build / "target" / "release" / "lila-gif-frames"


def criterion_estimate(group, bench_id):
    path = TARGET / "criterion" / group / bench_id / "new" / "estimates.json"
    return json.loads(path.read_text())["median"]["point_estimate"]


def gif_peers(src, quick):
    print("\n## replay GIFs: lila-gif vs cairn (CPU time a frame), same run")
    binary = lila_gif_build(src)
    runs = "10" if quick else "30"
    out = subprocess.run([str(binary), runs], check=True, capture_output=True, text=True).stdout
    print(f"  {out.strip()}", flush=True)
    lila = float(re.search(r"= ([\d.]+) ms a frame", out).group(1))
    bench = subprocess.run(
        ["cargo", "bench", "-p", "cairn-render", "--bench", "render", "--",
         "^replay_gif/callanish_100_turns$"],
        cwd=ROOT, check=True, capture_output=True, text=True)
    size = re.search(r"replay callanish 13x13: (\d+) frames, (\d+) bytes", bench.stderr)
    frames, size_bytes = int(size.group(1)), int(size.group(2))
    ms = criterion_estimate("replay_gif", "callanish_100_turns") / 1e6
    print(f"  cairn: {frames} frames (Callanish 13 x 13, 100 turns), {size_bytes} bytes, "
          f"median {ms:.1f} ms of CPU = {ms / frames:.3f} ms a frame")
    print(f"cairn / lila-gif per frame: {ms / frames / lila:.2f}")
    return lila, ms / frames


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ludii-src", default=os.environ.get("LUDII_SRC"))
    ap.add_argument("--lila-gif-src", default=os.environ.get("LILA_GIF_SRC"))
    ap.add_argument("--skip-perft", action="store_true")
    ap.add_argument("--skip-ludii", action="store_true")
    ap.add_argument("--skip-gif", action="store_true")
    ap.add_argument("--quick", action="store_true", help="shallower perft, shorter Ludii timing")
    ap.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    ap.add_argument("--only", help="perft cases whose label contains this text")
    args = ap.parse_args()
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--no-default-features"], cwd=ROOT, check=True)
    print(time.strftime("run of %Y-%m-%d %H:%M UTC", time.gmtime()))
    if not args.skip_perft:
        perft_peers(args.quick, args.only)
    if not args.skip_ludii:
        src = Path(args.ludii_src) if args.ludii_src else None
        if src is None or not (src / "Core" / "src").is_dir():
            print("\nLudii skipped: give a checkout of github.com/Ludeme/Ludii with --ludii-src DIR "
                  "or LUDII_SRC=DIR (nothing is downloaded here).")
        else:
            ludii_peers(src, args.quick)
    if not args.skip_gif:
        src = Path(args.lila_gif_src) if args.lila_gif_src else None
        if src is None or not (src / "src" / "render.rs").is_file():
            print("\nlila-gif skipped: give a checkout of github.com/lichess-org/lila-gif with "
                  "--lila-gif-src DIR or LILA_GIF_SRC=DIR.")
        else:
            gif_peers(src, args.quick)


if __name__ == "__main__":
    main()
