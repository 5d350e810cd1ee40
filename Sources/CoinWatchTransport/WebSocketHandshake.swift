import CoinWatchSupport
import FoundationEssentials

/// The client side of the WebSocket opening handshake (RFC 6455 §4), pure: the upgrade request out,
/// the server's answer checked (101, `Upgrade`, `Connection`, `Sec-WebSocket-Accept`).
struct WebSocketHandshake: Sendable {
    /// The GUID RFC 6455 appends to the key.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// The largest answer head accepted, in bytes.
    static let maxHeadBytes = 16 * 1024

    /// The base64 of 16 random bytes, sent as `Sec-WebSocket-Key`.
    let key: String

    /// A handshake with `key`, or with a fresh random one.
    init(key: String? = nil) {
        if let key {
            self.key = key
        } else {
            var generator = SystemRandomNumberGenerator()
            let nonce = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            self.key = Data(nonce).base64EncodedString()
        }
    }

    /// The value the server must answer in `Sec-WebSocket-Accept` for `key`.
    static func accept(for key: String) -> String {
        Data(SHA1.digest(Array((key + guid).utf8))).base64EncodedString()
    }

    /// The upgrade request for `url` (`ws://host[:port]/path?query`), sending `userAgent`.
    func request(url: String, userAgent: String) -> [UInt8] {
        let parts = URLParts(url)
        let target = (parts.path.isEmpty ? "/" : parts.path) + (parts.query.map { "?" + $0 } ?? "")
        let clean = { (text: String) in String(text.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" }) }
        let text = "GET \(clean(target)) HTTP/1.1\r\n"
            + "Host: \(clean(parts.hostAndPort))\r\n"
            + "User-Agent: \(clean(userAgent))\r\n"
            + "Upgrade: websocket\r\n"
            + "Connection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\n"
            + "Sec-WebSocket-Version: 13\r\n\r\n"
        return Array(text.utf8)
    }

    /// Where the answer's head ends (the index after its blank line), or nil while incomplete.
    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count where bytes[index] == 10 && bytes[index - 1] == 13
            && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }

    /// Checks the answer's head (through its blank line): nil when the upgrade was accepted, else why not.
    func verify(head: ArraySlice<UInt8>) -> String? {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true)
        guard let statusLine = lines.first else { return "empty answer to the WebSocket upgrade" }
        let status = statusLine.split(separator: " ", maxSplits: 2)
        guard status.count >= 2, status[0].hasPrefix("HTTP/1.") else {
            return "not an HTTP answer to the WebSocket upgrade"
        }
        guard status[1] == "101" else {
            return "the server answered the WebSocket upgrade with HTTP \(BodySummary.oneLine(Array(status.dropFirst().joined(separator: " ").utf8), html: false, limit: 80))"
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = String(line[line.index(after: colon)...]).trimmingSpaces
            fields[name] = value
        }
        guard fields["upgrade"]?.lowercased() == "websocket" else { return "the upgrade answer lacks 'Upgrade: websocket'" }
        guard fields["connection"]?.lowercased().split(separator: ",").contains(where: {
            String($0).trimmingSpaces == "upgrade"
        }) == true else { return "the upgrade answer lacks 'Connection: Upgrade'" }
        guard fields["sec-websocket-accept"] == Self.accept(for: key) else {
            return "the upgrade answer's Sec-WebSocket-Accept does not match the key"
        }
        return nil
    }
}
