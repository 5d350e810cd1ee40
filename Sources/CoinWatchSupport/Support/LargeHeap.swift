import CMalloc

/// The heap of a command that reads a large rules.json or state file whole, on 2 MiB pages.
///
/// Why: such a command touches 10–15 MiB of fresh memory (a 3 MiB state file read, the parsed rules'
/// tree, the rules built from it), and on the virtual machines we measure on, the kernel's fault for
/// each fresh 4 KiB page cost about 2 µs: 3,200 faults, 6 ms of a 30 ms `explain`. One region advised
/// as huge-page backed (`cw_heap_reserve_huge`) takes a fault per 2 MiB instead (`explain` on the
/// 10,000-pair state: 3,200 → 700 faults, 26.6 → 22.3 ms median). Where the kernel gives no
/// transparent huge pages, the heap is only grown at once.
package enum LargeHeap {
    /// Files this large, together, make a command worth the set-up; below it 4 KiB pages are cheaper
    /// than zeroing a 2 MiB page for a small read.
    static let threshold = 1 << 20

    /// Sets the heap up when `paths` hold at least `threshold` bytes together; files that cannot be
    /// looked at count as empty (their reader reports them). Call before the files are read and
    /// before a helper thread allocates (threads then share the one heap).
    package static func prepare(reading paths: [String]) {
        let bytes = paths.reduce(0) { total, path in total + POSIXFile.size(of: path) }
        guard bytes >= threshold else { return }
        // The reservation is address space: only the pages touched cost. A command holds a few times
        // its files' bytes (a rules file's parsed tree about 20 times, a state file about twice).
        // Where the kernel refuses the advice, the rest of the set-up still holds.
        _ = cw_heap_reserve_huge(min(max(bytes * 8, 16 << 20), 256 << 20))
    }
}
