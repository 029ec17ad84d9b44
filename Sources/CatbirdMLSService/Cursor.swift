import WireCore

/// Opaque page cursors: base64url of `kind:position`. A message cursor is the last sequence number
/// returned, so messages inserted meanwhile land after it and no page repeats or skips one; a
/// conversation cursor is the sort key and id of the last one returned.
enum Cursor {
    static let variant = Base64Variant(.url, .raw, .strict)

    static func encode(_ kind: String, _ position: String) -> String { Base64.encode(Array("\(kind):\(position)".utf8), variant: variant) }

    /// The position of a cursor of `kind`, or `InvalidCursor`.
    static func decode(_ cursor: String, kind: String) throws(XRPCError) -> String {
        guard let bytes = try? Base64.decode(cursor, variant: variant), let text = String(validating: bytes, as: UTF8.self),
            text.hasPrefix(kind + ":")
        else { throw XRPCError(status: 400, name: "InvalidCursor", message: "not a cursor of this endpoint") }
        return String(text.dropFirst(kind.count + 1))
    }
}

/// Stand-ins for MLS messages the mock cannot make (it holds no MLS group state): deterministic,
/// well-formed base64 that names what it stands for.
enum MLSPlaceholders {
    static func bytes(_ label: String) -> String {
        Base64.encode(Array("wirecheck-mock \(label)".utf8), variant: Base64Variant(.std, .padded, .strict))
    }
}
