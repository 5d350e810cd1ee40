import Synchronization

/// Collects log lines from any thread.
final class LineCollector: Sendable {
    private let storage = Mutex<[String]>([])

    /// Appends one line.
    func append(_ line: String) { storage.withLock { $0.append(line) } }

    /// Every line so far.
    var lines: [String] { storage.withLock { $0 } }
}
