#!/usr/bin/env bash
# Fuzzes coinwatch's parsers with libFuzzer: builds the library targets instrumented (swiftc
# -sanitize=fuzzer,address), then runs each target for FUZZ_SECONDS seconds, seeded from Fixtures/
# and from every kept regression input. A crash stops the run and names the input to keep.
#   FUZZ_SECONDS=60 (per target)   FUZZ_TARGETS="rules coingecko coinpaprika bithumb upbit binance state duration retry-after"
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-"rules coingecko coinpaprika bithumb upbit binance state duration retry-after"}
OUT=.build/fuzz
SWIFTC=${SWIFTC:-swiftc}
FLAGS=(-sanitize=fuzzer,address -swift-version 6 -enable-upcoming-feature ExistentialAny -O -g)
# Every system library target (Sources/C*/module.modulemap): its folder on the include path, its
# `link` library on the link line.
LIBS=()
for map in Sources/C*/module.modulemap; do
    FLAGS+=(-I "$(dirname "$map")")
    while read -r lib; do LIBS+=(-l"$lib"); done < <(sed -n 's/^ *link "\(.*\)".*/\1/p' "$map")
done
mkdir -p "$OUT"

# The instrumented library targets, in dependency order (Package.swift), each rebuilt when a source
# of it or of a target below it changed.
MODULES=(CoinWatchSupport CoinWatchTransport CoinWatchMarket CoinWatchRules CoinWatchState CoinWatchChart CoinWatchEngine)
stale=0
for module in "${MODULES[@]}"; do
    lib="$OUT/lib$module.a"
    if [ "$stale" = 1 ] || [ ! -f "$lib" ] || [ -n "$(find "Sources/$module" -name '*.swift' -newer "$lib" | head -1)" ]; then
        stale=1
        echo "fuzz: building instrumented $module"
        # shellcheck disable=SC2046
        "$SWIFTC" "${FLAGS[@]}" -I "$OUT" -parse-as-library -enable-testing -package-name coinwatch -emit-library -static \
            -module-name "$module" -emit-module -emit-module-path "$OUT/$module.swiftmodule" \
            $(find "Sources/$module" -name '*.swift' | sort) -o "$lib"
    fi
done
# The static libraries go on the link line top layer first, so each finds the layers below it.
"$SWIFTC" "${FLAGS[@]}" -parse-as-library -package-name coinwatch -I "$OUT" Fuzz/Entry.swift Tests/TestHelpers/FuzzTargets.swift \
    Tests/TestHelpers/PriceProvider+Decode.swift \
    -L "$OUT" $(printf -- '-l%s ' $(printf '%s\n' "${MODULES[@]}" | tac)) "${LIBS[@]}" -o "$OUT/coinwatch-fuzz" 2> >(grep -v "Cannot export local symbol" >&2)

# seeds TARGET: the Fixtures files a target starts from.
seeds() {
    case "$1" in
        rules) echo rules.example.json; find Fixtures/rules -type f 2>/dev/null || true ;;
        state|duration|retry-after) ;;   # seeds of their own only (Fixtures/fuzz/seeds/<target>)
        *) find "Fixtures/real/$1" -type f 2>/dev/null || true ;;   # a provider: its real captures
    esac
    find "Fixtures/fuzz/seeds/$1" "Fixtures/fuzz/regressions/$1" -type f -not -name ".*" 2>/dev/null || true
}

total=0
for target in $TARGETS; do
    corpus="$OUT/corpus/$target"
    artifacts="$OUT/artifacts/$target/"
    mkdir -p "$corpus" "$artifacts"
    seeds "$target" | while read -r seed; do cp "$seed" "$corpus/seed-$(basename "$seed")"; done
    dict=()
    [ -f "Fuzz/$target.dict" ] && dict=(-dict="Fuzz/$target.dict")
    log="$OUT/$target.log"
    status=0
    # Inputs up to 64 KiB: the large captures (Binance all symbols, 531 KiB) are cut, the small ones stay whole.
    COINWATCH_FUZZ_TARGET=$target "$OUT/coinwatch-fuzz" -max_total_time="$SECONDS_PER_TARGET" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$artifacts" "${dict[@]}" "$corpus" >"$log" 2>&1 || status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    total=$((total + runs))
    if [ "$status" -ne 0 ]; then
        echo "fuzz: $target FOUND A CRASH after $runs inputs; see $log"
        ls "$artifacts"
        echo "fuzz: fix it, then keep the input: cp $artifacts<file> Fixtures/fuzz/regressions/$target/"
        exit 1
    fi
    echo "fuzz: $target: $runs inputs in ${SECONDS_PER_TARGET}s, no crash (corpus $(ls "$corpus" | wc -l) files)"
done
echo "fuzz: $total inputs in all, no crash"
