import Glibc

/// Small blocking POSIX socket helpers for the loopback server.
enum Socket {
    /// Why a socket call failed.
    struct Failure: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    /// A TCP socket bound to 127.0.0.1 on an ephemeral port, and that port.
    static func bound() throws(Failure) -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer in
                bind(fd, sockaddrPointer, length) == 0 && getsockname(fd, sockaddrPointer, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw Failure(call: "bind", code: code)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Reads what is available (blocking up to the receive timeout); nil on EOF, error or timeout.
    static func receive(_ fd: Int32) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            return count > 0 ? Array(chunk.prefix(count)) : nil
        }
    }

    /// Sends all of `bytes`, ignoring a peer that went away (MSG_NOSIGNAL: no SIGPIPE).
    static func send(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Limits how long a receive or send may block, in seconds.
    static func setTimeouts(_ fd: Int32, seconds: Int) {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, size)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, size)
    }

    /// Makes the coming `close` send a TCP reset instead of a FIN.
    static func resetOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }
}
