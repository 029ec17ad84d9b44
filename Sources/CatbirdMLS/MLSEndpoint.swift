/// The nine XRPC endpoints of the Catbird MLS v0 contract (catbird-mls.md section 2).
public enum MLSEndpoint: String, CaseIterable, Sendable {
    case getConvos, createConvo, addMembers, leaveConvo, getMessages, sendMessage, publishKeyPackage, getKeyPackages, uploadBlob

    /// The lexicon namespace of the contract.
    public static let namespace = "blue.catbird.mls"

    /// `blue.catbird.mls.<name>`.
    public var nsid: String { "\(Self.namespace).\(rawValue)" }

    /// The XRPC path, `/xrpc/<nsid>`.
    public var path: String { "/xrpc/\(nsid)" }

    /// Whether it is a query (GET); the others are procedures (POST).
    public var isQuery: Bool { [.getConvos, .getMessages, .getKeyPackages].contains(self) }

    /// The HTTP method.
    public var method: String { isQuery ? "GET" : "POST" }
}
