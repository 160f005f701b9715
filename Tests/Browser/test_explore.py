"""The page shows an explorer's finding (docs/EXPLORE.md): `msghostctl explore` on the picker
fixture that forgets its choice when terminated, its session opened on the page — the finding
named with both screens, the run shown at its last step, steppable as any session."""
from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import REPOSITORY
from test_recording import MSGHOSTCTL, MSGHOSTD
from test_simulator import Page

WORLD = """people:
  - {handle: kate@example.com, name: Kate Bell}
  - {handle: john@example.com, name: John Appleseed}
devices:
  - {id: kate-iphone, owner: kate@example.com}
  - {id: john-iphone, owner: john@example.com}
conversations:
  - {id: kate-john, members: [kate@example.com, john@example.com]}
installs:
  - {device: kate-iphone, app: com.example.picker}
  - {device: john-iphone, app: com.example.picker}
"""


def test_a_finding_s_session_opens_at_the_finding_with_both_screens(simulator, browser, tmp_path: Path):
    (tmp_path / "apps").mkdir()
    (tmp_path / "world.yaml").write_text(WORLD)
    (tmp_path / "apps" / "picker.yaml").write_text(
        "bundleID: com.example.picker\ndisplayName: Picker\ncommand: python3\n"
        f"args: [picker.py, --forget-on-termination]\nworkingDirectory: {REPOSITORY}/Tests/Fixtures\n")
    session = tmp_path / "found.jsonl"
    run = subprocess.run([MSGHOSTCTL, "explore", "--world", str(tmp_path / "world.yaml"), "--apps", str(tmp_path / "apps"),
                          "--msghostd", MSGHOSTD, "--seed", "1", "--steps", "300", "--no-shrink", "--output", str(session)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 1 and ": stateLost — com.example.picker" in run.stdout, run.stdout + run.stderr
    steps = sum(1 for line in session.read_text().splitlines() if '"type":"step"' in line)

    page = Page(browser, simulator, "explore")
    page.find("[data-testid=session-file]").send_keys(str(session))
    page.wait(lambda: page.find("[data-testid=step-title]").text.startswith(f"step {steps} of {steps}"), "the session opened at its last step")
    finding = page.find("[data-testid=session-finding]")
    assert finding.get_attribute("data-kind") == "stateLost"
    assert "com.example.picker on john-iphone" in finding.text or "com.example.picker on kate-iphone" in finding.text, finding.text
    assert "Chosen: nothing" in page.find("[data-testid=finding-after]", finding).text
    assert "Chosen: nothing" not in page.find("[data-testid=finding-before]", finding).text
    page.shot("finding")
    page.click("[data-testid=step-previous]")
    page.wait(lambda: page.find("[data-testid=step-title]").text.startswith(f"step {steps - 1} of {steps}"), "a step back")
