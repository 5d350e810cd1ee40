import CoinWatchSupport
import CWslay
import Glibc

/// One client WebSocket (RFC 6455) on a `CurlStream`, upgraded by `WebSocketHandshake`, framed by wslay
/// (masking, ping → pong, close); non-blocking after the upgrade: the owner polls `socket`, calls `pump`.
package final class WebSocketClient {
    /// Why the connection ended.
    package enum End: Equatable {
        /// The server sent a close frame with this status code (0: none given).
        case closedByServer(code: Int)
        /// A message was over the cap; the client closed with 1009.
        case messageTooBig(limit: Int)
        /// The connection broke (1006): the text says how.
        case broken(String)
    }

    /// The socket to poll for input (and, while `wantsWrite`, for output).
    package var socket: Int32 { stream.socket }
    /// Called with each complete text or binary message (`binary`, bytes valid during the call).
    package var onMessage: (_ binary: Bool, _ bytes: UnsafeRawBufferPointer) -> Void = { _, _ in }
    /// Called with each ping or pong from the server: the connection is alive though no message came.
    package var onControl: () -> Void = {}

    private let stream: CurlStream
    private var context: wslay_event_context_ptr?
    /// Bytes that arrived with the handshake's answer, handed to wslay first.
    private var leftover: [UInt8]
    private var brokenReason: String?
    private let maxMessageBytes: Int
    /// Bytes read in the current `pump`, and whether it stopped at `readBudget` or at `maxQueuedFrames`.
    private var readThisPump = 0
    private var stoppedEarly = false

    /// Bytes one `pump` reads at most, so a fast feed cannot hold the event loop's timers and delivery (SPEC §9).
    static let readBudget = 256 * 1024
    /// Unsent frames (a pong per ping) at which reading stops, and the connection ends if the server
    /// takes none, so a ping flood from a server that never reads cannot grow memory (SPEC §9).
    static let maxQueuedFrames = 64

    private init(stream: CurlStream, leftover: [UInt8], maxMessageBytes: Int) {
        self.stream = stream
        self.leftover = leftover
        self.maxMessageBytes = maxMessageBytes
    }

    deinit {
        if let context { wslay_event_context_free(context) }
    }

    /// Connects to `url` (`ws://` or `wss://`) and upgrades within `timeout` seconds; messages over
    /// `maxMessageBytes` end the connection. Throws `TransportError` (a refused upgrade: `.connection`).
    package static func connect(url: String, caFile: String?, timeout: Double, userAgent: String,
                        maxMessageBytes: Int) throws(TransportError) -> WebSocketClient {
        let deadline = Monotonic.now() + timeout
        let stream = try CurlStream.open(url: url, caFile: caFile, connectTimeout: timeout)
        let host = URLParts(url).host
        let handshake = WebSocketHandshake()
        let request = handshake.request(url: url, userAgent: userAgent)
        var sent = 0
        while sent < request.count {
            let result = request.withUnsafeBytes { stream.send(UnsafeRawBufferPointer(rebasing: $0[sent...])) }
            switch result {
            case .bytes(let count): sent += count
            case .wouldBlock: try wait(stream.socket, events: POLLOUT, until: deadline, host: host, timeout: timeout)
            case .closed: throw .connection(host: host, message: "closed during the WebSocket upgrade")
            case .failed(let text): throw .connection(host: host, message: text)
            }
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = WebSocketHandshake.headEnd(answer) {
                if let problem = handshake.verify(head: answer[..<end]) { throw .connection(host: host, message: problem) }
                let client = WebSocketClient(stream: stream, leftover: Array(answer[end...]), maxMessageBytes: maxMessageBytes)
                try client.start(host: host)
                return client
            }
            guard answer.count <= WebSocketHandshake.maxHeadBytes else {
                throw .connection(host: host, message: "the answer to the WebSocket upgrade is over 16 KiB")
            }
            let result = buffer.withUnsafeMutableBytes { stream.receive(into: $0) }
            switch result {
            case .bytes(let count): answer.append(contentsOf: buffer[..<count])
            case .wouldBlock: try wait(stream.socket, events: POLLIN, until: deadline, host: host, timeout: timeout)
            case .closed: throw .connection(host: host, message: "closed before answering the WebSocket upgrade")
            case .failed(let text): throw .connection(host: host, message: text)
            }
        }
    }

    /// Waits until `socket` is ready for `events`; throws `.timedOut` at `deadline`.
    private static func wait(_ socket: Int32, events: Int32, until deadline: Double, host: String,
                             timeout: Double) throws(TransportError) {
        let remaining = deadline - Monotonic.now()
        guard remaining > 0 else { throw .timedOut(host: host, seconds: timeout) }
        var entry = pollfd(fd: socket, events: Int16(events), revents: 0)
        _ = poll(&entry, 1, Int32(min(remaining, 60) * 1000) + 1)
    }

    /// Sets up wslay's client context on the upgraded connection.
    private func start(host: String) throws(TransportError) {
        var callbacks = wslay_event_callbacks()
        callbacks.recv_callback = { context, buffer, length, _, user in
            guard let user, let buffer else { return -1 }
            return Unmanaged<WebSocketClient>.fromOpaque(user).takeUnretainedValue()
                .read(context, UnsafeMutableRawBufferPointer(start: buffer, count: length))
        }
        callbacks.send_callback = { context, data, length, _, user in
            guard let user, let data else { return -1 }
            return Unmanaged<WebSocketClient>.fromOpaque(user).takeUnretainedValue()
                .write(context, UnsafeRawBufferPointer(start: data, count: length))
        }
        callbacks.genmask_callback = { _, buffer, length, _ in
            guard let buffer else { return -1 }
            var generator = SystemRandomNumberGenerator()
            for index in 0..<length { buffer[index] = UInt8.random(in: 0...255, using: &generator) }
            return 0
        }
        callbacks.on_msg_recv_callback = { _, argument, user in
            guard let user, let argument else { return }
            let message = argument.pointee
            let client = Unmanaged<WebSocketClient>.fromOpaque(user).takeUnretainedValue()
            guard message.opcode == UInt8(WSLAY_TEXT_FRAME.rawValue) || message.opcode == UInt8(WSLAY_BINARY_FRAME.rawValue) else {
                if message.opcode == UInt8(WSLAY_PING.rawValue) || message.opcode == UInt8(WSLAY_PONG.rawValue) { client.onControl() }
                return
            }
            client.onMessage(message.opcode == UInt8(WSLAY_BINARY_FRAME.rawValue),
                             UnsafeRawBufferPointer(start: message.msg, count: message.msg_length))
        }
        var made: wslay_event_context_ptr?
        guard wslay_event_context_client_init(&made, &callbacks, Unmanaged.passUnretained(self).toOpaque()) == 0,
              let made else {
            throw .internal(host: host, message: "wslay could not create a WebSocket context")
        }
        wslay_event_config_set_max_recv_msg_length(made, UInt64(maxMessageBytes))
        context = made
    }

    /// wslay's recv callback: leftover handshake bytes first, then libcurl; "would block" once this
    /// pump read its budget or the frames waiting to be sent reached their cap.
    private func read(_ context: wslay_event_context_ptr?, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        if readThisPump >= Self.readBudget || wslay_event_get_queued_msg_count(context) >= Self.maxQueuedFrames {
            stoppedEarly = true
            wslay_event_set_error(context, Int32(WSLAY_ERR_WOULDBLOCK.rawValue))
            return -1
        }
        if !leftover.isEmpty {
            let count = min(buffer.count, leftover.count)
            leftover.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            leftover.removeFirst(count)
            return count
        }
        let count = take(stream.receive(into: buffer), context, closed: "the server dropped the connection without a close frame (1006)")
        readThisPump += max(count, 0)
        return count
    }

    /// wslay's send callback, through libcurl.
    private func write(_ context: wslay_event_context_ptr?, _ bytes: UnsafeRawBufferPointer) -> Int {
        take(stream.send(bytes), context, closed: "the server dropped the connection (1006)")
    }

    /// A wslay callback's return for `transfer`: the byte count, or -1 with wslay's error set and a failure's reason kept.
    private func take(_ transfer: CurlStream.Transfer, _ context: wslay_event_context_ptr?, closed: String) -> Int {
        switch transfer {
        case .bytes(let count): return count
        case .wouldBlock:
            wslay_event_set_error(context, Int32(WSLAY_ERR_WOULDBLOCK.rawValue))
        case .closed:
            brokenReason = closed
            wslay_event_set_error(context, Int32(WSLAY_ERR_CALLBACK_FAILURE.rawValue))
        case .failed(let text):
            brokenReason = text
            wslay_event_set_error(context, Int32(WSLAY_ERR_CALLBACK_FAILURE.rawValue))
        }
        return -1
    }

    /// Whether input may wait that `poll` cannot see: bytes that came with the handshake's answer,
    /// or the rest of what the last `pump` left unread (its budget spent; TLS may hold it decrypted).
    package var hasBufferedInput: Bool { !leftover.isEmpty || stoppedEarly }

    /// Whether frames wait to be sent (poll for output too).
    package var wantsWrite: Bool {
        guard let context else { return false }
        return wslay_event_want_write(context) != 0
    }

    /// Reads arrived frames (`readBudget` bytes at most; messages to `onMessage`, pings answered), then
    /// sends what is queued; returns why the connection ended, or nil while it is open.
    package func pump() -> End? {
        guard let context else { return .broken("not connected") }
        readThisPump = 0
        stoppedEarly = false
        if wslay_event_want_read(context) != 0 && wslay_event_recv(context) != 0 {
            return .broken(brokenReason ?? "malformed WebSocket frame (1002)")
        }
        if wslay_event_want_write(context) != 0 && wslay_event_send(context) != 0 {
            return .broken(brokenReason ?? "could not send a WebSocket frame")
        }
        let unsent = wslay_event_get_queued_msg_count(context)
        if unsent >= Self.maxQueuedFrames {
            return .broken("the server does not read what is sent to it (\(unsent) frames unsent, pongs to its pings)")
        }
        if wslay_event_get_close_received(context) != 0 {
            return .closedByServer(code: Int(wslay_event_get_status_code_received(context)))
        }
        if wslay_event_get_read_enabled(context) == 0 {
            if Int(wslay_event_get_status_code_sent(context)) == Int(WSLAY_CODE_MESSAGE_TOO_BIG.rawValue) {
                return .messageTooBig(limit: maxMessageBytes)
            }
            return .broken(brokenReason ?? "the WebSocket stopped reading")
        }
        return nil
    }

    /// Queues a text message (a subscription) and tries to send it at once.
    package func send(text: [UInt8]) {
        queue(opcode: UInt8(WSLAY_TEXT_FRAME.rawValue), text)
    }

    /// Queues a ping (a client keep-alive).
    package func ping() {
        queue(opcode: UInt8(WSLAY_PING.rawValue), [])
    }

    /// Queues a close frame (1000) and sends it as far as the socket takes it.
    package func close() {
        guard let context else { return }
        _ = wslay_event_queue_close(context, UInt16(WSLAY_CODE_NORMAL_CLOSURE.rawValue), nil, 0)
        _ = wslay_event_send(context)
    }

    private func queue(opcode: UInt8, _ bytes: [UInt8]) {
        guard let context else { return }
        bytes.withUnsafeBufferPointer { buffer in
            var message = wslay_event_msg(opcode: opcode, msg: buffer.baseAddress, msg_length: buffer.count)
            _ = wslay_event_queue_msg(context, &message)
        }
        _ = wslay_event_send(context)
    }
}
