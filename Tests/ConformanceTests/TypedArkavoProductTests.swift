import ArkavoWire
import NanoTDF
import WireCheckTesting
import WireCheckTestingArkavo
import WireCheckTestingNanoTDF
import WireCore
import XCTest

/// `WireCheckTestingArkavo`: the Arkavo builders over the product's own value types. A reader and writer written with
/// them (here the reference's, mapped field by field) conforms on every Arkavo case; a decoder that never reads
/// `one_time_access` fails exactly the Event cases that set it.
final class TypedArkavoProductTests: XCTestCase {
    static func container(_ container: Container) -> NanoTDFContainer {
        NanoTDFContainer(
            header: TypedNanoTDFProductTests.header(container.header, droppingIdentifier: false),
            payload: .init(iv: container.payload.iv, ciphertext: container.payload.ciphertext, tag: container.payload.tag),
            signature: container.signature.map { .init(publicKey: $0.publicKey, signature: $0.signature) })
    }

    static func frame(_ frame: Frame) -> ArkavoFrame {
        switch frame {
        case .clientPublicKey(let key): .clientPublicKey(key)
        case .serverPublicKey(let key, let salt): .serverPublicKey(publicKey: key, salt: salt)
        case .kasPublicKeyRequest: .kasPublicKeyRequest
        case .kasPublicKey(let key): .kasPublicKey(key)
        case .rewrap(let header, let bytes, let trailing):
            .rewrap(header: TypedNanoTDFProductTests.header(header, droppingIdentifier: false), headerBytes: bytes, trailing: trailing)
        case .rewrappedKey(let key, let nonce, let wrapped, let tag):
            .rewrappedKey(ephemeralPublicKey: key, nonce: nonce, wrappedKey: wrapped, tag: tag)
        case .rewrapDenied(let key): .rewrapDenied(ephemeralPublicKey: key)
        case .nats(let c): .nats(container(c))
        case .event(let e, let bytes): .event(event(e, ignoringOneTimeAccess: false), bytes: bytes)
        case .eventNanoTDF(let c): .eventNanoTDF(container(c))
        case .eventOpaque(let bytes): .eventOpaque(bytes)
        case .cbor(let bytes): .cbor(bytes)
        case .error(let message, let body):
            .error(errorType: message.errorType, message: message.message, details: message.details, body: body)
        case .bareNanoTDF(let c): .bareNanoTDF(container(c))
        }
    }

    static func event(_ event: Event, ignoringOneTimeAccess: Bool) -> ArkavoEvent {
        let data: ArkavoEvent.Data
        switch event.data {
        case .none: data = .none
        case .userEvent(let u):
            data = .user(
                .init(
                    sourceType: u.sourceType.rawValue, targetType: u.targetType.rawValue, sourceID: u.sourceID, targetID: u.targetID,
                    attributeType: u.attributeType?.map(\.rawValue), entityType: u.entityType.rawValue))
        case .cacheEvent(let c):
            data = .cache(
                .init(
                    targetID: c.targetID, targetPayload: c.targetPayload, ttl: c.ttl,
                    oneTimeAccess: ignoringOneTimeAccess ? false : c.oneTimeAccess))
        case .routeEvent(let r):
            data = .route(
                .init(
                    targetType: r.targetType.rawValue, targetID: r.targetID, sourceType: r.sourceType.rawValue, sourceID: r.sourceID,
                    attributeType: r.attributeType.rawValue, entityType: r.entityType.rawValue, payload: r.payload))
        case .other(let type): data = .other(type: type)
        }
        return ArkavoEvent(action: event.action.rawValue, timestamp: event.timestamp, status: event.status.rawValue, data: data)
    }

    static func metadata(_ m: Metadata) -> ArkavoMetadata {
        ArkavoMetadata(
            created: m.created, id: m.id, related: m.related, creator: m.creator, rating: m.rating?.levels.map(\.rawValue),
            purpose: m.purpose?.scores, topics: m.topics,
            archive: m.archive.map { .init(type: $0.type.rawValue, version: $0.version, profile: $0.profile) },
            content: m.content.map { content in
                .init(
                    mediaType: content.mediaType.rawValue, dataEncoding: content.dataEncoding.rawValue,
                    format: content.format.map { .init(type: $0.type.rawValue, version: $0.version, profile: $0.profile) })
            })
    }

    static func refusing<Value>(_ body: () throws(ArkavoError) -> Value) throws(ShimError) -> Value {
        do throws(ArkavoError) { return try body() } catch { throw ShimError(code: error.code) }
    }

    /// The reference through the product's types; `ignoringOneTimeAccess` is a decoder's bug. The encoders map the
    /// product's values back field by field, as a user's writer would take them.
    static func table(ignoringOneTimeAccess: Bool) -> OpTable {
        OpTable(
            name: ignoringOneTimeAccess ? "IgnoresOneTimeAccess" : "Reader",
            [
                ArkavoOps.parseFrame { bytes throws(ShimError) in frame(try refusing { () throws(ArkavoError) in try Frame.decode(bytes) })
                },
                ArkavoOps.decodeEvent { buffer, limits throws(ShimError) in
                    let limits = VerifierLimits(maxDepth: limits.maxDepth, maxTables: limits.maxTables)
                    return event(
                        try refusing { () throws(ArkavoError) in try Event.decode(buffer, limits: limits) },
                        ignoringOneTimeAccess: ignoringOneTimeAccess)
                },
                ArkavoOps.decodeMetadata { buffer, limits throws(ShimError) in
                    let limits = VerifierLimits(maxDepth: limits.maxDepth, maxTables: limits.maxTables)
                    return metadata(try refusing { () throws(ArkavoError) in try Metadata.decode(buffer, limits: limits) })
                },
                ArkavoOps.encodeEvent { event in Self.referenceEvent(event).encode() },
                ArkavoOps.encodeMetadata { metadata in Self.referenceMetadata(metadata).encode() },
            ])
    }

    static func referenceEvent(_ e: ArkavoEvent) -> Event {
        let data: EventData
        switch e.data {
        case .none: data = .none
        case .user(let u):
            data = .userEvent(
                UserEvent(
                    sourceType: .init(rawValue: u.sourceType), targetType: .init(rawValue: u.targetType), sourceID: u.sourceID,
                    targetID: u.targetID,
                    attributeType: u.attributeType?.map(AttributeType.init(rawValue:)), entityType: .init(rawValue: u.entityType)))
        case .cache(let c):
            data = .cacheEvent(CacheEvent(targetID: c.targetID, targetPayload: c.targetPayload, ttl: c.ttl, oneTimeAccess: c.oneTimeAccess))
        case .route(let r):
            data = .routeEvent(
                RouteEvent(
                    targetType: .init(rawValue: r.targetType), targetID: r.targetID, sourceType: .init(rawValue: r.sourceType),
                    sourceID: r.sourceID,
                    attributeType: .init(rawValue: r.attributeType), entityType: .init(rawValue: r.entityType), payload: r.payload))
        case .other(let type): data = .other(type: type)
        }
        return Event(action: .init(rawValue: e.action), timestamp: e.timestamp, status: .init(rawValue: e.status), data: data)
    }

    static func referenceMetadata(_ m: ArkavoMetadata) -> Metadata {
        var rating = m.rating.map { _ in Rating() }
        if let levels = m.rating { rating?.levels = levels.map(RatingLevel.init(rawValue:)) }
        var purpose = m.purpose.map { _ in Purpose() }
        if let scores = m.purpose { purpose?.scores = scores }
        return Metadata(
            created: m.created, id: m.id, related: m.related, creator: m.creator, rating: rating, purpose: purpose, topics: m.topics,
            archive: m.archive.map { FormatInfo(type: ArchiveType(rawValue: $0.type), version: $0.version, profile: $0.profile) },
            content: m.content.map { content in
                ContentFormat(
                    mediaType: MediaType(rawValue: content.mediaType), dataEncoding: DataEncoding(rawValue: content.dataEncoding),
                    format: content.format.map { FormatInfo(type: FormatType(rawValue: $0.type), version: $0.version, profile: $0.profile) }
                )
            })
    }

    func testTheProductsTypesConformAndADecoderThatIgnoresOneTimeAccessFailsOnlyThoseCases() throws {
        let selection = CaseSelection(only: ["arkavo"])
        let results = try ConformanceRun.run(Self.table(ignoringOneTimeAccess: false), selection: selection, strict: true)
        XCTAssertEqual(results.filter(\.status.failsRun).map(\.id), [])
        XCTAssertEqual(results.filter { $0.status == .unimplemented }.map(\.id), [])
        XCTAssertGreaterThan(results.filter { $0.status == .pass }.count, 150)

        let failed = try ConformanceRun.run(Self.table(ignoringOneTimeAccess: true), selection: selection, strict: true).filter(
            \.status.failsRun)
        XCTAssertFalse(failed.isEmpty, "a decoder that never reads one_time_access must be caught")
        let setting = try ConformanceVectors.files.flatMap(\.allTests).filter { test in
            test.group.op == "arkavo.decodeEvent" && JSONWriter.compact(test.test.expected).contains(#""one_time_access":true"#)
        }.map(\.test.id)
        XCTAssertEqual(Set(failed.map(\.id)), Set(setting), "exactly the decodeEvent cases whose event sets one_time_access")
    }
}
