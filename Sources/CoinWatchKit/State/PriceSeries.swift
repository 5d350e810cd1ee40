/// Recorded prices of one coin in one currency, whichever provider served them.
public struct PriceSeries: Codable, Sendable, Equatable {
    /// When coinwatch first recorded a price for it (seconds since 1970).
    public var firstSeen: Double
    /// Since when every price coinwatch recorded is still in `points` (seconds since 1970): the
    /// first record, moved forward whenever pruning drops older points. A window that the
    /// provider does not report counts as watched only when it starts at or after this instant,
    /// so a long window added after history was pruned for shorter ones still waits.
    public var coveredFrom: Double
    /// Recorded points, oldest first.
    public var points: [PricePoint] {
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
    public init(firstSeen: Double, points: [PricePoint] = []) {
        self.init(firstSeen: firstSeen, coveredFrom: firstSeen, points: points)
    }

    /// A series whose history is complete only from `coveredFrom` on.
    public init(firstSeen: Double, coveredFrom: Double, points: [PricePoint] = []) {
        self.firstSeen = firstSeen
        self.coveredFrom = max(firstSeen, coveredFrom)
        self.storedPoints = points
    }

    /// Reads a series; a file without `covered_from` is trusted only from its oldest point on.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        firstSeen = try c.decode(Double.self, forKey: .firstSeen)
        storedPoints = try c.decodeIfPresent([PricePoint].self, forKey: .points) ?? []
        coveredFrom = try c.decodeIfPresent(Double.self, forKey: .coveredFrom)
            ?? max(firstSeen, storedPoints.first?.time ?? firstSeen)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(firstSeen, forKey: .firstSeen)
        try c.encode(coveredFrom, forKey: .coveredFrom)
        try c.encode(storedPoints, forKey: .points)
    }

    /// Equal recorded history (what `prune` remembers of its last thinning aside).
    public static func == (a: PriceSeries, b: PriceSeries) -> Bool {
        a.firstSeen == b.firstSeen && a.coveredFrom == b.coveredFrom && a.storedPoints == b.storedPoints
    }

    private enum CodingKeys: String, CodingKey { case firstSeen = "first_seen", coveredFrom = "covered_from", points }

    /// The most recent recorded price.
    public var last: PricePoint? { points.last }

    /// Whether the recorded history covers the whole `seconds` before `now`.
    public func covers(_ seconds: Double, now: Double) -> Bool {
        now - coveredFrom >= seconds
    }
}
