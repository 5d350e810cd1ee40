import CoinWatchSupport
/// The chart a `/chart` answer carries (SPEC §12's image): the favorite, how the provider names it, the range.
package struct ControlChart: Codable, Sendable, Equatable, StateRecord {
    /// The favorite as rules.json names it (`bitcoin`) and its symbol (`btc`; the favorite when none is known).
    package var coin: String
    package var symbol: String
    /// The currency (`usd`), the provider whose history is drawn (`coingecko`) and the range (`1d`).
    package var vs: String
    package var provider: String
    package var range: String

    package init(coin: String, symbol: String, vs: String, provider: String, range: String) {
        self.coin = coin
        self.symbol = symbol
        self.vs = vs
        self.provider = provider
        self.range = range
    }

    package static let fields = StateFields<ControlChart>(blank: ControlChart(coin: "", symbol: "", vs: "", provider: "", range: ""), [
        .required("coin", \.coin, .string),
        .required("symbol", \.symbol, .string),
        .required("vs", \.vs, .string),
        .required("provider", \.provider, .string),
        .required("range", \.range, .string),
    ])
}
