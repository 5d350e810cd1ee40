import CoinWatchState
extension CommandContext {
    /// The state lock (none with `--dry-run`, which writes nothing) and the state document, for
    /// a command that runs passes (`coinwatch`, `stream`); on failure the error line is printed
    /// and the exit code returned (75 for a held lock, 65 for an unreadable state file).
    func lockedState() -> Result<(lock: StateLock?, state: StateDocument), ExitCodeError> {
        var lock: StateLock?
        do throws(StateError) {
            if !arguments.dryRun {
                lock = try StateLock.acquire(statePath: statePath, timeout: lockTimeout)
            }
            return .success((lock, try StateStore.load(path: statePath)))
        } catch {
            lock?.release()
            io.err("coinwatch: \(error.message)\n")
            return .failure(ExitCodeError(code: error.exitCode))
        }
    }
}
