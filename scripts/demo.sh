#!/usr/bin/env bash
# make demo: rules.example.json through the real pipeline (libcurl, CoinGecko decoder, rules,
# state, sinks), offline. Each pass reads a recorded CoinGecko /coins/markets capture through
# a file:// base_url: June 2021, then January 2023, then March 2025, then March 2025 again.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.build/release/coinwatch"
work=$(mktemp -d "${TMPDIR:-/tmp}/coinwatch-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The example rules, with the provider pointed at a recorded day and the Slack sink at a file
# (the demo has no network and no Slack token).
derive() {
  python3 - "$root/rules.example.json" "$work/rules.json" "file://$root/Fixtures/demo/$1" <<'PY'
import json, sys
src, dst, base = sys.argv[1:4]
rules = json.load(open(src))
rules.pop("$schema", None)
rules["providers"] = [{"name": "coingecko", "base_url": base, "cache_ttl": "0s"}]
rules["sinks"]["team-chat"] = {"type": "file", "path": "team-chat.jsonl"}
json.dump(rules, open(dst, "w"), indent=2)
PY
}

pass() {
  derive "$1"
  echo "--- pass $2: prices of $3 ---"
  "$bin" --once --rules "$work/rules.json" --state "$work/state.json"
}

derive day1
echo "=== coinwatch check ==="
"$bin" check --rules "$work/rules.json"
echo
echo "=== four passes (each prints only what fires) ==="
pass day1 1 "2021-06-24"
pass day2 2 "2023-01-08"
pass day3 3 "2025-03-04"
pass day3 4 "2025-03-04 again: level rules stay quiet while true, nothing repeats"
echo
echo "=== the file sink (alerts.jsonl, JSON Lines) ==="
cat "$work/alerts.jsonl"
echo
echo "=== coinwatch state show ==="
"$bin" state show --state "$work/state.json"
