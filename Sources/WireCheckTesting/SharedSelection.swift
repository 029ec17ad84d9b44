import ConformanceKit
import Synchronization

/// The cases one `WireCheckCases` call selected, shared by them: Swift Testing checks one case at a time, and each
/// must know whether its selection tests anything at all. For an implementation that lists no ops, that is known only
/// by running the selection, which is done once per implementation and remembered.
final class SharedSelection: Sendable {
    /// The globs the cases were selected with.
    let globs: [String]
    /// How many cases they selected.
    let count: Int
    /// The ops those call.
    let ops: Set<String>
    /// Whether each implementation (by its type and name) had any selected case executed.
    private let executed = Mutex<[String: Bool]>([:])

    init(globs: [String], count: Int, ops: Set<String>) {
        self.globs = globs
        self.count = count
        self.ops = ops
    }

    /// Whether `implementation` answers anything but `unimplemented` to one of the selected cases of `vectors`.
    func testsAnything(_ implementation: some Implementation, in vectors: VectorSet) -> Bool {
        let key = "\(String(reflecting: type(of: implementation)))|\(implementation.name)"
        if let known = executed.withLock({ $0[key] }) { return known }
        let results = ConformanceRun.run(
            implementation, selection: CaseSelection(only: globs), strict: false, expectations: Expectations(), in: vectors)
        let answer = results.contains(where: \.status.wasExecuted)
        executed.withLock { $0[key] = answer }
        return answer
    }
}
