"""Record, replay, export (docs/RECORDING.md) from the page: docs/WEB.md's Ice Cream walk through
recorded with the page's Record and Stop, the session and its pytest downloaded as a person
downloads them, the session replayed (exit 0) and replayed against an Ice Cream whose caption
changed (exit 1, naming the step and the device), the pytest run, and the session opened on
the page to step through."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from conftest import ARTIFACTS, REPOSITORY
from test_simulator import JOHN, KATE, Page, walk_through_an_ice_cream

MSGHOSTCTL = os.environ.get("MSGHOSTCTL", str(REPOSITORY / ".build" / "debug" / "msghostctl"))
MSGHOSTD = os.environ.get("MSGHOSTD", str(REPOSITORY / ".build" / "debug" / "msghostd"))


def downloaded(directory: Path, name: str, timeout: float = 20) -> Path:
    """The file once the browser has finished writing it."""
    path = directory / name
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and not any(directory.glob("*.crdownload")) and path.stat().st_size > 0:
            return path
        time.sleep(0.05)
    raise AssertionError(f"{name} was not downloaded into {directory}: {sorted(p.name for p in directory.iterdir())}")


def run_in_a_package_of_its_own(test: Path, package: Path) -> "subprocess.CompletedProcess[str]":
    """`swift test` of a generated Swift test in a new package whose test target depends on
    MsgHostTesting by path. Its build goes to .build-session-test in the repository (kept, so a
    second run only rebuilds what changed; the first builds MsgHostTesting's few modules), and
    its versions are the repository's own (its Package.resolved, when there is one)."""
    (package / "Tests" / "SessionTests").mkdir(parents=True)
    (package / "Tests" / "SessionTests" / test.name).write_text(test.read_text())
    identity = REPOSITORY.name.lower()
    (package / "Package.swift").write_text(f"""// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "session-test",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: {json.dumps(str(REPOSITORY))})],
    targets: [
        .testTarget(
            name: "SessionTests",
            dependencies: [
                .product(name: "MsgHostTesting", package: {json.dumps(identity)}),
                .product(name: "MsgHostProtocol", package: {json.dumps(identity)}),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
""")
    if (REPOSITORY / "Package.resolved").exists():
        (package / "Package.resolved").write_text((REPOSITORY / "Package.resolved").read_text())
    return subprocess.run(["swift", "test", "--package-path", str(package), "--scratch-path", str(REPOSITORY / ".build-session-test")],
                          capture_output=True, text=True, timeout=1800, env={**os.environ, "MSGHOSTD_BINARY": MSGHOSTD})


def test_record_on_the_page_then_replay_export_and_step_through(simulator, browser, tmp_path):
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    page = Page(browser, simulator, "recording")
    assert page.control("contact", {"device": JOHN, "person": "kate@example.com", "name": "Katie"})["status"] == "ok"

    page.click("[data-testid=record-start]")
    page.wait(lambda: "recording" in page.find("[data-testid=record-state]").text, "the recording to start")
    walk_through_an_ice_cream(page)
    page.click("[data-testid=record-stop]")
    state = page.wait(lambda: page.find("[data-testid=record-state]").text.startswith("recorded") and page.find("[data-testid=record-state]").text,
                      "the recording to stop")
    page.shot("recorded")
    page.click("[data-testid=download-session]")
    session = downloaded(downloads, "session.jsonl")
    page.click("[data-testid=download-test]")
    module = downloaded(downloads, "test_session.py")
    lines = session.read_text().splitlines()
    steps = len(lines) - 2
    assert state == f"recorded {steps} steps", state
    (ARTIFACTS / "recorded-session.jsonl").write_text(session.read_text())

    # Replayed on a fresh daemon with today's apps: nothing differs.
    replay = subprocess.run([MSGHOSTCTL, "replay", str(session), "--msghostd", MSGHOSTD], capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert replay.stdout.strip() == f"replayed {steps} of {steps} steps of {session}: no divergence"

    # Against an Ice Cream whose first caption changed: the step that staged it, on Kate's phone.
    apps = tmp_path / "changed-apps"
    apps.mkdir()
    for manifest in json.loads(lines[0])["apps"]:
        if manifest["bundleID"] == "com.example.icecream":
            manifest["env"] = {**manifest.get("env", {}), "ICECREAM_FIRST_CAPTION": "Let's make an ice cream"}
        (apps / f"{manifest['bundleID']}.yaml").write_text(json.dumps(manifest))
    changed = subprocess.run([MSGHOSTCTL, "replay", str(session), "--apps", str(apps), "--msghostd", MSGHOSTD],
                             capture_output=True, text=True, timeout=120)
    assert changed.returncode == 1, changed.stdout + changed.stderr
    first = changed.stdout.splitlines()[0]
    assert first.startswith("divergence at step ") and "(tapScreen on kate-iphone" in first and ": kate-iphone, conversation kate-john: the staged item" in first, changed.stdout
    assert "caption \"Let's build an ice cream\"" in changed.stdout and "caption \"Let's make an ice cream\"" in changed.stdout, changed.stdout

    # The pytest the page gave passes as written, in a fresh venv with msghost installed from
    # python/ (no network: the system's pyzmq, pytest and hatchling are seen from the venv).
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=120)
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    install = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--no-index", "--no-build-isolation", "--no-deps", str(REPOSITORY / "python")],
                             capture_output=True, text=True, timeout=300, env=environment)
    assert install.returncode == 0, install.stdout + install.stderr
    run = subprocess.run([str(venv / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", str(module)],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path, env={**environment, "MSGHOSTD": MSGHOSTD})
    assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout + run.stderr

    # The Swift test of the same session, in a package of its own that depends on msghost by
    # path, as a developer's would: it compiles and passes against this build's daemon.
    swift_test = tmp_path / "SessionTests.swift"
    export = subprocess.run([MSGHOSTCTL, "export-test", str(session), "--swift", "--repository", str(REPOSITORY), "--output", str(swift_test)],
                            capture_output=True, text=True, timeout=60)
    assert export.returncode == 0, export.stderr
    swift = run_in_a_package_of_its_own(swift_test, tmp_path / "session-package")
    assert swift.returncode == 0 and "Test session() passed" in swift.stdout + swift.stderr, swift.stdout[-4000:] + swift.stderr[-4000:]

    # Step through it on the page: every phone as it was after the step, and the step's frames.
    page.find("[data-testid=session-file]").send_keys(str(session))
    page.wait(lambda: page.find("[data-testid=step-title]").text.startswith("the start"), "the session opened at its start")
    staged_step = None
    for number in range(1, steps + 1):
        page.click("[data-testid=step-next]")
        page.wait(lambda: page.find("[data-testid=step-title]").text.startswith(f"step {number} of {steps}"), f"step {number}")
        kate = page.find(f'[data-testid=session-phone][data-device="{KATE}"]')
        if staged_step is None and page.all("[data-testid=session-input] [data-testid=caption]", kate):
            staged_step = number
            assert page.find("[data-testid=session-input] [data-testid=caption]", kate).text == "Let's build an ice cream"
            assert page.all("[data-testid=session-frame]"), "the step's frames"
            page.shot(f"step-{number}")
    assert staged_step is not None and f"step {staged_step} " in first, (staged_step, first)
    john = page.find(f'[data-testid=session-phone][data-device="{JOHN}"]')
    assert page.all("[data-testid=summary]", john), "the collapsed summary on John's phone at the last step"
    page.click("[data-testid=step-previous]")
    page.wait(lambda: page.find("[data-testid=step-title]").text.startswith(f"step {steps - 1} of {steps}"), "a step back")
    page.shot("stepped-back")
