import CoinWatchSupport
import Synchronization
import Glibc

/// The exclusive lock a pass holds from start to end (`flock` on `<state path>.lock`), so
/// overlapping cron runs never double-notify. Released by `release()` or when it goes away.
/// The lock file itself stays: removing it would let two passes lock different files.
package final class StateLock: Sendable {
    /// `<state path>.lock`.
    package let path: String
    private let descriptor: Mutex<Int32>

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = Mutex(descriptor)
    }

    /// Takes the lock for the state at `statePath`, polling every 50 ms for up to `timeout`
    /// seconds. Creates the lock file (0600) and its folder (0700) when missing.
    /// The lock file is opened without following a symbolic link. Throws `StateError.locked` when another
    /// holder keeps it, `.refused` for a link or a non-file lock path, `.writeFailed` when it cannot open it.
    package static func acquire(statePath: String, timeout: Double = 10) throws(StateError) -> StateLock {
        let lockPath = statePath + ".lock"
        if let detail = POSIXFile.makeFolders(POSIXFile.folder(of: statePath)) {
            throw .writeFailed(path: lockPath, detail: detail + "; " + StateError.writeHint(errno))
        }
        // Never through a symbolic link (another user's link in a shared folder), never waiting on a FIFO.
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP {
                throw .refused(path: statePath, detail: "\(lockPath) is a symbolic link, which coinwatch does not follow",
                               hint: "remove the link (coinwatch creates the lock file itself) or pass --state PATH in a folder of your own")
            }
            let detail = POSIXFile.lastError()
            throw .writeFailed(path: lockPath, detail: "cannot open the lock file: \(detail); \(StateError.writeHint(errno))")
        }
        var info = stat()
        if fstat(fd, &info) == 0, let kind = POSIXFile.notRegular(info.st_mode) {
            _ = close(fd)
            throw .refused(path: statePath, detail: "\(lockPath) is \(kind), not a regular file",
                           hint: "remove it (coinwatch creates the lock file itself) or pass --state PATH")
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int64((max(timeout, 0) * 1000).rounded())))
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return StateLock(path: lockPath, descriptor: fd) }
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                let detail = POSIXFile.lastError()
                _ = close(fd)
                throw .writeFailed(path: lockPath, detail: "cannot lock: \(detail); check that the folder is on a local disk or pass --state PATH")
            }
            if clock.now >= deadline {
                _ = close(fd)
                throw .locked(path: statePath, timeout: timeout)
            }
            _ = usleep(50_000)
        }
    }

    /// Gives the lock up; later calls do nothing.
    package func release() {
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            _ = flock(fd, LOCK_UN)
            _ = close(fd)
            fd = -1
        }
    }

    deinit { release() }
}
