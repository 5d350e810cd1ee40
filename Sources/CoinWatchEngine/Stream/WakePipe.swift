import Glibc

/// The pipe that wakes `stream`'s event loop from its `poll` when another thread has something for it; when it cannot
/// be made both ends are -1, and the loop notices on its next turn (at most 1 s later).
final class WakePipe: Sendable {
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            }
        } else {
            descriptors = [-1, -1]
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        if readDescriptor >= 0 { close(readDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }

    /// Wakes the loop (from any thread).
    func poke() {
        var byte: UInt8 = 1
        if writeDescriptor >= 0 { _ = write(writeDescriptor, &byte, 1) }
    }

    /// Empties the pipe (its bytes only wake `poll`).
    func drain() {
        guard readDescriptor >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
    }

    /// Waits at most `seconds` for a poke.
    func wait(seconds: Double) {
        var entry = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, Int32(max(0, seconds) * 1000) + 1)
    }
}
