import CoinWatchSupport
import CoinWatchState
import CoinWatchEngine
extension ExplainCommand {
    /// The state as read for explaining a rule over some coins, read while rules.json is still
    /// being validated (the two reads run side by side, `ConcurrentJobs`); used only when the
    /// validated rule covers exactly those coins.
    struct EarlyState: Sendable {
        /// What was read.
        let sections: StateSections
        /// The document, or why it could not be read.
        let read: Result<StateDocument, StateError>
    }

    /// The state for explaining rule `ruleID` over `coin`, else over every coin it covers, as a
    /// glance at rules.json finds them; nil when the glance cannot tell (the state is then read
    /// after validation, as before).
    static func earlyState(rulesBytes: [UInt8], shared: SharedState, ruleID: String, coin: String?) -> EarlyState? {
        guard var coins = coveredCoins(rulesBytes: rulesBytes, ruleID: ruleID) else { return nil }
        if let coin {
            guard coins.contains(coin) else { return nil }
            coins = [coin]
        }
        let sections = StateSections.explaining(rule: ruleID, coins: coins)
        do {
            return EarlyState(sections: sections, read: .success(try shared.read(sections: sections)))
        } catch {
            return EarlyState(sections: sections, read: .failure(error))
        }
    }

    /// The coins rule `ruleID` covers as rules.json spells them (its `coin`, or every favorite for
    /// `"*"`), read without validating; nil when the file or the rule is not plainly there.
    static func coveredCoins(rulesBytes bytes: [UInt8], ruleID: String) -> [String]? {
        let wanted = Array(ruleID.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> [String]? in
            var reader = JSONTokenizer(buffer)
            var favorites: [String]?
            var coin: String?
            // The glance stops at the rule when nothing after it is needed: a coin of its own, or
            // `"*"` with the favorites already read. (Ids are unique in a valid file; an invalid one
            // is refused by the validation this glance runs beside.)
            var done = false
            let read = reader.members { reader, key in
                if reader.bytes(in: key, equal: Key.favorites) {
                    var names: [String] = []
                    defer { favorites = names }
                    return reader.elements { reader in
                        guard let favorite = reader.plainString() else { return false }
                        names.append(favorite)
                        return true
                    }
                }
                if reader.bytes(in: key, equal: Key.rules) {
                    return reader.elements { reader in
                        // The id is compared as bytes; only the rule's own coin becomes a string.
                        var matches = false, coinRange: Range<Int>?
                        let plain = reader.members { reader, key in
                            guard reader.bytes(in: key, equal: Key.id) || reader.bytes(in: key, equal: Key.coin) else {
                                return reader.skimValue()
                            }
                            guard let (range, escaped) = reader.stringRange(), !escaped else { return false }
                            if reader.bytes(in: key, equal: Key.id) { matches = reader.bytes(in: range, equal: wanted) } else { coinRange = range }
                            return true
                        }
                        if plain, matches, coin == nil, let coinRange {
                            coin = String(decoding: UnsafeBufferPointer(rebasing: reader.bytes[coinRange]), as: UTF8.self)
                            done = coin != "*" || favorites != nil
                        }
                        return plain && !done
                    }
                }
                return reader.skimValue()
            }
            guard read || done, let coin else { return nil }
            return coin == "*" ? favorites ?? [] : [coin]
        }
    }

    /// The keys the glance looks for, as bytes.
    private enum Key {
        static let favorites = Array("favorites".utf8), rules = Array("rules".utf8), id = Array("id".utf8), coin = Array("coin".utf8)
    }
}
