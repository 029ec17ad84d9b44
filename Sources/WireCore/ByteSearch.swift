#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding one byte value in a buffer, by the C library's `memchr`. It looks at a vector of bytes per
/// step where a Swift loop looks at one; and in a fuzz build a Swift loop makes a trace-cmp call per
/// byte for its bound (a quarter of FuzzQueryEncoding's time), where libc is not instrumented.
public enum ByteSearch {
    /// The offset of the first `byte` in `buffer` at or after `start`, or nil when there is none.
    public static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard start < buffer.count, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Whether `text`'s UTF-8 holds `part`'s: `memchr` for each candidate first byte, then `memcmp`.
    /// `text.utf8.contains(part.utf8)` resolves to _StringProcessing's generic search, which builds a
    /// searcher and looks up generic metadata on every call: 15% of FuzzCdevAuthBody, for one path.
    public static func contains(_ part: String, in text: String) -> Bool {
        var part = part
        var text = text
        return part.withUTF8 { needle in
            text.withUTF8 { haystack in
                guard let first = needle.first else { return true }
                guard let needleBase = needle.baseAddress, let base = haystack.baseAddress else { return false }
                var start = 0
                while let found = firstIndex(of: first, in: haystack, from: start), found + needle.count <= haystack.count {
                    if memcmp(base + found, needleBase, needle.count) == 0 { return true }
                    start = found + 1
                }
                return false
            }
        }
    }
}
