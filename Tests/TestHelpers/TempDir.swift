import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A fresh temporary folder for one test, removed when the value is dropped.
final class TempDir: @unchecked Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "coinwatch-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` inside the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = file(name)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The text of `name`, or nil when missing.
    func read(_ name: String) -> String? {
        try? String(contentsOfFile: file(name), encoding: .utf8)
    }

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
