import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchTransport

/// CurlTransport against a real loopback HTTP server (SPEC §6).
@Suite struct TransportTests {
    private func get(_ url: String, timeout: Double = 5, transport: CurlTransport = CurlTransport())
        -> Result<HTTPResponse, TransportError> {
        transport.perform(HTTPRequest(url: url, timeout: timeout))
    }

    @Test func okAnswerCarriesBodyAndLowercasedHeaders() throws {
        let server = try LoopbackServer { _ in Reply.json(#"{"ok":true}"#).header("X-Rate-Remaining", "42") }
        let response = try get(server.url("/ping")).get()
        #expect(response.status == 200)
        #expect(response.body == Array(#"{"ok":true}"#.utf8))
        #expect(response.headers["x-rate-remaining"] == "42")
        #expect(response.headers["content-type"] == "application/json")
        #expect(server.requests.map(\.path) == ["/ping"])
    }

    @Test func notFoundIsAnAnswerNotATransportFailure() throws {
        let server = try LoopbackServer { _ in .notFound }
        let response = try get(server.url("/missing")).get()
        #expect(response.status == 404)
        #expect(throws: TransportError.http(host: "127.0.0.1:\(server.port)", status: 404, bodyStart: "not found", retryAfter: nil)) {
            try response.requireSuccess(host: "127.0.0.1:\(server.port)")
        }
    }

    @Test func tooManyRequestsGivesRetryAfterInSeconds() throws {
        let server = try LoopbackServer { _ in Reply.json(#"{"error":"slow down"}"#, status: 429).header("Retry-After", "120") }
        let response = try get(server.url("/")).get()
        #expect(retryAfter(of: response) == 120)
    }

    @Test func retryAfterAsHTTPDateCountsFromNow() throws {
        let server = try LoopbackServer { _ in Reply.status(429).header("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT") }
        let response = try get(server.url("/")).get()
        let now = Date(timeIntervalSince1970: 1_445_412_480 - 90)
        #expect(retryAfter(of: response, now: now) == 90)
    }

    @Test func serverErrorPageBecomesOneReadableLine() throws {
        let page = """
            <html><head><title>500 Internal Server Error</title><style>body { color: red }</style></head>
            <body><h1>Oops</h1>
            <p>Upstream   is down &amp; retrying</p></body></html>
            """
        let server = try LoopbackServer { _ in .html(page, status: 500) }
        let host = HTTPRequest.host(of: server.url("/"))
        let response = try get(server.url("/coins?api_key=SECRET")).get()
        do {
            _ = try response.requireSuccess(host: host)
            Issue.record("a 500 must not count as success")
        } catch {
            #expect(error.message.hasPrefix("127.0.0.1:\(server.port): HTTP 500: "))
            #expect(error.message.contains("Oops Upstream is down & retrying"))
            #expect(!error.message.contains("<") && !error.message.contains("color") && !error.message.contains("\n"))
            #expect(error.isRetryable)
        }
    }

    @Test func answerSlowerThanTheTimeoutTimesOut() throws {
        let server = try LoopbackServer { _ in Reply.json("{}").delayed(2) }
        let error = failure(of: get(server.url("/slow"), timeout: 0.3))
        #expect(error == .timedOut(host: "127.0.0.1:\(server.port)", seconds: 0.3))
    }

    /// Red team (input3): an SMTP server that takes the TCP connection and never greets is cut off by the connect
    /// timeout (libcurl's covers SMTP's greeting, EHLO and AUTH), but the error named the transfer's: a 5 s wait read "after 10s".
    @Test func anSMTPServerSilentAfterTheTCPConnectTimesOutAfterTheConnectTimeout() throws {
        let (fd, port) = try Socket.bound()
        defer { close(fd) }
        #expect(listen(fd, 8) == 0, "the kernel completes the TCP handshake; nobody ever answers")
        var request = HTTPRequest(url: "smtp://127.0.0.1:\(port)", body: Array("Subject: x\r\n\r\nx\r\n".utf8), timeout: 5, connectTimeout: 0.3)
        request.mail = MailEnvelope(from: "a@example.org", recipients: ["b@example.org"], tls: false)
        #expect(failure(of: CurlTransport().perform(request)) == .timedOut(host: "127.0.0.1:\(port)", seconds: 0.3))
    }

    @Test func bodyCutShortIsAConnectionError() throws {
        let server = try LoopbackServer { _ in Reply.json(String(repeating: "x", count: 4000)).behaving(.closeMidBody) }
        #expect(isConnectionError(failure(of: get(server.url("/")))))
    }

    @Test func resetConnectionIsAConnectionError() throws {
        let server = try LoopbackServer { _ in Reply.json("{}").behaving(.reset) }
        #expect(isConnectionError(failure(of: get(server.url("/")))))
    }

    @Test func connectionClosedWithoutAnswerIsAConnectionError() throws {
        let server = try LoopbackServer { _ in Reply.json("{}").behaving(.closeWithoutAnswer) }
        #expect(isConnectionError(failure(of: get(server.url("/")))))
    }

    @Test func closedPortIsRefused() throws {
        let closed = try ClosedPort()
        #expect(failure(of: get(closed.baseURL + "/x?token=abc")) == .refused(host: "127.0.0.1:\(closed.port)"))
    }

    @Test func declaredBodyOverTheCapIsRefused() throws {
        let server = try LoopbackServer { _ in .bytes([UInt8](repeating: 7, count: 4096)) }
        let error = failure(of: get(server.url("/big"), transport: CurlTransport(maxBodyBytes: 1024)))
        #expect(error == .tooLarge(host: "127.0.0.1:\(server.port)", limit: 1024))
    }

    @Test func decompressedBodyOverTheCapIsRefused() throws {
        let compressed = try gzipped([UInt8](repeating: 0, count: 64 * 1024))
        #expect(compressed.count < 1024)
        let server = try LoopbackServer { _ in Reply.bytes(compressed).header("Content-Encoding", "gzip") }
        let error = failure(of: get(server.url("/zip-bomb"), transport: CurlTransport(maxBodyBytes: 1024)))
        #expect(error == .tooLarge(host: "127.0.0.1:\(server.port)", limit: 1024))
    }

    @Test func schemesOtherThanHTTPAndFileAreRejectedUpFront() {
        #expect(failure(of: get("ftp://example.com/file")) == .badURL(url: "ftp://example.com/file"))
        #expect(failure(of: get("gopher://user:pw@example.com/x?key=1")) == .badURL(url: "gopher://example.com/x?key=***"))
    }

    @Test func redirectToHTTPIsFollowed() throws {
        let server = try LoopbackServer { request in
            request.path == "/old" ? .redirect(to: "/new") : .json(#"{"moved":true}"#)
        }
        let response = try get(server.url("/old")).get()
        #expect(response.status == 200)
        #expect(response.headers["location"] == nil)   // headers start over at each status line
        #expect(server.requests.map(\.path) == ["/old", "/new"])
    }

    @Test func sixRedirectsAreTooMany() throws {
        let server = try LoopbackServer { request in
            let hop = Int(request.path.dropFirst()) ?? 0
            return hop < 6 ? .redirect(to: "/\(hop + 1)") : .json("{}")
        }
        guard case .redirect = failure(of: get(server.url("/0"))) else {
            Issue.record("six redirects must fail as .redirect")
            return
        }
    }

    @Test func redirectToAnotherSchemeIsRefused() throws {
        let server = try LoopbackServer { _ in .redirect(to: "ftp://127.0.0.1/secret") }
        guard case .redirect = failure(of: get(server.url("/"))) else {
            Issue.record("a redirect to ftp must fail as .redirect")
            return
        }
    }

    @Test func fileURLReadsALocalFileIgnoringTheQuery() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("coinwatch-\(UUID().uuidString).json").path
        try Data(#"{"local":1}"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let response = try get("file://\(path)?vs_currency=usd&ids=bitcoin").get()
        #expect(response.status == 0)
        #expect(response.body == Array(#"{"local":1}"#.utf8))
        #expect(try response.requireSuccess(host: path) == response)
    }

    @Test func postSendsItsBodyAndHeaders() throws {
        let server = try LoopbackServer { _ in .status(204) }
        let body = Array(#"{"text":"BTC crossed above $100,000.00 — now"}"#.utf8)
        let request = HTTPRequest(url: server.url("/hook"), method: "POST",
                                  headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Idempotency-Key", "abc-1")],
                                  body: body)
        let response = try CurlTransport().perform(request).get()
        #expect(response.status == 204)
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.body == body)
        #expect(received.header("content-type") == "application/json")
        #expect(received.header("idempotency-key") == "abc-1")
        #expect(received.header("expect") == nil)
    }

    @Test func everyRequestNamesCoinwatchAndAcceptsCompression() throws {
        let server = try LoopbackServer { _ in .json("{}") }
        _ = try get(server.url("/")).get()
        let received = try #require(server.requests.first)
        #expect(received.header("user-agent") == "coinwatch/\(Version.current)")
        #expect(received.header("accept-encoding")?.contains("gzip") == true)
    }

    @Test func gzipBodyIsDecompressed() throws {
        let json = #"{"bitcoin":{"usd":100250.5}}"#
        let compressed = try gzipped(Array(json.utf8))
        let server = try LoopbackServer { _ in Reply.bytes(compressed, contentType: "application/json").header("Content-Encoding", "gzip") }
        #expect(try get(server.url("/")).get().body == Array(json.utf8))
    }

    @Test func requestsRunConcurrentlyAndComeBackInOrder() throws {
        let server = try LoopbackServer { request in Reply.text(request.path).delayed(0.3) }
        let requests = (0..<8).map { HTTPRequest(url: server.url("/chunk/\($0)")) }
        let results = CurlTransport().perform(requests)
        let bodies = try results.map { try String(decoding: $0.get().body, as: UTF8.self) }
        #expect(bodies == (0..<8).map { "/chunk/\($0)" })
        #expect(server.maxConcurrent >= 2)
    }

    @Test func oneBadRequestDoesNotSpoilTheOthers() throws {
        let server = try LoopbackServer { _ in .json("{}") }
        let results = CurlTransport().perform([HTTPRequest(url: "ftp://x/y"), HTTPRequest(url: server.url("/ok"))])
        #expect(failure(of: results[0]) == .badURL(url: "ftp://x/y"))
        #expect(try results[1].get().status == 200)
    }

    @Test func logLineRedactsSecretsAndTellsOutcome() throws {
        let server = try LoopbackServer { _ in .json(#"{"ok":true}"#) }
        let log = LineCollector()
        let transport = CurlTransport(log: log.append)
        _ = transport.perform([
            HTTPRequest(url: server.url("/coins/markets?ids=bitcoin&api_key=SECRET")),
            HTTPRequest(url: "http://user:SECRET@127.0.0.1:\(server.port)/x?x_cg_pro_api_key=SECRET&Token=SECRET"),
        ])
        let lines = log.lines.sorted()
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { !$0.contains("SECRET") })
        #expect(lines.contains { $0.hasPrefix("GET \(server.baseURL)/coins/markets?ids=bitcoin&api_key=*** → 200 in ") && $0.hasSuffix(" ms, 11 B") })
        #expect(lines.contains { $0.contains("/x?x_cg_pro_api_key=***&Token=*** → 200") })
    }

    @Test func logLinePrefersTheGivenDisplayURL() throws {
        let closed = try ClosedPort()
        let log = LineCollector()
        _ = CurlTransport(log: log.append).perform(HTTPRequest(url: closed.baseURL + "/T000/B000/SECRET", displayURL: "webhook team-chat"))
        #expect(log.lines == [log.lines.first ?? ""] )
        let line = try #require(log.lines.first)
        #expect(line.hasPrefix("GET webhook team-chat → failed in "))
        #expect(line.hasSuffix("connection refused"))
    }

    // MARK: helpers

    private func failure(of result: Result<HTTPResponse, TransportError>) -> TransportError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    private func isConnectionError(_ error: TransportError?) -> Bool {
        if case .connection = error { return true }
        return false
    }

    private func retryAfter(of response: HTTPResponse, now: Date = Date()) -> Double? {
        do {
            _ = try response.requireSuccess(host: "h", now: now)
        } catch {
            if case .http(_, _, _, let retryAfter) = error { return retryAfter }
        }
        return nil
    }
}
