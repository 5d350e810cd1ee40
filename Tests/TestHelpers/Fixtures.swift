import Foundation

/// Locates the files under the package's top-level `Fixtures/` folder.
enum Fixtures {
    /// The package root: the nearest folder above this source file that holds Package.swift.
    static let root: String = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.path
            }
            folder.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }()

    /// The absolute path of `Fixtures/<relative>` (`real/coingecko/coins-list_2021-05-15.json`).
    static func url(_ relative: String) -> String {
        root + "/Fixtures/" + relative
    }

    /// The bytes of `Fixtures/<relative>`, exactly as stored; throws when the file cannot be read.
    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: url(relative))))
    }

    /// The names of the files in `Fixtures/<folder>`, sorted.
    static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder)).sorted()
    }
}
