/// A capability a requester asks for (FlowDown spec section 7). Raw values are exact and case-sensitive.
public enum Capability: String, Sendable, CaseIterable, Hashable {
    case audio
    case visual
    case tool
    case developerRole

    /// FlowDown's `resolve`: split on `,`, drop empty pieces, every piece must be known.
    public static func parseList(_ value: String) throws(ModelExchangeError) -> [Capability] {
        var list: [Capability] = []
        for piece in value.split(separator: ",", omittingEmptySubsequences: true) {
            guard let capability = Capability(rawValue: String(piece)) else {
                throw .unknownCapability(String(piece))
            }
            list.append(capability)
        }
        return list
    }

    /// The name FlowDown's `ModelCapabilities` uses in the models plist (`audio` is `auditory` there).
    public var modelCapability: String { self == .audio ? "auditory" : rawValue }
}
