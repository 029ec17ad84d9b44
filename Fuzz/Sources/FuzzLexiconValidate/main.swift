import ATProtoLexicon
import CatbirdMLS
import FuzzSupport
import WireCore

/// JSON against the Catbird MLS lexicons. The first byte picks the def or endpoint part
/// (`CatbirdLexicons.targets`), the rest is the JSON value. Oracles: every error's path names a
/// place in the value (or, for a missing member, its parent does); filling in defaults changes no
/// verdict.
/// Loads the catalog once, before the first input, with leak checking off: it lives for the whole run,
/// held through enum payloads whose tagged pointers LeakSanitizer cannot follow.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    withLeakCheckingDisabled {
        consume(CatbirdLexicons.targets.count)
        consume(CatbirdLexicons.validator().catalog.documents.count)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = inputBytes(start, count)
    guard let selector = bytes.first else { return 0 }
    let targets = CatbirdLexicons.targets
    let target = targets[Int(selector) % targets.count]
    guard let value = try? JSONParser.parse(Array(bytes.dropFirst())) else { return 0 }
    let validator = CatbirdLexicons.validator()
    guard let result = try? validator.validate(value, against: target) else {
        contractViolated("target \(target) from CatbirdLexicons.targets does not resolve")
    }
    for error in result.errors {
        // An error about a missing member (a required field, a blob's `ref`) points at where it should be.
        let parent = JSONPointer(tokens: Array(error.path.tokens.dropLast()))
        require(
            value.value(at: error.path) != nil || value.value(at: parent) != nil,
            "error path \(error.path) (\(error.code)) names nothing in the value")
        consume(error.message)
    }
    let withDefaults = try? validator.validate(result.value, against: target)
    require(withDefaults?.isValid == result.isValid, "filling in defaults changed the verdict")
    return 0
}
