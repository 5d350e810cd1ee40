import CoinWatchRules
import CoinWatchState
/// What an admin command changes: the state (in the write that advances the chat's offset) or rules.json.
package enum ControlEdit: Sendable, Equatable {
    case addSilence(Silence)
    case removeSilence(id: String)
    /// rules.json's new bytes, validated.
    case rewriteRules([UInt8])

    /// Applies a state edit to `state`.
    package func apply(to state: inout StateDocument, now: Double) {
        switch self {
        case .addSilence(let silence):
            state.silences.removeAll { $0.until <= now }
            state.silences.append(silence)
        case .removeSilence(let id):
            state.silences.removeAll { $0.id == id || $0.until <= now }
        case .rewriteRules:
            break
        }
    }
}
