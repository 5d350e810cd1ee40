/// One entry of CoinGecko's `/coins/list`: the id to ask for, and the symbol and name to resolve favorites by.
public struct CoinGeckoCoin: Decodable, Sendable, Equatable {
    /// The API id (`bitcoin`).
    public var id: String
    /// The ticker as CoinGecko writes it (`btc`, lower case).
    public var symbol: String
    /// The display name (`Bitcoin`).
    public var name: String

    /// A coin from its three fields.
    public init(id: String, symbol: String, name: String) {
        self.id = id
        self.symbol = symbol
        self.name = name
    }
}

extension CoinGecko {
    /// The public path of the full coin list.
    public static let coinListPath = "/coins/list"

    /// The entries of a `/coins/list` body, in the API's order.
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    public static func decodeCoinList(_ body: [UInt8]) throws -> [CoinGeckoCoin] {
        try decodeBody([CoinGeckoCoin].self, from: body, expecting: .array)
    }

    /// The GET for the full coin list (about 15,000 entries today), with this provider's headers.
    public func coinListRequest() -> HTTPRequest {
        HTTPRequest(url: baseURL + Self.coinListPath, headers: headers, timeout: timeout, caFile: caFile)
    }
}
