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
}
