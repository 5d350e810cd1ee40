import Glibc

/// A port on 127.0.0.1 where nothing listens, so connecting is refused; reserved while this object lives.
final class ClosedPort: @unchecked Sendable {
    /// The refusing port.
    let port: Int
    private let fd: Int32

    /// Binds a socket without listening on it, which keeps the port taken and refusing.
    init() throws {
        (fd, port) = try Socket.bound()
    }

    deinit { close(fd) }

    /// `http://127.0.0.1:PORT`.
    var baseURL: String { "http://127.0.0.1:\(port)" }
}
