/// Formats prices, percentages and large amounts for people (chat messages, stdout).
public enum NumberText {
    /// A price in `vs`: `$100,250.50`, `$0.00001234`, `₩45,000,000`, `0.06412 ETH`.
    public static func money(_ value: Double, vs: String) -> String {
        let code = vs.lowercased()
        let sign = value < 0 ? "-" : ""
        let magnitude = abs(value)
        let decimals: Int
        switch code {
        case "krw", "jpy": decimals = magnitude >= 100 ? 0 : magnitude >= 1 ? 2 : significantDecimals(magnitude)
        default: decimals = magnitude >= 1 ? 2 : significantDecimals(magnitude)
        }
        let digits = fixed(magnitude, decimals: decimals, grouped: true)
        if let symbol = symbols[code] { return sign + symbol + digits }
        return sign + digits + " " + code.uppercased()
    }

    /// A signed percentage with two decimals: `+2.31%`, `-12.50%`; a change that rounds to
    /// zero reads `+0.00%`, never `-0.00%`.
    public static func percent(_ value: Double) -> String {
        let digits = fixed(abs(value), decimals: 2, grouped: true)
        return (value < 0 && digits != "0.00" ? "-" : "+") + digits + "%"
    }

    /// A large amount abbreviated: `$1.53T`, `$845.20M`, `12.30K ETH`.
    public static func abbreviated(_ value: Double, vs: String) -> String {
        let magnitude = abs(value)
        for (suffix, size) in [("T", 1e12), ("B", 1e9), ("M", 1e6), ("K", 1e3)] where magnitude >= size {
            let text = fixed(magnitude / size, decimals: 2, grouped: false) + suffix
            let sign = value < 0 ? "-" : ""
            if let symbol = symbols[vs.lowercased()] { return sign + symbol + text }
            return sign + text + " " + vs.uppercased()
        }
        return money(value, vs: vs)
    }

    /// A plain number without trailing zeros (thresholds in templates): `100000`, `2.5`.
    public static func plain(_ value: Double) -> String { JSONOut.number(value) }

    private static let symbols: [String: String] = [
        "usd": "$", "usdt": "$", "usdc": "$", "eur": "€", "gbp": "£", "jpy": "¥", "krw": "₩",
        "inr": "₹", "cny": "CN¥", "btc": "₿",
    ]

    /// Decimals that show four significant digits of a value below 1 (at least 2).
    private static func significantDecimals(_ magnitude: Double) -> Int {
        guard magnitude > 0 else { return 2 }
        var decimals = 3
        var scaled = magnitude
        while scaled < 1, decimals < 18 {
            scaled *= 10
            decimals += 1
        }
        return max(2, decimals)
    }

    /// `value` rounded to `decimals` places, with thousands separators when `grouped`.
    static func fixed(_ value: Double, decimals: Int, grouped: Bool) -> String {
        guard value.isFinite else { return "\(value)" }
        guard value < 9e15 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaledValue = (value * scale).rounded()
        guard scaledValue < 9e18 else { return "\(value)" }
        let scaled = UInt64(scaledValue)
        let unit = UInt64(scale)
        // Digits written straight into bytes (every alert formats its prices): the whole part from
        // the right with a comma every three digits when `grouped`, then the zero-padded fraction.
        var out: [UInt8] = []
        out.reserveCapacity(28 + decimals)
        var whole = scaled / unit
        var written = 0
        repeat {
            if grouped, written > 0, written % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "0") + UInt8(whole % 10))
            whole /= 10
            written += 1
        } while whole > 0
        out.reverse()
        if decimals > 0 {
            out.append(UInt8(ascii: "."))
            let start = out.count
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals))
            var fraction = scaled % unit
            var position = out.count - 1
            while fraction > 0, position >= start {
                out[position] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
                position -= 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
