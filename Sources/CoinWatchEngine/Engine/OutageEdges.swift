import CoinWatchSupport
import CoinWatchMarket
import CoinWatchState
/// Provider outages reported at their edges (SPEC §6): one line when a provider starts failing
/// (`coingecko: failing since 12:01 UTC: HTTP 502 Bad Gateway`), at most one an hour while it lasts,
/// one when it answers again (`coingecko: recovered after 14m`); passes in between say nothing of it.
package enum OutageEdges {
    /// Seconds between two "still failing" lines.
    package static let repeatEvery: Double = 3600

    /// What this pass reports.
    package struct Report: Sendable, Equatable {
        /// Lines for stderr (without the `coinwatch: ` prefix).
        package var lines: [String] = []
        /// Providers failing this pass, with the time their outage began.
        package var failing: [String: Double] = [:]
        /// Whether this pass printed something about every failing provider (an edge or the hourly line).
        package var spoke = false
    }

    /// Updates `outages` from this pass's `failures` and the providers that `answered` at `now`; `backoff` names a
    /// rate limit, and every failure's text is scrubbed before it is kept.
    package static func update(failures: [ProviderError], answered: Set<String>, outages: inout [String: Outage],
                              backoff: [String: Double], scrubber: SecretScrubber, now: Double) -> Report {
        var report = Report()
        var spokeOfAll = true
        for failure in failures {
            let name = failure.provider
            let detail = scrubber.scrub(QuoteFetcher.cause(of: failure, provider: name))
            if var outage = outages[name] {
                if case .backingOff = failure {} else { outage.error = detail }
                if now - outage.reported >= repeatEvery || now < outage.reported {
                    report.lines.append("\(name): still failing since \(clock(outage.since)) "
                        + "(\(elapsed(now - outage.since))): \(outage.error)")
                    outage.reported = now
                } else {
                    spokeOfAll = false
                }
                outages[name] = outage
                report.failing[name] = outage.since
            } else {
                var line = "\(name): failing since \(clock(now)): \(detail)"
                if let until = backoff[name], until > now, !detail.text.contains("skipped until") {
                    line += "; rate-limited (HTTP 429), skipped until \(TimeText.iso(until))"
                }
                report.lines.append(line)
                outages[name] = Outage(since: now, reported: now, error: detail)
                report.failing[name] = now
            }
        }
        for (name, outage) in outages where report.failing[name] == nil && answered.contains(name) {
            report.lines.append("\(name): recovered after \(elapsed(now - outage.since))")
            outages[name] = nil
        }
        report.spoke = !failures.isEmpty && spokeOfAll
        return report
    }

    /// `12:01 UTC`.
    static func clock(_ seconds: Double) -> String {
        let iso = TimeText.iso(seconds)
        return String(iso.dropFirst(11).prefix(5)) + " UTC"
    }

    /// A span as `TimeText.duration` writes it, rounded to whole minutes from one minute on: `14m`, `2h5m`, `5s`.
    static func elapsed(_ seconds: Double) -> String {
        TimeText.duration(seconds < 60 ? seconds : (seconds / 60).rounded() * 60)
    }
}
