import ConformanceKit

/// FlowDown Model Exchange: keys, handshake and signed exchange URLs, callbacks, the encrypted
/// payload wrapper and the models plist.
public enum FlowDownFamily {
    /// The `flowdown/*` suites and the protocol-step benchmarks.
    public static let family = ProtocolFamily(
        name: "flowdown", title: "FlowDown Model Exchange: signed exchange URLs, encrypted payloads, models plist",
        suites: [
            FlowDownKeysSuite(), FlowDownExchangeURLSuite(), FlowDownParseURLSuite(), FlowDownVerifySuite(), FlowDownCallbackURLSuite(),
            FlowDownSessionSuite(),
            FlowDownPayloadSuite(), FlowDownModelsSuite(),
        ],
        reference: FlowDownOps.reference, bench: FlowDownBench.set)
}
