import NanoTDF
import WireCheckTesting
import WireCheckTestingNanoTDF
import WireCore
import XCTest

/// `WireCheckTestingNanoTDF`: the NanoTDF builders over the product's own value types. A reader and writer written
/// with them (here the reference's, mapped member by member) conforms on every NanoTDF case; one that drops the KAS
/// locator's identifier fails exactly the cases whose locator has one.
final class TypedNanoTDFProductTests: XCTestCase {
    static func locator(_ locator: ResourceLocator) -> NanoTDFLocator {
        NanoTDFLocator(protocolCode: locator.protocolCode, body: locator.body, identifier: locator.identifier)
    }

    static func header(_ header: Header, droppingIdentifier: Bool) -> NanoTDFHeader {
        var kas = locator(header.kas)
        if droppingIdentifier { kas.identifier = [] }
        return NanoTDFHeader(
            version: NanoTDFVersion(rawValue: header.version.rawValue)!, kas: kas,
            kasKey: header.kasKey.map { .init(curve: NanoTDFCurve(rawValue: $0.curve.rawValue)!, publicKey: $0.publicKey) },
            ecdsaBinding: header.ecdsaBinding, curve: NanoTDFCurve(rawValue: header.curve.rawValue)!, hasSignature: header.hasSignature,
            signatureCurveBits: header.signatureCurveBits, cipher: NanoTDFCipher(rawValue: header.cipher.rawValue)!,
            policy: NanoTDFPolicy(
                kind: NanoTDFPolicyKind(rawValue: header.policy.kind.rawValue)!, locator: header.policy.locator.map(locator),
                content: header.policy.content, keyAccessPublicKey: header.policy.keyAccessPublicKey, binding: header.policy.binding),
            ephemeralPublicKey: header.ephemeralPublicKey)
    }

    static func refusal(_ error: some CodedError) -> ShimError { ShimError(code: error.code) }

    /// The reference through the product's types; `droppingIdentifier` is a reader's bug.
    static func table(droppingIdentifier: Bool) -> OpTable {
        OpTable(
            name: droppingIdentifier ? "DropsIdentifier" : "Reader",
            [
                NanoTDFOps.parseHeader { bytes throws(ShimError) in
                    do throws(NanoTDFError) {
                        let (header, length) = try Container.parseHeaderEitherBindingForm(bytes)
                        return (Self.header(header, droppingIdentifier: droppingIdentifier), length)
                    } catch {
                        throw refusal(error)
                    }
                },
                NanoTDFOps.parse { bytes throws(ShimError) in
                    do throws(NanoTDFError) {
                        let container = try Container.parseEitherBindingForm(bytes)
                        return NanoTDFContainer(
                            header: header(container.header, droppingIdentifier: droppingIdentifier),
                            payload: .init(iv: container.payload.iv, ciphertext: container.payload.ciphertext, tag: container.payload.tag),
                            signature: container.signature.map { .init(publicKey: $0.publicKey, signature: $0.signature) })
                    } catch {
                        throw refusal(error)
                    }
                },
                NanoTDFOps.decrypt { bytes, keyBytes, convention throws(ShimError) in
                    let container: Container
                    do throws(NanoTDFError) { container = try Container.parseEitherBindingForm(bytes) } catch { throw refusal(error) }
                    do throws(NanoTDFCryptoError) {
                        let found = try container.decrypt(
                            with: try PrivateKey(reading: keyBytes, curve: container.header.curve),
                            ivConvention: convention.map { IVConvention(rawValue: $0.rawValue)! })
                        return NanoTDFDecryption(
                            plaintext: found.plaintext, ivConvention: NanoTDFIVConvention(rawValue: found.ivConvention.rawValue)!,
                            bindingVariant: found.bindingVariant.map { NanoTDFBindingVariant(rawValue: $0.rawValue)! },
                            signatureVerified: found.signatureVerified, policyPlaintext: found.policyPlaintext)
                    } catch {
                        throw refusal(error)
                    }
                },
                NanoTDFOps.encrypt { request throws(ShimError) in
                    do throws(NanoTDFCryptoError) {
                        let curve = Curve(rawValue: request.curve.rawValue)!
                        let kas = ResourceLocator(
                            protocolCode: request.kas.protocolCode, body: request.kas.body, identifier: request.kas.identifier)
                        let policy: PolicyContent
                        switch request.policy {
                        case .remote(let at):
                            policy = .remote(ResourceLocator(protocolCode: at.protocolCode, body: at.body, identifier: at.identifier))
                        case .embeddedPlaintext(let content): policy = .embeddedPlaintext(content)
                        case .embeddedEncrypted(let content): policy = .embeddedEncrypted(content)
                        case .embeddedEncryptedWithKeyAccess(let content, let at, let key):
                            policy = .embeddedEncryptedWithKeyAccess(
                                content, locator: ResourceLocator(protocolCode: at.protocolCode, body: at.body, identifier: at.identifier),
                                ephemeralKey: try PrivateKey(scalar: key, curve: curve))
                        }
                        let parameters = EncryptionParameters(
                            version: Header.Version(rawValue: request.version.rawValue)!, kas: kas, kasPublicKey: request.kasPublicKey,
                            cipher: Cipher(rawValue: request.cipher.rawValue)!, policy: policy,
                            bindingVariant: BindingVariant(rawValue: request.bindingVariant.rawValue)!,
                            ephemeralKey: try PrivateKey(scalar: request.ephemeralPrivateKey, curve: curve), iv: request.iv,
                            ivConvention: IVConvention(rawValue: request.ivConvention.rawValue)!, plaintext: request.plaintext,
                            signingKey: try request.signingKey.map { key throws(NanoTDFCryptoError) in
                                try PrivateKey(scalar: key.privateKey, curve: Curve(rawValue: key.curve.rawValue)!)
                            })
                        return try Container.encrypt(parameters).bytes
                    } catch {
                        throw refusal(error)
                    }
                },
            ])
    }

    func testTheProductsTypesConformAndAReaderThatDropsTheIdentifierFailsOnlyThoseCases() throws {
        let selection = CaseSelection(only: ["nanotdf"])
        let results = try ConformanceRun.run(Self.table(droppingIdentifier: false), selection: selection, strict: true)
        XCTAssertEqual(results.filter(\.status.failsRun).map(\.id), [])
        XCTAssertEqual(results.filter { $0.status == .unimplemented }.map(\.id), [])
        XCTAssertGreaterThan(results.filter { $0.status == .pass }.count, 400)

        let failed = try ConformanceRun.run(Self.table(droppingIdentifier: true), selection: selection, strict: true).filter(
            \.status.failsRun)
        XCTAssertFalse(failed.isEmpty, "a reader that loses the identifier must be caught")
        let withIdentifier = try ConformanceVectors.files.filter { $0.suite.hasPrefix("nanotdf/parse") }.flatMap(\.allTests).filter {
            ($0.test.expected["kas"]?.objectValue?["identifier"]?.stringValue ?? "").isEmpty == false
        }.map(\.test.id)
        XCTAssertEqual(Set(failed.map(\.id)), Set(withIdentifier), "exactly the parse cases whose KAS locator has an identifier")
    }

    /// A header no NanoTDF can hold (a 3-byte KAS identifier) fails its cases instead of stopping the test process in
    /// the reference's writer.
    func testAnAnswerNoHeaderCanHoldFailsItsCases() throws {
        let table = OpTable(
            name: "ThreeByteIdentifier",
            [
                NanoTDFOps.parseHeader { bytes throws(ShimError) in
                    do throws(NanoTDFError) {
                        let (header, length) = try Container.parseHeaderEitherBindingForm(bytes)
                        var answer = Self.header(header, droppingIdentifier: false)
                        answer.kas.identifier = [1, 2, 3]
                        return (answer, length)
                    } catch {
                        throw Self.refusal(error)
                    }
                }
            ])
        let results = try ConformanceRun.run(table, selection: CaseSelection(only: ["nanotdf/parse"]), strict: true)
        let failed = results.filter { $0.status.failsRun }
        XCTAssertGreaterThanOrEqual(failed.count, 10, "every valid header case")
        XCTAssertTrue(failed.allSatisfy { $0.reason.contains("unwritable-answer") || $0.reason.contains("identifier") }, "\(failed.first!)")
    }

    /// The product's closed sets are the reference's, value for value: the conversions by raw value never fail.
    func testTheClosedSetsHaveTheReferencesValues() {
        XCTAssertEqual(NanoTDFVersion.allCases.map(\.rawValue), Header.Version.allCases.map(\.rawValue))
        XCTAssertEqual(NanoTDFCurve.allCases.map(\.rawValue), Curve.allCases.map(\.rawValue))
        XCTAssertEqual(NanoTDFCipher.allCases.map(\.rawValue), Cipher.allCases.map(\.rawValue))
        XCTAssertEqual(NanoTDFPolicyKind.allCases.map(\.rawValue), Policy.Kind.allCases.map(\.rawValue))
        XCTAssertEqual(NanoTDFIVConvention.allCases.map(\.rawValue), IVConvention.allCases.map(\.rawValue))
        XCTAssertEqual(NanoTDFBindingVariant.allCases.map(\.rawValue), BindingVariant.allCases.map(\.rawValue))
    }
}
