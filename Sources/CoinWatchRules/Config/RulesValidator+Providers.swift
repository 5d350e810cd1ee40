import CoinWatchSupport
import CoinWatchMarket
extension RulesValidator {
    static let providerKeys = ["name", "base_url", "api_key_env", "cache_ttl", "timeout", "ca_file", "ws_url", "stream_throttle"]

    /// `providers`: a non-empty array of provider objects with distinct names, each able to quote in `vs`
    /// (not checked when `vs` is nil: vs_currency itself is invalid).
    mutating func validateProviders(_ node: JSONNode, path: String, vs: String?) -> [ProviderConfig]? {
        guard let elements = array(node, path: path, of: "provider objects") else { return nil }
        if elements.isEmpty {
            error("providers is empty; list at least one provider, or leave the key out to use \(ProviderRegistry.fallback.rawValue)", at: node, path: path)
            return nil
        }
        var result: [ProviderConfig] = []
        var seen: [ProviderName: Int] = [:]
        for (index, element) in elements.enumerated() {
            let elementPath = JSONPath.element(path, index)
            guard let provider = provider(element, path: elementPath) else { continue }
            if let first = seen[provider.name] {
                let nameNode = element["name"] ?? element
                error("provider \(provider.name.rawValue) is listed twice (first as \(JSONPath.element(path, first))); list each provider once",
                      at: nameNode, path: JSONPath.child(elementPath, "name"))
                continue
            }
            seen[provider.name] = index
            if let vs, !Self.offers(provider.name, vs) {
                unservedCurrencies.append((provider, vs, element["name"] ?? element, JSONPath.child(elementPath, "name")))
            }
            result.append(provider)
        }
        return result
    }

    /// Whether `provider` quotes in `vs` (`ProviderRegistry.knownCurrencies`).
    static func offers(_ provider: ProviderName, _ vs: String) -> Bool {
        ProviderRegistry.knownCurrencies(provider).contains(vs)
    }

    /// Reports the providers, other than those `asked` by a rule, that do not quote in `vs_currency`;
    /// when none does and it is a typo of one they offer, one did-you-mean at `vsNode` instead.
    mutating func reportUnservedCurrencies(asked: Set<ProviderName>, providers: [ProviderConfig], vsNode: JSONNode?) {
        let reported = unservedCurrencies.filter { !asked.contains($0.provider.name) }
        guard let first = reported.first else { return }
        let names = providers.map(\.name)
        let offered = names.flatMap(ProviderRegistry.knownCurrencies).uniqued()
        // A typo of a currency some provider offers is the currency's fault: said once, at vs_currency.
        if let vsNode, unservedCurrencies.count == providers.count, let typo = Self.currencyTypo(first.vs, in: offered) {
            let which = names.count == 1 ? "\(names[0].rawValue) does not quote" : "none of " + names.map(\.rawValue).joined(separator: ", ") + " quotes"
            var message = "\(which) in '\(first.vs)'. Did you mean '\(typo)'?"
            message += " Use a currency code such as " + offered.prefix(6).joined(separator: ", ")
                + " (the providers' currencies are in docs/providers.md)"
            error(message, at: vsNode, path: "vs_currency")
            return
        }
        for (provider, vs, node, path) in reported {
            let name = provider.name.rawValue
            let offered = ProviderRegistry.knownCurrencies(provider.name)
            error("\(name) does not quote in '\(vs)' (vs_currency); it offers \(offered.joined(separator: ", "))."
                  + Self.currencyPhrase(vs, in: offered)
                  + " Set vs_currency to one of them, give a rule \"provider\": \"\(name)\" with a \"vs\" it offers, or remove \(name)",
                  at: node, path: path)
        }
    }

    /// The currency of `offered` one edit away from `vs` (`usdd` → `usd`): three-letter codes are too
    /// close to each other for the looser did-you-mean of keys and flags.
    static func currencyTypo(_ vs: String, in offered: [String]) -> String? {
        guard let near = Suggestion.nearest(to: vs, in: offered),
              Suggestion.distance(Array(vs.lowercased()), Array(near)) <= 1 else { return nil }
        return near
    }

    /// " Did you mean 'usd'?" for a currency typo, or "".
    static func currencyPhrase(_ vs: String, in offered: [String]) -> String {
        currencyTypo(vs, in: offered).map { " Did you mean '\($0)'?" } ?? ""
    }

    /// An error when `provider` offers no market in `vs` (asked for by `what`), naming what it does offer.
    mutating func checkCurrency(_ provider: ProviderName, vs: String, what: String, at node: JSONNode, path: String) {
        let offered = ProviderRegistry.knownCurrencies(provider)
        guard !offered.contains(vs) else { return }
        var message = "\(provider.rawValue) does not quote in '\(vs)' (\(what)); it offers \(offered.joined(separator: ", "))."
        message += Self.currencyPhrase(vs, in: offered)
        error(message, at: node, path: path)
    }

    /// One provider object.
    mutating func provider(_ node: JSONNode, path: String) -> ProviderConfig? {
        let shape = #"a provider object such as {"name": "\#(ProviderRegistry.fallback.rawValue)"}"#
        guard let fields = object(node, path: path, allowed: Self.providerKeys, expected: shape) else { return nil }
        let names = ProviderName.allCases.map(\.rawValue).joined(separator: ", ")
        let name = required(fields, "name", of: node, in: path, missing: "a provider needs a name: one of \(names)") {
            $0.providerName($1, path: $2)
        }
        var provider = ProviderConfig(name: name ?? ProviderRegistry.fallback)
        if var root = field(fields, "base_url", in: path, { $0.url($1, path: $2, schemes: Self.baseURLSchemes) }) {
            while root.hasSuffix("/"), !root.dropLast().hasSuffix("/") { root.removeLast() }
            provider.baseURL = root
        }
        if let envNode = fields["api_key_env"], let text = string(envNode, path: JSONPath.child(path, "api_key_env")) {
            if EnvironmentExpander.isVariableName(text.value) {
                provider.apiKeyEnv = text.value
                // The key itself is a secret of the rules, as a `${…}` value is (SPEC §3).
                if let key = environment[text.value], !key.isEmpty { secrets.append(key) }
                if let name, !name.provider.takesAPIKey {
                    warning("\(name.rawValue)'s public market data takes no API key; api_key_env is ignored",
                            at: envNode, path: JSONPath.child(path, "api_key_env"))
                }
            } else {
                error("api_key_env must be the NAME of an environment variable (letters, digits and _, e.g. \(ProviderRegistry.fallback.rawValue.uppercased())_API_KEY), not the key itself",
                      at: envNode, path: JSONPath.child(path, "api_key_env"))
            }
        }
        provider.cacheTTL = field(fields, "cache_ttl", in: path) { $0.duration($1, path: $2) } ?? provider.cacheTTL
        provider.timeout = field(fields, "timeout", in: path) { $0.duration($1, path: $2) } ?? provider.timeout
        provider.wsURL = field(fields, "ws_url", in: path) { $0.url($1, path: $2, schemes: Self.streamURLSchemes) }
        let throttle = field(fields, "stream_throttle", in: path) { $0.duration($1, path: $2) }
        provider.streamThrottle = throttle.flatMap { $0 > 0 ? $0 : nil }
        for (key, given) in [("ws_url", provider.wsURL != nil), ("stream_throttle", throttle != nil)] where given {
            guard let name, name.provider.feed == nil, let node = fields[key] else { continue }
            warning("\(name.rawValue) has no WebSocket feed; \(key) is used only by \(Self.feedNames)",
                    at: node, path: JSONPath.child(path, key))
        }
        provider.caFile = field(fields, "ca_file", in: path) { $0.filePath($1, path: $2) }
        return name == nil ? nil : provider
    }

    /// The providers with a WebSocket feed: `bithumb, upbit and binance`.
    static var feedNames: String { ProviderRegistry.list(ProviderRegistry.names { type(of: $0).feed != nil }, "and") }

    /// A provider name, with did-you-mean when unknown.
    mutating func providerName(_ node: JSONNode, path: String) -> ProviderName? {
        named(node, path: path, unknown: "provider", names: ProviderName.allCases.map(\.rawValue), label: "Providers") {
            ProviderName(rawValue: $0.lowercased())
        }
    }
}
