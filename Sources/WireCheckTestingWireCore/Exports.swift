// The typed helpers of the WireCore family for an `OpTable` of `WireCheckTesting`: `WireCoreOps.base64Decode`,
// `queryEncode` and `queryDecode`, with the two value types their functions take or give. Nothing else of the
// reference comes into scope.
@_exported import enum WireCoreConformance.WireCoreOps
@_exported import struct WireCore.Base64Variant
@_exported import struct WireCore.QueryItem
