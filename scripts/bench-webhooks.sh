#!/bin/sh
# How long one pass takes to deliver an alert to N webhook sinks whose receiver answers each
# POST after a delay: concurrent delivery takes about one delay, one-at-a-time would take N.
# Usage: scripts/bench-webhooks.sh [N=10] [DELAY_SECONDS=0.5]   (needs python3 and a built coinwatch)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${COINWATCH:-$root/.build/release/coinwatch}
[ -x "$bin" ] || bin=$root/.build/debug/coinwatch
n=${1:-10}
delay=${2:-0.5}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; rm -rf "$work"' EXIT INT TERM

python3 - "$delay" "$work/port" <<'PY' &
import http.server, sys, time
delay = float(sys.argv[1])
class Slow(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        time.sleep(delay)
        self.send_response(200); self.send_header("Content-Length", "2"); self.end_headers(); self.wfile.write(b"ok")
    def log_message(self, *args): pass
http.server.ThreadingHTTPServer.request_queue_size = 1024
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Slow)
open(sys.argv[2], "w").write(str(server.server_address[1]))
server.serve_forever()
PY
server=$!
while [ ! -s "$work/port" ]; do sleep 0.05; done
port=$(cat "$work/port")

python3 - "$n" "$port" "file://$root/Fixtures/demo/day1" "$work/rules.json" <<'PY'
import json, sys
n, port, base, out = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
sinks = {f"hook{i}": {"type": "webhook", "format": "json", "url": f"http://127.0.0.1:{port}/hook{i}"} for i in range(n)}
json.dump({"providers": [{"name": "coingecko", "base_url": base, "cache_ttl": "0s"}],
           "favorites": ["bitcoin"], "defaults": {"notify": list(sinks)},
           "rules": [{"id": "any", "coin": "bitcoin", "when": {"above": 0}}], "sinks": sinks}, open(out, "w"))
PY

start=$(date +%s.%N)
"$bin" --once -q --rules "$work/rules.json" --state "$work/state.json"
end=$(date +%s.%N)
python3 -c "import sys; t=float(sys.argv[2])-float(sys.argv[1]); print(f'{sys.argv[3]} webhook sinks, each answering after {sys.argv[4]} s: one pass took {t:.2f} s (one at a time: at least {int(sys.argv[3])*float(sys.argv[4]):.1f} s)')" "$start" "$end" "$n" "$delay"
