import Foundation
import Testing

@testable import MsgHost

/// Each install's container (docs/PROTOCOL.md §4.1): made private with its directories, kept
/// until its install is removed, and never deleted under a process still using it.
@Suite struct ExtensionContainersTests {
    let directory: TemporaryDirectory
    let containers: ExtensionContainers
    init() throws {
        self.directory = try TemporaryDirectory()
        self.containers = ExtensionContainers(stateDirectory: self.directory.path)
    }

    func exists(_ installID: String) -> Bool {
        FileManager.default.fileExists(atPath: self.directory.path + "/containers/" + installID)
    }

    @Test func enteringMakesEveryDirectoryPrivateAndNamesThemAll() throws {
        let environment = try self.containers.enter(installID: "install-1")
        let container = self.directory.path + "/containers/install-1"
        #expect(
            environment["MSGHOST_CONTAINER"] == container && environment["HOME"] == container + "/home"
                && environment["TMPDIR"] == container + "/tmp")
        #expect(environment["CFFIXED_USER_HOME"] == container + "/home", "Swift's NSHomeDirectory() reads it, not HOME")
        #expect(Set(environment.keys) == Set(["MSGHOST_CONTAINER"] + ExtensionContainers.layout.map(\.variable)))
        for path in environment.values {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(path)")
        }
    }

    @Test func aRemovedInstallsContainerGoesOnlyOnceItsLastProcessLeft() throws {
        _ = try self.containers.enter(installID: "a")
        _ = try self.containers.enter(installID: "a")
        try "kept".write(toFile: self.directory.path + "/containers/a/home/file", atomically: true, encoding: .utf8)
        self.containers.leave(installID: "a")
        #expect(self.exists("a"), "a container outlives its processes")
        self.containers.remove(installID: "a")
        #expect(self.exists("a"), "one process still runs in it")
        self.containers.leave(installID: "a")
        #expect(!self.exists("a"))
        #expect(throws: ContainerError.self, "a launch still on its way is not given it again") {
            try self.containers.enter(installID: "a")
        }
        #expect(!self.exists("a"))
    }

    @Test func idsThatAreNoPlainNameAreRefusedAndTheSweepKeepsOnlyLiveInstalls() throws {
        for bad in ["", ".", "..", "../escape", "a/b"] {
            #expect(throws: ContainerError.self, "\(bad)") { try self.containers.enter(installID: bad) }
        }
        _ = try self.containers.enter(installID: "live")
        _ = try self.containers.enter(installID: "gone")
        #expect(self.containers.sweep(keeping: ["live"]) == 1)
        #expect(self.exists("live") && !self.exists("gone"))
    }
}
