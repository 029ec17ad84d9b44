import WireCore
import XCTest

/// `ByteSearch.firstIndex` (memchr) against the standard library's search, from every start offset,
/// including buffers where the byte is absent, at either end, or before the start; `ByteSearch.contains`
/// against a search written out, on small alphabets so that partial and overlapping matches are common.
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

    func testContainsAgreesWithASearchWrittenOut() {
        var random = SeededRandom(seed: 0xC0)
        let alphabet = ["a", "b", "_", "é"]
        func text(_ length: UInt64) -> String { (0..<Int(random.next() % length)).map { _ in alphabet[Int(random.next() % 4)] }.joined() }
        for _ in 0..<3000 {
            let haystack = text(24)
            let needle = text(5)
            let (h, n) = (Array(haystack.utf8), Array(needle.utf8))
            let expected = n.isEmpty || (n.count <= h.count && (0...h.count - n.count).contains { Array(h[$0..<$0 + n.count]) == n })
            XCTAssertEqual(
                ByteSearch.contains(needle, in: haystack), expected, "\(needle.debugDescription) in \(haystack.debugDescription)")
        }
        XCTAssertTrue(ByteSearch.contains("cdev_", in: "/api/x/cdev_s_abc"))
        XCTAssertFalse(ByteSearch.contains("cdev_", in: "/api/x/cdev"))
        XCTAssertFalse(ByteSearch.contains("x", in: ""))
        XCTAssertTrue(ByteSearch.contains("", in: ""))
    }
}
