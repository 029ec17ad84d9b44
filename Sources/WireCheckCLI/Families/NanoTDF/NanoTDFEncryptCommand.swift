import ArgumentParser
import ConformanceKit
import Foundation
import NanoTDF
import NanoTDFConformance
import WireCore

/// `wirecheck nanotdf encrypt`: a plaintext and a KAS public key in, a container out.
struct NanoTDFEncryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encrypt",
        abstract: "Make a NanoTDF container: ECDH with the KAS key, policy, binding, payload and optional signature.",
        discussion: """
            FILE is the plaintext (- for standard input). --kas-key is the KAS public key as hex of a compressed point, \
            or a private key file whose public half is used. The ephemeral key and the IV are random unless given; \
            --params FILE instead takes every parameter from a JSON object in the form of the shim's nanotdf.encrypt \
            arguments (a vector case's input), which reproduces that case's container byte for byte.
            Defaults are what deployed writers emit: L1L, AES-256-GCM-96, IV convention zero-prefix, an embedded \
            plaintext policy bound with sha256-tail. Policy type 3 (key access) is available through --params only.
            Exit 0 when written, 1 when the parameters cannot be encoded (the class and reason on standard error), \
            2 when a file cannot be read.
            Examples:
              echo -n hello | wirecheck nanotdf encrypt - --kas-key Examples/spec-example-1-recipient.pem \\
                --kas https://kas.example.com --policy '{"body":{}}' --out hello.ntdf
              wirecheck nanotdf encrypt --params case-input.json --out case.ntdf
              echo '{"created": 1731500000}' | wirecheck arkavo metadata - --from-json --out policy.bin
              echo -n hello | wirecheck nanotdf encrypt - --kas-key kas.pem --policy-file policy.bin --out arkavo.ntdf
            """)

    @Argument(help: "The plaintext file, or - for standard input (not read with --params).") var file: String?
    @Option(help: "JSON file of nanotdf.encrypt arguments; replaces every other option.") var params: String?
    @Option(help: "KAS public key: hex of a compressed point, or a private key file.") var kasKey: String?
    @Option(help: "KAS URL (http:// or https://), or a bare name for the shared resource directory.") var kas = "https://kas.example.com"
    @Option(help: "KAS key identifier, hex of 0, 2, 8 or 32 bytes.") var kasIdentifier = ""
    @Option(help: "The curve, when --kas-key is a bare point (default secp256r1).") var curve: Curve?
    @Option(help: "Tag bits: 64, 96, 104, 112, 120 or 128.") var cipher = 96
    @Option(help: "remote, embedded-plaintext or embedded-encrypted.") var policyType = "embedded-plaintext"
    @Option(help: "The policy: content for embedded types, a URL for remote.") var policy = #"{"body":{"dataAttributes":[]}}"#
    @Option(
        help: """
            Read an embedded policy's bytes from this file instead of --policy: an Arkavo KAS (arkavo-rs, `wirecheck serve \
            kas` over /ws) takes only an Arkavo Metadata FlatBuffer, made by `wirecheck arkavo metadata --from-json … --out`.
            """) var policyFile: String?
    @Option(help: "sha256-tail, gmac-tag, ecdsa-fixed or ecdsa-go.") var binding = BindingVariant.sha256Tail
    @Option(help: "zero-prefix, spec-iv24 or zero-suffix.") var ivConvention = IVConvention.zeroPrefix
    @Option(help: "The payload IV, 3 bytes hex (random non-zero by default).") var iv: String?
    @Option(help: "The ephemeral private key file (random by default).") var ephemeralKey: String?
    @Option(help: "Sign with this private key file (its curve is the signature curve).") var signKey: String?
    @Flag(help: "Write L1M (v13, Arkavo) with the KAS key in the header.") var l1m = false
    @Option(help: "Where to write the container (- for standard output).") var out = "-"
    @Flag(help: "Print {\"container\": hex} on standard output instead.") var json = false

    func run() throws {
        let parameters = try params.map(parametersFromJSON) ?? parametersFromOptions()
        do throws(NanoTDFCryptoError) {
            let bytes = try Container.encrypt(parameters).bytes
            if json {
                JSONOutput.print(["ok": true, "container": .string(Hex.encode(bytes))])
            } else {
                try? NanoTDFFiles.write(bytes, to: out)
                if out != "-" { Console().message("wrote \(bytes.count) bytes to \(out)") }
            }
        } catch {
            if json { JSONOutput.print(.object(JSONOutput.refusal(error))) }
            Console().message("refused: \(error.code): \(error.description)")
            throw ExitCode(1)
        }
    }

    func parametersFromJSON(_ path: String) throws -> EncryptionParameters {
        guard let object = (try? JSONParser.parse(Array(try readFile(path))))?.objectValue else {
            throw exitHarness("\(path) is not a JSON object of nanotdf.encrypt arguments")
        }
        do {
            return try NanoTDFCryptoJSON.parameters(object)
        } catch {
            throw exitHarness("\(path): \(error)")
        }
    }

    func parametersFromOptions() throws -> EncryptionParameters {
        guard let kasKey else { throw ValidationError("--kas-key is required (or --params)") }
        guard let file else { throw ValidationError("the plaintext FILE is required (or --params)") }
        let (keyCurve, kasPublicKey) = try NanoTDFFiles.publicKey(kasKey, curve: curve)
        let curve = keyCurve ?? curve ?? .secp256r1
        guard let cipher = Cipher.allCases.first(where: { $0.tagBits == self.cipher }) else {
            throw ValidationError("--cipher is one of \(Cipher.allCases.map { String($0.tagBits) }.joined(separator: ", "))")
        }
        let content = try policyFile.map { Array(try readFile($0)) } ?? Array(policy.utf8)
        if policyFile != nil && policyType == "remote" { throw ValidationError("--policy-file is for embedded policies") }
        let policyContent: PolicyContent
        switch policyType {
        case "remote": policyContent = .remote(try Self.locator(policy))
        case "embedded-plaintext": policyContent = .embeddedPlaintext(content)
        case "embedded-encrypted": policyContent = .embeddedEncrypted(content)
        default: throw ValidationError("--policy-type is remote, embedded-plaintext or embedded-encrypted")
        }
        var locator = try Self.locator(kas)
        guard let identifier = try? Hex.decode(kasIdentifier) else { throw ValidationError("--kas-identifier is not hex") }
        locator.identifier = identifier
        var ivBytes = (0..<3).map { _ in UInt8.random(in: 0...255) }
        ivBytes[2] |= 1
        if let iv {
            guard let decoded = try? Hex.decode(iv) else { throw ValidationError("--iv is not hex") }
            ivBytes = decoded
        }
        return EncryptionParameters(
            version: l1m ? .l1m : .l1l, kas: locator, kasPublicKey: kasPublicKey, cipher: cipher, policy: policyContent,
            bindingVariant: binding,
            ephemeralKey: try ephemeralKey.map { try NanoTDFFiles.privateKey($0, curve: curve) } ?? .generate(curve),
            iv: ivBytes, ivConvention: ivConvention, plaintext: try NanoTDFFiles.raw(file),
            signingKey: try signKey.map { try NanoTDFFiles.privateKey($0, curve: nil) })
    }

    /// `https://host/path` → https + `host/path`; no scheme → the shared resource directory.
    static func locator(_ url: String) throws -> ResourceLocator {
        for (scheme, code) in [("http://", UInt8(0)), ("https://", UInt8(1))] where url.hasPrefix(scheme) {
            return ResourceLocator(protocolCode: code, body: Array(url.dropFirst(scheme.count).utf8))
        }
        return ResourceLocator(protocolCode: 0xF, body: Array(url.utf8))
    }
}
