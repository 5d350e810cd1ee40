import CoinWatchSupport
/// Recorded prices of one coin in one currency, whichever provider served them.
package struct PriceSeries: Codable, Sendable, Equatable, StateRecord {
    /// When coinwatch first recorded a price for it (seconds since 1970).
    package var firstSeen: Double
    /// Since when every price coinwatch recorded is still in `points` (seconds since 1970): the
    /// first record, moved forward whenever pruning drops older points. A window that the
    /// provider does not report counts as watched only when it starts at or after this instant,
    /// so a long window added after history was pruned for shorter ones still waits.
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
    /// In memory only: when `prune` last thinned the points (the `HistoryTiers.slot` of its `now`)
    /// and the time of the newest point then old enough to be thinned; nil once the points were
    /// changed from outside. While both still hold, thinning again would change nothing.
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
    package init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }

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
