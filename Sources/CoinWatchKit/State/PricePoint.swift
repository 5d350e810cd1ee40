/// One recorded price. Encoded as a two-element array `[t, p]` to keep state small.
public struct PricePoint: Codable, Sendable, Equatable {
    /// Seconds since 1970.
    public var t: Double
    public var p: Double

    public init(t: Double, p: Double) {
        self.t = t
        self.p = p
    }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        t = try c.decode(Double.self)
        p = try c.decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(t)
        try c.encode(p)
    }
}
