import CatbirdMLS
import HTTPExchange
import WireCore

/// uploadBlob: the raw body is the blob; at most `maximumBlobSize` bytes (the server adapter stops
/// reading at the limit and answers 413 `BlobTooLarge` through `bodyLimit`).
extension MLSService {
    func uploadBlob(_ caller: String, _ request: APIRequest) throws(XRPCError) -> JSONValue {
        guard request.body.count <= config.maximumBlobSize else { throw blobTooLarge }
        guard !request.body.isEmpty else { throw .invalidRequest("the blob is empty") }
        let mediaType = request.header("Content-Type")?.mediaType ?? ""
        let mimeType = mediaType.isEmpty ? "application/octet-stream" : mediaType
        let blob = MLSState.Blob(cid: BlobCID.cid(of: request.body), mimeType: mimeType, size: Int64(request.body.count))
        try state.withLock { state throws(XRPCError) in
            try persist([.blob(blob)], state)
            state.blobs[blob.cid] = blob
        }
        return ["blob": MLSViews.blob(blob)]
    }

    var blobTooLarge: XRPCError {
        XRPCError(status: 413, name: "BlobTooLarge", message: "a blob is at most \(config.maximumBlobSize) bytes")
    }
}
