import Foundation
import Glibc

/// An `openssl s_server -www` on 127.0.0.1 with a fresh self-signed certificate for IP 127.0.0.1;
/// it answers `GET /` with an HTML status page, and is terminated when released.
final class TLSServer: @unchecked Sendable {
    /// Why the server could not start.
    struct StartFailure: Error { var output: String }

    /// The port it listens on.
    let port: Int
    /// The PEM file of its certificate (to pass as `caFile`).
    let certificate: String
    private let process: Process
    private let directory: URL

    /// Makes a certificate in a temporary folder and starts the server.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        try Self.run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                      "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=127.0.0.1",
                      "-addext", "subjectAltName=IP:127.0.0.1"])
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl", "s_server", "-accept", "127.0.0.1:0", "-cert", certificate, "-key", key, "-www"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
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

    /// `https://127.0.0.1:PORT`.
    var baseURL: String { "https://127.0.0.1:\(port)" }

    /// Reads s_server's output until its `ACCEPT 127.0.0.1:PORT` line, for at most 10 s.
    private static func acceptedPort(_ output: FileHandle) -> Int? {
        let deadline = Date().addingTimeInterval(10)
        var text = ""
        while Date() < deadline {
            var poller = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let data = output.availableData
            if data.isEmpty { return nil }   // the process ended
            text += String(decoding: data, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }), text.hasSuffix("\n") {
                return line.split(separator: ":").last.flatMap { Int($0) }
            }
        }
        return nil
    }

    private static func run(_ arguments: [String]) throws {
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
