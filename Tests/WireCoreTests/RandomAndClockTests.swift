import WireCore
import XCTest

final class RandomAndClockTests: XCTestCase {
    func testSeededRandomIsReproducibleAndSeedDependent() {
        var a = SeededRandom(seed: 1)
        var b = SeededRandom(seed: 1)
        var c = SeededRandom(seed: 2)
        let first = a.bytes(37)
        XCTAssertEqual(first, b.bytes(37))
        XCTAssertNotEqual(first, c.bytes(37))
        XCTAssertEqual(first.count, 37)
        XCTAssertGreaterThan(Set(first).count, 20)
    }

    func testFixedClock() {
        XCTAssertEqual(FixedClock(1_700_000_000.9).unixSeconds(), 1_700_000_000)
        XCTAssertGreaterThan(SystemClock().unixSeconds(), 1_700_000_000)
    }
}
