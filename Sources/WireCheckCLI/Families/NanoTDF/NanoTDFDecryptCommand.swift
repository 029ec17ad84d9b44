import ArgumentParser
import ConformanceKit
import Foundation
import KASService
import NanoTDF
import NanoTDFConformance
import WireCore

/// `wirecheck nanotdf decrypt`: a container and the KAS private key in, the plaintext out.
struct NanoTDFDecryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Decrypt a NanoTDF with the KAS private key or through a KAS; report the IV convention, binding and signature.",
        discussion: """
            FILE is the container (binary or hex; - for standard input). The key file holds the KAS private key as PEM, \
            PKCS#8 or SEC1 DER, or hex of DER or of a raw scalar of the container's curve. The plaintext goes to --out \
            (default: standard output); what was found goes to standard error, or with --json to standard output \
            (the shim's nanotdf.decrypt result, plaintext hex).
            --iv-convention auto (the default) tries zero-prefix, spec-iv24 and zero-suffix and says which one \
            authenticated. With --kas ws://HOST:PORT/ws instead of --key, the payload key comes from an Arkavo KAS \
            (`wirecheck serve kas`, arkavo-rs): key exchange, rewrap of the header, unwrap under --era, or by default \
            under each era until the key opens the payload. With --kas http://HOST:PORT it comes from an OpenTDF KAS \
            (`wirecheck serve kas`, an OpenTDF platform that still serves NanoTDF): a bearer token by client credentials \
            (--client-id, --client-secret; or --token), then kas.AccessService/Rewrap with an EC client key, the \
            request token signed under a DPoP key. The two read different policies: an Arkavo KAS an Arkavo Metadata \
            FlatBuffer (nanotdf encrypt --policy-file), an OpenTDF KAS JSON. Through a KAS an encrypted policy is not opened. A Go \
            length-prefixed ECDSA binding is read when the spec's fixed-width form does not parse.
            Exit 0 when the payload decrypts and the binding (and the signature, when there is one) verify; 1 when \
            the container or the tag is refused, or when the binding or signature does not verify (the plaintext is \
            still written then); 2 when a file or the key cannot be read.
            Example:
              wirecheck nanotdf decrypt Examples/spec-example-1.ntdf --key Examples/spec-example-1-recipient.pem
              wirecheck nanotdf decrypt arkavo.ntdf --kas ws://127.0.0.1:8080/ws
              wirecheck nanotdf decrypt opentdf.ntdf --kas http://127.0.0.1:8080
            """)

    @Argument(help: "The container file, or - for standard input.") var file: String
    @Option(help: "The KAS private key file.") var key: String?
    @Option(help: "A KAS to rewrap the key (instead of --key): ws://HOST:PORT/PATH (Arkavo) or http://HOST:PORT (OpenTDF).")
    var kas: String?
    @Option(help: "With --kas ws://: the KAS's rewrap era, a, b or c (default: each until one opens the payload).") var era: String?
    @Option(help: "With --kas: an X-Auth-Token for the upgrade, or the OpenTDF bearer token (- reads it from standard input).")
    var token: String?
    @Option(help: "With --kas http:// and no --token: the client-credentials id.") var clientId = "opentdf"
    @Option(help: "With --kas http:// and no --token: the client secret (- reads it from standard input).") var clientSecret = "secret"
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
        let result: Decryption
        if let kas {
            guard key == nil else { throw ValidationError("give --key or --kas, not both") }
            guard let decrypted = try decryptThroughKAS(container, kas: kas, convention: convention) else { return }
            result = decrypted
        } else {
            guard let key else { throw ValidationError("give the KAS private key (--key FILE) or a KAS (--kas URL)") }
            let privateKey = try NanoTDFFiles.privateKey(key, curve: container.header.curve)
            do {
                result = try container.decrypt(with: privateKey, ivConvention: convention)
            } catch {
                try refuse(error.code, error.description, offset: error.offset)
                return
            }
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

    /// The decryption with the payload key a KAS rewraps; nil when refused (said already).
    func decryptThroughKAS(_ container: Container, kas: String, convention: IVConvention?) throws -> Decryption? {
        guard let parsed = URLComponents(string: kas), ["ws", "http"].contains(parsed.scheme?.lowercased() ?? ""), let host = parsed.host
        else { throw ValidationError("--kas must be ws://HOST:PORT/PATH or http://HOST:PORT (no TLS), got \(kas)") }
        let origin = "http://\(host)" + (parsed.port.map { ":\($0)" } ?? "")
        if parsed.scheme?.lowercased() == "http" {
            let key: [UInt8]
            do {
                var client = try OpenTDFKASClient(baseURL: origin)
                if let token {
                    client.bearer = try tokenArgument(token)
                } else {
                    try client.authenticate(clientID: clientId, clientSecret: clientSecret == "-" ? try tokenArgument("-") : clientSecret)
                }
                key = try client.payloadKey(for: container)
            } catch let error as OpenTDFKASClientError {
                throw exitHarness(error.description)
            }
            return try decryption(container, key: key, convention: convention, source: "the OpenTDF KAS")
        }
        let chosenEra = try era.map { name in
            guard let era = ArkavoKASEra(rawValue: name.lowercased()) else { throw ValidationError("--era must be a, b or c, got \(name)") }
            return era
        }
        let path = parsed.path.isEmpty || parsed.path == "/" ? "/ws" : parsed.path
        let headers = try token.map { [("X-Auth-Token", try tokenArgument($0))] } ?? []
        let found: (key: [UInt8], era: ArkavoKASEra)
        do {
            found = try ArkavoKASClient.payloadKey(for: container, baseURL: origin, path: path, headers: headers, era: chosenEra)
        } catch {
            throw exitHarness("\(error)")
        }
        return try decryption(container, key: found.key, convention: convention, source: "the KAS (era \(found.era.rawValue))")
    }

    /// The payload opened with `key` from `source`; nil when it does not open (refused, said already).
    func decryption(_ container: Container, key: [UInt8], convention: IVConvention?, source: String) throws -> Decryption? {
        guard let (plaintext, used) = container.openPayload(payloadKey: key, ivConvention: convention) else {
            try refuse("authentication-failed", "the payload does not open with the key \(source) rewrapped", offset: nil)
            return nil
        }
        return Decryption(
            plaintext: plaintext, ivConvention: used, bindingVariant: container.verifyBinding(payloadKey: key),
            signatureVerified: container.verifySignature(), policyPlaintext: nil)
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
