import CoinWatchSupport
import FoundationEssentials
import Glibc

/// Reads and writes the state document (SPEC §5): a file that cannot be read is refused, never
/// overwritten; writes go to a 0600 temp file in the same folder, are fsynced and renamed over.
package enum StateStore {
    /// The largest state file read or written, in bytes: 128 MiB, above the worst case of rules.json's
    /// limits (5,000 favorites × a year of thinned history, about 16 KB each, is 80 MB).
    package static let maxBytes = 128 << 20

    /// The document at `path`, or a fresh one when no file exists there.
    /// Throws `StateError.unreadable` (file untouched) for anything else it cannot use.
    /// With `sections`, only those parts are read (`StateSections`) while the file is the one the last `save`
    /// wrote (`isStamped`); a file changed since is read whole, so it gets the answer a pass gives. Never save such a document.
    package static func load(path: String, sections: StateSections = .all) throws(StateError) -> StateDocument {
        let partial = sections != .all && isStamped(path)
        let bytes: [UInt8]
        switch POSIXFile.readWhole(path, limit: maxBytes, followLinks: false) {
        case .missing: return StateDocument()
        case .failed(let detail): throw .unreadable(path: path, detail: detail)
        case .refused(let refusal): throw refused(path, refusal)
        case .bytes(let read): bytes = read
        }
        if partial, let doc = StateDirectDecoder.decode(bytes, sections: sections),
           StateValidation.firstProblem(in: doc) == nil {
            return doc
        }
        return try decode(bytes, path: path)
    }

    /// The bytes `save` writes for `doc` (the fast writer, else `JSONEncoder` for a value it refuses).
    /// Throws `StateError.writeFailed` naming `path`.
    static func encode(_ doc: StateDocument, path: String) throws(StateError) -> [UInt8] {
        do {
            if let written = try? StateWriter.encode(doc) { return written }
            // A value the writer refuses: JSONEncoder says what it is.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return Array(try encoder.encode(doc))
        } catch {
            throw .writeFailed(path: path, detail: "cannot encode: \(error)")
        }
    }

    /// The error for a state path that is not a regular file coinwatch may use; it never advises `state reset`.
    static func refused(_ path: String, _ refusal: POSIXFile.Refusal) -> StateError {
        switch refusal {
        case .symlink:
            return .refused(path: path, detail: "it is a symbolic link, which coinwatch neither follows nor writes through",
                            hint: "pass --state PATH with the real file's path, or remove the link")
        case .permissionDenied:
            return .refused(path: path, detail: "permission denied",
                            hint: "let this user read and write it and its folder (chmod u+rw), or pass --state PATH")
        case .notRegular(let kind):
            return .refused(path: path, detail: "it is \(kind), not a regular file",
                            hint: "pass --state PATH with the path of a file (coinwatch creates it)")
        }
    }

    /// Writes `doc` to `path` atomically with mode 0600, creating its folder (0700) when missing, and
    /// removes temp files an earlier, killed write left behind. The caller holds the state lock.
    /// A document that would be over `limit` bytes is not written: the file `load` could not read back stays as it was.
    /// Throws `StateError.writeFailed`; no temp file is left behind.
    package static func save(_ doc: StateDocument, to path: String, limit: Int = maxBytes) throws(StateError) {
        let bytes = try encode(doc, path: path)
        guard bytes.count <= limit else {
            throw .writeFailed(path: path, detail: "the state would be too large (\(POSIXFile.overLimit(bytes.count, limit: limit))); "
                + "watch fewer favorites or use shorter windows")
        }
        let folder = POSIXFile.folder(of: path)
        if let detail = POSIXFile.makeFolders(folder) {
            throw .writeFailed(path: path, detail: detail + "; " + StateError.writeHint(errno))
        }
        removeLeftoverTempFiles(for: path)
        if let failure = POSIXFile.replace(path, with: bytes, mode: 0o600) { throw .writeFailed(path: path, detail: StateError.detail(failure)) }
        stamp(path)
    }
}

extension StateStore {
    /// Removes temp files that a pass killed during its state write left beside `path`; best effort.
    /// Only the holder of the state lock writes state, so every such file is stale.
    static func removeLeftoverTempFiles(for path: String) {
        let folder = POSIXFile.folder(of: path)
        let prefix = POSIXFile.tempPrefix(beside: path)
        guard let directory = opendir(folder) else { return }
        var stale: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(prefix) { stale.append(name) }
        }
        closedir(directory)
        for name in stale { _ = unlink("\(folder)/\(name)") }
    }
}
