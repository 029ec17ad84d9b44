import Foundation
import XCTest

/// An unpacked release (issue 41): `bin/wirecheck` with `Vectors/` and `BUILD-INFO` in the folder above it reads its
/// own vectors and names its commit from any working directory; the same binary outside that layout reads `Vectors`
/// in the working directory, as a build in a checkout always has. (`make dist-check` runs the real tarball.)
final class InstallationTests: XCTestCase {
    func testAReleaseLayoutFindsItsVectorsAndCommitFromAnyDirectory() throws {
        let wirecheck = try TestEnvironment.wirecheck
        // Inside .build, so that a hard link (no 100 MB copy) is possible: the link's own path is what the process sees.
        let release = "\(TestEnvironment.root)/.build/release-layout-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: release) }
        try FileManager.default.createDirectory(atPath: "\(release)/bin", withIntermediateDirectories: true)
        try FileManager.default.linkItem(
            atPath: URL(fileURLWithPath: wirecheck).resolvingSymlinksInPath().path, toPath: "\(release)/bin/wirecheck")
        try FileManager.default.createSymbolicLink(atPath: "\(release)/Vectors", withDestinationPath: TestEnvironment.vectorsDirectory)
        try "version=0.1.0\ncommit=0123456789ab\n".write(toFile: "\(release)/BUILD-INFO", atomically: true, encoding: .utf8)
        let elsewhere = try TestEnvironment.temporaryDirectory()

        let version = try TestEnvironment.run(["\(release)/bin/wirecheck", "--version"], directory: elsewhere)
        XCTAssertTrue(version.stdout.hasSuffix("(vectors 1.0.0, commit 0123456789ab)\n"), version.stdout)
        let listed = try TestEnvironment.run(["\(release)/bin/wirecheck", "vectors", "list"], directory: elsewhere)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("nanotdf/parse"), listed.stdout)

        let checkout = try TestEnvironment.run([wirecheck, "vectors", "list"], directory: elsewhere)
        XCTAssertNotEqual(checkout.status, 0, "a build in a checkout reads ./Vectors, which this folder has not")
        XCTAssertTrue(try TestEnvironment.run([wirecheck, "--version"]).stdout.contains("a build in a checkout"))
    }
}
