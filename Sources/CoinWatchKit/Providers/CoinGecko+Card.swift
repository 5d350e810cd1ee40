extension CoinGecko {
    /// The one GET behind `coinwatch show`: `/coins/markets` for one id with the 7-day sparkline
    /// (`sparkline=true`), so the price card and its chart cost a single request.
    public func cardRequest(id: String, vs: String) -> HTTPRequest {
        let query = QueryString.join([
            ("vs_currency", QueryString.escape(vs.lowercased())),
            ("ids", QueryString.escape(lookupKey(id))),
            ("per_page", "1"),
            ("page", "1"),
            ("sparkline", "true"),
            ("price_change_percentage", "24h"),
        ])
        return HTTPRequest(url: "\(baseURL)/coins/markets?\(query)", headers: headers, timeout: timeout, caFile: caFile)
    }

    /// The markets of a `/coins/markets` body together with each one's 7-day sparkline (hourly
    /// prices, oldest first; empty when the body has none; null points are left out).
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    public static func decodeCards(_ body: [UInt8]) throws -> [(market: CoinGeckoMarket, sparkline: [Double])] {
        let markets = try decodeMarkets(body)
        let lines = (try? decodeBody([SparklineEntry].self, from: body, expecting: .array)) ?? []
        return markets.enumerated().map { index, market in
            (market, index < lines.count ? lines[index].prices : [])
        }
    }
}

/// The `sparkline_in_7d` of one `/coins/markets` element.
private struct SparklineEntry: Decodable {
    struct Line: Decodable {
        var price: [LenientNumber?]?
    }

    var prices: [Double]

    enum CodingKeys: String, CodingKey { case sparkline = "sparkline_in_7d" }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let line = try? c.decodeIfPresent(Line.self, forKey: .sparkline)
        prices = (line?.price ?? []).compactMap { $0?.value }
    }
}
