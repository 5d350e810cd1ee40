#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin, checked wrappers over the POSIX calls the state store needs; every failure is a
/// one-line detail (the `strerror` text).
enum POSIXFile {
    /// What reading a whole file found.
    enum ReadResult {
        case missing
        case bytes([UInt8])
        case failed(String)
        /// The path is not a regular file coinwatch may read.
        case refused(Refusal)
    }

    /// Why a path was refused without reading it.
    enum Refusal: Equatable {
        /// A symbolic link (only where links are not followed).
        case symlink
        case permissionDenied
        /// Not a regular file: "a folder", "a FIFO", "a device" …
        case notRegular(String)
    }

    /// The text of the current `errno`.
    static func lastError() -> String { String(cString: strerror(errno)) }

    /// The folder part of `path` ("." when it has none).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Creates `folder` and its missing parents with mode 0700; nil on success, else the detail.
    static func makeFolders(_ folder: String) -> String? {
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") where !component.isEmpty {
            prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + component
            var info = stat()
            if stat(prefix, &info) == 0 { continue }  // existing (even on a read-only mount)
            if mkdir(prefix, 0o700) == 0 {
                _ = chmod(prefix, 0o700)  // exactly 0700 whatever the umask
            } else if errno != EEXIST {
                return "cannot create folder \(prefix): \(lastError())"
            }
        }
        return nil
    }

    /// Reads the whole file at `path`; a file over `limit` bytes fails without being read. Anything but a
    /// regular file (a FIFO, a device, a folder) is refused at once, never waited on; with `followLinks`
    /// false a symbolic link is refused too.
    static func readWhole(_ path: String, limit: Int = 128 << 20, followLinks: Bool = true) -> ReadResult {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            switch errno {
            case ENOENT: return .missing
            case ELOOP where !followLinks:
                return .refused(.symlink)
            case EACCES, EPERM: return .refused(.permissionDenied)
            default: return .failed(lastError())
            }
        }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failed(lastError()) }
        if let kind = notRegular(info.st_mode) {
            return .refused(.notRegular(kind))
        }
        if Int(info.st_size) > limit { return .failed(overLimit(Int(info.st_size), limit: limit)) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed(lastError())
            }
            if count == 0 { return .bytes(bytes) }
            bytes += chunk[0..<count]
            if bytes.count > limit { return .failed(overLimit(bytes.count, limit: limit)) }
        }
    }

    /// "a folder", "a FIFO", "a device" … for a mode that is not a regular file's; nil for a regular file.
    static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a file"
        }
    }

    /// "it is 129 MiB, over the limit of 128 MiB" for a file of `size` bytes.
    static func overLimit(_ size: Int, limit: Int) -> String {
        "it is \((size + (1 << 20) - 1) >> 20) MiB, over the limit of \(limit >> 20) MiB"
    }

    /// Writes all of `bytes` to `fd`; nil on success, else the detail.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return lastError()
            }
            offset += count
        }
        return nil
    }

    /// Flushes a folder's entries to disk (after a rename); best effort.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        _ = close(fd)
    }

    /// Whether anything exists at `path` (a dangling symlink counts).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
