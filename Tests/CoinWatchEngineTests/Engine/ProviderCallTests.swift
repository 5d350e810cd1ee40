import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchTransport
@testable import CoinWatchMarket
@testable import CoinWatchState
@testable import CoinWatchEngine

/// The one provider call path (`ProviderCall`), against a real loopback server: a 429 or 418
/// starts the backoff, an error envelope becomes an API error, a provider backing off is not asked.
@Suite struct ProviderCallTests {
    private func ask(_ reply: Reply, memory: inout ProviderMemory, now: Double = 1_000) throws
        -> (result: Result<[UInt8], ProviderError>, server: LoopbackServer) {
        let server = try LoopbackServer { _ in reply }
        let request = HTTPRequest(url: server.url("/api/v3/search?query=btc"))
        return (ProviderCall.ask(request, from: "coingecko", through: CurlTransport(), memory: &memory, now: now), server)
    }

    @Test func a2xxAnswerGivesItsBody() throws {
        var memory = ProviderMemory()
        let (result, _) = try ask(.json(#"{"coins":[]}"#), memory: &memory)
        #expect(try result.get() == Array(#"{"coins":[]}"#.utf8))
        #expect(memory.backoff.isEmpty)
    }

    @Test func a418WithRetryAfterStartsTheBackoff() throws {
        var memory = ProviderMemory()
        let (result, server) = try ask(Reply(status: 418, headers: [("Retry-After", "120")], body: Array("banned".utf8)), memory: &memory)
        #expect(memory.backoff == ["coingecko": 1_120])
        #expect(result == .failure(.transport(provider: "coingecko", .http(host: "127.0.0.1:\(server.port)", status: 418,
                                                                            bodyStart: "banned", retryAfter: 120))))
    }

    @Test func a429WithTheAPIsErrorEnvelopeIsAnAPIErrorAndStartsTheDefaultBackoff() throws {
        var memory = ProviderMemory()
        let body = #"{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit."}}"#
        let (result, _) = try ask(.json(body, status: 429), memory: &memory)
        #expect(result == .failure(.api(provider: "coingecko", message: "You've exceeded the Rate Limit. (HTTP 429)")))
        #expect(memory.backoff == ["coingecko": 1_000 + ProviderMemory.defaultBackoff])
    }

    @Test func aProviderBackingOffIsNotAsked() throws {
        var memory = ProviderMemory()
        memory.backoff["coingecko"] = 1_500
        let (result, server) = try ask(.json("{}"), memory: &memory)
        #expect(result == .failure(.backingOff(provider: "coingecko", until: 1_500)))
        #expect(server.requests.isEmpty)
    }

    @Test func aBackoffThatIsOverIsForgottenAndTheProviderAsked() throws {
        var memory = ProviderMemory()
        memory.backoff["coingecko"] = 900
        let (result, server) = try ask(.json("{}"), memory: &memory)
        #expect(try result.get() == Array("{}".utf8))
        #expect(memory.backoff.isEmpty)
        #expect(server.requests.count == 1)
    }
}
