/// `Event`, the root table of event.fbs and the body of a 0x06 frame. Scalars absent from a buffer
/// read as the schema's defaults; `nil` vectors are absent (an empty vector is present).
public struct Event: Equatable, Sendable {
    /// `action`.
    public var action: Action
    /// `timestamp`: epoch seconds in most app senders, milliseconds in one.
    public var timestamp: UInt64
    /// `status`.
    public var status: ActionStatus
    /// `data_type` and `data`.
    public var data: EventData

    /// An event with its fields.
    public init(action: Action = .unused, timestamp: UInt64 = 0, status: ActionStatus = .unused, data: EventData = .none) {
        self.action = action
        self.timestamp = timestamp
        self.status = status
        self.data = data
    }
}

/// The union `EventData`: `data_type` with the table it names.
public enum EventData: Equatable, Sendable {
    /// `NONE` (0): no member.
    case none
    /// `UserEvent` (1).
    case userEvent(UserEvent)
    /// `CacheEvent` (2).
    case cacheEvent(CacheEvent)
    /// `RouteEvent` (3).
    case routeEvent(RouteEvent)
    /// A `data_type` with no table to read: a known type whose `data` is absent, or a type this schema
    /// does not define (the Verifier accepts both; the table of an unknown type is not read).
    case other(type: UInt8)

    /// The union's type names by value.
    public static let typeNames: [UInt8: String] = [0: "NONE", 1: "UserEvent", 2: "CacheEvent", 3: "RouteEvent"]

    /// The `data_type` byte.
    public var type: UInt8 {
        switch self {
        case .none: 0
        case .userEvent: 1
        case .cacheEvent: 2
        case .routeEvent: 3
        case .other(let type): type
        }
    }
}

/// `UserEvent`: one entity acting on another.
public struct UserEvent: Equatable, Sendable {
    /// `source_type`.
    public var sourceType: EntityType
    /// `target_type`.
    public var targetType: EntityType
    /// `source_id`: a public ID.
    public var sourceID: [UInt8]?
    /// `target_id`: a public ID.
    public var targetID: [UInt8]?
    /// `attribute_type`: a vector of AttributeType.
    public var attributeType: [AttributeType]?
    /// `entity_type`.
    public var entityType: EntityType

    /// A user event with its fields.
    public init(
        sourceType: EntityType = .unused, targetType: EntityType = .unused, sourceID: [UInt8]? = nil, targetID: [UInt8]? = nil,
        attributeType: [AttributeType]? = nil, entityType: EntityType = .unused
    ) {
        self.sourceType = sourceType
        self.targetType = targetType
        self.sourceID = sourceID
        self.targetID = targetID
        self.attributeType = attributeType
        self.entityType = entityType
    }
}

/// `CacheEvent`: stores a payload (a NanoTDF) on the server.
public struct CacheEvent: Equatable, Sendable {
    /// `target_id`.
    public var targetID: [UInt8]?
    /// `target_payload`.
    public var targetPayload: [UInt8]?
    /// `ttl` in seconds; 0 means no expiry in arkavo-rs.
    public var ttl: UInt32
    /// `one_time_access`.
    public var oneTimeAccess: Bool

    /// A cache event with its fields.
    public init(targetID: [UInt8]? = nil, targetPayload: [UInt8]? = nil, ttl: UInt32 = 0, oneTimeAccess: Bool = false) {
        self.targetID = targetID
        self.targetPayload = targetPayload
        self.ttl = ttl
        self.oneTimeAccess = oneTimeAccess
    }
}

/// `RouteEvent`: a payload for another profile; arkavo-rs publishes it to `profile.<base58(target_id)>`.
public struct RouteEvent: Equatable, Sendable {
    /// `target_type`.
    public var targetType: EntityType
    /// `target_id`.
    public var targetID: [UInt8]?
    /// `source_type`.
    public var sourceType: EntityType
    /// `source_id`.
    public var sourceID: [UInt8]?
    /// `attribute_type`: one value here (a vector in UserEvent).
    public var attributeType: AttributeType
    /// `entity_type`.
    public var entityType: EntityType
    /// `payload`.
    public var payload: [UInt8]?

    /// A route event with its fields.
    public init(
        targetType: EntityType = .unused, targetID: [UInt8]? = nil, sourceType: EntityType = .unused, sourceID: [UInt8]? = nil,
        attributeType: AttributeType = .unused, entityType: EntityType = .unused, payload: [UInt8]? = nil
    ) {
        self.targetType = targetType
        self.targetID = targetID
        self.sourceType = sourceType
        self.sourceID = sourceID
        self.attributeType = attributeType
        self.entityType = entityType
        self.payload = payload
    }
}
