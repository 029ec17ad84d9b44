import ArkavoWire
import NanoTDF

/// What arkavo-rs (the Arkavo KAS, `handle_rewrap` at 4af74c8) refuses in a rewrap's policy before it looks at the
/// key, so that a client tested against the mock meets the same refusals: its header parser knows only remote (0) and
/// embedded plaintext (1) policies; it cannot fetch a remote policy over HTTP(S); it reads an embedded policy as an
/// Arkavo Metadata FlatBuffer with the Rust Verifier (`root_as_metadata`, which also refuses a string that is not
/// UTF-8); and a Metadata with a `rating` goes through its content-rating contract, for a connection whose token does
/// not say "Verified 18+" (the mock takes none) at the "Kids" level: violence at most mild, everything else none.
/// The texts are arkavo-rs's since 79d8b73 (2025-10; before that it answered nothing).
enum ArkavoRsPolicyRules {
    /// What the policy gets from arkavo-rs before the rewrap.
    enum Outcome: Equatable {
        /// Nothing held against it.
        case pass
        /// A 0xFF error frame of this type and message.
        case refuse(type: String, message: String)
        /// No answer at all (arkavo-rs's `return None`).
        case silence
    }

    /// The content-rating contract's address, as arkavo-rs names contracts in a shared-resource locator.
    static let contentRatingContract = "5HKLo6CKbt1Z5dU4wZ3MiufeZzjM6JGwKUWUQ6a91fmuA6RB"
    /// The geofence contract's address.
    static let geofenceContract = "5H6sLwXKBv3cdm5VVRxrvA8p5cux2Rrni5CQ4GRyYKo4b9B4"

    static func check(_ policy: Policy) -> Outcome {
        switch policy.kind {
        case .remote:
            guard let locator = policy.locator else { return .pass }
            if locator.protocolCode <= 1 {
                return .refuse(type: "invalid_format", message: "Remote policy fetching via HTTP/HTTPS not yet implemented")
            }
            let body = String(decoding: locator.body, as: UTF8.self)
            // A contract named by a shared-resource locator: the geofence one needs a policy body a remote policy does
            // not have, and the rating one needs Metadata, which a remote policy does not carry (arkavo-rs says nothing).
            // arkavo-rs's directory byte is FF, which the spec does not have; the spec's 0F, which arkavo-rs refuses
            // (FINDINGS N13), stands for it here.
            if locator.protocolCode == 0x0F && body.contains(geofenceContract) {
                return .refuse(type: "invalid_format", message: "Geofence policy requires body data")
            }
            if locator.protocolCode == 0x0F && body.contains(contentRatingContract) { return .silence }
            return .pass
        case .embeddedPlaintext:
            let metadata: Metadata
            do throws(ArkavoError) {
                metadata = try Metadata.decode(policy.content)
            } catch {
                return .refuse(type: "invalid_format", message: "Invalid embedded policy metadata: \(error)")
            }
            if let rating = metadata.rating, !suitableForKids(rating) {
                return .refuse(type: "policy_denied", message: "Content not suitable for age level: Kids")
            }
            return .pass
        case .embeddedEncrypted, .embeddedEncryptedWithKeyAccess:
            return .refuse(type: "invalid_format", message: "Invalid NanoTDF header: InvalidPolicy")
        }
    }

    /// The "Kids" level of the content-rating contract: violence none or mild, the seven others none (an `unused` or
    /// unnamed level is neither).
    static func suitableForKids(_ rating: Rating) -> Bool {
        rating.levels.enumerated().allSatisfy { index, level in
            index == 0 ? level == RatingLevel.none || level == .mild : level == RatingLevel.none
        }
    }
}
