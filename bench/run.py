#!/usr/bin/env python3
"""`make bench`: coinwatch --once passes against loopback servers, side by side with coinwatch-cli 0.1.0.

Usage: bench/run.py --bin .build/release/coinwatch --micro .build/release/coinwatch-bench
                    [--runs 7] [--out BENCHMARKS.md] [--save-baseline FILE] [--from-results FILE]

Each case: one untimed warm-up pass (it writes the state a cron job would find), then --runs
timed passes. Wall time is measured around the child process; peak RSS is the child's
peak RSS as GNU time reports it (getrusage); requests are counted at the loopback servers.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from servers import PriceServer, WebhookReceiver, coin_id, coin_price

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SIZES = [10, 100, 1000, 5000]
CHANGE_THRESHOLD = 19.0      # the wildcard rule: |24h change| >= 19 % (about 5 % of the coins)
WEBHOOK_FAVORITES = 100
WEBHOOK_SINKS = 6
WEBHOOK_DELAY = 0.3
PEER_VERSION = "0.1.0"


# ---------------------------------------------------------------- the peer's virtual environment

def ensure_peer(work: Path) -> Path:
    """The venv's python with coinwatch-cli installed (installed when missing)."""
    venv = work / "peer-venv"
    python = venv / "bin" / "python"
    if not (venv / "bin" / "coinwatch").exists():
        print(f"bench: installing coinwatch-cli=={PEER_VERSION} into {venv}", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                        f"coinwatch-cli=={PEER_VERSION}"], check=True)
    return python


# ---------------------------------------------------------------- configurations

def coinwatch_rules(n: int, root: str, hooks: list[str] | None) -> dict:
    """Two price rules per favorite (above +5 %, below -5 %: quiet) and one wildcard 24h-change rule."""
    favorites = [coin_id(i) for i in range(1, n + 1)]
    rules = []
    for i in range(1, n + 1):
        rules.append({"id": f"a{i}", "coin": coin_id(i), "when": {"above": round(coin_price(i) * 1.05, 6)}})
        rules.append({"id": f"b{i}", "coin": coin_id(i), "when": {"below": round(coin_price(i) * 0.95, 6)}})
    big = {"id": "big-mover", "coin": "*", "when": {"change_24h_abs": CHANGE_THRESHOLD}}
    sinks = {}
    if hooks:
        big["notify"] = [f"hook-{k}" for k in range(1, len(hooks) + 1)]
        for k, url in enumerate(hooks, 1):
            sinks[f"hook-{k}"] = {"type": "webhook", "format": "slack", "url": url, "group": True}
    rules.append(big)
    doc = {"vs_currency": "usd",
           "providers": [{"name": "coingecko", "base_url": root, "cache_ttl": "0s"}],
           "favorites": favorites, "rules": rules}
    if sinks:
        doc["sinks"] = sinks
    return doc


def peer_config(n: int, discord: str | None, telegram: bool) -> str:
    """The same watchlist and equivalent rules in coinwatch-cli's config.toml."""
    lines = ["[watchlist]"]
    lines += [f'"{coin_id(i)}" = "C{i:04d}"' for i in range(1, n + 1)]
    lines += ["", "[thresholds]", f"change_pct_alert = {CHANGE_THRESHOLD}", "volume_spike_pct = 0.0"]
    above = ", ".join(f'"{coin_id(i)}" = {round(coin_price(i) * 1.05, 6)}' for i in range(1, n + 1))
    below = ", ".join(f'"{coin_id(i)}" = {round(coin_price(i) * 0.95, 6)}' for i in range(1, n + 1))
    lines += [f"price_above = {{ {above} }}", f"price_below = {{ {below} }}", "", "[notify]", "log = true"]
    if discord:
        lines.append(f'discord_webhook = "{discord}"')
    if telegram:
        lines += ['telegram_token = "123:bench"', 'telegram_chat_id = "42"']
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- measuring

def run_once(argv: list[str], cwd: Path, env: dict, cpu: list | None = None) -> tuple[float, int, int, str]:
    """Wall seconds, peak RSS in KiB, exit status, stderr of one child run; the child's CPU seconds
    (user + system) appended to `cpu` when given.

    The child is started by GNU time (`/usr/bin/time -f '%M %U %S'`), a 2 MiB process: a child forked from
    this Python process would inherit its (much larger) high-water mark in ru_maxrss across exec.
    """
    err_path, rss_path = cwd / "stderr.txt", cwd / "maxrss.txt"
    with open(err_path, "wb") as err:
        start = time.perf_counter()
        code = subprocess.call(["/usr/bin/time", "-q", "-f", "%M %U %S", "-o", str(rss_path)] + argv, cwd=cwd, env=env,
                               stdout=subprocess.DEVNULL, stderr=err)
        wall = time.perf_counter() - start
    peak, user, system = rss_path.read_text().split()[-3:]
    if cpu is not None:
        cpu.append(float(user) + float(system))
    return wall, int(peak), code, err_path.read_text(errors="replace")


def measure(name: str, argv: list[str], cwd: Path, env: dict, runs: int, counters: list,
            state: Path, before_each=None) -> dict:
    """Warm-up, then `runs` timed runs; fails loudly when a run exits non-zero."""
    walls, rss, requests = [], [], []
    for attempt in range(runs + 1):
        if before_each:
            before_each()
        for counter in counters:
            counter.reset()
        wall, peak, code, err = run_once(argv, cwd, env)
        if code != 0:
            raise SystemExit(f"bench: {name} exited {code}: {err.strip()[:400]}")
        if attempt == 0:
            continue
        walls.append(wall * 1000)
        rss.append(peak / 1024)
        requests.append(sum(c.total() for c in counters))
    return {"median_ms": statistics.median(walls), "min_ms": min(walls), "max_ms": max(walls),
            "requests": max(requests), "rss_mib": max(rss),
            "state_kib": state.stat().st_size / 1024 if state.exists() else 0.0}


def run_cases(args, prices: PriceServer, hooks: WebhookReceiver, peer_python: Path, work: Path) -> list[dict]:
    base_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_COLOR": "1", "LANG": "C.UTF-8"}
    dead = "http://127.0.0.1:9"  # the discard port: nothing listens, connections are refused
    cases = []
    plan = [(n, latency, False) for latency in (0.0, 0.05) for n in SIZES] + [(WEBHOOK_FAVORITES, 0.0, True)]
    for n, latency, webhooks in plan:
        label = f"{n} favorites, " + (f"{WEBHOOK_SINKS} webhooks answering in {int(WEBHOOK_DELAY * 1000)} ms"
                                      if webhooks else f"{int(latency * 1000)} ms server latency")
        print(f"bench: {label}", flush=True)
        prices.latency = latency
        case_dir = work / "cases" / f"{n}-{int(latency * 1000)}{'-hooks' if webhooks else ''}"
        shutil.rmtree(case_dir, ignore_errors=True)
        ours_dir, peer_dir = case_dir / "coinwatch", case_dir / "peer"
        ours_dir.mkdir(parents=True)
        peer_dir.mkdir(parents=True)
        env = dict(base_env, HOME=str(ours_dir), XDG_STATE_HOME=str(ours_dir), XDG_CONFIG_HOME=str(ours_dir))

        urls = [hooks.url(f"/hook/{k}") for k in range(1, WEBHOOK_SINKS + 1)] if webhooks else None
        (ours_dir / "rules.json").write_text(json.dumps(coinwatch_rules(n, prices.root, urls)))
        state = ours_dir / "state.json"
        # The webhook case starts each pass without state, so the wildcard rule fires (and posts) every time.
        reset = (lambda: state.unlink(missing_ok=True)) if webhooks else None
        ours = measure(f"coinwatch ({label})",
                       [str(args.bin), "--once", "--rules", str(ours_dir / "rules.json"), "--state", str(state)],
                       ours_dir, env, args.runs, [prices.counter, hooks.counter], state, reset)

        (peer_dir / "config.toml").write_text(
            peer_config(n, hooks.url("/discord") if webhooks else None, webhooks))
        peer_env = dict(base_env, HOME=str(peer_dir), BENCH_COINGECKO=prices.root, BENCH_DEAD=dead,
                        BENCH_TELEGRAM=hooks.url("").rstrip("/"), PYTHONDONTWRITEBYTECODE="")
        peer_state = peer_dir / ".coinwatch_state.json"
        peer = measure(f"coinwatch-cli ({label})",
                       [str(peer_python), str(HERE / "peer.py"), "--config", str(peer_dir / "config.toml"), "check"],
                       peer_dir, peer_env, args.runs, [prices.counter, hooks.counter], peer_state)
        cases.append({"favorites": n, "latency_ms": int(latency * 1000), "webhooks": WEBHOOK_SINKS if webhooks else 0,
                      "label": label, "coinwatch": ours, "peer": peer})
    return cases


MICRO_RULES = (25_000, 50_000, 100_000, 200_000)


class _Counter:
    """Requests seen by the history case's file server."""
    def __init__(self):
        self.count = 0

    def reset(self):
        self.count = 0

    def total(self):
        return self.count


def run_history(args, work: Path) -> dict:
    """Issue #15: `show bitcoin --range 1y` from a warm history store (and card cache) next to
    `coinwatch --version`, then `coinwatch-bench --history` (store size, read-back of 129,600 candles)."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    print("bench: history (show --range 1y from a warm store; coinwatch-bench --history)", flush=True)
    folder = work / "history"
    shutil.rmtree(folder, ignore_errors=True)
    www = folder / "www"
    (www / "api/v3/coins/bitcoin").mkdir(parents=True)
    markets = json.loads((ROOT / "Fixtures/real/coingecko/coins-markets_vs-usd_ids-bitcoin_2021-05-15.json").read_text())
    markets[0]["sparkline_in_7d"] = {"price": [44000 + 60 * i for i in range(168)]}  # so the card is cached too
    (www / "api/v3/coins/markets").write_text(json.dumps(markets))
    shutil.copy(ROOT / "Fixtures/real/history/coingecko-market-chart_terra-luna_vs-usd_days-max_interval-daily_2022-07-06.json",
                www / "api/v3/coins/bitcoin/market_chart")
    counter = _Counter()

    class Handler(SimpleHTTPRequestHandler):
        def do_GET(self):
            counter.count += 1
            super().do_GET()

        def log_message(self, *a):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(www)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        root = f"http://127.0.0.1:{server.server_address[1]}/api/v3"
        rules = folder / "rules.json"
        rules.write_text(json.dumps({"providers": [{"name": "coingecko", "base_url": root, "cache_ttl": "1h"}],
                                     "favorites": ["bitcoin"]}))
        state = folder / "state.json"
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_COLOR": "1", "LANG": "C.UTF-8",
               "HOME": str(folder), "COINWATCH_CACHE": str(folder / "cache")}
        show = measure("show bitcoin --range 1y (warm store)",
                       [str(args.bin), "show", "bitcoin", "--range", "1y", "--rules", str(rules), "--state", str(state)],
                       folder, env, args.runs, [counter], state)
        version = measure("coinwatch --version", [str(args.bin), "--version"], folder, env, args.runs, [], state)
    finally:
        server.shutdown()
    out = subprocess.run([str(args.micro), "--history", str(folder)], check=True, capture_output=True, text=True).stdout
    store = json.loads(out.strip().splitlines()[-1])
    return {"show_1y": show, "version": version, **store}


SINK_KINDS = ["slack", "discord", "telegram", "ntfy", "teams", "pushover", "gotify", "matrix"]
COMMAND_SECONDS = 0.3


class SMTPServer:
    """The tests' SMTP server (Tests/servers/smtp_server.py, aiosmtpd from `make test-python`'s venv),
    STARTTLS required, answering each message's data after `delay` seconds."""

    def __init__(self, folder: Path, delay: float) -> None:
        python = ROOT / ".build" / "test-python" / "bin" / "python3"
        if subprocess.call([str(python), "-c", "import aiosmtpd"], stderr=subprocess.DEVNULL) != 0:
            raise SystemExit("bench: no aiosmtpd in .build/test-python (run 'make test-python')")
        folder.mkdir(parents=True, exist_ok=True)
        self.certificate, key = folder / "cert.pem", folder / "key.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                        "-nodes", "-keyout", str(key), "-out", str(self.certificate), "-days", "2",
                        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.folder = folder
        self.process = subprocess.Popen([str(python), str(ROOT / "Tests" / "servers" / "smtp_server.py"), str(folder),
                                         "accept", "starttls", str(self.certificate), str(key), "", "", str(delay), "900"],
                                        stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())

    def messages(self) -> int:
        return len(list(self.folder.glob("*.eml")))

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def run_sinks(args, work: Path) -> dict:
    """Issue #20: one alert to 10 sinks of 10 kinds (eight webhook formats, a command and an email),
    each answering in 300 ms, against the same pass with no sink; and the command sink's own overhead:
    a pass whose only sink runs `sleep 0.3`, minus the same pass without it, minus sleep's own run time."""
    print("bench: 10 sinks of 10 kinds answering in 300 ms; the command sink's overhead", flush=True)
    folder = work / "sinks"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    prices = PriceServer(1)
    hooks = WebhookReceiver(WEBHOOK_DELAY)
    smtp = SMTPServer(folder / "smtp", WEBHOOK_DELAY)
    sleep = shutil.which("sleep") or "/bin/sleep"
    extra = {"telegram": {"chat_id": 1}, "pushover": {"token": "t", "user": "u"}, "gotify": {"token": "t"},
             "matrix": {"token": "t", "room": "!r:bench"}}
    try:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": str(folder)}

        def case(name: str, sinks: dict) -> dict:
            case_dir = folder / name
            case_dir.mkdir()
            doc = {"providers": [{"name": "coingecko", "base_url": prices.root, "cache_ttl": "0s"}],
                   "favorites": [coin_id(1)],
                   "rules": [{"id": "any", "coin": coin_id(1), "when": {"above": 0}, "notify": list(sinks) or ["quiet"]}],
                   "sinks": sinks or {"quiet": {"type": "file", "path": str(case_dir / "alerts.jsonl")}}}
            (case_dir / "rules.json").write_text(json.dumps(doc))
            state = case_dir / "state.json"
            return measure(f"coinwatch ({name})",
                           [str(args.bin), "--once", "--rules", str(case_dir / "rules.json"), "--state", str(state)],
                           case_dir, env, args.runs, [hooks.counter], state, lambda: state.unlink(missing_ok=True))

        kinds = {f"{k}": {"type": "webhook", "format": k, "url": hooks.url(f"/{k}"), **extra.get(k, {})} for k in SINK_KINDS}
        kinds["run"] = {"type": "command", "argv": [sleep, str(WEBHOOK_DELAY)]}
        kinds["mail"] = {"type": "email", "url": f"smtp://127.0.0.1:{smtp.port}", "from": "coinwatch <bench@example.org>",
                         "to": ["me@example.org"], "ca_file": str(smtp.certificate)}
        baseline = case("no-sink", {})
        before = smtp.messages()
        ten = case("ten-kinds", kinds)
        ten["mails"] = smtp.messages() - before
        if ten["mails"] != args.runs + 1:
            raise SystemExit(f"bench: the email sink delivered {ten['mails']} mails in {args.runs + 1} passes")
        command = case("command", {"run": {"type": "command", "argv": [sleep, str(COMMAND_SECONDS)]}})
        own = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run([sleep, str(COMMAND_SECONDS)], check=True)
            own.append((time.perf_counter() - start) * 1000)
    finally:
        prices.close()
        hooks.close()
        smtp.close()
    overhead = command["median_ms"] - baseline["median_ms"] - statistics.median(own)
    return {"no_sink": baseline, "ten_kinds": ten, "command": command, "sleep_own_median_ms": statistics.median(own),
            "command_overhead_ms": overhead,
            "command_overhead_min_ms": command["min_ms"] - baseline["min_ms"] - min(own)}


EVERYDAY_FAVORITES = 5000


def run_everyday(args, work: Path) -> dict:
    """Issue #19: `explain` and `silence list` on a 10,000-pair state (5000 favorites, one rule each and a
    wildcard rule; 5000 cached quotes), written by one real pass against the loopback price server."""
    print("bench: explain and silence list on a 10,000-pair state", flush=True)
    folder = work / "everyday"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    prices = PriceServer(EVERYDAY_FAVORITES)
    try:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": str(folder)}
        favorites = [coin_id(i) for i in range(1, EVERYDAY_FAVORITES + 1)]
        rules = [{"id": f"a{i}", "coin": coin_id(i), "when": {"above": round(coin_price(i) * 1.05, 6)}}
                 for i in range(1, EVERYDAY_FAVORITES + 1)]
        rules.append({"id": "big-mover", "coin": "*", "when": {"change_24h_abs": CHANGE_THRESHOLD}})
        doc = {"interval": "1h", "providers": [{"name": "coingecko", "base_url": prices.root, "cache_ttl": "1d"}],
               "favorites": favorites, "rules": rules,
               "sinks": {"log": {"type": "file", "path": str(folder / "alerts.jsonl")}},
               "defaults": {"notify": ["log"]}}
        rules_path, state = folder / "rules.json", folder / "state.json"
        rules_path.write_text(json.dumps(doc))
        common = ["--rules", str(rules_path), "--state", str(state)]
        subprocess.run([str(args.bin), "--once", "-q"] + common, check=True, env=env, cwd=folder)
        for target in ("a1", "big-mover:coin-0002", coin_id(3)):
            subprocess.run([str(args.bin), "silence", "add", target, "--for", "7d", "-q"] + common, check=True,
                           env=env, cwd=folder)
        results = {"pairs": 2 * EVERYDAY_FAVORITES, "state_kib": state.stat().st_size / 1024}
        cases = {"explain_rule": ["explain", "a42"], "explain_pair": ["explain", "big-mover", coin_id(42)],
                 "silence_list": ["silence", "list"]}
        for name, argv in cases.items():
            results[name] = measure(f"coinwatch {' '.join(argv)}", [str(args.bin)] + argv + common, folder, env,
                                    args.runs, [prices.counter], state)
    finally:
        prices.close()
    return results


LOG_MIB = 100


def run_log(args, work: Path) -> dict:
    """Issue #36: `coinwatch log --limit 20` on a 100 MB alert log (alert records as a file sink writes them,
    a sixth of them resolved, every fiftieth an undelivered record); and, for the record, `--since 1h`, which reads it all."""
    print(f"bench: coinwatch log on a {LOG_MIB} MB alert log", flush=True)
    folder = work / "log"
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "alerts.jsonl"
    if not log.exists() or log.stat().st_size < LOG_MIB * 1_000_000:
        start = 1_700_000_000
        with open(log, "w") as out:
            i = 0
            while out.tell() < LOG_MIB * 1_000_000:
                coin = coin_id(i % 5000 + 1)
                status = "resolved" if i % 6 == 5 else "firing"
                stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + i * 30))
                record = {"id": f"{i:016x}", "time": stamp, "rule": f"a{i % 5000 + 1}", "coin": coin,
                          "symbol": coin[-4:].upper(), "name": coin.title(), "vs": "usd", "condition": "above",
                          "threshold": 100.5, "price": 101.25, "previous": 99.5, "change_24h": 2.31, "status": status,
                          "provider": "coingecko",
                          "message": f"{coin[-4:].upper()} is above $100.50 — now $101.25 (+2.31% 24h)",
                          "url": f"https://www.coingecko.com/en/coins/{coin}"}
                if i % 50 == 49:
                    record["undelivered"] = {"sink": "chat", "reason": "expired", "time": stamp}
                out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
                i += 1
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": str(folder),
           "TZ": "UTC"}
    results = {"log_mb": log.stat().st_size / 1_000_000}
    cases = {"limit": ["log", "--file", str(log), "--limit", "20"],
             "since": ["log", "--file", str(log), "--since", "1h"]}
    for name, argv in cases.items():
        results[name] = measure(f"coinwatch {' '.join(argv)}", [str(args.bin)] + argv, folder, env,
                                args.runs if name == "limit" else min(args.runs, 3), [], log)
    return results


def log_targets(log: dict | None) -> list[tuple[str, str, bool | None]]:
    """(target, measured, met) for issue #36's speed target, and the whole-file read for the record."""
    if not log or "limit" not in log:
        return []
    r, whole = log["limit"], log["since"]
    return [(f"`log --limit 20` on a {log['log_mb']:.0f} MB log: ≤ 100 ms", f"{fmt_ms(r)} ms, {r['rss_mib']:.0f} MiB peak",
             r["median_ms"] <= 100),
            (f"`log --since 1h` on the same log (reads it all, prints nothing)",
             f"{fmt_ms(whole)} ms, {whole['rss_mib']:.0f} MiB peak", None)]


def everyday_targets(everyday: dict | None) -> list[tuple[str, str, bool | None]]:
    """(target, measured, met) for the speed target of issue #19 this case measures."""
    if not everyday or "silence_list" not in everyday:
        return []
    rows = []
    for name, label in (("explain_rule", "explain RULE"), ("explain_pair", "explain RULE COIN"),
                        ("silence_list", "silence list")):
        r = everyday[name]
        rows.append((f"`{label}` on a {everyday['pairs']:,}-pair state: ≤ 30 ms",
                     f"{fmt_ms(r)} ms ({everyday['state_kib']:.0f} KiB state, {r['requests']} requests)",
                     r["median_ms"] <= 30))
    return rows


def sinks_targets(sinks: dict | None) -> list[tuple[str, str, bool | None]]:
    """(target, measured, met) for the speed targets of issue #20."""
    if not sinks or "ten_kinds" not in sinks:
        return []
    ten, none = sinks["ten_kinds"], sinks["no_sink"]
    return [
        ("10 sinks of 10 kinds answering in 300 ms, one alert each: ≤ 800 ms wall",
         f"{fmt_ms(ten)} ms ({ten['requests']} webhook requests, a command and {ten.get('mails', 0)} mails over STARTTLS; "
         f"the same pass without a sink {fmt_ms(none)} ms)",
         ten["median_ms"] <= 800),
        ("the command sink adds ≤ 5 ms beyond the command's own run time",
         f"{sinks['command_overhead_ms']:.1f} ms (pass {fmt_ms(sinks['command'])} ms − no-sink pass "
         f"{none['median_ms']:.0f} ms − sleep's own {sinks['sleep_own_median_ms']:.0f} ms; "
         f"from the fastest runs {sinks.get('command_overhead_min_ms', 0):.1f} ms)",
         sinks["command_overhead_ms"] <= 5),
    ]


def history_targets(history: dict | None) -> list[tuple[str, str, bool | None]]:
    """(target, measured, met) for the speed targets of issue #15."""
    if not history or "show_1y" not in history:
        return []
    show, version = history["show_1y"], history["version"]
    mb = history["history_store_bytes"] / 1_000_000
    return [
        ("`show bitcoin --range 1y` from a warm store ≤ 30 ms", f"{fmt_ms(show)} ms, {show['requests']} requests",
         show["median_ms"] <= 30 and show["requests"] == 0),
        ("… and under 2× `coinwatch --version`", f"--version {fmt_ms(version)} ms: {show['median_ms'] / version['median_ms']:.1f}×",
         show["median_ms"] < 2 * version["median_ms"]),
        ("reading back 90 days of 1-minute candles (129,600) ≤ 50 ms",
         f"{history['history_read_median_ms']:.1f} ms (min {history['history_read_min_ms']:.1f})",
         history["history_read_median_ms"] <= 50),
        ("1 year of hourly candles for 100 coins < 50 MB", f"{mb:.1f} MB", mb < 50),
        ("(not a target) Binance requests to fill that", f"{history['history_fill_binance_requests_per_coin']} per coin "
         f"(8,760 candles, 1,000 a request), {100 * history['history_fill_binance_requests_per_coin']} in all", None),
    ]


WATCH_FAVORITES = 100


def run_watch(args, work: Path) -> dict:
    """Issue #19: `coinwatch watch --once` over 100 favorites from a warm cache (the untimed run fills
    it: `cache_ttl` 1h, `--interval` 1h), then `coinwatch-bench --watch` (the live view's redraw CPU)."""
    print("bench: watch (watch --once over a warm cache; coinwatch-bench --watch)", flush=True)
    folder = work / "watch"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    prices = PriceServer(WATCH_FAVORITES)
    try:
        doc = coinwatch_rules(WATCH_FAVORITES, prices.root, None)
        doc["providers"][0]["cache_ttl"] = "1h"
        (folder / "rules.json").write_text(json.dumps(doc))
        state = folder / "state.json"
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_COLOR": "1", "LANG": "C.UTF-8", "HOME": str(folder)}
        once = measure(f"watch --once ({WATCH_FAVORITES} favorites, warm cache)",
                       [str(args.bin), "watch", "--once", "--interval", "1h", "--rules", str(folder / "rules.json"),
                        "--state", str(state)], folder, env, args.runs, [prices.counter], state)
    finally:
        prices.close()
    out = subprocess.run([str(args.micro), "--watch", str(WATCH_FAVORITES), "200"], check=True,
                         capture_output=True, text=True).stdout
    return {"once": once, **json.loads(out.strip().splitlines()[-1])}


def watch_targets(watch: dict | None) -> list[tuple[str, str, bool | None]]:
    """(target, measured, met) for the watch speed targets of issue #19."""
    if not watch or "once" not in watch:
        return []
    once = watch["once"]
    return [
        (f"`watch --once` over {WATCH_FAVORITES} favorites from a warm cache ≤ 30 ms wall",
         f"{fmt_ms(once)} ms, {once['requests']} requests", once["median_ms"] <= 30 and once["requests"] == 0),
        (f"a live redraw of {watch['favorites']} rows ≤ 5 ms CPU",
         f"{watch['redraw_cpu_ms']:.2f} ms (max {watch['redraw_cpu_max_ms']:.2f}; {watch['frame_bytes']:,} bytes a frame, "
         f"200×120, color); a refresh's table build + redraw {watch['refresh_cpu_ms']:.2f} ms",
         watch["redraw_cpu_ms"] <= 5),
    ]


CHART_ALERTS, CHART_COINS = 10, 3


def run_chart(args, work: Path) -> dict:
    """Issue #33: `coinwatch-bench --chart 30`: a 30-day chart image (720 hourly points, a threshold,
    the alert's marker) rendered once cold, then 30 times warm; and a `--once` pass with 10 charted
    alerts for 3 coins (history cached) against the same without charts."""
    print("bench: chart image (coinwatch-bench --chart)", flush=True)
    out = subprocess.run([str(args.micro), "--chart", "30"], check=True, capture_output=True, text=True).stdout
    found = json.loads(out.strip().splitlines()[-1])
    found["pass"] = run_chart_pass(args, work)
    return found


def run_chart_pass(args, work: Path) -> dict:
    """A `--once` pass raising 10 alerts for 3 coins to a Telegram sink answering at once, with
    `"chart": "1d"` and without, interleaved in one run (each round runs both, the order alternating
    round by round, so both see the same moments of a shared machine): each timed pass starts from
    no state (so the 10 rules fire again) over its case's history store, which an untimed warm-up
    pass filled (history cached). Then callgrind counts each case's instructions (one pass, the
    whole process) when valgrind is installed. With `--chart-a OLD`, OLD's two cases join the
    rounds (an A/B of the charted pass; OLD's figures under "a")."""
    import math
    import threading
    import urllib.parse
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    from servers import _market
    print(f"bench: a --once pass with {CHART_ALERTS} charted alerts for {CHART_COINS} coins, against the same without charts"
          " (interleaved)", flush=True)
    folder = work / "chart-pass"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    history = _Counter()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(url.query)
            if url.path.endswith("/coins/markets"):
                ids = [i for i in ",".join(query.get("ids", [])).split(",") if i]
                body = json.dumps([_market(i) for i in range(1, CHART_COINS + 1) if coin_id(i) in ids])
            elif url.path.endswith("/market_chart"):
                history.count += 1
                index = next((i for i in range(1, CHART_COINS + 1) if f"/coins/{coin_id(i)}/" in url.path), 1)
                days = float(query.get("days", ["1"])[0]) if query.get("days", ["1"])[0] != "max" else 365.0
                now = int(time.time() * 1000)
                step = 300_000 if days <= 1 else 3_600_000
                times = range(now - int(days * 86_400_000), now, step)
                prices = [[t, coin_price(index) * (1 + 0.03 * math.sin(t / 7_200_000))] for t in times]
                body = json.dumps({"prices": prices, "market_caps": [[t, 1e9] for t, _ in prices],
                                   "total_volumes": [[t, 1e7] for t, _ in prices]})
            else:
                self.send_response(404)
                self.end_headers()
                return
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    hooks = WebhookReceiver(0)
    binaries = {"": args.bin}
    if getattr(args, "chart_a", None):
        binaries = {"a": args.chart_a.resolve(), "": args.bin}
    try:
        root = f"http://127.0.0.1:{server.server_address[1]}/api/v3"
        cases: dict[str, dict] = {}
        for side, binary in binaries.items():
            for name, chart in (("plain", False), ("charted", True)):
                case_dir = folder / (side + name)
                case_dir.mkdir()
                sink = {"type": "webhook", "format": "telegram", "url": hooks.url("/bot1"), "chat_id": 1}
                if chart:
                    sink["chart"] = "1d"
                rules = [{"id": f"r{k}", "coin": coin_id(k % CHART_COINS + 1),
                          "when": {"below": round(coin_price(k % CHART_COINS + 1) * (1.04 + 0.01 * k), 6)}}
                         for k in range(CHART_ALERTS)]
                doc = {"providers": [{"name": "coingecko", "base_url": root, "cache_ttl": "0s"}],
                       "favorites": [coin_id(i) for i in range(1, CHART_COINS + 1)],
                       "defaults": {"notify": ["tg"]}, "rules": rules, "sinks": {"tg": sink}}
                (case_dir / "rules.json").write_text(json.dumps(doc))
                state = case_dir / "state.json"
                env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "NO_COLOR": "1", "LANG": "C.UTF-8",
                       "HOME": str(case_dir), "COINWATCH_CACHE": str(case_dir / "cache")}
                argv = [str(binary), "--once", "--rules", str(case_dir / "rules.json"), "--state", str(state)]
                cases[side + name] = {"argv": argv, "dir": case_dir, "env": env, "state": state,
                                      "walls": [], "cpu": [], "rss": [], "history_requests": [], "messages": 0}

        def one(case: dict, timed: bool) -> None:
            case["state"].unlink(missing_ok=True)
            history.count, before = 0, hooks.counter.total()
            wall, peak, code, err = run_once(case["argv"], case["dir"], case["env"], case["cpu"] if timed else None)
            if code != 0:
                raise SystemExit(f"bench: {' '.join(case['argv'])} exited {code}: {err.strip()[:400]}")
            case["messages"] += hooks.counter.total() - before
            case["history_requests"].append(history.count)
            if timed:
                case["walls"].append(wall * 1000)
                case["rss"].append(peak / 1024)

        for round_ in range(args.runs + 1):  # round 0: the warm-up (it fills each case's history store)
            for name in (cases if round_ % 2 == 0 else reversed(list(cases))):
                one(cases[name], timed=round_ > 0)
        counts = {}
        if shutil.which("valgrind"):
            for name, case in cases.items():
                case["state"].unlink(missing_ok=True)
                # Kept in the case's folder for callgrind_annotate (where the instructions go).
                out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={case['dir'] / 'callgrind.out'}"]
                                     + case["argv"],
                                     cwd=case["dir"], env=case["env"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     text=True)
                found = __import__("re").search(r"Collected : (\d+)", out.stderr)
                counts[name] = int(found.group(1)) if found else None
        photos = hooks.counter.by_path.get("/bot1/sendPhoto", 0)
    finally:
        server.shutdown()
        hooks.close()
    result: dict = {}
    for name, case in cases.items():
        if case["messages"] != CHART_ALERTS * (args.runs + 1):
            raise SystemExit(f"bench: {name}: {case['messages']} messages in {args.runs + 1} passes")
        walls = case["walls"]
        result[name] = {"median_ms": statistics.median(walls), "min_ms": min(walls), "max_ms": max(walls),
                        "cpu_median_ms": statistics.median(case["cpu"]) * 1000,
                        "rss_mib": max(case["rss"]), "history_requests": case["history_requests"],
                        "instructions": counts.get(name),
                        "state_kib": case["state"].stat().st_size / 1024 if case["state"].exists() else 0.0}
    plain, charted = result["plain"], result["charted"]
    result.update({"photos": photos, "rounds": args.runs, "ratio": charted["median_ms"] / plain["median_ms"],
                   "ratio_min": charted["min_ms"] / plain["min_ms"]})
    if plain["instructions"] and charted["instructions"]:
        result["ratio_instructions"] = charted["instructions"] / plain["instructions"]
    return result


def chart_targets(chart: dict | None) -> list[tuple[str, str, bool | None]]:
    """(target, measured, met) for the chart targets of issue #33."""
    if not chart or "chart_warm_median_ms" not in chart:
        return []
    cpu = chart.get("chart_warm_cpu_median_ms")
    rows = [("rendering a 30-day chart ≤ 30 ms warm (CPU time of the rendering thread: the machine is shared)",
             f"{cpu:.1f} ms CPU (min {chart['chart_warm_cpu_min_ms']:.1f}); wall {chart['chart_warm_median_ms']:.1f} ms "
             f"(min {chart['chart_warm_min_ms']:.1f}); the first, cold, {chart['chart_cold_ms']:.1f} ms wall; "
             f"{chart['chart_png_bytes']:,} bytes of PNG",
             cpu is not None and cpu <= 30)]
    run = chart.get("pass")
    if run:
        plain, charted = run["plain"], run["charted"]
        instructions = ""
        if run.get("ratio_instructions"):
            instructions = (f"; callgrind {charted['instructions'] / 1e6:,.0f}M vs {plain['instructions'] / 1e6:,.0f}M "
                            f"instructions = {run['ratio_instructions']:.2f}×")
        rows.append((f"a --once pass with {CHART_ALERTS} charted alerts for {CHART_COINS} coins (history cached) "
                     "≤ 1.5× the same pass without charts",
                     f"{charted['median_ms']:.0f} ms vs {plain['median_ms']:.0f} ms median = {run['ratio']:.2f}× "
                     f"(min {charted['min_ms']:.0f} vs {plain['min_ms']:.0f} = {run['ratio_min']:.2f}×; CPU "
                     f"{charted.get('cpu_median_ms', 0):.0f} vs {plain.get('cpu_median_ms', 0):.0f} ms; "
                     f"{run.get('rounds', len(charted['history_requests']) - 1)} rounds interleaved){instructions}; "
                     f"history requests a pass: {charted['history_requests'][0]} in the warm-up, then "
                     f"{max(charted['history_requests'][1:])} at most; every message a photo",
                     run["ratio"] <= 1.5))
        rows.append(("peak memory of that charted pass ≤ 48 MiB",
                     f"{charted['rss_mib']:.1f} MiB (without charts {plain['rss_mib']:.1f} MiB)", charted["rss_mib"] <= 48))
    return rows


def chart_ab_table(run: dict) -> list[str]:
    """With `--chart-a OLD`: OLD's and this binary's passes, interleaved in the same rounds, as a table."""
    rows = ["| pass | A ms median (min–max) | B ms median (min–max) | B/A wall | A / B CPU ms median | A instructions | "
            "B instructions | B/A instr | A / B peak MiB |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name in ("plain", "charted"):
        a, b = run.get("a" + name), run[name]
        if not a:
            return []
        row = (f"| {name} | {a['median_ms']:.0f} ({a['min_ms']:.0f}–{a['max_ms']:.0f}) | {b['median_ms']:.0f} ({b['min_ms']:.0f}–"
               f"{b['max_ms']:.0f}) | {b['median_ms'] / a['median_ms']:.2f} | {a['cpu_median_ms']:.0f} / {b['cpu_median_ms']:.0f} |")
        if a.get("instructions") and b.get("instructions"):
            row += (f" {a['instructions'] / 1e6:,.1f}M | {b['instructions'] / 1e6:,.1f}M | "
                    f"{b['instructions'] / a['instructions']:.3f} |")
        else:
            row += " | | |"
        rows.append(row + f" {a['rss_mib']:.1f} / {b['rss_mib']:.1f} |")
    return rows


BACKTEST = (90, 20, 50)                                         # days of 1-minute candles, coins, rules a coin
BACKTEST_FIT = [(30, 20, 50), (60, 20, 50), (90, 20, 10), (90, 20, 25)]


def run_stream(args, work: Path) -> dict:
    """Issue #18: `bench/stream.py --peer` (latency from a loopback exchange's send to the webhook POST
    over 10,000 alert-raising messages; 1,000 symbols at 20 messages a second each for 60 s), for
    coinwatch and for the asyncio + websockets alerter of bench/stream_peer.py, in one run."""
    print("bench: stream latency and load (bench/stream.py --peer)", flush=True)
    out = work / "stream.json"
    out.unlink(missing_ok=True)
    subprocess.run([sys.executable, str(HERE / "stream.py"), "--bin", str(args.bin), "--peer", "--json", str(out)],
                   check=True, timeout=1800)
    return json.loads(out.read_text())


def stream_targets(stream: dict | None) -> list[tuple[str, str, bool | None]]:
    """(target, measured, met) for the speed targets of issue #18."""
    if not stream or "latency" not in stream or "load" not in stream:
        return []
    lat, load = stream["latency"], stream["load"]
    peer_lat, peer_load = stream.get("latency_peer", {}), stream.get("load_peer", {})

    def ratio(mine: float, theirs: float | None) -> str:
        return f"peer ÷ coinwatch {theirs / mine:.1f}×" if theirs and mine else "no peer figure"

    return [
        ("stream: send → webhook POST p50 ≤ 2 ms, p99 ≤ 10 ms over 10,000 alert-raising messages",
         f"p50 {lat['p50_ms']:.2f} ms, p99 {lat['p99_ms']:.2f} ms, {lat['alerts']} alerts "
         f"(peer p50 {peer_lat.get('p50_ms', float('nan')):.2f} ms, p99 {peer_lat.get('p99_ms', float('nan')):.2f} ms; "
         f"p50 {ratio(lat['p50_ms'], peer_lat.get('p50_ms'))})",
         lat["p50_ms"] <= 2 and lat["p99_ms"] <= 10),
        ("stream: 1,000 symbols × 20 msg/s for 60 s: ≤ 20 % of one core, ≤ 60 MiB RSS, no message dropped",
         f"{load['cpu_pct_one_core']:.1f} % of a core, {load['peak_rss_mib']:.1f} MiB, {load['taken']} of {load['sent']} prices taken "
         f"(peer {peer_load.get('cpu_pct_one_core', float('nan')):.1f} % and {peer_load.get('peak_rss_mib', float('nan')):.1f} MiB; "
         f"CPU {ratio(load['cpu_pct_one_core'], peer_load.get('cpu_pct_one_core'))})",
         load["cpu_pct_one_core"] <= 20 and load["peak_rss_mib"] <= 60 and load["taken"] == load["sent"]),
    ]


def run_backtest(micro: Path, work: Path, peer_python: Path, runs: int) -> dict:
    """Issue #17: `coinwatch-bench --backtest 90 20 50` (129,600 one-minute candles for 20 coins, 50
    crossing rules on each, 1,000 in all, every notify rule applied by the live engine), the pandas peer counting the same
    plain crossings over the CSVs it writes (`bench/peer_backtest.py`), and the replay's cost at more
    sizes for a least-squares fit against passes x rules."""
    print("bench: backtest (coinwatch-bench --backtest; bench/peer_backtest.py with pandas)", flush=True)
    folder = work / "backtest"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)

    def replay(days: int, coins: int, rules: int, csv: Path | None = None) -> dict:
        argv = [str(micro), "--backtest", str(days), str(coins), str(rules)] + (["--csv", str(csv)] if csv else [])
        lines = [json.loads(subprocess.run(argv, check=True, capture_output=True, text=True, timeout=600).stdout.strip().splitlines()[-1])
                 for _ in range(runs)]
        return dict(lines[0], replay_s=statistics.median(l["replay_s"] for l in lines),
                    replay_min_s=min(l["replay_s"] for l in lines),
                    replay_cpu_s=statistics.median(l.get("replay_cpu_s", l["replay_s"]) for l in lines),
                    peak_rss_mib=max(l["peak_rss_mib"] for l in lines))

    main = replay(*BACKTEST, csv=folder)
    if subprocess.run([str(peer_python), "-c", "import pandas"], capture_output=True).returncode != 0:
        print("bench: installing pandas into the peer's virtual environment", flush=True)
        subprocess.run([str(peer_python), "-m", "pip", "install", "--quiet", "pandas"], check=True)
    peers = [json.loads(subprocess.run([str(peer_python), str(HERE / "peer_backtest.py"), str(folder)], check=True,
                                       capture_output=True, text=True, timeout=600).stdout.strip().splitlines()[-1])
             for _ in range(runs)]
    sizes = [main] + [replay(*size) for size in BACKTEST_FIT]
    xs = [r["points_per_coin"] * r["rules"] for r in sizes]
    ys = [r["replay_s"] for r in sizes]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    intercept = my - slope * mx
    residual = sum((y - intercept - slope * x) ** 2 for x, y in zip(xs, ys))
    total = sum((y - my) ** 2 for y in ys) or 1
    return {"main": main, "peer_count_s": statistics.median(p["count_s"] for p in peers),
            "peer_crossings": peers[0]["crossings"], "sizes": sizes,
            "fit": {"intercept_ms": intercept * 1000, "ns_per_pass_rule": slope * 1e9, "r2": 1 - residual / total}}


def backtest_targets(backtest: dict | None) -> list[tuple[str, str, bool | None]]:
    """(target, measured, met) for the speed targets of issue #17."""
    if not backtest or "main" not in backtest:
        return []
    main, fit = backtest["main"], backtest["fit"]
    ratio = main["replay_s"] / max(backtest["peer_count_s"], 1e-6)
    return [
        ("backtest: 90 days of 1-minute candles × 20 coins × 50 rules a coin ≤ 2 s",
         f"{main['replay_s']:.3f} s (min {main['replay_min_s']:.3f}; CPU {main['replay_cpu_s']:.3f} s), "
         f"{main['passes']:,} passes, {main['alerts']:,} alerts", main["replay_s"] <= 2),
        ("… peak RSS ≤ 300 MiB", f"{main['peak_rss_mib']} MiB", main["peak_rss_mib"] <= 300),
        ("… within 3× of the pandas peer (the same plain crossings, no notify rule)",
         f"pandas {backtest['peer_count_s']:.3f} s ({backtest['peer_crossings']:,} crossings): {ratio:.1f}×",
         ratio <= 3 and backtest["peer_crossings"] == main["alerts"]),
        ("(not a target) cost linear in points × rules",
         f"{fit['intercept_ms']:.1f} ms + {fit['ns_per_pass_rule']:.2f} ns × (points × rules), R² {fit['r2']:.4f} over "
         + ", ".join(f"{r['days']}d×{r['rules']}" for r in backtest["sizes"]), None),
    ]


def run_micro(micro: Path, runs: int) -> list[dict]:
    """The rule-evaluation micro-benchmark's JSON lines: the plain sizes, then the 100,000-rule
    case with a third of the rules indicator, compound or ratio rules (`"mixed": true`, issue #16)."""
    print("bench: rule evaluation (coinwatch-bench)", flush=True)
    lines = []
    for extra in ([], ["--mixed"]):
        sizes = MICRO_RULES if not extra else (100_000,)
        out = subprocess.run([str(micro), "--quotes", "5000", "--rules", ",".join(map(str, sizes)),
                              "--repeat", str(max(runs, 15))] + extra,
                             check=True, capture_output=True, text=True).stdout
        lines += [json.loads(line) for line in out.splitlines() if line.strip()]
    return lines


def run_json_layer(micro: Path, work: Path) -> dict:
    """`coinwatch-bench --json`: the JSON layer alone (medians of 9): a 1 MiB rules.json parsed with
    positions, 5000 markets decoded, and the 100,000-pair state of the rule benchmark saved and loaded."""
    print("bench: JSON layer (coinwatch-bench --json)", flush=True)
    folder = work / "json-layer"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    fixture = ROOT / "Fixtures" / "real" / "coingecko" / "coins-markets_vs-usd_top100_2023-01-08.json"
    out = subprocess.run([str(micro), "--json", str(fixture), str(folder)], check=True, capture_output=True, text=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    if "error" in result:
        raise SystemExit(f"bench: coinwatch-bench --json: {result['error']}")
    result["state_kib"] = (folder / "state.json").stat().st_size / 1024
    return result


def json_layer_rows(layer: dict | None) -> list[tuple[str, str, bool | None]]:
    """Reported rows (no target) for the JSON layer, so a regression in saving or loading the state shows."""
    if not layer or "state_100k_save_ms" not in layer:
        return []
    return [
        (f"parse a {layer['rules_bytes'] / 1024:.0f} KiB rules.json with positions", f"{layer['rules_parse_ms']:.1f} ms", None),
        ("decode 5000 coins of `/coins/markets` (20 pages)", f"{layer['markets_5000_decode_ms']:.1f} ms", None),
        (f"save the 100,000-pair state ({layer['state_kib'] / 1024:.1f} MiB)", f"{layer['state_100k_save_ms']:.1f} ms", None),
        (f"load the 100,000-pair state ({layer['state_kib'] / 1024:.1f} MiB)", f"{layer['state_100k_load_ms']:.1f} ms", None),
    ]


def plain(micro: list[dict]) -> list[dict]:
    """The micro-benchmark's plain cases (price and 24h-change rules only)."""
    return [m for m in micro if not m.get("mixed")]


def mixed_case(micro: list[dict]) -> dict | None:
    """The 100,000-rule case with a third indicator, compound or ratio rules, when it was run."""
    return next((m for m in micro if m.get("mixed")), None)


# ---------------------------------------------------------------- the report

def fmt_ms(r: dict) -> str:
    return f"{r['median_ms']:.0f} ({r['min_ms']:.0f}–{r['max_ms']:.0f})"


def targets(cases: list[dict], micro: list[dict]) -> list[tuple[str, str, bool | None]]:
    """(target, measured, met) for every target of issue #8; met is None for a row that is only reported."""
    by = {(c["favorites"], c["latency_ms"], c["webhooks"]): c for c in cases}
    rows = []
    for n in (100, 1000):
        c = by[(n, 0, 0)]
        ratio = c["peer"]["median_ms"] / c["coinwatch"]["median_ms"]
        rows.append((f"{n}-favorite pass ≤ ¼ of coinwatch-cli's wall time",
                     f"{c['coinwatch']['median_ms']:.0f} ms vs {c['peer']['median_ms']:.0f} ms: {ratio:.1f}× faster",
                     ratio >= 4))
    c = by[(5000, 50, 0)]["coinwatch"]
    rows.append(("5000 favorites, 50 ms latency: ≤ 400 ms", f"{c['median_ms']:.0f} ms (max {c['max_ms']:.0f})",
                 c["median_ms"] <= 400))
    rows.append(("5000 favorites, 50 ms latency: ≤ 20 requests", f"{c['requests']} requests", c["requests"] <= 20))
    c = by[(WEBHOOK_FAVORITES, 0, WEBHOOK_SINKS)]["coinwatch"]
    rows.append((f"{WEBHOOK_SINKS} webhooks answering in 300 ms: all delivered ≤ 800 ms",
                 f"whole pass {c['median_ms']:.0f} ms (max {c['max_ms']:.0f}), "
                 f"{c['requests'] - 1} POSTs", c["median_ms"] <= 800))
    worst = max(by[(5000, lat, 0)]["coinwatch"]["rss_mib"] for lat in (0, 50))
    rows.append(("peak RSS ≤ 40 MiB at 5000 favorites", f"{worst:.1f} MiB", worst <= 40))
    full = next((m for m in plain(micro) if m["rules"] == 100_000), None)
    if full:
        rows.append(("100,000 rules over 5000 quotes ≤ 50 ms",
                     f"{full['median_ms']:.1f} ms (max {full['max_ms']:.1f})", full["median_ms"] <= 50))
        if "firing_median_ms" in full:
            rows.append((f"(not a target) the same in a pass where {full['alerts']:,} of them fire, alerts built and formatted",
                         f"{full['firing_median_ms']:.1f} ms (max {full['firing_max_ms']:.1f})", None))
        slope, intercept, r2, growth = linearity(plain(micro))
        rows.append(("rule evaluation cost grows linearly",
                     f"{intercept:.1f} ms per pass (5000 quotes) + {slope * 1000:.3f} µs per rule, R² {r2:.3f}; "
                     f"doubling the rules at most ×{growth * 2:.2f} the time", r2 >= 0.95 and growth <= 1.2))
    mixed = mixed_case(micro)
    if mixed:
        rows.append(("100,000 rules over 5000 quotes, a third of them indicator, compound or ratio rules, ≤ 50 ms (issue #16)",
                     f"{mixed['median_ms']:.1f} ms (max {mixed['max_ms']:.1f})", mixed["median_ms"] <= 50))
    return rows


def linearity(micro: list[dict]) -> tuple[float, float, float, float]:
    """The least-squares line through the quiet passes — ms per rule and fixed ms — its R², and the
    largest growth between consecutive sizes relative to the growth in rules (above 1: faster than
    linear)."""
    xs, ys = [m["rules"] for m in micro], [m["median_ms"] for m in micro]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    intercept = my - slope * mx
    total = sum((y - my) ** 2 for y in ys)
    r2 = 1 - sum((y - (intercept + slope * x)) ** 2 for x, y in zip(xs, ys)) / total if total else 1.0
    growth = max((y2 / y1) / (x2 / x1) for (x1, y1), (x2, y2) in zip(zip(xs, ys), list(zip(xs, ys))[1:]))
    return slope, intercept, r2, growth


def case_table(cases: list[dict]) -> list[str]:
    lines = ["| case | coinwatch ms median (min–max) | req | RSS MiB | state KiB "
             "| coinwatch-cli ms median (min–max) | req | RSS MiB | state KiB | cli ÷ coinwatch |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for c in cases:
        o, p = c["coinwatch"], c["peer"]
        lines.append(f"| {c['label']} | {fmt_ms(o)} | {o['requests']} | {o['rss_mib']:.1f} | {o['state_kib']:.1f} "
                     f"| {fmt_ms(p)} | {p['requests']} | {p['rss_mib']:.1f} | {p['state_kib']:.1f} "
                     f"| {p['median_ms'] / o['median_ms']:.1f}× |")
    return lines


def micro_table(micro: list[dict]) -> list[str]:
    lines = ["| rules | quotes | quiet pass ms median (min–max) | firing pass ms median (min–max) | alerts per firing pass |",
             "| ---: | ---: | ---: | ---: | ---: |"]
    for m in micro:
        firing = (f"{m['firing_median_ms']:.1f} ({m['firing_min_ms']:.1f}–{m['firing_max_ms']:.1f})"
                  if "firing_median_ms" in m else "")
        label = f"{m['rules']:,}" + (" (a third indicator, compound, ratio)" if m.get("mixed") else "")
        lines.append(f"| {label} | {m['quotes']:,} | {m['median_ms']:.1f} ({m['min_ms']:.1f}–{m['max_ms']:.1f}) "
                     f"| {firing} | {m.get('alerts', '')} |")
    return lines


def before_after(before: dict, after: dict,
                 what: str = "the code of `main` with only the bench added; recorded in `bench/baseline.json`") -> list[str]:
    lines = [f"Before: commit {before['commit']} ({before['date']}, {what}); "
             f"after: commit {after['commit']} ({after['date']}). "
             "Same machine and bench; medians. The machine was shared, so differences under ~30 % are noise.", "",
             "| case | before ms | after ms | before RSS MiB | after RSS MiB | before state KiB | after state KiB |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    old = {c["label"]: c["coinwatch"] for c in before["cases"]}
    for c in after["cases"]:
        b, a = old.get(c["label"]), c["coinwatch"]
        if b:
            lines.append(f"| {c['label']} | {b['median_ms']:.0f} | {a['median_ms']:.0f} | {b['rss_mib']:.1f} | "
                         f"{a['rss_mib']:.1f} | {b['state_kib']:.1f} | {a['state_kib']:.1f} |")
    old_micro = {(m["rules"], bool(m.get("mixed"))): m for m in before.get("micro", [])}
    for m in after["micro"]:
        b = old_micro.get((m["rules"], bool(m.get("mixed"))))
        if not b:
            continue
        quiet = "quiet pass" if "firing_median_ms" in b else "passes"
        kind = " (a third indicator, compound, ratio)" if m.get("mixed") else ""
        lines.append(f"| rule evaluation, {m['rules']:,} rules{kind} × {m['quotes']:,} quotes, {quiet} | {b['median_ms']:.1f} | "
                     f"{m['median_ms']:.1f} | | | | |")
        if "firing_median_ms" in b and "firing_median_ms" in m:
            lines.append(f"| rule evaluation, {m['rules']:,} rules{kind} × {m['quotes']:,} quotes, firing pass "
                         f"({m['alerts']:,} alerts) | {b['firing_median_ms']:.1f} | {m['firing_median_ms']:.1f} | | | | |")
    return lines


def summary(result: dict) -> list[str]:
    """The short table for the README and docs/benchmarks.md."""
    by = {(c["favorites"], c["latency_ms"], c["webhooks"]): c for c in result["cases"]}
    lines = ["| one `--once` pass | coinwatch | coinwatch-cli 0.1.0 | |", "| --- | ---: | ---: | ---: |"]
    for key, name in [((100, 0, 0), "100 favorites"), ((1000, 0, 0), "1000 favorites"),
                      ((5000, 50, 0), "5000 favorites, 50 ms server latency"),
                      ((WEBHOOK_FAVORITES, 0, WEBHOOK_SINKS), f"{WEBHOOK_SINKS} webhooks answering in 300 ms")]:
        o, p = by[key]["coinwatch"], by[key]["peer"]
        lines.append(f"| {name} | {o['median_ms']:.0f} ms | {p['median_ms']:.0f} ms | "
                     f"{p['median_ms'] / o['median_ms']:.1f}× faster |")
    o, p = by[(5000, 50, 0)]["coinwatch"], by[(5000, 50, 0)]["peer"]
    lines.append(f"| peak memory, 5000 favorites | {o['rss_mib']:.0f} MiB | {p['rss_mib']:.0f} MiB | |")
    full = next((m for m in plain(result["micro"]) if m["rules"] == 100_000), None)
    mixed = mixed_case(result["micro"])
    if mixed:
        lines.append(f"| 100,000 rules, a third indicator, compound or ratio rules (evaluation alone) | {mixed['median_ms']:.0f} ms | | |")
    if full:
        lines.append(f"| 100,000 rules over 5000 quotes (evaluation alone) | {full['median_ms']:.0f} ms | | |")
        if "firing_median_ms" in full:
            lines.append(f"| the same, {full['alerts']:,} alerts fire and are formatted | "
                         f"{full['firing_median_ms']:.0f} ms | | |")
    return lines + ["", f"Medians of several runs on {result['machine'].split(' (')[0]} ({result['date']})."]


def write_summary(path: Path, result: dict) -> None:
    """Replaces the text between the bench-summary markers of `path`, when it has them."""
    if not path.exists():
        return
    text = path.read_text()
    start, end = text.find("<!-- bench-summary:start"), text.find("<!-- bench-summary:end -->")
    if start < 0 or end < 0:
        return
    start = text.index("\n", start) + 1
    path.write_text(text[:start] + "\n".join(summary(result)) + "\n" + text[end:])


# The optimisation rounds, newest first: (heading, results of the code before the round, notes,
# what that code was when the results file does not say).
ROUNDS = [
    ("third", HERE / "round3-before.json", HERE / "OPTIMISATIONS-3.md",
     "the code before the third round; recorded in `bench/round3-before.json`"),
    ("second", HERE / "previous.json", HERE / "OPTIMISATIONS-2.md",
     "the code before the second round; recorded in `bench/previous.json`"),
    ("first", HERE / "baseline.json", HERE / "OPTIMISATIONS.md",
     "the code of `main` with only the bench added; recorded in `bench/baseline.json`"),
]


def targets_section(title: str, what: str, rows: list[tuple[str, str, bool | None]]) -> list[str]:
    """A report section: its title, what was measured, and the (target, measured, met) table; nothing without rows."""
    if not rows:
        return []
    return ["", f"## {title}", "", what, "", "| target | measured | met |", "| --- | --- | --- |"] + [
        f"| {t} | {m} | {'—' if ok is None else 'yes' if ok else '**no**'} |" for t, m, ok in rows]


def write_report(out: Path, result: dict, runs: int, with_rounds: bool = True) -> None:
    lines = ["# Benchmarks", "",
             "Generated by `make bench` (bench/run.py); do not edit by hand. Re-run to refresh.", "",
             f"Machine: {result['machine']}. {result['date']}, commit {result['commit']}. "
             f"Every number is the median (with min–max) of {runs} timed runs after one untimed warm-up run; "
             "the machine was shared with other builds, so expect noise in the maxima.", "",
             "## Setup", "",
             "- Loopback CoinGecko (`bench/servers.py`, Python `ThreadingHTTPServer` on 127.0.0.1): "
             "`/coins/markets` in the real API's shape (every field of the captures in `Fixtures/real/coingecko`), "
             "answering the ids asked for, and `/simple/price` for the peer; optional fixed latency per request.",
             "- Rules: for each favorite an `above` rule (+5 %) and a `below` rule (−5 %) that stay quiet, plus one "
             f"wildcard rule `{{\"coin\": \"*\", \"when\": {{\"change_24h_abs\": {CHANGE_THRESHOLD:g}}}}}` "
             "(true for about 5 % of the coins). `cache_ttl: 0s`, so every pass fetches.",
             "- coinwatch: `coinwatch --once --rules … --state …`, stdout to /dev/null. The warm-up pass writes "
             "the state, so timed passes are steady-state cron passes (load state, fetch, evaluate, save state).",
             f"- Webhook case: {WEBHOOK_FAVORITES} favorites; the wildcard rule notifies {WEBHOOK_SINKS} Slack-format "
             "webhook sinks with `group: true` (one POST per sink per pass) on a receiver that answers after 300 ms; "
             "each timed pass starts without state so the rule fires every time.",
             f"- Peer: [`coinwatch-cli` {PEER_VERSION}](https://pypi.org/project/coinwatch-cli/) from PyPI, installed "
             "into `.build/bench/peer-venv`, run as `coinwatch check` with the same watchlist and equivalent "
             "thresholds (`price_above`, `price_below` per coin, `change_pct_alert`). It has no base-URL setting, "
             "so `bench/peer.py` sets its sources' `BASE` constants to the loopback server (Binance and OKX to a "
             "refused port; they are only asked when CoinGecko misses a coin) and rewrites its Telegram URL, then "
             "calls its own `coinwatch.cli:main`. It asks `/simple/price` for all ids in one request and has no "
             "`--once`/state beyond a volume baseline file. It supports one Discord webhook and one Telegram bot, "
             "so its webhook case posts 2 messages (one after the other), not 6.",
             "- Wall time is measured around the child process; peak RSS is its `ru_maxrss` as GNU "
             "`/usr/bin/time -f %M` reports it; requests are counted at the servers (the webhook rows count price requests "
             "plus POSTs).", "",
             "## Passes", ""] + case_table(result["cases"]) + [
             "", "## Rule evaluation alone", "",
             "`coinwatch-bench` (`Sources/coinwatch-bench`): `RuleRunner.run` over a state that already holds every "
             "pair and price series (the steady state), rules spread evenly over 5000 quotes, every third rule a "
             "price crossing, the rest `above`/`below`/`change_24h_*`; no I/O. Passes alternate between two price "
             "sets 0.1 % apart: in a quiet pass nothing fires; in a firing pass every `crosses_above` rule (a sixth) "
             "fires and its alert is built and formatted. The sizes take turns, round after round. The last row "
             "(`coinwatch-bench --rules 100000 --mixed`) makes every third rule an indicator (RSI, SMA, Bollinger, "
             "EMA cross), compound (`all` of a price and an RSI) or ratio-coin crossing rule, with each coin's readings over "
             "251 closed 1h candles handed in as the candles stage hands them over (fetching excluded).", ""] + micro_table(result["micro"]) + [
             "", "## Targets (issue #8)", "", "| target | measured | met |", "| --- | --- | --- |"]
    lines += [f"| {t} | {m} | {'—' if ok is None else 'yes' if ok else '**no**'} |"
              for t, m, ok in targets(result["cases"], result["micro"])]
    lines += targets_section("The JSON layer",
                             "`coinwatch-bench --json` (`Sources/coinwatch-bench/JSONBench.swift`), no I/O but the state file: "
                             "a 1 MiB rules.json (the loader's ceiling) parsed with positions, 20 pages of 250 `/coins/markets` "
                             "elements decoded, and the steady state of the 100,000-rule evaluation above (5000 coins) written "
                             "atomically and read back; medians of 9. Reported so that a regression here shows (no target).",
                             json_layer_rows(result.get("json_layer")))
    lines += targets_section("History and charts (issue #15)",
                             "`coinwatch show bitcoin --range 1y` against a loopback file server holding the real CoinGecko "
                             "captures, after one untimed run that fills the history store and the card cache (so the timed runs "
                             "make no request), next to `coinwatch --version`; then `coinwatch-bench --history` "
                             "(`Sources/coinwatch-bench/HistoryBench.swift`): a year of hourly candles for 100 coins written to a "
                             "fresh store, and 129,600 one-minute candles of one coin read back.",
                             history_targets(result.get("history")))
    lines += targets_section("Sinks (issue #20)",
                             "One alert per pass (state removed before each) to ten sinks of ten kinds: eight webhook "
                             "formats on a loopback receiver that answers each request after 300 ms, a command sink "
                             "running `sleep 0.3`, and an email sink (STARTTLS) to a loopback aiosmtpd server that answers "
                             "each message after 300 ms; next to the same pass with only a file sink. The command sink's overhead is "
                             "a pass whose only sink runs `sleep 0.3`, minus the pass without it, minus `sleep 0.3` timed alone.",
                             sinks_targets(result.get("sinks")))
    lines += targets_section("Stream (issue #18)",
                             "`bench/stream.py --peer`: a loopback Binance-shaped WebSocket server and webhook receiver. Latency: "
                             "one crossing rule; each trade crosses the line, the next is sent when the POST has arrived (closed "
                             "loop); the time from the server's send to the POST's arrival. Load: 1,000 symbols over Binance "
                             "combined streams (200 a connection), 20 trades a second each for 60 s, one crossing rule that never "
                             "fires; CPU from /proc as % of one core, peak RSS (VmHWM), and the prices coinwatch took against "
                             "the messages sent. The peer is `bench/stream_peer.py`, the asyncio + websockets alerter a user "
                             "would write, on the same workloads.",
                             stream_targets(result.get("stream")))
    lines += targets_section("Watch (issue #19)",
                             f"`coinwatch watch --once --interval 1h` over {WATCH_FAVORITES} favorites (the passes' rules: two "
                             "per coin and a wildcard) against the loopback CoinGecko with `cache_ttl: 1h`, after one untimed "
                             "run that fills the cache, so the timed runs make no request; then `coinwatch-bench --watch 100 200` "
                             "(`Sources/coinwatch-bench/WatchBench.swift`): the live view's frame of 100 rows (a week of hourly "
                             "prices each, a holding on every other coin, 201 rules) drawn 200 times on a 200×120 terminal in "
                             "color, timed in process CPU time (median), and as many table builds plus a frame (a refresh after its fetch).",
                             watch_targets(result.get("watch")))
    lines += targets_section("Chart images (issue #33)",
                             "`coinwatch-bench --chart 30` (`Sources/coinwatch-bench/ChartBench.swift`): a 30-day chart of "
                             "720 hourly prices (a seeded random walk) with a threshold line and the alert's marker, drawn "
                             "to 1280×720 PNG bytes in memory (`CoinWatchChart`): once cold (cairo opened, the font found), "
                             "then 30 times warm (median; the target is met on the rendering thread's CPU time, which the "
                             "other builds sharing the machine do not inflate). Then a `--once` pass raising 10 alerts for 3 "
                             "coins to a loopback Telegram sink that answers at once, with `\"chart\": \"1d\"` and without, "
                             "the two interleaved round by round (`bench/run.py --only-chart`, `--chart-a OLD` to set an older "
                             "binary's passes beside them): each timed pass starts from no state, over the history store its "
                             "untimed warm-up filled; its wall time, its CPU time (GNU time's user + system, 10 ms steps) and "
                             "callgrind's instructions of one pass (the whole process). The PNG is coinwatch's own "
                             "(`PNGEncoder`: every row filtered 'up', deflated by `RunDeflate`, one fixed-code block whose "
                             "only matches are runs one or three bytes back). \"The charted pass\" below says where the pass's "
                             "time goes and why 1.5× is out of reach.",
                             chart_targets(result.get("chart")))
    chart_pass = HERE / "CHART-PASS.md"
    if chart_pass.exists():
        lines += ["", chart_pass.read_text().strip()]
    lines += targets_section("Explain and silences (issue #19)",
                             f"A {EVERYDAY_FAVORITES}-favorite rules.json (one `above` rule a coin and a `\"*\"` "
                             "`change_24h_abs` rule) whose state one real pass against the loopback CoinGecko wrote "
                             f"({2 * EVERYDAY_FAVORITES:,} pairs, {EVERYDAY_FAVORITES:,} cached quotes, `cache_ttl: 1d`), "
                             "with three silences added; then `coinwatch explain a42`, `coinwatch explain big-mover coin-0042` "
                             "and `coinwatch silence list`, each a fresh process (wall time, no request made). "
                             "What `explain a42` costs (callgrind, instructions of the whole process): 276M at 1c47198, "
                             "194M at b757f20, 139M at 50cbcf3 — the tokenizer passing eight bytes at "
                             "a time, a rule's paths spelled out only for messages, one hash per favorite, keys made once, "
                             "the state's unneeded parts skipped and of its pairs, series and cached quotes only the "
                             "explained ones read (by their keys). Issue 31 took out the machinery that did not pay "
                             "(see \"Less machinery\" below).",
                             everyday_targets(result.get("everyday")))
    lines += targets_section("Past alerts (issue #36)",
                             f"`coinwatch log --file alerts.jsonl --limit 20` on a {LOG_MIB} MB alert log of alert records "
                             "as a file sink writes them (about 330,000), each run a fresh process (wall time, peak RSS): "
                             "the log is read backward in 64 KiB blocks until 20 records are found. `--since 1h` (no record "
                             "that recent) reads the whole file forward, block by block.",
                             log_targets(result.get("log")))
    lines += targets_section("Backtest (issue #17)",
                             "`coinwatch-bench --backtest 90 20 50` (`Sources/coinwatch-bench/BacktestBench.swift`): 90 days of "
                             "1-minute candles (a seeded random walk with wicks and volumes, 129,600 a coin) for 20 coins through "
                             "50 `crosses` rules on each coin (1,000 rules), a pass a minute seeing each candle's close and its "
                             "low and high (SPEC §2 wicks), every notify rule applied by the live engine (`Backtest.replay`: "
                             "`RuleRunner` lanes, one per coin, over the cores); the replay alone is timed (median of the runs), "
                             "its alerts kept as their figures as the text report needs them (making every alert record, what "
                             "`--json` prints, is timed apart: `records_s`). The peer, `bench/peer_backtest.py`, counts the same "
                             "crossings (wicks included) with pandas over the CSVs the bench writes (reading them apart). The fit "
                             "is over the replays of the sizes listed (points × rules in all).",
                             backtest_targets(result.get("backtest")))
    machinery = HERE / "LESS-MACHINERY.md"
    if machinery.exists():
        lines += ["", machinery.read_text().strip()]
    for name, before_path, notes, what in ROUNDS if with_rounds else []:
        if not before_path.exists():
            continue
        before = json.loads(before_path.read_text())
        lines += ["", f"## Before and after the {name} round of optimisations", ""]
        lines += before_after(before, result, before.get("what", what))
        if notes.exists():
            lines += ["", notes.read_text().strip()]
    out.write_text("\n".join(lines) + "\n")


def git_commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({cpu}), Linux {platform.release()}, Python {platform.python_version()}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", type=Path, default=ROOT / ".build" / "release" / "coinwatch")
    parser.add_argument("--micro", type=Path, default=ROOT / ".build" / "release" / "coinwatch-bench")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--out", type=Path, default=ROOT / "BENCHMARKS.md")
    parser.add_argument("--work", type=Path, default=ROOT / ".build" / "bench")
    parser.add_argument("--save-baseline", type=Path,
                        help="also save the results here (the 'before' of a new round; the report then has no rounds)")
    parser.add_argument("--from-results", type=Path, help="rewrite the report from a results.json, running nothing")
    parser.add_argument("--only-sinks", action="store_true", help="run only the sinks case and print its targets")
    parser.add_argument("--only-watch", action="store_true", help="run only the watch cases and print their targets")
    parser.add_argument("--only-chart", action="store_true", help="run only the chart image case and print its targets")
    parser.add_argument("--chart-a", type=Path, help="with --only-chart: an older coinwatch whose passes join the rounds (A/B)")
    parser.add_argument("--only-log", action="store_true", help="run only the coinwatch log case and print its targets")
    parser.add_argument("--only-everyday", action="store_true",
                        help="run only the explain / silence list case and print its targets")
    args = parser.parse_args()
    for only, run, check in [(args.only_watch, run_watch, watch_targets), (args.only_sinks, run_sinks, sinks_targets),
                             (args.only_chart, run_chart, chart_targets),
                             (args.only_everyday, run_everyday, everyday_targets), (args.only_log, run_log, log_targets)]:
        if not only:
            continue
        args.bin, args.micro = args.bin.resolve(), args.micro.resolve()
        args.work.mkdir(parents=True, exist_ok=True)
        found = run(args, args.work)
        print(json.dumps(found, indent=1))
        for t, m, ok in check(found):
            print(f"{'met   ' if ok else 'MISSED'} {t}: {m}")
        if run is run_chart and found.get("pass"):
            print("\n".join(chart_ab_table(found["pass"])))
        return 0
    if args.from_results:
        result = json.loads(args.from_results.read_text())
        write_report(args.out, result, args.runs)
        write_summary(ROOT / "docs" / "benchmarks.md", result)
        write_summary(ROOT / "README.md", result)
        return 0
    args.bin, args.micro = args.bin.resolve(), args.micro.resolve()
    args.work.mkdir(parents=True, exist_ok=True)

    peer_python = ensure_peer(args.work)
    prices = PriceServer(max(SIZES))
    hooks = WebhookReceiver(WEBHOOK_DELAY)
    try:
        cases = run_cases(args, prices, hooks, peer_python, args.work)
    finally:
        prices.close()
        hooks.close()
    result = {"commit": git_commit(), "date": datetime.date.today().isoformat(), "machine": machine(),
              "cases": cases, "micro": run_micro(args.micro, args.runs),
              "json_layer": run_json_layer(args.micro, args.work), "history": run_history(args, args.work),
              "sinks": run_sinks(args, args.work), "everyday": run_everyday(args, args.work), "stream": run_stream(args, args.work),
              "watch": run_watch(args, args.work), "chart": run_chart(args, args.work), "log": run_log(args, args.work),
              "backtest": run_backtest(args.micro, args.work, peer_python, min(args.runs, 3))}
    (args.work / "results.json").write_text(json.dumps(result, indent=1))
    if args.save_baseline:
        args.save_baseline.write_text(json.dumps(result, indent=1) + "\n")
    write_report(args.out, result, args.runs, with_rounds=not args.save_baseline)
    if args.out.resolve() == (ROOT / "BENCHMARKS.md").resolve():
        write_summary(ROOT / "docs" / "benchmarks.md", result)
        write_summary(ROOT / "README.md", result)
    print("\n".join(case_table(cases) + [""] + micro_table(result["micro"])))
    for t, m, ok in (targets(cases, result["micro"]) + history_targets(result.get("history"))
                     + sinks_targets(result.get("sinks")) + everyday_targets(result.get("everyday")) + stream_targets(result.get("stream"))
                     + watch_targets(result.get("watch")) + chart_targets(result.get("chart")) + log_targets(result.get("log"))
                     + backtest_targets(result.get("backtest"))):
        print(f"{'info  ' if ok is None else 'met   ' if ok else 'MISSED'} {t}: {m}")
    print(f"bench: wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
