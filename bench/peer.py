"""Runs coinwatch-cli 0.1.0 (the peer) against the bench's loopback servers.

coinwatch-cli has no base-URL setting: its sources keep their API roots in class constants
(`CoinGecko.BASE`, `Binance.BASE`, `OKX.BASE`) and its Telegram URL is written inside
`notifier._telegram`. This wrapper points those at loopback, then calls the peer's own entry
point (`coinwatch.cli:main`, what its `coinwatch` console script runs) with the arguments given.
Nothing else of the peer is changed. Environment: BENCH_COINGECKO (the `/api/v3` root),
BENCH_DEAD (an URL that refuses, for the failover sources), BENCH_TELEGRAM (receiver root).
"""

import os
import sys

from coinwatch import cli, notifier
from coinwatch.sources import binance, coingecko, okx

coingecko.CoinGecko.BASE = os.environ["BENCH_COINGECKO"] + "/simple/price"
binance.Binance.BASE = os.environ["BENCH_DEAD"] + "/api/v3/ticker/24hr"
okx.OKX.BASE = os.environ["BENCH_DEAD"] + "/api/v5/market/tickers?instType=SPOT"

_post_json = notifier._post_json
_telegram_root = os.environ.get("BENCH_TELEGRAM", "")


def _post_json_loopback(url: str, payload: dict) -> None:
    if _telegram_root and url.startswith("https://api.telegram.org/"):
        url = _telegram_root + url[len("https://api.telegram.org"):]
    _post_json(url, payload)


notifier._post_json = _post_json_loopback

sys.exit(cli.main(sys.argv[1:]))
