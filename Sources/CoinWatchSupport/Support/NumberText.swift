/// Formats prices, percentages and large amounts for people (chat messages, stdout).
package enum NumberText {
    /// A price in `vs`: `$100,250.50`, `$0.00001234`, `₩45,000,000`; a currency without a symbol of
    /// its own reads its code first, `USDT 3,976.29`, `ETH 0.06412` (never `$` but for the US dollar).
    package static func money(_ value: Double, vs: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(32)
        writeMoney(value, vs: vs, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `money(value, vs:)` appended to `out` as UTF-8 (an alert's message is written in one buffer).
    package static func writeMoney(_ value: Double, vs: String, into out: inout [UInt8]) {
        let code = vs.lowercasedKey
        if value < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = abs(value)
        let decimals: Int
        switch code {
        case "krw", "jpy": decimals = magnitude >= 100 ? 0 : magnitude >= 1 ? 2 : significantDecimals(magnitude)
        default: decimals = magnitude >= 1 ? 2 : significantDecimals(magnitude)
        }
        if let symbol = symbol(code) {
            out.append(contentsOf: symbol.utf8)
        } else {
            out.append(contentsOf: code.uppercased().utf8)
            out.append(UInt8(ascii: " "))
        }
        writeFixed(magnitude, decimals: decimals, grouped: true, into: &out)
    }

    /// `percent(value)` appended to `out` as UTF-8.
    package static func writePercent(_ value: Double, into out: inout [UInt8]) {
        // The digits read "0.00" exactly when the magnitude rounds to 0 hundredths.
        let roundsToZero = (abs(value) * 100).rounded() == 0
        out.append(value < 0 && !roundsToZero ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        writeFixed(abs(value), decimals: 2, grouped: true, into: &out)
        out.append(UInt8(ascii: "%"))
    }

    /// A signed percentage with two decimals (`+2.31%`, `-12.50%`), never `-0.00%`.
    package static func percent(_ value: Double) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(16)
        writePercent(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A large amount abbreviated: `$1.53T`, `$845.20M`, `ETH 12.30K`.
    package static func abbreviated(_ value: Double, vs: String) -> String {
        let magnitude = abs(value)
        for (suffix, size) in [("T", 1e12), ("B", 1e9), ("M", 1e6), ("K", 1e3)] where magnitude >= size {
            let text = fixed(magnitude / size, decimals: 2, grouped: false) + suffix
            let sign = value < 0 ? "-" : ""
            return sign + (symbols[vs.lowercased()] ?? vs.uppercased() + " ") + text
        }
        return money(value, vs: vs)
    }

    /// A plain number without trailing zeros (thresholds in templates): `100000`, `2.5`.
    package static func plain(_ value: Double) -> String {
        guard value.isFinite, value.magnitude >= 9_007_199_254_740_992 else { return JSONOut.number(value) }
        var out: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        writeDigits(value.magnitude, decimals: 0, grouped: false, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static let symbols: [String: String] = [
        "usd": "$", "eur": "€", "gbp": "£", "jpy": "¥", "krw": "₩",
        "inr": "₹", "cny": "CN¥", "btc": "₿",
    ]

    /// The symbol before an amount in lower-case `code`, nil for one written by its code (`usd` without hashing).
    private static func symbol(_ code: String) -> String? {
        code == "usd" ? "$" : symbols[code]
    }

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

    /// `value` rounded to `decimals` places, with thousands separators when `grouped`, between `prefix` and `suffix`.
    package static func fixed(_ value: Double, decimals: Int, grouped: Bool, prefix: String = "", suffix: String = "") -> String {
        var out: [UInt8] = Array(prefix.utf8)
        out.reserveCapacity(out.count + 32 + max(decimals, 0) + suffix.utf8.count)
        writeFixed(value, decimals: decimals, grouped: grouped, into: &out)
        out.append(contentsOf: suffix.utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// `fixed(value, decimals:grouped:)` appended to `out` as UTF-8.
    package static func writeFixed(_ value: Double, decimals: Int, grouped: Bool, into out: inout [UInt8]) {
        guard value.isFinite, value < 9e15 else {
            writeDigits(value, decimals: decimals, grouped: grouped, into: &out)
            return
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaledValue = (value * scale).rounded()
        guard scaledValue < 9e18 else {
            writeDigits(value, decimals: decimals, grouped: grouped, into: &out)
            return
        }
        let scaled = UInt64(scaledValue)
        let unit = UInt64(scale)
        // Written right to left into a stack buffer, then appended in one go: every alert formats its prices.
        let capacity = 32 + max(decimals, 0)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var position = capacity
            if decimals > 0 {
                var fraction = scaled % unit
                for _ in 0..<decimals {
                    position -= 1
                    buffer[position] = UInt8(ascii: "0") + UInt8(fraction % 10)
                    fraction /= 10
                }
                position -= 1
                buffer[position] = UInt8(ascii: ".")
            }
            var whole = scaled / unit
            var written = 0
            repeat {
                if grouped, written > 0, written % 3 == 0 {
                    position -= 1
                    buffer[position] = UInt8(ascii: ",")
                }
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                written += 1
            } while whole > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position..<capacity]))
        }
    }

    /// `value` (not negative) too large for `writeFixed`'s integer arithmetic, in plain digits all the same: its
    /// shortest digits (`description`) moved past the point by the exponent and filled with zeros (`1e+29` is
    /// 1 and 29 zeros), its fraction cut or filled to `decimals`; infinity and NaN as Swift writes them.
    private static func writeDigits(_ value: Double, decimals: Int, grouped: Bool, into out: inout [UInt8]) {
        let text = value.description
        guard value.isFinite, let mantissa = text.split(separator: "e").first else {
            out.append(contentsOf: text.utf8)
            return
        }
        let exponent = text.split(separator: "e").dropFirst().first.flatMap { Int($0) } ?? 0
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = Array(parts[0].utf8) + Array((parts.count > 1 ? parts[1] : "").utf8)
        var point = parts[0].utf8.count + exponent
        if point <= 0 {
            digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: 1 - point), at: 0)
            point = 1
        }
        if digits.count < point + max(decimals, 0) {
            digits += repeatElement(UInt8(ascii: "0"), count: point + max(decimals, 0) - digits.count)
        }
        for (index, digit) in digits[..<point].enumerated() {
            if grouped, index > 0, (point - index) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(digit)
        }
        if decimals > 0 {
            out.append(UInt8(ascii: "."))
            out.append(contentsOf: digits[point..<(point + decimals)])
        }
    }
}
