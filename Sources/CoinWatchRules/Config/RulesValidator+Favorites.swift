import CoinWatchSupport
extension RulesValidator {
    /// `favorites`: non-empty strings, distinct ignoring case, none a word a rule's coin reserves (`"*"`,
    /// `"portfolio"`), at most `maxFavorites`; nil when not an array. `byKey` maps each lower-cased
    /// favorite to the favorite as written.
    mutating func validateFavorites(_ node: JSONNode, path: String) -> (names: [String], byKey: [String: String])? {
        guard let elements = array(node, path: path, of: "coin names") else { return nil }
        if elements.count > Self.maxFavorites {
            error("favorites holds \(elements.count) entries, over the limit of \(Self.maxFavorites) favorites", at: node, path: path)
        }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        var byKey: [String: String] = [:]
        byKey.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementPath = { JSONPath.element(path, index) }
            guard let text = string(element, path: elementPath) else { continue }
            // A first byte that is an ASCII letter or digit settles it without walking the characters.
            let plainStart = text.value.utf8.first.map { $0 < 0x80 && ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))) } ?? false
            guard plainStart || !text.value.allSatisfy(\.isWhitespace) else {
                error("a favorite cannot be empty; write a coin id, symbol or name", at: element, path: elementPath())
                continue
            }
            if !plainCoin(text.value, what: "a favorite", at: element, path: elementPath) { continue }
            if let meaning = RuleCoin.reservedMeaning(text.value) {
                error("\(text.shown) is reserved: as a rule's coin it means \(meaning); name a coin by its id, symbol or name",
                      at: element, path: elementPath())
                continue
            }
            // One hash of the key for the usual case, a new favorite; a repeat puts the first back.
            let key = text.value.lowercasedKey
            if let first = byKey.updateValue(text.value, forKey: key) {
                byKey[key] = first
                let firstIndex = elements.firstIndex { element in
                    element.stringValue.map { EnvironmentExpander.expand($0, environment: environment, folder: folder).value.lowercasedKey == key }
                        ?? false
                } ?? index
                error("\(text.shown) is already a favorite (\(JSONPath.element(path, firstIndex)); case is ignored); remove one",
                      at: element, path: elementPath())
                continue
            }
            result.append(text.value)
        }
        return (result, byKey)
    }

    /// Whether coin name `name` is free of control characters (C0, DEL, C1: `\u0007`, a newline), which no coin
    /// id, symbol or name holds and which would reach terminals and chats as they are; reports the first.
    mutating func plainCoin(_ name: String, what: String, at node: JSONNode, path: () -> String) -> Bool {
        // ASCII without controls, read in place: most names (10,000 favorites cost 1 % of explain through a String view).
        if name.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) == true { return true }
        for (offset, scalar) in name.unicodeScalars.enumerated() where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            error("\(what) cannot hold a control character (U+\(String(repeating: "0", count: 4 - code.count) + code) at character \(offset + 1)); "
                  + "write the coin id, symbol or name without it", at: node, path: path())
            return false
        }
        return true
    }
}
