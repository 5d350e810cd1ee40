/// One recorded price. Encoded as a two-element array `[time, price]` to keep state small.
public struct PricePoint: Codable, Sendable, Equatable {
    /// When it was recorded, seconds since 1970.
    public var time: Double
    /// The price, in the series' quote currency.
    public var price: Double

    public init(time: Double, price: Double) {
        self.time = time
        self.price = price
    }

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        time = try c.decode(Double.self)
        price = try c.decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(time)
        try c.encode(price)
    }
}
