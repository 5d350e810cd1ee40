import CoinWatchSupport
import Glibc

/// Replaces rules.json safely: a temp file in the same folder (the real file's, when rules.json
/// is a symlink), written and fsynced, given the old file's mode, then renamed over it.
package enum RulesFileWriter {
    /// Replaces the file at `path` with `bytes`, refusing when it no longer holds `expected`
    /// (someone edited it meanwhile). Throws a one-line message; the file is then untouched.
    package static func replace(_ path: String, with bytes: [UInt8], expected: [UInt8]) throws(RulesWriteError) {
        let target = realPath(path) ?? path
        var info = stat()
        guard stat(target, &info) == 0 else {
            throw RulesWriteError("cannot write \(path): \(POSIXFile.lastError())")
        }
        let mode = info.st_mode & 0o7777
        let folder = POSIXFile.folder(of: target)
        let temp = POSIXFile.tempPath(beside: target)
        var failure: String?
        switch POSIXFile.writeNew(bytes, to: temp, mode: mode) {
        case .create(let detail, _)?: throw RulesWriteError("cannot write \(path): cannot create a temp file in \(folder): \(detail)")
        case .write(let detail, _)?: failure = detail
        case nil: break
        }
        // The check and the rename under an exclusive lock on the file they replace: two coinwatch edits
        // (`favorites add`, a chat's `/alert`) never both pass the check, so neither loses the other's change.
        let held = open(target, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        defer { if held >= 0 { close(held) } }
        if held >= 0 { while flock(held, LOCK_EX) != 0 && errno == EINTR {} }
        if failure == nil, case .bytes(let current) = POSIXFile.readWhole(target), current != expected {
            failure = "it changed while coinwatch was editing it; run the command again"
        }
        if failure == nil, rename(temp, target) != 0 { failure = POSIXFile.lastError() }
        if let failure {
            _ = unlink(temp)
            throw RulesWriteError("cannot write \(path): \(failure); the file was not changed")
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
    init(_ message: String) { self.message = message }
}
