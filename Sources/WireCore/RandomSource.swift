/// Where keys, nonces and ids come from. Production uses the system generator; vector generation
/// and tests use a seeded one so every output is reproducible (Vectors/README.md, "Determinism").
public protocol RandomSource: Sendable {
    mutating func bytes(_ count: Int) -> [UInt8]
}

/// The operating system's cryptographically secure generator.
public struct SystemRandom: RandomSource {
    public init() {}
    /// `count` bytes from the system's generator.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}

/// A deterministic stream (xoshiro256** seeded through SplitMix64). Not for secrets: it exists so
/// that a fixed seed reproduces the same vectors on every machine.
public struct SeededRandom: RandomSource, RandomNumberGenerator {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator whose output is fixed by `seed` (vector generation, benchmarks).
    public init(seed: UInt64) {
        var x = seed
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    /// The next 64 bits.
    public mutating func next() -> UInt64 {
        let result = ((state.1 &* 5) << 7 | (state.1 &* 5) >> 57) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = state.3 << 45 | state.3 >> 19
        return result
    }

    /// The next `count` bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(count + 8)
        while out.count < count {
            let word = next()
            for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Array(out.prefix(count))
    }
}
