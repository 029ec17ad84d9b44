import ArgumentParser
import ConformanceKit
import Foundation
import NanoTDF
import WireCore

/// `wirecheck nanotdf verify`: the policy binding and the creator signature, with or without a key.
struct NanoTDFVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a NanoTDF container's policy binding and creator signature.",
        discussion: """
            Without a key, ECDSA bindings (fixed-width or Go form), sha256-tail bindings and the creator signature are \
            checked: they need only the container. With --key (the KAS private key) the payload is decrypted too, so \
            gmac-tag bindings and the payload tag are checked as well.
            Exit 0 when the binding and the signature (if any) verify, 1 when either does not or the container is \
            refused, 2 when a file cannot be read.
            Example:
              wirecheck nanotdf verify Examples/spec-example-1.ntdf --json
            """)

    @Argument(help: "The container file, or - for standard input.") var file: String
    @Option(help: "The KAS private key file (optional).") var key: String?
    @Flag(help: "Print the result as JSON on standard output.") var json = false

    func run() throws {
        let bytes = try NanoTDFFiles.container(file)
        let container: Container
        do {
            container = try Container.parseEitherBindingForm(bytes)
        } catch {
            report(JSONOutput.refusal(error, offset: error.offset))
            throw ExitCode(1)
        }
        var object: JSONObject = [:]
        var variant = container.verifyBinding()
        let signature = container.verifySignature()
        if let key {
            let privateKey = try NanoTDFFiles.privateKey(key, curve: container.header.curve)
            do {
                let result = try container.decrypt(with: privateKey)
                variant = result.bindingVariant
                object["ivConvention"] = .string(result.ivConvention.rawValue)
            } catch {
                object["ok"] = false
                object["error"] = ["code": .string(error.code), "message": .string(error.description)]
                report(object)
                throw ExitCode(1)
            }
        }
        let ok = variant != nil && signature != false
        object["ok"] = .bool(ok)
        object["bindingVerified"] = .bool(variant != nil)
        object["bindingVariant"] = variant.map { .string($0.rawValue) } ?? .null
        object["signatureVerified"] = signature.map { .bool($0) } ?? .null
        if !ok && variant == nil && key == nil && !container.header.ecdsaBinding {
            object["note"] = "a gmac-tag binding needs the payload key: pass --key"
        }
        report(object)
        if !ok { throw ExitCode(1) }
    }

    func report(_ object: JSONObject) {
        if json {
            JSONOutput.print(.object(object))
            return
        }
        let binding = object["bindingVariant"]?.stringValue.map { "binding \($0) verified" } ?? "binding NOT verified"
        let signature =
            switch object["signatureVerified"] {
            case .bool(true): "signature verified"
            case .bool(false): "signature NOT verified"
            default: "unsigned"
            }
        if let error = object["error"] {
            Console().message("refused: \(error["code"]?.stringValue ?? ""): \(error["message"]?.stringValue ?? "")")
        } else {
            Console().message("\(binding), \(signature)" + (object["note"]?.stringValue.map { " (\($0))" } ?? ""))
        }
    }

    /// One line on what decryption found.
    static func summary(container: Container, result: Decryption) -> String {
        let binding = result.bindingVariant.map { "binding \($0.rawValue) verified" } ?? "binding NOT verified"
        let signature =
            switch result.signatureVerified {
            case true: "signature verified"
            case false: "signature NOT verified"
            case nil: "unsigned"
            }
        return "decrypted \(result.plaintext.count) bytes (\(container.header.curve.name), IV \(result.ivConvention.rawValue)), "
            + "\(binding), \(signature)"
    }
}
