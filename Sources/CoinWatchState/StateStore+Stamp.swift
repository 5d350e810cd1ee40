import CoinWatchSupport
import Glibc

extension StateStore {
    /// The state file's identity (device, inode, size, modification time in ns) as one line: what `save` leaves in
    /// `<path>.lock` once the file is in place, so a read-only command can tell that the file is still the one a
    /// coinwatch pass wrote (and so need not check the parts it skips) from one anything else changed since.
    private static func identity(_ path: String) -> [UInt8]? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Array("\(info.st_dev) \(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec) \(info.st_mtim.tv_nsec)\n".utf8)
    }

    /// Records the identity of the file `save` just wrote at `path` in `<path>.lock`, which the caller's lock made;
    /// best effort (a missing or torn stamp only makes the next partial read a whole one).
    static func stamp(_ path: String) {
        guard let line = identity(path) else { return }
        let fd = open(path + ".lock", O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return }
        defer { _ = close(fd) }
        _ = ftruncate(fd, 0)
        _ = line.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Whether the file at `path` is, by its identity, the one the last `save` stamped.
    static func isStamped(_ path: String) -> Bool {
        guard let line = identity(path), case .bytes(let stamp) = POSIXFile.readWhole(path + ".lock", limit: 256, followLinks: false)
        else { return false }
        return stamp == line
    }
}
