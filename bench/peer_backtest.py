#!/usr/bin/env python3
"""The peer of `coinwatch-bench --backtest` (issue 17): the same plain crossings counted by a
vectorised pandas script a user could write, over the CSVs `coinwatch-bench --backtest 90 20 50
--csv DIR` writes (DIR/coinN.csv: time_ms,price; DIR/lines.csv: coin,line). It applies no notify
rule (no cooldown, no state): just previous < line <= price or previous > line >= price.
Prints one JSON line: crossings counted and the seconds the counting took (CSV reading apart)."""
import json
import sys
import time

import pandas as pd


def main(folder):
    lines = pd.read_csv(f"{folder}/lines.csv")
    frames = {coin: pd.read_csv(f"{folder}/{coin}.csv") for coin in lines["coin"].unique()}
    began = time.perf_counter()
    total = 0
    for coin, line in zip(lines["coin"], lines["line"]):
        price = frames[coin]["price"]
        previous = price.shift(1)
        crossed = ((previous < line) & (line <= price)) | ((previous > line) & (line >= price))
        total += int(crossed.sum())
    seconds = time.perf_counter() - began
    print(json.dumps({"crossings": total, "count_s": round(seconds, 3)}))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "bench-backtest")
