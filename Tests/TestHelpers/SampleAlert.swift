@testable import CoinWatchRules

/// The alert of SPEC §4's example, with knobs for the tests.
enum SampleAlert {
    /// 2026-11-29T12:00:00Z.
    static let time: Double = 1_795_953_600

    static func make(id: String = "4f9c2e", rule: String = "btc-100k", status: Alert.Status = .firing,
                     message: String = "BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h)") -> Alert {
        Alert(id: id, time: time, rule: rule, coin: "bitcoin", symbol: "BTC", name: "Bitcoin", vs: "usd",
              condition: "crosses_above", threshold: 100_000, price: 100_250.5, previous: 99_800, change24h: 2.31,
              status: status, provider: "coingecko", message: message)
    }

    /// The SPEC §4 record of `make()`, exactly.
    static let record = #"{"id":"4f9c2e","time":"2026-11-29T12:00:00Z","rule":"btc-100k","coin":"bitcoin","symbol":"BTC","name":"Bitcoin","vs":"usd","condition":"crosses_above","threshold":100000,"price":100250.5,"previous":99800,"change_24h":2.31,"status":"firing","provider":"coingecko","message":"BTC crossed above $100,000.00 — now $100,250.50 (+2.31% 24h)"}"#

    /// A webhook config of `format` pointing at `url`.
    static func config(_ format: WebhookConfig.Format, url: String = "https://hooks.example.com/services/T1/B2/SECRETxyz",
                       group: Bool = false) -> WebhookConfig {
        var config = WebhookConfig(url: url, format: format)
        config.group = group
        if format == .telegram { config.chatID = "-100123" }
        return config
    }
}
