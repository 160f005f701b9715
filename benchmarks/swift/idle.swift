// The memory floor of a Swift daemon on this machine: a program that links Foundation (as
// msghostd must: GRDB, Yams and swift-configuration import it), uses it once and idles.
// msghost-bench compiles it with `swiftc -O` and reads its resident set beside msghostd's.
import Foundation

let started = Date()
print("idle since \(started.timeIntervalSince1970)")
fflush(stdout)
Thread.sleep(forTimeInterval: 600)
