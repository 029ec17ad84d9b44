/// Failures injected for client tests (`serve mls --faults 'sendMessage:503x2,getConvos:429@2'`, `serve cdev --faults
/// '/api/auth/refresh:503x1'`): for an endpoint (an MLS method's name, a cdev path), `STATUSxN` fails its next N calls
/// with STATUS and `STATUS@K` fails only its K-th call.
/// A 429 carries `Retry-After: 1`, or the seconds after a slash (`429x1/0`): 0 is a value clients
/// tend to read as "absent" (a wait of 0 is not a missing header).
public struct FaultPlan: Sendable, Equatable {
    /// One rule.
    public struct Rule: Sendable, Equatable {
        /// The endpoint name (`sendMessage`).
        public var endpoint: String
        /// The status to answer.
        public var status: Int
        /// The calls (1-based) it applies to.
        public var calls: ClosedRange<Int>
        /// The `Retry-After` seconds of a 429.
        public var retryAfter = 1
    }

    /// The rules in the order given.
    public var rules: [Rule]

    /// No faults.
    public init() { rules = [] }

    /// Parses the `--faults` text; throws the reason when it is malformed.
    public init(parsing text: String) throws(FaultPlanError) {
        rules = []
        for item in text.split(separator: ",").map(Self.trimmingSpaces) where !item.isEmpty {
            let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw FaultPlanError("'\(item)': expected endpoint:STATUSxN or endpoint:STATUS@K")
            }
            let (spec, retryAfter) = try Self.retryAfter(item, parts[1])
            if let x = spec.firstIndex(of: "x"), let status = Int(spec[..<x]), let count = Int(spec[spec.index(after: x)...]), count >= 1 {
                rules.append(Rule(endpoint: parts[0], status: status, calls: 1...count, retryAfter: retryAfter))
            } else if let at = spec.firstIndex(of: "@"), let status = Int(spec[..<at]), let call = Int(spec[spec.index(after: at)...]),
                call >= 1
            {
                rules.append(Rule(endpoint: parts[0], status: status, calls: call...call, retryAfter: retryAfter))
            } else {
                throw FaultPlanError("'\(item)': expected STATUSxN (the next N calls) or STATUS@K (the K-th call)")
            }
            guard (400...599).contains(rules.last!.status) else { throw FaultPlanError("'\(item)': the status must be 400-599") }
            guard rules.last!.status == 429 || !parts[1].contains("/") else {
                throw FaultPlanError("'\(item)': only a 429 carries Retry-After seconds")
            }
        }
    }

    /// `text` without the spaces and tabs around it (`a:503x1, b:429@2`).
    private static func trimmingSpaces(_ text: Substring) -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// Splits `429x1/0` into `429x1` and its `Retry-After` seconds (1 without a slash).
    private static func retryAfter(_ item: String, _ spec: String) throws(FaultPlanError) -> (Substring, Int) {
        guard let slash = spec.firstIndex(of: "/") else { return (spec[...], 1) }
        guard let seconds = Int(spec[spec.index(after: slash)...]), seconds >= 0 else {
            throw FaultPlanError("'\(item)': the Retry-After after '/' must be whole seconds, 0 or more")
        }
        return (spec[..<slash], seconds)
    }

    /// The status to inject into call number `call` (1-based) of `endpoint`, if any.
    public func status(for endpoint: String, call: Int) -> Int? {
        rule(for: endpoint, call: call)?.status
    }

    /// The rule that applies to call number `call` (1-based) of `endpoint`, if any.
    public func rule(for endpoint: String, call: Int) -> Rule? {
        rules.first { $0.endpoint == endpoint && $0.calls.contains(call) }
    }
}

/// A malformed `--faults` text.
public struct FaultPlanError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let description: String
    init(_ description: String) { self.description = description }
}
