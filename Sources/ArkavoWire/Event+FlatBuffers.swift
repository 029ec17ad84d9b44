import CArkavoFlatBuffers

extension Event {
    /// Verifies `buffer` with the FlatBuffers Verifier (event.fbs) and decodes it; a refusal is
    /// `flatbuffer-invalid` with the field, the check and the byte offset.
    public static func decode(_ buffer: [UInt8], limits: VerifierLimits = .default) throws(ArkavoError) -> Event {
        var event = ArkavoEvent()
        var failure = ArkavoVerifyFailure()
        let accepted = buffer.withUnsafeBufferPointer { arkavo_decode_event($0.baseAddress, $0.count, limits.c, &event, &failure) }
        guard accepted else { throw FlatBufferBridge.failure(failure) }
        return Event(event)
    }

    /// The event when the Verifier accepts `buffer`, nil without a reason otherwise (for callers
    /// that only ask whether a body is an Event: the reason walk is not run).
    public static func decodeIfValid(_ buffer: [UInt8], limits: VerifierLimits = .default) -> Event? {
        var event = ArkavoEvent()
        let accepted = buffer.withUnsafeBufferPointer { arkavo_decode_event($0.baseAddress, $0.count, limits.c, &event, nil) }
        return accepted ? Event(event) : nil
    }

    /// Whether the generated Verifier alone accepts `buffer` (no decoding, no reason).
    public static func verifies(_ buffer: [UInt8], limits: VerifierLimits = .default) -> Bool {
        buffer.withUnsafeBufferPointer { arkavo_event_verifies($0.baseAddress, $0.count, limits.c) }
    }

    init(_ c: ArkavoEvent) {
        let data: EventData
        switch (c.data_type, c.data_present) {
        case (0, _): data = .none
        case (1, true):
            let u = c.user_event
            data = .userEvent(
                UserEvent(
                    sourceType: EntityType(rawValue: u.source_type), targetType: EntityType(rawValue: u.target_type),
                    sourceID: FlatBufferBridge.bytes(u.source_id), targetID: FlatBufferBridge.bytes(u.target_id),
                    attributeType: FlatBufferBridge.bytes(u.attribute_type)?.map { AttributeType(rawValue: Int8(bitPattern: $0)) },
                    entityType: EntityType(rawValue: u.entity_type)))
        case (2, true):
            let v = c.cache_event
            data = .cacheEvent(
                CacheEvent(
                    targetID: FlatBufferBridge.bytes(v.target_id), targetPayload: FlatBufferBridge.bytes(v.target_payload), ttl: v.ttl,
                    oneTimeAccess: v.one_time_access))
        case (3, true):
            let r = c.route_event
            data = .routeEvent(
                RouteEvent(
                    targetType: EntityType(rawValue: r.target_type), targetID: FlatBufferBridge.bytes(r.target_id),
                    sourceType: EntityType(rawValue: r.source_type), sourceID: FlatBufferBridge.bytes(r.source_id),
                    attributeType: AttributeType(rawValue: r.attribute_type), entityType: EntityType(rawValue: r.entity_type),
                    payload: FlatBufferBridge.bytes(r.payload)))
        case (let type, _): data = .other(type: type)
        }
        self.init(action: Action(rawValue: c.action), timestamp: c.timestamp, status: ActionStatus(rawValue: c.status), data: data)
    }

    /// The buffer the generated builders write for this event: the bytes `flatc --binary` writes from
    /// `json` (children in schema order; fields at their defaults are not written).
    public func encode() -> [UInt8] {
        let bridge = FlatBufferBridge()
        var c = ArkavoEvent()
        c.action = action.rawValue
        c.timestamp = timestamp
        c.status = status.rawValue
        c.data_type = data.type
        switch data {
        case .none, .other: c.data_present = false
        case .userEvent(let u):
            c.data_present = true
            c.user_event = ArkavoUserEvent(
                source_type: u.sourceType.rawValue, target_type: u.targetType.rawValue, source_id: bridge.vector(u.sourceID),
                target_id: bridge.vector(u.targetID),
                attribute_type: bridge.vector(u.attributeType?.map { UInt8(bitPattern: $0.rawValue) }),
                entity_type: u.entityType.rawValue)
        case .cacheEvent(let v):
            c.data_present = true
            c.cache_event = ArkavoCacheEvent(
                target_id: bridge.vector(v.targetID), target_payload: bridge.vector(v.targetPayload), ttl: v.ttl,
                one_time_access: v.oneTimeAccess)
        case .routeEvent(let r):
            c.data_present = true
            c.route_event = ArkavoRouteEvent(
                target_type: r.targetType.rawValue, target_id: bridge.vector(r.targetID), source_type: r.sourceType.rawValue,
                source_id: bridge.vector(r.sourceID), attribute_type: r.attributeType.rawValue, entity_type: r.entityType.rawValue,
                payload: bridge.vector(r.payload))
        }
        return withExtendedLifetime(bridge) { FlatBufferBridge.encoded(arkavo_encode_event(&c)) }
    }
}
