import Foundation

/// A small tmpfs the test mounts (root only) and fills, to reproduce a full disk for real; unmounted
/// when the value goes away. `make()` is nil where mounting is not allowed (not root).
final class TinyDisk: @unchecked Sendable {
    let path: String

    private init(path: String) { self.path = path }

    /// A fresh tmpfs of `bytes` bytes, or nil when it cannot be mounted here.
    static func make(bytes: Int = 256 * 1024) throws -> TinyDisk? {
        let path = NSTemporaryDirectory() + "coinwatch-disk-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard let mount = Shell.which("mount"),
              let run = try? Shell.run(mount, ["-t", "tmpfs", "-o", "size=\(bytes),mode=0700", "tmpfs", path], timeout: 10),
              run.status == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        return TinyDisk(path: path)
    }

    deinit {
        if let umount = Shell.which("umount") { _ = try? Shell.run(umount, ["-l", path], timeout: 10) }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Fills every free block with a filler file (`filler`), so the next block any write needs fails with ENOSPC.
    func fill() {
        let fd = open(path + "/filler", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0x78, count: 4096)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        let one = [UInt8](repeating: 0x78, count: 1)
        while one.withUnsafeBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
    }

    /// Frees the space `fill` took.
    func free() { unlink(path + "/filler") }
}
