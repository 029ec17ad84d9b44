import ArkavoWire
import ConformanceKit
import NanoTDF
import WireCheckTestingNanoTDF

// Member by member, both ways where an op needs them; each initialiser names every field of the product's type, so a
// field added to it is a compile error (the reference's initialisers have defaults). A rating or purpose is set as it
// is, not through the reference's padding initialisers, so a decoder that reads too few levels is compared as it
// answered; more levels or scores than the table has fields are refused (the JSON form has no place for them).

extension ArkavoVerifierLimits {
    init(_ limits: VerifierLimits) { self.init(maxDepth: limits.maxDepth, maxTables: limits.maxTables) }
}

extension Frame {
    init(_ frame: ArkavoFrame) throws(ShimError) {
        switch frame {
        case .clientPublicKey(let key): self = .clientPublicKey(key)
        case .serverPublicKey(let key, let salt): self = .serverPublicKey(publicKey: key, salt: salt)
        case .kasPublicKeyRequest: self = .kasPublicKeyRequest
        case .kasPublicKey(let key): self = .kasPublicKey(key)
        case .rewrap(let header, let headerBytes, let trailing):
            self = .rewrap(header: try Header(header), headerBytes: headerBytes, trailing: trailing)
        case .rewrappedKey(let key, let nonce, let wrapped, let tag):
            self = .rewrappedKey(ephemeralPublicKey: key, nonce: nonce, wrappedKey: wrapped, tag: tag)
        case .rewrapDenied(let key): self = .rewrapDenied(ephemeralPublicKey: key)
        case .nats(let container): self = .nats(try Container(container))
        case .event(let event, let bytes): self = .event(Event(event), bytes: bytes)
        case .eventNanoTDF(let container): self = .eventNanoTDF(try Container(container))
        case .eventOpaque(let bytes): self = .eventOpaque(bytes)
        case .cbor(let bytes): self = .cbor(bytes)
        case .error(let type, let message, let details, let body):
            self = .error(ErrorMessage(errorType: type, message: message, details: details), body: body)
        case .bareNanoTDF(let container): self = .bareNanoTDF(try Container(container))
        }
    }
}

extension Event {
    init(_ event: ArkavoEvent) {
        let data: EventData
        switch event.data {
        case .none: data = .none
        case .user(let u):
            data = .userEvent(
                UserEvent(
                    sourceType: EntityType(rawValue: u.sourceType), targetType: EntityType(rawValue: u.targetType), sourceID: u.sourceID,
                    targetID: u.targetID, attributeType: u.attributeType?.map(AttributeType.init(rawValue:)),
                    entityType: EntityType(rawValue: u.entityType)))
        case .cache(let c):
            data = .cacheEvent(CacheEvent(targetID: c.targetID, targetPayload: c.targetPayload, ttl: c.ttl, oneTimeAccess: c.oneTimeAccess))
        case .route(let r):
            data = .routeEvent(
                RouteEvent(
                    targetType: EntityType(rawValue: r.targetType), targetID: r.targetID, sourceType: EntityType(rawValue: r.sourceType),
                    sourceID: r.sourceID, attributeType: AttributeType(rawValue: r.attributeType),
                    entityType: EntityType(rawValue: r.entityType),
                    payload: r.payload))
        case .other(let type): data = .other(type: type)
        }
        self.init(
            action: Action(rawValue: event.action), timestamp: event.timestamp, status: ActionStatus(rawValue: event.status), data: data)
    }
}

extension ArkavoEvent {
    init(_ event: Event) {
        let data: Data
        switch event.data {
        case .none: data = .none
        case .userEvent(let u):
            data = .user(
                User(
                    sourceType: u.sourceType.rawValue, targetType: u.targetType.rawValue, sourceID: u.sourceID, targetID: u.targetID,
                    attributeType: u.attributeType?.map(\.rawValue), entityType: u.entityType.rawValue))
        case .cacheEvent(let c):
            data = .cache(Cache(targetID: c.targetID, targetPayload: c.targetPayload, ttl: c.ttl, oneTimeAccess: c.oneTimeAccess))
        case .routeEvent(let r):
            data = .route(
                Route(
                    targetType: r.targetType.rawValue, targetID: r.targetID, sourceType: r.sourceType.rawValue, sourceID: r.sourceID,
                    attributeType: r.attributeType.rawValue, entityType: r.entityType.rawValue, payload: r.payload))
        case .other(let type): data = .other(type: type)
        }
        self.init(action: event.action.rawValue, timestamp: event.timestamp, status: event.status.rawValue, data: data)
    }
}

extension Metadata {
    init(_ metadata: ArkavoMetadata) throws(ShimError) {
        if let levels = metadata.rating, levels.count > Rating.fields.count {
            throw ShimError(code: "unwritable-answer", message: "rating has \(levels.count) levels; the table has \(Rating.fields.count)")
        }
        if let scores = metadata.purpose, scores.count > Purpose.fields.count {
            throw ShimError(code: "unwritable-answer", message: "purpose has \(scores.count) scores; the table has \(Purpose.fields.count)")
        }
        var rating = metadata.rating.map { _ in Rating() }
        if let levels = metadata.rating { rating?.levels = levels.map(RatingLevel.init(rawValue:)) }
        var purpose = metadata.purpose.map { _ in Purpose() }
        if let scores = metadata.purpose { purpose?.scores = scores }
        self.init(
            created: metadata.created, id: metadata.id, related: metadata.related, creator: metadata.creator, rating: rating,
            purpose: purpose,
            topics: metadata.topics,
            archive: metadata.archive.map { FormatInfo(type: ArchiveType(rawValue: $0.type), version: $0.version, profile: $0.profile) },
            content: metadata.content.map { content in
                ContentFormat(
                    mediaType: MediaType(rawValue: content.mediaType), dataEncoding: DataEncoding(rawValue: content.dataEncoding),
                    format: content.format.map { FormatInfo(type: FormatType(rawValue: $0.type), version: $0.version, profile: $0.profile) }
                )
            })
    }
}

extension ArkavoMetadata {
    init(_ metadata: Metadata) {
        self.init(
            created: metadata.created, id: metadata.id, related: metadata.related, creator: metadata.creator,
            rating: metadata.rating?.levels.map(\.rawValue), purpose: metadata.purpose?.scores, topics: metadata.topics,
            archive: metadata.archive.map { Format(type: $0.type.rawValue, version: $0.version, profile: $0.profile) },
            content: metadata.content.map { content in
                Content(
                    mediaType: content.mediaType.rawValue, dataEncoding: content.dataEncoding.rawValue,
                    format: content.format.map { Format(type: $0.type.rawValue, version: $0.version, profile: $0.profile) })
            })
    }
}
