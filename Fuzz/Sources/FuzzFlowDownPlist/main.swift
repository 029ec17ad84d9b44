import Foundation
import FuzzSupport
import ModelExchange

/// Lenient models-plist decoding (Foundation's XML and binary readers under it). Oracles: whatever
/// decodes re-encodes to canonical XML that decodes to the same number of models and encodes to the
/// same bytes again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let models = try? ModelsPlist.decode(inputBytes(start, count)) else { return 0 }
    consume(models.count)
    let xml = ModelsPlist.encodeXML(models)
    let again: [CloudModel]
    do { again = try ModelsPlist.decode(xml) } catch {
        contractViolated("canonical XML does not decode (\(error)): \(String(decoding: xml, as: UTF8.self))")
    }
    require(again.count == models.count, "model count changed in the round trip")
    require(ModelsPlist.encodeXML(again) == xml, "canonical XML is not stable: \(String(decoding: xml, as: UTF8.self))")
    return 0
}
