@testable import CoinWatchSupport
@testable import CoinWatchCLI
import Foundation
import Synchronization

/// An `IO` whose stdout and stderr are kept for the test, for `CLI.run` in process.
final class CapturedIO: Sendable {
    private let outText = Mutex("")
    private let errText = Mutex("")
    let environment: [String: String]

    init(environment: [String: String] = ["HOME": NSTemporaryDirectory(), "TZ": "UTC", "NO_COLOR": "1"]) {
        self.environment = environment
    }

    /// The IO to hand to `CLI.run`.
    var io: IO {
        IO(out: { text in self.outText.withLock { $0 += text } },
           err: { text in self.errText.withLock { $0 += text } },
           environment: environment, stdoutIsTTY: false)
    }

    /// An IO writing here, with `environment` as the process environment.
    func io(environment: [String: String] = [:]) -> IO {
        IO(out: { text in self.outText.withLock { $0 += text } },
           err: { text in self.errText.withLock { $0 += text } },
           environment: environment, stdoutIsTTY: false)
    }

    /// Everything written to stdout so far (short name).
    var out: String { stdout }
    /// Everything written to stderr so far (short name).
    var err: String { stderr }

    /// Everything written to stdout so far.
    var stdout: String { outText.withLock { $0 } }
    /// Everything written to stderr so far.
    var stderr: String { errText.withLock { $0 } }
}

/// One in-process run of the command line.
struct CLIRun {
    var status: ExitCode
    var stdout: String
    var stderr: String

    /// Runs `coinwatch args` in process at the instant `now` (seconds since 1970).
    static func run(_ args: [String], now: Double, environment: [String: String] = [:]) -> CLIRun {
        var env = ["HOME": NSTemporaryDirectory(), "TZ": "UTC", "NO_COLOR": "1", "COINWATCH_LOCK_TIMEOUT": "2"]
        env.merge(environment) { _, new in new }
        let captured = CapturedIO(environment: env)
        let status = CLI.run(args, io: captured.io, clock: FixedClock(Date(timeIntervalSince1970: now)))
        return CLIRun(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}
