/// A message being written as UTF-8 bytes, with prices in one currency.
struct MessageText {
    /// The currency of the prices.
    let vs: String
    private var bytes: [UInt8] = []

    /// A message that starts with `symbol`.
    init(vs: String, symbol: String) {
        self.vs = vs
        bytes.reserveCapacity(128)
        bytes.append(contentsOf: symbol.utf8)
    }

    /// The message.
    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// `text`, then `value` as money when there is one.
    mutating func text(_ text: String, money value: Double? = nil) {
        bytes.append(contentsOf: text.utf8)
        if let value { NumberText.writeMoney(value, vs: vs, into: &bytes) }
    }

    /// `text`, then `low`–`high` as money.
    mutating func text(_ text: String, from low: Double, to high: Double) {
        self.text(text, money: low)
        self.text("–", money: high)
    }

    /// `text`, `value` as a signed percentage (`+2.31%`), then `after`.
    mutating func text(_ text: String, percent value: Double, then after: String) {
        bytes.append(contentsOf: text.utf8)
        NumberText.writePercent(value, into: &bytes)
        bytes.append(contentsOf: after.utf8)
    }
}

extension MessageText {
    /// A threshold percentage as written: `5%`, `2.5%`.
    static func percent(_ value: Double) -> String { NumberText.plain(value) + "%" }

    /// A threshold percentage with its sign: `+2%`, `-2%`.
    static func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + NumberText.plain(value) + "%" }
}
