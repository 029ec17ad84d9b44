import ArkavoWire
import ConformanceKit

/// Event verify+decode next to the FlatBuffers Verifier alone on the same buffers (the floor), and
/// frame decoding of a 0x06 Event frame and a 0x05 NanoTDF frame.
enum ArkavoBench {
    static let set = BenchSet(summary: "Event and Metadata verify+decode next to the generated Verifier alone; frame decode") { _ in
        let event = ArkavoFixtures.events[1].3.encode()
        let metadata = ArkavoFixtures.metadata[0].3.encode()
        let frames = ArkavoFrameSuite.samples()
        let eventFrame = frames.first { $0.slug == "event-cache" }!.bytes
        let natsFrame = frames.first { $0.slug == "nats" }!.bytes
        let eventVerifier = "FlatBuffers Verifier alone on the same Event"
        let metadataVerifier = "FlatBuffers Verifier alone on the same Metadata"
        return [
            BenchCase(
                "arkavo Event verify+decode (cache-event-store, \(event.count) B)", inputBytes: event.count, unit: .operationsPerSecond,
                floor: eventVerifier
            ) {
                (try? Event.decode(event)) == nil ? 0 : 1
            },
            BenchCase(eventVerifier, inputBytes: event.count, unit: .operationsPerSecond) {
                Event.verifies(event) ? 1 : 0
            },
            BenchCase(
                "arkavo Metadata verify+decode (every-field, \(metadata.count) B)", inputBytes: metadata.count,
                unit: .operationsPerSecond, floor: metadataVerifier
            ) {
                (try? Metadata.decode(metadata)) == nil ? 0 : 1
            },
            BenchCase(metadataVerifier, inputBytes: metadata.count, unit: .operationsPerSecond) {
                Metadata.verifies(metadata) ? 1 : 0
            },
            BenchCase("arkavo frame decode, 0x06 Event", inputBytes: eventFrame.count, unit: .operationsPerSecond) {
                (try? Frame.decode(eventFrame)) == nil ? 0 : 1
            },
            BenchCase("arkavo frame decode, 0x05 NanoTDF (spec example 1)", inputBytes: natsFrame.count, unit: .operationsPerSecond) {
                (try? Frame.decode(natsFrame)) == nil ? 0 : 1
            },
        ]
    }
}
