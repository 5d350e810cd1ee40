import Synchronization
@testable import CoinWatchKit

/// Captures what a command writes to stdout and stderr, for in-process `CLI.run`.
final class CapturedIO: @unchecked Sendable {
    private let out = Mutex("")
    private let err = Mutex("")
    /// The environment `io` hands to the command.
    let environment: [String: String]

    init(environment: [String: String] = ["NO_COLOR": "1"]) {
        self.environment = environment
    }

    /// An IO writing here, with this capture's environment.
    var io: IO { io(environment: environment) }

    /// An IO writing here, with `environment` as the process environment.
    func io(environment: [String: String] = [:]) -> IO {
        IO(out: { [self] text in out.withLock { $0 += text } }, err: { [self] text in err.withLock { $0 += text } },
           environment: environment, stdoutIsTTY: false)
    }

    var stdout: String { out.withLock { $0 } }
    var stderr: String { err.withLock { $0 } }
}
