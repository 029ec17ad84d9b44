extension Duration {
    /// The duration in seconds, as a Double: what reports and rates are written in.
    public var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
