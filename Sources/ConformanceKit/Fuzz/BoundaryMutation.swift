/// Mutations that move a string to the edges its format declares: a length at a limit or one past it
/// (the whole string or one segment of it), and a run of digits at a calendar or range edge. A random
/// byte flip almost never makes a 64-character DNS label or a leap second; these make them on purpose.
extension JSONMutator {
    /// What splits a string into segments: labels of a handle or NSID, parts of a DID, URI path steps.
    static let segmentSeparators: Set<Character> = [".", ":", "/"]
    /// Edges of calendar fields and common ranges: month 12/13, day 28-32, hour 23/24, minute and second 59-61,
    /// years on the leap-year rules (1900 and 2100 are common years, 1600, 2000 and 2400 leap years), 1970, 2038.
    static let digitEdges: [Int] = [
        0, 1, 9, 10, 12, 13, 23, 24, 28, 29, 30, 31, 32, 59, 60, 61, 99, 100, 255, 256, 999, 1000,
        1600, 1900, 1969, 1970, 2000, 2038, 2100, 2400, 9999,
    ]

    /// `text`, or one of its segments, grown or cut to a declared limit, one less or one more. The whole
    /// string grows by repeating its first segment with its separator, so a handle stays a handle with
    /// valid labels at 253 characters; a segment grows by repeating its last character.
    mutating func resized(_ text: String) -> String {
        let target = max(0, limits[index(limits.count)] + index(3) - 1)
        var characters = Array(text)
        let separators = characters.indices.filter { Self.segmentSeparators.contains(characters[$0]) }
        if !separators.isEmpty, chance(2) {
            let starts = [0] + separators.map { $0 + 1 }
            let ends = separators + [characters.count]
            let which = index(starts.count)
            let (start, end) = (starts[which], ends[which])
            let length = end - start
            if length > target {
                characters.removeSubrange((start + target)..<end)
            } else {
                let filler = length > 0 ? characters[end - 1] : "a"
                characters.insert(contentsOf: repeatElement(filler, count: target - length), at: end)
            }
            return String(characters)
        }
        if characters.count > target { return String(characters.prefix(target)) }
        guard let first = separators.first, first > 0 else {
            let filler = characters.last ?? "a"
            return String(characters + repeatElement(filler, count: target - characters.count))
        }
        let unit = Array(characters[0...first])
        // As many copies of the unit as fit, put in front in one go (one insert per copy is quadratic at 8,192).
        let copies = (target - characters.count) / unit.count
        characters.insert(contentsOf: Array(repeating: unit, count: copies).joined(), at: 0)
        // The rest (shorter than the unit) lengthens the first segment.
        characters.insert(contentsOf: repeatElement(characters[first - 1], count: target - characters.count), at: first)
        return String(characters)
    }

    /// `scalars` with one run of ASCII digits replaced by an edge value (or the run's value one off),
    /// zero-padded to the run's width.
    mutating func digitBoundary(in scalars: [Unicode.Scalar]) -> String {
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { (0x30...0x39).contains(scalar.value) }
        var runs: [Range<Int>] = []
        var start: Int? = nil
        for (position, scalar) in scalars.enumerated() {
            if isDigit(scalar) {
                if start == nil { start = position }
            } else if let first = start {
                runs.append(first..<position)
                start = nil
            }
        }
        if let first = start { runs.append(first..<scalars.count) }
        guard !runs.isEmpty else { return Self.string(scalars) }
        let run = runs[index(runs.count)]
        let value = run.count <= 18 ? Int(Self.string(Array(scalars[run]))) ?? 0 : 0
        let candidates = Self.digitEdges + [value - 1, value + 1] + limits.flatMap { [$0 - 1, $0, $0 + 1] }
        // Only values that fit the run: a field's width is part of its grammar, its value is what is probed.
        let others = candidates.filter { $0 >= 0 && $0 != value && String($0).count <= run.count }
        let chosen = others.isEmpty ? String(repeating: "9", count: run.count) : String(others[index(others.count)])
        let padded = String(repeating: "0", count: max(0, run.count - chosen.count)) + chosen
        var changed = scalars
        changed.replaceSubrange(run, with: Array(padded.unicodeScalars))
        return Self.string(changed)
    }
}
