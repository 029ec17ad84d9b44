/// The items of a paged endpoint as one async sequence: it fetches the next page when the current one
/// runs out and ends after a page without a cursor.
public struct MLSPages<Element: Sendable>: AsyncSequence, Sendable {
    /// Fetches the page after `cursor` (nil: the first): its items and the next cursor.
    let fetch: @Sendable (String?) async throws(MLSClientError) -> ([Element], String?)

    init(fetch: @escaping @Sendable (String?) async throws(MLSClientError) -> ([Element], String?)) { self.fetch = fetch }

    /// The iterator.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let fetch: @Sendable (String?) async throws(MLSClientError) -> ([Element], String?)
        var buffer: [Element] = []
        var cursor: String?
        var started = false

        /// The next item, fetching a page when needed.
        public mutating func next() async throws -> Element? {
            while buffer.isEmpty {
                if started && cursor == nil { return nil }
                let (items, next) = try await fetch(cursor)
                started = true
                cursor = next
                buffer = items.reversed()
                if items.isEmpty && next == nil { return nil }
            }
            return buffer.popLast()
        }
    }

    /// An iterator from the first page.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(fetch: fetch) }
}
