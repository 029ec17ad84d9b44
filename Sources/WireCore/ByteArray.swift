/// Byte arrays written in place, without a run-time type lookup for every array.
///
/// On Linux, `Array(unsafeUninitializedCapacity:initializingWith:)` allocates through a generic,
/// unspecialised function of the standard library, which asks the runtime's metadata cache for the
/// array's storage type on every call: about 1,000 instructions in the wirecheck binary, more than
/// decoding a 43-character MAC, and three of them were 8% of a cdev token validation. Copying from
/// a buffer (`Array(UnsafeBufferPointer)`) is specialised where it is called and finds the type
/// through a cached accessor, so a small result is written to the stack and copied once.
public enum ByteArray {
    /// Results up to this size are written to the stack and copied; larger ones are written in
    /// place, where the copy would cost more than the lookup.
    static let stackLimit = 1024

    /// The bytes `body` writes from the pointer it is given, at most `capacity` of them; `body`
    /// returns how many it wrote.
    public static func build(capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) -> [UInt8] {
        guard capacity <= stackLimit else {
            return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in initialized = body(buffer.baseAddress!) }
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { buffer in
            let written = body(buffer.baseAddress!)
            return Array(UnsafeBufferPointer(rebasing: buffer[..<written]))
        }
    }
}
