import ConformanceKit
import NanoTDF
import WireCore

/// The `nanotdf.*` shim operations over the NanoTDF module (containers hex).
enum NanoTDFOperations {
    static let all: [ShimOperation] = [
        NanoTDFParseSuite.parseHeader.operation { args throws(ShimError) in
            let bytes = try args.hex("container")
            do throws(NanoTDFError) {
                let (header, length) = try Container.parseHeader(bytes)
                return NanoTDFJSON.header(header, length: length)
            } catch {
                throw ShimError(error)
            }
        },
        NanoTDFParseSuite.parse.operation { args throws(ShimError) in
            let bytes = try args.hex("container")
            do throws(NanoTDFError) {
                let container = try Container.parse(bytes)
                return NanoTDFJSON.container(container, headerLength: container.header.bytes.count)
            } catch {
                throw ShimError(error)
            }
        },
    ]

    /// `nanotdf.decrypt` and `nanotdf.encrypt`.
    static let crypto: [ShimOperation] = [
        NanoTDFCryptoSuite.decrypt.operation { args throws(ShimError) in
            let bytes = try args.hex("container")
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
            let container: Container
            do throws(NanoTDFError) {
                container = try Container.parseEitherBindingForm(bytes)
            } catch {
                throw ShimError(error)
            }
            let keyBytes = try args.hex("privateKey")
            do throws(NanoTDFCryptoError) {
                let key = try PrivateKey(reading: keyBytes, curve: container.header.curve)
                return NanoTDFCryptoJSON.decryption(try container.decrypt(with: key, ivConvention: convention))
            } catch {
                throw ShimError(error)
            }
        },
        NanoTDFCryptoSuite.encrypt.operation { args throws(ShimError) in
            let parameters = try NanoTDFCryptoJSON.parameters(args)
            do throws(NanoTDFCryptoError) {
                return ["container": .string(Hex.encode(try Container.encrypt(parameters).bytes))]
            } catch {
                throw ShimError(error)
            }
        },
    ]
}
