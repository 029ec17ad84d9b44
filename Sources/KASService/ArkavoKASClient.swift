import ArkavoWire
import ConformanceKit
import NanoTDF

/// Gets a NanoTDF's payload key from an Arkavo KAS over its WebSocket: the key exchange, a rewrap of the container's
/// header, and the unwrap, under `era` or, when nil, under each era until the key opens the payload
/// (`wirecheck nanotdf decrypt --kas`).
public enum ArkavoKASClient {
    /// The payload key of `container` from the KAS at `baseURL` (`http://HOST:PORT`) and `path`, and the era it was
    /// unwrapped under.
    public static func payloadKey(
        for container: Container, baseURL: String, path: String = "/ws", headers: [(String, String)] = [], era: ArkavoKASEra? = nil,
        timeout: Double = 10
    ) throws(ArkavoKASClientError) -> (key: [UInt8], era: ArkavoKASEra) {
        let socket: WebSocketProbe
        do {
            socket = try WebSocketProbe(HTTPProbe(baseURL: baseURL, timeout: timeout), target: path, headers: headers)
        } catch {
            throw ArkavoKASClientError(description: "cannot reach \(baseURL)\(path): \(error)")
        }
        guard socket.upgraded else { throw ArkavoKASClientError(description: "the upgrade was answered \(socket.reply.status), not 101") }
        var client = ArkavoKASClientSession()
        let reply = try exchange(socket, client.hello, "the key exchange (0x01)")
        guard client.accept(reply) else { throw ArkavoKASClientError(description: "the 0x01 reply is not a P-256 key and a salt") }
        let rewrapped = try exchange(socket, [FrameType.rewrap.rawValue] + container.header.bytes, "the rewrap (0x03)")
        if rewrapped.first == FrameType.error.rawValue {
            throw ArkavoKASClientError(description: "the KAS refused the rewrap: \(String(decoding: rewrapped.dropFirst(), as: UTF8.self))")
        }
        // With --era the key is taken as it unwraps (the payload then says whether it is right); without, the era is the
        // one whose key opens the payload.
        let search = client.search(rewrapped, header: container.header, eras: era.map { [$0] } ?? ArkavoKASEra.allCases) { key in
            era != nil || container.openPayload(payloadKey: key) != nil
        }
        switch search {
        case .found(let key, let found): return (key, found)
        case .denied: throw ArkavoKASClientError(description: "the KAS denied the rewrap (DENY)")
        case .unwrappedOnly, .unreadable: break
        }
        throw ArkavoKASClientError(
            description: "a \(rewrapped.count)-byte 0x04 that no era" + (era.map { " (--era \($0.rawValue))" } ?? "")
                + " unwraps to the payload key")
    }

    private static func exchange(_ socket: WebSocketProbe, _ frame: [UInt8], _ what: String) throws(ArkavoKASClientError) -> [UInt8] {
        do { try socket.sendBinary(frame) } catch { throw ArkavoKASClientError(description: "sending \(what): \(error)") }
        guard let reply = socket.receiveBinary() else { throw ArkavoKASClientError(description: "no answer to \(what)") }
        return reply
    }
}

/// Why the KAS gave no payload key.
public struct ArkavoKASClientError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
}
