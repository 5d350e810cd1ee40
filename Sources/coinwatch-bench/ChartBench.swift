import CoinWatchChart
import CoinWatchSupport

/// `coinwatch-bench --chart [REPEATS]`: the chart image's figures for `make bench` (issue 33): a
/// 30-day chart of hourly prices (720 points, a seeded random walk) with a threshold and the
/// alert's marker, rendered to PNG bytes once cold (cairo opened, the font found) and then
/// `repeats` times warm, in wall time and in this thread's CPU time (what a shared machine's other
/// builds do not inflate). Prints one JSON line.
enum ChartBench {
    /// The 30-day chart measured: 720 hourly points (a seeded random walk), a threshold, the marker.
    static func chart() -> PriceChart {
        let hour: Int64 = 3_600_000
        let start: Int64 = 1_700_000_000_000 / hour * hour
        var price = 60_000.0
        var random = BenchRandom(seed: 0)
        let points: [(time: Int64, price: Double)] = (0..<720).map { index in
            price *= 1 + (random.uniform() - 0.5) * 0.02
            return (start + Int64(index) * hour, price)
        }
        return PriceChart(points: points, pair: "BTC/USD", range: "30d", format: { NumberText.money($0, vs: "usd") },
                          thresholds: [60_000], marker: points[700])
    }

    static func run(repeats: Int) {
        let chart = chart()
        let points = chart.points
        var drawn: Result<[UInt8], OneLineError>?
        let cold = Samples.wall { drawn = chart.png() }
        guard case .success(let bytes)? = drawn else {
            print("{\"error\":\"the chart could not be drawn\"}")
            return
        }
        var times = Samples(), cpu = Samples()
        for _ in 0..<repeats {
            let cpuBegin = Samples.cpu(thread: true)
            times.append(Samples.wall { _ = chart.png() })
            cpu.append(Samples.cpu(thread: true) - cpuBegin)
        }
        print("{\"chart_points\":\(points.count),\"chart_png_bytes\":\(bytes.count),\"chart_cold_ms\":\(cold),"
              + "\"chart_warm_median_ms\":\(times.median),\"chart_warm_min_ms\":\(times.min),"
              + "\"chart_warm_cpu_median_ms\":\(cpu.median),\"chart_warm_cpu_min_ms\":\(cpu.min),\"chart_repeats\":\(repeats)}")
    }
}
