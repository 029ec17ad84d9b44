import ATProtoLexicon
import ArgumentParser
import Foundation
import WireCore

/// What `atproto validate` and `mls validate` do with one value: validate it, print every error
/// with its JSON pointer and code, then a verdict line (or `{"ok", "errors"}` with `--json`); exit 1 when
/// the value is not valid.
enum LexiconValidationReport {
    /// The JSON value of `file` (`-`: standard input); an unreadable file or one that is not JSON is a
    /// harness error (exit 2).
    static func value(of file: String) throws -> JSONValue {
        let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
        guard let data else { throw exitHarness("cannot read \(file)") }
        do {
            return try JSONParser.parse(Array(data))
        } catch {
            throw exitHarness("\(file): not JSON: \(error)")
        }
    }

    /// Validates `value` against `lexicon` and reports it (`finish`); a name that names nothing is a
    /// harness error, with `hint` after the validator's own message.
    static func run(_ validator: LexiconValidator, _ value: JSONValue, against lexicon: String, json: Bool, hint: String) throws {
        let result: LexiconValidator.Result
        do throws(LexiconTargetError) {
            result = try validator.validate(value, against: lexicon)
        } catch {
            throw exitHarness(error.description + hint)
        }
        try finish(result, lexicon: lexicon, json: json)
    }

    /// Prints `result` for `lexicon` and throws exit code 1 when it has errors.
    static func finish(_ result: LexiconValidator.Result, lexicon: String, json: Bool) throws {
        if json {
            JSONOutput.print([
                "ok": .bool(result.isValid),
                "errors": .array(
                    result.errors.map {
                        ["path": .string($0.path.description), "code": .string($0.code.rawValue), "message": .string($0.message)]
                    }),
            ])
        } else {
            for error in result.errors { print(error) }
            print(result.isValid ? "valid \(lexicon)" : "\(result.errors.count) error(s) against \(lexicon)")
        }
        if !result.isValid { throw ExitCode(1) }
    }
}
