/// What kind of implementation bug a flag's cases are about: Wycheproof's bug types plus the ones
/// Vectors/README.md adds. The raw values are the strings of the vector files' `notes`.
public enum BugType: String, Sendable, CaseIterable, Codable {
    case basic = "BASIC"
    case authBypass = "AUTH_BYPASS"
    case confidentiality = "CONFIDENTIALITY"
    case legacy = "LEGACY"
    case functionality = "FUNCTIONALITY"
    case weakParams = "WEAK_PARAMS"
    case canOfWorms = "CAN_OF_WORMS"
    case malleability = "MALLEABILITY"
    case signatureMalleability = "SIGNATURE_MALLEABILITY"
    case edgeCase = "EDGE_CASE"
    case missingStep = "MISSING_STEP"
    case knownBug = "KNOWN_BUG"
    case wrongPrimitive = "WRONG_PRIMITIVE"
    case modifiedParameter = "MODIFIED_PARAMETER"
    case defined = "DEFINED"
    case canonicalization = "CANONICALIZATION"
    case replay = "REPLAY"
    case expiry = "EXPIRY"
    case interop = "INTEROP"
}
