import Foundation
import XCTest

/// The one loader of `Fuzz/FailCases/<Target>/`: every input a fuzz target ever crashed on, for the
/// unit test that replays it (fuzzing.md). A target with no fail cases is a test failure, so a
/// replay test cannot pass by reading an empty or misnamed folder.
public enum FuzzFailCases {
    /// The files of one target's folder, sorted by name.
    public static func inputs(_ target: String, file: StaticString = #filePath, line: UInt = #line) throws -> [(
        name: String, bytes: [UInt8]
    )] {
        let directory = "\(Repository.failCasesDirectory)/\(target)"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        XCTAssertFalse(names.isEmpty, "no fail cases for \(target)", file: file, line: line)
        return try names.map { name in
            guard let data = FileManager.default.contents(atPath: "\(directory)/\(name)") else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: "\(directory)/\(name)"])
            }
            return (name, Array(data))
        }
    }
}
