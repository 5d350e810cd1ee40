import CoinWatchSupport
import Glibc

/// Why the state file could not be read, written or locked (SPEC §5); one line, names the path
/// and says what to do.
package enum StateError: Error, Sendable, Equatable {
    /// The file exists but is not a state document this build understands (exit 65): `state reset` helps.
    case unreadable(path: String, detail: String)
    /// The path cannot be used as it is (a folder, a FIFO, a device, a symbolic link, no permission):
    /// exit 65, and `hint` says what to do instead (never `state reset`, which would move it aside).
    case refused(path: String, detail: String, hint: String)
    /// The file (or its folder, temp file or lock) could not be written (exit 1).
    case writeFailed(path: String, detail: String)
    /// Another pass held `<path>.lock` for the whole `timeout` seconds (exit 75).
    case locked(path: String, timeout: Double = 10)

    /// The exit status SPEC §1 assigns.
    package var exitCode: ExitCode {
        switch self {
        case .unreadable, .refused: return .dataError
        case .writeFailed: return .failure
        case .locked: return .tempFail
        }
    }

    /// One line for stderr that says what is wrong and what to do.
    package var message: String {
        switch self {
        case .unreadable(let path, let detail):
            return "state file \(path) cannot be read: \(detail); run `coinwatch state reset --state \(Self.quoted(path))` "
                + "to move it aside and start over"
        case .refused(let path, _, _):
            return "state file \(path) cannot be used: \(reason)"
        case .writeFailed(let path, let detail):
            return "cannot write state \(path): \(detail)"
        case .locked(let path, let timeout):
            return "another coinwatch pass holds \(path).lock; gave up after \(Self.seconds(timeout)) s; "
                + "let it finish and try again (a pass that never ends shows in `pgrep -a coinwatch`), or raise COINWATCH_LOCK_TIMEOUT"
        }
    }

    /// `message` without calling what it names the state, for a lock that guards something else (`<state>.control.lock`):
    /// a refused lock's `detail` and a failed write's `path` name the lock itself.
    package var reason: String {
        switch self {
        case .refused(_, let detail, let hint): return "\(detail); \(hint)"
        case .writeFailed(let path, let detail): return "cannot write \(path): \(detail)"
        default: return message
        }
    }

    /// What to do about a failed write whose `errno` was `code`; `flag` moves the file elsewhere.
    static func writeHint(_ code: Int32, flag: String = "--state PATH") -> String {
        switch code {
        case ENOSPC, EDQUOT: return "free some disk space there or pass \(flag) on another disk"
        case EACCES, EPERM, EROFS: return "make the folder writable for this user or pass \(flag) to a writable one"
        default: return "check the folder or pass \(flag) to another one"
        }
    }

    /// A failed atomic write (`POSIXFile.replace`) in words, with what to do (`flag` moves the file elsewhere).
    package static func detail(_ failure: POSIXFile.WriteFailure, flag: String = "--state PATH") -> String {
        switch failure {
        case .create(let detail, let code): return "cannot create a temp file: \(detail); \(writeHint(code, flag: flag))"
        case .write(let detail, let code): return "\(detail); \(writeHint(code, flag: flag))"
        case .rename(let detail, let code): return "cannot rename the temp file: \(detail); \(writeHint(code, flag: flag))"
        }
    }

    /// `path` as a shell word: bare when it holds only safe characters, else single-quoted.
    static func quoted(_ path: String) -> String {
        let safe = path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:@%,".contains($0)) }
        return safe && !path.isEmpty ? path : "'" + path.replacing("'", with: #"'\''"#) + "'"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
