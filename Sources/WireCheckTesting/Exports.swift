// What an implementer's tests need besides this module: `ShimError`, `Expectations` and `CaseResult`
// (ConformanceKit), `JSONObject` and `JSONValue` (WireCore), and the families' typed op builders
// (`WireCoreOps`, `CdevOps`, …, through WireCheckFamilies). One import then does.
@_exported import ConformanceKit
@_exported import WireCheckFamilies
@_exported import WireCore
