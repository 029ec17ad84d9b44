/// The outputs of the nine endpoints (v0).

/// `getConvos#output`.
public struct GetConvosOutput: Codable, Sendable, Equatable {
    /// The conversations of this page.
    public var convos: [ConvoView]
    /// The cursor of the next page; nil on the last.
    public var cursor: String?
}

/// `createConvo#output`.
public struct CreateConvoOutput: Codable, Sendable, Equatable {
    /// The conversation.
    public var convo: ConvoView
    /// One Welcome per new member.
    public var welcomeMessages: [WelcomeMessage]
}

/// `addMembers#output`.
public struct AddMembersOutput: Codable, Sendable, Equatable {
    /// The conversation.
    public var convo: ConvoView
    /// The MLS Commit, base64.
    public var commit: String
    /// One Welcome per new member.
    public var welcomeMessages: [WelcomeMessage]
}

/// `leaveConvo#output`.
public struct LeaveConvoOutput: Codable, Sendable, Equatable {
    /// The MLS Commit, base64.
    public var commit: String
    /// The MLS epoch.
    public var epoch: EpochInfo?
}

/// `getMessages#output`.
public struct GetMessagesOutput: Codable, Sendable, Equatable {
    /// The messages of this page.
    public var messages: [MessageView]
    /// The cursor of the next page; nil on the last.
    public var cursor: String?
}

/// `sendMessage#output`.
public struct SendMessageOutput: Codable, Sendable, Equatable {
    /// The message.
    public var message: MessageView
}

/// `publishKeyPackage#output`.
public struct PublishKeyPackageOutput: Codable, Sendable, Equatable {
    /// The MLS KeyPackage, base64.
    public var keyPackage: KeyPackageRef
}

/// `getKeyPackages#output`.
public struct GetKeyPackagesOutput: Codable, Sendable, Equatable {
    /// The key packages found.
    public var keyPackages: [KeyPackageRef]
    /// The DIDs without a usable key package.
    public var missing: [String]?
}

/// `uploadBlob#output`.
public struct UploadBlobOutput: Codable, Sendable, Equatable {
    /// The stored blob.
    public var blob: BlobRef
}
