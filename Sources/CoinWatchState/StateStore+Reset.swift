import CoinWatchSupport
import Glibc

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
        do throws(POSIXFile.MoveAsideFailure) {
            return try POSIXFile.moveAside(path, base: "\(path).bak-\(TimeText.compact(now))")
        } catch {
            throw .writeFailed(path: path, detail: error.detail)
        }
    }
}
