#!/usr/bin/env python3
"""A/B of two coinwatch binaries in one run, interleaved: wall times and callgrind instructions.

Usage: bench/ab.py --a OLD_BINARY --b NEW_BINARY [--a-bench OLD_BENCH --b-bench NEW_BENCH] [--rounds 15]
                   [--no-callgrind] [--preload-a LIB] [--only CASE,CASE]

The cases are `make bench`'s everyday ones (`explain RULE`, `explain RULE COIN`, `silence list` on
the 10,000-pair state of 5000 favorites), its steady-state `--once` passes (10, 1000 and 5000
favorites against the loopback CoinGecko, no latency) and `--version`; with `--a-bench`/`--b-bench`
(two `coinwatch-bench` builds) also its backtest (10 days of minutes, 5 coins, 100 rules) and its rule
evaluation (100,000 rules over 5000 quotes, one evaluation after the untimed first). Each round runs every case
once with A and once with B, the order alternating round by round, so both see the same moments
of a shared machine; the peak RSS column is the median of the runs' `ru_maxrss`. Each binary passes over its own copy of each pass case's files (written by
one untimed warm-up pass of its own). Callgrind counts the instructions of one run per case and
binary (whole process, `--trace-children=no`). `--preload-a LIB` runs A with `LD_PRELOAD=LIB`
(used to price loading libcurl at start-up, as a linked libcurl would).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import time
from pathlib import Path

from run import CHANGE_THRESHOLD, coinwatch_rules
from servers import PriceServer, coin_id, coin_price

ROOT = Path(__file__).resolve().parent.parent
FAVORITES = 5000
PASS_SIZES = (10, 1000, 5000)


def wall_ms(argv: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    """The run's wall time in ms and its peak RSS in MiB, from GNU time as `bench/run.py` takes it (a child
    forked from this Python process would inherit its larger high-water mark across exec)."""
    rss_path = cwd / "ab-maxrss.txt"
    start = time.perf_counter()
    code = subprocess.call(["/usr/bin/time", "-q", "-f", "%M", "-o", str(rss_path)] + argv, cwd=cwd, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = (time.perf_counter() - start) * 1000
    if code != 0:
        raise SystemExit(f"ab: {' '.join(argv)} exited {code}")
    return elapsed, int(rss_path.read_text().split()[-1]) / 1024


def instructions(argv: list[str], cwd: Path, env: dict) -> int:
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv, cwd=cwd, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if not found:
        raise SystemExit(f"ab: callgrind gave no count for {' '.join(argv)}: {out.stderr[-400:]}")
    return int(found.group(1))


def everyday(folder: Path, binary: str, root: str, env: dict) -> list[str]:
    """The explain/silence fixture of `make bench` (bench/run.py run_everyday); its common arguments."""
    favorites = [coin_id(i) for i in range(1, FAVORITES + 1)]
    rules = [{"id": f"a{i}", "coin": coin_id(i), "when": {"above": round(coin_price(i) * 1.05, 6)}}
             for i in range(1, FAVORITES + 1)]
    rules.append({"id": "big-mover", "coin": "*", "when": {"change_24h_abs": CHANGE_THRESHOLD}})
    doc = {"interval": "1h", "providers": [{"name": "coingecko", "base_url": root, "cache_ttl": "1d"}],
           "favorites": favorites, "rules": rules,
           "sinks": {"log": {"type": "file", "path": str(folder / "alerts.jsonl")}}, "defaults": {"notify": ["log"]}}
    (folder / "rules.json").write_text(json.dumps(doc))
    common = ["--rules", str(folder / "rules.json"), "--state", str(folder / "state.json")]
    subprocess.run([binary, "--once", "-q"] + common, check=True, env=env, cwd=folder)
    for target in ("a1", "big-mover:coin-0002", coin_id(3)):
        subprocess.run([binary, "silence", "add", target, "--for", "7d", "-q"] + common, check=True, env=env, cwd=folder)
    return common


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument("--preload-a")
    parser.add_argument("--a-bench", help="A's coinwatch-bench (adds the backtest and rule evaluation cases)")
    parser.add_argument("--b-bench", help="B's coinwatch-bench")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--work", type=Path, default=ROOT / ".build" / "ab")
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    prices = PriceServer(FAVORITES)
    try:
        base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_COLOR": "1", "LANG": "C.UTF-8"}
        cases: dict[str, dict[str, tuple[list[str], Path, dict]]] = {}
        for side, binary in (("A", args.a), ("B", args.b)):
            env = dict(base)
            if side == "A" and args.preload_a:
                env["LD_PRELOAD"] = args.preload_a
            folder = args.work / side / "everyday"
            folder.mkdir(parents=True)
            common = everyday(folder, binary, prices.root, dict(env, HOME=str(folder)))
            home = dict(env, HOME=str(folder))
            for name, argv in (("explain RULE", ["explain", "a42"]),
                               ("explain RULE COIN", ["explain", "big-mover", coin_id(42)]),
                               ("silence list", ["silence", "list"])):
                cases.setdefault(name, {})[side] = ([binary] + argv + common, folder, home)
            cases.setdefault("--version", {})[side] = ([binary, "--version"], folder, home)
            for n in PASS_SIZES:
                folder = args.work / side / f"pass-{n}"
                folder.mkdir(parents=True)
                (folder / "rules.json").write_text(json.dumps(coinwatch_rules(n, prices.root, None)))
                argv = [binary, "--once", "--rules", str(folder / "rules.json"), "--state", str(folder / "state.json")]
                home = dict(env, HOME=str(folder), XDG_STATE_HOME=str(folder), XDG_CONFIG_HOME=str(folder))
                subprocess.run(argv, check=True, env=home, cwd=folder, stdout=subprocess.DEVNULL)
                cases.setdefault(f"--once, {n} favorites", {})[side] = (argv, folder, home)
            bench = args.a_bench if side == "A" else args.b_bench
            if bench:
                folder = args.work / side
                cases.setdefault("backtest 10 d x 5 coins x 100 rules", {})[side] = (
                    [bench, "--backtest", "10", "5", "20"], folder, dict(env))
                cases.setdefault("rule evaluation 100k rules x 5000 quotes", {})[side] = (
                    [bench, "--quotes", "5000", "--rules", "100000", "--repeat", "1"], folder, dict(env))
        if args.only:
            wanted = set(args.only.split(","))
            cases = {k: v for k, v in cases.items() if k in wanted}
        walls: dict[str, dict[str, list[float]]] = {name: {"A": [], "B": []} for name in cases}
        peaks: dict[str, dict[str, list[float]]] = {name: {"A": [], "B": []} for name in cases}
        for round_ in range(args.rounds + 1):
            order = ("A", "B") if round_ % 2 == 0 else ("B", "A")
            for name, sides in cases.items():
                for side in order:
                    argv, cwd, env = sides[side]
                    ms, mib = wall_ms(argv, cwd, env)
                    if round_ > 0:  # round 0 warms the page cache
                        walls[name][side].append(ms)
                        peaks[name][side].append(mib)
        counts: dict[str, dict[str, int]] = {}
        if not args.no_callgrind:
            for name, sides in cases.items():
                counts[name] = {side: instructions(*sides[side]) for side in ("A", "B")}
    finally:
        prices.close()
    print("| case | A ms median (min–max) | B ms median (min–max) | B/A wall | A instructions | B instructions | B/A instr "
          "| A / B peak MiB |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in cases:
        a, b = walls[name]["A"], walls[name]["B"]
        ma, mb = statistics.median(a), statistics.median(b)
        row = f"| {name} | {ma:.1f} ({min(a):.1f}–{max(a):.1f}) | {mb:.1f} ({min(b):.1f}–{max(b):.1f}) | {mb / ma:.2f} |"
        if name in counts:
            ia, ib = counts[name]["A"], counts[name]["B"]
            row += f" {ia / 1e6:.1f}M | {ib / 1e6:.1f}M | {ib / ia:.3f} |"
        else:
            row += " | | |"
        row += f" {statistics.median(peaks[name]['A']):.1f} / {statistics.median(peaks[name]['B']):.1f} |"
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
