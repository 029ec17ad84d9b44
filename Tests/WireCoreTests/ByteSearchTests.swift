import WireCore
import XCTest

/// `ByteSearch.firstIndex` (memchr) against the standard library's search, from every start offset,
/// including buffers where the byte is absent, at either end, or before the start.
final class ByteSearchTests: XCTestCase {
    func testAgreesWithFirstIndexFromEveryStart() {
        var random = SeededRandom(seed: 0xB5)
        for _ in 0..<500 {
            let bytes = (0..<Int(random.next() % 40)).map { _ in UInt8(random.next() % 4) }
            let target = UInt8(random.next() % 5)
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count + 1 {
                    let expected = start < bytes.count ? bytes[start...].firstIndex(of: target) : nil
                    XCTAssertEqual(ByteSearch.firstIndex(of: target, in: buffer, from: start), expected, "\(bytes) \(target) from \(start)")
                }
            }
        }
        XCTAssertNil(ByteSearch.firstIndex(of: 0, in: UnsafeBufferPointer(start: nil, count: 0)))
    }
}
