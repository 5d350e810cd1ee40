/// The caution flags an exchange puts on a market (SPEC §14), one vocabulary for every exchange
/// (each maps its own names onto these meanings), and `WARNING` for the investment warning itself.
package enum MarketFlag {
    /// The investment warning (투자유의).
    package static let warning = "WARNING"

    /// Every known flag and what it means, in plain words, in the order messages list them.
    package static let known: [(name: String, words: String)] = [
        (warning, "investment warning"),
        ("PRICE_FLUCTUATIONS", "price fluctuations"),
        ("TRADING_VOLUME_SOARING", "trading volume soaring"),
        ("DEPOSIT_AMOUNT_SOARING", "deposit amount soaring"),
        ("GLOBAL_PRICE_DIFFERENCES", "global price differences"),
        ("CONCENTRATION_OF_SMALL_ACCOUNTS", "concentration of small accounts"),
        ("EXCHANGE_TRADING_CONCENTRATION", "trading concentrated on this exchange"),
    ]

    /// What `flag` means: `price fluctuations`; an unknown flag in lower case with spaces.
    package static func words(_ flag: String) -> String {
        known.first { $0.name == flag }?.words ?? flag.lowercased().split(separator: "_").joined(separator: " ")
    }

    /// `flags` in plain words, known ones in `known`'s order: `price fluctuations, trading volume soaring`.
    package static func words(_ flags: [String]) -> String {
        let order = { (flag: String) in known.firstIndex { $0.name == flag } ?? known.count }
        return flags.sorted { (order($0), $0) < (order($1), $1) }.map(words).joined(separator: ", ")
    }
}
