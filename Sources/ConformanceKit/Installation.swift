import Foundation

/// Where an unpacked release keeps its files (`make dist`): the executable is `bin/wirecheck`, and the folder above it
/// holds `Vectors/` and `BUILD-INFO`. The binary uses those vectors from any working directory; a build inside a
/// checkout (`.build/…/wirecheck`) has neither next to it and reads `Vectors` in the working directory, as before.
public enum Installation {
    /// The folder above the running executable's own folder, symlinks resolved (`…/wirecheck-0.1.0-linux-x86_64`).
    static let root: URL? = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The default vectors folder: `../Vectors` beside the executable when it exists, else `Vectors` (the working
    /// directory's).
    public static let vectorsDirectory: String = {
        var isDirectory: ObjCBool = false
        if let bundled = root?.appendingPathComponent("Vectors").path,
            FileManager.default.fileExists(atPath: bundled, isDirectory: &isDirectory), isDirectory.boolValue
        {
            return bundled
        }
        return "Vectors"
    }()

    /// The commit a release was built from (`commit=` in `BUILD-INFO` beside `bin/`), nil for a build in a checkout.
    public static let commit: String? = {
        guard let path = root?.appendingPathComponent("BUILD-INFO").path,
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("commit=") }.map { String($0.dropFirst("commit=".count)) }
    }()

    /// What `wirecheck --version` prints: the harness version, the vectors version and the commit.
    public static var versionLine: String {
        "\(Harness.version) (vectors \(Harness.vectorsVersion), commit \(commit ?? "unknown: a build in a checkout"))"
    }
}
