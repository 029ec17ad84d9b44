import NanoTDF

/// What a KAS decides about one NanoTDF header, whichever protocol asked (the Arkavo WebSocket or the OpenTDF
/// rewrap): the payload key derived with the KAS key, once the policy binding verifies and the configured policy rule
/// allows it, or why not.
struct NanoTDFKeyRelease {
    /// Why a header's key is not released.
    enum Refusal: Error, Equatable {
        /// The header's curve is not the KAS key's.
        case wrongCurve(String)
        /// The ephemeral key is not a point of the curve.
        case badEphemeralKey
        /// The policy binding does not verify (or `--fault deny-all`).
        case bindingMismatch
        /// The policy holds the text `--deny-policy` refuses.
        case policyDenied
    }

    let kasKey: PrivateKey
    let faults: Set<KASFault>
    /// A policy whose content (in the clear, or decrypted) holds these bytes is refused.
    let deniedPolicyText: [UInt8]?

    /// The payload key of `header`, the raw ECDH secret it was derived from (era A of the Arkavo rewrap wraps that) and
    /// the binding form that verified (nil under `--fault ignore-binding` when none did).
    func release(_ header: Header) -> Result<(payloadKey: [UInt8], kasSecret: [UInt8], binding: BindingVariant?), Refusal> {
        guard header.curve == .secp256r1 else { return .failure(.wrongCurve(header.curve.name)) }
        guard let kasSecret = KeyAgreement.sharedSecret(kasKey, peer: header.ephemeralPublicKey) else { return .failure(.badEphemeralKey) }
        let payloadKey = KeyAgreement.hkdf(secret: kasSecret, salt: KeyAgreement.salt(header.version))
        let bound = Container(header: header, payload: Payload(iv: [], ciphertext: [], tag: [])).verifyBinding(payloadKey: payloadKey)
        guard !faults.contains(.denyAll), bound != nil || faults.contains(.ignoreBinding) else { return .failure(.bindingMismatch) }
        if let denied = deniedPolicyText, let policy = policyContent(header, payloadKey: payloadKey), policy.firstRange(of: denied) != nil {
            return .failure(.policyDenied)
        }
        return .success((payloadKey, kasSecret, bound))
    }

    /// The policy content in the clear: as written (type 1), decrypted (types 2 and 3, under each IV convention), or
    /// nil for a remote policy or one that does not open.
    private func policyContent(_ header: Header, payloadKey: [UInt8]) -> [UInt8]? {
        switch header.policy.kind {
        case .remote: return nil
        case .embeddedPlaintext: return header.policy.content
        case .embeddedEncrypted, .embeddedEncryptedWithKeyAccess:
            let container = Container(header: header, payload: Payload(iv: [], ciphertext: [], tag: []))
            return IVConvention.autoOrder.lazy.compactMap { container.openPolicy(key: kasKey, payloadKey: payloadKey, convention: $0) }
                .first
        }
    }
}
