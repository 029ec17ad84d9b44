/// An Arkavo `Event` (event.fbs, the body of a 0x06 frame) as your decoder reads it, every field given. The schema's
/// enums (`Action`, `ActionStatus`, `EntityType`, `AttributeType`) are bytes as written: the FlatBuffers Verifier does not
/// check enum values, so a value the schema does not name is still an event. A vector that is absent is nil; an empty
/// one is present.
public struct ArkavoEvent: Equatable, Sendable {
    /// The `data` union: its `data_type` and the table it names.
    public enum Data: Equatable, Sendable {
        /// `NONE` (0).
        case none
        /// `UserEvent` (1).
        case user(User)
        /// `CacheEvent` (2).
        case cache(Cache)
        /// `RouteEvent` (3).
        case route(Route)
        /// A `data_type` whose table is not read: a known type without its table, or a type the schema does not define.
        case other(type: UInt8)
    }

    /// `UserEvent`: one entity acting on another.
    public struct User: Equatable, Sendable {
        /// `source_type`.
        public var sourceType: Int8
        /// `target_type`.
        public var targetType: Int8
        /// `source_id`.
        public var sourceID: [UInt8]?
        /// `target_id`.
        public var targetID: [UInt8]?
        /// `attribute_type`, a vector.
        public var attributeType: [Int8]?
        /// `entity_type`.
        public var entityType: Int8

        /// A user event, every field given.
        public init(sourceType: Int8, targetType: Int8, sourceID: [UInt8]?, targetID: [UInt8]?, attributeType: [Int8]?, entityType: Int8) {
            self.sourceType = sourceType
            self.targetType = targetType
            self.sourceID = sourceID
            self.targetID = targetID
            self.attributeType = attributeType
            self.entityType = entityType
        }
    }

    /// `CacheEvent`: a payload stored on the server.
    public struct Cache: Equatable, Sendable {
        /// `target_id`.
        public var targetID: [UInt8]?
        /// `target_payload`.
        public var targetPayload: [UInt8]?
        /// `ttl`, seconds.
        public var ttl: UInt32
        /// `one_time_access`.
        public var oneTimeAccess: Bool

        /// A cache event, every field given.
        public init(targetID: [UInt8]?, targetPayload: [UInt8]?, ttl: UInt32, oneTimeAccess: Bool) {
            self.targetID = targetID
            self.targetPayload = targetPayload
            self.ttl = ttl
            self.oneTimeAccess = oneTimeAccess
        }
    }

    /// `RouteEvent`: a payload for another profile.
    public struct Route: Equatable, Sendable {
        /// `target_type`.
        public var targetType: Int8
        /// `target_id`.
        public var targetID: [UInt8]?
        /// `source_type`.
        public var sourceType: Int8
        /// `source_id`.
        public var sourceID: [UInt8]?
        /// `attribute_type`, one value.
        public var attributeType: Int8
        /// `entity_type`.
        public var entityType: Int8
        /// `payload`.
        public var payload: [UInt8]?

        /// A route event, every field given.
        public init(
            targetType: Int8, targetID: [UInt8]?, sourceType: Int8, sourceID: [UInt8]?, attributeType: Int8, entityType: Int8,
            payload: [UInt8]?
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

    /// `action`.
    public var action: Int8
    /// `timestamp`.
    public var timestamp: UInt64
    /// `status`.
    public var status: Int8
    /// `data_type` and `data`.
    public var data: Data

    /// An event, every field given.
    public init(action: Int8, timestamp: UInt64, status: Int8, data: Data) {
        self.action = action
        self.timestamp = timestamp
        self.status = status
        self.data = data
    }
}
