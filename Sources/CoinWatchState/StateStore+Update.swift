extension StateStore {
    /// Locks the state at `path` (waiting at most `lockTimeout` seconds), loads it, lets `change`
    /// edit it and saves it when it changed. Throws `StateError` (lock, read or write); the file is
    /// then unchanged.
    package static func update<Result>(path: String, lockTimeout: Double,
                                      _ change: (inout StateDocument) -> Result) throws(StateError) -> Result {
        let lock = try StateLock.acquire(statePath: path, timeout: lockTimeout)
        defer { lock.release() }
        var doc = try load(path: path)
        let before = doc
        let result = change(&doc)
        if doc != before { try save(doc, to: path) }
        return result
    }
}
