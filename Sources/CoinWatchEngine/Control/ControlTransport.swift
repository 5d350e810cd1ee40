import CoinWatchTransport
import CoinWatchState
/// What one read of a chat brought: its messages, the offset to keep, and a line for stderr when it had to skip some.
package typealias ControlRead = (messages: [ControlMessage], offset: String?, skipped: String?)

/// A chat service as chat control reads and answers it (SPEC §13), made by its sink's format.
package protocol ControlTransport: Sendable {
    /// The chat the sink sends to: the only one commands are read from.
    var chat: String { get }
    /// The most characters of one answer message; a longer answer is split into several.
    var limit: TextLimit { get }
    /// Reads what arrived after `offset` (nil: none kept yet), waiting up to `timeout` seconds for the first
    /// message: the messages and the offset to keep.
    mutating func poll(offset: String?, timeout: Double, http: any HTTPTransport) -> Result<ControlRead, ControlFailure>
    /// Sends `answer`'s text, or with `png` its chart, and reads the verdict.
    func send(_ answer: ControlAnswer, png: [UInt8]?, http: any HTTPTransport) -> WebhookVerdict
    /// Acknowledges a button press (`ControlMessage.callbackID`) with `text`; nothing by default.
    func acknowledge(_ callbackID: String, text: String, http: any HTTPTransport)
}

extension ControlTransport {
    package func acknowledge(_ callbackID: String, text: String, http: any HTTPTransport) {}
}
