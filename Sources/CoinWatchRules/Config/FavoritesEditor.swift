import CoinWatchSupport
import CoinWatchMarket
/// Edits the favorites of a parsed rules.json (and, for a forced removal, the rules that name
/// them) on the `JSONNode` tree, so everything else keeps its order, text and `${NAME}` strings.
package struct FavoritesEditor {
    /// A rule that names a favorite: its place in `rules` and its id.
    package struct RuleRef: Equatable {
        package var index: Int
        package var id: String

        /// `btc-100k (rules[0])`.
        package var description: String { "\(id) (rules[\(index)])" }
    }

    /// The document being edited.
    package private(set) var root: JSONNode
    private let environment: [String: String]
    /// The edits made, to replay on the file's bytes (`edited(_:)`).
    private var appended: [String] = []
    private var droppedFavorites = Set<Int>()
    private var droppedRules = Set<Int>()
    /// The coin `favorites` was created with, when the document had no `favorites`.
    private var createdWith: String?
    /// The members `favorites` is created after (SPEC §2 order).
    private static let precedingFavorites: Set = ["$schema", "vs_currency", "interval", "providers"]

    /// An editor over `root` (a JSON object); `environment` expands `${NAME}` for comparisons only.
    package init(root: JSONNode, environment: [String: String]) {
        self.root = root
        self.environment = environment
    }

    /// The favorites as written, in order.
    package var favorites: [String] {
        (root["favorites"]?.elements ?? []).compactMap(\.stringValue)
    }

    /// The index in `favorites` of the entry `coin` names (case and surrounding spaces ignored).
    package func favoriteIndex(_ coin: String) -> Int? {
        let wanted = lookupKey(coin)
        return favorites.firstIndex { lookupKey($0) == wanted || lookupKey(expand($0)) == wanted }
    }

    /// The rules whose `coin` names the favorite `favorite` (`RuleCoin.named`: the coin itself or a
    /// leg of a ratio; not the `"*"` ones).
    package func rulesNaming(_ favorite: String) -> [RuleRef] {
        let wanted = lookupKey(expand(favorite))
        let favoriteKeys = Set(favorites.map { lookupKey(expand($0)) })
        var result: [RuleRef] = []
        for (index, rule) in (root["rules"]?.elements ?? []).enumerated() {
            guard let coin = rule["coin"]?.stringValue,
                  RuleCoin.named(expand(coin), isFavorite: { favoriteKeys.contains(lookupKey($0)) })
                      .contains(where: { lookupKey($0) == wanted }) else { continue }
            result.append(RuleRef(index: index, id: rule["id"]?.stringValue ?? "#\(index)"))
        }
        return result
    }

    /// Appends `coin` to `favorites`, creating the array after the settings that precede it in SPEC §2 when missing.
    package mutating func add(_ coin: String) {
        guard case .object(var members) = root.value else { return }
        if let at = members.firstIndex(where: { $0.key == "favorites" }) {
            var array = members[at].value
            guard case .array(var elements) = array.value else { return }
            elements.append(JSONNode(.string(coin), line: elements.last?.line ?? array.line, column: 0))
            appended.append(coin)
            array.value = .array(elements)
            members[at].value = array
        } else {
            let at = (members.lastIndex { Self.precedingFavorites.contains($0.key) }).map { $0 + 1 } ?? 0
            let array = JSONNode(.array([JSONNode(.string(coin), line: -1, column: 0)]), line: -1, column: 0)
            members.insert(JSONNode.Member(key: "favorites", line: -1, column: 0, value: array), at: at)
            createdWith = coin
        }
        root.value = .object(members)
    }

    /// Removes the favorites at `favoriteIndexes` and the rules at `ruleIndexes`.
    package mutating func remove(favoriteIndexes: Set<Int>, ruleIndexes: Set<Int>) {
        guard case .object(var members) = root.value else { return }
        for (position, member) in members.enumerated() {
            let drop: Set<Int>
            switch member.key {
            case "favorites":
                drop = Self.stringIndexes(member.value, keeping: favoriteIndexes)
                droppedFavorites.formUnion(drop)
            case "rules":
                drop = ruleIndexes
                droppedRules.formUnion(drop)
            default: continue
            }
            guard case .array(let elements) = member.value.value, !drop.isEmpty else { continue }
            var node = member.value
            node.value = .array(elements.enumerated().filter { !drop.contains($0.offset) }.map(\.element))
            members[position].value = node
        }
        root.value = .object(members)
    }

    /// `original` with only the added or removed elements of `favorites` and `rules` changed, every
    /// other byte kept; rewritten whole (`prettyText`) only when the bytes do not match the tree.
    package func edited(_ original: [UInt8]) -> [UInt8] {
        let rewritten = Array(root.prettyText().utf8)
        var bytes = original
        if let createdWith {
            guard let inserted = JSONMemberInsertion.inserting(key: "favorites", value: "[" + JSONOut.quote(createdWith) + "]",
                                                               after: Self.precedingFavorites, into: bytes) else { return rewritten }
            bytes = inserted
        }
        if !appended.isEmpty || !droppedFavorites.isEmpty {
            guard var favorites = JSONArraySplice(key: "favorites", in: bytes) else { return rewritten }
            bytes = favorites.removing(droppedFavorites, from: bytes)
            for coin in appended {
                guard let now = JSONArraySplice(key: "favorites", in: bytes) else { return rewritten }
                favorites = now
                bytes = favorites.appending(JSONOut.quote(coin), to: bytes)
            }
        }
        if !droppedRules.isEmpty {
            guard let rules = JSONArraySplice(key: "rules", in: bytes) else { return rewritten }
            bytes = rules.removing(droppedRules, from: bytes)
        }
        return bytes
    }

    /// Element indexes of `array` for indexes into its string elements (the `favorites` numbering).
    private static func stringIndexes(_ array: JSONNode, keeping wanted: Set<Int>) -> Set<Int> {
        var result = Set<Int>()
        var stringIndex = 0
        for (index, element) in (array.elements ?? []).enumerated() where element.stringValue != nil {
            if wanted.contains(stringIndex) { result.insert(index) }
            stringIndex += 1
        }
        return result
    }

    private func expand(_ text: String) -> String {
        EnvironmentExpander.expand(text, environment: environment).value
    }
}
