#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension StateStore {
    /// Removes temp files that a pass killed during its state write left beside `path`; best effort.
    /// Only the holder of the state lock writes state, so every such file is stale.
    static func removeStaleTemps(for path: String) {
        let folder = POSIXFile.folder(of: path)
        let prefix = POSIXFile.tempPrefix(beside: path)
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
