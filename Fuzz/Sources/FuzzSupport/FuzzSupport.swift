/// Shared pieces of the fuzz targets: how an oracle reports a violated contract, and how a result
/// is kept alive so release builds cannot optimise the decode away.

/// Stops the run with a message libFuzzer records as a crash (the input is saved as an artefact).
public func contractViolated(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("fuzz oracle: \(message())", file: file, line: line)
}

/// Checks an oracle; a false condition is a finding.
@inline(__always)
public func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition { contractViolated(message(), file: file, line: line) }
}

/// Folds values into a global the optimiser cannot see through.
@inline(never)
public func consume<T>(_ value: T) {
    withUnsafeBytes(of: value) { bytes in
        for byte in bytes { sinkValue &+= Int(byte) }
    }
}

nonisolated(unsafe) public var sinkValue = 0

/// The input as a byte array.
public func inputBytes(_ start: UnsafeRawPointer, _ count: Int) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: start, count: count))
}
