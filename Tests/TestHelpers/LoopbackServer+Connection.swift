import Foundation
import Glibc

extension LoopbackServer {
    /// Largest request head and body the server reads, in bytes.
    static let maxHeadBytes = 64 * 1024
    static let maxBodyBytes = 16 * 1024 * 1024

    /// Reads one request from `fd`, records it, answers it as the handler says, and closes the connection.
    func serve(_ fd: Int32) {
        defer { finish(fd) }
        Socket.setTimeouts(fd, seconds: 5)
        guard let request = readRequest(fd) else { return }
        state.withLock { $0.requests.append(request) }
        let reply = handler(request)
        guard reply.delay <= 0 || wait(reply.delay) else { return }
        switch reply.behaviour {
        case .normal:
            Socket.send(fd, Self.head(of: reply, contentLength: reply.body.count) + reply.body)
            shutdown(fd, Int32(SHUT_WR))
        case .closeMidBody:
            let sent = reply.body.prefix(reply.body.count / 2)
            Socket.send(fd, Self.head(of: reply, contentLength: reply.body.count + 1000) + sent)
        case .reset:
            Socket.resetOnClose(fd)
        case .resetMidBody:
            Socket.send(fd, Self.head(of: reply, contentLength: reply.body.count) + reply.body.prefix(reply.body.count / 2))
            usleep(50_000)   // let the first half arrive before the reset
            Socket.resetOnClose(fd)
        case .closeWithoutAnswer:
            break
        }
    }

    private func readRequest(_ fd: Int32) -> RecordedRequest? {
        var buffer: [UInt8] = []
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard buffer.count < Self.maxHeadBytes, let chunk = Socket.receive(fd) else { return nil }
            buffer += chunk
            headEnd = buffer.firstRange(of: separator)?.lowerBound
        }
        guard let headEnd, var request = Self.parseHead(buffer[..<headEnd]) else { return nil }
        var body = Array(buffer[(headEnd + separator.count)...])
        let length = Int(request.header("content-length") ?? "0") ?? 0
        guard length <= Self.maxBodyBytes else { return nil }
        if length > body.count, request.header("expect")?.lowercased() == "100-continue" {
            Socket.send(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while body.count < length {
            guard let chunk = Socket.receive(fd) else { return nil }
            body += chunk
        }
        request.body = Array(body.prefix(length))
        return request
    }

    private static func parseHead(_ head: ArraySlice<UInt8>) -> RecordedRequest? {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        let target = String(requestLine[1])
        let mark = target.firstIndex(of: "?")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        return RecordedRequest(method: String(requestLine[0]), target: target,
                               path: String(target[..<(mark ?? target.endIndex)]),
                               query: mark.map { String(target[target.index(after: $0)...]) },
                               headers: headers, body: [])
    }

    private static func head(of reply: Reply, contentLength: Int) -> [UInt8] {
        var text = "HTTP/1.1 \(reply.status) \(reason(reply.status))\r\n"
        for (name, value) in reply.headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(contentLength)\r\nConnection: close\r\n\r\n"
        return Array(text.utf8)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
