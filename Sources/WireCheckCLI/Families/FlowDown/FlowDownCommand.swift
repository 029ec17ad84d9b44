import ArgumentParser
import ConformanceKit
import FlowDownConformance
import Foundation
import ModelExchange
import WireCore

/// `wirecheck flowdown …`: FlowDown Model Exchange from the command line.
struct FlowDownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowdown",
        abstract: "FlowDown Model Exchange: keys, handshake and exchange URLs, payloads, models plists, a FlowDown simulator.",
        discussion: """
            A requester's round trip by hand:
              wirecheck flowdown keygen --out my.seed
              wirecheck flowdown handshake --seed-file my.seed --callback my-app
              wirecheck flowdown simulate --models Examples/models.plist --state fd.json \\
                --url '<handshake url>'
              wirecheck flowdown exchange --seed-file my.seed --session '<session>' \\
                --app-name 'My App' --reason 'Chat' --capability tool
              wirecheck flowdown simulate --models Examples/models.plist --state fd.json \\
                --url '<exchange url>'
              wirecheck flowdown open --seed-file my.seed --callback '<callback url>'
            """,
        subcommands: [
            Keygen.self, Handshake.self, Exchange.self, Parse.self, Verify.self, Seal.self, Open.self, Models.self,
            Simulate.self,
        ])
}

/// The requester's key: a 32-byte seed given as hex or in a file (32 raw bytes or 64 hex characters).
struct SeedOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The 32-byte key seed as hex.", valueName: "HEX")) var seed: String?
    @Option(help: ArgumentHelp("A file with the seed (as written by keygen --out).", valueName: "FILE")) var seedFile: String?

    func keyPair() throws -> ModelExchangeKeyPair {
        let bytes: [UInt8]
        if let seed {
            do { bytes = try Hex.decode(seed) } catch { throw ValidationError("--seed is not hex: \(error)") }
        } else if let seedFile {
            let data = try readFile(seedFile)
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            bytes = data.count == 32 ? Array(data) : ((try? Hex.decode(text)) ?? [])
        } else {
            throw ValidationError("give the key with --seed HEX or --seed-file FILE")
        }
        do { return try ModelExchangeKeyPair(seed: bytes) } catch { throw ValidationError("\(error)") }
    }
}

struct JSONFlag: ParsableArguments {
    @Flag(help: "Print the result as JSON.") var json = false

    /// Prints `fields` as JSON, or as `name: value` lines.
    func emit(_ fields: JSONObject) {
        if json {
            JSONOutput.print(.object(fields))
            return
        }
        for (name, value) in fields { print("\(name): \(value.stringValue ?? JSONWriter.compact(value))") }
    }
}

/// Exits 1 with the error class and message (and as JSON with --json).
func refuse(_ error: ModelExchangeError, json: Bool) -> ExitCode {
    if json {
        JSONOutput.print(.object(JSONOutput.refusal(error)))
    } else {
        // Most descriptions already start with their class ("malformed: …"); say it once.
        let text = error.description.hasPrefix(error.code) ? error.description : "\(error.code): \(error.description)"
        Console().message("refused: \(text)")
    }
    return ExitCode(1)
}

extension FlowDownCommand {
    struct Keygen: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a key pair from a random (or given) 32-byte seed and print its pk.",
            discussion:
                "The seed is the private key: it is written only to --out (mode 0600) or shown with --show-seed.\n"
                + "Example:\n  wirecheck flowdown keygen --out my.seed"
        )
        @OptionGroup var seed: SeedOptions
        @Option(help: ArgumentHelp("Write the seed (hex) to this file, mode 0600.", valueName: "FILE")) var out: String?
        @Flag(help: "Also print the seed.") var showSeed = false
        @Flag(help: "Overwrite --out when it exists (the private key in it is lost).") var force = false
        @OptionGroup var output: JSONFlag

        func run() throws {
            if let out, !force, FileManager.default.fileExists(atPath: out) {
                throw exitHarness("\(out) exists and may hold a private key; pass --force to overwrite it")
            }
            var random = SystemRandom()
            let pair = (seed.seed != nil || seed.seedFile != nil) ? try seed.keyPair() : ModelExchangeKeyPair(random: &random)
            if let out { try writePrivateFile(out, Array((Hex.encode(pair.seed) + "\n").utf8)) }
            var fields: JSONObject = ["pk": .string(pair.publicKey.encoded)]
            if showSeed { fields["seed"] = .string(Hex.encode(pair.seed)) }
            if let out { fields["seedFile"] = .string(out) }
            output.emit(fields)
            if out == nil, !showSeed, !output.json {
                Console().message("note: the seed was not saved; use --out FILE or --show-seed to keep it")
            }
        }
    }

    struct Handshake: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the handshake URL flowdown://models/exchange?pk=…&callback=….",
            discussion: "Example: wirecheck flowdown handshake --seed-file my.seed --callback my-app")
        @OptionGroup var seed: SeedOptions
        @Option(help: "Your app's URL scheme (a bare scheme, not a URL).") var callback: String
        @OptionGroup var output: JSONFlag

        func run() throws {
            guard ModelExchangeURL.isValidScheme(callback) else { throw ValidationError("--callback must be a URL scheme such as my-app") }
            output.emit(["url": .string(HandshakeRequest.url(publicKey: try seed.keyPair().publicKey, callbackScheme: callback))])
        }
    }

    struct Exchange: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build and sign the exchange URL for a session from the verification callback.",
            discussion:
                "Example:\n  wirecheck flowdown exchange --seed-file my.seed --session S \\\n"
                + "    --app-name 'My App' --reason 'Chat' --capability tool --capability visual"
        )
        @OptionGroup var seed: SeedOptions
        @Option(help: "The session from the verification callback.") var session: String
        @Option(help: "Your app's name, shown by FlowDown.") var appName: String
        @Option(help: "Why you ask for models, shown by FlowDown.") var reason: String
        @Option(help: ArgumentHelp("audio, visual, tool or developerRole (repeatable).", valueName: "NAME")) var capability: [String] = []
        @Flag(help: "Let the user pick several models.") var multipleSelection = false
        @Option(help: "Unix seconds (default: now).") var timestamp: Int64?
        @OptionGroup var output: JSONFlag

        func run() throws {
            let capabilities = try capability.map { name in
                guard let value = Capability(rawValue: name) else {
                    throw ValidationError("unknown capability \(name); use audio, visual, tool or developerRole")
                }
                return value
            }
            let request = ExchangeRequest(
                session: session, appName: appName, reason: reason, capabilities: capabilities, multipleSelection: multipleSelection,
                timestamp: Double(timestamp ?? SystemClock().unixSeconds()))
            let signed = try request.signedURL(keyPair: try seed.keyPair())
            output.emit(["url": .string(signed.url), "canonical": .string(signed.canonical), "signature": .string(signed.signature)])
        }
    }

    struct Parse: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say what a URL of the protocol is (handshake, exchange, cancel, callback) and show its fields.",
            discussion:
                "flowdown:// URLs are read as FlowDown reads them; other schemes as callbacks.\nExample:\n"
                + "  wirecheck flowdown parse 'flowdown://models/exchange?stage=cancelled'"
        )
        @Argument(help: "The URL.") var url: String
        @OptionGroup var output: JSONFlag

        func run() throws {
            do { output.emit(try FlowDownJSON.parse(url)) } catch { throw refuse(error, json: output.json) }
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check an exchange URL as FlowDown does: window, signature, capabilities.",
            discussion:
                "Exit 0 when FlowDown would accept it, 1 with the error class when not.\nExample:\n"
                + "  wirecheck flowdown verify '<exchange url>' --pk '<pk>'"
        )
        @Argument(help: "The exchange URL.") var url: String
        @Option(help: "The pk from the handshake.") var pk: String
        @Option(help: "Unix seconds to check the window against (default: now).") var now: Int64?
        @OptionGroup var output: JSONFlag

        func run() throws {
            do {
                // FlowDown's order: the URL first, then the key (parsed at the handshake).
                let exchange = try ExchangeVerifier.exchange(in: url)
                let received = try ExchangeVerifier.verify(
                    exchange, publicKey: try ModelExchangePublicKey(encoded: pk), clock: clock(now: now))
                var fields: JSONObject = ["ok": true]
                for (name, value) in FlowDownJSON.json(received.request) { fields[name] = value }
                fields["canonical"] = .string(received.canonical)
                output.emit(fields)
            } catch {
                throw refuse(error, json: output.json)
            }
        }
    }

    struct Seal: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Encrypt a plaintext to a pk as FlowDown does; prints the payload value.",
            discussion: "Example:\n  wirecheck flowdown seal --pk '<pk>' --session S --plaintext-file Examples/models.plist")
        @Option(help: "The recipient's pk.") var pk: String
        @Option(help: "The session (part of the HKDF salt).") var session: String
        @Option(help: ArgumentHelp("The plaintext as text.", valueName: "TEXT")) var plaintext: String?
        @Option(help: ArgumentHelp("Read the plaintext from a file.", valueName: "FILE")) var plaintextFile: String?
        @Option(help: ArgumentHelp("Ephemeral X25519 private key (hex), for reproducible output.", valueName: "HEX")) var ephemeralKey:
            String?
        @Option(help: ArgumentHelp("12-byte nonce (hex), for reproducible output.", valueName: "HEX")) var nonce: String?
        @OptionGroup var output: JSONFlag

        func run() throws {
            let bytes: [UInt8]
            if let plaintextFile {
                bytes = Array(try readFile(plaintextFile))
            } else if let plaintext {
                bytes = Array(plaintext.utf8)
            } else {
                throw ValidationError("give --plaintext TEXT or --plaintext-file FILE")
            }
            do {
                let wrapper = try PayloadCipher.seal(
                    bytes, to: try ModelExchangePublicKey(encoded: pk), session: session,
                    ephemeralPrivateKey: try ephemeralKey.map { try Hex.decode($0) }, nonce: try nonce.map { try Hex.decode($0) })
                output.emit(["payload": .string(wrapper.encoded)])
            } catch let error as ModelExchangeError {
                throw refuse(error, json: output.json)
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decrypt a payload with your seed; prints the session and the plaintext (the models plist).",
            discussion: """
                Give the whole completed callback URL (--callback) or its payload value (--payload; a value copied \
                from the URL, with %3D for '=', is percent-decoded first: Base64 has no '%'). The plaintext holds API keys: \
                it is printed because you asked for it; use --out to write it to a file (0600) instead.
                Example:
                  wirecheck flowdown open --seed-file my.seed \\
                    --callback '<completed callback URL>' --out models.plist
                """)
        @OptionGroup var seed: SeedOptions
        @Option(help: "The payload value of the completed callback (percent-encoded or not).") var payload: String?
        @Option(help: ArgumentHelp("The whole completed callback URL; its session is then also checked.", valueName: "URL"))
        var callback: String?
        @Option(help: "Refuse a payload for another session.") var expectedSession: String?
        @Option(help: ArgumentHelp("Write the plaintext here (mode 0600) instead of printing it.", valueName: "FILE")) var out: String?
        @OptionGroup var output: JSONFlag

        func run() throws {
            do {
                let (text, session) = try payloadAndSession()
                let opened = try PayloadCipher.open(text, keyPair: try seed.keyPair(), expectedSession: expectedSession ?? session)
                var fields: JSONObject = ["session": .string(opened.session)]
                if let out {
                    try writePrivateFile(out, opened.plaintext)
                    fields["written"] = .string(out)
                } else {
                    fields["plaintext"] = .string(String(decoding: opened.plaintext, as: UTF8.self))
                }
                output.emit(fields)
            } catch let error as ModelExchangeError {
                throw refuse(error, json: output.json)
            }
        }

        /// The Base64 payload, and the session the callback names (when a callback was given).
        func payloadAndSession() throws -> (String, String?) {
            switch (payload, callback) {
            case (let payload?, nil):
                guard payload.contains("%") else { return (payload, nil) }
                guard let decoded = URLQueryEncoding.percentDecode(payload) else {
                    throw ModelExchangeError.payloadNotBase64("payload (a '%' that is not a valid escape)")
                }
                return (decoded, nil)
            case (nil, let url?):
                guard case .completed(let session, _, let payload) = try Callback.parse(try ModelExchangeURL(string: url)) else {
                    throw ModelExchangeError.malformed("--callback is not a completed callback (stage=completed)")
                }
                return (payload, session)
            default:
                throw ValidationError("give exactly one of --payload and --callback")
            }
        }
    }

    struct Models: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode a models plist (XML or binary) or JSON file and list the models, secrets redacted.",
            discussion: "Example: wirecheck flowdown models models.plist --show-secrets --json")
        @Argument(help: "The plist or JSON file.") var file: String
        @Flag(help: "Include token and header values.") var showSecrets = false
        @Flag(help: "Write the models back as canonical XML to stdout.") var canonical = false
        @OptionGroup var output: JSONFlag

        func run() throws {
            let models = try ModelsFile.read(file)
            if canonical {
                FileHandle.standardOutput.write(Data(ModelsPlist.encodeXML(models)))
                return
            }
            if output.json {
                JSONOutput.print(
                    .array(
                        models.map { model in
                            var dict = ModelsPlist.dictionary(model)
                            if !showSecrets {
                                if dict["token"] != nil { dict["token"] = .string("<redacted>") }
                                if case .dict(let headers)? = dict["headers"] {
                                    dict["headers"] = .dict(headers.mapValues { _ in .string("<redacted>") })
                                }
                            }
                            return ModelJSON.json(.dict(dict))
                        }))
                return
            }
            for model in models {
                print(model)
                if showSecrets { print("  token: \(model.token ?? "-")  headers: \(model.headers ?? [:])") }
            }
        }
    }

    struct Simulate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Act as FlowDown: answer a handshake or exchange URL with the callback URL FlowDown would open.",
            discussion: """
                A URL FlowDown ignores or refuses produces no callback: the reason is printed and the exit code is 1.
                Handshake sessions live in --state FILE between calls (FlowDown keeps them in memory).
                Example:
                  wirecheck flowdown simulate --models Examples/models.plist --state fd.json \\
                    --url '<handshake url>'
                """)
        @Option(help: "Models FlowDown has configured (plist or JSON).") var models: String
        @Option(help: "The URL FlowDown is opened with.") var url: String
        @Option(help: "all-matching, first or cancel.") var policy = "all-matching"
        @Option(help: "Pick the matching model with this name or model_identifier.") var model: String?
        @Option(help: ArgumentHelp("Keep handshake sessions in this JSON file between calls.", valueName: "FILE")) var state: String?
        @Option(help: "Unix seconds for the timestamp window (default: now).") var now: Int64?
        @OptionGroup var output: JSONFlag

        func run() throws {
            let selection: FlowDownSimulator.SelectionPolicy
            switch (model, policy) {
            case (let name?, _): selection = .named(name)
            case (nil, "all-matching"): selection = .allMatching
            case (nil, "first"): selection = .first
            case (nil, "cancel"): selection = .cancel
            default: throw ValidationError("--policy must be all-matching, first or cancel")
            }
            let saved = try state.flatMap(SimulatorState.read)
            var simulator = FlowDownSimulator(
                models: try ModelsFile.read(models), policy: selection, deviceId: saved?.deviceId, contexts: saved?.contexts ?? [:],
                clock: clock(now: now))
            let outcome = simulator.open(url)
            if let state { try SimulatorState(deviceId: simulator.deviceId, contexts: simulator.contexts).write(state) }
            var fields: JSONObject = ["callback": outcome.callback.map { .string($0) } ?? .null, "reason": .string(outcome.reason)]
            if let error = outcome.error { fields["error"] = .string(error) }
            fields["delivered"] = .array(outcome.delivered.map { .string($0.name ?? $0.modelIdentifier ?? "?") })
            output.emit(fields)
            if outcome.callback == nil { throw ExitCode(1) }
        }
    }
}

func readFile(_ path: String) throws -> Data {
    guard let data = FileManager.default.contents(atPath: path) else { throw exitHarness("cannot read \(path)") }
    return data
}

/// Writes a file only its owner can read (seeds, decrypted models).
func writePrivateFile(_ path: String, _ bytes: [UInt8]) throws {
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
        throw ValidationError("cannot write \(path)")
    }
}

/// `--now` when given, the wall clock otherwise.
func clock(now: Int64?) -> FixedClock { FixedClock(now.map(Double.init) ?? SystemClock().now()) }

/// Reads models from an XML or binary plist, or from JSON in the vectors' model form.
enum ModelsFile {
    static func read(_ path: String) throws -> [CloudModel] {
        let bytes = Array(try readFile(path))
        if bytes.first(where: { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }) == UInt8(ascii: "[") {
            let value: JSONValue
            do { value = try JSONParser.parse(bytes) } catch { throw ValidationError("\(path): \(error)") }
            return try (value.arrayValue ?? []).map { element in
                guard case .dict(let dict)? = ModelJSON.plist(element) else {
                    throw ValidationError("\(path): each model must be an object")
                }
                return ModelsPlist.model(from: dict)
            }
        }
        do { return try ModelsPlist.decode(bytes) } catch { throw ValidationError("\(path): \(error)") }
    }
}

/// The simulator's handshake contexts between CLI calls.
struct SimulatorState {
    var deviceId: String
    var contexts: [String: FlowDownSimulator.Context]

    static func read(_ path: String) throws -> SimulatorState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let root = try? JSONParser.parse(Array(data)), let deviceId = root["deviceId"]?.stringValue else {
            throw ValidationError("\(path) is not a simulator state file")
        }
        var contexts: [String: FlowDownSimulator.Context] = [:]
        for (session, value) in root["contexts"]?.objectValue ?? [:] {
            guard let pk = value["publicKey"]?.stringValue, let scheme = value["callbackScheme"]?.stringValue else { continue }
            contexts[session] = FlowDownSimulator.Context(publicKey: pk, callbackScheme: scheme)
        }
        return SimulatorState(deviceId: deviceId, contexts: contexts)
    }

    func write(_ path: String) throws {
        let json: JSONValue = [
            "deviceId": .string(deviceId),
            "contexts": .object(
                JSONObject(
                    contexts.keys.sorted().map { session in
                        (
                            session,
                            [
                                "publicKey": .string(contexts[session]!.publicKey),
                                "callbackScheme": .string(contexts[session]!.callbackScheme),
                            ]
                        )
                    })),
        ]
        try (JSONWriter.pretty(json) + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
