import ATProtoConformance
import CatbirdMLSConformance
import ConformanceKit
import WireCheckTesting
import WireCore
import XCTest

import enum WireCheckTestingATProto.ATProtoOps
import struct WireCheckTestingMLS.MLSErrorReading
import enum WireCheckTestingMLS.MLSOps
import struct WireCheckTestingMLS.MLSViolation

/// `WireCheckTestingATProto` and `WireCheckTestingMLS`: the builders over plain values and the products' own types. An
/// implementation that answers through them what the reference answers conforms on every case; one that does not
/// retry a 503 fails exactly the cases that ask about one.
final class TypedATProtoMLSProductTests: XCTestCase {
    /// The reference's answer to `op` with `args`.
    static func reference(_ op: String, _ args: JSONObject) -> Result<JSONObject, ShimError> {
        let table = op.hasPrefix("atproto.") ? ATProtoConformance.ATProtoOps.reference : CatbirdMLSConformance.MLSOps.reference
        return table.call(ShimRequest(op, args))
    }

    static func table(retryingServiceUnavailable: Bool) -> OpTable {
        OpTable(
            name: retryingServiceUnavailable ? "Client" : "NoRetryOn503",
            [
                ATProtoOps.syntax { format, value throws(ShimError) in
                    _ = try reference("atproto.syntax", ["format": .string(format), "value": .string(value)]).get()
                },
                MLSOps.validate { lexicon, value throws(ShimError) in
                    switch reference("mls.validate", ["lexicon": .string(lexicon), "value": value]) {
                    case .success: return []
                    case .failure(let error) where error.code == "invalid-value":
                        return (error.details["errors"]?.arrayValue ?? []).map {
                            MLSViolation(
                                path: $0["path"]?.stringValue ?? "", code: $0["code"]?.stringValue ?? "",
                                message: $0["message"]?.stringValue ?? "")
                        }
                    case .failure(let error): throw error
                    }
                },
                MLSOps.xrpcError { endpoint, status, contentType, retryAfter, body throws(ShimError) in
                    var args: JSONObject = [
                        "endpoint": .string(endpoint), "status": .int(Int64(status)),
                        "body": .string(String(decoding: body, as: UTF8.self)),
                    ]
                    if let contentType { args["contentType"] = .string(contentType) }
                    if let retryAfter { args["retryAfter"] = .string(retryAfter) }
                    let result = try reference("mls.xrpc-error", args).get()
                    return MLSErrorReading(
                        error: result["error"]?.stringValue, message: result["message"]?.stringValue,
                        declared: result["declared"]?.boolValue ?? false,
                        retry: status == 503 && !retryingServiceUnavailable ? false : result["retry"]?.boolValue ?? false,
                        retryAfter: result["retryAfter"]?.intValue.map(Int.init))
                },
            ])
    }

    func testTheProductsTypesConformAndANoRetryBugFailsOnlyItsCases() throws {
        let selection = CaseSelection(only: ["atproto/syntax", "mls/lexicon", "mls/xrpc-error"])
        let results = try ConformanceRun.run(Self.table(retryingServiceUnavailable: true), selection: selection, strict: true)
        XCTAssertEqual(results.filter(\.status.failsRun).map { "\($0.id): \($0.reason)" }, [])
        XCTAssertEqual(results.filter { $0.status == .unimplemented }.map(\.id), [])
        XCTAssertGreaterThan(results.filter { $0.status == .pass }.count, 1700)

        let failed = try ConformanceRun.run(Self.table(retryingServiceUnavailable: false), selection: selection, strict: true)
            .filter(\.status.failsRun)
        XCTAssertFalse(failed.isEmpty)
        XCTAssertTrue(failed.allSatisfy { $0.id.hasPrefix("mls/xrpc-error/") }, "\(failed.map(\.id))")
    }
}
