import CoinWatchState
/// The state as an interactive command shares it with the alert passes: read under the lock,
/// worked on while the lock is free (network time), merged back under the lock. So `show`
/// reuses and refills the passes' response cache and honours and records their HTTP 429
/// backoff, and never holds a pass up for longer than a read or a write.
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

    /// The document now (a fresh one when no file exists). Throws `StateError` when it cannot be
    /// locked or read; the caller then works without it and must not write it.
    /// With `sections`, only those parts (`StateSections`); `commit` merges changes into the whole file all the same.
    package func read(sections: StateSections = .all) throws(StateError) -> StateDocument {
        let lock = try StateLock.acquire(statePath: path, timeout: lockTimeout)
        defer { lock.release() }
        return try StateStore.load(path: path, sections: sections)
    }

    /// Re-reads the document under the lock, merges into it what `working` changed since `base`
    /// (`ProviderMemory.merge`: the cache, backoff, resolutions, symbols, listings and charts) and saves it. Throws `StateError`; the file is then unchanged.
    package func commit(_ working: StateDocument, base: StateDocument, now: Double) throws(StateError) {
        guard working != base else { return }
        let lock = try StateLock.acquire(statePath: path, timeout: lockTimeout)
        defer { lock.release() }
        var current = try StateStore.load(path: path)
        current.memory.merge(changesIn: working.memory, since: base.memory, now: now)
        try StateStore.save(current, to: path)
    }
}
