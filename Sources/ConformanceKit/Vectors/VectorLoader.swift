import Foundation
import WireCore

/// Finds and reads the vector files below a `Vectors/` folder (every `<format>/<suite>.json`).
public enum VectorLoader {
    /// Why the vectors could not be read.
    public enum Failure: Error, CustomStringConvertible {
        /// There is no folder at the path.
        case noFolder(String)
        /// A file or folder could not be read.
        case unreadable(path: String, reason: String)
        /// A file is not a vector file (the reason names the field).
        case invalid(path: String, reason: String)

        public var description: String {
            switch self {
            case .noFolder(let directory): "no vectors folder at \(directory) (run from the repository root or pass --vectors DIR)"
            case .unreadable(let path, let reason): "\(path): \(reason)"
            case .invalid(let path, let reason): "\(path): \(reason)"
            }
        }
    }

    /// Every vector file below `directory`, in the order of `suiteOrder` (suite ids), then any other suites by name.
    public static func load(directory: String, suiteOrder: [String]) throws(Failure) -> [VectorFile] {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .noFolder(directory)
        }
        var files: [VectorFile] = []
        func list(_ folder: String) throws(Failure) -> [String] {
            do {
                return try fm.contentsOfDirectory(atPath: folder).sorted()
            } catch {
                throw .unreadable(path: folder, reason: "\(error)")
            }
        }
        let formats = try list(directory).filter { $0 != "schema" }
        for format in formats {
            let folder = "\(directory)/\(format)"
            guard fm.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            for name in try list(folder) where name.hasSuffix(".json") {
                let path = "\(folder)/\(name)"
                guard let data = fm.contents(atPath: path) else { throw .unreadable(path: path, reason: "cannot read") }
                do {
                    files.append(try VectorFile.load(contentsOf: Array(data)))
                } catch {
                    throw .invalid(path: path, reason: "\(error)")
                }
            }
        }
        let order = Dictionary(uniqueKeysWithValues: suiteOrder.enumerated().map { ($1, $0) })
        return files.sorted { (order[$0.suite] ?? .max, $0.suite) < (order[$1.suite] ?? .max, $1.suite) }
    }
}
