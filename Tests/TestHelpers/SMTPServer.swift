import Foundation
import Glibc

/// A real SMTP server on 127.0.0.1 (`Tests/servers/smtp_server.py`, Python's aiosmtpd, installed into
/// `.build/test-python` on first use), killed when released. It keeps every accepted message as `<n>.eml` in `folder`.
final class SMTPServer: @unchecked Sendable {
    /// How the server treats clients.
    enum Mode: String {
        /// 250 to every message.
        case accept
        /// 451 to the first message, 250 to the rest.
        case busyOnce = "busy-once"
        /// 550 to every recipient.
        case refuse
        /// Drops the connection once the message data has arrived, without a reply.
        case drop
        /// 552 to a message over 20,000 bytes.
        case small
    }

    /// How the connection is protected.
    enum Security: String {
        /// STARTTLS offered and required before MAIL.
        case starttls
        /// TLS from the first byte (smtps).
        case implicit
        /// No TLS at all: STARTTLS is not offered.
        case plain
    }

    struct StartFailure: Error { var output: String }

    let port: Int
    /// The server's self-signed certificate (PEM), to pass as `ca_file`.
    let certificate: String
    /// Where accepted messages are written.
    let folder: String
    private let process: Process

    /// `delay`: seconds the server takes to answer each message's data.
    init(mode: Mode = .accept, security: Security = .starttls, login: (user: String, password: String)? = nil,
         delay: Double = 0) throws {
        let python = try Self.python.get()
        folder = NSTemporaryDirectory() + "smtp-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        certificate = folder + "/cert.pem"
        let key = folder + "/key.pem"
        try TLSServer.makeCertificate(key: key, certificate: certificate)
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Fixtures.root + "/Tests/servers/smtp_server.py", folder, mode.rawValue, security.rawValue, certificate, key,
                             login?.user ?? "", login?.password ?? "", String(delay)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard let line = Self.firstLine(output.fileHandleForReading), let port = Int(line) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw StartFailure(output: "the SMTP server did not start within 10 s")
        }
        self.port = port
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The messages accepted so far, oldest first: envelope lines (`FROM`, `TO`) then the raw message.
    var messages: [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".eml") }
        return names.sorted { (Int($0.dropLast(4)) ?? 0) < (Int($1.dropLast(4)) ?? 0) }
            .compactMap { try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
    }

    /// How many messages reached the DATA stage (accepted or not).
    var dataCount: Int {
        ((try? String(contentsOfFile: folder + "/data-count", encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// The python that has aiosmtpd: a venv under `.build/test-python`, made (and aiosmtpd installed from PyPI) once.
    static let python = TestVenv.python(installed: "import aiosmtpd", package: "aiosmtpd").mapError { StartFailure(output: $0.reason) }

    /// The first line the server prints (its port), within 10 s.
    private static func firstLine(_ output: FileHandle) -> String? {
        TLSServer.read(output) { text in text.firstIndex(of: "\n").map { String(text[..<$0]) } }
    }
}
