/// Formats prices, percentages and large amounts for people (chat messages, stdout).
public enum NumberText {
    /// A price in `vs`: `$100,250.50`, `$0.00001234`, `₩45,000,000`, `0.06412 ETH`.
    public static func money(_ value: Double, vs: String) -> String {
        // Most currencies arrive lower-case already: no new string for them.
        let code = isLowercaseASCII(vs) ? vs : vs.lowercased()
        let sign = value < 0 ? "-" : ""
        let magnitude = abs(value)
        let decimals: Int
        switch code {
        case "krw", "jpy": decimals = magnitude >= 100 ? 0 : magnitude >= 1 ? 2 : significantDecimals(magnitude)
        default: decimals = magnitude >= 1 ? 2 : significantDecimals(magnitude)
        }
        if let symbol = symbol(code) { return fixed(magnitude, decimals: decimals, grouped: true, prefix: sign + symbol) }
        let digits = fixed(magnitude, decimals: decimals, grouped: true)
        return sign + digits + " " + code.uppercased()
    }

    /// A signed percentage with two decimals: `+2.31%`, `-12.50%`; a change that rounds to
    /// zero reads `+0.00%`, never `-0.00%`.
    public static func percent(_ value: Double) -> String {
        // The digits read "0.00" exactly when the magnitude rounds to 0 hundredths.
        let roundsToZero = (abs(value) * 100).rounded() == 0
        return fixed(abs(value), decimals: 2, grouped: true, prefix: value < 0 && !roundsToZero ? "-" : "+", suffix: "%")
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

    /// Whether `text` is ASCII without capitals (its `lowercased()` is itself).
    private static func isLowercaseASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
    }

    /// The symbol written before an amount in the lower-case currency `code`, nil for a code suffix
    /// (the `symbols` table, without hashing the common case).
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

    /// `value` rounded to `decimals` places, with thousands separators when `grouped`, between
    /// `prefix` and `suffix`.
    static func fixed(_ value: Double, decimals: Int, grouped: Bool, prefix: String = "", suffix: String = "") -> String {
        guard value.isFinite else { return prefix + "\(value)" + suffix }
        guard value < 9e15 else { return prefix + "\(value)" + suffix }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaledValue = (value * scale).rounded()
        guard scaledValue < 9e18 else { return prefix + "\(value)" + suffix }
        let scaled = UInt64(scaledValue)
        let unit = UInt64(scale)
        // Digits written from the right into a stack buffer (every alert formats its prices): the
        // zero-padded fraction, the point, then the whole part with a comma every three digits when
        // `grouped`; the text is made once, with its prefix and suffix.
        let capacity = 32 + max(decimals, 0)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
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
            let digits = UnsafeBufferPointer(rebasing: buffer[position..<capacity])
            var head = prefix
            var tail = suffix
            return head.withUTF8 { head in
                tail.withUTF8 { tail in
                    String(unsafeUninitializedCapacity: head.count + digits.count + tail.count) { out in
                        var at = 0
                        for byte in head {
                            out[at] = byte
                            at += 1
                        }
                        for byte in digits {
                            out[at] = byte
                            at += 1
                        }
                        for byte in tail {
                            out[at] = byte
                            at += 1
                        }
                        return at
                    }
                }
            }
        }
    }
}
