import CoinWatchSupport
/// One recorded price. Encoded as a two-element array `[time, price]` to keep state small.
package struct PricePoint: Codable, Sendable, Equatable {
    /// When it was recorded, seconds since 1970.
    package var time: Double
    /// The price, in the series' quote currency.
    package var price: Double

    package init(time: Double, price: Double) {
        self.time = time
        self.price = price
    }

    package init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        time = try c.decode(Double.self)
        price = try c.decode(Double.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(time)
        try c.encode(price)
    }
}

extension StateValue where Value == PricePoint {
    /// `[time, price]`, as `PricePoint`'s `Codable` writes it.
    static var point: StateValue {
        StateValue(read: { reader in
            guard reader.take(UInt8(ascii: "[")), let time = reader.number(), reader.take(UInt8(ascii: ",")),
                  let price = reader.number(), reader.take(UInt8(ascii: "]")) else { return nil }
            return PricePoint(time: time, price: price)
        }, write: { point, out in
            out.append(UInt8(ascii: "["))
            try StateWriter.number(point.time, &out)
            out.append(UInt8(ascii: ","))
            try StateWriter.number(point.price, &out)
            out.append(UInt8(ascii: "]"))
        })
    }
}
