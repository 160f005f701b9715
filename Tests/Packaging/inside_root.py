"""Runs inside the clean Debian 12 root that test_clean_root.py made, with Debian's python3,
as a new user of a release would: nothing here but what the packages in /work/dist bring.

/work holds dist/ (the release's files), wheels/ (what pip needs besides them, downloaded on
the host: the root has no index to reach) and getting-started/ (the extension, the test and
the pytest command of docs/getting-started-python.md, as that page gives them). Each step's
outcome goes to /work/results.json, which the host's tests read; a step that fails records
its output and the rest still run.
"""
from __future__ import annotations

import glob
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
import urllib.request
from pathlib import Path
from typing import Any, Callable, Dict, List

WORK = Path("/work")
HOME = Path("/root/hello-msghost")
VENV = HOME / ".venv"
#: The first uid systemd's DynamicUser= hands out: the service's user is in no passwd file.
SERVICE_UID = 61184
results: Dict[str, Any] = {}


def step(name: str) -> Callable[[Callable[[], Dict[str, Any]]], None]:
    """Runs the decorated function at once and records what it returned, or its failure."""
    def run(function: Callable[[], Dict[str, Any]]) -> None:
        started = time.monotonic()
        try:
            outcome = {"ok": True, **function()}
        except Exception as error:  # recorded for the host's assertion message
            outcome = {"ok": False, "error": f"{error}\n{traceback.format_exc()}"}
        outcome["seconds"] = round(time.monotonic() - started, 2)
        results[name] = outcome
        print(f"inside: {name}: {'ok' if outcome['ok'] else 'FAILED'} ({outcome['seconds']} s)", flush=True)
        (WORK / "results.json").write_text(json.dumps(results, indent=2))
    return run


def sh(command: List[str], *, timeout: float = 300, check: bool = True, **kwargs: Any) -> subprocess.CompletedProcess:
    run = subprocess.run(command, capture_output=True, text=True, timeout=timeout, **kwargs)
    if check and run.returncode != 0:
        raise RuntimeError(f"{shlex.join(command)} exited {run.returncode}:\n{run.stdout[-4000:]}\n{run.stderr[-4000:]}")
    return run


def one(pattern: str) -> str:
    found = glob.glob(pattern)
    if len(found) != 1:
        raise RuntimeError(f"expected one {pattern}, found {found}")
    return found[0]


def venv_environment() -> Dict[str, str]:
    """As after `. .venv/bin/activate`."""
    return {**os.environ, "VIRTUAL_ENV": str(VENV), "PATH": f"{VENV}/bin:{os.environ['PATH']}"}


# ---- the machine is clean ------------------------------------------------------------------

@step("clean machine")
def clean() -> Dict[str, Any]:
    tools = [t for t in ("swift", "swiftc", "cc", "gcc", "clang", "msghostd") if shutil.which(t)]
    dev = sh(["dpkg-query", "-W", "-f", "${Package} ${Status}\n"]).stdout.splitlines()
    dev_packages = [line.split()[0] for line in dev if line.split()[0].endswith("-dev") and "installed" in line]
    if tools or dev_packages:
        raise RuntimeError(f"the root is not clean: tools {tools}, -dev packages {dev_packages}")
    return {"python": sys.version.split()[0]}


# ---- the wheels ------------------------------------------------------------------------------

@step("wheel install")
def wheel_install() -> Dict[str, Any]:
    HOME.mkdir(parents=True)
    sh([sys.executable, "-m", "venv", str(VENV)])
    pip = [str(VENV / "bin/pip"), "install", "-q", "--no-index", "--disable-pip-version-check",
           "--find-links", str(WORK / "dist"), "--find-links", str(WORK / "wheels")]
    started = time.monotonic()
    sh(pip + ["msghost[daemon]"], cwd=HOME)
    install_seconds = time.monotonic() - started
    sh(pip + ["pytest", "pytest-xdist"], cwd=HOME)
    on_path = {name: str(VENV / "bin" / name) for name in ("msghostd", "msghostctl", "msghost-web")}
    missing = [path for path in on_path.values() if not os.access(path, os.X_OK)]
    if missing:
        raise RuntimeError(f"pip put no {missing} on the venv's PATH")
    help_text = sh(["msghostctl", "--help"], env=venv_environment()).stdout
    found = sh([str(VENV / "bin/python"), "-c", "from msghost.testing import find_msghostd; print(find_msghostd())"],
               env={**venv_environment(), "PATH": "/usr/bin:/bin"}).stdout.strip()
    return {"install_seconds": round(install_seconds, 2), "msghostctl_help": "USAGE" in help_text.upper(), "fixture_msghostd": found}


@step("getting started: pytest")
def getting_started_pytest() -> Dict[str, Any]:
    guide = WORK / "getting-started"
    for name in ("hello.py", "test_hello.py"):
        shutil.copy(guide / name, HOME / name)
    command = (guide / "command.txt").read_text().strip()
    # The page's command, in the venv it had us activate; nothing tells the fixture where
    # msghostd is (the wheel is found with no setting).
    environment = {k: v for k, v in venv_environment().items() if not k.startswith("MSGHOST")}
    run = sh(["/bin/sh", "-c", command], cwd=HOME, env=environment, check=False, timeout=300)
    if run.returncode != 0 or not re.search(r"\b2 passed\b", run.stdout):
        raise RuntimeError(f"{command} exited {run.returncode}:\n{run.stdout[-6000:]}\n{run.stderr[-3000:]}")
    return {"command": command, "summary": run.stdout.strip().splitlines()[-1]}


@step("getting started: pytest -n 4")
def getting_started_xdist() -> Dict[str, Any]:
    environment = {k: v for k, v in venv_environment().items() if not k.startswith("MSGHOST")}
    run = sh(["python", "-m", "pytest", "-n", "4", "-p", "no:cacheprovider", "test_hello.py"],
             cwd=HOME, env=environment, check=False, timeout=300)
    if run.returncode != 0 or not re.search(r"\b2 passed\b", run.stdout) or not re.search(r"\b4 workers\b", run.stdout):
        raise RuntimeError(f"pytest -n 4 exited {run.returncode}:\n{run.stdout[-6000:]}\n{run.stderr[-3000:]}")
    return {"summary": run.stdout.strip().splitlines()[-1]}


def serve_demo(command: List[str], env: Dict[str, str], app: str) -> Dict[str, Any]:
    """Runs `… msghost-web --demo --port 0`, fetches the page at the URL it prints, opens and
    touches `app` on Kate's iPhone through msghostctl (a real extension of the demo running),
    then stops it with Ctrl-C's SIGINT and checks that it cleaned up."""
    web = subprocess.Popen(command + ["--demo", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, env=env, cwd="/")
    lines: List[str] = []
    try:
        url = runtime = None
        deadline = time.monotonic() + 60
        while url is None and time.monotonic() < deadline:
            line = web.stdout.readline() if web.stdout else ""
            if not line:
                raise RuntimeError("msghost-web --demo ended before printing its URL:\n" + "".join(lines))
            lines.append(line)
            match = re.search(r"MSGHOST_RUNTIME=(\S+)", line)
            runtime = match.group(1) if match else runtime
            match = re.search(r"open (http://\S+)", line)
            url = match.group(1) if match else None
        if url is None or runtime is None:
            raise RuntimeError("no URL or runtime directory printed:\n" + "".join(lines))
        # Keep reading what it and its daemon print, so that a full pipe never stops them.
        drain = threading.Thread(target=lambda: lines.extend(web.stdout or []), daemon=True)
        drain.start()
        with urllib.request.urlopen(url, timeout=30) as response:
            page = response.read().decode()
            status = response.status
        if status != 200 or "<html" not in page.lower():
            raise RuntimeError(f"{url} answered {status}:\n{page[:2000]}")
        ctl = {**env, "MSGHOST_RUNTIME": runtime}
        msghostctl = str(Path(command[0]).with_name("msghostctl"))
        world = sh([msghostctl, "world"], env=ctl).stdout
        sh([msghostctl, "open", app, "--device", "kate-iphone", "--conversation", "kate-john"], env=ctl, timeout=60)
        status_text = sh([msghostctl, "status"], env=ctl).stdout
        if app not in status_text:
            raise RuntimeError(f"{app} is not running after open:\n{status_text}")
        web.send_signal(signal.SIGINT)
        code = web.wait(timeout=30)
        drain.join(timeout=10)
        return {"url": url, "page_bytes": len(page), "world_has_kate": "Kate Bell" in world,
                "exit": code, "cleaned_up": not Path(runtime).parent.exists(), "output": "".join(lines)[-3000:]}
    finally:
        if web.poll() is None:
            web.kill()
            web.wait()


@step("wheel demo")
def wheel_demo() -> Dict[str, Any]:
    # Not activated: the launcher puts the venv's Python first on the daemon's PATH.
    return serve_demo([str(VENV / "bin/msghost-web")], dict(os.environ), "com.example.corrections")


# ---- the Debian package -----------------------------------------------------------------------

@step("deb install")
def deb_install() -> Dict[str, Any]:
    deb = one(str(WORK / "dist/msghost_*_amd64.deb"))
    shutil.copy(deb, "/root/")
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    sh(["apt-get", "install", "-y", "-q", "./" + Path(deb).name], cwd="/root", env=environment, timeout=600)
    commands = {name: shutil.which(name) for name in ("msghostd", "msghostctl", "msghost-web")}
    if any(path != f"/usr/bin/{name}" for name, path in commands.items()):
        raise RuntimeError(f"commands not in /usr/bin: {commands}")
    unit = one("/lib/systemd/system/msghostd.service") if os.path.exists("/lib/systemd/system/msghostd.service") else one("/usr/lib/systemd/system/msghostd.service")
    return {"unit": unit, "etc": sorted(str(p) for p in Path("/etc/msghost").rglob("*"))}


@step("unit verify")
def unit_verify() -> Dict[str, Any]:
    unit = results["deb install"]["unit"]
    run = sh(["systemd-analyze", "verify", unit], check=False)
    if run.returncode != 0 or run.stderr.strip():
        raise RuntimeError(f"systemd-analyze verify {unit} exited {run.returncode}:\n{run.stdout}\n{run.stderr}")
    return {}


def unit_settings(unit: str) -> Dict[str, str]:
    settings: Dict[str, str] = {}
    for line in Path(unit).read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            settings.setdefault(key.strip(), value.strip())
    return settings


@step("service")
def service() -> Dict[str, Any]:
    """msghostd as its unit starts it: the unit's ExecStart (specifiers expanded), a uid of
    DynamicUser='s range with no groups and no new privileges, umask 0077, its state and
    runtime directories made 0700 for that uid, and NOTIFY_SOCKET, where READY=1 must come."""
    settings = unit_settings(results["deb install"]["unit"])
    command = shlex.split(settings["ExecStart"].replace("%E", "/etc").replace("%S", "/var/lib").replace("%t", "/run"))
    for key, parent in (("StateDirectory", "/var/lib"), ("RuntimeDirectory", "/run")):
        directory = Path(parent, settings[key])
        directory.mkdir(parents=True, exist_ok=True)
        os.chown(directory, SERVICE_UID, SERVICE_UID)
        directory.chmod(int(settings.get(key + "Mode", "0755"), 8))
    notify_path = "/run/msghost-test-notify.sock"
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(notify_path)
    os.chmod(notify_path, 0o777)
    notify.settimeout(30)
    environment = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "NOTIFY_SOCKET": notify_path, "LANG": "C.UTF-8"}
    started = time.monotonic()
    daemon = subprocess.Popen(
        ["setpriv", f"--reuid={SERVICE_UID}", f"--regid={SERVICE_UID}", "--clear-groups", "--no-new-privs",
         "/bin/sh", "-c", f"umask {settings.get('UMask', '0022')} && exec \"$@\"", "msghostd", *command],
        env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd="/")
    try:
        ready = b""
        while b"READY=1" not in ready:
            ready += notify.recv(4096) + b"\n"
        ready_seconds = time.monotonic() - started
        ctl = {"PATH": environment["PATH"], "LANG": "C.UTF-8"}  # root, as `sudo msghostctl`: /run/msghost by default
        world = sh(["msghostctl", "world"], env=ctl).stdout
        sh(["msghostctl", "open", "com.example.python-raw", "--device", "kate-iphone", "--conversation", "kate-john"], env=ctl, timeout=60)
        sh(["msghostctl", "touch", "--device", "kate-iphone", "--payload", '{"caption": "Vanilla or chocolate?"}'], env=ctl, timeout=60)
        transcript = sh(["msghostctl", "transcript", "--device", "john-iphone", "--conversation", "kate-john"], env=ctl).stdout
        owner = os.stat("/var/lib/msghost").st_uid
        daemon.send_signal(signal.SIGTERM)
        code = daemon.wait(timeout=30)
        log = daemon.stdout.read() if daemon.stdout else ""
        if "Vanilla or chocolate?" not in transcript:
            raise RuntimeError(f"the example app's message did not reach John:\n{transcript}\n{log[-3000:]}")
        return {"command": command, "ready_seconds": round(ready_seconds, 3), "world": world,
                "state_owner": owner, "exit": code, "log": log[-2000:]}
    finally:
        if daemon.poll() is None:
            daemon.kill()
            daemon.wait()
        notify.close()
        os.unlink(notify_path)


@step("deb demo")
def deb_demo() -> Dict[str, Any]:
    return serve_demo(["/usr/bin/msghost-web"], dict(os.environ), "com.example.icecream")


print(json.dumps({name: outcome["ok"] for name, outcome in results.items()}))
