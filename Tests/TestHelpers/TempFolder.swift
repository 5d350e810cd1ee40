import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under /tmp for one test, removed when the value goes away.
final class TempFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "coinwatch-test-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `name` inside the folder.
    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// The names in `folder` (default: this one), sorted.
    func names(in folder: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder ?? path)) ?? []).sorted()
    }

    /// The permission bits of `path`.
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}
