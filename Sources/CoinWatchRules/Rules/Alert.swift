import CoinWatchSupport
import FoundationEssentials

/// The alert record of SPEC §4. Fields that do not apply are nil and omitted from JSON.
package struct Alert: Codable, Sendable, Equatable, StateRecord {
    package enum Status: String, Codable, Sendable { case firing, resolved }

    /// Stable id: the same event always gets the same id (Idempotency-Key).
    package var id: String
    /// Seconds since 1970; written as ISO-8601 UTC in the record.
    package var time: Double
    package var rule: String
    /// The favorite as written in rules.json.
    package var coin: String
    package var symbol: String
    package var name: String
    package var vs: String
    /// The condition key (`crosses_above`).
    package var condition: String
    package var threshold: Double?
    package var price: Double
    package var previous: Double?
    package var change24h: Double?
    package var status: Status
    package var provider: String
    /// The rendered message (template or default).
    package var message: String
    /// The condition's own measured figure (SPEC §4 `value`: the 24h volume, the rank…); nil for kinds without one.
    package var value: Double?
    /// True when the event showed only in the span traded since the previous observation, not in
    /// the current price (SPEC §2 wicks); nil (omitted) otherwise. Set with `extreme` by `markWick`.
    package var wick: Bool?
    /// The wick's extreme: the span's high (or low) that crossed the line; nil without a wick.
    package var extreme: Double?
    /// True for an alert a backtest replayed (SPEC §8); nil (omitted) for a live one.
    package var backtest: Bool?
    /// What raised it: `"stream"` for `coinwatch stream` (SPEC §4); nil (omitted) for passes.
    package var source: String?
    /// The coin's page on the provider that quoted it (SPEC §4 `url`, `MarketProvider.pageURL`); nil
    /// (omitted) for an alert on no single coin: the portfolio, a ratio.
    package var url: String?
    /// The exchange's flags on the market an exchange event names (SPEC §14); nil (omitted) otherwise.
    package var flags: [String]?

    /// `symbol` and `name` (provider text) are kept on one line without control or bidi characters
    /// (`TerminalText.clean`), so no provider can forge a line or an escape in any sink.
    package init(id: String, time: Double, rule: String, coin: String, symbol: String, name: String, vs: String,
                condition: String, threshold: Double?, price: Double, previous: Double?, change24h: Double?,
                status: Status, provider: String, message: String, value: Double? = nil) {
        self.id = id
        self.time = time
        self.rule = rule
        self.coin = coin
        self.symbol = TerminalText.clean(symbol)
        self.name = TerminalText.clean(name)
        self.vs = vs
        self.condition = condition
        self.threshold = threshold
        self.price = price
        self.previous = previous
        self.change24h = change24h
        self.status = status
        self.provider = provider
        self.message = message
        self.value = value
    }

    /// The alert as the outbox keeps it (SPEC §5); fields that do not apply are left out.
    package static let fields = StateFields<Alert>(blank: Alert(id: "", time: 0, rule: "", coin: "", symbol: "", name: "", vs: "",
                                                        condition: "", threshold: nil, price: 0, previous: nil, change24h: nil,
                                                        status: .firing, provider: "", message: ""), [
        .required("id", \.id, .string),
        .required("time", \.time, .number),
        .required("rule", \.rule, .string),
        .required("coin", \.coin, .string),
        .required("symbol", \.symbol, .string),
        .required("name", \.name, .string),
        .required("vs", \.vs, .string),
        .required("condition", \.condition, .string),
        .optional("threshold", \.threshold, .number),
        .required("price", \.price, .number),
        .optional("previous", \.previous, .number),
        .optional("change_24h", \.change24h, .number),
        .required("status", \.status, .raw),
        .required("provider", \.provider, .string),
        .required("message", \.message, .string),
        .optional("value", \.value, .number),
        .optional("wick", \.wick, .bool),
        .optional("extreme", \.extreme, .number),
        .optional("backtest", \.backtest, .bool),
        .optional("source", \.source, .string),
        .optional("url", \.url, .string),
        .optional("flags", \.flags, .array(.string)),
    ])
    package init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }

    /// Marks the alert as a wick that reached `extreme` (nil: no wick).
    package mutating func markWick(_ extreme: Double?) {
        self.extreme = extreme
        wick = extreme == nil ? nil : true
    }
}
