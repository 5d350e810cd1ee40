import CoinWatchSupport
/// A message being written as UTF-8 bytes, with prices in one currency, and the figures a kind's
/// words can name: the 24h change and the condition's own measured figure (`Alert.value`).
package struct MessageText {
    /// The currency of the prices.
    let vs: String
    /// The quote's 24h change, percent, when the provider reported one.
    let change24h: Double?
    /// The condition's measured figure (the alert's `value`), when it has one.
    let value: Double?
    /// Whether the message is about the holdings' total (`"coin": "portfolio"`), whose price is that total.
    let portfolio: Bool
    /// Whether the words already gave the 24h change, so the message does not repeat it after the price.
    private(set) var saidChange24h = false
    /// Whether the words already gave the price, so the message does not repeat it after them.
    var saidPrice = false
    private var bytes: [UInt8] = []

    /// A message that starts with `symbol` (`Portfolio` for the holdings' total).
    init(vs: String, symbol: String, change24h: Double? = nil, value: Double? = nil, portfolio: Bool = false) {
        self.vs = vs
        self.change24h = change24h
        self.value = value
        self.portfolio = portfolio
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

    /// A move with its direction, then `after`: ` rose 2.31%`, ` fell 12.74%`, ` was flat` (0.00%);
    /// `percent` is signed (a fall is negative), written with two decimals.
    mutating func move(_ percent: Double, then after: String) {
        if (abs(percent) * 100).rounded() == 0 {
            bytes.append(contentsOf: " was flat".utf8)
        } else {
            bytes.append(contentsOf: (percent < 0 ? " fell " : " rose ").utf8)
            NumberText.writeFixed(abs(percent), decimals: 2, grouped: true, into: &bytes)
            bytes.append(UInt8(ascii: "%"))
        }
        bytes.append(contentsOf: after.utf8)
    }

    /// The 24h change as a move, ` fell 12.74% in 24h`, and marks it said; false (nothing written)
    /// when the quote has no 24h change.
    mutating func change24hMove() -> Bool {
        guard let change24h else { return false }
        move(change24h, then: " in 24h")
        saidChange24h = true
        return true
    }

    /// The threshold a figure met, in brackets: ` (≥ 10%)`, ` (≤ $1.00M)`; `relation` is `≥` or `≤`.
    mutating func met(_ relation: String, _ threshold: String) {
        bytes.append(contentsOf: " (\(relation) \(threshold))".utf8)
    }

    /// A large amount in the message's currency, abbreviated for reading at a glance: `$1.20B`.
    func amount(_ value: Double) -> String { NumberText.abbreviated(value, vs: vs) }
}

extension MessageText {
    /// A threshold percentage as written: `5%`, `2.5%`, `-2%`.
    static func percent(_ value: Double) -> String { NumberText.plain(value) + "%" }

    /// A threshold percentage with its sign: `+2%`, `-2%`.
    static func signed(_ value: Double) -> String { (value > 0 ? "+" : "") + NumberText.plain(value) + "%" }
}
