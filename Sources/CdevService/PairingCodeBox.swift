import Synchronization
import WireCore

/// Head's pairing code (cdev spec section 4.3): six digits, valid 10 minutes, spent on first use,
/// compared in constant time. A new code replaces a spent or expired one. A noncopyable struct, not a
/// class: the service keeps it inline, so making a service (once per input in FuzzCdevAuthBody) costs
/// no allocation for it.
struct PairingCodeBox: ~Copyable, Sendable {
    static let lifetime = 600.0

    // Not private: a private type in a noncopyable struct's Mutex crashes swiftc 6.3.1 outside
    // whole-module builds (FINDINGS.md, D9).
    struct State {
        var code = ""
        var expiresAt = 0.0
        var random: any RandomSource
    }

    private let state: Mutex<State>

    init(random: any RandomSource) { state = Mutex(State(random: random)) }

    func current(now: Double) -> String {
        state.withLock { state in
            if state.code.isEmpty || now > state.expiresAt { Self.renew(&state, now: now) }
            return state.code
        }
    }

    func redeem(_ code: String, now: Double) -> Bool {
        state.withLock { state in
            guard !state.code.isEmpty, now <= state.expiresAt else { return false }
            let a = Array(code.utf8)
            let b = Array(state.code.utf8)
            var difference = UInt8(a.count == b.count ? 0 : 1)
            for index in 0..<min(a.count, b.count) { difference |= a[index] ^ b[index] }
            guard difference == 0 else { return false }
            Self.renew(&state, now: now)
            return true
        }
    }

    private static func renew(_ state: inout State, now: Double) {
        // Rejection sampling keeps the six digits uniform.
        var value: UInt32
        repeat {
            let bytes = state.random.bytes(4)
            value = bytes.reduce(0) { $0 << 8 | UInt32($1) }
        } while value >= 4_294_000_000
        let digits = String(value % 1_000_000)
        state.code = String(repeating: "0", count: 6 - digits.count) + digits
        state.expiresAt = now + lifetime
    }
}
