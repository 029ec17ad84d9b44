import Foundation

/// Paths inside the repository, for tests of every target.
public enum Repository {
    /// The repository root (this file is Tests/Support/Repository.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The committed vectors.
    public static var vectorsDirectory: String { "\(root)/Vectors" }

    /// The inputs fuzz targets crashed on, one folder per target.
    public static var failCasesDirectory: String { "\(root)/Fuzz/FailCases" }
}
