import CoinWatchSupport
/// Recorded prices of one coin in one currency, whichever provider served them.
package struct PriceSeries: Codable, Sendable, Equatable, StateRecord {
    /// When coinwatch first recorded a price for it (seconds since 1970).
    package var firstSeen: Double
    /// Since when every price coinwatch recorded is still in `points`, in seconds since 1970; a window the
    /// provider does not report counts as watched only from here.
    package var coveredFrom: Double
    /// Recorded points, oldest first.
    package var points: [PricePoint] {
        get { storedPoints }
        _modify {
            thinnedAt = nil
            yield &storedPoints
        }
        set {
            thinnedAt = nil
            storedPoints = newValue
        }
    }
    /// The points; `PriceHistory` records and prunes them here, keeping `thinnedAt` true.
    var storedPoints: [PricePoint]
    /// In memory only: the `HistoryTiers.slot` of the last thinning and the newest point it thinned;
    /// nil once the points were changed from outside.
    var thinnedAt: (slot: Double, agedThrough: Double?)?

    /// A series first seen at `firstSeen` whose history is complete from then on.
    package init(firstSeen: Double, points: [PricePoint] = []) {
        self.init(firstSeen: firstSeen, coveredFrom: firstSeen, points: points)
    }

    /// A series whose history is complete only from `coveredFrom` on.
    package init(firstSeen: Double, coveredFrom: Double, points: [PricePoint] = []) {
        self.firstSeen = firstSeen
        self.coveredFrom = max(firstSeen, coveredFrom)
        self.storedPoints = points
    }

    /// `first_seen` required; a file without `covered_from` (or with null) is trusted only from its
    /// oldest point on; missing or null `points` are none.
    package static let fields = StateFields<PriceSeries>(blank: {
        var blank = PriceSeries(firstSeen: 0)
        blank.coveredFrom = .nan  // "not read": `completed` derives it
        return blank
    }(), [
        .required("first_seen", \.firstSeen, .number),
        .defaulted("points", \.points, .array(.point), default: []),
        .defaulted("covered_from", \.coveredFrom, .number, default: .nan),
    ], completed: { series in
        var series = series
        if series.coveredFrom.isNaN { series.coveredFrom = max(series.firstSeen, series.points.first?.time ?? series.firstSeen) }
        return series
    })

    /// Equal recorded history (what `prune` remembers of its last thinning aside).
    package static func == (a: PriceSeries, b: PriceSeries) -> Bool {
        a.firstSeen == b.firstSeen && a.coveredFrom == b.coveredFrom && a.storedPoints == b.storedPoints
    }

    /// The most recent recorded price.
    package var last: PricePoint? { points.last }

    /// Whether the recorded history covers the whole `seconds` before `now`.
    package func covers(_ seconds: Double, now: Double) -> Bool {
        now - coveredFrom >= seconds
    }
}

extension PriceSeries {
    /// Puts the provider's price history before what coinwatch recorded (SPEC §2 `new_high`, §7); the
    /// series then counts as complete from `start` (seconds since 1970).
    package mutating func seed(_ history: [PricePoint], from start: Double) {
        let first = points.first?.time ?? .infinity
        let older = history.filter { $0.time < first && $0.time >= start }
        if !older.isEmpty { points = older + points }
        firstSeen = min(firstSeen, start)
        coveredFrom = min(coveredFrom, start)
    }
}
