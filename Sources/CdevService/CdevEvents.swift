import CdevAuth
import Foundation
import WireCore

/// The frames the mock's `/ws` sends (cdev spec section 5.1): the heartbeat, always in the legacy
/// envelope, and answers to a client's first message depending on its protocol.
public enum CdevEvents {
    /// How a client speaks on `/ws`: the legacy envelope or JSON-RPC.
    public enum ClientProtocol: String, Sendable { case unknown, legacy, jsonRPC = "jsonrpc" }

    /// `{"jsonrpc":"2.0",…}` is JSON-RPC 2.0; an object with `command` is the legacy protocol.
    public static func detect(_ text: String) -> ClientProtocol {
        guard let object = (try? JSONParser.parse(text, duplicateKeys: .keepLast))?.objectValue else { return .unknown }
        if object["jsonrpc"]?.stringValue == "2.0" { return .jsonRPC }
        if object["command"] != nil { return .legacy }
        return .unknown
    }

    /// Go's `time.RFC3339Nano` in UTC: fraction with trailing zeros removed.
    public static func rfc3339Nano(_ instant: Double) -> String {
        let seconds = Int64(instant.rounded(.down))
        var base = RFC3339.format(unixSeconds: seconds, offsetSeconds: 0)
        base.removeLast()  // "Z"
        var nanos = Int64(((instant - Double(seconds)) * 1e9).rounded(.down))
        nanos = min(max(nanos, 0), 999_999_999)
        if nanos > 0 {
            var fraction = String(nanos)
            fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            base += "." + fraction
        }
        return base + "Z"
    }

    /// The legacy heartbeat event cdev sends on a timer.
    public static func heartbeat(sequence: Int64, now: Double, uptime: Int64, claudeStatus: String = "idle") -> String {
        let payload: JSONObject = [
            "server_time": .string(RFC3339.format(unixSeconds: Int64(now.rounded(.down)), offsetSeconds: 0)),
            "sequence": .int(sequence), "claude_status": .string(claudeStatus), "uptime_seconds": .int(uptime),
        ]
        return envelope(event: "heartbeat", now: now, payload: payload)
    }

    /// The legacy envelope `{"event","timestamp","payload"[,"request_id"]}`.
    public static func envelope(event: String, now: Double, payload: JSONObject, requestId: String? = nil) -> String {
        var object: JSONObject = ["event": .string(event), "timestamp": .string(rfc3339Nano(now)), "payload": .object(payload)]
        if let requestId { object["request_id"] = .string(requestId) }
        return JSONWriter(options: .init(escapeHTML: true)).string(.object(object))
    }

    /// The mock implements no agent commands: a JSON-RPC request gets "method not found", a
    /// legacy command an `error` event; anything else gets nothing.
    public static func answer(to text: String, now: Double) -> String? {
        guard let object = (try? JSONParser.parse(text, duplicateKeys: .keepLast))?.objectValue else { return nil }
        switch detect(text) {
        case .jsonRPC:
            guard let id = object["id"], !id.isNull else { return nil }  // a notification gets no answer
            let method = object["method"]?.stringValue ?? ""
            let reply: JSONValue = [
                "jsonrpc": "2.0", "id": id,
                "error": ["code": -32601, "message": .string("Method not found: \(method)")],
            ]
            return JSONWriter(options: .init(escapeHTML: true)).string(reply)
        case .legacy:
            let command = object["command"]?.stringValue ?? ""
            return envelope(
                event: "error", now: now, payload: ["message": .string("unsupported command: \(command)")],
                requestId: object["request_id"]?.stringValue)
        case .unknown:
            return nil
        }
    }
}
