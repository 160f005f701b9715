/// Darwin's time constants (`<dispatch/time.h>`), which iOS code multiplies seconds by
/// (`DispatchTime(uptimeNanoseconds: UInt64(delay * Double(NSEC_PER_SEC)))`) and Linux's
/// Dispatch does not give Swift.
public var NSEC_PER_SEC: UInt64 { 1_000_000_000 }
public var NSEC_PER_MSEC: UInt64 { 1_000_000 }
public var NSEC_PER_USEC: UInt64 { 1_000 }
public var USEC_PER_SEC: UInt64 { 1_000_000 }
