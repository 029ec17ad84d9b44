import WireCore

/// The JSON of a token as Go's `json.Marshal` writes it, read without building a JSON tree: one object,
/// no whitespace, every key exactly one of the field names, every value an integer or a string of
/// printable ASCII without escapes, of its field's type. That is every token cdev mints; reading it
/// directly is most of what makes validation cost little more than its HMAC. Anything else
/// (whitespace, escapes, non-ASCII, other keys, a repeated key, a value of another type, null,
/// fractions, nesting, bad syntax) is left to `JSONParser` and `GoJSONObject`'s general path, which
/// gives the same values and every error, so an input has one reading and one refusal.
enum CompactJSONObject {
    /// The value of each of `fieldNames` (nil where absent), or nil when `bytes` is not of the compact
    /// shape: each key once, `integerFields` integers and the other fields strings.
    static func scan(_ bytes: [UInt8], fieldNames: [String], integerFields: [String] = []) -> [JSONValue?]? {
        bytes.withUnsafeBufferPointer { input -> [JSONValue?]? in
            guard input.count >= 2, input[0] == UInt8(ascii: "{"), input[input.count - 1] == UInt8(ascii: "}") else { return nil }
            var values = GoJSONObject.noValues(fieldNames.count)
            if input.count == 2 { return values }
            var index = 1
            var previousField: Int? = nil
            while true {
                guard input[index] == UInt8(ascii: "\""), let keyEnd = plainStringEnd(input, from: index + 1) else { return nil }
                let key = UnsafeBufferPointer(rebasing: input[(index + 1)..<keyEnd])
                // Go writes the fields in declaration order, so the name after the last one found is
                // tried first; a search over all names is the fallback.
                let next = previousField.map { $0 + 1 } ?? 0
                guard
                    let field = next < fieldNames.count && matches(fieldNames[next], key)
                        ? next : fieldNames.firstIndex(where: { matches($0, key) })
                else { return nil }
                // A repeated key is left to the general path, which checks the type of every copy.
                guard values[field] == nil else { return nil }
                previousField = field
                index = keyEnd + 1
                guard index + 1 < input.count, input[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                let wantsInteger = integerFields.contains(fieldNames[field])
                if input[index] == UInt8(ascii: "\"") {
                    guard !wantsInteger, let end = plainStringEnd(input, from: index + 1) else { return nil }
                    values[field] = .string(String(decoding: UnsafeBufferPointer(rebasing: input[(index + 1)..<end]), as: UTF8.self))
                    index = end + 1
                } else {
                    guard wantsInteger, let (value, end) = integer(input, from: index) else { return nil }
                    values[field] = .int(value)
                    index = end
                }
                // The last byte is the closing brace; a member ends at a comma or there.
                if index == input.count - 1 { return values }
                guard input[index] == UInt8(ascii: ","), index + 1 < input.count - 1 else { return nil }
                index += 1
            }
        }
    }

    /// Whether `key` is the UTF-8 of `name`: the length first, which rules out most names, then the
    /// bytes side by side, both as buffers (iterating the string's view cost more than the scan).
    private static func matches(_ name: String, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.utf8.count == key.count else { return false }
        var name = name
        return name.withUTF8 { name in
            for index in 0..<key.count where name[index] != key[index] { return false }
            return true
        }
    }

    /// The offset of the quote closing a string whose text starts at `start`, when the text is only
    /// printable ASCII without a backslash. (A token's payload is one such string of some 270 bytes;
    /// its scan was the largest cost after the HMAC, so `JSONStringScan` takes eight bytes at a time.)
    private static func plainStringEnd(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let index = JSONStringScan.plainEnd(input, from: start)
        guard index < input.count, input[index] == UInt8(ascii: "\"") else { return nil }
        return index
    }

    /// `-?(0|[1-9][0-9]*)` of at most 18 digits (so it fits an Int64) followed by `,` or `}`, and the
    /// offset after it. A fraction or an exponent is not an integer here: the general path decides.
    private static func integer(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int64, Int)? {
        var index = start
        let negative = input[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var value: Int64 = 0
        while index < input.count, input[index] >= UInt8(ascii: "0"), input[index] <= UInt8(ascii: "9") {
            value = value &* 10 &+ Int64(input[index] - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - digitsStart
        guard digits > 0, digits <= 18, digits == 1 || input[digitsStart] != UInt8(ascii: "0"), index < input.count,
            input[index] == UInt8(ascii: ",") || input[index] == UInt8(ascii: "}")
        else { return nil }
        return (negative ? -value : value, index)
    }
}
