import ConformanceKit
import NanoTDF
import WireCore

/// The `nanotdf.*` shim operations over the NanoTDF module (containers hex). Every op reads an
/// ECDSA-bound container in either binding form (the spec's fixed width, or Go's length-prefixed
/// `r`/`s`), as `wirecheck nanotdf inspect` does, so parse and decrypt agree on what is a container.
enum NanoTDFOperations {
    static let all: [ShimOperation] = [
        NanoTDFOps.parseHeader { bytes throws(ShimError) in
            do throws(NanoTDFError) {
                return try Container.parseHeaderEitherBindingForm(bytes)
            } catch {
                throw ShimError(error)
            }
        },
        NanoTDFOps.parse { bytes throws(ShimError) in
            do throws(NanoTDFError) {
                return try Container.parseEitherBindingForm(bytes)
            } catch {
                throw ShimError(error)
            }
        },
    ]

    /// `nanotdf.decrypt` and `nanotdf.encrypt`.
    static let crypto: [ShimOperation] = [
        NanoTDFOps.decrypt { bytes, keyBytes, convention throws(ShimError) in
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
        NanoTDFOps.encrypt { parameters throws(ShimError) in
            do throws(NanoTDFCryptoError) {
                return try Container.encrypt(parameters).bytes
            } catch {
                throw ShimError(error)
            }
        },
    ]
}
