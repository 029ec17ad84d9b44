import ArgumentParser
import MockServers

/// How long a mock server waits for a slow client: the same two options on every `serve` command.
struct ServerTimeoutOptions: ParsableArguments {
    @Option(help: "Seconds a connection has to send a request head, from its start or its previous response (then 408 and close).")
    var headerTimeout = 10.0
    @Option(help: "Seconds a request has to send its body once the head is in (then the connection is closed).")
    var bodyTimeout = 60.0

    mutating func validate() throws {
        // A day at most: `Duration` counts milliseconds in an Int64, which `inf` or 1e300 would overflow (a crash).
        guard headerTimeout > 0, bodyTimeout > 0, headerTimeout <= 86_400, bodyTimeout <= 86_400 else {
            throw ValidationError("--header-timeout and --body-timeout must be positive and at most 86400 seconds")
        }
    }

    /// The options as the server takes them.
    var timeouts: RequestTimeouts {
        RequestTimeouts(header: .milliseconds(Int64(headerTimeout * 1000)), body: .milliseconds(Int64(bodyTimeout * 1000)))
    }
}
