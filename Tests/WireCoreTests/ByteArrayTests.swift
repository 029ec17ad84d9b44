import WireCore
import XCTest

/// `ByteArray.build` writes small results on the stack and copies them, large ones in place: on
/// both sides of the limit, the array holds exactly the bytes written, however many of the
/// capacity were used.
final class ByteArrayTests: XCTestCase {
    func testEveryCapacityAroundTheStackLimitKeepsWhatWasWritten() {
        for capacity in [0, 1, 7, 1023, 1024, 1025, 4096] {
            for written in Set([0, capacity / 2, capacity]) {
                let bytes = ByteArray.build(capacity: capacity) { start in
                    for index in 0..<written { start[index] = UInt8(truncatingIfNeeded: index &* 31 &+ capacity) }
                    return written
                }
                XCTAssertEqual(bytes, (0..<written).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ capacity) }, "\(written) of \(capacity)")
            }
        }
    }
}
