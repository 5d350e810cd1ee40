import CoinWatchSupport
extension StateDirectDecoder {
    /// The document in `bytes`, or nil when the general decoder must decide.
    /// With `sections`, only those parts are read, and of the parts `sections.keys` names only the
    /// members it lists; the rest is skipped (a document to read from, never to save).
    static func decode(_ bytes: [UInt8], sections: StateSections = .all) -> StateDocument? {
        bytes.withUnsafeBufferPointer { buffer -> StateDocument? in
            var reader = JSONTokenizer(buffer)
            guard let doc = StateDocument.fields.read(&reader, only: sections.names, keeping: sections.keys), reader.atEnd() else {
                return nil
            }
            return doc
        }
    }
}

extension StateValue where Value == Int {
    /// The document's `version`: a whole number from 1 to `StateDocument.currentVersion`.
    static var version: StateValue {
        StateValue(read: { reader in
            StateDirectDecoder.integer(&reader).flatMap { (1...StateDocument.currentVersion).contains($0) ? $0 : nil }
        }, write: StateValue.integer.write)
    }
}
