import Foundation

/// The models plist as FlowDown's own `CloudModel` decoder reads it (oyaoo/FlowDown be50ddf, app 5.x,
/// `CloudModel.init(from:)`), as opposed to `ModelsPlist.decode`, the requester's generic reading. What
/// differs, and what an implementation on FlowDown's side must match:
/// - only a *missing* key takes a default, and the defaults are the decoder's, not the initialiser's: a
///   missing `context` is 8000 (not 64000), `model_list_endpoint` and every other string "", `headers`
///   empty, `capabilities` empty, `response_format` `chatCompletions`, `removed` false;
/// - one present key of the wrong type, a `context` outside its nine values, an unknown capability or
///   `response_format` fails the whole array;
/// - `temperature_preference` never fails: anything but "custom" is "inherit";
/// - `bodyFields` only (no `body_fields`), no `ext_data` (that revision has none), other keys ignored;
/// - `objectId`, `deviceId`, `creation` and `modified` that are missing are made at decode time (a new
///   UUID, the device's id, now): here they stay nil, and so are left out of the model's JSON.
/// The plist's types are read by Foundation's `PropertyListDecoder`, as in the app.
public enum AppModelsReading {
    /// The nine context lengths of `ModelContextLength`.
    public static let contextLengths: Set<Int64> = [4000, 8000, 16000, 32000, 64000, 100_000, 200_000, 1_000_000, 2_147_483_647]
    /// `ModelCapabilities`: the four a requester can ask for, in the plist's spelling, and
    /// `preservedThinking`, which only a model has.
    public static let capabilities = Set(Capability.allCases.map(\.modelCapability)).union(["preservedThinking"])
    /// `CloudModel.ResponseFormat`.
    public static let responseFormats: Set<String> = ["chatCompletions", "responses"]

    /// The models, or `malformed-plist` when FlowDown's decoder throws for any of them.
    public static func decode(_ bytes: [UInt8]) throws(ModelExchangeError) -> [CloudModel] {
        // The same guards as ModelsPlist.decode: Foundation traps on non-UTF-8 bytes in an XML <integer>
        // (FINDINGS.md D2), and the generic reading bounds a binary plist's depth and size (D3).
        _ = try ModelsPlist.decode(bytes)
        do {
            return try PropertyListDecoder().decode([AppCloudModel].self, from: Data(bytes)).map(\.model)
        } catch {
            throw .malformedPlist("FlowDown's CloudModel decoder refuses it: \(error)")
        }
    }
}

/// One `CloudModel` as its `init(from:)` at be50ddf decodes it: `decodeIfPresent` for every key.
private struct AppCloudModel: Decodable {
    var model = CloudModel()

    private enum Key: String, CodingKey {
        case objectId, deviceId, model_identifier, model_list_endpoint, creation, modified, endpoint, token, headers, bodyFields
        case capabilities, context, response_format, comment, name, temperature_preference, removed
    }

    /// `ModelTemperaturePreference`'s decoder: a string "inherit" or "custom", anything else "inherit".
    private struct TemperaturePreference: Decodable {
        var value: String
        init(from decoder: Decoder) throws {
            let text = (try? decoder.singleValueContainer().decode(String.self)) ?? ""
            value = text == "custom" ? "custom" : "inherit"
        }
    }

    private struct RefusedValue: Error, CustomStringConvertible {
        var description: String
    }

    init(from decoder: Decoder) throws {
        let keys = try decoder.container(keyedBy: Key.self)
        func seconds(_ key: Key) throws -> Int64? {
            guard let date = try keys.decodeIfPresent(Date.self, forKey: key) else { return nil }
            guard let seconds = Int64(exactly: date.timeIntervalSince1970.rounded(.down)) else {
                throw RefusedValue(description: "\(key.rawValue) is not a date of Unix seconds")
            }
            return seconds
        }
        model.objectId = try keys.decodeIfPresent(String.self, forKey: .objectId)
        model.deviceId = try keys.decodeIfPresent(String.self, forKey: .deviceId)
        model.modelIdentifier = try keys.decodeIfPresent(String.self, forKey: .model_identifier) ?? ""
        model.modelListEndpoint = try keys.decodeIfPresent(String.self, forKey: .model_list_endpoint) ?? ""
        model.creation = try seconds(.creation)
        model.modified = try seconds(.modified)
        model.endpoint = try keys.decodeIfPresent(String.self, forKey: .endpoint) ?? ""
        model.token = try keys.decodeIfPresent(String.self, forKey: .token) ?? ""
        model.headers = try keys.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        model.bodyFields = try keys.decodeIfPresent(String.self, forKey: .bodyFields) ?? ""
        let capabilities = try keys.decodeIfPresent([String].self, forKey: .capabilities) ?? []
        if let unknown = capabilities.first(where: { !AppModelsReading.capabilities.contains($0) }) {
            throw RefusedValue(description: "unknown capability \(unknown.debugDescription)")
        }
        // A Set in the app: repeats collapse, and the order is the Set's; sorted here.
        model.capabilities = Array(Set(capabilities)).sorted()
        let context = try keys.decodeIfPresent(Int64.self, forKey: .context) ?? 8000
        guard AppModelsReading.contextLengths.contains(context) else {
            throw RefusedValue(description: "context \(context) is not a ModelContextLength")
        }
        model.context = context
        let format = try keys.decodeIfPresent(String.self, forKey: .response_format) ?? "chatCompletions"
        guard AppModelsReading.responseFormats.contains(format) else {
            throw RefusedValue(description: "response_format \(format.debugDescription) is unknown")
        }
        model.responseFormat = format
        model.comment = try keys.decodeIfPresent(String.self, forKey: .comment) ?? ""
        model.name = try keys.decodeIfPresent(String.self, forKey: .name) ?? ""
        model.temperaturePreference =
            try keys.decodeIfPresent(TemperaturePreference.self, forKey: .temperature_preference)?.value ?? "inherit"
        model.removed = try keys.decodeIfPresent(Bool.self, forKey: .removed) ?? false
    }
}
