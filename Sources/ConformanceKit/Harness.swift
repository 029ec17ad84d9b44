/// Versions written into every vector file and report header.
public enum Harness {
    /// The version of the wirecheck tool.
    public static let version = "0.1.0"
    /// The version of the public vector contract in `Vectors/`; bumped when a case changes meaning.
    public static let vectorsVersion = "1.0.0"
}
