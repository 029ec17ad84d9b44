import HTTPExchange

/// The cdev service as a mock server runs it: the HTTP API, and `/ws` with cdev's gate before the
/// handshake, heartbeats on a timer and answers to what the client sends.
extension CdevService: MockService {
    public var host: String { config.host }
    public var requestedPort: Int { config.port }

    public var webSocket: WebSocketEndpoint? {
        WebSocketEndpoint(
            path: "/ws", maximumMessageSize: 12 << 20,
            admission: { [self] request in webSocketAdmission(request) },
            gate: { [self] request in webSocketGate(request).map(withCORS) },
            session: { [self] connection in try await session(connection) })
    }

    /// One WebSocket client. Ends when the client goes away; the token is not re-checked (cdev
    /// does not close on expiry either).
    func session(_ connection: WebSocketConnection) async throws {
        connectedClients.add(1, ordering: .relaxed)
        defer { connectedClients.subtract(1, ordering: .relaxed) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                var sequence: Int64 = 0
                while !Task.isCancelled {
                    try await Task.sleep(for: config.heartbeatInterval)
                    sequence += 1
                    try await connection.send(.text(CdevEvents.heartbeat(sequence: sequence, now: clockNow(), uptime: uptimeSeconds())))
                }
            }
            for try await message in connection.messages {
                // Head counts every message of a client IP, all its sockets together, and drops the one over the limit.
                if webSocketMessageLimit?.admit(connection.clientAddress, now: clock.now()).refusal != nil {
                    log(.info, "WebSocket closed: message rate limit exceeded")
                    try await connection.close(1008, "message rate limit exceeded")
                    break
                }
                // cdev reads JSON-RPC from text messages; a binary one is counted above and goes unanswered.
                guard case .text(let text) = message, let answer = CdevEvents.answer(to: text, now: clockNow()) else { continue }
                try await connection.send(.text(answer))
            }
            group.cancelAll()
        }
    }
}
