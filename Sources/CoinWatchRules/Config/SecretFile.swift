import CoinWatchSupport
import Glibc

/// Reads the file behind a `${file:PATH}` (a secret: its content is never shown anywhere).
enum SecretFile {
    /// Why a secret file could not be used; names the path, never the content.
    struct Failure: Error, Sendable {
        var reason: String
    }

    /// The file's text with one trailing newline (`\n` or `\r\n`) dropped; a file over `limit` bytes,
    /// not UTF-8, or not a regular file is refused.
    static func read(_ path: String, limit: Int) -> Result<String, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(Failure(reason: reason(errno))) }
        if case .notRegular(let kind)? = POSIXFile.refusal(at: path) {
            return .failure(Failure(reason: "it is \(kind), not a regular file"))
        }
        let bytes: [UInt8]
        do {
            bytes = try FileReader.contents(of: path, limit: limit)
        } catch {
            return .failure(Failure(reason: reason(errno)))
        }
        guard bytes.count <= limit else { return .failure(Failure(reason: "it is larger than \(limit / 1024) KiB")) }
        guard var text = String(validating: bytes, as: UTF8.self) else { return .failure(Failure(reason: "it is not UTF-8 text")) }
        if text.hasSuffix("\r\n") || text.hasSuffix("\n") { text.removeLast() }
        return .success(text)
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a folder"
        default: return String(cString: strerror(code))
        }
    }
}
