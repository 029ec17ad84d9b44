import ATProtoConformance
import ATProtoLexicon
import Crypto
import WireCore
import XCTest

/// The vendored snapshot is atproto-interop-tests at 056e574, unedited, and the Lexicon v1 document check
/// agrees with its `lexicon-valid.json` and `lexicon-invalid.json`.
final class InteropSnapshotTests: XCTestCase {
    /// SHA-256 of every file of the snapshot (`sha256sum` of the copy in the project's shared data).
    static let files: [String: String] = [
        "data-model/data-model-fixtures.json": "f2cf611fd5654b5ca4e2275a026bb83eb2337114466f11fe913f58c68c2b975d",
        "data-model/data-model-invalid.json": "4511bb0b84279b1de90494e64af7a9054259ff0de0a6c79e068fed1a5ad1c887",
        "data-model/data-model-valid.json": "601d04d7f16a271924805b9504e9bcd7d665f937c9c7ae8dd7d97adfe45ae6ec",
        "lexicon/catalog/permission-set.json": "397cfb4fde7fbc4e5d86433deaf51144ffdd9d1a2bb60e36fcba5c05ef1c1ac1",
        "lexicon/catalog/procedure.json": "f3e3255ccf9643e0efba3ab850b68d6a316c3725b1c4ee894ecd52ebbcf220eb",
        "lexicon/catalog/query.json": "299abcc7a9c98c8322e01ef2fb1dd8e0b9d03a28fbe8985db10c1098a005f198",
        "lexicon/catalog/record.json": "d9513607eab8ca8d205f87ce3c9dffac363c8d3fec839c064f4d52a362f30b9a",
        "lexicon/catalog/subscription.json": "0c54a2ef103473b3694514bc4f742b9a605458559a8a0f72a9ed217826d45f09",
        "lexicon/lexicon-invalid.json": "0766c188736845dbce5c71870c9bf4369a1a63dbe4c3c924b218bbb0b6abe3df",
        "lexicon/lexicon-valid.json": "950face7bbd3f9f76dfa959bc083b3abcfdbc21d2a684a7891d72b9e65d830e9",
        "lexicon/record-data-invalid.json": "993f4ac90ae00c5feeef2a58a9d9734ebb7fd61e5a0ca595db1ecce52b499d2f",
        "lexicon/record-data-valid.json": "f8f700e93244c818cdeb87ee5f550fe7627c400f64adb85777e697407f66e0d5",
        "syntax/atidentifier_syntax_invalid.txt": "26014d5ffe87185bb4f915295c188366e6c068f07152ad1ea812ac4ea2428aeb",
        "syntax/atidentifier_syntax_valid.txt": "a83a3267623bb3dbeb04529f3b06c3ab0279f070dcc15b128d710adcbb6815d7",
        "syntax/aturi_syntax_invalid.txt": "f57124a9e823c0941a960005c3d7a88a3f00c8eaf28c023d4f1f1ca2229ff727",
        "syntax/aturi_syntax_valid.txt": "ec268ffc5f5c006c87dfa46fe2be6835b65ab941b24b4a9b0d28d249a7459c80",
        "syntax/cid_syntax_invalid.txt": "cdb0c58c48f0efc632316b1ec9077ffbf6a8c03be9ccfeb1ff4548b5db0e5427",
        "syntax/cid_syntax_valid.txt": "fd530c32e34a00e33a08c7759bb8a64926b5bf2bdf4640af52a5b0cd4ec18c46",
        "syntax/datetime_parse_invalid.txt": "8c9d80a7a11809fb7d3a5ff5feab27c10c8e11645d010b4e5df0faa45ab497a0",
        "syntax/datetime_syntax_invalid.txt": "3fa10c56b2380aa5c8dff89a3baee8fdd6cc26849740072d3d744437274dceba",
        "syntax/datetime_syntax_valid.txt": "c56878cb8bfefd95522845b5ba926bcd094e44e6e19aecfe81cb40bbfe8c2422",
        "syntax/did_syntax_invalid.txt": "98eeae969cb8d6adcc3ffcbf72b49773c57635cdd3b873c05af71bdfcbbdd25a",
        "syntax/did_syntax_valid.txt": "dea2bf95d29f2141efe2f9d4762e25033bac900c5600b19bbf4120ce1442b9e6",
        "syntax/handle_syntax_invalid.txt": "9069133ace3e34263ecd585c78a434bdc4558cb4115cb883255a2493a08a0d2f",
        "syntax/handle_syntax_valid.txt": "6cff66b8dee405f9b516e49726f679e732beab3e275820a88ad53d0c114318cb",
        "syntax/language_parse_invalid.txt": "120e68b87bacfd530fcdc44114596c5f4554563355f70574563458e98447a1ec",
        "syntax/language_syntax_invalid.txt": "7150cf77a778f624264852fa25821c647d1e341ffeeb475e1e564c4eb93b72c9",
        "syntax/language_syntax_valid.txt": "90eed8560dc1dccd3479d22762d35e0e4a45902d9b7e869dd952dd7cf6ee0ee5",
        "syntax/nsid_syntax_invalid.txt": "eec328b5342e38b1e070411146a14409e6bb91d0ecdc27d9d8ca668505159f42",
        "syntax/nsid_syntax_valid.txt": "ff2c80b7f95c37377272c724da9a5ecb9b9720e9f46e7cc9e939acc7639a21a6",
        "syntax/recordkey_syntax_invalid.txt": "ab813eb308bfef83d1a0c00f35f0610767c8a3489ba7d48618e94eb1f9d99aaa",
        "syntax/recordkey_syntax_valid.txt": "47c42d524964e5c90bdae69031d4f3ab5090df99944581c33511c684055c469e",
        "syntax/tid_syntax_invalid.txt": "c23491943007f7504878ba6001c7b43dd80d4e177773770dede50863295b55a7",
        "syntax/tid_syntax_valid.txt": "df4d1ad9143dd03ae13294956489eb304a437a786564655c10b091602d8f9c47",
        "syntax/uri_syntax_invalid.txt": "35db5d84e52bf249c0609716de9fe19f9dd8c33514ee57c150cb973ba672d42e",
        "syntax/uri_syntax_valid.txt": "005680ce1783a02f45c5be59b97955b77d97b3b290b3f59584966d8b22bea965",
    ]

    func testTheLexiconDocumentCheckAgreesWithTheSnapshot() throws {
        for (file, valid) in [("lexicon/lexicon-valid.json", true), ("lexicon/lexicon-invalid.json", false)] {
            let cases = try XCTUnwrap(InteropVectors.json(file).arrayValue)
            XCTAssertFalse(cases.isEmpty, file)
            for entry in cases {
                let name = entry["name"]?.stringValue ?? "?"
                let problems = LexiconDocument.check(try XCTUnwrap(entry["lexicon"], name))
                if valid {
                    XCTAssertEqual(problems.map { "\($0.pointer) \($0.message)" }, [], "\(file): \(name)")
                } else {
                    XCTAssertFalse(problems.isEmpty, "\(file): \(name) is accepted")
                    // --lenient (what the interop catalog needs) must not let an invalid document through either.
                    XCTAssertFalse(LexiconDocument.check(entry["lexicon"]!, options: .interopCatalog).isEmpty, "\(file): \(name) (lenient)")
                }
            }
        }
    }

    func testTheSnapshotIsUnedited() throws {
        var seen: [String: String] = [:]
        for (path, _) in Self.files {
            seen[path] = Hex.encode(Array(SHA256.hash(data: InteropFiles.data(path))))
        }
        XCTAssertEqual(seen, Self.files)
    }
}
