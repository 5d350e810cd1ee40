import CoinWatchSupport
extension StateDirectDecoder {
    /// The document in `bytes`, or nil when the general decoder must decide.
    /// With `sections`, only those parts are read and the rest skimmed (a document to read from, never
    /// to save); `quote_cache` (`provider|vs|coin`), `prices` (`coin|vs`), `symbols` and each
    /// provider's `resolved` keep only the entries of `sections.coins`, `pairs` only those of
    /// `sections.rule` (and of those coins); the entries left out are skimmed unread (`StateKeyFilter`).
    static func decode(_ bytes: [UInt8], sections: StateSections = .all) -> StateDocument? {
        var keeping: [String: StateKeyFilter] = [:]
        if let coins = sections.coins {
            keeping["quote_cache"] = StateKeyFilter(part: .afterLastBar, coins: coins)
            keeping["prices"] = StateKeyFilter(part: .beforeLastBar, coins: coins)
            keeping["symbols"] = StateKeyFilter(part: .whole, coins: coins)
            keeping["resolved"] = StateKeyFilter(part: .insideEachMember, coins: coins)
        }
        if let rule = sections.rule {
            let prefix = Array(StateDocument.pairKey(rule: rule, coin: "").utf8)
            keeping["pairs"] = StateKeyFilter(part: .afterPrefix(prefix), coins: sections.coins)
        }
        return bytes.withUnsafeBufferPointer { buffer -> StateDocument? in
            var reader = JSONTokenizer(buffer)
            guard let doc = StateDocument.fields.read(&reader, only: sections.names, keeping: keeping), reader.atEnd() else {
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
