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
}
