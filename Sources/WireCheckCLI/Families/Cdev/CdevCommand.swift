import ArgumentParser
import CdevAuth
import Foundation
import WireCore

/// `wirecheck cdev …`: mint, validate and inspect cdev tokens.
struct CdevCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cdev",
        abstract: "Mint, validate and inspect cdev tokens (cdev_p_/cdev_s_/cdev_r_, payload v1).",
        discussion: "The mock server is `wirecheck serve cdev`; the live checker `wirecheck check cdev`.",
        subcommands: [Mint.self, Validate.self, Inspect.self])

    struct Mint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mint a token byte-exact with cdev's Go implementation and print it.",
            discussion:
                "Example:\n  wirecheck cdev mint --secret-file ~/.cdev/token_secret.json --type access \\\n    --device-id DeViCeId-0123456"
        )

        @OptionGroup var secret: CdevSecretOptions
        @Option(help: "pairing, access, refresh or session.") var type = "pairing"
        @Option(help: "Unix seconds (default: now).") var issuedAt: Int64?
        @Option(help: "Seconds of validity (default: cdev's for the type: 3600, 900, 604800, 300).") var lifetime: Int64?
        @Option(help: "Unix seconds; overrides --lifetime.") var expiresAt: Int64?
        @Option(help: "The 16-character nonce (default: random, as cdev makes it).") var nonce: String?
        @Option(help: "device_id (cdev HEAD puts one on access and refresh tokens).") var deviceId = ""
        @Option(help: "user_id (reserved for cloud mode).") var userId = ""
        @Flag(help: "Print the token and its payload as JSON.") var json = false

        func run() throws {
            guard let tokenType = TokenType(rawValue: type) else {
                throw ValidationError("--type must be pairing, access, refresh or session")
            }
            let identity = try secret.identity()
            let issued = issuedAt ?? SystemClock().unixSeconds()
            var random = SystemRandom()
            let payload = TokenPayload(
                type: type, serverId: identity.serverId, issuedAt: issued,
                expiresAt: expiresAt ?? issued + (lifetime ?? tokenType.defaultLifetime),
                nonce: nonce ?? RandomString.make(using: &random), deviceId: deviceId, userId: userId)
            let token = CdevToken.mint(payload, secret: identity.secret)
            if json {
                JSONOutput.print(["token": .string(token), "payload": .object(payload.json)])
            } else {
                print(token)
            }
        }
    }

    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate a token with the ten steps of cdev (prefix … expiry); exit 0 valid, 1 refused.",
            discussion: "Prints the payload, or the error class (invalid-format, invalid-token, expired, revoked) and why.")

        @Argument(help: "The token, or - to read it from standard input.") var token: String
        @OptionGroup var secret: CdevSecretOptions
        @Option(help: "Unix seconds to validate at (default: now).") var now: Int64?
        @Option(help: "A revoked nonce (repeatable).") var revoked: [String] = []
        @Flag(help: "JSON output.") var json = false

        func run() throws {
            let identity = try secret.identity()
            let text = try tokenArgument(token)
            let at = now ?? SystemClock().unixSeconds()
            do throws(CdevTokenError) {
                let payload = try CdevToken.validate(
                    text, secret: identity.secret, serverId: identity.serverId, now: at, revokedNonces: revoked)
                if json {
                    JSONOutput.print(["valid": true, "payload": .object(payload.json)])
                } else {
                    print("valid: \(payload.type) token, expires_at \(payload.expiresAt) (\(payload.expiresAt - at) s left)")
                    print(JSONWriter.compact(.object(payload.json)))
                }
            } catch {
                if json {
                    JSONOutput.print(["valid": false, "error": .string(error.code), "reason": .string(error.description)])
                } else {
                    print("\(error.code): \(error.description)")
                }
                throw ExitCode(1)
            }
        }
    }

    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode any cdev token without the secret, and say what can and cannot be told from it.")

        @Argument(help: "The token, or - to read it from standard input.") var token: String
        @Option(help: "Unix seconds to judge expiry at (default: now).") var now: Int64?
        @Flag(help: "JSON output.") var json = false

        func run() throws {
            let inspection = TokenInspection(try tokenArgument(token), now: now ?? SystemClock().unixSeconds())
            if json {
                var object: JSONObject = ["prefix": inspection.prefix.map(JSONValue.string) ?? .null]
                object["payload"] = inspection.payload.map { .object($0.json) } ?? .null
                object["payloadJSON"] = inspection.payloadJSON.map(JSONValue.string) ?? .null
                object["macBytes"] = inspection.mac.map { .int(Int64($0.count)) } ?? .null
                object["problem"] = inspection.problem.map { ["error": .string($0.code), "reason": .string($0.reason)] } ?? .null
                object["notes"] = .array(inspection.notes.map(JSONValue.string))
                object["cannotTell"] = .string(TokenInspection.limits)
                JSONOutput.print(.object(object))
            } else {
                print("prefix:  \(inspection.prefix ?? "(none)")")
                if let payload = inspection.payloadJSON { print("payload: \(payload)") }
                if let mac = inspection.mac { print("s:       \(mac.count)-byte MAC") }
                if let payload = inspection.payload {
                    print(
                        "type \(payload.type), server_id \(payload.serverId), issued_at \(payload.issuedAt), expires_at "
                            + "\(payload.expiresAt), nonce \(payload.nonce)"
                            + (payload.deviceId.isEmpty ? "" : ", device_id \(payload.deviceId)"))
                }
                for note in inspection.notes { print("note:    \(note)") }
                print(inspection.problem.map { "verdict: \($0.code): \($0.reason)" } ?? "verdict: well-formed and not expired")
                print("cannot tell \(TokenInspection.limits)")
            }
            if inspection.problem != nil { throw ExitCode(1) }
        }
    }
}
