import ArgumentParser
import CdevAuth
import Conformance
import Crypto
import CrossCheck
import Foundation
import ModelExchange
import WireCore

/// `wirecheck bench`: decoder throughput next to the reference points a user would compare with.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure codec and protocol throughput and write reports/bench/<run-name>.{json,md}.",
        discussion: """
            cdev: token validation per second next to raw HMAC-SHA256 of the same payload bytes. \
            wirecore: Base64 and hex decoding (MB/s of encoded input) next to Foundation's Data(base64Encoded:) \
            and libsodium on the same bytes. flowdown: exchange-URL verification and payload opening per \
            second next to raw Ed25519 verify and raw ChaCha20-Poly1305 open of the same sizes. Each figure \
            is the median of --samples samples of at least --sample-seconds each, all in one run. Build with \
            -c release for meaningful numbers.
            Example: .build/release/wirecheck bench --suite all
            """)

    @Option(help: "wirecore, flowdown, cdev or all.") var suite = "all"
    @Option(help: "Bytes of random data to encode and then decode (wirecore).") var size = 1 << 20
    @Option(help: "Samples per decoder; the median is reported.") var samples = 5
    @Option(help: "Minimum seconds per sample.") var sampleSeconds = 0.3
    @Option(help: "Folder for the results.") var output = "reports/bench"
    @Flag(help: "Print the results as JSON on stdout.") var json = false

    struct Measurement {
        var name: String
        var inputBytes: Int
        /// MB/s for codecs, operations per second for protocol steps.
        var rate: Double
        var unit: String
    }

    /// Runs `body` repeatedly for --samples samples and returns the median rate of `units(iterations)` per second.
    func median(_ units: (Int) -> Double, _ body: () -> Int) -> Double {
        var rates: [Double] = []
        for _ in 0..<samples {
            var iterations = 0
            var sink = 0
            let clock = ContinuousClock()
            let start = clock.now
            var elapsed = 0.0
            repeat {
                sink &+= body()
                iterations += 1
                let duration = clock.now - start
                elapsed = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            } while elapsed < sampleSeconds
            precondition(sink != Int.min)
            rates.append(units(iterations) / elapsed)
        }
        return rates.sorted()[rates.count / 2]
    }

    func run() throws {
        guard ["wirecore", "flowdown", "cdev", "all"].contains(suite) else {
            throw ValidationError("--suite must be wirecore, flowdown, cdev or all")
        }
        guard Libsodium.initialize() else { throw exitHarness("libsodium failed to initialise") }
        var results: [Measurement] = []
        if suite == "wirecore" || suite == "all" { results += codecs() }
        if suite == "flowdown" || suite == "all" { results += try flowdown() }
        if suite == "cdev" || suite == "all" { results += cdev() }
        try write(results)
    }

    func record(_ name: String, input: Int, unit: String, _ rate: Double) -> Measurement {
        Console().message(String(format: "%-52@ %12.1f %@", name as NSString, rate, unit as NSString))
        return Measurement(name: name, inputBytes: input, rate: rate, unit: unit)
    }

    /// Base64 and hex decoding in MB/s of input.
    func codecs() -> [Measurement] {
        var random = SeededRandom(seed: 0x5743_4245_4e43_48)
        let data = random.bytes(size)
        let std = Base64.encode(data, variant: .foundation)
        let stdUTF8 = Array(std.utf8)
        let urlRaw = Array(Base64.encode(data, variant: .goRawURL).utf8)
        let hex = Array(Hex.encode(data).utf8)
        let foundationData = Data(std.utf8)
        func measure(_ name: String, input: [UInt8], _ body: () -> Int) -> Measurement {
            precondition(body() == size, "\(name) decoded the wrong number of bytes")
            return record(name, input: input.count, unit: "MB/s", median({ Double(input.count * $0) / 1e6 }, body))
        }
        return [
            measure("WireCore Base64 std-padded-strict", input: stdUTF8) { (try? Base64.decode(utf8: stdUTF8, variant: .foundation).count) ?? -1 },
            measure("WireCore Base64 url-raw-go", input: urlRaw) { (try? Base64.decode(utf8: urlRaw, variant: .goRawURL).count) ?? -1 },
            measure("Foundation Data(base64Encoded:)", input: stdUTF8) { Data(base64Encoded: foundationData)?.count ?? -1 },
            measure("libsodium sodium_base642bin (original)", input: stdUTF8) { Libsodium.base64Decode(stdUTF8, variant: .foundation)?.count ?? -1 },
            measure("WireCore Hex.decode", input: hex) { (try? Hex.decode(utf8: hex).count) ?? -1 },
            measure("libsodium sodium_hex2bin", input: hex) { Libsodium.hexDecode(hex)?.count ?? -1 },
        ]
    }

    /// cdev: a whole token validation next to the HMAC-SHA256 of the same payload bytes.
    func cdev() -> [Measurement] {
        let secret = (0..<32).map(UInt8.init)
        let payload = TokenPayload(type: "access", serverId: "AbCdEfGhIjKlMnOp", issuedAt: 1_735_516_800, expiresAt: 1_735_517_700,
                                   nonce: "AcCeSsNoNcE_0123", deviceId: "DeViCeId-0123456")
        let token = CdevToken.mint(payload, secret: secret)
        let bytes = payload.bytes
        let perSecond = { (n: Int) in Double(n) }
        return [
            record("cdev token validate (3x base64url+2x JSON+HMAC-SHA256)", input: token.utf8.count, unit: "op/s",
                   median(perSecond) { (try? CdevToken.validate(token, secret: secret, serverId: "AbCdEfGhIjKlMnOp", now: 1_735_516_800)) == nil ? 0 : 1 }),
            record("raw HMAC-SHA256 of the same \(bytes.count) payload bytes (swift-crypto)", input: bytes.count, unit: "op/s",
                   median(perSecond) { CdevSigning.mac(bytes, secret: secret).count }),
        ]
    }

    /// FlowDown: whole protocol steps next to the one primitive each is built on, on the same sizes.
    func flowdown() throws -> [Measurement] {
        let pair = try ModelExchangeKeyPair(seed: (1...32).map(UInt8.init))
        let request = ExchangeRequest(session: "5F0C3A52-1B7E-4C1D-9A3B-2E6F8D7C4B10-0D9E8F7A-6B5C-4D3E-8F2A-1B0C9D8E7F6A",
                                      appName: "Benchmark App", reason: "Measure verification", capabilities: [.visual, .tool],
                                      multipleSelection: true, timestamp: 1_700_000_000)
        let signed = try request.signedURL(keyPair: pair)
        let clock = FixedClock(1_700_000_000)
        let signature = try Base64.decode(signed.signature, variant: .foundation)
        let signingKey = pair.signing.publicKey
        let digest = signed.digest
        precondition((try? ExchangeVerifier.verify(signed.url, publicKey: pair.publicKey, clock: clock)) != nil)

        var random = SeededRandom(seed: 7)
        let plaintext = ModelsPlist.encodeXML((0..<3).map { n in
            var model = CloudModel()
            model.name = "Model \(n)"
            model.token = String(repeating: "k", count: 48)
            model.endpoint = "https://api.example.com/v1/chat/completions"
            model.capabilities = ["visual", "tool"]
            return model
        })
        let wrapper = try PayloadCipher.seal(plaintext, to: pair.publicKey, session: request.session,
                                             ephemeralPrivateKey: random.bytes(32), nonce: random.bytes(12))
        let payload = wrapper.encoded
        let box = try Base64.decode(wrapper.sealed, variant: .foundation)
        let key = SymmetricKey(data: random.bytes(32))
        let rawBox = try ChaChaPoly.seal(plaintext, using: key, nonce: ChaChaPoly.Nonce(data: Array(box.prefix(12))))
        let perSecond = { (n: Int) in Double(n) }
        return [
            record("flowdown exchange-URL verify (parse+canonical+SHA-256+Ed25519)", input: signed.url.utf8.count, unit: "op/s",
                   median(perSecond) { (try? ExchangeVerifier.verify(signed.url, publicKey: pair.publicKey, clock: clock)) == nil ? 0 : 1 }),
            record("raw Ed25519 verify of the 32-byte digest (swift-crypto)", input: 32, unit: "op/s",
                   median(perSecond) { signingKey.isValidSignature(signature, for: digest) ? 1 : 0 }),
            record("flowdown payload open (Base64+JSON+X25519+HKDF+ChaCha20-Poly1305)", input: payload.utf8.count, unit: "op/s",
                   median(perSecond) { (try? PayloadCipher.open(payload, keyPair: pair))?.plaintext.count ?? 0 }),
            record("raw ChaCha20-Poly1305 open of the same \(plaintext.count) bytes (swift-crypto)", input: box.count, unit: "op/s",
                   median(perSecond) { (try? ChaChaPoly.open(rawBox, using: key))?.count ?? 0 }),
        ]
    }

    private func write(_ results: [Measurement]) throws {
        let runName = RunName.make(kind: "bench-\(suite)", under: output)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        let document: JSONValue = [
            "runName": .string(runName), "harnessVersion": .string(Harness.version), "build": .string(build),
            "decodedBytes": .int(Int64(size)), "samples": .int(Int64(samples)),
            "results": .array(results.map {
                ["name": .string($0.name), "inputBytes": .int(Int64($0.inputBytes)), "unit": .string($0.unit),
                 "rate": .double(($0.rate * 10).rounded() / 10)]
            }),
        ]
        var markdown = "# \(runName)\n\nwirecheck \(Harness.version), \(build) build, median of \(samples) samples of at least \(sampleSeconds) s, all in one run.\n\n| measurement | input bytes | rate | unit |\n|---|---:|---:|---|\n"
        for result in results {
            markdown += "| \(result.name) | \(result.inputBytes) | \(String(format: "%.1f", result.rate)) | \(result.unit) |\n"
        }
        try (JSONWriter.pretty(document) + "\n").write(toFile: "\(output)/\(runName).json", atomically: true, encoding: .utf8)
        try markdown.write(toFile: "\(output)/\(runName).md", atomically: true, encoding: .utf8)
        if json { JSONOutput.print(document) } else { print(markdown) }
    }
}
