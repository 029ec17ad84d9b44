// What an implementer's tests need besides this module: `ShimError`, `Expectations` and `CaseResult`
// (ConformanceKit), `JSONObject` and `JSONValue` (WireCore). One import then does.
@_exported import ConformanceKit
@_exported import WireCore
