import ATProtoLexicon
import CatbirdMLS
import Foundation
import WireCore

/// A client of the Catbird MLS v0 API: the nine calls with Bearer auth, request and response
/// validation against the shipped lexicons, `{error, message}` answers as typed errors, retries per
/// `RetryPolicy`, cursor pages as async sequences, and the 50 MB check before an upload.
public struct MLSClient: Sendable {
    /// The server, e.g. `http://127.0.0.1:8767`.
    public let baseURL: String
    /// The Bearer token.
    public let token: String
    /// How requests are sent.
    public let transport: any XRPCTransport
    /// When to retry.
    public let retry: RetryPolicy
    /// How the client waits between attempts (injected in tests).
    public let sleep: @Sendable (Double) async throws -> Void
    /// The jitter factor in [0.5, 1] of each computed delay (injected in tests).
    public let jitter: @Sendable () -> Double
    /// The largest blob `uploadBlob` sends.
    public static let maximumBlobSize = 52_428_800
    /// How answers are read.
    public let mode: Mode

    /// Which answers the client takes.
    public enum Mode: Sendable {
        /// The v0 contract only (the default).
        case strict
        /// Also the compatibility aliases of later servers: `conversations` for `convos`, a bare
        /// convoView from createConvo, a bare `{cid, size}` from uploadBlob, `expires` for `expiresAt`.
        case lenient
    }

    let validator = CatbirdLexicons.validator()

    /// A client; by default over AsyncHTTPClient, sleeping for real, with random jitter.
    public init(
        baseURL: String, token: String, transport: any XRPCTransport = AsyncHTTPClientTransport(), retry: RetryPolicy = RetryPolicy(),
        sleep: @escaping @Sendable (Double) async throws -> Void = { try await Task.sleep(for: .milliseconds(Int64($0 * 1000))) },
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0.5...1.0) }, mode: Mode = .strict
    ) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.token = token
        self.transport = transport
        self.retry = retry
        self.sleep = sleep
        self.jitter = jitter
        self.mode = mode
    }

    // MARK: The nine calls

    /// `getConvos`.
    public func getConvos(limit: Int? = nil, cursor: String? = nil, sortBy: String? = nil, sortOrder: String? = nil)
        async throws(MLSClientError)
        -> GetConvosOutput
    {
        var query: [QueryItem] = []
        if let limit { query.append(QueryItem("limit", String(limit))) }
        if let cursor { query.append(QueryItem("cursor", cursor)) }
        if let sortBy { query.append(QueryItem("sortBy", sortBy)) }
        if let sortOrder { query.append(QueryItem("sortOrder", sortOrder)) }
        return try await self.query(.getConvos, query)
    }

    /// `createConvo`.
    public func createConvo(_ input: CreateConvoInput) async throws(MLSClientError) -> CreateConvoOutput {
        try await procedure(.createConvo, input)
    }

    /// `addMembers`.
    public func addMembers(_ input: AddMembersInput) async throws(MLSClientError) -> AddMembersOutput {
        try await procedure(.addMembers, input)
    }

    /// `leaveConvo`.
    public func leaveConvo(_ input: LeaveConvoInput) async throws(MLSClientError) -> LeaveConvoOutput {
        try await procedure(.leaveConvo, input)
    }

    /// `getMessages`.
    public func getMessages(convoId: String, limit: Int? = nil, cursor: String? = nil, epoch: Int? = nil) async throws(MLSClientError)
        -> GetMessagesOutput
    {
        var query = [QueryItem("convoId", convoId)]
        if let limit { query.append(QueryItem("limit", String(limit))) }
        if let cursor { query.append(QueryItem("cursor", cursor)) }
        if let epoch { query.append(QueryItem("epoch", String(epoch))) }
        return try await self.query(.getMessages, query)
    }

    /// `sendMessage`.
    public func sendMessage(_ input: SendMessageInput) async throws(MLSClientError) -> SendMessageOutput {
        try await procedure(.sendMessage, input)
    }

    /// `publishKeyPackage`.
    public func publishKeyPackage(_ input: PublishKeyPackageInput) async throws(MLSClientError) -> PublishKeyPackageOutput {
        try await procedure(.publishKeyPackage, input)
    }

    /// `getKeyPackages`, `dids` as repeated parameters.
    public func getKeyPackages(dids: [String], cipherSuite: String? = nil) async throws(MLSClientError) -> GetKeyPackagesOutput {
        var query = dids.map { QueryItem("dids", $0) }
        if let cipherSuite { query.append(QueryItem("cipherSuite", cipherSuite)) }
        return try await self.query(.getKeyPackages, query)
    }

    /// `uploadBlob`: refuses more than 50 MB before sending anything.
    public func uploadBlob(_ data: [UInt8], mimeType: String) async throws(MLSClientError) -> UploadBlobOutput {
        guard data.count <= Self.maximumBlobSize else { throw .blobTooLarge(size: data.count, limit: Self.maximumBlobSize) }
        let request = XRPCRequest(
            method: "POST", target: MLSEndpoint.uploadBlob.path,
            headers: [("Authorization", "Bearer \(token)"), ("Content-Type", mimeType)],
            body: data)
        return try decode(try await send(request), .uploadBlob)
    }

    // MARK: Pages

    /// Every conversation, page by page, following `cursor` until the server sends none.
    public func allConvos(pageSize: Int = 50) -> MLSPages<ConvoView> {
        MLSPages { cursor throws(MLSClientError) in
            let page = try await getConvos(limit: pageSize, cursor: cursor)
            return (page.convos, page.cursor)
        }
    }

    /// Every message of a conversation, page by page.
    public func allMessages(convoId: String, pageSize: Int = 50) -> MLSPages<MessageView> {
        MLSPages { cursor throws(MLSClientError) in
            let page = try await getMessages(convoId: convoId, limit: pageSize, cursor: cursor)
            return (page.messages, page.cursor)
        }
    }

    // MARK: Requests

    func query<Output: Decodable>(_ endpoint: MLSEndpoint, _ items: [QueryItem]) async throws(MLSClientError) -> Output {
        let params = LexiconDecoding.params(items, schema: CatbirdLexicons.catalog.parameters(of: endpoint.nsid))
        if let errors = try? validator.validate(params, against: "\(endpoint.nsid)#params").errors, !errors.isEmpty {
            throw .invalidRequest(errors)
        }
        let query = URLQueryEncoding.encode(items)
        let request = XRPCRequest(
            method: "GET", target: endpoint.path + (query.isEmpty ? "" : "?" + query), headers: [("Authorization", "Bearer \(token)")])
        return try decode(try await send(request), endpoint)
    }

    func procedure<Input: Encodable, Output: Decodable>(_ endpoint: MLSEndpoint, _ input: Input) async throws(MLSClientError) -> Output {
        let body: [UInt8]
        do { body = Array(try JSONEncoder().encode(input)) } catch { throw .invalidRequest([]) }
        if let value = try? JSONParser.parse(body), let errors = try? validator.validate(value, against: "\(endpoint.nsid)#input").errors,
            !errors.isEmpty
        {
            throw .invalidRequest(errors)
        }
        let request = XRPCRequest(
            method: "POST", target: endpoint.path, headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
            body: body)
        return try decode(try await send(request), endpoint)
    }

    /// Sends with retries; returns the first answer that is not retried.
    func send(_ request: XRPCRequest) async throws(MLSClientError) -> XRPCResponse {
        var attempt = 0
        while true {
            let outcome: Result<XRPCResponse, any Error>
            do { outcome = .success(try await transport.send(request, baseURL: baseURL)) } catch { outcome = .failure(error) }
            let retryAfter: Int?
            switch outcome {
            case .success(let response) where !XRPCErrorResponse.isRetryable(status: response.status) || attempt >= retry.maxRetries:
                return response
            case .success(let response):
                retryAfter = response.errorResponse.retryAfter
            case .failure(let error) where attempt >= retry.maxRetries: throw .transport("\(error)")
            case .failure: retryAfter = nil
            }
            attempt += 1
            do { try await sleep(retry.delay(beforeRetry: attempt, retryAfter: retryAfter, jitter: jitter())) } catch {
                throw .transport("cancelled while waiting to retry")
            }
        }
    }

    /// The output of a 200 answer, checked against the lexicon; an error answer as a typed error.
    func decode<Output: Decodable>(_ response: XRPCResponse, _ endpoint: MLSEndpoint) throws(MLSClientError) -> Output {
        guard response.status == 200 else {
            let answer = response.errorResponse
            if let name = answer.error { throw .xrpc(status: response.status, error: name, message: answer.message) }
            // Clients must tolerate error bodies that are not XRPC errors (atproto XRPC spec): the start of it says what it was.
            throw .xrpc(status: response.status, error: nil, message: String(decoding: response.body.prefix(200), as: UTF8.self))
        }
        guard var value = try? JSONParser.parse(response.body) else { throw .invalidResponse("the body is not JSON") }
        if mode == .lenient { value = CompatibilityAliases.toV0(value, endpoint) }
        let errors = (try? validator.validate(value, against: "\(endpoint.nsid)#output").errors) ?? []
        guard errors.isEmpty else {
            throw .invalidResponse("breaks \(endpoint.nsid)#output: " + errors.prefix(3).map(\.description).joined(separator: "; "))
        }
        do {
            return try JSONDecoder().decode(Output.self, from: Data(mode == .lenient ? JSONWriter().bytes(value) : response.body))
        } catch {
            throw .invalidResponse("\(error)")
        }
    }
}
