import CoinWatchSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension StateStore {
    /// Moves the state file aside to `<path>.bak-<UTC time>` (`state.json.bak-20261129T120000Z`,
    /// then `-2`, `-3` … so no backup is overwritten) for `coinwatch state reset`; `now` is
    /// seconds since 1970. Returns the backup's path, nil when there was no file.
    /// Throws `StateError.refused` for a folder, FIFO or device, `.writeFailed`. The caller holds the state lock.
    @discardableResult
    package static func reset(path: String, now: Double) throws(StateError) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        // A folder, FIFO or device is not a state file: it is left where it is (a symbolic link is moved aside, not followed).
        if let kind = POSIXFile.notRegular(info.st_mode), (info.st_mode & S_IFMT) != S_IFLNK {
            throw refused(path, .notRegular(kind))
        }
        let base = "\(path).bak-\(backupStamp(now))"
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            // link(2) refuses an existing name, so a backup is never replaced.
            if link(path, candidate) == 0 {
                guard unlink(path) == 0 else {
                    throw .writeFailed(path: path, detail: "cannot remove after backing up: \(POSIXFile.lastError())")
                }
                POSIXFile.syncFolder(POSIXFile.folder(of: path))
                return candidate
            }
            if errno == EEXIST { continue }
            // Where hard links are not supported, fall back to rename onto a free name.
            guard !POSIXFile.exists(candidate) else { continue }
            guard rename(path, candidate) == 0 else {
                throw .writeFailed(path: path, detail: "cannot move aside: \(POSIXFile.lastError())")
            }
            POSIXFile.syncFolder(POSIXFile.folder(of: path))
            return candidate
        }
        throw .writeFailed(path: path, detail: "too many backups named \(base)")
    }

    /// `20261129T120000Z` for `seconds` since 1970.
    static func backupStamp(_ seconds: Double) -> String {
        TimeText.compact(seconds)
    }
}
