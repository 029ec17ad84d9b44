import ArkavoWire
import WireCheckTestSupport
import XCTest

/// The inputs the Arkavo fuzz targets found (Fuzz/FailCases/FuzzArkavo*/), replayed. Under ASan
/// (Fuzz/smoke.sh replays them) the first two were heap overflows; here the behaviour is checked.
final class ArkavoFuzzFailCaseTests: XCTestCase {
    /// The reason walk read a vector through its offset before verifying the offset (the argument was
    /// evaluated before the check, where the generated code's && chain checks first). The buffer is
    /// refused, with a reason, and the walk agrees with the Verifier.
    func testRefusedBuffersAreExplainedWithoutReadingUnverifiedOffsets() throws {
        let events = try FuzzFailCases.inputs("FuzzArkavoEvent")
        let metadata = try FuzzFailCases.inputs("FuzzArkavoMetadata")
        assertChecked(events.count + metadata.count, "fail cases")
        for (name, bytes) in events {
            XCTAssertFalse(Event.verifies(bytes), name)
            XCTAssertThrowsError(try Event.decode(bytes), name) {
                XCTAssertEqual(($0 as? ArkavoError)?.code, "flatbuffer-invalid", name)
                XCTAssertFalse("\($0)".contains("no field check failed"), "\(name): \($0)")
            }
        }
        for (name, bytes) in metadata {
            XCTAssertFalse(Metadata.verifies(bytes), name)
            XCTAssertThrowsError(try Metadata.decode(bytes), name) {
                XCTAssertEqual(($0 as? ArkavoError)?.code, "flatbuffer-invalid", name)
                XCTAssertFalse("\($0)".contains("no field check failed"), "\(name): \($0)")
            }
        }
    }

    /// A 0xFF body spelled differently from the compact JSON the encoder writes: the frame keeps its
    /// bytes, so an accepted frame writes back exactly what was read.
    func testFramesWriteBackExactlyTheirBytes() throws {
        let frames = try FuzzFailCases.inputs("FuzzArkavoFrame")
        assertChecked(frames.count, "fail cases")
        for (name, bytes) in frames {
            XCTAssertEqual(try Frame.decode(bytes).bytes, bytes, name)
        }
    }
}
