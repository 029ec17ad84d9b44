import ConformanceKit
import FlowDownConformance
import Foundation
import Synchronization

/// One folder of vectors as `WireCheckTesting` runs them: the vector files, and a suite per file judged from the
/// files and their schemas alone (`DeclaredSuite`), so that no family's reference code is linked; FlowDown's
/// four comparisons that decode or verify an answer come from its suites, which need no C library.
final class VectorSet: Sendable {
    /// The folder read.
    let directory: String
    /// The vector files, by suite id.
    let files: [VectorFile]
    /// The suites that judge their cases.
    let suites: [any JudgedSuite]
    /// Every op a case of these files calls.
    let ops: Set<String>

    private init(directory: String) throws {
        self.directory = directory
        files = try VectorLoader.load(directory: directory, suiteOrder: [])
        let schemas = try GroupSchemas(directory: "\(directory)/schema")
        let comparisons = FlowDownFamily.family.suites
        suites = try files.map { file throws in try DeclaredSuite(file: file, schemas: schemas, comparisons: comparisons) }
        ops = Set(suites.flatMap(\.groupKinds).map(\.op))
    }

    /// The vectors of `directory`, read once per folder; the failure names the folder and how it was chosen.
    static func load(_ directory: String, chosenBy origin: String) -> Result<VectorSet, VectorLoadFailure> {
        cache.withLock { cache in
            if let loaded = cache[directory] { return loaded }
            let loaded: Result<VectorSet, VectorLoadFailure>
            do {
                loaded = .success(try VectorSet(directory: directory))
            } catch {
                loaded = .failure(
                    VectorLoadFailure(
                        message: "cannot read the vectors in \(directory) (\(origin)): \(error). A device cannot read the "
                            + "package's sources: copy Vectors/ into the test target's resources "
                            + "(resources: [.copy(\"Vectors\")]) and pass vectors: Bundle.module.url(forResource: \"Vectors\", "
                            + "withExtension: nil)"))
            }
            cache[directory] = loaded
            return loaded
        }
    }

    private static let cache = Mutex<[String: Result<VectorSet, VectorLoadFailure>]>([:])
}

/// Why the vectors could not be read: where it looked, how that place was chosen, and what to do.
public struct VectorLoadFailure: Error, CustomStringConvertible {
    /// The folder, how it was chosen, what was wrong with it, and how to give another.
    public var message: String
    /// `message`.
    public var description: String { message }
}

/// The golden vectors `WireCheckTesting` runs when no `vectors:` folder is given: `WIRECHECK_VECTORS` when set,
/// else the `Vectors/` of this checkout of WireCheck, found from this file's own path (`Sources/WireCheckTesting/`
/// → `Vectors/`), which holds for a path dependency and for SwiftPM's checkout of a URL dependency alike, so a user
/// on Linux or macOS configures nothing. (A resource copy was tried: SwiftPM copies a symlink to `Vectors/` as a
/// dangling symlink, and a second copy of 4 MB of vectors in the repository would drift.) On a device, which cannot
/// read the package's sources, give the folder as a resource URL instead (`WireCheckCases(_:vectors:)`,
/// `assertConforms(vectors:)`).
public enum ConformanceVectors {
    /// The folder the vectors are read from by default.
    public static var directory: String { defaultFolder.path }

    /// The default folder and how it was chosen (for messages).
    static var defaultFolder: (path: String, origin: String) {
        if let override = ProcessInfo.processInfo.environment["WIRECHECK_VECTORS"], !override.isEmpty {
            return (override, "WIRECHECK_VECTORS")
        }
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Vectors").path
        return (path, "next to WireCheckTesting's sources")
    }

    /// The vectors of `url`, or of the default folder when nil.
    static func set(_ url: URL?) -> Result<VectorSet, VectorLoadFailure> {
        if let url { return VectorSet.load(url.standardizedFileURL.path, chosenBy: "the vectors: argument") }
        let folder = defaultFolder
        return VectorSet.load(folder.path, chosenBy: folder.origin)
    }

    /// Every vector file of the default folder; a folder that cannot be read throws the reason.
    public static var files: [VectorFile] {
        get throws(VectorLoadFailure) { try set(nil).get().files }
    }
}
