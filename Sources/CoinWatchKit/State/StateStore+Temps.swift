#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension StateStore {
    /// The prefix of the temp files `save` writes beside the state at `path` (`.state.json.tmp-`).
    static func tempPrefix(for path: String) -> String { ".\(POSIXFile.name(of: path)).tmp-" }

    /// Removes temp files that a pass killed during its state write left beside `path`; best effort.
    /// Only the holder of the state lock writes state, so every such file is stale.
    static func removeStaleTemps(for path: String) {
        let folder = POSIXFile.folder(of: path)
        let prefix = tempPrefix(for: path)
        guard let directory = opendir(folder) else { return }
        var stale: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(prefix) { stale.append(name) }
        }
        closedir(directory)
        for name in stale { _ = unlink("\(folder)/\(name)") }
    }
}
