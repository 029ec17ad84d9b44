import Logging

extension CdevService.LogLevel {
    var swiftLog: Logger.Level {
        switch self {
        case .debug: .debug
        case .info: .info
        case .warning: .warning
        }
    }
}

/// Routes `CdevService` log lines to a swift-log logger. The service already keeps tokens out of
/// its lines; Hummingbird's own request logging is not installed, since it would print URIs
/// with `?token=` in them.
public func serviceLog(_ logger: Logger) -> @Sendable (CdevService.LogLevel, String) -> Void {
    { level, message in logger.log(level: level.swiftLog, "\(message)") }
}
