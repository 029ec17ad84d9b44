import CatbirdMLSConformance
import ConformanceKit

extension MLSFamily {
    /// The family as `wirecheck run` and `wirecheck bench` use it: its suites, the benchmark and the
    /// `mls/live` check against the mock MLS server.
    public static let withEmbeddedMock = family.adding(bench: MLSBench.set, embeddedLiveChecks: MLSEmbeddedChecks.all)
}
