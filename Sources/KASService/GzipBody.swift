import CZlib

/// A gzip-encoded request body (`Content-Encoding: gzip`, which connect-python sends by default), inflated with zlib up to
/// a limit, so that a small body that inflates without end (a "zip bomb") is refused instead of filling memory.
enum GzipBody {
    /// Why a body could not be inflated.
    enum Failure: Error, Equatable {
        /// Not a complete gzip stream (zlib's message).
        case malformed(String)
        /// It inflates past `limit` bytes.
        case tooLarge(limit: Int)
    }

    /// The inflated bytes of `body`; at most `limit` of them.
    static func inflate(_ body: [UInt8], limit: Int) -> Result<[UInt8], Failure> {
        var stream = z_stream()
        // 15 + 16: a 32 KiB window and a gzip (not zlib) header.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return .failure(.malformed("inflateInit2 failed"))
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        var input = body
        return input.withUnsafeMutableBufferPointer { source -> Result<[UInt8], Failure> in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                guard output.count + produced <= limit else { return .failure(.tooLarge(limit: limit)) }
                output += chunk[..<produced]
                switch status {
                case Z_STREAM_END:
                    return stream.avail_in == 0 ? .success(output) : .failure(.malformed("bytes after the gzip stream"))
                case Z_OK:
                    continue
                case Z_BUF_ERROR where stream.avail_in == 0:
                    return .failure(.malformed("the gzip stream is cut short"))
                default:
                    return .failure(.malformed(stream.msg.map { String(cString: $0) } ?? "inflate error \(status)"))
                }
            }
        }
    }
}
