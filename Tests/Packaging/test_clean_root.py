"""The release, tested as a user would meet it: scripts/package's dist/ installed on a Debian 12
machine with nothing on it. Run by the README's test command after scripts/package:

    python3 -m pytest -q -p no:cacheprovider Tests/Packaging

The machine is a root made by `debootstrap --variant=minbase bookworm` in /var/tmp (removed
afterwards): no Swift, no compiler, no -dev package. Inside it, inside_root.py installs the
wheels offline into a venv, runs the extension and test of docs/getting-started-python.md with
pytest and with `pytest -n 4`, installs the .deb with apt, verifies its unit, starts msghostd
as the unit would and asks it `msghostctl world`, and runs each package's `msghost-web --demo`
and fetches its page. apt reaches Debian's mirror from inside the root (the host's mirror);
pip reaches nothing: the wheels it needs besides dist/ are downloaded here first.

A missing debootstrap fails (scripts/bootstrap installs it, so a skip would hide a broken
machine). Where a root cannot be made (not root, no mount namespace, no mirror) the clean-root
tests skip and say why; the checks of dist/ itself still run.
"""
from __future__ import annotations

import glob
import json
import os
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Dict, Iterator

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
DIST = REPOSITORY / "dist"
GUIDE = REPOSITORY / "docs" / "getting-started-python.md"
#: The daemon's wheel may hold at most this much (a pip install should stay quick).
WHEEL_LIMIT_BYTES = 40 * 1024 * 1024
#: `pip install "msghost[daemon]"` into a fresh venv, offline, within this many seconds.
INSTALL_LIMIT_SECONDS = 10.0
#: The .deb's lintian overrides: each remaining tag, with why (packaging/README.md explains them too).
LINTIAN_OVERRIDES = REPOSITORY / "packaging" / "deb" / "lintian-overrides"
#: What the packages hold and why, lintian's remaining tags among it.
PACKAGING_README = REPOSITORY / "packaging" / "README.md"


def version() -> str:
    scope: Dict[str, Any] = {}
    exec((REPOSITORY / "python/src/msghost/_version.py").read_text(), scope)
    return str(scope["__version__"])


def one(pattern: str) -> Path:
    found = glob.glob(str(DIST / pattern))
    assert len(found) == 1, f"dist/ should hold one {pattern} (run scripts/package first); it holds {sorted(os.listdir(DIST)) if DIST.exists() else 'nothing'}"
    return Path(found[0])


# ---- dist/ itself ----------------------------------------------------------------------------

def test_dist_holds_the_release_of_one_version() -> None:
    v = version()
    one(f"msghost-{v}-py3-none-any.whl")
    one(f"msghost-{v}.tar.gz")
    daemon = one(f"msghost_daemon-{v}-py3-none-manylinux_*_x86_64.whl")
    one(f"msghost_{v}_amd64.deb")
    with zipfile.ZipFile(daemon) as wheel:
        names = wheel.namelist()
        metadata = wheel.read(f"msghost_daemon-{v}.dist-info/METADATA").decode()
    assert f"\nRequires-Dist: msghost=={v}\n" in metadata
    for program in ("msghost", "msghostd", "msghostctl", "msghost-web", "IceCreamExtension"):
        assert f"msghost_daemon/lib/msghost/{program}" in names, program
    vendored = [name for name in names if name.startswith("msghost_daemon.libs/")]
    assert any("libzmq" in name for name in vendored) and any("libsqlite3" in name for name in vendored), vendored
    control = subprocess.run(["dpkg-deb", "--field", str(one(f"msghost_{v}_amd64.deb")), "Version", "Depends"],
                             capture_output=True, text=True, check=True).stdout
    assert f"Version: {v}\n" in control and "libzmq5" in control and "libsqlite3-0" in control, control


def test_install_instructions_name_this_version() -> None:
    """README's install commands and the Python guides install scripts/package's dist/ of this
    version, the files it holds, and point at no release address (there is none yet)."""
    v = version()
    deb = one(f"msghost_{v}_amd64.deb").name
    daemon = one(f"msghost_daemon-{v}-py3-none-manylinux_*_x86_64.whl").name
    readme = (REPOSITORY / "README.md").read_text()
    sdk = REPOSITORY / "python" / "README.md"
    for text, where in ((readme, "README.md"), (GUIDE.read_text(), str(GUIDE)), (sdk.read_text(), str(sdk))):
        assert not re.search(r"releases/(?:expanded_assets|download)/", text), f"{where} installs from a release address that does not exist"
        assert re.search(r"--find-links \S*dist\b", text), f"{where} should install the wheels with --find-links from dist/"
        named = set(re.findall(r"dist/msghost(?:_daemon)?[-_](\d+\.\d+\.\d+)[-_]", text))
        assert named == {v}, f"{where} names dist/ files of version(s) {sorted(named)}, not {v} (python/src/msghost/_version.py)"
        for file in re.findall(r"dist/(msghost[-_][^\s`)\"']+)", text):
            assert glob.glob(str(DIST / file)), f"{where} names dist/{file}, which scripts/package did not make: {sorted(os.listdir(DIST))}"
    assert f"./dist/{deb}" in readme, f"README.md should install ./dist/{deb} with apt"
    assert f"dist/{daemon}" in readme, f"README.md should name the daemon's wheel, dist/{daemon}"
    tag = re.search(r"-py3-none-(manylinux_2_(\d+))_x86_64\.whl$", daemon)
    assert tag and f"`{tag.group(1)}`" in readme and f"glibc 2.{tag.group(2)} or newer" in readme, \
        f"README.md should say the wheel needs glibc 2.{tag.group(2) if tag else '?'} ({tag.group(1) if tag else '?'})"


def test_daemon_wheel_is_within_its_size() -> None:
    size = one("msghost_daemon-*.whl").stat().st_size
    print(f"msghost-daemon wheel: {size / 1048576:.1f} MiB")
    assert size <= WHEEL_LIMIT_BYTES, f"the daemon's wheel is {size / 1048576:.1f} MiB, over {WHEEL_LIMIT_BYTES / 1048576:.0f} MiB"


def test_deb_is_lintian_clean_but_for_the_explained_tags() -> None:
    """lintian reports nothing but what the package's overrides explain, and packaging/README.md
    names each overridden tag."""
    if not shutil.which("lintian"):
        pytest.fail("lintian is not installed (scripts/bootstrap installs it)")
    run = subprocess.run(["lintian", "--tag-display-limit", "0", "--display-info", str(one("msghost_*_amd64.deb"))],
                         capture_output=True, text=True)
    print(run.stdout)
    reported = [line for line in run.stdout.splitlines() if re.match(r"^[EWIPX]: msghost", line)]
    assert run.returncode == 0 and not reported, f"lintian:\n{run.stdout}{run.stderr}"
    overridden = re.findall(r"^msghost: (\S+)", LINTIAN_OVERRIDES.read_text(), re.M)
    notes = PACKAGING_README.read_text()
    assert overridden and all(f"`{tag}`" in notes for tag in overridden), \
        f"packaging/README.md should explain each overridden lintian tag: {[t for t in overridden if f'`{t}`' not in notes]}"


# ---- the clean root --------------------------------------------------------------------------

def getting_started_files() -> Dict[str, str]:
    """hello.py and test_hello.py exactly as the page's heredocs give them, and the pytest
    command the page runs after writing the test."""
    text = GUIDE.read_text()
    files = {name: body for name, body in re.findall(r"cat > (\S+) <<'EOF'\n(.*?)\nEOF\n", text, re.S)}
    assert {"hello.py", "test_hello.py"} <= set(files), f"{GUIDE} no longer writes hello.py and test_hello.py with cat > … <<'EOF'"
    command = re.search(r"cat > test_hello.py <<'EOF'\n.*?\nEOF\n([^\n]+)\n", text, re.S)
    assert command, "no command after the test's heredoc"
    return {"hello.py": files["hello.py"] + "\n", "test_hello.py": files["test_hello.py"] + "\n", "command.txt": command.group(1)}


def host_mirror() -> str:
    """The Debian mirror this machine's apt uses (deb822 or one-line sources)."""
    for path in sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
        for stanza in Path(path).read_text().split("\n\n"):
            if re.search(r"^Suites:.*\bbookworm\b", stanza, re.M):
                match = re.search(r"^URIs:\s*(\S+)", stanza, re.M)
                if match and not match.group(1).rstrip("/").endswith("-security"):
                    return match.group(1)
    for path in ["/etc/apt/sources.list", *sorted(glob.glob("/etc/apt/sources.list.d/*.list"))]:
        if os.path.exists(path):
            match = re.search(r"^deb\s+(?:\[[^]]*\]\s+)?(\S+)\s+bookworm\s", Path(path).read_text(), re.M)
            if match:
                return match.group(1)
    pytest.skip("no bookworm mirror in this machine's apt sources to make a clean root from")


def in_root(root: Path, command: str, timeout: float) -> subprocess.CompletedProcess:
    """Runs `command` in the root, in a mount and pid namespace of its own (so that its /proc,
    /dev, /run and /tmp vanish with it), as root with a plain environment."""
    script = (f"mount --make-rprivate / && mount -t proc proc {root}/proc && mount --rbind /dev {root}/dev"
              f" && mount -t tmpfs tmpfs {root}/run && mount -t tmpfs tmpfs {root}/tmp"
              f" && exec chroot {root} /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb"
              f" PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin /bin/sh -c \"$0\"")
    return subprocess.run(["unshare", "--mount", "--pid", "--fork", "--kill-child", "/bin/sh", "-c", script, command],
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def clean_root() -> Iterator[Dict[str, Any]]:
    """Makes the root, runs inside_root.py in it, and gives its results."""
    if os.geteuid() != 0:
        pytest.skip("the clean-root test makes a Debian root with debootstrap and chroots into it: run it as root")
    if not shutil.which("debootstrap"):
        pytest.fail("debootstrap is not installed (scripts/bootstrap installs it)")
    probe = subprocess.run(["unshare", "--mount", "--pid", "--fork", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"no mount and pid namespace can be made here for the root's /proc and /dev: {probe.stderr.strip()}")
    v = version()
    dist = [one(f"msghost-{v}-py3-none-any.whl"), one(f"msghost_daemon-{v}-py3-none-manylinux_*_x86_64.whl"), one(f"msghost_{v}_amd64.deb")]
    mirror = host_mirror()
    # In /var/tmp, not in the checkout; a short path, for the ipc sockets made inside it.
    scratch = Path(tempfile.mkdtemp(prefix="msghost-root-", dir="/var/tmp"))
    root = scratch / "root"
    try:
        run = subprocess.run(["debootstrap", "--variant=minbase", "bookworm", str(root), mirror],
                             capture_output=True, text=True, timeout=1200)
        if run.returncode != 0:
            pytest.skip(f"debootstrap --variant=minbase bookworm could not make a root from {mirror}:\n{(run.stdout + run.stderr)[-2000:]}")
        shutil.copy("/etc/resolv.conf", root / "etc/resolv.conf")
        work = root / "work"
        (work / "dist").mkdir(parents=True)
        for path in dist:
            shutil.copy(path, work / "dist")
        (work / "getting-started").mkdir()
        for name, text in getting_started_files().items():
            (work / "getting-started" / name).write_text(text)
        shutil.copy(Path(__file__).with_name("inside_root.py"), work)
        # What pip needs besides dist/, for the root's Python (Debian 12: CPython 3.11, glibc
        # 2.36, so every manylinux tag up to 2.36: pip does not widen a given --platform).
        platforms = [arg for minor in range(17, 37) for arg in ("--platform", f"manylinux_2_{minor}_x86_64")]
        download = subprocess.run(
            ["python3", "-m", "pip", "download", "-q", "--disable-pip-version-check", "--dest", str(work / "wheels"),
             "--only-binary=:all:", *platforms, "--platform", "manylinux2014_x86_64", "--python-version", "3.11",
             "--implementation", "cp", "pyzmq>=22", "pytest>=8", "pytest-xdist"],
            capture_output=True, text=True, timeout=600)
        assert download.returncode == 0, f"pip download failed:\n{download.stdout}\n{download.stderr}"
        # Python for the venv and this test's script, systemd for `systemd-analyze verify`:
        # what a machine that runs the service has. Nothing else.
        apt = in_root(root, "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq"
                            " --no-install-recommends python3-venv systemd", timeout=1200)
        assert apt.returncode == 0, f"apt-get in the root failed:\n{apt.stdout[-3000:]}\n{apt.stderr[-3000:]}"
        inside = in_root(root, "python3 /work/inside_root.py", timeout=1800)
        print(inside.stdout)
        results_file = work / "results.json"
        assert results_file.exists(), f"inside_root.py wrote no results:\n{inside.stdout[-3000:]}\n{inside.stderr[-5000:]}"
        results: Dict[str, Any] = json.loads(results_file.read_text())
        results["_output"] = inside.stdout + inside.stderr
        yield results
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def outcome(results: Dict[str, Any], name: str) -> Dict[str, Any]:
    assert name in results, f"inside_root.py did not get to {name!r}:\n{results['_output'][-5000:]}"
    step = results[name]
    assert step["ok"], f"{name} failed in the clean root:\n{step.get('error')}"
    return step


def test_clean_root_has_no_swift_compiler_or_dev_package(clean_root: Dict[str, Any]) -> None:
    outcome(clean_root, "clean machine")


def test_wheels_install_offline_into_a_venv_with_the_commands_on_path(clean_root: Dict[str, Any]) -> None:
    step = outcome(clean_root, "wheel install")
    print(f"pip install msghost[daemon], offline, fresh venv: {step['install_seconds']} s")
    assert step["msghostctl_help"]
    assert step["fixture_msghostd"].endswith("/site-packages/msghost_daemon/lib/msghost/msghostd"), step["fixture_msghostd"]
    assert step["install_seconds"] <= INSTALL_LIMIT_SECONDS, f"pip install took {step['install_seconds']} s"


def test_getting_started_test_passes_with_pytest(clean_root: Dict[str, Any]) -> None:
    step = outcome(clean_root, "getting started: pytest")
    assert "MSGHOSTD" not in step["command"], f"the page should need no MSGHOSTD: {step['command']}"


def test_getting_started_test_passes_with_four_xdist_workers(clean_root: Dict[str, Any]) -> None:
    outcome(clean_root, "getting started: pytest -n 4")


def test_wheel_demo_serves_the_page_and_runs_a_python_app(clean_root: Dict[str, Any]) -> None:
    step = outcome(clean_root, "wheel demo")
    assert step["world_has_kate"] and step["exit"] == 0 and step["cleaned_up"], step


def test_deb_installs_with_apt_and_its_unit_verifies(clean_root: Dict[str, Any]) -> None:
    step = outcome(clean_root, "deb install")
    assert "/etc/msghost/msghostd.yaml" in step["etc"], step["etc"]
    outcome(clean_root, "unit verify")


def test_service_started_as_its_unit_answers_msghostctl_world(clean_root: Dict[str, Any]) -> None:
    step = outcome(clean_root, "service")
    assert step["command"][0] == "/usr/bin/msghostd", step["command"]
    assert "Kate Bell" in step["world"] and "com.example.icecream" in step["world"], step["world"]
    assert step["state_owner"] == 61184 and step["exit"] == 0, step
    print(f"service: spawn -> READY=1 in {step['ready_seconds']} s")


def test_deb_demo_serves_the_page_and_runs_ice_cream(clean_root: Dict[str, Any]) -> None:
    step = outcome(clean_root, "deb demo")
    assert step["world_has_kate"] and step["exit"] == 0 and step["cleaned_up"], step
