import CQRPNG
import Foundation

/// A QR code symbol (libqrencode, 8-bit mode, error-correction level M as cdev's go-qrcode uses),
/// and the two ways cdev shows it: a PNG for `/api/pair/qr` and block characters for the terminal.
public struct QRCode: Sendable {
    /// Modules per side.
    public let width: Int
    /// Row-major, true = dark.
    public let modules: [Bool]
    /// The quiet zone around the symbol, in modules (the standard asks for 4).
    public static let quietZone = 4

    /// Why libqrencode could not encode the text.
    public struct EncodeError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The QR code of `text` at error-correction level M.
    public init(text: String) throws(EncodeError) {
        var width: Int32 = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard !text.utf8.contains(0), cqr_encode(text, &width, &data) == 0, let data else {
            throw EncodeError(description: "QR encoding failed for \(text.utf8.count) bytes (too long, or contains NUL)")
        }
        defer { free(data) }
        self.width = Int(width)
        modules = (0..<Int(width) * Int(width)).map { data[$0] != 0 }
    }

    /// Whether a module is dark; outside the symbol (the quiet zone) it is light.
    public func isDark(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < width && modules[y * width + x]
    }

    /// A square grayscale PNG of `size` pixels (or the smallest size that fits one pixel per
    /// module with the quiet zone, as go-qrcode silently returns a larger image), symbol centred.
    public func png(size requested: Int) throws(EncodeError) -> [UInt8] {
        let total = width + 2 * Self.quietZone
        let size = max(requested, total)
        let scale = size / total
        let margin = (size - scale * width) / 2
        var pixels = [UInt8](repeating: 255, count: size * size)
        for y in 0..<width {
            for x in 0..<width where modules[y * width + x] {
                for dy in 0..<scale {
                    let row = (margin + y * scale + dy) * size + margin + x * scale
                    for dx in 0..<scale { pixels[row + dx] = 0 }
                }
            }
        }
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard cqr_png_gray(pixels, Int32(size), Int32(size), &out, &length) == 0, let out else {
            throw EncodeError(description: "PNG encoding failed")
        }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// Two modules per character cell with half blocks, dark on a light quiet zone; readable by
    /// a phone camera from a terminal with a dark-on-light or light-on-dark theme alike.
    /// How many terminal columns `terminalText` takes.
    public var terminalColumns: Int { width + Self.quietZone / 2 * 2 }

    /// The code drawn with half blocks, two modules per character cell.
    public var terminalText: String {
        var lines: [String] = []
        let zone = Self.quietZone / 2
        for y in stride(from: -zone * 2, to: width + zone * 2, by: 2) {
            var line = ""
            for x in -zone..<(width + zone) {
                // Light modules are drawn (full block = both light) so the symbol reads dark-on-light.
                switch (isDark(x: x, y: y), isDark(x: x, y: y + 1)) {
                case (false, false): line += "█"
                case (false, true): line += "▀"
                case (true, false): line += "▄"
                case (true, true): line += " "
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
