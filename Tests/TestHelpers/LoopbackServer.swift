import Foundation
import Glibc
import Synchronization

/// A real HTTP/1.1 server on 127.0.0.1 (ephemeral port) for tests: one thread per connection,
/// one request per connection (`Connection: close`), every request recorded.
final class LoopbackServer: @unchecked Sendable {
    /// Answers one request; runs on the connection's thread.
    typealias Handler = @Sendable (RecordedRequest) -> Reply

    /// The port the server listens on.
    let port: Int
    /// `http://127.0.0.1:PORT`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    let listener: Int32
    let handler: Handler
    let state = Mutex(State())

    struct State {
        var requests: [RecordedRequest] = []
        var openConnections: Set<Int32> = []
        var maxConcurrent = 0
        var stopped = false
        var acceptLoopRunning = true
        var listenerClosed = false
    }

    /// Starts listening at once; `handler` answers every request.
    init(handler: @escaping Handler) throws {
        let (fd, port) = try Socket.bound()
        guard listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            throw Socket.Failure(call: "listen", code: code)
        }
        self.listener = fd
        self.port = port
        self.handler = handler
        // The accept thread holds the server weakly, so dropping the last reference stops it.
        Thread.detachNewThread { [weak self] in
            while let server = self, server.acceptOne() {}
        }
    }

    /// Serves the replies in `routes` by path (query ignored) and 404 for any other path.
    convenience init(routes: [String: Reply]) throws {
        try self.init { request in routes[request.path] ?? .notFound }
    }

    deinit {
        // No thread holds the server any more: the accept loop has let go and every connection is closed.
        state.withLock { state in
            if !state.listenerClosed { close(listener) }
        }
    }

    /// The absolute URL of `path` on this server.
    func url(_ path: String) -> String { baseURL + path }

    /// Every request received so far, in arrival order.
    var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// The most connections that were open at the same time.
    var maxConcurrent: Int { state.withLock { $0.maxConcurrent } }

    /// Stops accepting (later connections are refused), cuts open connections and waits (at most 3 s)
    /// for the server's threads to end.
    func stop() {
        let alreadyStopped = state.withLock { state in
            defer { state.stopped = true }
            for fd in state.openConnections { shutdown(fd, Int32(SHUT_RDWR)) }
            return state.stopped
        }
        guard !alreadyStopped else { return }
        let deadline = Deadline(in: 3)
        while !deadline.hasPassed, state.withLock({ $0.acceptLoopRunning || !$0.openConnections.isEmpty }) {
            usleep(2_000)
        }
        closeListener()
    }

    /// Closes the listening socket once the accept loop has ended, so later connections are refused.
    private func closeListener() {
        state.withLock { state in
            guard !state.acceptLoopRunning, !state.listenerClosed else { return }
            state.listenerClosed = true
            close(listener)
        }
    }

    /// Connections open right now.
    var openConnectionCount: Int { state.withLock { $0.openConnections.count } }

    /// Whether `stop` was called.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Waits up to 50 ms for one connection and hands it to its own thread; false once the server stopped.
    private func acceptOne() -> Bool {
        guard !isStopped else {
            state.withLock { $0.acceptLoopRunning = false }
            return false
        }
        var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 50) > 0 else { return true }
        let fd = accept(listener, nil, nil)
        guard fd >= 0 else { return true }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)   // a test's subprocess must not inherit connections
        let admitted = state.withLock { state in
            guard !state.stopped else { return false }
            state.openConnections.insert(fd)
            state.maxConcurrent = max(state.maxConcurrent, state.openConnections.count)
            return true
        }
        guard admitted else {
            close(fd)
            return true
        }
        Thread.detachNewThread { [self] in serve(fd) }
        return true
    }

    /// Closes a connection and forgets it, under the lock so `stop` never shuts down a reused descriptor.
    func finish(_ fd: Int32) {
        state.withLock { state in
            state.openConnections.remove(fd)
            close(fd)
        }
    }

    /// Waits `seconds`, returning early (false) when the server stops.
    func wait(_ seconds: Double) -> Bool {
        let deadline = Deadline(in: seconds)
        while !deadline.hasPassed {
            if isStopped { return false }
            usleep(5_000)
        }
        return !isStopped
    }
}
