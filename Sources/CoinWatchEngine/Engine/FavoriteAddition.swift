import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// Adds one coin to the favorites, the one path of `favorites add` and chat `/favorite add` (SPEC §2, §13): under
/// the id the first provider in use that can search resolves it to (as written when none can search); a coin already
/// there is reported, not added twice, and a coin the search does not find is refused.
package struct FavoriteAddition {
    /// What became of one coin.
    package enum Outcome {
        /// Added as `favorite`; `coin` is the search hit it was resolved to (nil: added as written).
        case added(favorite: String, coin: CatalogCoin?, line: String)
        /// Already a favorite, written `favorite`.
        case already(favorite: String, line: String)
        /// Nothing added: why, one line (without `coinwatch: `).
        case refused(String)
    }

    /// The providers with a search (`coinwatch search`).
    package static let searchable = ProviderRegistry.names { $0 is any CoinSearch }

    /// The providers coins are resolved with, in order (`--provider`, else rules.json's); the first with a search is asked.
    package var providers: [ProviderName]
    /// rules.json's provider settings (base URL, key).
    package var settings: [ProviderConfig]
    /// Where API keys are read from.
    package var environment: [String: String]
    package var transport: any HTTPTransport

    package init(providers: [ProviderName], settings: [ProviderConfig], environment: [String: String], transport: any HTTPTransport) {
        self.providers = providers
        self.settings = settings
        self.environment = environment
        self.transport = transport
    }

    /// The provider asked, nil when none of `providers` can search.
    package var searcher: ProviderName? { providers.first(where: Self.searchable.contains) }

    /// Adds `coin` to `editor`'s favorites unless it is there or cannot be resolved; `memory` keeps the backoff and
    /// resolutions, at `now` (seconds since 1970).
    package func add(_ coin: String, to editor: inout FavoritesEditor, memory: inout ProviderMemory, now: Double) -> Outcome {
        if let at = editor.favoriteIndex(coin) {
            return .already(favorite: editor.favorites[at], line: "\(editor.favorites[at]) is already a favorite")
        }
        guard let provider = searcher else {
            editor.add(coin)
            return .added(favorite: coin, coin: nil,
                          line: "added \(coin) as written (\(providers.first?.rawValue ?? "no provider") cannot search; exchanges match it by symbol)")
        }
        let hits: [CatalogCoin]
        switch Self.search(coin, provider: ProviderRegistry.make(settings.config(provider), environment: environment), limit: 100,
                           transport: transport, memory: &memory, now: now) {
        case .failure(let error):
            return .refused("cannot resolve '\(coin)': \(ProviderCall.describe(error)); nothing added for it")
        case .success(let found):
            hits = found
        }
        guard let hit = CatalogCoin.best(for: coin, in: hits) else {
            return .refused("no coin on \(provider.rawValue) matches '\(coin)'; find it with 'coinwatch search \(coin)'")
        }
        // The provider's text, said on stdout and in chat: without its control and bidi characters.
        let described = TerminalText.clean("\(hit.id) (\(hit.name), \(hit.symbol))")
        let resolved = memory.resolved[provider.rawValue] ?? [:]
        if let existing = editor.favoriteIndex(hit.id)
            ?? editor.favorites.firstIndex(where: { resolved[$0].map(lookupKey) == lookupKey(hit.id) }) {
            return .already(favorite: editor.favorites[existing], line: "\(described) is already a favorite as \(editor.favorites[existing])")
        }
        editor.add(hit.id)
        return .added(favorite: hit.id, coin: hit, line: "added \(described)" + (lookupKey(coin) == lookupKey(hit.id) ? "" : " for '\(coin)'"))
    }

    /// The hits of `provider`'s search for `query` (at most `limit` asked for where the API takes a limit), through the
    /// one provider call path.
    package static func search(_ query: String, provider: any MarketProvider, limit: Int, transport: any HTTPTransport,
                               memory: inout ProviderMemory, now: Double) -> Result<[CatalogCoin], ProviderError> {
        let name = provider.name
        guard let searcher = provider as? any CoinSearch else { return .failure(.decoding(provider: name, detail: "it has no search")) }
        return ProviderCall.ask(searcher.searchRequest(query: query, limit: limit), from: name, through: transport, memory: &memory, now: now)
            .flatMap { body in Result { try searcher.searchHits(body) }.mapError { $0 as? ProviderError ?? .decoding(provider: name, detail: "\($0)") } }
    }
}
