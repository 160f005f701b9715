import Foundation
import MsgHostTesting
import Testing

/// The web simulator in headless Chromium (Tests/Browser, pytest + Selenium + Debian's
/// chromium-driver): README command 1's daemon and page, driven as a person would. Run from
/// the one test command CI runs; `scripts/bootstrap` installs the browser, so a missing one is
/// a failure that says what to install, not a skip.
@Suite struct BrowserTests {
    @Test func aPersonCanDriveTheDefaultWorldInABrowser() throws {
        let run = try CommandRun(
            "/usr/bin/env",
            [
                "python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:msghost", "-x",
                TestPaths.repository + "/Tests/Browser",
            ],
            environment: [
                "MSGHOSTD": TestPaths.msghostd,
                "MSGHOSTCTL": TestPaths.msghostctl,
                "MSGHOST_WEB": TestPaths.binary("msghost-web", override: "MSGHOST_WEB_BINARY"),
                "PYTHONPATH": TestPaths.repository + "/Tests/Browser",
            ])
        print(run.stdout.split(separator: "\n").suffix(5).joined(separator: "\n"))
        #expect(
            run.status == 0,
            "browser tests failed (screenshots in .build/browser-artifacts):\n\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains(" passed"))
    }
}
