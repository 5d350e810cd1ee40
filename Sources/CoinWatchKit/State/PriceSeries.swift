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
    public var points: [PricePoint]

    /// A series first seen at `firstSeen` whose history is complete from then on.
    public init(firstSeen: Double, points: [PricePoint] = []) {
        self.init(firstSeen: firstSeen, coveredFrom: firstSeen, points: points)
    }

    /// A series whose history is complete only from `coveredFrom` on.
    public init(firstSeen: Double, coveredFrom: Double, points: [PricePoint] = []) {
        self.firstSeen = firstSeen
        self.coveredFrom = max(firstSeen, coveredFrom)
        self.points = points
    }

    /// Reads a series; a file without `covered_from` is trusted only from its oldest point on.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        firstSeen = try c.decode(Double.self, forKey: .firstSeen)
        points = try c.decodeIfPresent([PricePoint].self, forKey: .points) ?? []
        coveredFrom = try c.decodeIfPresent(Double.self, forKey: .coveredFrom)
            ?? max(firstSeen, points.first?.time ?? firstSeen)
    }

    private enum CodingKeys: String, CodingKey { case firstSeen = "first_seen", coveredFrom = "covered_from", points }

    /// The most recent recorded price.
    public var last: PricePoint? { points.last }

    /// Whether the recorded history covers the whole `seconds` before `now`.
    public func covers(_ seconds: Double, now: Double) -> Bool {
        now - coveredFrom >= seconds
    }
}
