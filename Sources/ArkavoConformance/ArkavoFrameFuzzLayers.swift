import ConformanceKit
import WireCore

extension ArkavoFrameSuite {
    /// An 0xFF frame opened to its body's JSON text and framed again, so the JSON text mutations (a repeated key, another
    /// number form, deep nesting, a string value changed) reach the error-body reader (section 6.4) instead of flipping
    /// bytes of the hex. An outside trial's reader that kept the last of a repeated `error_type` was found by no
    /// mutation of the hex.
    public func fuzzLayers(of kind: GroupKind) -> [FuzzLayer] {
        guard kind.type == Self.parseFrame.type else { return [] }
        return [
            FuzzLayer(
                "error frame JSON",
                open: { args in
                    guard let frame = args[F.frame], frame.first == 0xFF,
                        let text = String(validating: frame.dropFirst(), as: UTF8.self)
                    else { return nil }
                    return .string(text)
                },
                seal: { args, body in
                    guard let text = body.stringValue else { return nil }
                    var sealed = args
                    sealed.set(F.frame, [0xFF] + Array(text.utf8))
                    return sealed
                })
        ]
    }
}
