import ConformanceKit

/// What each flag of the Arkavo vectors is about, and which implementation does what.
enum ArkavoNotes {
    static let frames: [ArkavoFrameSuite.Flag: VectorFile.Note] = [
        .keyExchange: .init(
            bugType: .functionality,
            description:
                "0x01: 33 bytes C->S, 33 + 32-byte salt S->C (the app checks compressedKeySize + 32; arkavo-rs rejects other lengths)."),
        .kasKey: .init(bugType: .functionality, description: "0x02: an empty request C->S, the KAS's compressed P-256 key S->C."),
        .rewrap: .init(
            bugType: .functionality,
            description: "0x03: a NanoTDF header, parsed from the frame's second byte; the app sends header.toData() only."),
        .headerOnly: .init(
            bugType: .interop, description: "arkavo-rs parses the header of a 0x03 body and ignores what follows; it is kept as trailing."),
        .rewrapped: .init(
            bugType: .interop,
            description:
                "0x04: 94 bytes with the type (the router uses prefix(33) and suffix(60)); ArkavoClient.decryptNanoTDF and "
                + "handleRewrappedKeyMessage expect 93."),
        .deny: .init(
            bugType: .edgeCase, description: "A 0x04 body of the 33-byte key alone, which handleRewrappedKeyMessage reads as DENY."),
        .nats: .init(bugType: .functionality, description: "0x05: a NanoTDF container, forwarded from or published to NATS."),
        .event: .init(bugType: .functionality, description: "0x06: a FlatBuffers Event that the Verifier accepts."),
        .eventNanoTDF: .init(
            bugType: .interop,
            description: "0x06 carrying a NanoTDF: arkavo-rs sends any NATS message not starting with L1L as 0x06 (the app's FIXME 064c31)."
        ),
        .eventOpaque: .init(
            bugType: .edgeCase,
            description: "0x06 carrying bytes that are no Event and no NanoTDF: arkavo-rs's status texts and cached bytes."),
        .cbor: .init(bugType: .functionality, description: "0x08: arkavo-rs's CBOR messages; not decoded here, kept as they are."),
        .error: .init(
            bugType: .functionality,
            description:
                "0xFF: JSON {error_type, message, details?}; the app logs it as an unknown type. Bodies that are not that object "
                + "are refused."
        ),
        .bareNanoTDF: .init(
            bugType: .interop, description: "A frame starting 4C 31 is a NanoTDF with no type byte (the app checks this before the type)."),
        .truncated: .init(bugType: .basic, description: "A valid frame cut at a field boundary."),
        .unknownType: .init(bugType: .basic, description: "A type byte that is none of 01-06, 08, FF."),
        .bodyLength: .init(bugType: .basic, description: "A body length the frame type does not allow."),
        .badPoint: .init(bugType: .basic, description: "A key that does not start with 02 or 03."),
        .eventSize: .init(
            bugType: .edgeCase, description: "An Event over 2,000 bytes: the app refuses to send it and arkavo-rs rejects it."),
    ]

    static let flatBuffers: [ArkavoFlatBuffersSuite.Flag: VectorFile.Note] = [
        .userEvent: .init(bugType: .functionality, description: "EventData 1: UserEvent, whose attribute_type is a vector."),
        .cacheEvent: .init(bugType: .functionality, description: "EventData 2: CacheEvent; ttl 0 means no expiry in arkavo-rs."),
        .routeEvent: .init(bugType: .functionality, description: "EventData 3: RouteEvent, whose attribute_type is a single value."),
        .noData: .init(bugType: .functionality, description: "data_type NONE and no data."),
        .defaults: .init(
            bugType: .canonicalization,
            description: "Fields at their defaults are not written by the builders (and flatc), so the vtable is empty."),
        .emptyVector: .init(bugType: .edgeCase, description: "A vector present with no elements, which is not the same as an absent one."),
        .timestamp: .init(
            bugType: .edgeCase,
            description:
                "Event.timestamp is epoch seconds in most app senders, milliseconds in ReportView; a ulong above 2^63-1 is a JSON string."),
        .unknownEnum: .init(
            bugType: .edgeCase,
            description: "Enum values the schema does not name: the Verifier does not check enums, flatc writes them as numbers."),
        .unionWithoutTable: .init(bugType: .edgeCase, description: "A union type with no data offset: the Verifier accepts it."),
        .unknownUnion: .init(
            bugType: .edgeCase,
            description: "A union type the schema does not define: the generated verifiers of C++, Rust and Swift accept it."),
        .everyField: .init(bugType: .functionality, description: "Every field of Metadata and its sub-tables present."),
        .optional: .init(bugType: .functionality, description: "One optional field of Metadata present, the others absent."),
        .inexpressible: .init(
            bugType: .edgeCase,
            description: "JSON no table has: an undeclared member at any level, an integer below or above its type's range. flatc "
                + "refuses to build it (invalid-table); -1 in a signed field is still a table."),
        .nonFinite: .init(
            bugType: .edgeCase, description: "Purpose scores NaN and infinities, written as nan, inf and -inf (flatc's JSON)."),
        .strings: .init(
            bugType: .edgeCase,
            description: "Empty, repeated and non-ASCII strings; repeated strings are written twice (no shared strings), as flatc does."),
        .shortBuffer: .init(bugType: .basic, description: "Fewer bytes than a root offset and a vtable need."),
        .truncated: .init(bugType: .basic, description: "A valid buffer with its end cut off."),
        .rootOffset: .init(bugType: .basic, description: "A root offset of 0 or past the end."),
        .alignment: .init(
            bugType: .edgeCase, description: "A table, scalar or vector that is not aligned to its size (the Verifier checks alignment)."),
        .vtable: .init(
            bugType: .basic, description: "A vtable offset out of the buffer, an odd vtable size, or a vtable running past the end."),
        .offsetBounds: .init(bugType: .basic, description: "An offset field of 0 or pointing past the end."),
        .scalarBounds: .init(bugType: .basic, description: "A vtable entry putting a scalar past the end of the buffer."),
        .vectorBounds: .init(bugType: .basic, description: "A vector or string whose length runs past the end of the buffer."),
        .stringTerminator: .init(bugType: .basic, description: "A string whose byte after the last is not 0."),
        .stringUTF8: .init(
            bugType: .basic,
            description: "A string that is not UTF-8: refused, as the Rust Verifier (arkavo-rs) and flatc's JSON output refuse it; "
                + "the C++ and Swift Verifiers do not check, and a decoder that repairs or keeps the bytes gives another table."),
        .depthLimit: .init(
            bugType: .weakParams,
            description:
                "The Verifier's max_depth: no table here is recursive (Event is 2 deep, Metadata 3), so the vectors lower the limit "
                + "to check it is applied, and at the depth itself to check it is not off by one."),
        .tableLimit: .init(bugType: .weakParams, description: "The Verifier's max_tables, lowered below and to the buffer's table count."),
        .trailingBytes: .init(
            bugType: .edgeCase, description: "Bytes after the buffer's data: FlatBuffers verifiers accept them (unlike NanoTDF's decoders)."
        ),
        .unionConfusion: .init(
            bugType: .knownBug,
            description: "A table written as one union member and read as another: the layout is valid for both, so no verifier can tell."),
        .wrongUnionType: .init(
            bugType: .basic, description: "A table under a union type whose layout it does not fit: the Verifier refuses it."),
        .wrongRoot: .init(bugType: .basic, description: "An Event buffer read as Metadata."),
    ]
}
