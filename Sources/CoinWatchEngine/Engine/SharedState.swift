import CoinWatchState
/// The state as an interactive command shares it with the passes: read without the lock (a write replaces the file
/// whole, so a reader sees one write or the next, and `stream`, which holds the lock for its whole run, keeps no
/// reader waiting), worked on without it (network time), merged back under it, so it never holds a pass up.
package struct SharedState: Sendable {
    /// The state file.
    package let path: String
    /// Seconds to wait for the lock.
    package let lockTimeout: Double

    /// The state at `path`, locked for at most `lockTimeout` seconds at a time.
    package init(path: String, lockTimeout: Double) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    /// The document's `sections` now (a fresh one when no file exists); throws `StateError` when it
    /// cannot be read, and the caller must then not write it.
    package func read(sections: StateSections = .all) throws(StateError) -> StateDocument {
        try StateStore.load(path: path, sections: sections)
    }

    /// Re-reads the document under the lock, merges in what `working` changed since `base`
    /// (`ProviderMemory.merge`) and saves it; throws `StateError`, leaving the file unchanged.
    package func commit(_ working: StateDocument, base: StateDocument, now: Double) throws(StateError) {
        guard working != base else { return }
        let lock = try StateLock.acquire(statePath: path, timeout: lockTimeout)
        defer { lock.release() }
        var current = try StateStore.load(path: path)
        current.memory.merge(changesIn: working.memory, since: base.memory, now: now)
        try StateStore.save(current, to: path)
    }
}
