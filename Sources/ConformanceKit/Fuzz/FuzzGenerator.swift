import WireCore

/// Makes new inputs of a group type from random choices, through the reference itself: a NanoTDF
/// container of a shape no vector has, a handle whose labels sit at their length limits. The vectors'
/// cases enumerate what their authors thought of; a generator draws from the whole structure, and the
/// fuzzer mutates what it makes as it mutates a vector case.
public struct FuzzGenerator: Sendable {
    /// One made input: its arguments, the flags of the suite's vocabulary it has, and what it is in prose.
    public struct Made: Sendable {
        /// The group's params.
        public var params: JSONObject
        /// The case's input.
        public var input: JSONObject
        /// Flags of the suite's vocabulary that describe it (their notes go into a findings file).
        public var flags: [String]
        /// What was made, for the case's comment.
        public var comment: String

        /// An input with its params, flags and comment.
        public init(params: JSONObject = JSONObject(), input: JSONObject, flags: [String] = [], comment: String) {
            self.params = params
            self.input = input
            self.flags = flags
            self.comment = comment
        }
    }

    /// What it makes, for case ids (`<suite>/generated-<name>`): `container`, `handle`.
    public let name: String
    /// An input drawn with `random`, or nil when the draw made nothing usable.
    public let make: @Sendable (_ random: inout SeededRandom) -> Made?

    /// A generator named `name`.
    public init(_ name: String, make: @escaping @Sendable (_ random: inout SeededRandom) -> Made?) {
        self.name = name
        self.make = make
    }
}

extension SeededRandom {
    /// A number in `0..<count` (0 when `count` is 0 or 1).
    public mutating func below(_ count: Int) -> Int { count <= 1 ? 0 : Int(next() % UInt64(count)) }

    /// One of `choices`, which must not be empty.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// True once in `oneIn` draws.
    public mutating func chance(_ oneIn: Int) -> Bool { below(oneIn) == 0 }

    /// A length near one of `limits` (the limit, one less or one more) half the time, else in `0...maximum`.
    public mutating func length(near limits: [Int], maximum: Int) -> Int {
        if !limits.isEmpty, chance(2) { return max(0, pick(limits) + below(3) - 1) }
        return below(maximum + 1)
    }
}
