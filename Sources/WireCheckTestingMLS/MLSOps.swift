import CatbirdMLSConformance
import ConformanceKit
import WireCore

// The plain values the builders take and give, one declaration at a time.
@_exported import struct CatbirdMLSConformance.MLSErrorReading
@_exported import struct CatbirdMLSConformance.MLSViolation

/// The `mls.*` ops as typed functions over plain Swift values (`MLSViolation`, `MLSErrorReading`), for an `OpTable` of
/// `WireCheckTesting`: `OpTable(name: "MyClient", [MLSOps.xrpcError { endpoint, status, contentType, retryAfter, body in … }])`.
public enum MLSOps {
    private typealias Reference = CatbirdMLSConformance.MLSOps

    /// `mls.validate`: every way `value` breaks `lexicon` (`nsid#def`, `nsid#params`, `#input`, `#output`; the
    /// documents are `wirecheck mls lexicons`), none when it is valid. The builder turns violations into the
    /// `invalid-value` refusal, with the paths `--strict` compares.
    public static func validate(
        _ validate: @escaping @Sendable (_ lexicon: String, _ value: JSONValue) throws(ShimError) -> [MLSViolation]
    ) -> ShimOperation {
        Reference.validate(validate)
    }

    /// `mls.xrpc-error`: how a client reads an answer of `status` from `endpoint` (its full NSID,
    /// `blue.catbird.mls.getConvos`), with these header values (nil when absent) and body.
    public static func xrpcError(
        _ read:
            @escaping @Sendable (_ endpoint: String, _ status: Int, _ contentType: String?, _ retryAfter: String?, _ body: [UInt8])
            throws(ShimError) -> MLSErrorReading
    ) -> ShimOperation {
        Reference.xrpcError { endpoint, status, contentType, retryAfter, body throws(ShimError) in
            try read(endpoint.nsid, status, contentType, retryAfter, body)
        }
    }
}
