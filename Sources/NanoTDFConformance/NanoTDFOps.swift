import ConformanceKit
// Re-exported: the types of the builders' functions, so one import does.
@_exported import NanoTDF
import WireCore

/// The `nanotdf.*` ops as typed functions over the NanoTDF module's types, for `WireCheckTesting`'s
/// `OpSet`: you write the function, the builder reads the case's arguments (hex to bytes) and writes
/// the result the vectors compare. Throw `ShimError(code:)` with the vectors' error class to refuse.
/// The reference implementation is built the same way.
public enum NanoTDFOps {
    /// `nanotdf.parseHeader`: the header of `container` and its length in bytes.
    public static func parseHeader(
        _ parse: @escaping @Sendable (_ container: [UInt8]) throws(ShimError) -> (header: Header, length: Int)
    ) -> ShimOperation {
        NanoTDFParseSuite.parseHeader.operation { args throws(ShimError) in
            let (header, length) = try parse(try args.hex("container"))
            return NanoTDFJSON.header(header, length: length)
        }
    }

    /// `nanotdf.parse`: the whole container.
    public static func parse(_ parse: @escaping @Sendable (_ container: [UInt8]) throws(ShimError) -> Container) -> ShimOperation {
        NanoTDFParseSuite.parse.operation { args throws(ShimError) in
            let container = try parse(try args.hex("container"))
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
            let convention: IVConvention?
            switch args["ivConvention"]?.stringValue {
            case nil, "auto": convention = nil
            case let name?:
                guard let named = IVConvention(rawValue: name) else {
                    throw NanoTDFCryptoJSON.badRequest(
                        "ivConvention \(name) is not auto or one of \(IVConvention.allCases.map(\.rawValue))")
                }
                convention = named
            }
            return NanoTDFCryptoJSON.decryption(try decrypt(try args.hex("container"), try args.hex("privateKey"), convention))
        }
    }

    /// `nanotdf.encrypt`: the container's bytes for `parameters` (every random input is in them).
    public static func encrypt(_ encrypt: @escaping @Sendable (_ parameters: EncryptionParameters) throws(ShimError) -> [UInt8])
        -> ShimOperation
    {
        NanoTDFCryptoSuite.encrypt.operation { args throws(ShimError) in
            ["container": .string(Hex.encode(try encrypt(try NanoTDFCryptoJSON.parameters(args))))]
        }
    }
}
