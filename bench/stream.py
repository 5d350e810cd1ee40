#!/usr/bin/env python3
"""`coinwatch stream` benchmarks, on loopback only (issue #18).

Usage: bench/stream.py --bin .build/release/coinwatch [--latency-messages 10000]
                       [--symbols 1000] [--rate 20] [--seconds 60] [--peer] [--json FILE]

latency: one crossing rule on BTC; a loopback Binance-shaped WebSocket server sends a trade
  that crosses the line, waits for the webhook POST to reach a loopback receiver, and sends the
  next (closed loop), so each figure is one message's time from the server's send to the POST
  arriving. p50/p99 over --latency-messages alert-raising messages.
load: --symbols markets, --rate messages per second each, for --seconds, over Binance combined
  streams (200 markets per connection) with one crossing rule on every coin that never fires;
  CPU (utime+stime from /proc) as % of one core, peak RSS (VmHWM), and the prices coinwatch
  took (its -v exit line) against the messages sent: none may be dropped.
--peer: the same two workloads through bench/stream_peer.py, the asyncio + websockets alerter
  a user would otherwise write, for the ratios.
Needs Python's websockets (make deps installs it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import websockets
from websockets.asyncio.server import serve

HERE = Path(__file__).resolve().parent


def trade(symbol: str, price: float) -> str:
    return ('{"stream":"%s@aggTrade","data":{"e":"aggTrade","E":1,"s":"%s","a":1,"p":"%s","q":"1",'
            '"f":1,"l":1,"T":1,"m":true,"M":true}}' % (symbol.lower(), symbol, repr(price)))


class Http:
    """A tiny HTTP/1.1 server: Binance's exchangeInfo and ticker/24hr for `symbols`, and /hook."""

    def __init__(self, symbols: list[str], price: float):
        self.symbols = symbols
        self.price = price
        self.posts: list[float] = []
        self.event = asyncio.Event()

    def body(self, path: str) -> bytes:
        if path.startswith("/api/v3/exchangeInfo"):
            items = [{"symbol": s, "status": "TRADING", "baseAsset": s[:-4], "quoteAsset": "USDT"} for s in self.symbols]
            return json.dumps({"timezone": "UTC", "symbols": items}).encode()
        if path.startswith("/api/v3/ticker/24hr"):
            items = [{"symbol": s, "lastPrice": str(self.price), "priceChangePercent": "1", "quoteVolume": "1",
                      "closeTime": 1601357946166} for s in self.symbols]
            return json.dumps(items).encode()
        return b"ok"

    async def handle(self, reader, writer):
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                path = lines[0].split(" ")[1]
                length = 0
                for line in lines[1:]:
                    if line.lower().startswith("content-length:"):
                        length = int(line.split(":", 1)[1])
                if length:
                    await reader.readexactly(length)
                if path.startswith("/hook"):
                    self.posts.append(time.perf_counter())
                    self.event.set()
                body = self.body(path)
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()


def write_rules(folder: Path, http_port: int, ws_port: int, favorites: list[str], rule: str) -> Path:
    rules = {
        "vs_currency": "usdt", "interval": "1h",
        "providers": [{"name": "binance", "base_url": f"http://127.0.0.1:{http_port}",
                       "ws_url": f"ws://127.0.0.1:{ws_port}", "timeout": "5s"}],
        "favorites": favorites,
        "defaults": {"notify": ["hook"]},
        "rules": [json.loads(rule)],
        "sinks": {"hook": {"type": "webhook", "format": "json", "url": f"http://127.0.0.1:{http_port}/hook"}},
    }
    path = folder / "rules.json"
    path.write_text(json.dumps(rules))
    return path


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def command(args, rules: Path, state: Path, peer: bool) -> list[str]:
    if peer:
        return [sys.executable, str(HERE / "stream_peer.py"), str(rules)]
    return [args.bin, "stream", "-v", "--rules", str(rules), "--state", str(state)]


async def latency(args, peer: bool = False) -> dict:
    http = Http(["BTCUSDT"], 9000.0)
    sends: list[float] = []
    done = asyncio.Event()
    ready = asyncio.Event()

    async def feed(ws):
        ready.set()
        await asyncio.sleep(0.5)     # the bridge quote first
        for k in range(args.latency_messages):
            http.event.clear()
            sends.append(time.perf_counter())
            await ws.send(trade("BTCUSDT", 10100.0 if k % 2 == 0 else 9900.0))
            try:
                await asyncio.wait_for(http.event.wait(), 10)
            except asyncio.TimeoutError:
                break
        done.set()
        await ws.wait_closed()

    server = await asyncio.start_server(http.handle, "127.0.0.1", 0)
    http_port = server.sockets[0].getsockname()[1]
    async with serve(feed, "127.0.0.1", 0, compression=None, ping_interval=None) as ws_server:
        ws_port = list(ws_server.sockets)[0].getsockname()[1]
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            rules = write_rules(folder, http_port, ws_port, ["BTC"], '{"id": "btc-x", "coin": "BTC", "when": {"crosses": 10000}}')
            log = open(folder / "stderr.txt", "w")
            proc = subprocess.Popen(command(args, rules, folder / "state.json", peer), stdout=subprocess.DEVNULL,
                                    stderr=log)
            try:
                await asyncio.wait_for(done.wait(), args.latency_messages * 0.05 + 60)
            finally:
                log.close()
                if os.environ.get("BENCH_DEBUG"):
                    print((folder / "stderr.txt").read_text()[-3000:], file=sys.stderr)
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
    server.close()
    n = min(len(sends), len(http.posts))
    ms = sorted((http.posts[i] - sends[i]) * 1000 for i in range(n))
    return {"messages": args.latency_messages, "alerts": len(http.posts),
            "p50_ms": statistics.median(ms), "p99_ms": ms[int(0.99 * (len(ms) - 1))], "max_ms": ms[-1]}


async def load(args, peer: bool = False) -> dict:
    symbols = [f"C{i:04d}USDT" for i in range(args.symbols)]
    http = Http(symbols, 100.0)
    sent = {"n": 0}
    start = asyncio.Event()
    connections = {"n": 0}
    expected_connections = (len(symbols) + 199) // 200

    async def feed(ws):
        streams = ws.request.path.split("streams=", 1)[1].split("/") if "streams=" in ws.request.path else []
        mine = sorted({s.split("@")[0].upper() for s in streams}) or symbols
        connections["n"] += 1
        if connections["n"] >= expected_connections:
            start.set()
        await start.wait()
        await asyncio.sleep(1.0)     # every bridge done
        ticks = int(args.rate * args.seconds)
        interval = 1.0 / args.rate
        began = time.perf_counter()
        for t in range(ticks):
            for i, symbol in enumerate(mine):
                await ws.send(trade(symbol, 100.0 + (t % 10) * 0.01 + i * 1e-6))
                sent["n"] += 1
            wait = began + (t + 1) * interval - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
        await ws.wait_closed()

    server = await asyncio.start_server(http.handle, "127.0.0.1", 0)
    http_port = server.sockets[0].getsockname()[1]
    async with serve(feed, "127.0.0.1", 0, compression=None, ping_interval=None, max_queue=None) as ws_server:
        ws_port = list(ws_server.sockets)[0].getsockname()[1]
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            favorites = [s[:-4] for s in symbols]
            rules = write_rules(folder, http_port, ws_port, favorites, '{"id": "never", "coin": "*", "when": {"crosses_above": 1000000}}')
            proc = subprocess.Popen(command(args, rules, folder / "state.json", peer), stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, text=True)
            await asyncio.wait_for(start.wait(), 60)
            await asyncio.sleep(1.0)
            cpu0, t0 = cpu_seconds(proc.pid), time.perf_counter()
            total = args.symbols * int(args.rate * args.seconds)
            while sent["n"] < total:
                await asyncio.sleep(0.2)
            await asyncio.sleep(1.0)
            cpu1, t1 = cpu_seconds(proc.pid), time.perf_counter()
            rss = peak_rss_mib(proc.pid)
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=60)
    server.close()
    taken = re.findall(r"stopped after (\d+) prices", err)
    return {"symbols": args.symbols, "rate": args.rate, "seconds": args.seconds, "sent": sent["n"],
            "taken": int(taken[-1]) if taken else None, "cpu_pct_one_core": 100 * (cpu1 - cpu0) / (t1 - t0),
            "peak_rss_mib": rss, "wall_s": t1 - t0}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(HERE.parent / ".build/release/coinwatch"))
    parser.add_argument("--latency-messages", type=int, default=10000)
    parser.add_argument("--symbols", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--peer", action="store_true")
    parser.add_argument("--only", choices=["latency", "load"])
    parser.add_argument("--json")
    args = parser.parse_args()
    results = {}
    for name, job in (("latency", latency), ("load", load)):
        if args.only and args.only != name:
            continue
        results[name] = asyncio.run(job(args))
        print(name, json.dumps(results[name]), flush=True)
        if args.peer:
            results[name + "_peer"] = asyncio.run(job(args, peer=True))
            print(name + "_peer", json.dumps(results[name + "_peer"]), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
