import ArkavoWire
import ConformanceKit
import Foundation
import NanoTDF

/// `wirecheck check kas`: probes a running Arkavo KAS (arkavo-rs, or `wirecheck serve kas`) over its WebSocket, the
/// frames of NanoTDF spec section 13: the key exchange, the KAS key, the rewrap of NanoTDFs WireCheck makes for that key
/// in each binding form and both versions (unwrapped under each era until one opens, so the era is found, not
/// assumed) and with the KAS locators the spec allows, DENY for a tampered binding, and the error frames for an
/// embedded policy that is not a Metadata FlatBuffer, a header that does not parse (cut in its magic, or inside its
/// policy binding) and a rewrap before the key exchange. arkavo-rs's known weaknesses are findings (warnings), not
/// failures.
public final class KASLiveChecker: LiveCheckSession {
    /// What to check.
    public struct Options: Sendable {
        /// The server, `http://HOST:PORT` (the WebSocket is at `path`).
        public var baseURL: String
        /// The WebSocket's path.
        public var path = "/ws"
        /// Headers of the upgrade (arkavo-rs takes a token in `X-Auth-Token`).
        public var headers: [(String, String)] = []
        /// Seconds to wait for each answer.
        public var timeout: Double
        /// The suite (and case-id prefix) of the results.
        public var suite = "kas/live"

        /// Options for a server at `baseURL`.
        public init(baseURL: String, timeout: Double = 10) {
            self.baseURL = baseURL
            self.timeout = timeout
        }
    }

    let options: Options
    /// The era the first rewrap opened under.
    private(set) var era: ArkavoKASEra?

    /// A checker; nothing is sent until `run()`.
    public init(options: Options, progress: @escaping (String) -> Void = { _ in }) throws(HTTPProbe.Failure) {
        self.options = options
        try super.init(
            baseURL: options.baseURL, timeout: options.timeout,
            naming: Naming(
                suite: options.suite, format: "kas-live", specPrefix: "nanotdf ",
                rerunCommand: "wirecheck check kas --url \(options.baseURL)"),
            progress: progress)
    }

    /// The server, and its era once found.
    public override var implementation: String {
        "Arkavo KAS at \(http.baseURL)\(options.path)" + (era.map { " (era \($0.rawValue.uppercased()))" } ?? "")
    }

    /// Every check, in order; the results.
    public func run() -> [CaseResult] {
        var socket: WebSocketProbe?
        var client = ArkavoKASClientSession()
        var kasKey: [UInt8]?
        check("upgrade", spec: ["13"]) {
            let probe = try upgrade(options.path, headers: options.headers)
            guard probe.upgraded else { return .fail("the upgrade was answered \(probe.reply.status), not 101") }
            socket = probe
            return .pass("101 Switching Protocols")
        }
        check("key-exchange", spec: ["13"]) {
            guard let socket else { return .skip("no WebSocket") }
            try socket.sendBinary(client.hello)
            guard let reply = socket.receiveBinary() else { return .fail("no answer to 0x01 within \(options.timeout) s") }
            guard client.accept(reply) else {
                return .fail(
                    "the 0x01 reply is \(reply.count) bytes (\(Self.describe(reply))), not 0x01 ‖ a P-256 key ‖ a 32-byte salt")
            }
            return .pass("0x01 ‖ server key (33) ‖ salt (32)")
        }
        check("kas-public-key", spec: ["13"]) {
            guard let socket else { return .skip("no WebSocket") }
            try socket.sendBinary([FrameType.kasPublicKey.rawValue])
            guard let reply = socket.receiveBinary() else { return .fail("no answer to 0x02 within \(options.timeout) s") }
            guard reply.count == 34, reply[0] == FrameType.kasPublicKey.rawValue,
                KeyAgreement.sharedSecret(PrivateKey.generate(.secp256r1), peer: Array(reply[1...])) != nil
            else { return .fail("the 0x02 reply is \(Self.describe(reply)), not 0x02 ‖ a compressed P-256 key") }
            kasKey = Array(reply[1...])
            return .pass("0x02 ‖ compressed P-256 key")
        }
        let forms: [(String, Header.Version, BindingVariant)] = [
            ("rewrap-ecdsa-fixed", .l1l, .ecdsaFixed), ("rewrap-ecdsa-go", .l1l, .ecdsaGo), ("rewrap-sha256-tail", .l1l, .sha256Tail),
            ("rewrap-gmac-tag", .l1l, .gmacTag), ("rewrap-l1m", .l1m, .ecdsaFixed),
        ]
        for (name, version, binding) in forms {
            check(name, spec: ["13", "9.4", version == .l1m ? "10" : "1"]) {
                guard let socket, let kasKey else { return .skip("no session or no KAS key") }
                return try rewrap(socket, client: client, kasKey: kasKey, version: version, binding: binding)
            }
        }
        check("rewrap-spec-locators", spec: ["13", "1.2"]) {
            guard let socket, let kasKey else { return .skip("no session or no KAS key") }
            var refused: [String] = []
            for (name, locator) in Self.specLocators {
                let made = try Self.container(kasKey: kasKey, version: .l1l, binding: .ecdsaFixed, kas: locator)
                try socket.sendBinary([FrameType.rewrap.rawValue] + made.header.bytes)
                guard let reply = socket.receiveBinary() else {
                    refused.append("\(name): no answer within \(options.timeout) s")
                    continue
                }
                if let refusal = Self.refusal(reply) {
                    refused.append("\(name): \(refusal)")
                    continue
                }
                if case .fail(let why) = opened(reply, made: made, client: client) { return .fail("\(name): \(why)") }
            }
            guard refused.isEmpty else {
                // arkavo-rs (4af74c8, and since its first parser) reads the locator's first byte whole: 00-03 or FF.
                return .finding(
                    "refused \(refused.joined(separator: "; ")); arkavo-rs, for one, reads a locator's protocol byte whole (00 to 03, or "
                        + "FF), so the spec's key-id nibble and its shared-resource-directory byte 0F are InvalidKas")
            }
            return .pass("rewrapped with a key-id locator (0x10) and a shared-resource-directory one (0x0F)")
        }
        check("deny-tampered-binding", spec: ["13", "9.4"]) {
            guard let socket, let kasKey else { return .skip("no session or no KAS key") }
            var header = try Self.container(kasKey: kasKey, version: .l1l, binding: .ecdsaFixed).header
            header.policy.binding[header.policy.binding.count - 1] ^= 0x01
            try socket.sendBinary([FrameType.rewrap.rawValue] + header.bytes)
            guard let reply = socket.receiveBinary() else { return .fail("no answer within \(options.timeout) s") }
            switch client.unwrap(reply, header: header, era: era ?? .c) {
            case .denied: return .pass("DENY: 0x04 ‖ the ephemeral key alone")
            case .payloadKey:
                // arkavo-rs (4af74c8) checks an ECDSA binding's size only: a known weakness, reported, not failed.
                return .finding(
                    "the header's binding does not verify, and the server rewrapped its key anyway (arkavo-rs checks only "
                        + "the size of an ECDSA binding, so a policy changed after writing is released)")
            case .unreadable:
                if reply.first == FrameType.error.rawValue { return .pass("refused with 0xFF \(Self.describe(reply))") }
                return reply.count == 94
                    ? .fail("the header's binding does not verify, and the server answered a 94-byte 0x04")
                    : .fail("answered \(Self.describe(reply)), neither DENY nor an error frame")
            }
        }
        check("refuse-policy-not-metadata", spec: ["13", "14"]) {
            guard let socket, let kasKey else { return .skip("no session or no KAS key") }
            let text = Array(#"{"body":{"dataAttributes":[],"dissem":[]}}"#.utf8)
            let header = try Self.container(kasKey: kasKey, version: .l1l, binding: .ecdsaFixed, policy: text).header
            try socket.sendBinary([FrameType.rewrap.rawValue] + header.bytes)
            guard let reply = socket.receiveBinary() else {
                return .finding("no answer within \(options.timeout) s (arkavo-rs before 2025-10 answers a refused rewrap with nothing)")
            }
            if reply.first == FrameType.error.rawValue { return .pass("refused with 0xFF \(Self.describe(reply))") }
            return reply.count == 94
                ? .fail("rewrapped the key of a NanoTDF whose embedded policy is JSON text, not the Metadata FlatBuffer arkavo-rs requires")
                : .fail("answered \(Self.describe(reply)), not a 0xFF error frame")
        }
        check("garbage-header", spec: ["13"]) {
            guard let socket else { return .skip("no WebSocket") }
            try socket.sendBinary([FrameType.rewrap.rawValue, 0x4C, 0x31])
            guard let reply = socket.receiveBinary() else { return .fail("no answer within \(options.timeout) s, or the socket closed") }
            return reply.first == FrameType.error.rawValue
                ? .pass("0xFF \(Self.describe(reply))") : .fail("answered \(Self.describe(reply)), not a 0xFF error frame")
        }
        check("header-cut-in-binding", spec: ["13", "3.3.1.3"]) {
            guard let kasKey else { return .skip("no KAS key") }
            // On a connection of its own: a server that dies on this input takes only that one down.
            let fresh = try upgrade(options.path, headers: options.headers)
            guard fresh.upgraded else { return .fail("a second upgrade was answered \(fresh.reply.status)") }
            var session = ArkavoKASClientSession()
            try fresh.sendBinary(session.hello)
            guard let hello = fresh.receiveBinary(), session.accept(hello) else { return .fail("no key exchange on a second socket") }
            let header = try Self.container(kasKey: kasKey, version: .l1l, binding: .ecdsaFixed).header
            let cut = Array(header.bytes.prefix(header.bytes.count - header.ephemeralPublicKey.count - header.policy.binding.count / 2))
            try fresh.sendBinary([FrameType.rewrap.rawValue] + cut)
            guard let reply = fresh.receiveBinary() else {
                return .finding(
                    "no answer within \(options.timeout) s, or the socket closed: arkavo-rs unwraps its read of the binding "
                        + "(read_policy_field), so a header cut inside the policy binding panics the connection's task")
            }
            return reply.first == FrameType.error.rawValue
                ? .pass("0xFF \(Self.describe(reply))") : .fail("answered \(Self.describe(reply)) to a header cut inside its binding")
        }
        check("rewrap-without-session", spec: ["13"]) {
            guard let kasKey else { return .skip("no KAS key") }
            let fresh = try upgrade(options.path, headers: options.headers)
            guard fresh.upgraded else { return .fail("a second upgrade was answered \(fresh.reply.status)") }
            let header = try Self.container(kasKey: kasKey, version: .l1l, binding: .ecdsaFixed).header
            try fresh.sendBinary([FrameType.rewrap.rawValue] + header.bytes)
            guard let reply = fresh.receiveBinary() else { return .fail("no answer within \(options.timeout) s, or the socket closed") }
            return reply.first == FrameType.error.rawValue
                ? .pass("0xFF \(Self.describe(reply))") : .fail("answered \(Self.describe(reply)) to a rewrap before 0x01")
        }
        return results
    }

    /// One rewrap: the reply unwrapped under the era found so far, or under each until one opens the payload.
    private func rewrap(
        _ socket: WebSocketProbe, client: ArkavoKASClientSession, kasKey: [UInt8], version: Header.Version, binding: BindingVariant
    ) throws -> Outcome {
        let made = try Self.container(kasKey: kasKey, version: version, binding: binding)
        try socket.sendBinary([FrameType.rewrap.rawValue] + made.header.bytes)
        guard let reply = socket.receiveBinary() else {
            // arkavo-rs reads the Go form's 70-odd bytes as a 64-byte binding and then a key that is no point, and answers
            // a bad key with nothing.
            return binding == .ecdsaGo
                ? .finding("no answer within \(options.timeout) s: the Go SDK's length-prefixed binding misparses (spec section 0, fact 3)")
                : .fail("no answer to 0x03 within \(options.timeout) s")
        }
        if let refusal = Self.refusal(reply) {
            if !binding.isECDSA {
                return .finding(
                    "refused (\(refusal)): arkavo-rs checks a GMAC-mode binding for 16 bytes and reads 8, so it refuses every one")
            }
            if binding == .ecdsaGo {
                return .finding(
                    "refused (\(refusal)): the binding is read as a fixed-width r‖s, so the Go SDK's length-prefixed form misparses "
                        + "(spec section 0, fact 3)")
            }
            return version == .l1m
                ? .finding("refused (\(refusal)): arkavo-rs has no L1M parser (spec section 10)")
                : .fail("a header whose \(binding.rawValue) binding verifies was refused (\(refusal))")
        }
        return opened(reply, made: made, client: client)
    }

    /// A rewrap's answer that is not a refusal: a pass when its key, unwrapped under the era found so far or under each
    /// until one does, opens the payload (the era is then found).
    private func opened(_ reply: [UInt8], made: Container, client: ArkavoKASClientSession) -> Outcome {
        if reply.count == 93 { return .fail("a 93-byte 0x04: the wrapped key is one byte short of 94") }
        let search = client.search(reply, header: made.header, eras: era.map { [$0] } ?? ArkavoKASEra.allCases) { key in
            made.openPayload(payloadKey: key)?.0 == Self.plaintext
        }
        switch search {
        case .found(_, let found):
            era = found
            return .pass("rewrapped; the key opens the payload (era \(found.rawValue.uppercased()))")
        case .unwrappedOnly(let eras):
            let names = eras.map { $0.rawValue.uppercased() }.joined(separator: ", ")
            return .fail("the wrapped key opens under era \(names) but the key it gives does not open the payload")
        case .denied, .unreadable: break
        }
        return .fail(
            "a \(reply.count)-byte reply (\(Self.describe(reply))) that no era unwraps" + (era.map { " (era \($0.rawValue) so far)" } ?? "")
        )
    }

    static let plaintext = Array("wirecheck kas live check".utf8)

    /// The embedded policy of every NanoTDF sent: an Arkavo Metadata FlatBuffer, what the Arkavo app writes and the only
    /// embedded policy arkavo-rs reads (`root_as_metadata`); a text policy is refused there.
    static let policy = Metadata(created: 1_731_500_000, content: ContentFormat(mediaType: .text, dataEncoding: .utf8)).encode()

    /// The KAS locator of every NanoTDF sent but `specLocators`'s: https, no key id, which every reader takes.
    static let kasLocator = ResourceLocator(protocolCode: 1, body: Array("kas.wirecheck.test".utf8))

    /// KAS locators the spec allows (contract section 1.2) that real writers put in NanoTDFs: a key id after an http
    /// body, as otdfctl writes it (`0x10`, "e1"), and the shared resource directory, as the Arkavo app writes
    /// `kas.arkavo.net` through OpenTDFKit (`0x0F`).
    static let specLocators = [
        (
            "0x10 (http, key id \"e1\")",
            ResourceLocator(protocolCode: 0, body: Array("kas.wirecheck.test/kas".utf8), identifier: Array("e1".utf8))
        ),
        ("0x0F (shared resource directory)", ResourceLocator(protocolCode: 0x0F, body: Array("kas.arkavo.net".utf8))),
    ]

    /// A NanoTDF for `kasKey` with a fresh ephemeral key.
    static func container(
        kasKey: [UInt8], version: Header.Version, binding: BindingVariant, policy: [UInt8] = policy, kas: ResourceLocator = kasLocator
    ) throws -> Container {
        try Container.encrypt(
            EncryptionParameters(
                version: version, kas: kas, kasPublicKey: kasKey,
                policy: .embeddedPlaintext(policy), bindingVariant: binding, ephemeralKey: .generate(.secp256r1), iv: [0, 0, 1],
                plaintext: plaintext))
    }

    /// A rewrap's answer that refuses, in words: a DENY (the ephemeral key alone, 34 bytes) or a 0xFF error; nil
    /// for any other answer.
    static func refusal(_ reply: [UInt8]) -> String? {
        if reply.count == 34 { return "DENY" }
        return reply.first == FrameType.error.rawValue ? "0xFF \(describe(reply))" : nil
    }

    /// A frame for a message: its type, length, and a 0xFF frame's JSON.
    static func describe(_ frame: [UInt8]) -> String {
        guard let type = frame.first else { return "an empty message" }
        if type == FrameType.error.rawValue {
            return "error \(String(decoding: frame.dropFirst().prefix(200), as: UTF8.self))"
        }
        return "type 0x\(String(type, radix: 16, uppercase: true)), \(frame.count) bytes"
    }
}
