// The enums of the Arkavo schemas as FlatBufferEnum values (raw Int8, named when the schema names them).

/// `Action` of event.fbs: what an Event asks for.
public struct Action: FlatBufferEnum {
    /// The byte as written in the buffer.
    public let rawValue: Int8
    /// The value `rawValue`, named or not.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The schema's names.
    public static let names: [Int8: String] = [
        0: "unused", 1: "join", 2: "apply", 3: "approve", 4: "leave", 5: "cache", 6: "store", 7: "share", 8: "invite",
    ]
    /// `unused` (0).
    public static let unused = Action(rawValue: 0)
    /// `join` (1).
    public static let join = Action(rawValue: 1)
    /// `apply` (2).
    public static let apply = Action(rawValue: 2)
    /// `approve` (3).
    public static let approve = Action(rawValue: 3)
    /// `leave` (4).
    public static let leave = Action(rawValue: 4)
    /// `cache` (5).
    public static let cache = Action(rawValue: 5)
    /// `store` (6).
    public static let store = Action(rawValue: 6)
    /// `share` (7).
    public static let share = Action(rawValue: 7)
    /// `invite` (8).
    public static let invite = Action(rawValue: 8)
}

/// `ActionStatus` of event.fbs.
public struct ActionStatus: FlatBufferEnum {
    /// The byte as written in the buffer.
    public let rawValue: Int8
    /// The value `rawValue`, named or not.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The schema's names.
    public static let names: [Int8: String] = [
        0: "unused", 1: "preparing", 2: "fulfilling", 3: "fulfilled", 4: "failed",
    ]
    /// `unused` (0).
    public static let unused = ActionStatus(rawValue: 0)
    /// `preparing` (1).
    public static let preparing = ActionStatus(rawValue: 1)
    /// `fulfilling` (2).
    public static let fulfilling = ActionStatus(rawValue: 2)
    /// `fulfilled` (3).
    public static let fulfilled = ActionStatus(rawValue: 3)
    /// `failed` (4).
    public static let failed = ActionStatus(rawValue: 4)
}

/// `EntityType` of event.fbs.
public struct EntityType: FlatBufferEnum {
    /// The byte as written in the buffer.
    public let rawValue: Int8
    /// The value `rawValue`, named or not.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The schema's names.
    public static let names: [Int8: String] = [
        0: "unused", 1: "stream_profile", 2: "account_profile", 3: "server",
    ]
    /// `unused` (0).
    public static let unused = EntityType(rawValue: 0)
    /// `stream_profile` (1).
    public static let streamProfile = EntityType(rawValue: 1)
    /// `account_profile` (2).
    public static let accountProfile = EntityType(rawValue: 2)
    /// `server` (3).
    public static let server = EntityType(rawValue: 3)
}

/// `AttributeType` of event.fbs.
public struct AttributeType: FlatBufferEnum {
    /// The byte as written in the buffer.
    public let rawValue: Int8
    /// The value `rawValue`, named or not.
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// The schema's names.
    public static let names: [Int8: String] = [
        0: "unused", 1: "time", 2: "location",
    ]
    /// `unused` (0).
    public static let unused = AttributeType(rawValue: 0)
    /// `time` (1).
    public static let time = AttributeType(rawValue: 1)
    /// `location` (2).
    public static let location = AttributeType(rawValue: 2)
}
