"""Loopback servers for `make bench`: a CoinGecko look-alike and a slow webhook receiver.

Both bind 127.0.0.1 on a free port, answer from threads (ThreadingHTTPServer) so concurrent
requests overlap, and count what they serve. Python standard library only.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def coin_id(index: int) -> str:
    """The id of synthetic coin `index` (1-based): `coin-0001` ... short, so 5000 ids fit one URL."""
    return f"coin-{index:04d}"


def coin_price(index: int) -> float:
    """A deterministic, varied USD price."""
    return round(0.5 + (index * 7919 % 100_000) / 37.0, 6)


def coin_change(index: int) -> float:
    """A deterministic 24h change in percent, spread over -20.0 ... +20.0."""
    return ((index * 37) % 401 - 200) / 10.0


def _market(index: int) -> dict:
    """One `/coins/markets` element with every field the real API sends (see Fixtures/real/coingecko)."""
    price = coin_price(index)
    change = coin_change(index)
    return {
        "id": coin_id(index), "symbol": f"c{index:04d}", "name": f"Coin {index:04d}",
        "image": f"https://assets.example.invalid/coins/images/{index}/large/coin.png?1547033579",
        "current_price": price, "market_cap": round(price * 1_000_000 * (5001 - index), 2),
        "market_cap_rank": index, "fully_diluted_valuation": round(price * 2_100_000 * (5001 - index), 2),
        "total_volume": round(price * 87_000, 2), "high_24h": round(price * 1.03, 6),
        "low_24h": round(price * 0.97, 6), "price_change_24h": round(price * change / 100, 6),
        "price_change_percentage_24h": change, "market_cap_change_24h": 5224372.5,
        "market_cap_change_percentage_24h": 2.25409, "circulating_supply": 18710831.0,
        "total_supply": 21000000.0, "max_supply": 21000000.0, "ath": round(price * 2.5, 6),
        "ath_change_percentage": -60.0, "ath_date": "2021-11-10T14:24:11.849Z",
        "atl": round(price * 0.01, 8), "atl_change_percentage": 9900.0,
        "atl_date": "2013-07-06T00:00:00.000Z", "roi": None,
        "last_updated": "2025-03-04T12:00:00.000Z",
        "price_change_percentage_24h_in_currency": change,
    }


class Counter:
    """Requests served, by path, behind a lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.by_path: dict[str, int] = {}

    def add(self, path: str) -> None:
        with self.lock:
            self.by_path[path] = self.by_path.get(path, 0) + 1

    def total(self) -> int:
        with self.lock:
            return sum(self.by_path.values())

    def reset(self) -> None:
        with self.lock:
            self.by_path.clear()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    # 20 pages fetched at once must not overflow the listen queue (the default is 5).
    request_queue_size = 256


class _Quiet(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:  # no access log on the bench's stderr
        pass

    def _send(self, status: int, body: bytes, content_type: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class PriceServer:
    """CoinGecko `/coins/markets` (ids chunked by the client) and `/simple/price` for `universe` coins."""

    def __init__(self, universe: int) -> None:
        self.latency = 0.0
        self.counter = Counter()
        # Each element pre-serialised once, so the server costs almost nothing per request.
        self.markets = {coin_id(i): json.dumps(_market(i), separators=(",", ":")) for i in range(1, universe + 1)}
        self.simple = {
            coin_id(i): json.dumps({"usd": coin_price(i), "usd_24h_vol": round(coin_price(i) * 87_000, 2),
                                    "usd_24h_change": coin_change(i)}, separators=(",", ":"))
            for i in range(1, universe + 1)
        }
        owner = self

        class Handler(_Quiet):
            def do_GET(self) -> None:
                url = urllib.parse.urlsplit(self.path)
                query = urllib.parse.parse_qs(url.query)
                ids = [i for i in ",".join(query.get("ids", [])).split(",") if i]
                owner.counter.add(url.path)
                if owner.latency:
                    time.sleep(owner.latency)
                if url.path.endswith("/coins/markets"):
                    per_page = int(query.get("per_page", ["100"])[0])
                    page = int(query.get("page", ["1"])[0])
                    found = [owner.markets[i] for i in ids if i in owner.markets]
                    found = found[(page - 1) * per_page:page * per_page]
                    self._send(200, ("[" + ",".join(found) + "]").encode())
                elif url.path.endswith("/simple/price"):
                    parts = [f'"{i}":{owner.simple[i]}' for i in ids if i in owner.simple]
                    self._send(200, ("{" + ",".join(parts) + "}").encode())
                else:
                    self._send(404, b'{"error":"not found"}')

        self.httpd = _Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def root(self) -> str:
        """The base URL to give a client (CoinGecko's `/api/v3` root)."""
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/api/v3"

    def close(self) -> None:
        self.httpd.shutdown()


class WebhookReceiver:
    """Answers every POST (and PUT) with 200 after `delay` seconds; counts them."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.counter = Counter()
        owner = self

        class Handler(_Quiet):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                owner.counter.add(urllib.parse.urlsplit(self.path).path)
                time.sleep(owner.delay)
                self._send(200, b'{"ok":true}')

            do_PUT = do_POST  # Matrix sends m.room.message with PUT

        self.httpd = _Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path: str) -> str:
        """An URL on this receiver."""
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def close(self) -> None:
        self.httpd.shutdown()


if __name__ == "__main__":
    # For profiling by hand: `python3 bench/servers.py [latency seconds]` serves 5000 coins until killed.
    import sys
    server = PriceServer(5000)
    server.latency = float(sys.argv[1]) if len(sys.argv) > 1 else 0.0
    print(server.root, flush=True)
    threading.Event().wait()
