/// The part of the state the deliver stage owns (SPEC §3, write-ahead): the webhook, email and
/// command messages waiting in the outbox, and the file sinks' records not yet appended whole.
package struct DeliveryBacklog: Sendable, Equatable {
    /// Messages waiting (undelivered, or held for quiet hours), oldest first (`StateDocument.outbox`).
    package var outbox: [OutboxEntry]
    /// File sink path → JSON Lines records not yet appended whole (`StateDocument.fileSpool`).
    package var fileSpool: [String: [String]]

    package init(outbox: [OutboxEntry] = [], fileSpool: [String: [String]] = [:]) {
        self.outbox = outbox
        self.fileSpool = fileSpool
    }

    /// How many file records wait in the spool, all files together.
    package var spooledRecords: Int { fileSpool.values.reduce(0) { $0 + $1.count } }
}

extension StateDocument {
    /// The outbox and the file spool, as the deliver stage reads and writes them.
    package var backlog: DeliveryBacklog {
        get { DeliveryBacklog(outbox: outbox, fileSpool: fileSpool) }
        set { (outbox, fileSpool) = (newValue.outbox, newValue.fileSpool) }
    }
}
