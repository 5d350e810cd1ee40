import Testing
@testable import TestHelpers
@testable import CoinWatchRules

/// SPEC §13: `control` names a chat sink of its service and who may command.
@Suite struct ControlValidationTests {
    static let sinks = #"""
    "sinks": {"phone": {"type": "webhook", "format": "telegram", "url": "https://api.telegram.org/botX/sendMessage", "chat_id": 42},
              "team": {"type": "webhook", "format": "matrix", "url": "https://m.example", "token": "t", "room": "!r:example.org"},
              "slack": {"type": "webhook", "format": "slack", "url": "https://hooks.example/x"}}
    """#

    static func document(_ control: String) -> String {
        "{\(sinks), \"control\": \(control)}"
    }

    @Test func controlNamesTheSinkAndWhoMayUseIt() throws {
        let json = Self.document(#"""
        {"telegram": {"sink": "phone", "users": [123456789, 5], "admins": [123456789]},
         "matrix": {"sink": "team", "users": ["@ana:example.org"], "admins": []}}
        """#)
        let control = try #require(RulesFixture.rules(json)?.control)
        #expect(control["telegram"] == ControlChat(sink: "phone", users: ["123456789", "5"], admins: ["123456789"]))
        #expect(control["matrix"] == ControlChat(sink: "team", users: ["@ana:example.org"], admins: []))
        #expect(control["telegram"]?.role(of: "123456789") == .admin)
        #expect(control["telegram"]?.role(of: "5") == .user)
        #expect(control["telegram"]?.role(of: "6") == ControlRole.none)
    }

    @Test func controlLogIsAFilePathAndOnlyTheTelegramControlSinkCarriesButtons() throws {
        #expect(RulesFixture.errors("{\(Self.sinks), \"control_log\": \"\"}", at: "control_log", containing: "expected a file path").count == 1)
        let rules = try #require(RulesFixture.rules(Self.document(#"{"telegram": {"sink": "phone"}}"#)))
        guard case .webhook(let phone)? = rules.sinks["phone"], case .webhook(let team)? = rules.sinks["team"] else {
            Issue.record("sinks")
            return
        }
        #expect(phone.controlButtons && !team.controlButtons)
    }

    @Test func unknownKeysGetDidYouMean() {
        #expect(RulesFixture.errors(Self.document(#"{"telegrm": {"sink": "phone"}}"#), at: "control",
                                    containing: "Did you mean 'telegram'?").count == 1)
        #expect(RulesFixture.errors(Self.document(#"{"telegram": {"sink": "phone", "admin": []}}"#), at: "control.telegram",
                                    containing: "Did you mean 'admins'?").count == 1)
    }

    @Test func theSinkMustExistAndBeOfThatFormat() {
        #expect(RulesFixture.errors(Self.document(#"{"telegram": {"sink": "phon"}}"#), at: "control.telegram.sink",
                                    containing: "unknown sink 'phon'. Did you mean 'phone'?").count == 1)
        #expect(RulesFixture.errors(Self.document(#"{"telegram": {"sink": "slack"}}"#), at: "control.telegram.sink",
                                    containing: "is a webhook sink with format slack; control.telegram needs").count == 1)
        #expect(RulesFixture.errors(Self.document(#"{"matrix": {"sink": "phone"}}"#), at: "control.matrix.sink",
                                    containing: "needs a webhook sink with format \"matrix\"").count == 1)
        #expect(RulesFixture.errors(Self.document(#"{"telegram": {"users": []}}"#), at: "control.telegram",
                                    containing: "needs a sink").count == 1)
    }

    @Test func sendersAreTelegramNumbersOrMatrixIDs() {
        #expect(RulesFixture.errors(Self.document(#"{"telegram": {"sink": "phone", "users": ["123"]}}"#), at: "control.telegram.users[0]",
                                    containing: "numeric Telegram user id").count == 1)
        #expect(RulesFixture.errors(Self.document(#"{"matrix": {"sink": "team", "admins": ["ana"]}}"#), at: "control.matrix.admins[0]",
                                    containing: "not a Matrix user id").count == 1)
        #expect(RulesFixture.errors(Self.document(#"{"matrix": {"sink": "team", "users": "@a:b"}}"#), at: "control.matrix.users",
                                    containing: "expected an array").count == 1)
    }
}
