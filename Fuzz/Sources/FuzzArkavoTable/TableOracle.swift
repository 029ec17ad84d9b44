import ArkavoWire
import FuzzSupport

/// The oracle of FuzzArkavoEvent and FuzzArkavoMetadata, for any root table. Decode must succeed
/// exactly when the Verifier alone accepts, except that it also refuses a string that is not UTF-8
/// (checked again here, on the bytes at the offset it names), and a refusal must have a field reason
/// (the walk agrees with the generated code); an accepted buffer must re-encode to one the Verifier accepts and that
/// decodes to the same table, and its JSON form must read back to it. Inputs of every fourth length
/// are also decoded under small limits taken from the length, when the default limits accept them
/// (a refused buffer stays refused under lower ones; the check costs a fifth of the targets' speed).
/// Returns the table decoded under the default limits, for a target's own checks.
@discardableResult
public func checkTable<Table: FlatBufferRoot>(_: Table.Type, _ bytes: [UInt8]) -> Table? {
    guard let table = agrees(Table.self, bytes, .default) else { return nil }
    if bytes.count % 4 == 0 {
        let small = VerifierLimits(maxDepth: UInt32(1 + bytes.count / 4 % 3), maxTables: UInt32(1 + bytes.count / 4 % 4))
        _ = agrees(Table.self, bytes, small)
    }
    let again = table.encode()
    require(Table.verifies(again, limits: .default), "a decoded \(Table.tableName) re-encodes to a buffer the Verifier refuses")
    require((try? Table.decode(again, limits: .default)) == table, "a re-encoded \(Table.tableName) decodes differently")
    require((try? Table(json: .object(table.json))) == table, "the JSON form of a \(Table.tableName) does not read back")
    return table
}

/// Decodes under `limits` and checks that decode and the Verifier alone agree; the table, if any.
func agrees<Table: FlatBufferRoot>(_: Table.Type, _ bytes: [UInt8], _ limits: VerifierLimits) -> Table? {
    let verified = Table.verifies(bytes, limits: limits)
    do {
        let table = try Table.decode(bytes, limits: limits)
        require(verified, "decode accepted what the Verifier refuses")
        return table
    } catch {
        if case .flatBufferInvalid(let reason, let offset) = error, reason.hasSuffix("is not UTF-8") {
            // Only a verified buffer's strings are read; the bytes from the offset to the next 0 (the
            // string's terminator, or a 0 inside it) must not be UTF-8.
            require(verified, "a UTF-8 refusal of a buffer the Verifier refuses")
            let rest = bytes[min(offset, bytes.count)...]
            require(
                String(validating: rest.prefix { $0 != 0 }, as: UTF8.self) == nil,
                "refused as not UTF-8 at byte \(offset), where the bytes are UTF-8")
            return nil
        }
        require(!verified, "decode refused what the Verifier accepts: \(error)")
        if case .flatBufferInvalid(let reason, _) = error {
            require(!reason.hasPrefix("refused by the Verifier"), "the reason walk accepted a refused buffer")
        }
        require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the buffer")
        return nil
    }
}
