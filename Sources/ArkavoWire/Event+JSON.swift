import WireCore

extension Event {
    /// flatc's JSON form of this event (see `TableJSON`): what `arkavo.decodeEvent` returns and
    /// `arkavo.encodeEvent` takes.
    public var json: JSONObject {
        var object: JSONObject = [
            "action": TableJSON.enumValue(action), "timestamp": TableJSON.unsigned(timestamp), "status": TableJSON.enumValue(status),
            "data_type": EventData.typeNames[data.type].map(JSONValue.string) ?? .int(Int64(data.type)),
        ]
        switch data {
        case .none, .other: break
        case .userEvent(let u):
            var member: JSONObject = ["source_type": TableJSON.enumValue(u.sourceType), "target_type": TableJSON.enumValue(u.targetType)]
            if let id = u.sourceID { member["source_id"] = TableJSON.bytes(id) }
            if let id = u.targetID { member["target_id"] = TableJSON.bytes(id) }
            if let attributes = u.attributeType { member["attribute_type"] = .array(attributes.map(TableJSON.enumValue)) }
            member["entity_type"] = TableJSON.enumValue(u.entityType)
            object["data"] = .object(member)
        case .cacheEvent(let c):
            var member = JSONObject()
            if let id = c.targetID { member["target_id"] = TableJSON.bytes(id) }
            if let payload = c.targetPayload { member["target_payload"] = TableJSON.bytes(payload) }
            member["ttl"] = .int(Int64(c.ttl))
            member["one_time_access"] = .bool(c.oneTimeAccess)
            object["data"] = .object(member)
        case .routeEvent(let r):
            var member: JSONObject = ["target_type": TableJSON.enumValue(r.targetType)]
            if let id = r.targetID { member["target_id"] = TableJSON.bytes(id) }
            member["source_type"] = TableJSON.enumValue(r.sourceType)
            if let id = r.sourceID { member["source_id"] = TableJSON.bytes(id) }
            member["attribute_type"] = TableJSON.enumValue(r.attributeType)
            member["entity_type"] = TableJSON.enumValue(r.entityType)
            if let payload = r.payload { member["payload"] = TableJSON.bytes(payload) }
            object["data"] = .object(member)
        }
        return object
    }

    /// Reads flatc's JSON form: absent scalars are the defaults, unknown fields are refused.
    public init(json: JSONValue) throws(FlatBufferJSONError) {
        var reader = try TableReader(json, path: "Event")
        let action: Action = try reader.enumValue("action", .unused)
        let timestamp = try reader.uint64("timestamp")
        let status: ActionStatus = try reader.enumValue("status", .unused)
        var type: UInt8 = 0
        if let value = try reader.rawScalar("data_type") {
            if let name = value.stringValue, let named = EventData.typeNames.first(where: { $0.value == name })?.key {
                type = named
            } else if case .int(let n) = value, let raw = UInt8(exactly: n) {
                type = raw
            } else {
                throw reader.fail("data_type", "\(value) is not NONE, UserEvent, CacheEvent, RouteEvent or an integer in 0...255")
            }
        }
        let data: EventData
        switch type {
        case 1:
            data =
                try reader.table("data") { (t: inout TableReader) throws(FlatBufferJSONError) in
                    EventData.userEvent(
                        UserEvent(
                            sourceType: try t.enumValue("source_type", .unused), targetType: try t.enumValue("target_type", .unused),
                            sourceID: try t.bytes("source_id"), targetID: try t.bytes("target_id"),
                            attributeType: try t.enums("attribute_type"),
                            entityType: try t.enumValue("entity_type", .unused)))
                } ?? .other(type: 1)
        case 2:
            data =
                try reader.table("data") { (t: inout TableReader) throws(FlatBufferJSONError) in
                    EventData.cacheEvent(
                        CacheEvent(
                            targetID: try t.bytes("target_id"), targetPayload: try t.bytes("target_payload"), ttl: try t.uint32("ttl"),
                            oneTimeAccess: try t.bool("one_time_access")))
                } ?? .other(type: 2)
        case 3:
            data =
                try reader.table("data") { (t: inout TableReader) throws(FlatBufferJSONError) in
                    EventData.routeEvent(
                        RouteEvent(
                            targetType: try t.enumValue("target_type", .unused), targetID: try t.bytes("target_id"),
                            sourceType: try t.enumValue("source_type", .unused), sourceID: try t.bytes("source_id"),
                            attributeType: try t.enumValue("attribute_type", .unused), entityType: try t.enumValue("entity_type", .unused),
                            payload: try t.bytes("payload")))
                } ?? .other(type: 3)
        default:
            if reader.raw("data") != nil { throw reader.fail("data", "a table for data_type \(type), which names no table of this schema") }
            data = type == 0 ? .none : .other(type: type)
        }
        try reader.finish()
        self.init(action: action, timestamp: timestamp, status: status, data: data)
    }
}
