import ConformanceKit
import NanoTDF
import WireCore

/// NanoTDF containers of random shape for `wirecheck fuzz`: every magic, curve, cipher, policy type,
/// binding variant, IV convention, signature curve and locator form the reference writes, with lengths at
/// their edges (an empty plaintext, a policy of 255 or 256 bytes), encrypted by the reference with the
/// KAS key the decrypt cases use. The crypto vectors hold a fixed matrix of these; the fuzzer draws from
/// all of it, and its mutations then start from a container no vector has.
package enum NanoTDFFuzzShapes {
    /// Payload and policy lengths worth hitting: empty, one byte, around a one-byte length, around a block.
    static let lengthEdges = [0, 1, 15, 16, 17, 255, 256]

    /// A shape drawn from every choice the encryption parameters have.
    static func random(_ random: inout SeededRandom) -> NanoTDFCryptoShape {
        NanoTDFCryptoShape(
            version: random.pick(Header.Version.allCases), curve: random.pick(Curve.allCases), cipher: random.pick(Cipher.allCases),
            kind: random.pick(Policy.Kind.allCases), variant: random.pick(BindingVariant.allCases),
            signatureCurve: random.chance(3) ? random.pick(Curve.allCases) : nil, convention: random.pick(IVConvention.allCases),
            protocolCode: random.pick([0, 1, 2, 0xF]), identifierSize: random.pick([0, 0, 2, 8, 32]),
            plaintextLength: random.length(near: lengthEdges, maximum: 300),
            contentLength: max(1, random.length(near: lengthEdges, maximum: 300)),
            seed: random.next() % 1_000_000, label: "")
    }

    /// A shape's container, or nil when the reference does not write that combination.
    static func container(_ shape: NanoTDFCryptoShape) -> [UInt8]? { try? Container.encrypt(shape.parameters).bytes }

    /// The container of a random shape and what it is, for other suites that carry containers (Arkavo frames); one in
    /// three has one field changed (`oneFieldChanged`).
    package static func randomContainer(_ random: inout SeededRandom) -> (bytes: [UInt8], comment: String)? {
        if random.chance(3) { return oneFieldChanged(&random).map { ($0.bytes, $0.comment) } }
        let shape = Self.random(&random)
        return container(shape).map { ($0, shape.comment) }
    }

    /// A container of random shape with one field changed, every other byte where it belongs: one bit of a field, often
    /// of its first byte (reserved bits, nibbles, flags, curves, a key's prefix), the payload length one off with the bytes
    /// left as they are, the embedded policy emptied together with its length, the IV 000000. A reader that skips that
    /// field's check reads on to the end, and with the shape's key it decrypts: an outside trial's decrypt shim skipped
    /// five such checks, which flipping bytes anywhere in the container reached about once in thousands of inputs.
    static func oneFieldChanged(_ random: inout SeededRandom) -> (shape: NanoTDFCryptoShape, bytes: [UInt8], comment: String)? {
        let shape = Self.random(&random)
        guard let container = try? Container.encrypt(shape.parameters) else { return nil }
        var bytes = container.bytes
        let field = random.pick(NanoTDFLayout.fields(of: container).filter { !$0.bytes.isEmpty })
        let change: String
        switch field.name {
        case "payload.length":
            let last = field.offset + 2
            let up = bytes[last] == 0 || (bytes[last] < 0xFF && random.chance(2))
            bytes[last] = up ? bytes[last] + 1 : bytes[last] - 1
            change = up ? "one more than its bytes" : "one less than its bytes"
        case "payload.iv":
            bytes.replaceSubrange(field.offset..<(field.offset + 3), with: [0, 0, 0])
            change = "000000"
        case "policy.content":
            // The 2-byte length before the content, then the content, go; a length of 0 and nothing after it come in.
            bytes.replaceSubrange((field.offset - 2)..<(field.offset + field.bytes.count), with: [0, 0])
            change = "emptied with its length"
        default:
            // The first byte half the time (flags, nibbles, a key's prefix), else any: a bit of a binding, a locator's
            // body or a signature leaves a container that decrypts and reports.
            let index = random.chance(2) ? 0 : random.below(field.bytes.count)
            let bit = random.below(8)
            bytes[field.offset + index] ^= 1 << bit
            change = "bit \(bit) of byte \(index) flipped"
        }
        return (shape, bytes, "\(shape.comment), \(field.name) \(change)")
    }

    /// The container of a random shape, for the parse ops; one in three has one field changed.
    static func parseGenerator() -> FuzzGenerator {
        FuzzGenerator("shape") { random in
            // The crypto suite's flags are not this vocabulary: the comment says the shape.
            guard let (bytes, comment) = randomContainer(&random) else { return nil }
            return FuzzGenerator.Made(input: JSONObject(NanoTDFFields.container(bytes)), comment: comment)
        }
    }
}

extension NanoTDFCryptoSuite {
    /// Decrypt cases of containers of random shape with the KAS key (raw or PKCS#8), and encrypt cases of
    /// random parameters.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] {
        switch kind.type {
        case Self.decrypt.type:
            return [
                FuzzGenerator("shape") { random in
                    let shape = NanoTDFFuzzShapes.random(&random)
                    guard let bytes = NanoTDFFuzzShapes.container(shape) else { return nil }
                    let key = NanoTDFCryptoShape.kasKey(shape.curve)
                    var input = JSONObject(F.container(bytes), F.privateKey(random.chance(4) ? key.pkcs8 : key.scalarBytes))
                    // Now and then the convention is named: the right one, or another (authentication then fails).
                    if random.chance(3) {
                        input.set(F.ivConventionChoice, random.chance(2) ? shape.convention : random.pick(IVConvention.allCases))
                    }
                    return FuzzGenerator.Made(input: input, flags: shape.flags.map(\.rawValue), comment: shape.comment)
                },
                FuzzGenerator("one-field") { random in
                    guard let (shape, bytes, comment) = NanoTDFFuzzShapes.oneFieldChanged(&random) else { return nil }
                    let input = JSONObject(F.container(bytes), F.privateKey(NanoTDFCryptoShape.kasKey(shape.curve).scalarBytes))
                    return FuzzGenerator.Made(input: input, flags: shape.flags.map(\.rawValue), comment: comment)
                },
            ]
        case Self.encrypt.type:
            return [
                FuzzGenerator("parameters") { random in
                    let shape = NanoTDFFuzzShapes.random(&random)
                    return FuzzGenerator.Made(
                        input: NanoTDFCryptoJSON.arguments(shape.parameters), flags: shape.flags.map(\.rawValue), comment: shape.comment)
                }
            ]
        default:
            return []
        }
    }
}

extension NanoTDFParseSuite {
    /// Containers of random shape.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] { [NanoTDFFuzzShapes.parseGenerator()] }
}
