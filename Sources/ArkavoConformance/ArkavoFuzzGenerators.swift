import ArkavoWire
import ConformanceKit
import NanoTDFConformance
import WireCore

extension ArkavoFrameSuite {
    /// Frames of every type byte (and some no type has), each with a body of the shape its type takes or
    /// one byte off: keys of 33 bytes with either prefix (or the uncompressed 65), a salt or none, the
    /// rewrapped key's four parts, NanoTDF containers of random shape, error bodies with known and unknown
    /// types and members missing or of the wrong kind.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] {
        [
            FuzzGenerator("frame") { random in
                func point() -> [UInt8] {
                    random.chance(8) ? [0x04] + random.bytes(64) : [random.pick([0x02, 0x03])] + random.bytes(32)
                }
                func near(_ count: Int) -> Int { random.chance(4) ? max(0, count + random.below(3) - 1) : count }
                let type = random.pick([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x08, 0xFF, 0x00, 0x07, 0xFE] as [UInt8])
                var comment = "a 0x\(Hex.encode([type])) frame"
                var body: [UInt8]
                switch type {
                case 0x01: body = point() + (random.chance(2) ? random.bytes(near(32)) : [])
                case 0x02: body = random.chance(2) ? [] : point()
                case 0x03, 0x05:
                    guard let (container, about) = NanoTDFFuzzShapes.randomContainer(&random) else { return nil }
                    body = container
                    comment += " carrying \(about)"
                case 0x04: body = point() + random.bytes(near(12)) + random.bytes(near(32)) + random.bytes(near(16))
                case 0xFF:
                    let errorType: JSONValue = random.pick(
                        ErrorMessage.knownTypes.map { .string($0) } + [.string("rate_limited"), .string(""), .int(1), .null])
                    let message: JSONValue = random.pick([.string("no"), .string(""), .null, .array([])])
                    var members: [(String, JSONValue)] = [("error_type", errorType), ("message", message)]
                    if random.chance(3) { members.append(("details", random.pick([.object(JSONObject()), .string("x"), .null]))) }
                    if random.chance(6) { members.remove(at: random.below(members.count)) }
                    body = JSONWriter().bytes(.object(JSONObject(members)))
                default: body = random.bytes(random.length(near: [0, 1, 33, 65], maximum: 80))
                }
                return FuzzGenerator.Made(input: JSONObject(F.frame([type] + body)), comment: comment)
            }
        ]
    }
}
