import WireCore

/// The spec examples with the recipient keys opentdf/spec section 6 publishes (PKCS#8 DER).
enum NanoTDFCryptoExamples {
    struct Example {
        var name: String
        var comment: String
        var container: [UInt8]
        var key: [UInt8]
    }

    static let all = [
        Example(
            name: "spec-example-1", comment: "spec 6.1 with its recipient key: \"DON'T\", 24-bit IV, ECDSA binding, signed",
            container: NanoTDFFixtures.specExample1,
            key: try! Base64.decode(
                "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgRywXmrI1J07LZni8xaoKhXj8WbdDHdjdN62+tgxjdhihRANCAARon4RjqRNA40eE"
                    + "dBT172emATq3I2siKccLcXl07nTrbAu4enVDo9T4LfQ4eZ0yx/KkIX2HylxzkAEoBxzVpBLN", variant: .foundation)),
        Example(
            name: "spec-example-2", comment: "spec 6.2 with its recipient key: \"Keep this message secret\", 24-bit IV, unsigned",
            container: NanoTDFFixtures.specExample2,
            key: try! Base64.decode(
                "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgWmLjd6gDd2rwU48m2vVsDfVJ6fKCYt4yZA8kSu9O3hehRANCAAQwmFsrcVyKJpSQ"
                    + "BMVVrIZ0v0XIin+BSdS/ENvcyIc2YKKIK43zkpPR13ibjsy1UhZJItQFlBChYCFDPUkANqcs", variant: .foundation)),
    ]
}
