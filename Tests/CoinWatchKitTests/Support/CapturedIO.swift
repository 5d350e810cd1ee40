import Foundation
@testable import CoinWatchKit

/// Streams for an in-process `CLI.run`, collected for assertions.
final class CapturedIO: Sendable {
    let stdout = LineCollector()
    let stderr = LineCollector()
    let environment: [String: String]

    init(environment: [String: String] = ["HOME": NSTemporaryDirectory(), "NO_COLOR": "1", "TZ": "UTC"]) {
        self.environment = environment
    }

    var io: IO {
        IO(out: { [stdout] in stdout.append($0) }, err: { [stderr] in stderr.append($0) },
           environment: environment, stdoutIsTTY: false)
    }

    /// Everything written to stdout.
    var out: String { stdout.lines.joined() }
    /// Everything written to stderr.
    var err: String { stderr.lines.joined() }
}
