import Foundation
import WireCore

/// The `--expect FILE` of a run (reports/README.md): cases disabled with a reason, known failures, how the
/// implementation's error strings map to this project's error classes, and, for `--strict`, how it
/// resolves `acceptable` cases.
public struct Expectations: Sendable, Equatable {
    /// Glob → reason; matching cases are SKIP.
    public var disabled: [(pattern: String, reason: String)] = []
    /// Case id → reason; the case is XFAIL when it fails and XPASS when it passes.
    public var expectedFailures: [String: String] = [:]
    /// The implementation's error code → this project's error class.
    public var errorMap: [String: String] = [:]
    /// Glob → `accept` or `reject`: what the implementation does on `acceptable` cases (`--strict`).
    public var acceptable: [(pattern: String, verdict: String)] = []

    public init() {}

    public static func == (lhs: Expectations, rhs: Expectations) -> Bool {
        lhs.disabled.map { [$0.pattern, $0.reason] } == rhs.disabled.map { [$0.pattern, $0.reason] }
            && lhs.expectedFailures == rhs.expectedFailures && lhs.errorMap == rhs.errorMap
            && lhs.acceptable.map { [$0.pattern, $0.verdict] } == rhs.acceptable.map { [$0.pattern, $0.verdict] }
    }

    /// Why an expectations file was refused; each names the key.
    public enum Invalid: Error, CustomStringConvertible {
        case unreadable(path: String)
        indirect case inFile(path: String, Invalid)
        case notJSON(String)
        case notAnObject
        case unknownKey(String)
        case sectionNotAnObject(String)
        case emptyEntry(section: String, pattern: String)
        case badVerdict(pattern: String)

        public var description: String {
            switch self {
            case .unreadable(let path): "expectations: cannot read \(path)"
            case .inFile(let path, let invalid): "\(path): \(invalid)"
            case .notJSON(let reason): "expectations: \(reason)"
            case .notAnObject: "expectations: top level must be an object"
            case .unknownKey(let key): "expectations: unknown key '\(key)'"
            case .sectionNotAnObject(let key): "expectations: '\(key)' must be an object"
            case .emptyEntry(let section, let pattern): "expectations: \(section)[\"\(pattern)\"] needs a non-empty string"
            case .badVerdict(let pattern): "expectations: acceptable[\"\(pattern)\"] must be \"accept\" or \"reject\""
            }
        }
    }

    /// Reads the file at `url`; an unreadable file is named by its absolute path (a relative one is resolved
    /// against the working directory, which under `swift test` is not always the package's), any other problem by
    /// the path and the key.
    public init(contentsOf url: URL) throws(Invalid) {
        let path = url.standardizedFileURL.path
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        do throws(Invalid) {
            try self.init(json: Array(data))
        } catch {
            throw .inFile(path: path, error)
        }
    }

    /// Reads the JSON file; every problem names the key.
    public init(json bytes: [UInt8]) throws(Invalid) {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw .notJSON("\(error)") }
        guard let object = root.objectValue else { throw .notAnObject }
        for key in object.keys where !["disabled", "expectedFailures", "errorMap", "acceptable"].contains(key) {
            throw .unknownKey(key)
        }
        func strings(_ key: String) throws(Invalid) -> [(String, String)] {
            guard let value = object[key] else { return [] }
            guard let members = value.objectValue else { throw .sectionNotAnObject(key) }
            var entries: [(String, String)] = []
            for member in members {
                guard let text = member.value.stringValue, !text.isEmpty else { throw .emptyEntry(section: key, pattern: member.key) }
                entries.append((member.key, text))
            }
            return entries
        }
        disabled = try strings("disabled").map { (pattern: $0.0, reason: $0.1) }
        expectedFailures = Dictionary(try strings("expectedFailures")) { _, last in last }
        errorMap = Dictionary(try strings("errorMap")) { _, last in last }
        acceptable = try strings("acceptable").map { (pattern: $0.0, verdict: $0.1) }
        for entry in acceptable where !["accept", "reject"].contains(entry.verdict) {
            throw .badVerdict(pattern: entry.pattern)
        }
    }

    /// The SKIP reason when a `disabled` glob matches `id`.
    public func disabledReason(for id: String) -> String? {
        disabled.first { CaseSelection.matches($0.pattern, id) }.map { "disabled: \($0.reason)" }
    }

    /// `accept` or `reject` when an `acceptable` glob matches `id`.
    public func acceptableVerdict(for id: String) -> String? {
        acceptable.first { CaseSelection.matches($0.pattern, id) }?.verdict
    }

    /// The project's error class for the implementation's `code`.
    public func mapError(_ code: String) -> String { errorMap[code] ?? code }
}
