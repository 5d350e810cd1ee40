import Testing
@testable import TestHelpers
@testable import CoinWatchMarket

/// CoinGecko's error envelope and bodies that are not the expected shape.
@Suite struct CoinGeckoErrorTests {
    static let folder = "real/coingecko/"
    let provider = CoinGecko(config: ProviderConfig(name: .coingecko), environment: [:])

    func decodingError(_ body: String) -> ProviderError? {
        do {
            _ = try provider.decode([Array(body.utf8)], favorites: ["bitcoin"], vs: "usd")
            return nil
        } catch {
            return error as? ProviderError
        }
    }

    func detail(_ body: String) -> String? {
        guard case .decoding(let name, let detail)? = decodingError(body), name == "coingecko" else { return nil }
        return detail
    }

    @Test func error422BodyGivesTheAPIMessage() throws {
        let body = try Fixtures.bytes(Self.folder + "error-422_coins-markets_missing-vs_currency_2021-07-19.json")
        #expect(provider.errorMessage(in: body) == "Missing parameter vs_currency")
        #expect(throws: ProviderError.api(provider: "coingecko", message: "Missing parameter vs_currency")) {
            try provider.decode([body], favorites: ["bitcoin"], vs: "usd")
        }
    }

    @Test func error429BodyGivesTheAPIMessage() throws {
        let body = try Fixtures.bytes(Self.folder + "error-429_rate-limit_2023.json")
        let message = try #require(provider.errorMessage(in: body))
        #expect(message.hasPrefix("You've exceeded the Rate Limit."))
        #expect(throws: ProviderError.api(provider: "coingecko", message: message)) {
            try provider.decode([body], favorites: ["bitcoin"], vs: "usd")
        }
    }

    @Test func aStatusWithOnlyACodeStillNamesIt() {
        #expect(provider.errorMessage(in: Array(#"{"status":{"error_code":10002}}"#.utf8)) == "error code 10002")
        #expect(provider.errorMessage(in: Array(#"{"error":{"status":{"error_message":"API Key Missing"}}}"#.utf8))
            == "API Key Missing")
    }

    @Test func successBodiesAreNotErrorEnvelopes() throws {
        #expect(provider.errorMessage(in: try Fixtures.bytes(
            Self.folder + "coins-markets_vs-usd_ids-bitcoin_2021-05-15.json")) == nil)
        #expect(provider.errorMessage(in: Array(#"{"status":{"usd":0.03}}"#.utf8)) == nil)
        #expect(provider.errorMessage(in: Array("<html>502</html>".utf8)) == nil)
        #expect(provider.errorMessage(in: []) == nil)
    }

    @Test func anHTMLBodyIsADecodingErrorThatSaysHTML() {
        let detail = detail("<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title>")
        #expect(detail?.hasPrefix("expected a JSON array, got HTML") == true)
        #expect(detail?.contains("<!DOCTYPE html> <html>") == true)
    }

    @Test func anEmptyBodyIsADecodingError() {
        #expect(detail("") == "expected a JSON array, got an empty body")
        #expect(detail(" \n") == "expected a JSON array, got a blank body")
    }

    @Test func anObjectWhereAnArrayBelongsIsADecodingError() {
        #expect(detail(#"{"a":1}"#) == "expected a JSON array, got a JSON object")
    }

    @Test func aMissingRequiredKeyIsNamedWithItsPath() {
        #expect(detail(#"[{"id":"a","symbol":"a","current_price":1}]"#) == #"[0]: missing key "name""#)
        #expect(detail(#"[{"id":"a","symbol":"a","name":"A"}]"#) == #"[0]: missing key "current_price""#)
    }

    @Test func aFieldOfTheWrongTypeIsNamedWithItsPath() {
        let body = #"[{"id":"a","symbol":"a","name":"A","current_price":1},{"id":7,"symbol":"b","name":"B","current_price":1}]"#
        #expect(detail(body) == "[1].id: expected a string")
        let text = detail(#"[{"id":"a","symbol":"a","name":"A","current_price":"n/a"}]"#)
        #expect(text?.hasPrefix("[0].current_price: expected a number") == true)
        let date = detail(#"[{"id":"a","symbol":"a","name":"A","current_price":1,"ath_date":"yesterday"}]"#)
        #expect(date?.hasPrefix("[0].ath_date: expected an ISO-8601 date") == true)
    }

    @Test func truncatedJSONIsADecodingError() {
        #expect(detail(#"[{"id":"bitcoin","#) == "not valid JSON")
    }

    @Test func aFailingChunkIsNamedByItsPosition() {
        let good = Array(#"[{"id":"a","symbol":"a","name":"A","current_price":1}]"#.utf8)
        #expect(throws: ProviderError.decoding(provider: "coingecko",
                                               detail: "response 2 of 2: expected a JSON array, got an empty body")) {
            try provider.decode([good, []], favorites: ["a"], vs: "usd")
        }
    }

    @Test func theMessageNamesTheProviderAndTheCause() {
        let error = ProviderError.decoding(provider: "coingecko", detail: "expected a JSON array, got a JSON object")
        #expect(error.message == "coingecko: unexpected response: expected a JSON array, got a JSON object")
    }
}
