import CoinWatchSupport
import Glibc

/// Creates folders the way coinwatch promises: missing ones with mode 0700.
package enum Folders {
    /// Creates every missing folder above `path` (mode 0700).
    package static func create(parentOf path: String) throws(SinkError) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = String(path[..<slash])
        guard !folder.isEmpty else { return }
        try create(folder)
    }

    /// Creates `folder` and its missing parents (mode 0700), as the state folder is created.
    package static func create(_ folder: String) throws(SinkError) {
        if let detail = POSIXFile.makeFolders(folder) { throw SinkError.file(path: folder, reason: detail) }
    }
}
