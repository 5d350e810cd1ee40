#!/usr/bin/env python3
"""The peer of `coinwatch-bench --backtest` (issue 17): the same plain crossings counted by a
vectorised pandas script a user could write, over the CSVs `coinwatch-bench --backtest 90 20 50
--csv DIR` writes (DIR/coinN.csv: time_ms,price,low,high of 1-minute candles; DIR/lines.csv:
coin,line). It applies no notify rule (no cooldown, no state): a line is crossed up when the
previous close is below it and the candle reached it (previous < line <= max(close, high)), down
when the previous close is above it and the candle reached it (previous > line >= min(close, low)),
the wick rule of SPEC §2.
Prints one JSON line: crossings counted and the seconds the counting took (CSV reading apart)."""
import json
import sys
import time

import numpy as np
import pandas as pd


def main(folder):
    lines = pd.read_csv(f"{folder}/lines.csv")
    frames = {coin: pd.read_csv(f"{folder}/{coin}.csv") for coin in lines["coin"].unique()}
    began = time.perf_counter()
    total = 0
    wicks = {}
    for coin, frame in frames.items():
        close = frame["price"]
        wicks[coin] = (close.shift(1), np.maximum(close, frame["high"]), np.minimum(close, frame["low"]))
    for coin, line in zip(lines["coin"], lines["line"]):
        previous, highest, lowest = wicks[coin]
        crossed = ((previous < line) & (line <= highest)) | ((previous > line) & (line >= lowest))
        total += int(crossed.sum())
    seconds = time.perf_counter() - began
    print(json.dumps({"crossings": total, "count_s": round(seconds, 3)}))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "bench-backtest")
