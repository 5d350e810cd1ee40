/// One element of Bithumb's `/v1/market/virtual_asset_warning`: `{"market": "KRW-XYZ", "warning_type":
/// "PRICE_SUDDEN_FLUCTUATION", "end_date": "…"}` (the end date is not read: the list says what holds now).
struct BithumbWarning: Decodable, Sendable, Equatable {
    var market: String
    var type: String

    enum CodingKeys: String, CodingKey { case market, type = "warning_type" }
}
