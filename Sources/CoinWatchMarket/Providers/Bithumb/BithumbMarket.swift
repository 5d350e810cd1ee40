/// One element of Bithumb's `/v1/market/all?isDetails=true`: `{"market": "KRW-BTC", "korean_name",
/// "english_name", "market_warning": "NONE" | "CAUTION"}`.
struct BithumbMarket: Decodable, Sendable, Equatable {
    var market: String
    var englishName: String?
    var warning: String?

    enum CodingKeys: String, CodingKey { case market, englishName = "english_name", warning = "market_warning" }
}
