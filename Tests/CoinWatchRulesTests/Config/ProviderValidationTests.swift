import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

@Suite struct ProviderValidationTests {
    func providers(_ list: String) -> String { #"{"providers": \#(list)}"# }

    @Test func fieldsAreRead() {
        let json = #"{"vs_currency": "usdt", "providers": [{"name": "binance", "base_url": "http://localhost:8080/api/", "api_key_env": "BN_KEY", "cache_ttl": "2m", "timeout": "5s", "ca_file": "~/ca.pem"}, {"name": "upbit", "ca_file": "certs/ca.pem", "base_url": "file:///srv/fixtures"}]}"#
        let expected = [
            ProviderConfig(name: .binance, baseURL: "http://localhost:8080/api", apiKeyEnv: "BN_KEY", cacheTTL: 120, timeout: 5, caFile: "/home/ann/ca.pem"),
            ProviderConfig(name: .upbit, baseURL: "file:///srv/fixtures", caFile: "/srv/cw/certs/ca.pem"),
        ]
        #expect(RulesFixture.rules(json)?.providers == expected)
    }

    @Test func unknownProviderSuggestsTheNearest() {
        #expect(RulesFixture.errors(providers(#"[{"name": "coingeko"}]"#), at: "providers[0].name",
                                    containing: "unknown provider 'coingeko'. Did you mean 'coingecko'?").count == 1)
        #expect(RulesFixture.errors(providers(#"[{"name": "kraken"}]"#), at: "providers[0].name",
                                    containing: "Providers: coingecko, coinpaprika, bithumb, upbit, binance").count == 1)
    }

    @Test func nameIsRequired() {
        #expect(RulesFixture.errors(providers(#"[{"timeout": "5s"}]"#), at: "providers[0]", containing: "needs a name").count == 1)
    }

    @Test func duplicateProvidersAreErrors() {
        #expect(RulesFixture.errors(providers(#"[{"name": "coingecko"}, {"name": "coingecko"}]"#), at: "providers[1].name",
                                    containing: "listed twice (first as providers[0])").count == 1)
    }

    @Test func emptyListIsAnError() {
        #expect(RulesFixture.errors(providers("[]"), at: "providers", containing: "providers is empty").count == 1)
    }

    @Test func baseURLMustBeHTTPHTTPSOrFile() {
        #expect(RulesFixture.errors(providers(#"[{"name": "coingecko", "base_url": "ftp://x"}]"#), at: "providers[0].base_url",
                                    containing: "http, https or file URL").count == 1)
        #expect(RulesFixture.errors(providers(#"[{"name": "coingecko", "base_url": "https://"}]"#), at: "providers[0].base_url",
                                    containing: "URL").count == 1)
    }

    @Test func apiKeyEnvIsAVariableName() {
        let errors = RulesFixture.errors(providers(#"[{"name": "coingecko", "api_key_env": "CG-abc123"}]"#),
                                         at: "providers[0].api_key_env", containing: "NAME of an environment variable")
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("CG-abc123") == false)
    }

    @Test func timeoutMustBePositiveAndDurationsValid() {
        #expect(RulesFixture.errors(providers(#"[{"name": "coingecko", "timeout": "0s"}]"#), at: "providers[0].timeout",
                                    containing: "longer than 0s").count == 1)
        #expect(RulesFixture.errors(providers(#"[{"name": "coingecko", "cache_ttl": "often"}]"#), at: "providers[0].cache_ttl",
                                    containing: "is not a duration").count == 1)
    }

    @Test func streamThrottleIsADurationOfAtMostAMinuteForTheExchangeFeeds() {
        let json = #"{"vs_currency": "usdt", "providers": [{"name": "binance", "stream_throttle": "0.5s"}, {"name": "upbit", "stream_throttle": "0"}]}"#
        #expect(RulesFixture.rules(json)?.providers.map(\.streamThrottle) == [0.5, nil])
        #expect(RulesFixture.errors(providers(#"[{"name": "binance", "stream_throttle": "2m"}]"#), at: "providers[0].stream_throttle",
                                    containing: "longer than the limit of 1m").count == 1)
        #expect(RulesFixture.errors(providers(#"[{"name": "binance", "stream_throttle": 1}]"#), at: "providers[0].stream_throttle",
                                    containing: "add a unit").count == 1)
    }

    @Test func unknownProviderKeySuggestsTheNearest() {
        #expect(RulesFixture.errors(providers(#"[{"name": "coingecko", "cache_tll": "1m"}]"#), at: "providers[0]",
                                    containing: "Did you mean 'cache_ttl'?").count == 1)
    }

    @Test func caFileNeedsHomeForTilde() {
        #expect(RulesFixture.errors(providers(#"[{"name": "coingecko", "ca_file": "~/ca.pem"}]"#), at: "providers[0].ca_file",
                                    containing: "HOME is not set", environment: [:]).count == 1)
    }

    @Test func anUnsupportedCurrencyNamesWhatTheProviderOffers() throws {
        let json = "{\n  \"vs_currency\": \"usd\",\n  \"providers\": [{\"name\": \"coingecko\"}, {\"name\": \"upbit\"}]\n}"
        let found = RulesFixture.errors(json, at: "providers[1].name",
                                        containing: "upbit does not quote in 'usd' (vs_currency); it offers krw, btc, usdt")
        #expect(found.count == 1)
        #expect(found.first?.line == 3)
        #expect(found.first?.column == 49, "the value of name")
        #expect(found.first?.description.hasPrefix("/srv/cw/rules.json:3:49: providers[1].name: ") == true)
    }

    @Test func eachProviderOffersItsOwnCurrencies() {
        #expect(RulesFixture.rules(#"{"vs_currency": "krw", "providers": [{"name": "bithumb"}, {"name": "upbit"}, {"name": "coinpaprika"}, {"name": "coingecko"}]}"#) != nil)
        #expect(RulesFixture.rules(#"{"vs_currency": "usdt", "providers": [{"name": "binance"}, {"name": "upbit"}]}"#) != nil)
        #expect(RulesFixture.errors(#"{"vs_currency": "krw", "providers": [{"name": "binance"}]}"#, at: "providers[0].name",
                                    containing: "it offers usdt, usdc").count == 1)
        #expect(RulesFixture.errors(#"{"vs_currency": "usdt", "providers": [{"name": "bithumb"}]}"#, at: "providers[0].name",
                                    containing: "it offers krw").count == 1)
        #expect(RulesFixture.errors(#"{"providers": [{"name": "coinpaprika"}, {"name": "bithumb"}]}"#, at: "providers[1].name",
                                    containing: "does not quote in 'usd'").count == 1, "vs_currency defaults to usd")
    }

    @Test func anInvalidCurrencyIsReportedOnceNotPerProvider() {
        let diagnostics = RulesFixture.diagnostics(#"{"vs_currency": "u-s-d", "providers": [{"name": "bithumb"}]}"#)
        #expect(diagnostics.map(\.jsonPath) == ["vs_currency"])
    }

    @Test func anAPIKeyForAnExchangeIsAWarning() throws {
        let loaded = try RulesFixture.load(#"{"vs_currency": "krw", "providers": [{"name": "upbit", "api_key_env": "UPBIT_KEY"}]}"#).get()
        #expect(loaded.warnings.map(\.jsonPath) == ["providers[0].api_key_env"])
        #expect(loaded.warnings.first?.message.contains("takes no API key") == true)
    }
}
