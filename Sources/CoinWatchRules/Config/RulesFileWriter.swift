import CoinWatchSupport
import Glibc

/// Replaces rules.json safely: a temp file in the same folder (the real file's, when rules.json
/// is a symlink), written and fsynced, given the old file's mode, then renamed over it; the old
/// text is kept first as `<file>.bak` (one rolling backup: the file before the latest edit).
/// Every edit of rules.json (`favorites add`/`remove`, `watch`'s `a`, chat control) comes here.
package enum RulesFileWriter {
    /// Replaces the file at `path` with `bytes`, refusing when it no longer holds `expected`
    /// (someone edited it meanwhile); `expected` is kept as `<file>.bak` (the real file's name
    /// plus `.bak`, its mode, replaced by a rename, never written through). Throws a one-line
    /// message; the file is then untouched.
    package static func replace(_ path: String, with bytes: [UInt8], expected: [UInt8]) throws(RulesWriteError) {
        let target = realPath(path) ?? path
        var info = stat()
        guard stat(target, &info) == 0 else {
            throw RulesWriteError("cannot write \(path): \(POSIXFile.lastError())")
        }
        let mode = info.st_mode & 0o7777
        let folder = POSIXFile.folder(of: target)
        let backup = target + ".bak"
        switch POSIXFile.refusal(at: backup, followLinks: false) {
        case .symlink?: throw RulesWriteError("cannot write \(path): its backup \(backup) is a symbolic link, which coinwatch neither follows nor replaces; move it away (the file was not changed)")
        case .notRegular(let kind)?: throw RulesWriteError("cannot write \(path): its backup \(backup) is \(kind), not a regular file; move it away (the file was not changed)")
        case .permissionDenied?, nil: break
        }
        let temp = POSIXFile.tempPath(beside: target)
        let backupTemp = POSIXFile.tempPath(beside: backup)
        var failure: String?
        switch POSIXFile.writeNew(bytes, to: temp, mode: mode) {
        case .create(let detail, _)?: throw RulesWriteError("cannot write \(path): cannot create a temp file in \(folder): \(detail)")
        case .write(let detail, _)?, .rename(let detail, _)?: failure = detail
        case nil: break
        }
        if failure == nil, let problem = POSIXFile.writeNew(expected, to: backupTemp, mode: mode) {
            switch problem {
            case .create(let detail, _), .write(let detail, _), .rename(let detail, _): failure = "cannot keep the backup \(backup): \(detail)"
            }
        }
        // The check and the rename under an exclusive lock on the file they replace: two coinwatch edits
        // (`favorites add`, a chat's `/alert`) never both pass the check, so neither loses the other's change.
        let held = open(target, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        defer { if held >= 0 { close(held) } }
        if held >= 0 { while flock(held, LOCK_EX) != 0 && errno == EINTR {} }
        var changedMeanwhile = false
        if failure == nil, case .bytes(let current) = POSIXFile.readWhole(target), current != expected {
            failure = "it changed while coinwatch was editing it; run the command again"
            changedMeanwhile = true
        }
        if failure == nil, rename(backupTemp, backup) != 0 { failure = "cannot keep the backup \(backup): \(POSIXFile.lastError())" }
        if failure == nil, rename(temp, target) != 0 { failure = POSIXFile.lastError() }
        if let failure {
            _ = unlink(temp)
            _ = unlink(backupTemp)
            throw RulesWriteError("cannot write \(path): \(failure); the file was not changed", changedMeanwhile: changedMeanwhile)
        }
        POSIXFile.syncFolder(folder)
    }

    /// The canonical absolute path of `path` (symlinks resolved), or nil when it cannot be resolved.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Why rules.json could not be rewritten; `message` is the whole line.
package struct RulesWriteError: Error, Sendable {
    package var message: String
    /// The file no longer held what the edit was made from (another edit won): worth trying again.
    package var changedMeanwhile = false
    init(_ message: String, changedMeanwhile: Bool = false) {
        self.message = message
        self.changedMeanwhile = changedMeanwhile
    }
}
