import CoinWatchMarket
/// One market on an exchange's two last lists (SPEC §14), nil on a side where it was not listed;
/// `ExchangeEventKind`s judge it.
package struct MarketChange: Sendable, Equatable {
    /// The exchange's name in rules.json (`upbit`).
    package var exchange: String
    /// The market code (`KRW-XYZ`).
    package var code: String
    /// The market on the previous list; nil: not listed then.
    package var before: ListedMarket?
    /// The market on the current list; nil: not listed now.
    package var after: ListedMarket?
    /// Whether the market is back on the list after it left an earlier one (`before` is nil): a restore.
    package var restored: Bool

    package init(exchange: String, code: String, before: ListedMarket?, after: ListedMarket?, restored: Bool = false) {
        self.exchange = exchange
        self.code = code
        self.before = before
        self.after = after
        self.restored = restored
    }

    /// Whether `market` is listed and not ending.
    package static func trades(_ market: ListedMarket?) -> Bool { market != nil && market?.ending == nil }

    /// The exchange's name as a message writes it: `Upbit`.
    package var exchangeName: String { exchange.prefix(1).uppercased() + exchange.dropFirst() }

    /// The market's symbol: its base on either list.
    package var base: String { after?.base ?? before?.base ?? code }
}
