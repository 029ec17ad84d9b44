import ArgumentParser
import Foundation
import KASService
import Logging
import MockServers
import NanoTDF
import WireCore

/// `wirecheck serve kas`: the mock KAS in the foreground.
struct ServeKASCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kas",
        abstract: "The mock KAS for NanoTDF clients: the Arkavo WebSocket rewrap at /ws and the OpenTDF KAS (Connect and REST).",
        discussion: """
            Binary frames: 0x01 the client's P-256 key (answered with the server's key and a 32-byte salt), 0x02 the KAS \
            public key, 0x03 a NanoTDF header to rewrap (answered 0x04: the header's ephemeral key, a nonce, the wrapped \
            key and its tag, 94 bytes; or the ephemeral key alone, DENY, when the policy binding does not verify); what \
            the protocol refuses is a 0xFF JSON error. As arkavo-rs, it takes a remote policy or an embedded Arkavo \
            Metadata FlatBuffer (wirecheck arkavo metadata --from-json, then nanotdf encrypt --policy-file), refuses \
            a JSON or text policy, an encrypted one and a remote one over HTTP(S) (invalid_format), and holds a rating \
            to its content-rating contract for kids (policy_denied). --era picks arkavo-rs's rewrap crypto: a (the Arkavo app at \
            774f352), b, or c (arkavo-rs HEAD). The KAS key is a P-256 PEM file, created 0600 when missing and never \
            printed; its public key is printed. Upgrades need no token.
            The OpenTDF KAS (spec section 9.5, as opentdf/platform served NanoTDF before removing it): Connect RPC \
            kas.AccessService/PublicKey and /Rewrap (application/proto or application/json) and their REST forms GET \
            /kas/v2/kas_public_key and POST /kas/v2/rewrap, with GET /.well-known/opentdf-configuration and a \
            client-credentials token endpoint at POST /auth/token (client opentdf, secret secret) so an SDK needs no \
            identity provider. A rewrap needs that bearer token and a signed request token asking for ec:secp256r1 with \
            the NanoTDF header; with a DPoP proof the token must be signed by the proof's key. The key is wrapped for an \
            EC client key (HKDF salt SHA-256("L1L"), AES-GCM) or an RSA one (OAEP SHA-1). The EC key's kid is e1.
            Stop it with Ctrl-C.
            Examples:
              wirecheck serve kas --port 8080
              wirecheck serve kas --era a --kas-key kas.pem
              wirecheck serve kas --port 0 --fault short-rewrap
            """)

    @Option(help: "Address to bind.") var host = "127.0.0.1"
    @Option(help: "Port (0 picks a free one).") var port = 8080
    @Option(help: "The rewrap crypto of arkavo-rs's era: a, b or c.") var era = "c"
    @Option(help: "The KAS's P-256 private key (PEM, PKCS#8); created 0600 when missing.") var kasKey = "wirecheck-kas-key.pem"
    @Option(
        help: """
            Misbehave for a client's failure tests (repeatable): deny-all, short-rewrap (93-byte 0x04), ignore-binding, slow \
            (every answer 2 s late), drop-after-key-exchange, error-invalid-format, error-policy-denied, error-crypto-error, \
            error-server-error (every 0x03 answered with that 0xFF error), expired-access-token (tokens that are refused at once), \
            skip-token-checks (any bearer and request token accepted).
            """)
    var fault: [String] = []
    @Option(
        help: """
            Refuse (0xFF policy_denied) a rewrap whose policy contains this text (over /ws a Metadata FlatBuffer; the \
            OpenTDF KAS also reads an encrypted policy, decrypted).
            """)
    var denyPolicy: String?
    @OptionGroup var timeoutOptions: ServerTimeoutOptions
    @Option(help: "Log level: debug, info, warning.") var logLevel = "info"

    func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else { throw ValidationError("--log-level must be debug, info or warning") }
        guard let era = ArkavoKASEra(rawValue: era.lowercased()) else { throw ValidationError("--era must be a, b or c, got \(era)") }
        var logger = Logger(label: "wirecheck.kas-mock")
        logger.logLevel = level
        let key: (key: NanoTDF.PrivateKey, created: Bool)
        do {
            key = try KASKeyFile.loadOrCreate(at: kasKey)
        } catch {
            throw exitHarness("cannot use the KAS key: \(error)")
        }
        var config = KASServiceConfig()
        config.host = host
        config.port = port
        config.era = era
        config.deniedPolicyText = denyPolicy.flatMap { $0.isEmpty ? nil : $0 }
        for name in fault {
            guard let fault = KASFault(rawValue: name) else {
                throw ValidationError(
                    "--fault must be one of \(KASFault.allCases.map(\.rawValue).joined(separator: ", ")), got \(name)")
            }
            config.faults.insert(fault)
        }
        let service = KASService(config: config, kasKey: key.key)
        let server = MockHTTPServer(service: service, logger: logger, handlesSignals: true, timeouts: timeoutOptions.timeouts)
        let keyNote = key.created ? "created \(kasKey)" : kasKey
        let faultNote = fault.isEmpty ? "" : "  faults: " + fault.joined(separator: ", ")
        do {
            try await server.run { [host] port in
                // Written unbuffered: a script reading the banner through a pipe gets it at once.
                let banner = """
                    Arkavo KAS mock on ws://\(host):\(port)/ws  era \(era.rawValue.uppercased())\(faultNote)
                    OpenTDF KAS mock on http://\(host):\(port)  (Connect and REST; client opentdf / secret; EC key kid e1)
                    KAS public key (P-256, compressed): \(Hex.encode(key.key.publicKey))  private key: \(keyNote)

                    """
                FileHandle.standardOutput.write(Data(banner.utf8))
            }
        } catch {
            let text = "\(error)"
            if text.contains("Address already in use") {
                throw exitHarness("cannot listen on \(host):\(port): the port is in use; pick another --port, or --port 0 for a free one")
            }
            throw exitHarness("the mock server stopped: \(text)")
        }
    }
}
