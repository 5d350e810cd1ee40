#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension POSIXFile {
    /// Why a file could not be moved aside (the `strerror` text, or "too many backups").
    struct MoveAsideFailure: Error {
        let detail: String
    }

    /// Moves `path` aside to `<path><suffix>` (`history.sqlite.corrupt-20261129T120000Z`), then `-2`,
    /// `-3` … so it never replaces an earlier backup: link(2) refuses a name that exists, and where
    /// links are not supported it is renamed onto a name found free. Returns the backup's path.
    static func moveAside(_ path: String, suffix: String) -> Result<String, MoveAsideFailure> {
        let base = path + suffix
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            if link(path, candidate) == 0 {
                guard unlink(path) == 0 else { return .failure(MoveAsideFailure(detail: "cannot remove after backing up: \(lastError())")) }
                syncFolder(folder(of: path))
                return .success(candidate)
            }
            if errno == EEXIST || exists(candidate) { continue }
            guard rename(path, candidate) == 0 else { return .failure(MoveAsideFailure(detail: lastError())) }
            syncFolder(folder(of: path))
            return .success(candidate)
        }
        return .failure(MoveAsideFailure(detail: "too many backups named \(base)"))
    }
}
