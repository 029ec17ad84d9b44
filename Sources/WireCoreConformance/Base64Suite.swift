import ConformanceKit
import WireCore

/// `wirecore/base64`: decoding in each of the eight variants, RFC 4648 test vectors and the edge
/// cases where strict decoders and Go's lenient decoder part ways.
public struct Base64Suite: VectorSuite {
    public init() {}
    public var id: String { "wirecore/base64" }
    typealias F = WireCoreFields

    /// `Base64DecodeTest`: `wirecore.base64Decode {variant, text}` → `{bytes}`.
    public static let decode = GroupKind(
        "Base64DecodeTest", op: "wirecore.base64Decode", params: [F.variant], input: [F.text], expected: [F.bytes])

    public var groupKinds: [GroupKind] { [Self.decode] }

    /// The flags of `wirecore/base64`, the keys of its notes.
    enum Flag: String, CaseFlag {
        case rfc4648 = "RFC4648"
        case alphabet = "Alphabet"
        case wrongAlphabet = "WrongAlphabet"
        case invalidCharacter = "InvalidCharacter"
        case badLength = "BadLength"
        case padding = "Padding"
        case nonCanonical = "NonCanonical"
        case lineBreak = "LineBreak"
        case whitespace = "Whitespace"
    }

    static let notes: [Flag: VectorFile.Note] = [
        .rfc4648: .init(bugType: .basic, description: "Test vector from RFC 4648 section 10."),
        .alphabet: .init(bugType: .basic, description: "Uses the characters where the standard and URL alphabets differ."),
        .wrongAlphabet: .init(bugType: .edgeCase, description: "A character of the other alphabet; must be rejected."),
        .invalidCharacter: .init(bugType: .basic, description: "A character in no Base64 alphabet."),
        .badLength: .init(bugType: .edgeCase, description: "A length that leaves one character over (six bits cannot make a byte)."),
        .padding: .init(bugType: .edgeCase, description: "Padding missing, misplaced, or present in an unpadded variant."),
        .nonCanonical: .init(
            bugType: .malleability,
            description:
                "The unused low bits of the last character are not zero: strict decoders reject, Go's default decoder accepts, so two "
                + "encodings decode to the same bytes."
        ),
        .lineBreak: .init(bugType: .interop, description: "CR or LF inside the text: Go's decoder skips them, strict decoders reject."),
        .whitespace: .init(bugType: .edgeCase, description: "A space: no decoder variant accepts it."),
    ]

    private struct Case {
        var slug: String
        var comment: String
        var flags: [Flag]
        var text: String
        /// The decoded bytes, or the error code, for this variant.
        var outcome: Result<[UInt8], WireError>
    }

    /// The cases for one variant; outcomes come from the reference decoder and are cross-checked
    /// against libsodium in the tests.
    private func cases(for variant: Base64Variant) -> [Case] {
        let other = Base64Variant(variant.alphabet == .std ? .url : .std, variant.padding, variant.mode)
        var list: [Case] = []
        func add(_ slug: String, _ comment: String, _ flags: [Flag], _ text: String) {
            list.append(
                Case(
                    slug: slug, comment: comment, flags: flags, text: text,
                    outcome: Result { () throws(WireError) in try Base64.decode(text, variant: variant) }))
        }
        for plain in ["", "f", "fo", "foo", "foob", "fooba", "foobar"] {
            add(
                "rfc4648-\(plain.isEmpty ? "empty" : plain)", "RFC 4648 section 10: \"\(plain)\"", [.rfc4648],
                Base64.encode(Array(plain.utf8), variant: variant))
        }
        add(
            "alphabet-62-63", "bytes fb ef be ff ff ff: characters 62 and 63 of this alphabet", [.alphabet],
            Base64.encode([0xfb, 0xef, 0xbe, 0xff, 0xff, 0xff], variant: variant))
        add(
            "other-alphabet", "characters 62 and 63 of the other alphabet", [.wrongAlphabet],
            Base64.encode([0xfb, 0xef, 0xbe, 0xff, 0xff, 0xff], variant: other))
        add("invalid-character", "'!' in the middle of \"Zm9vYmFy\"", [.invalidCharacter], "Zm9v!mFy")
        add("space", "a space between two quanta", [.whitespace], "Zm9v YmFy")
        add("length-mod-4-is-1", "five characters: the last cannot form a byte", [.badLength], "Zm9vY")
        if variant.padding == .padded {
            add("missing-padding", "\"f\" without its two padding characters", [.padding], "Zg")
            add("short-padding", "\"f\" with one padding character instead of two", [.padding], "Zg=")
            add("padding-in-middle", "two padded quanta in a row", [.padding], "Zg==Zg==")
            add("padding-only", "a quantum of padding only", [.padding], "====")
            add("extra-padding", "\"foo\" followed by '='", [.padding], "Zm9v=")
        } else {
            add("padding-present", "\"f\" with padding in an unpadded variant", [.padding], "Zg==")
        }
        let suffix = variant.padding == .padded ? "==" : ""
        add("trailing-bits-1-char", "\"Zh\(suffix)\": the low four bits of 'h' are not zero", [.nonCanonical], "Zh\(suffix)")
        add(
            "trailing-bits-2-chars", "\"Zm9=\" style: the low two bits of the third character are not zero",
            [.nonCanonical], "Zm9" + (variant.padding == .padded ? "=" : ""))
        add("line-feed", "a line feed between two quanta", [.lineBreak], "Zm9v\nYmFy")
        add("crlf-before-padding", "CR LF before the padding of \"f\"", [.lineBreak], "Zg\r\n" + suffix)
        return list
    }

    public func generate() -> VectorFile {
        let groups = Base64Variant.all.map { variant in
            TestGroup(
                type: Self.decode.type, params: JSONObject(F.variant(variant)),
                tests: cases(for: variant).map { c in
                    switch c.outcome {
                    case .success(let bytes):
                        return TestCase(
                            id: "\(id)/\(variant.name)/\(c.slug)", comment: c.comment, flags: c.flags,
                            spec: ["RFC 4648 4", "RFC 4648 5"], input: JSONObject(F.text(c.text)),
                            expected: JSONObject(F.bytes(bytes)), result: .valid)
                    case .failure(let error):
                        return TestCase(
                            id: "\(id)/\(variant.name)/\(c.slug)", comment: "\(c.comment) (\(error))",
                            flags: c.flags, spec: ["RFC 4648 3.3", "RFC 4648 3.5"], input: JSONObject(F.text(c.text)),
                            result: .invalid, error: error.code)
                    }
                })
        }
        return VectorFile(
            format: "wirecore", suite: id,
            spec: .init(
                name: "RFC 4648 Base64, Go encoding/base64", version: "RFC 4648; Go 1.22",
                url: "https://www.rfc-editor.org/rfc/rfc4648"),
            header: [
                "Base64 decoding in eight variants: alphabet (std: + /, url: - _) x padding (padded, raw) x mode (strict: RFC 4648 "
                    + "canonical; go: Go's encoding/base64 without Strict(), which skips CR/LF and accepts non-zero trailing bits).",
                "Op wirecore.base64Decode {variant, text} -> {bytes}. FlowDown writes std-padded (base64EncodedString) and the reference "
                    + "reads std-padded-strict; FlowDown itself reads with Foundation's Data(base64Encoded:), which also takes non-zero "
                    + "unused bits and extra '=' after the padding. cdev tokens use url-raw-go.",
            ],
            notes: Self.notes, testGroups: groups)
    }

    public func corpusSeeds(from file: VectorFile) -> [CorpusSeed] {
        file.allTests.compactMap { $0.test.input[F.text] }.map {
            CorpusSeed(target: "FuzzBase64", bytes: Array($0.utf8))
        }
            // The hex text as the vectors write it (lower case), which is what FuzzHex reads.
            + file.allTests.compactMap { $0.test.expected[F.bytes] }.map {
                CorpusSeed(target: "FuzzHex", bytes: Array(Hex.encode($0).utf8))
            }
    }
}

extension Base64Suite {
    /// Base64 of random bytes of every length near a block edge (0 to 4 bytes, around 57 and 76, the MIME
    /// line), written by the reference encoder in the variant under test or in another variant's alphabet and
    /// padding, sometimes with a line break.
    public func fuzzGenerators(of kind: GroupKind) -> [FuzzGenerator] {
        [
            FuzzGenerator("encoded") { random in
                let variant = random.pick(Base64Variant.all)
                let count = random.length(near: [0, 1, 2, 3, 4, 57, 58, 76, 77], maximum: 96)
                let writer = random.chance(3) ? random.pick(Base64Variant.all) : variant
                var text = Base64.encode(random.bytes(count), variant: writer)
                if random.chance(6), !text.isEmpty {
                    text.insert(
                        contentsOf: random.pick(["\n", "\r\n", " ", "="]),
                        at: text.index(text.startIndex, offsetBy: random.below(text.count)))
                }
                return FuzzGenerator.Made(
                    params: JSONObject(F.variant(variant)), input: JSONObject(F.text(text)),
                    comment: "\(count) random bytes written as \(writer.name), read as \(variant.name)")
            }
        ]
    }
}
