/// One element of Bithumb's `/v1/market/virtual_asset_warning`: `{"market": "KRW-XYZ", "warning_type":
/// "PRICE_SUDDEN_FLUCTUATION", "end_date": "…"}` (the end date is not read: the list says what holds now).
struct BithumbWarning: Decodable, Sendable, Equatable {
    var market: String
    var type: String

    enum CodingKeys: String, CodingKey { case market, type = "warning_type" }

    /// Each `warning_type` → the `MarketFlag` of the same meaning.
    static let flags: [String: String] = [
        "PRICE_SUDDEN_FLUCTUATION": "PRICE_FLUCTUATIONS",
        "TRADING_VOLUME_SUDDEN_FLUCTUATION": "TRADING_VOLUME_SOARING",
        "DEPOSIT_AMOUNT_SUDDEN_FLUCTUATION": "DEPOSIT_AMOUNT_SOARING",
        "PRICE_DIFFERENCE_HIGH": "GLOBAL_PRICE_DIFFERENCES",
        "SPECIFIC_ACCOUNT_HIGH_TRANSACTION": "CONCENTRATION_OF_SMALL_ACCOUNTS",
        "EXCHANGE_TRADING_CONCENTRATION": "EXCHANGE_TRADING_CONCENTRATION",
    ]
}
