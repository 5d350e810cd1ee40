/// A provider's name as rules.json writes it (`providers[].name`, a rule's `provider`, a premium's
/// `against`): always one of `ProviderRegistry.all`'s, so it leads to its provider (`provider`).
package struct ProviderName: RawRepresentable, Hashable, Sendable {
    /// The name, lower case: `coingecko`.
    package let rawValue: String

    /// The registered provider called `rawValue`; nil for any other text.
    package init?(rawValue: String) {
        guard ProviderRegistry.byName[rawValue] != nil else { return nil }
        self.rawValue = rawValue
    }

    /// The name of `type` (the registry's and each provider's own `ProviderName` constant).
    init(_ type: any MarketProvider.Type) { rawValue = type.providerName }

    /// Every registered name, in registry order.
    package static var allCases: [ProviderName] { ProviderRegistry.names }

    /// The provider type of this name.
    package var provider: any MarketProvider.Type { ProviderRegistry.byName[rawValue] ?? ProviderRegistry.all[0] }
}
