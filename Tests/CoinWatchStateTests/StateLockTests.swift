@testable import CoinWatchState
import Testing
@testable import TestHelpers

@Suite struct StateLockTests {
    @Test func lockHeldByAnotherOpenFileGivesUpAsLocked() throws {
        let folder = try TempDir()
        let path = folder.file("state/state.json")
        let holder = try StateLock.acquire(statePath: path)
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            try StateLock.acquire(statePath: path, timeout: 0.2)
        } throws: { error in
            guard let error = error as? StateError, case .locked(let at, _) = error else { return false }
            return at == path && error.exitCode == .tempFail
                && error.message.hasPrefix("another coinwatch pass holds \(path).lock; gave up after 0.2 s; let it finish and try again")
        }
        #expect(clock.now - start >= .milliseconds(200))
        holder.release()
        let next = try StateLock.acquire(statePath: path, timeout: 0.2)
        next.release()
    }

    @Test func lockFileIsPrivateAndItsFolderCreated() throws {
        let folder = try TempDir()
        let path = folder.file("new/state.json")
        let lock = try StateLock.acquire(statePath: path)
        #expect(lock.path == path + ".lock")
        #expect(TempDir.mode(lock.path) == 0o600)
        #expect(TempDir.mode(folder.file("new")) == 0o700)
        lock.release()
        lock.release()
    }

    @Test func lockIsReleasedWhenItGoesAway() throws {
        let folder = try TempDir()
        let path = folder.file("state.json")
        do { _ = try StateLock.acquire(statePath: path) }
        let again = try StateLock.acquire(statePath: path, timeout: 0)
        again.release()
    }
}
