/// Why the state file could not be read, written or locked (SPEC §5); one line, names the path.
public enum StateError: Error, Sendable, Equatable {
    /// The file exists but is not a state document this build understands (exit 65).
    case unreadable(path: String, detail: String)
    /// The file (or its folder, temp file or lock) could not be written (exit 1).
    case writeFailed(path: String, detail: String)
    /// Another pass held `<path>.lock` for the whole `timeout` seconds (exit 75).
    case locked(path: String, timeout: Double = 10)

    /// The exit status SPEC §1 assigns.
    public var exitCode: ExitCode {
        switch self {
        case .unreadable: return .dataError
        case .writeFailed: return .failure
        case .locked: return .tempFail
        }
    }

    /// One line for stderr that says what is wrong and what to do.
    public var message: String {
        switch self {
        case .unreadable(let path, let detail):
            return "state file \(path) cannot be read: \(detail); run `coinwatch state reset` "
                + "to move it aside and start over"
        case .writeFailed(let path, let detail):
            return "cannot write state \(path): \(detail)"
        case .locked(let path, let timeout):
            return "another coinwatch pass holds \(path).lock; gave up after \(Self.seconds(timeout)) s"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
