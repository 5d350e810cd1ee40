import Synchronization

/// What other threads hand `stream`'s event loop (a sink's progress, a connect's outcome, the market lists, the chat
/// side's changes): kept in order, each `post` waking the loop through `wake`, which `take`s them on its next turn.
final class LoopInbox<Item: Sendable>: Sendable {
    private let items = Mutex<[Item]>([])
    /// The loop's wake pipe.
    let wake: WakePipe

    init(wake: WakePipe) { self.wake = wake }

    /// Keeps `item` for the loop and wakes it (from any thread).
    func post(_ item: Item) {
        items.withLock { $0.append(item) }
        wake.poke()
    }

    /// What was posted since the last call, oldest first.
    func take() -> [Item] {
        items.withLock { items in
            defer { items.removeAll() }
            return items
        }
    }

    /// Takes back the items `posted` names that the loop has not taken yet.
    func withdraw(where posted: (Item) -> Bool) {
        items.withLock { $0.removeAll(where: posted) }
    }
}
