#!/usr/bin/env python3
"""Golden indicator values for coinwatch's tests, computed by TA-Lib (PyPI `ta-lib`).

Reads the real candle captures in Fixtures/real/history/ exactly as captured, sorts each by time
(the later of two rows for one time wins, as coinwatch's decoders do), and writes
Fixtures/golden/indicators.json: per capture and per indicator, the value at every candle as
coinwatch defines it (SPEC §2): TA-Lib over the last 250 closed candles ending at that candle
(fewer while the history is shorter), null during the warm-up.

    pip install ta-lib numpy
    python3 scripts/golden_indicators.py
"""
import json
import os
import sys

import numpy
import talib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
HISTORY = os.path.join(ROOT, "Fixtures", "real", "history")
OUT = os.path.join(ROOT, "Fixtures", "golden", "indicators.json")
WINDOW = 250


def binance(rows):
    return [(int(r[0]), float(r[4]), float(r[5])) for r in rows]


def upbit(rows):
    return [(iso_ms(r["candle_date_time_utc"] + "Z"), float(r["trade_price"]),
             float(r["candle_acc_trade_volume"])) for r in rows]


def paprika(rows):
    return [(iso_ms(r["time_open"]), float(r["close"]), float(r["volume"])) for r in rows]


def gecko_ohlc(rows):
    return [(int(r[0]), float(r[4]), None) for r in rows]


def gecko_chart(doc):
    return [(int(r[0]), float(r[1]), None) for r in doc["prices"] if r[1] is not None]


def iso_ms(text):
    from datetime import datetime
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


CAPTURES = [
    ("binance-klines_ETHUSDT_1h_240-rows_python-binance_pretty-printed_2021-11-18.json", "binance", "1h", binance),
    ("upbit-candles-minutes-1_KRW-BTC_count-200_KST-1700-2020_pretty-printed_2020-02-20.json", "upbit", "1m", upbit),
    ("coinpaprika-ohlcv-historical_eth-ethereum_quotes-USD_start-2022-01-19_end-2022-04-19_2022-04-19.json",
     "coinpaprika", "1d", paprika),
    ("coingecko-ohlc_bitcoin_vs-myr_days-30_4h-candles_2021-05-15.json", "coingecko-ohlc", "4h", gecko_ohlc),
    ("coingecko-market-chart_terra-luna_vs-usd_days-max_interval-daily_2022-07-06.json", "coingecko", "1d", gecko_chart),
]

# (name in the golden file, function of a numpy window of closes -> the last value)
INDICATORS = [
    ("rsi14", lambda c: talib.RSI(c, timeperiod=14)),
    ("rsi6", lambda c: talib.RSI(c, timeperiod=6)),
    ("sma20", lambda c: talib.SMA(c, timeperiod=20)),
    ("sma50", lambda c: talib.SMA(c, timeperiod=50)),
    ("ema12", lambda c: talib.EMA(c, timeperiod=12)),
    ("ema50", lambda c: talib.EMA(c, timeperiod=50)),
    ("bb20_upper", lambda c: talib.BBANDS(c, timeperiod=20, nbdevup=2, nbdevdn=2, matype=0)[0]),
    ("bb20_lower", lambda c: talib.BBANDS(c, timeperiod=20, nbdevup=2, nbdevdn=2, matype=0)[2]),
]


def rows_of(name, decode):
    with open(os.path.join(HISTORY, name)) as f:
        rows = decode(json.load(f))
    by_time = {}
    for t, close, volume in rows:
        by_time[t] = (close, volume)
    return [(t,) + by_time[t] for t in sorted(by_time)]


def main():
    series = []
    for name, provider, timeframe, decode in CAPTURES:
        rows = rows_of(name, decode)
        closes = numpy.array([r[1] for r in rows], dtype=float)
        values = {}
        for key, function in INDICATORS:
            out = []
            for i in range(len(closes)):
                window = closes[max(0, i + 1 - WINDOW): i + 1]
                last = function(window)[-1]
                out.append(None if numpy.isnan(last) else float(last))
            values[key] = out
        series.append({"file": name, "provider": provider, "timeframe": timeframe, "count": len(rows),
                       "closes": [float(c) for c in closes], "values": values})
    doc = {"generator": "scripts/golden_indicators.py", "talib": talib.__version__, "window": WINDOW, "series": series}
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=None, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {OUT}: {len(series)} series", file=sys.stderr)


if __name__ == "__main__":
    main()
