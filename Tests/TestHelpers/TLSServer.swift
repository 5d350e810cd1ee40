import Foundation
import Glibc

/// An `openssl s_server` on 127.0.0.1 with a fresh self-signed certificate for IP 127.0.0.1, terminated
/// when released. With `-www` (the default) it answers `GET /` with an HTML status page; given a `reply`,
/// it answers the first connection that completes the handshake with those bytes (any method, any path).
final class TLSServer: @unchecked Sendable {
    /// Why the server could not start.
    struct StartFailure: Error { var output: String }

    /// The port it listens on.
    let port: Int
    /// The PEM file of its certificate (to pass as `caFile`).
    let certificate: String
    private let process: Process
    private let directory: URL
    /// s_server's stdin, kept open: in reply mode it relays what is written there to the client.
    private let input = Pipe()

    /// Makes a certificate in a temporary folder and starts the server; `reply` is a whole HTTP response.
    init(reply: Reply? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        try Self.makeCertificate(key: key, certificate: certificate)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", key]
            + (reply == nil ? ["-www"] : [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        try process.run()
        if let reply {
            // s_server reads its stdin only once a client is connected, so the answer waits in the pipe.
            input.fileHandleForWriting.write(Data(Self.wire(reply)))
        }
        guard let port = Self.acceptedPort(output.fileHandleForReading) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw StartFailure(output: "openssl s_server did not start within 10 s")
        }
        self.port = port
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)   // s_server does not always end on SIGTERM
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `reply` as bytes on the wire, closing the connection after the body.
    private static func wire(_ reply: Reply) -> [UInt8] {
        var head = "HTTP/1.1 \(reply.status) Status\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(reply.body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + reply.body
    }

    /// `https://127.0.0.1:PORT`.
    var baseURL: String { "https://127.0.0.1:\(port)" }

    /// Reads s_server's output until its `ACCEPT 127.0.0.1:PORT` line, for at most 10 s.
    private static func acceptedPort(_ output: FileHandle) -> Int? {
        read(output) { text in
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }), text.hasSuffix("\n") else { return nil }
            return line.split(separator: ":").last.flatMap { Int($0) }
        }
    }

    /// Reads a test server's output for at most 10 s, until `found` makes something of the text so far;
    /// nil when the process ends or the time is up first.
    static func read<T>(_ output: FileHandle, within seconds: Double = 10, until found: (String) -> T?) -> T? {
        let deadline = Deadline(in: seconds)
        var text = ""
        while !deadline.hasPassed {
            var poller = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let data = output.availableData
            if data.isEmpty { return nil }   // the process ended
            text += String(decoding: data, as: UTF8.self)
            if let result = found(text) { return result }
        }
        return nil
    }

    /// Writes a fresh self-signed certificate for IP 127.0.0.1 (valid 2 days) and its key, PEM.
    static func makeCertificate(key: String, certificate: String) throws {
        try run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                 "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=127.0.0.1",
                 "-addext", "subjectAltName=IP:127.0.0.1"])
    }

    /// Runs `openssl arguments`, its output discarded; throws `StartFailure` when it fails.
    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw StartFailure(output: "openssl \(arguments[0]) failed") }
    }
}
