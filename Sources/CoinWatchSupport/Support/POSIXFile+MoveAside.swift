import Glibc

extension POSIXFile {
    /// Why a file could not be moved aside: one line (the `strerror` text and what was being done).
    package struct MoveAsideFailure: Error, Sendable, Equatable {
        package var detail: String
    }

    /// Moves the file at `path` aside to `base` (`rules.json.bak-20261129T120000Z`), else `base-2`, `base-3` …,
    /// never over an earlier backup: a hard link under the first free name (link(2) refuses an existing one)
    /// then unlink, else a rename onto a free name; syncs the folder, returns the backup's path, throws the detail.
    package static func moveAside(_ path: String, base: String) throws(MoveAsideFailure) -> String {
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            if link(path, candidate) == 0 {
                guard unlink(path) == 0 else { throw MoveAsideFailure(detail: "cannot remove after backing up: \(lastError())") }
                syncFolder(folder(of: path))
                return candidate
            }
            if errno == EEXIST { continue }
            guard !exists(candidate, followLinks: false) else { continue }
            guard rename(path, candidate) == 0 else { throw MoveAsideFailure(detail: "cannot move aside: \(lastError())") }
            syncFolder(folder(of: path))
            return candidate
        }
        throw MoveAsideFailure(detail: "too many backups named \(base)")
    }
}
