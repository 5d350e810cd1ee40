import CoinWatchState
extension CommandContext {
    /// The state lock (none with `--dry-run`) and the state document, for a command that runs passes;
    /// throws after printing the error line (75 for a held lock, 65 for an unreadable state file).
    func lockedState() throws(ExitCodeError) -> (lock: StateLock?, state: StateDocument) {
        var lock: StateLock?
        do throws(StateError) {
            if !arguments.dryRun {
                lock = try StateLock.acquire(statePath: statePath, timeout: lockTimeout)
            }
            return (lock, try StateStore.load(path: statePath))
        } catch {
            lock?.release()
            throw fail(error.exitCode, "coinwatch: \(error.message)")
        }
    }

    /// The state file's `sections`; throws after printing why it cannot be read.
    func loadState(sections: StateSections = .all) throws(ExitCodeError) -> StateDocument {
        do throws(StateError) {
            return try StateStore.load(path: statePath, sections: sections)
        } catch {
            throw fail(error.exitCode, "coinwatch: \(error.message)")
        }
    }

    /// `StateStore.update` of this invocation's state; throws after printing why it failed.
    func updateState<Result>(_ change: (inout StateDocument) -> Result) throws(ExitCodeError) -> Result {
        do throws(StateError) {
            return try StateStore.update(path: statePath, lockTimeout: lockTimeout, change)
        } catch {
            throw fail(error.exitCode, "coinwatch: \(error.message)")
        }
    }
}
