"""Fixtures for the web simulator's browser tests: the default world with msghost-web beside it
(scripts/simulator, as README command 1 runs it, on temporary directories and a free port), and
headless Chromium from Debian's `chromium` package driven through Debian's `chromium-driver`.
Nothing downloads a browser: the driver and the browser are given by path.

Screenshots go to $MSGHOST_BROWSER_ARTIFACTS (default .build/browser-artifacts)."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("MSGHOST_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("MSGHOST_CHROMEDRIVER", "/usr/bin/chromedriver")
REBINDING_NAME = "rebind.test"
ARTIFACTS = Path(os.environ.get("MSGHOST_BROWSER_ARTIFACTS", REPOSITORY / ".build" / "browser-artifacts"))


@dataclass
class Simulator:
    """A running scripts/simulator: the URL it printed (with msghost-web's token, the one a
    person opens), and the parts of it a script needs."""
    url: str
    directory: Path

    @property
    def base(self) -> str:
        """The page's origin and root, `http://127.0.0.1:PORT/`, without the token."""
        parts = urllib.parse.urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}/"

    @property
    def token(self) -> str:
        return urllib.parse.parse_qs(urllib.parse.urlsplit(self.url).query)["token"][0]

    def open(self, path: str, body: dict | None = None, headers: dict | None = None):
        """A request of msghost-web as a script makes it: the token as a bearer (no Origin);
        a body is JSON, POSTed. Returns the response (raises HTTPError on a refusal)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method="POST" if data is not None else "GET",
                                         headers={"authorization": f"Bearer {self.token}", "content-type": "application/json",
                                                  **(headers or {})})
        return urllib.request.urlopen(request, timeout=30)

    def control(self, command: str, body: dict | None = None) -> dict:
        """A control request through msghost-web's relay; the daemon's reply."""
        with self.open(f"api/control/{command}", body if body is not None else {}) as response:
            return json.loads(response.read())


@pytest.fixture
def simulator():
    """Starts scripts/simulator on fresh directories; yields it (a `Simulator`); stops it."""
    yield from run_simulator({})


def run_simulator(environment: dict):
    """scripts/simulator with `environment` added (msghostd's MSGHOSTD_* settings, say)."""
    directory = Path(tempfile.mkdtemp(prefix="msghost-browser-"))
    process = subprocess.Popen(
        [str(REPOSITORY / "scripts" / "simulator"), "--port", "0",
         "--state-directory", str(directory / "state"), "--runtime-directory", str(directory / "run")],
        cwd=REPOSITORY, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
        env={**os.environ, **environment})
    lines = []
    url = None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and url is None:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        match = re.search(r"msghost-web: open (http://\S+\?token=\w+)", line)
        if match:
            url = match.group(1)
    if url is None:
        os.killpg(process.pid, signal.SIGTERM)
        raise RuntimeError("scripts/simulator printed no URL with a token:\n" + "".join(lines))
    # Keep reading its output, so that the pipe never fills and stalls the daemon's log.
    import threading
    threading.Thread(target=lambda: [lines.append(l) for l in process.stdout], daemon=True).start()
    yield Simulator(url=url, directory=directory)
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
    # rebind.test resolves to 127.0.0.1 in this browser only: a DNS-rebinding name, for
    # test_attacker.py, without touching the machine's resolver.
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1600,1500",
                     f"--host-resolver-rules=MAP {REBINDING_NAME} 127.0.0.1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.implicitly_wait(0)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()
