import CArkavoFlatBuffers

extension Metadata {
    /// Verifies `buffer` with the FlatBuffers Verifier (metadata.fbs) and decodes it; a refusal is
    /// `flatbuffer-invalid` with the field, the check and the byte offset. A string that is not UTF-8 is
    /// refused too: the C++ Verifier lets it through, but arkavo-rs reads Metadata with the Rust Verifier,
    /// which refuses it, and flatc will not write it as JSON.
    public static func decode(_ buffer: [UInt8], limits: VerifierLimits = .default) throws(ArkavoError) -> Metadata {
        let decoded: Result<Metadata, ArkavoError> = buffer.withUnsafeBufferPointer { raw in
            var metadata = ArkavoMetadata()
            var failure = ArkavoVerifyFailure()
            guard arkavo_decode_metadata(raw.baseAddress, raw.count, limits.c, &metadata, &failure) else {
                return .failure(FlatBufferBridge.failure(failure))
            }
            if let refusal = FlatBufferBridge.firstStringNotUTF8(strings(of: metadata), in: raw) { return .failure(refusal) }
            return .success(Metadata(metadata))
        }
        return try decoded.get()
    }

    /// Whether the generated Verifier alone accepts `buffer` (no decoding, no reason, no UTF-8 check: `decode`
    /// refuses more, a string that is not UTF-8).
    public static func verifies(_ buffer: [UInt8], limits: VerifierLimits = .default) -> Bool {
        buffer.withUnsafeBufferPointer { arkavo_metadata_verifies($0.baseAddress, $0.count, limits.c) }
    }

    /// The strings of a decoded Metadata with their field paths (named as the reason walk names them), in
    /// the order the Rust Verifier reaches them: archive (slot 7) before content (slot 8).
    static func strings(of c: ArkavoMetadata) -> [(String, ArkavoVector)] {
        [
            ("Metadata(archive).version", c.archive.version), ("Metadata(archive).profile", c.archive.profile),
            ("Metadata(ContentFormat)(format).version", c.content.format.version),
            ("Metadata(ContentFormat)(format).profile", c.content.format.profile),
        ]
    }

    init(_ c: ArkavoMetadata) {
        func info<Kind>(_ i: ArkavoFormatInfo) -> FormatInfo<Kind>? {
            guard i.present else { return nil }
            return FormatInfo(
                type: Kind(rawValue: i.type), version: FlatBufferBridge.string(i.version), profile: FlatBufferBridge.string(i.profile))
        }
        let r = c.rating
        let p = c.purpose
        self.init(
            created: c.created, id: FlatBufferBridge.bytes(c.id), related: FlatBufferBridge.bytes(c.related),
            creator: FlatBufferBridge.bytes(c.creator),
            rating: r.present
                ? Rating(
                    [r.violent, r.sexual, r.profane, r.substance, r.hate, r.harm, r.mature, r.bully].map { RatingLevel(rawValue: $0) })
                : nil,
            purpose: p.present
                ? Purpose([
                    p.educational, p.entertainment, p.news, p.promotional, p.personal, p.opinion, p.transactional, p.harmful, p.confidence,
                ])
                : nil,
            topics: FlatBufferBridge.uint32s(c.topics),
            archive: info(c.archive),
            content: c.content.present
                ? ContentFormat(
                    mediaType: MediaType(rawValue: c.content.media_type), dataEncoding: DataEncoding(rawValue: c.content.data_encoding),
                    format: info(c.content.format))
                : nil)
    }

    /// The buffer the generated builders write for this metadata: the bytes `flatc --binary` writes
    /// from `json`.
    public func encode() -> [UInt8] {
        let bridge = FlatBufferBridge()
        func info<Kind>(_ i: FormatInfo<Kind>?) -> ArkavoFormatInfo {
            guard let i else { return ArkavoFormatInfo() }
            return ArkavoFormatInfo(
                present: true, type: i.type.rawValue, version: bridge.string(i.version), profile: bridge.string(i.profile))
        }
        var c = ArkavoMetadata()
        c.created = created
        c.id = bridge.vector(id)
        c.related = bridge.vector(related)
        c.creator = bridge.vector(creator)
        if let rating {
            let l = rating.levels.map(\.rawValue)
            c.rating = ArkavoRating(
                present: true, violent: l[0], sexual: l[1], profane: l[2], substance: l[3], hate: l[4], harm: l[5], mature: l[6],
                bully: l[7])
        }
        if let purpose {
            let s = purpose.scores
            c.purpose = ArkavoPurpose(
                present: true, educational: s[0], entertainment: s[1], news: s[2], promotional: s[3], personal: s[4], opinion: s[5],
                transactional: s[6], harmful: s[7], confidence: s[8])
        }
        c.topics = bridge.vector(
            topics.map { $0.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 >> 16 & 0xFF), UInt8($0 >> 24)] } },
            count: topics?.count)
        c.archive = info(archive)
        if let content {
            c.content = ArkavoContentFormat(
                present: true, media_type: content.mediaType.rawValue, data_encoding: content.dataEncoding.rawValue,
                format: info(content.format))
        }
        return withExtendedLifetime(bridge) { FlatBufferBridge.encoded(arkavo_encode_metadata(&c)) }
    }
}
