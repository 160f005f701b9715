"""Fixtures for the web simulator's browser tests: the default world with msghost-web beside it
(scripts/simulator, as README command 1 runs it, on temporary directories and a free port), and
headless Chromium from Debian's `chromium` package driven through Debian's `chromium-driver`.
Nothing downloads a browser: the driver and the browser are given by path.

Screenshots go to $MSGHOST_BROWSER_ARTIFACTS (default .build/browser-artifacts)."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("MSGHOST_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("MSGHOST_CHROMEDRIVER", "/usr/bin/chromedriver")
ARTIFACTS = Path(os.environ.get("MSGHOST_BROWSER_ARTIFACTS", REPOSITORY / ".build" / "browser-artifacts"))


@pytest.fixture
def simulator():
    """Starts scripts/simulator on fresh directories; yields the page's URL; stops it."""
    directory = Path(tempfile.mkdtemp(prefix="msghost-browser-"))
    process = subprocess.Popen(
        [str(REPOSITORY / "scripts" / "simulator"), "--port", "0",
         "--state-directory", str(directory / "state"), "--runtime-directory", str(directory / "run")],
        cwd=REPOSITORY, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines = []
    url = None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and url is None:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        match = re.search(r"msghost-web: open (http://\S+)", line)
        if match:
            url = match.group(1)
    if url is None:
        os.killpg(process.pid, signal.SIGTERM)
        raise RuntimeError("scripts/simulator printed no URL:\n" + "".join(lines))
    # Keep reading its output, so that the pipe never fills and stalls the daemon's log.
    import threading
    threading.Thread(target=lambda: [lines.append(l) for l in process.stdout], daemon=True).start()
    yield url
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
    (ARTIFACTS).mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "simulator.log").write_text("".join(lines))
    shutil.rmtree(directory, ignore_errors=True)


@pytest.fixture
def browser():
    """Headless Chromium through chromedriver, both Debian's."""
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not Path(path).exists():
            pytest.fail(f"{path} is missing: install Debian's {package} (scripts/bootstrap does)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1600,1500"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.implicitly_wait(0)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()
