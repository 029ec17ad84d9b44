import Testing
import WireCheckTesting

/// Swift Testing: one test per vector case, named by the case id; the typed implementation.
@Test(arguments: WireCheckCases("wirecore/base64/std-padded-strict", "wirecore/base64/url-padded-strict"))
func strictBase64Conforms(_ testCase: ConformanceCase) throws {
    try testCase.check(typedImplementation, strict: true)
}
