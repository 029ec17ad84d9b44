import ConformanceKit
import CrossCheck
import Foundation
import WireCore
import WireCoreConformance

extension WireCoreFamily {
    /// The family with its benchmark, which compares with libsodium (CrossCheck): added where that is linked anyway
    /// (the CLI), so that the suites and the typed helpers need no C library.
    public static let withBench = family.adding(bench: WireCoreBench.set, embeddedLiveChecks: [])
}

/// Base64 and hex decoding in MB/s of encoded input, next to Foundation's `Data(base64Encoded:)`
/// and libsodium on the same bytes.
enum WireCoreBench {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let set = BenchSet(summary: "Base64 and hex decoding next to Foundation and libsodium") { size in
        guard Libsodium.initialize() else { throw Failure(description: "libsodium failed to initialise") }
        var random = SeededRandom(seed: 0x5743_4245_4e43_48)
        let data = random.bytes(size)
        let std = Base64.encode(data, variant: .foundation)
        let stdUTF8 = Array(std.utf8)
        let urlRaw = Array(Base64.encode(data, variant: .goRawURL).utf8)
        let hex = Array(Hex.encode(data).utf8)
        let foundationData = Data(std.utf8)
        func decoder(_ name: String, input: [UInt8], floor: String? = nil, _ body: @escaping () -> Int) throws -> BenchCase {
            guard body() == size else { throw Failure(description: "\(name) decoded the wrong number of bytes") }
            return BenchCase(name, inputBytes: input.count, unit: .megabytesPerSecond, floor: floor, iteration: body)
        }
        // What a user would otherwise pick: Foundation for Base64, libsodium for hex.
        let foundation = "Foundation Data(base64Encoded:)"
        let sodiumHex = "libsodium sodium_hex2bin"
        return [
            try decoder("WireCore Base64 std-padded-strict", input: stdUTF8, floor: foundation) {
                (try? Base64.decode(utf8: stdUTF8, variant: .foundation).count) ?? -1
            },
            try decoder("WireCore Base64 url-raw-go", input: urlRaw, floor: foundation) {
                (try? Base64.decode(utf8: urlRaw, variant: .goRawURL).count) ?? -1
            },
            try decoder(foundation, input: stdUTF8) { Data(base64Encoded: foundationData)?.count ?? -1 },
            try decoder("libsodium sodium_base642bin (original)", input: stdUTF8) {
                Libsodium.base64Decode(stdUTF8, variant: .foundation)?.count ?? -1
            },
            try decoder("WireCore Hex.decode", input: hex, floor: sodiumHex) { (try? Hex.decode(utf8: hex).count) ?? -1 },
            try decoder(sodiumHex, input: hex) { Libsodium.hexDecode(hex)?.count ?? -1 },
        ]
    }
}
