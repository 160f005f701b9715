import Foundation

/// Resident memory of a process, from /proc/<pid>/statm (resident pages × page size).
enum ProcessMemory {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    static func residentBytes(pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .ascii) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * self.pageSize
    }
}
