#if canImport(Glibc)
import Glibc
#endif

/// Creates folders the way coinwatch promises: missing ones with mode 0700.
public enum Folders {
    /// Creates every missing folder above `path` (mode 0700).
    public static func create(parentOf path: String) throws(SinkError) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = String(path[..<slash])
        guard !folder.isEmpty else { return }
        try create(folder)
    }

    /// Creates `folder` and its missing parents (mode 0700).
    public static func create(_ folder: String) throws(SinkError) {
        var isDir = stat()
        if stat(folder, &isDir) == 0 { return }
        if let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
            try create(String(folder[..<slash]))
        }
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw SinkError.file(path: folder, reason: lastError())
        }
    }

    /// The text of the current `errno`.
    public static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
