import Foundation
import Testing
@testable import TestHelpers
@testable import CoinWatchSupport
@testable import CoinWatchTransport

/// The WebSocket transport of `stream` (SPEC §9): libcurl's connection, the RFC 6455
/// handshake checked, wslay's frames, against real servers on 127.0.0.1.
@Suite(.serialized) struct WebSocketClientTests {
    @Test func acceptKeyIsTheRFC6455Example() {
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func sha1MatchesTheFIPSExamples() {
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    }

    @Test func handshakeKeyIsRandomAndSixteenBytes() {
        let one = WebSocketHandshake(), two = WebSocketHandshake()
        #expect(one.key != two.key)
        #expect(Data(base64Encoded: one.key)?.count == 16)
    }

    @Test func upgradeAnswerWithTheWrongAcceptIsRefused() {
        let handshake = WebSocketHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==")
        let good = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n"
        #expect(handshake.verify(head: ArraySlice(Array(good.utf8))) == nil)
        let bad = good.replacingOccurrences(of: "s3pPLM", with: "AAAAAA")
        #expect(handshake.verify(head: ArraySlice(Array(bad.utf8)))?.contains("Sec-WebSocket-Accept") == true)
        let refused = "HTTP/1.1 403 Forbidden\r\n\r\n"
        #expect(handshake.verify(head: ArraySlice(Array(refused.utf8)))?.contains("HTTP 403") == true)
    }

    /// Connects and reads messages until `count` arrived or `timeout` seconds passed.
    static func collect(_ client: WebSocketClient, count: Int, timeout: Double = 10) -> (messages: [String], end: WebSocketClient.End?) {
        final class Box { var items: [String] = [] }
        let box = Box()
        client.onMessage = { binary, bytes in box.items.append((binary ? "b:" : "t:") + String(decoding: bytes, as: UTF8.self)) }
        let deadline = Deadline(in: timeout)
        while box.items.count < count && !deadline.hasPassed {
            var entry = pollfd(fd: client.socket, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 100)
            if let end = client.pump() { return (box.items, end) }
        }
        return (box.items, nil)
    }

    @Test func textAndBinaryMessagesArriveAndTheSubscriptionIsSent() throws {
        let server = try WebSocketServer(connections: [[["wait": 1], ["send": "hello"], ["send_binary": "bin"]]])
        let client = try WebSocketClient.connect(url: server.url + "/stream?x=1", caFile: nil, timeout: 5,
                                                 userAgent: "coinwatch-test", maxMessageBytes: 1 << 20)
        client.send(text: Array(#"{"sub":1}"#.utf8))
        let got = Self.collect(client, count: 2)
        #expect(got.messages == ["t:hello", "b:bin"])
        #expect(Eventually.wait { server.received == [#"{"sub":1}"#] })
        #expect(server.log.first?["path"] as? String == "/stream?x=1")
    }

    @Test func wssWorksWithTheTestCAAndIsRefusedWithoutIt() throws {
        let server = try WebSocketServer(connections: [[["send": "over tls"]]], tls: true)
        let client = try WebSocketClient.connect(url: server.url, caFile: server.certificate, timeout: 5,
                                                 userAgent: "coinwatch-test", maxMessageBytes: 1 << 20)
        #expect(Self.collect(client, count: 1).messages == ["t:over tls"])
        #expect(throws: TransportError.self) {
            _ = try WebSocketClient.connect(url: server.url, caFile: nil, timeout: 5, userAgent: "t", maxMessageBytes: 1024)
        }
        do {
            _ = try WebSocketClient.connect(url: server.url, caFile: nil, timeout: 5, userAgent: "t", maxMessageBytes: 1024)
        } catch {
            guard case .tls = error else { Issue.record("expected a TLS error, got \(error)"); return }
        }
    }

    @Test func aServerThatNeverAnswersTheUpgradeTimesOut() throws {
        let server = try WebSocketServer(connections: [[]], silent: true)
        let started = Date()
        do {
            _ = try WebSocketClient.connect(url: server.url, caFile: nil, timeout: 1, userAgent: "t", maxMessageBytes: 1024)
            Issue.record("the upgrade must not succeed")
        } catch {
            guard case .timedOut = error else { Issue.record("expected a timeout, got \(error)"); return }
        }
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func oversizedMessageEndsTheConnectionWith1009() throws {
        let server = try WebSocketServer(connections: [[["send": String(repeating: "x", count: 5000)]]])
        let client = try WebSocketClient.connect(url: server.url, caFile: nil, timeout: 5, userAgent: "t", maxMessageBytes: 1000)
        let got = Self.collect(client, count: 1, timeout: 5)
        #expect(got.messages.isEmpty)
        #expect(got.end == .messageTooBig(limit: 1000))
    }

    @Test func droppedConnectionIsReportedAs1006() throws {
        let server = try WebSocketServer(connections: [[["send": "one"], ["sleep": 0.2], ["drop": true]]])
        let client = try WebSocketClient.connect(url: server.url, caFile: nil, timeout: 5, userAgent: "t", maxMessageBytes: 1024)
        let got = Self.collect(client, count: 5, timeout: 5)
        #expect(got.messages == ["t:one"])
        guard case .broken(let reason)? = got.end else { Issue.record("expected a broken connection, got \(String(describing: got.end))"); return }
        #expect(reason.contains("1006"))
    }

    @Test func closeFrameFromTheServerIsReportedWithItsCode() throws {
        let server = try WebSocketServer(connections: [[["close": 1001]]])
        let client = try WebSocketClient.connect(url: server.url, caFile: nil, timeout: 5, userAgent: "t", maxMessageBytes: 1024)
        #expect(Self.collect(client, count: 1, timeout: 5).end == .closedByServer(code: 1001))
    }

    @Test func malformedFrameEndsTheConnection() throws {
        // 0x83: FIN + reserved opcode 3, which RFC 6455 forbids.
        let server = try WebSocketServer(connections: [[["raw": "gwFh"]]])
        let client = try WebSocketClient.connect(url: server.url, caFile: nil, timeout: 5, userAgent: "t", maxMessageBytes: 1024)
        let got = Self.collect(client, count: 1, timeout: 5)
        #expect(got.messages.isEmpty)
        #expect(got.end != nil)
    }

    @Test func serverPingsAreAnswered() throws {
        let server = try WebSocketServer(connections: [[["sleep": 1.5], ["send": "still here"]]], pingInterval: 0.3)
        let client = try WebSocketClient.connect(url: server.url, caFile: nil, timeout: 5, userAgent: "t", maxMessageBytes: 1024)
        let got = Self.collect(client, count: 1, timeout: 8)
        #expect(got.messages == ["t:still here"])
        #expect(got.end == nil)
    }
}
