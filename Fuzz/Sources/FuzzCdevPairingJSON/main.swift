import CdevAuth
import FuzzSupport
import WireCore

/// The pairing JSON a cdev client parses (pairing info, QR text, token pair). Oracle: whatever
/// parses, written again in each of cdev's encodings, parses back to the same value. The input is
/// parsed as JSON once and read as both kinds of document (both parsers start with that same parse).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let object = (try? JSONParser.parse(inputBytes(start, count), duplicateKeys: .keepLast))?.objectValue else { return 0 }
    // RFC 3339 has four-digit years; keep a day of margin for the offsets.
    let writable: ClosedRange<Int64> = -62_135_596_800 + 86_400...253_402_300_799 - 86_400
    if let info = try? PairingInfo.parse(object: object) {
        let writer = JSONWriter(options: .init(escapeHTML: true))
        // The offset changes only the written expiry: without one, the documents would be the same.
        let offsets = info.tokenExpiresAt == nil ? [0] : [0, 7 * 3600, -(5 * 3600 + 1800)]
        for offset in offsets where info.tokenExpiresAt.map(writable.contains) ?? true {
            let again = try? PairingInfo.parse(writer.bytes(.object(info.infoJSON(offsetSeconds: offset))))
            require(again == info, "pair info does not round-trip at offset \(offset): \(info) -> \(String(describing: again))")
        }
        var withoutTime = info
        withoutTime.tokenExpiresAt = nil
        withoutTime.authRequired = nil
        require((try? PairingInfo.parse(Array(info.qrText.utf8))) == withoutTime, "QR text does not round-trip")
        require((try? PairingInfo.parse(writer.bytes(.object(info.cliJSON)))) == withoutTime, "cdev pair --json does not round-trip")
    }
    if let pair = try? TokenPairResponse.parse(object: object) {
        for offset in [0, 7 * 3600, -8 * 3600] {
            // Written at any time (the writer must not trap on a year it cannot spell), checked where writable.
            let again = try? TokenPairResponse.parse(JSONWriter().bytes(.object(pair.json(offsetSeconds: offset))))
            if writable.contains(pair.accessTokenExpiresAt), writable.contains(pair.refreshTokenExpiresAt) {
                require(again == pair, "token pair does not round-trip at offset \(offset)")
            }
        }
    }
    return 0
}
