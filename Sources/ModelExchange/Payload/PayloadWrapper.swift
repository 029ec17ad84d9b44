import WireCore

/// The JSON object inside `payload`: `{session, sealed, ephemeralPublicKey}` (FlowDown spec section 9).
/// Written in that key order with `/` escaped as `\/` (Foundation's `JSONEncoder` default); read in
/// any order.
public struct PayloadWrapper: Equatable, Sendable {
    /// The session the payload belongs to.
    public var session: String
    /// Standard Base64 of `nonce(12) ‖ ciphertext ‖ tag(16)`.
    public var sealed: String
    /// Standard Base64 of the sender's ephemeral X25519 public key.
    public var ephemeralPublicKey: String

    /// A wrapper of Base64 fields.
    public init(session: String, sealed: String, ephemeralPublicKey: String) {
        self.session = session
        self.sealed = sealed
        self.ephemeralPublicKey = ephemeralPublicKey
    }

    /// The `payload` value: standard Base64 of the compact JSON.
    public var encoded: String {
        let json: JSONValue = [
            "session": .string(session), "sealed": .string(sealed), "ephemeralPublicKey": .string(ephemeralPublicKey),
        ]
        return Base64.encode(JSONWriter(options: .init(escapeSlash: true)).bytes(json), variant: .foundation)
    }

    /// Receiver steps 1 and 2: strict Base64, then a JSON object with the three string fields.
    /// Other keys are ignored and a repeated key keeps its *first* value, as Swift 6 Foundation's
    /// `JSONDecoder` (which FlowDown uses) does, and a leading byte order mark is skipped as it skips
    /// it. Foundation also takes a trailing comma, a leading zero and `1e400`; the reference stays
    /// strict RFC 8259 there (the vectors mark those `acceptable`).
    public init(encoded: String) throws(ModelExchangeError) {
        let bytes: [UInt8]
        do { bytes = try Base64.decode(encoded, variant: .foundation) } catch {
            throw .payloadNotBase64("payload (\(error))")
        }
        // JSONDecoder skips a UTF-8 byte order mark before the document.
        let json = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let object: JSONObject
        do {
            guard let parsed = try JSONParser.parse(json, duplicateKeys: .keepFirst).objectValue else {
                throw ModelExchangeError.payloadNotJSON("the top level is not an object")
            }
            object = parsed
        } catch let error as ModelExchangeError {
            throw error
        } catch {
            throw .payloadNotJSON("\(error)")
        }
        // JSONDecoder finds a key through a Swift dictionary, so by canonical equivalence: a key written
        // `ephemeralPublic\u212Aey` (KELVIN SIGN) is `ephemeralPublicKey`, and the first of two such spellings
        // wins as a repeated key does. `object[name]` compares scalars, as every other JSON reader does.
        func field(_ name: String) throws(ModelExchangeError) -> String {
            let member = object.members.first { $0.key == name }
            guard let value = member?.value.stringValue else { throw .payloadNotJSON("no string field \(name)") }
            return value
        }
        self.init(
            session: try field("session"), sealed: try field("sealed"),
            ephemeralPublicKey: try field("ephemeralPublicKey"))
    }
}
