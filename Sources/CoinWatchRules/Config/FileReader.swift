import CoinWatchSupport
import Glibc

/// Reads rules.json with plain POSIX calls so each failure gets its own message; only a regular file is read.
package enum FileReader {
    /// The bytes of `path`, reading at most `limit + 1` bytes (enough to tell that a file is over the limit).
    package static func contents(of path: String, limit: Int) throws(RulesLoadError) -> [UInt8] {
        // O_NONBLOCK: a FIFO or a device is refused at once below, never waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(path: path, code: errno) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, let kind = POSIXFile.notRegular(info.st_mode) {
            throw .unreadable(path: path, reason: "rules.json at \(path) is \(kind), not a regular file; pass --rules PATH to the file")
        }
        let read = POSIXFile.readToEnd(descriptor, expected: Int(info.st_size), limit: limit)
        if read.error != 0 { throw failure(path: path, code: read.error) }
        return read.bytes
    }

    /// The message for a failed `open` or `read`.
    static func failure(path: String, code: Int32) -> RulesLoadError {
        switch code {
        case ENOENT, ENOTDIR:
            return .unreadable(path: path, reason: "rules.json not found at \(path); create a starter one with 'coinwatch init' or pass --rules PATH")
        case EACCES, EPERM:
            return .unreadable(path: path, reason: "cannot read rules.json at \(path): permission denied; allow reading it (chmod u+r) or pass --rules PATH")
        case EISDIR:
            return .unreadable(path: path, reason: "rules.json at \(path) is a folder, not a file; pass --rules PATH to the file")
        default:
            let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
            return .unreadable(path: path, reason: "cannot read rules.json at \(path): \(text); check the file or pass --rules PATH")
        }
    }

    /// The current working directory, or "/" when it cannot be determined.
    static func workingDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4_096)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
