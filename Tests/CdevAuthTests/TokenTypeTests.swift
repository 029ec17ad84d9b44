import XCTest

@testable import CdevAuth

/// Step 1 of validation: which prefix a token starts with, read byte by byte as Go's
/// `strings.HasPrefix` does.
final class TokenTypeTests: XCTestCase {
    func testPrefixOfAToken() {
        XCTAssertEqual(TokenType.prefix(of: "cdev_p_abc"), TokenType.pairingPrefix)
        XCTAssertEqual(TokenType.prefix(of: "cdev_s_"), TokenType.sessionPrefix)
        XCTAssertEqual(TokenType.prefix(of: "cdev_r_x"), TokenType.refreshPrefix)
        // Reserved prefixes, near misses and short texts have none.
        for token in ["cdev_c_x", "cdev_a_x", "cdev_p", "cdev_px", "Cdev_p_x", "cdev-p_x", "", "cdev_", "xcdev_p_"] {
            XCTAssertNil(TokenType.prefix(of: token), token)
        }
        // Bytes, not characters: a combining accent after the underscore does not hide the prefix.
        XCTAssertEqual(TokenType.prefix(of: "cdev_p_\u{301}abc"), TokenType.pairingPrefix)
        // A token that is not a native string (bridged, or a substring's copy) reads the same.
        XCTAssertEqual(TokenType.prefix(of: String(Substring("xxcdev_r_abc").dropFirst(2))), TokenType.refreshPrefix)
    }
}
