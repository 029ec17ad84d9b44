import CatbirdMLS
import HTTPExchange

/// The MLS service as a mock server runs it: HTTP only, with the blob limit enforced while the
/// body is read.
extension MLSService: MockService {
    public var host: String { config.host }
    public var requestedPort: Int { config.port }
    public var webSocket: WebSocketEndpoint? { nil }
    public func didBind(port: Int) {}

    /// 50 MB for uploadBlob (413 `BlobTooLarge`, without reading the rest), 2 MiB for the JSON procedures.
    public func bodyLimit(for request: APIRequest) -> BodyLimit {
        if request.path == MLSEndpoint.uploadBlob.path { return BodyLimit(maximum: config.maximumBlobSize, refusal: blobTooLarge.response) }
        return BodyLimit(
            maximum: 2 << 20, refusal: XRPCError(status: 413, name: "PayloadTooLarge", message: "a JSON body is at most 2 MiB").response)
    }
}
