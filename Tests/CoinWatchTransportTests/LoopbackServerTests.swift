import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchTransport

/// The test server itself: routes, files, recording, stop.
@Suite struct LoopbackServerTests {
    @Test func routesAnswerByPathAndRecordTheQuery() throws {
        let server = try LoopbackServer(routes: ["/v1/tickers": .json("[]")])
        let transport = CurlTransport()
        #expect(try transport.perform(HTTPRequest(url: server.url("/v1/tickers?quotes=USD&x=a%20b"))).get().status == 200)
        #expect(try transport.perform(HTTPRequest(url: server.url("/other"))).get().status == 404)
        let first = try #require(server.requests.first)
        #expect(first.query == "quotes=USD&x=a%20b")
        #expect(first.queryItem("x") == "a b")
    }

    @Test func filesAreServedFromADirectoryAndNeverFromOutsideIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("api"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"a":1}"#.utf8).write(to: directory.appendingPathComponent("api/markets.json"))
        let server = try LoopbackServer.serving(directory: directory.path)
        let response = try CurlTransport().perform(HTTPRequest(url: server.url("/api/markets.json"))).get()
        #expect(response.body == Array(#"{"a":1}"#.utf8))
        #expect(response.header("Content-Type") == "application/json")
        #expect(try CurlTransport().perform(HTTPRequest(url: server.url("/api/../../etc/passwd"))).get().status == 404)
    }

    @Test func stoppedServerRefusesConnections() throws {
        let server = try LoopbackServer { _ in .json("{}") }
        server.stop()
        #expect(CurlTransport().perform(HTTPRequest(url: server.url("/"))) == .failure(.refused(host: "127.0.0.1:\(server.port)")))
    }

    @Test func stopEndsConnectionsThatWaitToAnswer() throws {
        let server = try LoopbackServer { _ in Reply.json("{}").delayed(30) }
        let result = CurlTransport().perform(HTTPRequest(url: server.url("/"), timeout: 0.3))
        #expect(result == .failure(.timedOut(host: "127.0.0.1:\(server.port)", seconds: 0.3)))
        server.stop()   // waits at most 3 s, so the 30 s delay must have been cut short
        #expect(server.openConnectionCount == 0)
    }
}
