import CdevAuth
import FuzzSupport
import WireCore

/// The pairing JSON a cdev client parses (pairing info, QR text, token pair). Oracles: whatever
/// parses, written again in each of cdev's encodings, parses back to the same value; and a
/// document the parser accepts is a JSON object for the strict JSON parser too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    if let info = try? PairingInfo.parse(bytes) {
        require(
            (try? JSONParser.parse(bytes, duplicateKeys: .keepLast))?.objectValue != nil, "accepted pairing info that is not a JSON object")
        let writer = JSONWriter(options: .init(escapeHTML: true))
        for offset in [0, 7 * 3600, -(5 * 3600 + 1800)]
        where info.tokenExpiresAt.map({ (-62_135_596_800 + 86_400...253_402_300_799 - 86_400).contains($0) }) ?? true {
            let again = try? PairingInfo.parse(writer.bytes(.object(info.infoJSON(offsetSeconds: offset))))
            require(again == info, "pair info does not round-trip at offset \(offset): \(info) -> \(String(describing: again))")
        }
        var withoutTime = info
        withoutTime.tokenExpiresAt = nil
        withoutTime.authRequired = nil
        require((try? PairingInfo.parse(Array(info.qrText.utf8))) == withoutTime, "QR text does not round-trip")
        require((try? PairingInfo.parse(writer.bytes(.object(info.cliJSON)))) == withoutTime, "cdev pair --json does not round-trip")
    }
    if let pair = try? TokenPairResponse.parse(bytes) {
        for offset in [0, 7 * 3600, -8 * 3600] {
            let again = try? TokenPairResponse.parse(JSONWriter().bytes(.object(pair.json(offsetSeconds: offset))))
            // RFC 3339 has four-digit years; keep a day of margin for the offsets.
            let writable: ClosedRange<Int64> = -62_135_596_800 + 86_400...253_402_300_799 - 86_400
            if writable.contains(pair.accessTokenExpiresAt), writable.contains(pair.refreshTokenExpiresAt) {
                require(again == pair, "token pair does not round-trip at offset \(offset)")
            }
        }
    }
    return 0
}
