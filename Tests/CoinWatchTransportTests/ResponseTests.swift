#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import TestHelpers
@testable import CoinWatchTransport

/// Non-2xx answers become one readable `.http` error with Retry-After (SPEC §3, §6).
@Suite struct ResponseTests {
    private let now = Date(timeIntervalSince1970: 1_445_412_480)   // Wed, 21 Oct 2015 07:28:00 GMT

    @Test func retryAfterReadsEveryHTTPDateFormat() {
        for date in ["Wed, 21 Oct 2015 07:30:00 GMT", "Wednesday, 21-Oct-15 07:30:00 GMT", "Wed Oct 21 07:30:00 2015"] {
            let response = HTTPResponse(status: 503, headers: ["retry-after": date], body: [])
            #expect(response.retryAfter(now: now) == 120, "\(date)")
        }
    }

    @Test func retryAfterInThePastMeansNow() {
        let response = HTTPResponse(status: 429, headers: ["retry-after": "Wed, 21 Oct 2015 07:00:00 GMT"], body: [])
        #expect(response.retryAfter(now: now) == 0)
    }

    @Test func unreadableRetryAfterIsIgnored() {
        #expect(HTTPResponse(status: 429, headers: ["retry-after": "soon"], body: []).retryAfter(now: now) == nil)
        #expect(HTTPResponse(status: 429, headers: ["retry-after": "-5"], body: []).retryAfter(now: now) == nil)
    }

    @Test func bodyStartIsCutOnACharacterBoundary() {
        let response = HTTPResponse(status: 500, body: Array(String(repeating: "👩‍👩‍👧", count: 300).utf8))
        #expect(response.bodyStart.count == 201)
        #expect(response.bodyStart.hasSuffix("👩‍👩‍👧…"))
    }

    @Test func bodyStartCollapsesWhitespaceAndKeepsJSONAsIs() {
        let response = HTTPResponse(status: 400, headers: ["content-type": "application/json"],
                                    body: Array("{\n  \"error\": \"a < b\",\n\t\"code\": 1\n}".utf8))
        #expect(response.bodyStart == #"{ "error": "a < b", "code": 1 }"#)
    }

    @Test func htmlScriptsAndCommentsAreNotShown() {
        let page = "<!DOCTYPE html><!-- x --><html><script>var a = 1;</script><body>Bad&nbsp;Gateway</body></html>"
        let response = HTTPResponse(status: 502, body: Array(page.utf8))
        #expect(response.bodyStart == "Bad Gateway")
    }

    @Test func twoHundredsAndFilesAreSuccess() throws {
        for status in [0, 200, 204, 299] {
            #expect(throws: Never.self) { try HTTPResponse(status: status, body: []).requireSuccess(host: "h") }
        }
        #expect(!HTTPResponse(status: 304, body: []).isSuccess)
    }

    @Test func logSizesReadLikeAHuman() {
        #expect(RequestLogLine.size(512) == "512 B")
        #expect(RequestLogLine.size(4198) == "4.1 KB")
        #expect(RequestLogLine.size(3 * 1024 * 1024) == "3.0 MB")
    }
}
