import CArkavoFlatBuffers

/// Copies between the C API's structs and Swift values. Decoded C fields point into the buffer being
/// decoded and are copied at once; encode inputs are copied into allocations this bridge owns until
/// the encode call returns.
final class FlatBufferBridge {
    private var allocations: [UnsafeMutableRawPointer] = []

    deinit {
        for pointer in allocations { pointer.deallocate() }
    }

    /// A C vector of `bytes` (nil = absent), valid until the bridge goes away.
    func vector(_ bytes: [UInt8]?, count: Int? = nil) -> ArkavoVector {
        guard let bytes else { return ArkavoVector(data: nil, count: 0, present: false) }
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        allocations.append(pointer)
        bytes.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return ArkavoVector(data: pointer.assumingMemoryBound(to: UInt8.self), count: UInt32(count ?? bytes.count), present: true)
    }

    /// A C string vector (the UTF-8 bytes of `string`).
    func string(_ string: String?) -> ArkavoVector { vector(string.map { Array($0.utf8) }) }

    /// Runs a C encode function and copies its buffer out.
    static func encoded(_ buffer: ArkavoBuffer) -> [UInt8] {
        defer { arkavo_buffer_free(buffer) }
        guard let data = buffer.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: buffer.count))
    }

    /// The bytes of a decoded C byte vector or string (nil when absent).
    static func bytes(_ v: ArkavoVector) -> [UInt8]? {
        guard v.present else { return nil }
        guard let data = v.data, v.count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(v.count)))
    }

    /// The uint32 elements of a decoded C vector (little-endian in the buffer), nil when absent.
    static func uint32s(_ v: ArkavoVector) -> [UInt32]? {
        guard v.present else { return nil }
        guard let data = v.data, v.count > 0 else { return [] }
        let raw = UnsafeRawPointer(data)
        return (0..<Int(v.count)).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self)) }
    }

    /// A decoded C string, already checked with `firstStringNotUTF8`.
    static func string(_ v: ArkavoVector) -> String? { bytes(v).map { String(decoding: $0, as: UTF8.self) } }

    /// The refusal of the first present string in `strings` (field path, decoded vector) that is not UTF-8,
    /// at its first bad byte (offset in `buffer`, which the vectors point into); nil when all are UTF-8.
    /// Unicode's definition, as Rust's `str::from_utf8`: no overlong forms, surrogates or scalars above U+10FFFF.
    static func firstStringNotUTF8(_ strings: [(String, ArkavoVector)], in buffer: UnsafeBufferPointer<UInt8>) -> ArkavoError? {
        for (path, v) in strings {
            guard v.present, let data = v.data, let base = buffer.baseAddress else { continue }
            let bytes = UnsafeBufferPointer(start: data, count: Int(v.count))
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes.makeIterator()
            var at = 0
            scalars: while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar): at += scalar.count
                case .emptyInput: break scalars
                case .error:
                    return .flatBufferInvalid(
                        reason: "\(path): string of \(v.count) bytes is not UTF-8", offset: base.distance(to: data) + at)
                }
            }
        }
        return nil
    }

    /// The verifier's refusal as an error.
    static func failure(_ failure: ArkavoVerifyFailure) -> ArkavoError {
        let reason = withUnsafeBytes(of: failure.reason) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return .flatBufferInvalid(reason: reason, offset: Int(failure.offset))
    }
}
