#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The alert record of SPEC §4. Fields that do not apply are nil and omitted from JSON.
public struct Alert: Codable, Sendable, Equatable, StateRecord {
    public enum Status: String, Codable, Sendable { case firing, resolved }

    /// Stable id: the same event always gets the same id (Idempotency-Key).
    public var id: String
    /// Seconds since 1970; written as ISO-8601 UTC in the record.
    public var time: Double
    public var rule: String
    /// The favorite as written in rules.json.
    public var coin: String
    public var symbol: String
    public var name: String
    public var vs: String
    /// The condition key (`crosses_above`).
    public var condition: String
    public var threshold: Double?
    public var price: Double
    public var previous: Double?
    public var change24h: Double?
    public var status: Status
    public var provider: String
    /// The rendered message (template or default).
    public var message: String
    /// The condition's own measured figure (SPEC §4 `value`: the 24h volume, the rank…); nil for kinds without one.
    public var value: Double?
    /// True when the event showed only in the span traded since the previous observation, not in
    /// the current price (SPEC §2 wicks); nil (omitted) otherwise. Set with `extreme` by `markWick`.
    public var wick: Bool?
    /// The wick's extreme: the span's high (or low) that crossed the line; nil without a wick.
    public var extreme: Double?
    /// True for an alert a backtest replayed (SPEC §8); nil (omitted) for a live one.
    public var backtest: Bool?
    /// What raised it: `"stream"` for `coinwatch stream` (SPEC §4); nil (omitted) for passes.
    public var source: String?
    /// The exchange's flags on the market an exchange event names (SPEC §14); nil (omitted) otherwise.
    public var flags: [String]?

    /// `symbol` and `name` (provider text) are kept on one line without control or bidi characters
    /// (`TerminalText.clean`), so no provider can forge a line or an escape in any sink.
    public init(id: String, time: Double, rule: String, coin: String, symbol: String, name: String, vs: String,
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
    static let fields = StateFields<Alert>(blank: Alert(id: "", time: 0, rule: "", coin: "", symbol: "", name: "", vs: "",
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
        .optional("flags", \.flags, .array(.string)),
    ])
    public init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }

    /// Marks the alert as a wick that reached `extreme` (nil: no wick).
    public mutating func markWick(_ extreme: Double?) {
        self.extreme = extreme
        wick = extreme == nil ? nil : true
    }
}
