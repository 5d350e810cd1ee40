/// What the loopback server answers to one request.
struct Reply: Sendable {
    /// How the server ends the exchange.
    enum Behaviour: Sendable {
        /// A complete answer, then the connection closes.
        case normal
        /// Declares a Content-Length larger than the body, sends part of the body, then closes.
        case closeMidBody
        /// Resets the connection (SO_LINGER 0, then close) instead of answering.
        case reset
        /// Sends the head and half the body, then resets the connection (a TCP RST mid-body).
        case resetMidBody
        /// Closes the connection without sending a byte.
        case closeWithoutAnswer
    }

    /// HTTP status code.
    var status: Int
    /// Headers to send, in order; Content-Length and Connection are added by the server.
    var headers: [(name: String, value: String)]
    /// The body bytes.
    var body: [UInt8]
    /// Seconds the server waits before answering.
    var delay: Double
    /// How the exchange ends.
    var behaviour: Behaviour

    init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
         delay: Double = 0, behaviour: Behaviour = .normal) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.behaviour = behaviour
    }

    /// A JSON body with `Content-Type: application/json`.
    static func json(_ text: String, status: Int = 200) -> Reply {
        Reply(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
    }

    /// A text body, plain unless another content type is given.
    static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> Reply {
        Reply(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// An HTML body.
    static func html(_ text: String, status: Int = 200) -> Reply {
        .text(text, status: status, contentType: "text/html; charset=utf-8")
    }

    /// Raw bytes with the given content type.
    static func bytes(_ body: [UInt8], status: Int = 200, contentType: String = "application/octet-stream") -> Reply {
        Reply(status: status, headers: [("Content-Type", contentType)], body: body)
    }

    /// A redirect to `location`.
    static func redirect(to location: String, status: Int = 302) -> Reply {
        Reply(status: status, headers: [("Location", location)])
    }

    /// An empty answer with `status`.
    static func status(_ status: Int) -> Reply { Reply(status: status) }

    /// 404 with a short text body.
    static var notFound: Reply { .text("not found", status: 404) }

    /// The same reply with one more header.
    func header(_ name: String, _ value: String) -> Reply {
        var copy = self
        copy.headers.append((name, value))
        return copy
    }

    /// The same reply, sent after `seconds`.
    func delayed(_ seconds: Double) -> Reply {
        var copy = self
        copy.delay = seconds
        return copy
    }

    /// The same reply, ending as `behaviour` says.
    func behaving(_ behaviour: Behaviour) -> Reply {
        var copy = self
        copy.behaviour = behaviour
        return copy
    }
}
