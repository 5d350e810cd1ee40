#!/usr/bin/env python3
"""The alerter a user would otherwise write: asyncio + websockets, one crossing rule, a JSON
webhook. `bench/stream.py --peer` runs it on the same workload as `coinwatch stream`.

Usage: stream_peer.py RULES.json (the bench's rules: one binance provider with base_url and
ws_url, favorites, one crosses/crosses_above rule, one webhook sink). Prints
`stopped after N prices` on stderr at SIGTERM, like `coinwatch stream -v`.
"""

import asyncio
import json
import signal
import sys
import time
import urllib.request
from urllib.parse import urlsplit

import websockets


async def main():
    rules = json.load(open(sys.argv[1]))
    provider = rules["providers"][0]
    rule = rules["rules"][0]
    kind, line = next(iter(rule["when"].items()))
    hook = urlsplit(next(iter(rules["sinks"].values()))["url"])
    symbols = [f + "USDT" for f in rules["favorites"]]
    with urllib.request.urlopen(provider["base_url"] + "/api/v3/ticker/24hr") as answer:
        previous = {t["symbol"]: float(t["lastPrice"]) for t in json.load(answer)}
    taken = 0
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    reader, writer = await asyncio.open_connection(hook.hostname, hook.port)

    async def post(record):
        body = json.dumps(record).encode()
        writer.write(b"POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                     % (hook.path.encode(), hook.hostname.encode(), len(body)) + body)
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        length = int([l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")][0].split(b":")[1])
        await reader.readexactly(length)

    async def follow(chunk):
        nonlocal taken
        streams = "/".join(s.lower() + "@aggTrade" for s in chunk)
        async with websockets.connect(provider["ws_url"] + "/stream?streams=" + streams, max_size=None,
                                      compression=None) as ws:
            async for message in ws:
                data = json.loads(message)["data"]
                symbol, price = data["s"], float(data["p"])
                taken += 1
                before = previous.get(symbol)
                previous[symbol] = price
                if before is None:
                    continue
                up = before < line <= price
                down = before > line >= price
                if (kind == "crosses" and (up or down)) or (kind == "crosses_above" and up):
                    await post({"rule": rule["id"], "coin": symbol, "price": price, "previous": before,
                                "time": time.time()})

    tasks = [asyncio.create_task(follow(symbols[i:i + 200])) for i in range(0, len(symbols), 200)]
    await stop.wait()
    for task in tasks:
        task.cancel()
    print(f"stopped after {taken} prices", file=sys.stderr, flush=True)


if __name__ == "__main__":
    asyncio.run(main())
