// What a test of an implementation names besides this module's own API, re-exported one declaration at a time: the
// JSON values of the shim's shape, the error an op throws, the results and their statuses, the selection and the
// expectations, the op table of the typed shape, and the vector files. No module is re-exported whole, so no type of
// WireCheck's reference implementation comes into scope: a function or type of yours with the same name as one of
// the reference's is never ambiguous, and a test that forgets to import your module does not compile.
@_exported import enum ConformanceKit.BugType
@_exported import struct ConformanceKit.CaseResult
@_exported import struct ConformanceKit.CaseSelection
@_exported import enum ConformanceKit.CaseStatus
@_exported import struct ConformanceKit.Expectations
@_exported import enum ConformanceKit.ExpectedResult
@_exported import struct ConformanceKit.FailureDetail
@_exported import struct ConformanceKit.OpTable
@_exported import struct ConformanceKit.ShimError
@_exported import struct ConformanceKit.ShimOperation
@_exported import struct ConformanceKit.TestCase
@_exported import struct ConformanceKit.TestGroup
@_exported import struct ConformanceKit.VectorFile
@_exported import struct WireCore.JSONObject
@_exported import enum WireCore.JSONValue
