import Glibc

/// Thin, checked wrappers over the POSIX file calls that the state store, rules edits, the file
/// sink and the standard streams share; every failure is a one-line detail (the `strerror` text).
package enum POSIXFile {
    /// What reading a whole file found.
    package enum ReadResult {
        case missing
        case bytes([UInt8])
        case failed(String)
        /// The path is not a regular file coinwatch may read.
        case refused(Refusal)
    }

    /// Why a path was refused without reading it.
    package enum Refusal: Equatable {
        /// A symbolic link (only where links are not followed).
        case symlink
        case permissionDenied
        /// Not a regular file: "a folder", "a FIFO", "a device" …
        case notRegular(String)
    }

    /// Why the file at `path` must not be opened or replaced, found without opening it (opening a FIFO blocks until a
    /// writer comes): not a regular file, or a symlink unless `followLinks`; nil if regular or `stat` fails (open then
    /// says why); the one check (SPEC §11) of `ca_file`, `SSL_CERT_FILE`, `${file:…}` secrets, history store, metrics.
    package static func refusal(at path: String, followLinks: Bool = true) -> Refusal? {
        var info = stat()
        guard (followLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        if !followLinks, (info.st_mode & S_IFMT) == S_IFLNK { return .symlink }
        return notRegular(info.st_mode).map(Refusal.notRegular)
    }

    /// The text of the current `errno`.
    package static func lastError() -> String { String(cString: strerror(errno)) }

    /// The folder part of `path` ("." when it has none).
    package static func folder(of path: String) -> String {
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
    package static func makeFolders(_ folder: String) -> String? {
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

    /// Reads the whole file at `path` (one over `limit` bytes fails unread); anything but a regular file is refused
    /// at once, never waited on, and a symbolic link too unless `followLinks`.
    package static func readWhole(_ path: String, limit: Int = 128 << 20, followLinks: Bool = true) -> ReadResult {
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
        let read = readToEnd(fd, expected: Int(info.st_size), limit: limit)
        if read.error != 0 { return .failed(String(cString: strerror(read.error))) }
        if read.bytes.count > limit { return .failed(overLimit(read.bytes.count, limit: limit)) }
        return .bytes(read.bytes)
    }

    /// Reads `fd` to its end or past `limit` bytes (`error`: a failed read's `errno`, else 0), straight into one array
    /// of `fstat`'s `expected` size plus a byte so each page is written once; a file that grew is read on in chunks.
    package static func readToEnd(_ fd: Int32, expected: Int, limit: Int) -> (bytes: [UInt8], error: Int32) {
        var error: Int32 = 0
        var atEnd = false
        let capacity = max(0, min(expected, limit)) + 1
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = read(fd, buffer.baseAddress.map { $0 + count }, buffer.count - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    error = errno
                    return
                }
                if got == 0 {
                    atEnd = true
                    return
                }
                count += got
            }
        }
        guard error == 0, !atEnd else { return (bytes, error) }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                return (bytes, errno)
            }
            if got == 0 { break }
            bytes += chunk[0..<got]
        }
        return (bytes, 0)
    }

    /// "a folder", "a FIFO", "a device" … for a mode that is not a regular file's; nil for a regular file.
    package static func notRegular(_ mode: mode_t) -> String? {
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
    package static func overLimit(_ size: Int, limit: Int) -> String {
        "it is \((size + (1 << 20) - 1) >> 20) MiB, over the limit of \(limit >> 20) MiB"
    }

    /// Writes all of `bytes` to `fd`; nil on success, else the detail.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
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

    /// Why `writeNew` or `replace` failed: the file could not be created, written, or renamed over its target (the
    /// detail, and the `errno` of the failing call, for a hint).
    package enum WriteFailure: Error {
        case create(String, Int32)
        case write(String, Int32)
        case rename(String, Int32)
    }

    /// The first half of an atomic replace: creates `path` exclusively (never through a planted link), writes `bytes`,
    /// sets `mode`, fsyncs, removes it on failure; the caller renames it over the target, then `syncFolder`.
    package static func writeNew(_ bytes: [UInt8], to path: String, mode: mode_t) -> WriteFailure? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return .create(lastError(), errno) }
        var failure: (String, Int32)?
        if fchmod(fd, mode) != 0 {
            failure = (lastError(), errno)
        } else if let detail = writeAll(fd, bytes) {
            failure = (detail, errno)
        } else if fsync(fd) != 0 {
            failure = (lastError(), errno)
        }
        if close(fd) != 0, failure == nil { failure = (lastError(), errno) }
        guard let failure else { return nil }
        _ = unlink(path)
        return .write(failure.0, failure.1)
    }

    /// Replaces the file at `path` by `bytes` atomically, as coinwatch writes every file: a temp file of `mode` beside it
    /// (`writeNew`), renamed over it, the folder synced; no temp file is left behind.
    package static func replace(_ path: String, with bytes: [UInt8], mode: mode_t) -> WriteFailure? {
        let temp = tempPath(beside: path)
        if let failure = writeNew(bytes, to: temp, mode: mode) { return failure }
        guard rename(temp, path) == 0 else {
            let failure = WriteFailure.rename(lastError(), errno)
            _ = unlink(temp)
            return failure
        }
        syncFolder(folder(of: path))
        return nil
    }

    /// The name every temp file beside `target` starts with (`.state.json.tmp-`).
    package static func tempPrefix(beside target: String) -> String { ".\(name(of: target)).tmp-" }

    /// A fresh temp file path beside `target`: `.<name>.tmp-<pid>-<random>` in its folder.
    package static func tempPath(beside target: String) -> String {
        "\(folder(of: target))/\(tempPrefix(beside: target))\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Flushes a folder's entries to disk (after a rename); best effort.
    package static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        _ = close(fd)
    }

    /// Whether anything exists at `path`: a symbolic link counts as what it points to, unless not `followLinks`
    /// (then a dangling one counts too).
    package static func exists(_ path: String, followLinks: Bool = true) -> Bool {
        var info = stat()
        return (followLinks ? stat(path, &info) : lstat(path, &info)) == 0
    }

    /// The size in bytes of the file at `path` (links followed); 0 when it cannot be looked at.
    package static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
