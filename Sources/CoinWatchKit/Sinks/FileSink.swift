#if canImport(Glibc)
import Glibc
#endif

/// Appends JSON Lines to a file: opened for each pass (safe under logrotate), created 0600,
/// missing folders created 0700.
public enum FileSink {
    /// Appends one line per record; throws a one-line reason naming the path.
    public static func append(_ lines: [String], to path: String) throws(SinkError) {
        guard !lines.isEmpty else { return }
        try Folders.create(parentOf: path)
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SinkError.file(path: path, reason: POSIXFile.lastError()) }
        defer { close(fd) }
        if let detail = POSIXFile.writeAll(fd, Array(lines.map { $0 + "\n" }.joined().utf8)) {
            throw SinkError.file(path: path, reason: detail)
        }
    }
}

/// A sink that could not take an alert.
public enum SinkError: Error, Sendable, Equatable {
    case file(path: String, reason: String)

    /// One line naming the file and the cause.
    public var message: String {
        switch self {
        case .file(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }
}
