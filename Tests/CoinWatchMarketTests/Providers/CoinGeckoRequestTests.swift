import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchTransport
@testable import CoinWatchMarket

/// Planning the `/coins/markets` requests (SPEC §6: ids in chunks of 250, one request per chunk).
@Suite struct CoinGeckoRequestTests {
    func provider(_ config: ProviderConfig = ProviderConfig(name: .coingecko),
                  environment: [String: String] = [:]) -> CoinGecko {
        CoinGecko(config: config, environment: environment)
    }

    /// The query of `request` as name → value, percent-decoded.
    func query(_ request: HTTPRequest) throws -> [String: String] {
        let items = try #require(URLComponents(string: request.url)?.queryItems)
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test func sixHundredFavoritesMakeThreeRequestsOfAtMost250Ids() throws {
        let favorites = (1...600).map { "coin-\($0)" }
        let requests = try provider().requests(for: favorites, vs: "usd")
        #expect(requests.count == 3)
        var asked: [String] = []
        for request in requests {
            let query = try query(request)
            let ids = try #require(query["ids"]).split(separator: ",").map(String.init)
            #expect(ids.count <= 250)
            asked += ids
            #expect(query["vs_currency"] == "usd")
            #expect(query["per_page"] == "250")
            #expect(query["page"] == "1")
            #expect(query["price_change_percentage"] == "24h")
            #expect(request.url.hasPrefix("https://api.coingecko.com/api/v3/coins/markets?"))
            #expect(request.method == "GET")
        }
        #expect(asked == favorites)
    }

    @Test func favoritesAreLowercasedAndDeduplicated() throws {
        let requests = try provider().requests(for: ["Bitcoin", "bitcoin", " ETHEREUM ", "", "BTC"], vs: "USD")
        #expect(requests.count == 1)
        let query = try query(try #require(requests.first))
        #expect(query["ids"] == "bitcoin,ethereum,btc")
        #expect(query["vs_currency"] == "usd")
    }

    @Test func idsArePercentEncoded() throws {
        let request = try #require(try provider().requests(for: ["a b", "x&y=z", "café"], vs: "usd").first)
        #expect(request.url.contains("ids=a%20b,x%26y%3Dz,caf%C3%A9&"))
        #expect(try query(request)["ids"] == "a b,x&y=z,café")
    }

    @Test func noFavoritesMeansNoRequest() throws {
        #expect(try provider().requests(for: [], vs: "usd").isEmpty)
    }

    @Test func baseURLReplacesThePublicRootWithoutItsTrailingSlash() throws {
        let config = ProviderConfig(name: .coingecko, baseURL: "http://127.0.0.1:8080/api/v3/")
        let request = try #require(try provider(config).requests(for: ["bitcoin"], vs: "usd").first)
        #expect(request.url.hasPrefix("http://127.0.0.1:8080/api/v3/coins/markets?vs_currency=usd&ids=bitcoin&"))
    }

    @Test func timeoutAndCAFileComeFromTheConfig() throws {
        let config = ProviderConfig(name: .coingecko, timeout: 3, caFile: "/etc/ssl/extra.pem")
        let request = try #require(try provider(config).requests(for: ["bitcoin"], vs: "usd").first)
        #expect(request.timeout == 3)
        #expect(request.caFile == "/etc/ssl/extra.pem")
    }

    @Test func theAPIKeyGoesInTheDemoHeader() throws {
        let config = ProviderConfig(name: .coingecko, apiKeyEnv: "COINGECKO_API_KEY")
        let request = try #require(try provider(config, environment: ["COINGECKO_API_KEY": "CG-secret"])
            .requests(for: ["bitcoin"], vs: "usd").first)
        #expect(request.headers == [HTTPHeader("Accept", "application/json"),
                                    HTTPHeader("x-cg-demo-api-key", "CG-secret")])
    }

    @Test func theProRootGetsTheProHeader() throws {
        let config = ProviderConfig(name: .coingecko, baseURL: "https://pro-api.coingecko.com/api/v3",
                                    apiKeyEnv: "CG_PRO")
        let request = try #require(try provider(config, environment: ["CG_PRO": "CG-pro"])
            .requests(for: ["bitcoin"], vs: "usd").first)
        #expect(request.headers.contains(HTTPHeader("x-cg-pro-api-key", "CG-pro")))
    }

    @Test(arguments: [[:], ["COINGECKO_API_KEY": ""], ["OTHER": "CG-secret"]])
    func anUnsetOrEmptyKeySendsNoKeyHeader(environment: [String: String]) throws {
        let config = ProviderConfig(name: .coingecko, apiKeyEnv: "COINGECKO_API_KEY")
        let request = try #require(try provider(config, environment: environment)
            .requests(for: ["bitcoin"], vs: "usd").first)
        #expect(request.headers == [HTTPHeader("Accept", "application/json")])
    }

    @Test func printingTheProviderNeverShowsTheKey() {
        let config = ProviderConfig(name: .coingecko, apiKeyEnv: "K")
        let provider = provider(config, environment: ["K": "CG-secret"])
        var dumped = ""
        dump(provider, to: &dumped)
        #expect(!"\(provider)".contains("CG-secret"))
        #expect(!String(reflecting: provider).contains("CG-secret"))
        #expect(!dumped.contains("CG-secret"))
    }

    @Test func theCoinListRequestUsesTheSameRootAndHeaders() throws {
        let config = ProviderConfig(name: .coingecko, baseURL: "http://localhost:9/v3", apiKeyEnv: "K")
        let request = try #require(provider(config, environment: ["K": "k1"]).catalogRequest(vs: "usd"))
        #expect(request.url == "http://localhost:9/v3/coins/list")
        #expect(request.headers.contains(HTTPHeader("x-cg-demo-api-key", "k1")))
    }
}
