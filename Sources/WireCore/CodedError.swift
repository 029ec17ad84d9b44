/// An error of a format module's closed error enum: its `errorCode` is one case of a closed
/// vocabulary whose raw values are the kebab-case error classes of the vectors (Vectors/README.md, "error"),
/// so a misspelt class does not compile. The shim's `ShimError` is built from it in one place.
public protocol CodedError: Error, CustomStringConvertible {
    /// The closed set of error classes of this module.
    associatedtype Code: RawRepresentable, CaseIterable, Sendable where Code.RawValue == String
    /// The class of this error.
    var errorCode: Code { get }
    /// The kebab-case error class written in the vectors: `errorCode`'s raw value unless the module
    /// passes on another module's class (ArkavoWire keeps NanoTDF's class for a refused container).
    var code: String { get }
}

extension CodedError {
    /// The kebab-case error class, as written in the vectors and sent by shims.
    public var code: String { errorCode.rawValue }
}
