import ConformanceKit
// Re-exported: the types of the builders' functions, so one import does.
@_exported import NanoTDF
import WireCore

/// The `nanotdf.*` ops: a typed builder per op, and the reference table made of them.
///
/// A builder takes a function over the NanoTDF module's types, reads the case's arguments through the
/// declared fields (`NanoTDFFields`) and writes the result the vectors compare; `WireCheckTesting`
/// users give it their own function (throw `ShimError(code:)` with the vectors' error class to refuse).
public enum NanoTDFOps {
    typealias F = NanoTDFFields

    /// `nanotdf.parseHeader`: the header of `container` and its length in bytes.
    public static func parseHeader(
        _ parse: @escaping @Sendable (_ container: [UInt8]) throws(ShimError) -> (header: Header, length: Int)
    ) -> ShimOperation {
        NanoTDFParseSuite.parseHeader.operation { args throws(ShimError) in
            let (header, length) = try parse(try args.read(F.container))
            return NanoTDFJSON.header(header, length: length)
        }
    }

    /// `nanotdf.parse`: the whole container.
    public static func parse(_ parse: @escaping @Sendable (_ container: [UInt8]) throws(ShimError) -> Container) -> ShimOperation {
        NanoTDFParseSuite.parse.operation { args throws(ShimError) in
            let container = try parse(try args.read(F.container))
            return NanoTDFJSON.container(container, headerLength: container.header.bytes.count)
        }
    }

    /// `nanotdf.decrypt`: `container` opened with `privateKey` (PEM, DER or raw scalar bytes) under
    /// `ivConvention` (nil: try each, as `auto`).
    public static func decrypt(
        _ decrypt:
            @escaping @Sendable (_ container: [UInt8], _ privateKey: [UInt8], _ ivConvention: IVConvention?) throws(ShimError)
            -> Decryption
    ) -> ShimOperation {
        NanoTDFCryptoSuite.decrypt.operation { args throws(ShimError) in
            let convention = try args.readIfPresent(F.ivConventionChoice) ?? nil
            return NanoTDFCryptoJSON.decryption(try decrypt(try args.read(F.container), try args.read(F.privateKey), convention))
        }
    }

    /// `nanotdf.encrypt`: the container's bytes for `parameters` (every random input is in them).
    public static func encrypt(_ encrypt: @escaping @Sendable (_ parameters: EncryptionParameters) throws(ShimError) -> [UInt8])
        -> ShimOperation
    {
        NanoTDFCryptoSuite.encrypt.operation { args throws(ShimError) in
            JSONObject(F.container(try encrypt(try NanoTDFCryptoJSON.parameters(args))))
        }
    }

    /// The reference: every op reads an ECDSA-bound container in either binding form (the spec's fixed
    /// width, or Go's length-prefixed `r`/`s`), as `wirecheck nanotdf inspect` does, so parse and
    /// decrypt agree on what is a container.
    public static let reference = OpTable(name: ReferenceShim.name, [
        parseHeader { bytes throws(ShimError) in
            do throws(NanoTDFError) {
                return try Container.parseHeaderEitherBindingForm(bytes)
            } catch {
                throw ShimError(error)
            }
        },
        parse { bytes throws(ShimError) in
            do throws(NanoTDFError) {
                return try Container.parseEitherBindingForm(bytes)
            } catch {
                throw ShimError(error)
            }
        },
        decrypt { bytes, keyBytes, convention throws(ShimError) in
            let container: Container
            do throws(NanoTDFError) {
                container = try Container.parseEitherBindingForm(bytes)
            } catch {
                throw ShimError(error)
            }
            do throws(NanoTDFCryptoError) {
                return try container.decrypt(
                    with: try PrivateKey(reading: keyBytes, curve: container.header.curve), ivConvention: convention)
            } catch {
                throw ShimError(error)
            }
        },
        encrypt { parameters throws(ShimError) in
            do throws(NanoTDFCryptoError) {
                return try Container.encrypt(parameters).bytes
            } catch {
                throw ShimError(error)
            }
        },
    ])
}
