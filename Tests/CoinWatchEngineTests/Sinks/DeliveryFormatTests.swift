import Testing
@testable import TestHelpers
@testable import CoinWatchRules
@testable import CoinWatchEngine

/// Every registered format delivers: its type conforms to `DeliveryFormat` (its `+Delivery.swift`),
/// and a sink of it sends an alert in at least one request; a format that offers chat control
/// (`ControlFormat`) has its chat service, and no other format has one.
struct DeliveryFormatTests {
    @Test func everyRegisteredFormatHasItsDelivery() {
        for format in WebhookConfig.Format.allCases {
            #expect(format.delivery != nil, "\(format.rawValue) has no DeliveryFormat conformance")
            var config = SampleAlert.config(format)
            (config.token, config.user, config.room) = ("t", "u", "!r:example.org")
            #expect(!WebhookRequest.make(for: [SampleAlert.make()], key: "k", sink: "s", config: config).isEmpty, "\(format.rawValue)")
            let transport = format.delivery?.controlTransport(sink: "s", config: config)
            #expect((transport != nil) == (format.type is any ControlFormat.Type), "\(format.rawValue)")
            #expect(transport.map { !$0.chat.isEmpty } ?? true, "\(format.rawValue): the chat commands are read from")
        }
    }
}
