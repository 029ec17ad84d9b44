/// The views of `blue.catbird.mls.defs` (v0). Binary fields are base64 strings, as v0 declares them.

/// `convoView`: a conversation as the caller sees it.
public struct ConvoView: Codable, Sendable, Equatable {
    /// The identifier.
    public var id: String
    /// The MLS group identifier (hex).
    public var groupId: String
    /// The DID of the creator.
    public var creator: String
    /// The members.
    public var members: [MemberView]
    /// The MLS epoch.
    public var epoch: Int
    /// The MLS cipher suite.
    public var cipherSuite: String?
    /// When it was created.
    public var createdAt: ATDatetime
    /// When the last message was sent.
    public var lastMessageAt: ATDatetime?
    /// The metadata.
    public var metadata: ConvoMetadata?
}

/// `convoMetadata`.
public struct ConvoMetadata: Codable, Sendable, Equatable {
    /// The name.
    public var name: String?
    /// The description.
    public var description: String?
    /// The avatar.
    public var avatar: BlobRef?

    /// Metadata of these fields.
    public init(name: String? = nil, description: String? = nil, avatar: BlobRef? = nil) {
        self.name = name
        self.description = description
        self.avatar = avatar
    }
}

/// `memberView`.
public struct MemberView: Codable, Sendable, Equatable {
    /// The DID.
    public var did: String
    /// When the member joined.
    public var joinedAt: ATDatetime
    /// The member's leaf in the ratchet tree.
    public var leafIndex: Int?
    /// The MLS credential, base64.
    public var credential: String?
}

/// `messageView`: an encrypted message.
public struct MessageView: Codable, Sendable, Equatable {
    /// The identifier.
    public var id: String
    /// The conversation.
    public var convoId: String
    /// The DID of the sender.
    public var sender: String
    /// The MLS application message, base64.
    public var ciphertext: String
    /// The MLS epoch.
    public var epoch: Int
    /// When it was created.
    public var createdAt: ATDatetime
    /// The MIME type of the plaintext (default text/plain).
    public var contentType: String?
    /// Attached blobs.
    public var attachments: [BlobRef]?
}

/// `keyPackageRef`: a published key package.
public struct KeyPackageRef: Codable, Sendable, Equatable {
    /// The identifier.
    public var id: String
    /// The DID.
    public var did: String
    /// The MLS KeyPackage, base64.
    public var keyPackage: String
    /// The MLS cipher suite.
    public var cipherSuite: String
    /// When it was created.
    public var createdAt: ATDatetime
    /// When it expires.
    public var expiresAt: ATDatetime?
}

/// `blobRef`: the v0 stored-blob object (not the atproto blob type).
public struct BlobRef: Codable, Sendable, Equatable {
    /// The content identifier.
    public var cid: String
    /// The MIME type.
    public var mimeType: String
    /// The size in bytes.
    public var size: Int
    /// An at-uri reference.
    public var ref: String?
}

/// `epochInfo`.
public struct EpochInfo: Codable, Sendable, Equatable {
    /// The MLS epoch.
    public var epoch: Int
    /// The MLS group identifier (hex).
    public var groupId: String
    /// How many members.
    public var memberCount: Int?
    /// When the epoch changed.
    public var updatedAt: ATDatetime?
}

/// `welcomeMessage`: the Welcome for one new member.
public struct WelcomeMessage: Codable, Sendable, Equatable {
    /// The DID.
    public var did: String
    /// The MLS Welcome, base64.
    public var welcome: String
}
