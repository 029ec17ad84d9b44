import ConformanceKit
import Crypto
import NanoTDF
import WireCore

/// The two published examples and the deterministic material the generated cases are made of.
package enum NanoTDFFixtures {
    static let spec = VectorFile.SpecReference(
        name: "NanoTDF (L1L v12; L1M v13 Arkavo extension)", version: "opentdf/spec 7a4ed26 (4.3.0); project decisions of the NanoTDF spec",
        url: "https://github.com/opentdf/spec/tree/main/schema/nanotdf")

    /// opentdf/spec section 6.1 (258 bytes: header 142, payload 19, signature 97).
    package static let specExample1 = try! Hex.decode(
        "4c314c010e6b61732e7669727472752e636f6d80800001156b61732e7669727472752e636f6d2f706f6c696379b5e413a60211e5f17b2234a0cd3f36"
            + "ff7bba6d8fe8df23f62c9d09356f8582f8a9cf15126c8a9da46c5e4e0cbcc8269719ac051b80625cc75403036ffb82871f02f77fbae52609dac5e8"
            + "ebf786e11b7aedd70f8980f9480c7e671cbaab8e2450920000109ebd091752268e03f9fd8014af7ccb0602d5cfb97f5524c5903f627362059336aa"
            + "71a4c2ee16d05b78340397e2ae071d2e9d9b8ae330ef7023ea5699b5204bbc7d568dfffa3ffa5357e1fcd290f31ad1ef62ce46f0d95df4316bcaf3"
            + "728d4f75cd1595010bf2042074ac94de2976ba02f3")
    /// opentdf/spec section 6.2 (197 bytes: header 151, payload 46; config 0x35).
    package static let specExample2 = try! Hex.decode(
        "4c314c010f6b61732e6578616d706c652e636f6d803500011d6b61732e6578616d706c652e636f6d2f706f6c6963792f61626364656661aa068d76"
            + "c20df3a563763398629f523072d086d44d4be66e2574e13bc32cc7022a4cdc7aa7efcba603c1983f8772ef1d10e82e0d4006f4bddd92787935667"
            + "303e8b33f449a73927713d4a4a2b4e5e9452e2f0534339d35911bdfa15ee18b3adb00002b50e49cfaab691852261b2d6360831acbd5f203fbef17f"
            + "946befec79ee5119ba092333b2c0eeacb9e2f8dc8")

    /// A real compressed point of `curve`, number `n`: NIST curves from a seeded scalar through
    /// swift-crypto, secp256k1 the generator G or 2G (published constants).
    package static func point(_ curve: Curve, _ n: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: 0x4E41_4E4F_0000 + n)
        switch curve {
        case .secp256r1:
            var scalar = random.bytes(32)
            scalar[0] &= 0x7F
            return Array(try! P256.KeyAgreement.PrivateKey(rawRepresentation: scalar).publicKey.compressedRepresentation)
        case .secp384r1:
            var scalar = random.bytes(48)
            scalar[0] &= 0x7F
            return Array(try! P384.KeyAgreement.PrivateKey(rawRepresentation: scalar).publicKey.compressedRepresentation)
        case .secp521r1:
            var scalar = random.bytes(66)
            scalar[0] &= 0x01
            return Array(try! P521.KeyAgreement.PrivateKey(rawRepresentation: scalar).publicKey.compressedRepresentation)
        case .secp256k1:
            return try! Hex.decode(
                n % 2 == 0
                    ? "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
                    : "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5")
        }
    }

    /// Seeded bytes standing in for ciphertext, tags, bindings and signatures (parsing does not check them).
    package static func filler(_ count: Int, _ n: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: 0x4649_4C4C + n)
        return random.bytes(count)
    }
}

extension NanoTDFFixtures {
    /// A private key of `curve`, number `n`: seeded bytes below the order (top bits cleared).
    static func privateKey(_ curve: Curve, _ n: UInt64) -> PrivateKey {
        var random = SeededRandom(seed: 0x5345_4352_0000 + n)
        var scalar = random.bytes(curve.signatureLength / 2)
        scalar[0] &= curve == .secp521r1 ? 0x01 : 0x7F
        scalar[scalar.count - 1] |= 1
        return try! PrivateKey(scalar: scalar, curve: curve)
    }
}
