#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` with LeakSanitizer treating its allocations as live for good (`__lsan_disable` /
/// `__lsan_enable`, looked up at run time so builds without LeakSanitizer still link). For state built
/// once and kept for the whole run, such as a lexicon catalog: it is reachable only through enum
/// payloads whose tagged pointers LeakSanitizer cannot follow, so its exit check calls it a leak.
public func withLeakCheckingDisabled<T>(_ body: () -> T) -> T {
    typealias Toggle = @convention(c) () -> Void
    let handle = dlopen(nil, RTLD_NOW)
    let disable = dlsym(handle, "__lsan_disable").map { unsafeBitCast($0, to: Toggle.self) }
    let enable = dlsym(handle, "__lsan_enable").map { unsafeBitCast($0, to: Toggle.self) }
    disable?()
    defer { enable?() }
    return body()
}
