import ConformanceKit

/// The flags of `nanotdf/crypto`: for every disagreement a case pins, which implementation does which
/// (NanoTDF spec sections 0, 9 and 10).
enum NanoTDFCryptoNotes {
    static let all: [NanoTDFCryptoSuite.Flag: VectorFile.Note] = [
        .specExample: .init(
            bugType: .interop, description: "A worked example of opentdf/spec section 6, decrypted with the key the spec publishes."),
        .ivSpec24: .init(
            bugType: .interop,
            description:
                "IV convention spec-iv24: the 3 IV bytes are the whole GCM IV and J0 comes from GHASH. The spec's examples decrypt only "
                + "this way; the web SDK reads it only with legacyTDF=true; Go, opentdf-rs and OpenTDFKit never do."),
        .ivZeroPrefix: .init(
            bugType: .interop,
            description:
                "IV convention zero-prefix (00x9 || IV): the Go SDK, the web SDK (non-legacy), opentdf-rs, and OpenTDFKit's "
                + "createNanoTDFv12 at the app's pin; what deployed platform code reads."),
        .ivZeroSuffix: .init(
            bugType: .interop,
            description:
                "IV convention zero-suffix (IV || 00x9): OpenTDFKit's CryptoHelper.adjustNonce, for decryption at the app's pin and for "
                + "all creation since 77920b3 (collections since b2a9765)."),
        .bindingSha256Tail: .init(
            bugType: .interop,
            description:
                "'GMAC' mode as deployed: the last 8 bytes of SHA-256 of the bound bytes (Go, the web SDK, opentdf-rs). No public "
                + "implementation computes the GMAC the spec text describes."),
        .bindingGmacTag: .init(
            bugType: .interop,
            description:
                "'GMAC' mode as OpenTDFKit HEAD writes it: the first 8 bytes of an AES-GCM tag under the payload key with a 12-byte zero "
                + "nonce, no plaintext and the policy body (length included) as AAD. At the app's pin the nonce is random and not "
                + "stored, so such bindings cannot be verified; arkavo-rs rejects every 'GMAC' binding (it expects 16 bytes)."),
        .ecdsaFixed: .init(
            bugType: .interop,
            description: "ECDSA binding as the spec examples: ECDSA-SHA256 by the ephemeral key, fixed-width r||s of the curve."),
        .ecdsaGo: .init(
            bugType: .interop,
            description:
                "ECDSA binding as the Go SDK writes it: len(r)||r||len(s)||s with minimal integers. Go reads the first byte of a "
                + "fixed-width binding as a length and the spec's readers read 64 bytes, so neither reads the other's containers."),
        .arkavoL1M: .init(
            bugType: .legacy,
            description:
                "L1M (v13): the salt is SHA-256(\"L1M\") (opentdf-rs salt.rs, OpenTDFKit since a93a044). OpenTDFKit before a93a044 and "
                + "the app after a rewrap use the raw bytes \"L1M\" with info \"encryption\"; OpenTDFKit at the pin derives its own v13 "
                + "keys with SHA-256(\"L1L\"), so it cannot decrypt what it writes."),
        .policyEncryption: .init(
            bugType: .interop,
            description:
                "Types 2 and 3: the policy is encrypted with IV 000000 under the payload's convention and stored as ciphertext then a "
                + "tag of the cipher's length (Go and the web SDK: 12-byte zero nonce, tag kept). OpenTDFKit discards the tag, so Go's "
                + "KAS cannot decrypt its policies. No public vector confirms the spec-iv24 reading for the policy."),
        .keyAccessPolicy: .init(
            bugType: .functionality,
            description:
                "Type 3: the policy key comes from ECDH between the policy key access ephemeral key and the KAS key, with the same "
                + "salt; no public SDK writes type 3 (opentdf-rs parses it with a fixed 33-byte key)."),
        .secp256k1: .init(
            bugType: .functionality,
            description: "secp256k1: the Go SDK accepts only secp256r1 and OpenTDFKit has no secp256k1; opentdf-rs supports it."),
        .truncatedTag: .init(
            bugType: .functionality,
            description:
                "A tag shorter than 16 bytes is the leftmost bytes of the full tag; opentdf-rs (RustCrypto) has no 64-bit tags unless "
                + "built with nanotdf-mbedtls."),
        .remotePolicy: .init(bugType: .functionality, description: "Policy type 0: the binding covers the serialized locator."),
        .signed: .init(
            bugType: .functionality,
            description:
                "Creator signature: ECDSA-SHA256 over header (with HAS_SIGNATURE set) and payload. OpenTDFKit signs before setting the "
                + "bit, so its signatures do not verify; it has no verifier."),
        .sharedDirectory: .init(bugType: .interop, description: "KAS locator protocol 0xF (shared resource directory)."),
        .keyIdentifier: .init(bugType: .interop, description: "A 2-, 8- or 32-byte key identifier after the KAS locator body."),
        .emptyPlaintext: .init(
            bugType: .edgeCase, description: "No plaintext: OpenTDFKit at the app's pin refuses the 0-length read and cannot parse it."),
        .longPolicy: .init(
            bugType: .edgeCase, description: "Policy content over 255 bytes (up to 65535): the v1alpha draft caps it at 255."),
        .tagModified: .init(bugType: .basic, description: "A changed tag, ciphertext or IV must not authenticate."),
        .wrongConvention: .init(
            bugType: .interop, description: "An explicit IV convention other than the one the container was made with must fail."),
        .wrongKey: .init(bugType: .basic, description: "Another key of the right curve derives another key: the tag fails."),
        .keyCurve: .init(bugType: .basic, description: "A private key of another curve than the container's is refused."),
        .offCurve: .init(
            bugType: .modifiedParameter,
            description:
                "A public key that is not a point of the curve is refused before ECDH (invalid-curve attacks). The one key the "
                + "payload does not depend on, a type-3 policy's key access key, makes only the policy unreadable: decrypt "
                + "answers with policyPlaintext null."),
        .badKey: .init(bugType: .basic, description: "A private key that cannot be read or is not in 1..n-1."),
        .parseRefusal: .init(bugType: .basic, description: "A container the parser refuses is refused with the parser's class."),
        .reservedIV: .init(bugType: .edgeCase, description: "Payload IV 000000 is reserved for the policy."),
        .bindingMismatch: .init(
            bugType: .missingStep,
            description: "The binding does not match the policy: reported as bindingVerified false (a KAS must then refuse to rewrap)."),
        .badSignature: .init(bugType: .missingStep, description: "The creator signature does not verify: signatureVerified false."),
        .openTDFKitSignature: .init(
            bugType: .knownBug,
            description:
                "OpenTDFKit's addSignatureToNanoTDF signs header and payload before setting HAS_SIGNATURE and the signature curve, "
                + "so none of its signatures verify against the bytes it emits (FINDINGS.md)."),
        .openTDFKitPolicyTag: .init(
            bugType: .knownBug,
            description:
                "OpenTDFKit encrypts the policy with a 12-byte zero nonce and drops the GCM tag, so a KAS (Go's extractNanoPolicy) "
                + "cannot authenticate or decrypt its policies; a reader must report, not crash (FINDINGS.md)."),
        .badParameter: .init(bugType: .basic, description: "Encryption parameters the format cannot carry are refused."),
    ]
}
