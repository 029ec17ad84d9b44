import ConformanceKit
import Foundation
import WireCore

/// What the server says on `/ws` once it is open (cdev spec section 5.1): the answer to a JSON-RPC
/// request, and the heartbeat every client gets in the legacy envelope.
extension CdevLiveChecker {
    /// The answer to request id 7 for a method no server has: JSON-RPC 2.0 error -32601 ("method not
    /// found"), with no raw `<`, `>` or `&` (Go escapes them). Heartbeats and notifications (events, which head sends
    /// as JSON-RPC notifications) before it are skipped.
    static func jsonRPCAnswer(_ probe: WebSocketProbe) -> Outcome {
        for _ in 0..<16 {
            guard let text = probe.receiveText() else { break }
            guard let object = (try? JSONParser.parse(text))?.objectValue else {
                return .fail("the answer is not JSON: \(text.prefix(200).debugDescription)")
            }
            if object["event"]?.stringValue == "heartbeat" || (object["method"] != nil && object["id"] == nil) { continue }
            guard object["jsonrpc"]?.stringValue == "2.0", object["id"] == .int(7) else {
                return .fail("not a JSON-RPC answer to id 7: \(text.prefix(200))")
            }
            guard object["error"]?["code"] == .int(-32601) else {
                return .fail("an unknown method is answered \(text.prefix(200)), expected error code -32601 (method not found)")
            }
            if let raw = text.first(where: { "<>&".contains($0) }) {
                return .fail(
                    "the answer has a raw \(raw): Go's encoding/json writes <, > and & as \\u003c, \\u003e, \\u0026: \(text.prefix(200))")
            }
            let echoed = text.contains("\\u003c")
            return .pass("JSON-RPC 2.0 error -32601 for id 7" + (echoed ? ", the method echoed with <, > and & escaped as Go does" : ""))
        }
        return .fail("no answer to a JSON-RPC request (id 7)")
    }

    /// Go's `time.RFC3339Nano` in UTC: `2006-01-02T15:04:05` then an optional fraction of 1 to 9 digits, then `Z`.
    static func isRFC3339NanoUTC(_ text: String) -> Bool {
        text.range(of: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?Z$"#, options: .regularExpression) != nil
    }

    /// A heartbeat within the interval: `{"event":"heartbeat","timestamp",…,"payload":{server_time, sequence,
    /// claude_status, uptime_seconds}}`, whatever protocol the client speaks.
    func heartbeat(_ probe: WebSocketProbe) -> Outcome {
        let deadline = Date().addingTimeInterval(options.heartbeatSeconds + options.timeout)
        // Each empty read waits up to `timeout`; a closed connection returns at once, so the reads are counted too
        // (as many as the deadline could need, and a few more).
        var reads = 0
        let most = Int(((options.heartbeatSeconds + options.timeout) / max(options.timeout, 0.01)).rounded(.up)) + 5
        while Date() < deadline, reads < most {
            reads += 1
            guard let text = probe.receiveText() else { continue }
            guard let object = (try? JSONParser.parse(text))?.objectValue, object["event"]?.stringValue == "heartbeat" else { continue }
            guard object["timestamp"]?.stringValue.map(Self.isRFC3339NanoUTC) == true, let payload = object["payload"]?.objectValue else {
                return .fail("a heartbeat without a timestamp in RFC3339Nano UTC, or without payload: \(text.prefix(200))")
            }
            guard payload["server_time"]?.stringValue?.hasSuffix("Z") == true, case .int(let sequence)? = payload["sequence"],
                payload["claude_status"]?.stringValue != nil, case .int(let uptime)? = payload["uptime_seconds"], uptime >= 0
            else {
                return .fail(
                    "the heartbeat's payload lacks server_time (UTC), sequence, claude_status or uptime_seconds: \(text.prefix(300))")
            }
            return .pass("a heartbeat (sequence \(sequence), up \(uptime) s) within \(Int(options.heartbeatSeconds)) s")
        }
        return .fail("no heartbeat within \(Int(options.heartbeatSeconds + options.timeout)) s (the interval plus the timeout)")
    }
}
