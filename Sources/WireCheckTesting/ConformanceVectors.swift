import ConformanceKit
import Foundation
import WireCheckFamilies

/// The golden vectors of this checkout of WireCheck, loaded once, in the families' order. They are
/// found from this file's own path (`Sources/WireCheckTesting/` → `Vectors/`), which holds for a path
/// dependency and for SwiftPM's checkout of a URL dependency alike, so a user configures nothing.
/// (A resource copy was tried: SwiftPM copies a symlink to `Vectors/` as a dangling symlink, and a second
/// copy of 4 MB of vectors in the repository would drift.) `WIRECHECK_VECTORS` overrides the folder.
public enum ConformanceVectors {
    /// The folder the vectors are read from.
    public static var directory: String {
        if let override = ProcessInfo.processInfo.environment["WIRECHECK_VECTORS"], !override.isEmpty { return override }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Vectors").path
    }

    /// The vector files, or the reason they could not be read.
    static let loaded: Result<[VectorFile], VectorLoadFailure> = {
        let directory = ConformanceVectors.directory
        do {
            return .success(try VectorLoader.load(directory: directory, suiteOrder: WireCheckFamilies.all.suites.map(\.id)))
        } catch {
            return .failure(VectorLoadFailure(message: "cannot read the vectors in \(directory): \(error)"))
        }
    }()

    /// Every vector file; a packaging problem is a programming error of this library, so it traps with the reason.
    public static var files: [VectorFile] {
        switch loaded {
        case .success(let files): return files
        case .failure(let failure): preconditionFailure(failure.message)
        }
    }

    /// Every op of every family's reference implementation.
    static var allOps: Set<String> { Set(WireCheckFamilies.all.reference.names) }
}

/// Why the vectors could not be read.
struct VectorLoadFailure: Error {
    var message: String
}
