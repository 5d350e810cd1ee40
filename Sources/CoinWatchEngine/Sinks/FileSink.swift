import CoinWatchSupport
import Glibc

/// Appends JSON Lines to a file opened per pass (safe under logrotate), created 0600; a write that
/// fails part-way is cut back to the last whole record, and a file ending mid-line has that line ended first (SPEC §3).
package enum FileSink {
    /// Appends one line per record; throws a one-line reason naming the path, the file then being as it was.
    package static func append(_ lines: [String], to path: String) throws(SinkError) {
        guard !lines.isEmpty else { return }
        // Missing folders above the file are created with mode 0700, as the state folder is.
        let folder = POSIXFile.folder(of: path)
        if let detail = POSIXFile.makeFolders(folder) { throw SinkError.file(path: folder, reason: detail) }
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else { throw SinkError.file(path: path, reason: POSIXFile.lastError()) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, let kind = POSIXFile.notRegular(info.st_mode) {
            throw SinkError.file(path: path, reason: "it is \(kind), not a regular file; give the file sink the path of a file")
        }
        let start = lseek(fd, 0, SEEK_END)
        // A file ending mid-line (a torn record: a power loss, another writer) gets that line ended first, so the
        // next record is a line of its own.
        var last: UInt8 = 0x0A
        let torn = start > 0 && pread(fd, &last, 1, start - 1) == 1 && last != 0x0A
        let bytes = Array(((torn ? "\n" : "") + lines.map { $0 + "\n" }.joined()).utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = POSIXFile.lastError()
                // Cut back what this call appended, so the next record never lands on a partial line.
                if offset > 0, start >= 0 { _ = ftruncate(fd, start) }
                throw SinkError.file(path: path, reason: reason)
            }
            offset += n
        }
    }
}

/// A sink that could not take an alert.
package enum SinkError: Error, Sendable, Equatable {
    case file(path: String, reason: String)

    /// One line naming the file and the cause.
    package var message: String {
        switch self {
        case .file(let path, let reason): return "cannot write \(path): \(reason)"
        }
    }
}
