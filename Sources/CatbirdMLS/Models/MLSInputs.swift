/// The inputs of the JSON procedures (v0).

/// `createConvo#input`.
public struct CreateConvoInput: Codable, Sendable, Equatable {
    /// The MLS cipher suite.
    public var cipherSuite: String
    /// The DIDs to add at creation.
    public var initialMembers: [String]?
    /// The metadata.
    public var metadata: MetadataInput?

    /// An input.
    public init(cipherSuite: String, initialMembers: [String]? = nil, metadata: MetadataInput? = nil) {
        self.cipherSuite = cipherSuite
        self.initialMembers = initialMembers
        self.metadata = metadata
    }

    /// `createConvo#metadataInput` (its avatar is an atproto blob, kept as JSON).
    public struct MetadataInput: Codable, Sendable, Equatable {
        /// The name.
        public var name: String?
        /// The description.
        public var description: String?

        /// Metadata of a new conversation.
        public init(name: String? = nil, description: String? = nil) {
            self.name = name
            self.description = description
        }
    }
}

/// `addMembers#input`.
public struct AddMembersInput: Codable, Sendable, Equatable {
    /// The conversation.
    public var convoId: String
    /// The members.
    public var members: [String]

    /// An input.
    public init(convoId: String, members: [String]) {
        self.convoId = convoId
        self.members = members
    }
}

/// `leaveConvo#input`.
public struct LeaveConvoInput: Codable, Sendable, Equatable {
    /// The conversation.
    public var convoId: String

    /// An input.
    public init(convoId: String) { self.convoId = convoId }
}

/// `sendMessage#input` (attachments, atproto blobs, are left to raw JSON callers).
public struct SendMessageInput: Codable, Sendable, Equatable {
    /// The conversation.
    public var convoId: String
    /// The MLS application message, base64.
    public var ciphertext: String
    /// The MIME type of the plaintext (default text/plain).
    public var contentType: String?

    /// An input.
    public init(convoId: String, ciphertext: String, contentType: String? = nil) {
        self.convoId = convoId
        self.ciphertext = ciphertext
        self.contentType = contentType
    }
}

/// `publishKeyPackage#input`.
public struct PublishKeyPackageInput: Codable, Sendable, Equatable {
    /// The MLS KeyPackage, base64.
    public var keyPackage: String
    /// The MLS cipher suite.
    public var cipherSuite: String
    /// When it expires.
    public var expiresAt: ATDatetime?

    /// An input.
    public init(keyPackage: String, cipherSuite: String, expiresAt: ATDatetime? = nil) {
        self.keyPackage = keyPackage
        self.cipherSuite = cipherSuite
        self.expiresAt = expiresAt
    }
}
