import Foundation
import Testing

/// One way a server can fail a request, and the cause coinwatch must name for it.
struct Fault: Sendable, CustomTestStringConvertible {
    /// Short name for the test report (`http500`).
    var name: String
    /// What the server answers; nil means nothing listens (connection refused).
    var reply: Reply?
    /// Text the error line must contain after the provider's or sink's name.
    var cause: String

    var testDescription: String { name }

    /// The body a fault uses for a response over the 32 MiB cap: 33 MiB of valid-looking JSON.
    static let oversizedBody: [UInt8] = Array("[".utf8) + [UInt8](repeating: 0x20, count: 33 << 20) + Array("]".utf8)

    /// Server-side faults that no provider can get a quote through; the slow one outlasts a 1 s timeout.
    static let network: [Fault] = [
        Fault(name: "http500", reply: .text("internal error", status: 500), cause: "HTTP 500: internal error"),
        Fault(name: "http502HTML", reply: .html("<html><head><title>502</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>", status: 502),
              cause: "HTTP 502: 502 502 Bad Gateway nginx"),
        Fault(name: "http429RetryAfter", reply: Reply.json(#"{"status":{"error_code":429}}"#, status: 429).header("Retry-After", "120"),
              cause: "HTTP 429"),
        Fault(name: "http429NoRetryAfter", reply: .json(#"{"status":{"error_code":429}}"#, status: 429), cause: "HTTP 429"),
        Fault(name: "refused", reply: nil, cause: "connection refused"),
        Fault(name: "resetMidBody", reply: Reply.json("[" + String(repeating: #"{"id":"x"},"#, count: 2000) + "{}]").behaving(.resetMidBody),
              cause: "connection failed"),
        Fault(name: "closedMidBody", reply: Reply.json(#"[{"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":1}]"#).behaving(.closeMidBody),
              cause: "connection failed"),
        Fault(name: "slowerThanTimeout", reply: Reply.json("[]").delayed(3), cause: "timed out after 1s"),
        Fault(name: "overSizeCap", reply: .bytes(oversizedBody, contentType: "application/json"), cause: "response larger than 32 MiB, refused"),
    ]

    /// 2xx answers whose body is not what the API documents.
    static let bodies: [Fault] = [
        Fault(name: "invalidJSON", reply: .json(#"[{"id": "bitcoin", "current_price": 49053,"#), cause: "unexpected response"),
        Fault(name: "wrongShapeObject", reply: .json(#"{"unexpected": true}"#), cause: "unexpected response"),
        Fault(name: "wrongShapeArray", reply: .json(#"[{"unexpected": true}, 42]"#), cause: "unexpected response"),
        Fault(name: "emptyBody", reply: .json(""), cause: "unexpected response: expected a JSON"),
    ]

    /// Every fault a provider is tried against.
    static let all = network + bodies
}
