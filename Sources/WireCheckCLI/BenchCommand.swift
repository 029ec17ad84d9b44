import ArgumentParser
import Conformance
import CrossCheck
import Foundation
import WireCore

/// `wirecheck bench`: decoder throughput next to the reference points a user would compare with.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure decoder throughput (MB/s of encoded input) and write reports/bench/<run-name>.{json,md}.",
        discussion: """
            Base64 and hex decoding of the same random bytes, measured in one run next to Foundation's \
            Data(base64Encoded:) and libsodium's sodium_base642bin. Each figure is the median of --samples \
            samples of at least --sample-seconds each. Build with -c release for meaningful numbers.
            Example: swift run -c release wirecheck bench --size 1048576
            """)

    @Option(help: "Bytes of random data to encode and then decode.") var size = 1 << 20
    @Option(help: "Samples per decoder; the median is reported.") var samples = 5
    @Option(help: "Minimum seconds per sample.") var sampleSeconds = 0.3
    @Option(help: "Folder for the results.") var output = "reports/bench"
    @Flag(help: "Print the results as JSON on stdout.") var json = false

    struct Measurement {
        var name: String
        var inputBytes: Int
        var megabytesPerSecond: Double
    }

    func run() throws {
        guard Libsodium.initialize() else { throw exitHarness("libsodium failed to initialise") }
        var random = SeededRandom(seed: 0x5743_4245_4e43_48)
        let data = random.bytes(size)
        let std = Base64.encode(data, variant: .foundation)
        let stdUTF8 = Array(std.utf8)
        let urlRaw = Array(Base64.encode(data, variant: .goRawURL).utf8)
        let hex = Array(Hex.encode(data).utf8)
        let foundationData = Data(std.utf8)

        var results: [Measurement] = []
        func measure(_ name: String, input: Int, _ body: () -> Int) {
            precondition(body() == size, "\(name) decoded the wrong number of bytes")
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
                precondition(sink == iterations * size)
                rates.append(Double(input * iterations) / elapsed / 1e6)
            }
            let median = rates.sorted()[rates.count / 2]
            results.append(Measurement(name: name, inputBytes: input, megabytesPerSecond: median))
            Console().message(String(format: "%-44@ %10.1f MB/s", name as NSString, median))
        }

        measure("WireCore Base64 std-padded-strict", input: stdUTF8.count) {
            (try? Base64.decode(utf8: stdUTF8, variant: .foundation).count) ?? -1
        }
        measure("WireCore Base64 url-raw-go", input: urlRaw.count) {
            (try? Base64.decode(utf8: urlRaw, variant: .goRawURL).count) ?? -1
        }
        measure("Foundation Data(base64Encoded:)", input: stdUTF8.count) {
            Data(base64Encoded: foundationData)?.count ?? -1
        }
        measure("libsodium sodium_base642bin (original)", input: stdUTF8.count) {
            Libsodium.base64Decode(stdUTF8, variant: .foundation)?.count ?? -1
        }
        measure("WireCore Hex.decode", input: hex.count) { (try? Hex.decode(utf8: hex).count) ?? -1 }
        measure("libsodium sodium_hex2bin", input: hex.count) { Libsodium.hexDecode(hex)?.count ?? -1 }
        try write(results)
    }

    private func write(_ results: [Measurement]) throws {
        let runName = RunName.make(kind: "bench-wirecore", under: output)
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
                ["name": .string($0.name), "inputBytes": .int(Int64($0.inputBytes)),
                 "MBps": .double(($0.megabytesPerSecond * 10).rounded() / 10)]
            }),
        ]
        var markdown = "# \(runName)\n\nwirecheck \(Harness.version), \(build) build, \(size) random bytes decoded, median of \(samples) samples.\n\n| decoder | input bytes | MB/s |\n|---|---:|---:|\n"
        for result in results {
            markdown += "| \(result.name) | \(result.inputBytes) | \(String(format: "%.1f", result.megabytesPerSecond)) |\n"
        }
        try (JSONWriter.pretty(document) + "\n").write(toFile: "\(output)/\(runName).json", atomically: true, encoding: .utf8)
        try markdown.write(toFile: "\(output)/\(runName).md", atomically: true, encoding: .utf8)
        if json { JSONOutput.print(document) } else { print(markdown) }
    }
}
