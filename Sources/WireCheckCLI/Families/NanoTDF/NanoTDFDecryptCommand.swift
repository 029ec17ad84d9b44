import ArgumentParser
import ConformanceKit
import Foundation
import NanoTDF
import NanoTDFConformance
import WireCore

/// `wirecheck nanotdf decrypt`: a container and the KAS private key in, the plaintext out.
struct NanoTDFDecryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Decrypt a NanoTDF container with the KAS private key; report the IV convention, binding and signature.",
        discussion: """
            FILE is the container (binary or hex; - for standard input). The key file holds the KAS private key as PEM, \
            PKCS#8 or SEC1 DER, or hex of DER or of a raw scalar of the container's curve. The plaintext goes to --out \
            (default: standard output); what was found goes to standard error, or with --json to standard output \
            (the shim's nanotdf.decrypt result, plaintext hex).
            --iv-convention auto (the default) tries zero-prefix, spec-iv24 and zero-suffix and says which one \
            authenticated. A Go length-prefixed ECDSA binding is read when the spec's fixed-width form does not parse.
            Exit 0 when the payload decrypts and the binding (and the signature, when there is one) verify; 1 when \
            the container or the tag is refused, or when the binding or signature does not verify (the plaintext is \
            still written then); 2 when a file or the key cannot be read.
            Example:
              wirecheck nanotdf decrypt Examples/spec-example-1.ntdf --key Examples/spec-example-1-recipient.pem
            """)

    @Argument(help: "The container file, or - for standard input.") var file: String
    @Option(help: "The KAS private key file.") var key: String
    @Option(help: "auto, zero-prefix, spec-iv24 or zero-suffix.") var ivConvention = "auto"
    @Option(help: "Where to write the plaintext (- for standard output).") var out = "-"
    @Flag(help: "Print the result as JSON on standard output (plaintext hex; --out is ignored).") var json = false

    func run() throws {
        let convention: IVConvention?
        if ivConvention == "auto" {
            convention = nil
        } else if let named = IVConvention(rawValue: ivConvention) {
            convention = named
        } else {
            throw ValidationError("--iv-convention is auto, \(IVConvention.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let bytes = try NanoTDFFiles.container(file)
        let container: Container
        do {
            container = try Container.parseEitherBindingForm(bytes)
        } catch {
            try refuse(error.code, error.description, offset: error.offset)
            return
        }
        let privateKey = try NanoTDFFiles.privateKey(key, curve: container.header.curve)
        let result: Decryption
        do {
            result = try container.decrypt(with: privateKey, ivConvention: convention)
        } catch {
            try refuse(error.code, error.description, offset: error.offset)
            return
        }
        let verified = result.bindingVerified && result.signatureVerified != false
        if json {
            var object = NanoTDFCryptoJSON.decryption(result)
            object["ok"] = .bool(verified)
            JSONOutput.print(.object(object))
        } else {
            try NanoTDFFiles.write(result.plaintext, to: out)
            Console().message(NanoTDFVerifyCommand.summary(container: container, result: result))
        }
        if !verified { throw ExitCode(1) }
    }

    func refuse(_ code: String, _ message: String, offset: Int?) throws {
        if json {
            var error: JSONObject = ["code": .string(code), "message": .string(message)]
            if let offset { error["offset"] = .int(Int64(offset)) }
            JSONOutput.print(["ok": false, "error": .object(error)])
        } else {
            Console().message("refused: \(code): \(message)")
        }
        throw ExitCode(1)
    }
}
