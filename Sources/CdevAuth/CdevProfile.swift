/// Which cdev the mock and the checker follow (cdev spec, "Decisions"): `baseline` is commit
/// e761846 as the seed describes it; `head` switches on the deltas of sections 4.3 and 5.2.
public enum CdevProfile: String, Sendable, CaseIterable {
    case baseline
    case head
}
