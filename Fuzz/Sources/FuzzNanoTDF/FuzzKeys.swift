import NanoTDF
import WireCore

/// The KAS keys the fuzzer decrypts with: the `nanotdf/crypto` vectors' key of each curve (so the
/// corpus seeded from them decrypts) and, for P-256, the spec examples' recipients.
let keys: [Curve: [PrivateKey]] = {
    let scalars: [(Curve, String)] = [
        (.secp256r1, "5ce267463606b7aa054583b796590714785af2a1a357b91961a042e2d4f05cd1"),
        (.secp256r1, "472c179ab235274ecb6678bcc5aa0a8578fc59b7431dd8dd37adbeb60c637618"),
        (.secp256r1, "5a62e377a803776af0538f26daf56c0df549e9f28262de32640f244aef4ede17"),
        (.secp384r1, "54d4023282da2eab839948cc508ded644a29bbf007d276c5c2e259bd58e93cd85552d5d8140a0b1ffde59fb4e08b253f"),
        (
            .secp521r1,
            "00793a4c1b2b79ce661b7dba201f49e861e3d477b5696fa0aee3efe5e0234b953"
                + "f984a861189924d0e40a059ae4bd6fbe66df02b9dc62aa8bd35d376cdd9bd764c05"
        ),
        (.secp256k1, "7f5fbd329a6b05f61154fbb5f77bbbe46c8315ba122acb1d46ca14ce2916dda7"),
    ]
    return Dictionary(grouping: scalars.map { try! PrivateKey(scalar: Hex.decode($0.1), curve: $0.0) }, by: \.curve)
}()
