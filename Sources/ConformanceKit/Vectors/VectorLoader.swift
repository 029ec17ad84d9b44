import Foundation
import WireCore

/// Finds and reads the vector files below a `Vectors/` folder (every `<format>/<suite>.json`).
public enum VectorLoader {
    /// Why the vectors could not be read.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Every vector file below `directory`, in the order of `suiteOrder` (suite ids), then any other suites by name.
    public static func load(directory: String, suiteOrder: [String]) throws -> [VectorFile] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Failure(description: "no vectors folder at \(directory) (run from the repository root or pass --vectors DIR)")
        }
        var files: [VectorFile] = []
        let formats = try fm.contentsOfDirectory(atPath: directory).filter { $0 != "schema" }.sorted()
        for format in formats {
            let folder = "\(directory)/\(format)"
            guard fm.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            for name in try fm.contentsOfDirectory(atPath: folder).sorted() where name.hasSuffix(".json") {
                let path = "\(folder)/\(name)"
                guard let data = fm.contents(atPath: path) else { throw Failure(description: "\(path): cannot read") }
                do {
                    files.append(try VectorFile.load(contentsOf: Array(data)))
                } catch {
                    throw Failure(description: "\(path): \(error)")
                }
            }
        }
        let order = Dictionary(uniqueKeysWithValues: suiteOrder.enumerated().map { ($1, $0) })
        return files.sorted { (order[$0.suite] ?? .max, $0.suite) < (order[$1.suite] ?? .max, $1.suite) }
    }
}
