/// Which members of a keyed state section a read for one command keeps (`StateSections`): the
/// entries of some coins, or the pairs of one rule. It judges a key on its bytes, so a member left
/// out costs no string and no hashing of the whole key.
package struct StateKeyFilter: Sendable {
    /// Where the coin sits in the key.
    package enum Part: Sendable {
        /// `coin` (the symbols).
        case whole
        /// Every member is kept; inside each (an object keyed by coin: `resolved`'s provider →
        /// favorite → id) only the coins' members are.
        case insideEachMember
        /// `provider|vs|coin` (the quote cache).
        case afterLastBar
        /// `coin|vs` (the price series).
        case beforeLastBar
        /// `rule|coin` for the rule whose key starts with these bytes (`rule|`).
        case afterPrefix([UInt8])
    }

    package let part: Part
    /// The coins kept, in lower case; nil keeps every key `part` accepts.
    package let coins: Set<String>?
    /// The coins' bytes when they are a few and all ASCII (`explain` of one rule): an ASCII key is
    /// then matched by bytes, ignoring case, with no string made and nothing hashed.
    private let fewCoins: [[UInt8]]?

    package init(part: Part, coins: Set<String>?) {
        self.part = part
        self.coins = coins
        if let coins, coins.count <= 8, coins.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
            fewCoins = coins.map { Array($0.utf8) }
        } else {
            fewCoins = nil
        }
    }

    /// Whether the member whose key spans `range` of `reader`'s bytes (`escaped`: holding escapes) is kept.
    package func keeps(_ range: Range<Int>, escaped: Bool, in reader: JSONTokenizer) -> Bool {
        guard escaped else { return keeps(UnsafeBufferPointer(rebasing: reader.bytes[range])) }
        return Array(reader.text(of: range, escaped: true).utf8).withUnsafeBufferPointer { keeps($0) }
    }

    /// Whether the key spelled by `key` is kept.
    package func keeps(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let coin: Slice<UnsafeBufferPointer<UInt8>>
        switch part {
        case .insideEachMember:
            return true
        case .whole:
            coin = key[...]
        case .afterLastBar:
            coin = key.lastIndex(of: UInt8(ascii: "|")).map { key[($0 + 1)...] } ?? key[...]
        case .beforeLastBar:
            coin = key.lastIndex(of: UInt8(ascii: "|")).map { key[..<$0] } ?? key[...]
        case .afterPrefix(let prefix):
            guard key.count >= prefix.count, key.starts(with: prefix) else { return false }
            coin = key[prefix.count...]
        }
        guard let coins else { return true }
        if let fewCoins, coin.allSatisfy({ $0 < 0x80 }) {
            return fewCoins.contains { Self.equalIgnoringASCIICase(coin, $0) }
        }
        return coins.contains(Self.lowercased(coin))
    }

    /// Whether the ASCII `key` spells the lower-case `coin`, ignoring case.
    private static func equalIgnoringASCIICase(_ key: Slice<UnsafeBufferPointer<UInt8>>, _ coin: [UInt8]) -> Bool {
        guard key.count == coin.count else { return false }
        for (byte, wanted) in zip(key, coin) {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if lower != wanted { return false }
        }
        return true
    }

    /// The filter for the members' own objects (`insideEachMember`); nil for a filter of this object's keys.
    package var inside: StateKeyFilter? {
        guard case .insideEachMember = part else { return nil }
        return StateKeyFilter(part: .whole, coins: coins)
    }

    /// The bytes as a lower-case string (ASCII by bytes, anything else by `String.lowercased`).
    package static func lowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self).lowercased()
        }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            for (offset, byte) in bytes.enumerated() {
                out[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            }
            return bytes.count
        }
    }
}
