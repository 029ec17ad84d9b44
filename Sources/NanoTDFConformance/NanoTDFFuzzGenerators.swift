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

    /// The container of a random shape and what it is, for other suites that carry containers (Arkavo frames).
    package static func randomContainer(_ random: inout SeededRandom) -> (bytes: [UInt8], comment: String)? {
        let shape = Self.random(&random)
        return container(shape).map { ($0, shape.comment) }
    }

    /// The container of a random shape, for the parse ops.
    static func parseGenerator() -> FuzzGenerator {
        FuzzGenerator("shape") { random in
            let shape = NanoTDFFuzzShapes.random(&random)
            guard let bytes = container(shape) else { return nil }
            // The crypto suite's flags are not this vocabulary: the comment says the shape.
            return FuzzGenerator.Made(input: JSONObject(NanoTDFFields.container(bytes)), comment: shape.comment)
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
                }
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
