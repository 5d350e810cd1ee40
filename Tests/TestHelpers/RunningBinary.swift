import Foundation
import Glibc

/// The built `coinwatch` binary running in the background (loop mode), so a test can watch
/// its output as it comes, send it signals and wait for it to end.
final class RunningBinary: @unchecked Sendable {
    private let process = Process()
    private let out = GrowingText()
    private let err = GrowingText()
    private let readers = DispatchGroup()

    /// Starts `coinwatch args` with `environment` added to the same minimal one `Binary.run` uses.
    init(_ args: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = args
        process.environment = Binary.environment(adding: environment)
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for (pipe, text) in [(outPipe, out), (errPipe, err)] {
            readers.enter()
            let handle = pipe.fileHandleForReading
            Thread.detachNewThread { [readers] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    text.append(chunk)
                }
                readers.leave()
            }
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Everything written to stdout so far.
    var stdout: String { out.text }
    /// Everything written to stderr so far.
    var stderr: String { err.text }
    /// The lines written to stderr so far.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Whether the process has not ended yet.
    var isRunning: Bool { process.isRunning }

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// The most memory the process has held so far (`VmHWM` in /proc), in KiB; nil once it has ended.
    var peakMemoryKiB: Int? {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// Sends `signal` (SIGTERM, SIGINT, SIGHUP) to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits (at most `timeout` seconds) for the process to end and its output to be read;
    /// its exit status, or nil when it is still running (it is then killed) or ended by a signal.
    func waitForExit(timeout: Double = 15) -> Int32? {
        guard waitForEnd(timeout: timeout), process.terminationReason == .exit else { return nil }
        return process.terminationStatus
    }

    /// Whether the process ended within `timeout` seconds, by exiting or by a signal (its output then
    /// read); one still running is killed.
    func waitForEnd(timeout: Double = 15) -> Bool {
        guard Eventually.wait(timeout: timeout, { !self.process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            return false
        }
        _ = readers.wait(timeout: .now() + 5)
        return true
    }
}

/// Text that a reader thread appends to while a test reads it.
final class GrowingText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
