"""What the page shows a newcomer, point by point: the events table's filters apply
to every row, a payload that is not JSON is refused in the page, an expanded app covers the
transcript on a phone that keeps its size, the app row shows every app, a refusal shows on the
phone that caused it, and the recording label follows the daemon whoever started it."""
from __future__ import annotations

import subprocess
import time

from selenium.webdriver.remote.webelement import WebElement

from conftest import REPOSITORY, Simulator
from test_simulator import ICE_CREAM, JOHN, KATE, PYTHON_RAW, Page, app_bubbles, tap_screen

LIFECYCLE = ("launching", "connected")


def rect(page: Page, css: str, device: str | None = None) -> dict:
    """The box of what `css` finds (on `device`'s phone), looked up and measured in one script:
    parts of a phone are redrawn as events arrive, so an element found a moment before may be gone."""
    return page.driver.execute_script("""
        const scope = arguments[1] ? document.querySelector(`[data-device="${arguments[1]}"]`) : document;
        const r = (arguments[0] ? scope.querySelector(arguments[0]) : scope).getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height};""", css, device)


def shown_rows(page: Page, table: str) -> list[WebElement]:
    return [row for row in page.all(f"#{table} tbody tr") if row.is_displayed()]


def open_raw_app(page: Page):
    page.show_conversation(KATE)
    page.show_conversation(JOHN)
    page.click(f'.app-icon[data-app="{PYTHON_RAW}"]', lambda: page.phone(KATE))
    page.wait(lambda: page.find("[data-testid=app-area]", page.phone(KATE)).get_attribute("data-app") == PYTHON_RAW, "the raw app open on Kate's phone")


def test_routine_and_the_inspector_filter_apply_to_rows_already_shown(simulator, browser):
    page = Page(browser, simulator, "filters")
    page.find("#frames-on").click()
    open_raw_app(page)
    page.type_into(".payload", lambda: page.phone(KATE), '{"caption": "one"}')
    page.click("[data-testid=touch]", lambda: page.phone(KATE))
    page.wait(lambda: page.events("arrived"), "the arrival in the events table")
    page.wait(lambda: page.all('#frames tr[data-type="sendMessage"]'), "sendMessage in the inspector")
    for kind in LIFECYCLE:
        assert page.events(kind), f"{kind} is in the table while routine is checked"

    # Unchecked, "routine" hides the lifecycle rows already there, and keeps what was sent and arrived.
    page.find("#events-routine").click()
    kinds = {row.get_attribute("data-kind") for row in shown_rows(page, "events")}
    assert not kinds & {"launching", "launched", "connected", "viewChanged", "transition"}, kinds
    assert {"touch", "sent", "arrived"} <= kinds, kinds
    page.shot("routine-off")
    page.find("#events-routine").click()
    kinds = {row.get_attribute("data-kind") for row in shown_rows(page, "events")}
    assert set(LIFECYCLE) <= kinds, kinds

    # The inspector's filter applies to the frames already listed.
    assert {row.get_attribute("data-type") for row in shown_rows(page, "frames")} - {"sendMessage"}, "other frames before filtering"
    page.find("#frames-filter").send_keys("sendMessage")
    page.wait(lambda: {row.get_attribute("data-type") for row in shown_rows(page, "frames")} == {"sendMessage"}, "only sendMessage frames shown")
    page.shot("filtered")
    page.find("#frames-filter").clear()
    page.find("#frames-filter").send_keys(" ")  # an input event: the filter is empty again
    page.wait(lambda: len({row.get_attribute("data-type") for row in shown_rows(page, "frames")}) > 1, "every frame shown again")


def test_a_payload_that_is_not_json_is_refused_in_the_page_and_nothing_is_sent(simulator, browser):
    page = Page(browser, simulator, "payload")
    open_raw_app(page)
    before = simulator.control("events", {})["next"]
    page.type_into(".payload", lambda: page.phone(KATE), "{sends: 2")
    page.click("[data-testid=touch]", lambda: page.phone(KATE))
    error = page.wait(lambda: page.find("[data-testid=payload-error]", page.phone(KATE)).text, "the page's refusal of the payload")
    assert "not JSON" in error and "nothing was sent" in error, error
    # Chromium's parser names what it expected and where: its message, not a paraphrase.
    assert "position" in error or "line" in error, error
    assert page.find(".payload", page.phone(KATE)).get_attribute("aria-invalid") == "true"
    page.shot("not-json")
    time.sleep(0.5)
    events = simulator.control("events", {"after": before})["events"]
    assert not [e for e in events if e["kind"] == "touch"], events

    # Mended, the payload goes, and the error is gone.
    page.type_into(".payload", lambda: page.phone(KATE), '{"caption": "mended"}', clear=True)
    page.click("[data-testid=touch]", lambda: page.phone(KATE))
    page.wait(lambda: any("mended" in b.text for b in app_bubbles(page, JOHN)), "the mended payload's message on John's phone")
    assert not page.all("[data-testid=payload-error]", page.phone(KATE))


def test_the_expanded_app_covers_the_transcript_and_the_phone_keeps_its_size(simulator, browser):
    page = Page(browser, simulator, "expanded")
    page.show_conversation(KATE)
    page.show_conversation(JOHN)
    sizes = lambda: (rect(page, "", KATE)["height"], rect(page, "", JOHN)["height"])
    events_top = lambda: rect(page, "#events")["top"]
    closed, table = sizes(), events_top()
    assert closed[0] == closed[1], closed

    page.click(f'.app-icon[data-app="{ICE_CREAM}"]', lambda: page.phone(KATE))
    page.wait(lambda: page.all("[data-testid=view-screen] img", page.phone(KATE)), "Ice Cream's screen on Kate's phone")
    assert sizes() == closed, (sizes(), closed)
    tap_screen(page, KATE, "Create a new ice cream")
    page.wait(lambda: page.find("[data-testid=app-area]", page.phone(KATE)).get_attribute("data-style") == "expanded", "the builder, expanded")
    page.shot("expanded")
    assert sizes() == closed, f"the phones' heights changed as the app expanded: {sizes()} against {closed}"
    assert events_top() == table, "the events table moved as the app expanded"
    app = rect(page, "[data-testid=app-area]", KATE)
    transcript = rect(page, "[data-testid=transcript]", KATE)
    assert app["top"] <= transcript["top"] and app["bottom"] >= transcript["bottom"], (app, transcript)
    # Covered, not beside: what is at the transcript's middle is the app.
    middle = ((transcript["left"] + transcript["right"]) / 2, (transcript["top"] + transcript["bottom"]) / 2)
    assert browser.execute_script("return !!document.elementFromPoint(arguments[0], arguments[1]).closest('[data-testid=app-area]')", *middle)


def test_the_app_row_shows_every_installed_app(simulator, browser):
    page = Page(browser, simulator, "app-row")
    page.show_conversation(KATE)
    installed = [i["app"] for i in simulator.control("world", {})["installs"] if i["device"] == KATE]
    assert len(installed) >= 5, installed
    page.wait(lambda: page.all(".app-icon", page.phone(KATE)), "Kate's app row")
    # Measured in one go in the page: the row is redrawn as events come.
    row = browser.execute_script("""
        const phone = document.querySelector(`[data-device="${arguments[0]}"]`).getBoundingClientRect();
        const drawer = document.querySelector(`[data-device="${arguments[0]}"] [data-testid=drawer]`);
        return {apps: [...drawer.querySelectorAll('.app-icon')].map((icon) => {
            const box = icon.getBoundingClientRect();
            const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
            return {app: icon.dataset.app, inside: phone.left <= box.left && box.right <= phone.right && phone.top <= box.top && box.bottom <= phone.bottom,
                    tappable: !!hit && !!hit.closest('.app-icon') && hit.closest('.app-icon').dataset.app === icon.dataset.app};
        }), scrolls: drawer.scrollWidth > drawer.clientWidth};""", KATE)
    assert sorted(app["app"] for app in row["apps"]) == sorted(installed), row
    for app in row["apps"]:
        assert app["inside"] and app["tappable"], f"{app['app']} is not shown whole where it can be tapped: {row}"
    assert not row["scrolls"], "the app row scrolls sideways"
    page.shot("app-row")


def test_a_refusal_shows_on_the_phone_that_caused_it(simulator, browser):
    page = Page(browser, simulator, "refusal")
    open_raw_app(page)
    page.type_into(".payload", lambda: page.phone(KATE), '{"caption": "twice", "sends": 2}')
    page.click("[data-testid=touch]", lambda: page.phone(KATE))
    notice = page.wait(lambda: page.find("[data-testid=refusal]", page.phone(KATE)).text, "the refusal on Kate's phone")
    assert "sendWithoutRecentInteraction (9)" in notice and "Python Raw Example" in notice, notice
    box, phone = rect(page, "[data-testid=refusal]", KATE), rect(page, "", KATE)
    assert phone["top"] <= box["top"] and box["bottom"] <= phone["bottom"], (box, phone)
    assert not page.all("[data-testid=refusal]", page.phone(JOHN)), "John's phone refused nothing"
    page.shot("refusal")
    page.click("[data-testid=refusal] .dismiss", lambda: page.phone(KATE), "dismiss")
    page.wait(lambda: not page.all("[data-testid=refusal]", page.phone(KATE)), "the notice dismissed")


def msghostctl(simulator: Simulator, *arguments: str) -> str:
    endpoint = f"ipc://{simulator.directory / 'run' / 'control.sock'}"
    done = subprocess.run([str(REPOSITORY / ".build" / "debug" / "msghostctl"), *arguments, "--endpoint", endpoint],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_recording_label_follows_the_daemon_whoever_started_it(simulator, browser):
    page = Page(browser, simulator, "recording-label")
    state = lambda: page.find("[data-testid=record-state]").text
    assert state() == ""
    msghostctl(simulator, "record", "start")
    page.wait(lambda: state().startswith("● recording since"), "the label to show msghostctl's recording")
    assert page.find("[data-testid=record-start]").get_attribute("disabled") is not None
    page.shot("recording")
    for text in ("recorded", "recorded twice"):
        assert simulator.control("typeText", {"device": KATE, "conversation": "kate-john", "text": text})["status"] == "ok"
    session = simulator.directory / "session.jsonl"
    msghostctl(simulator, "record", "stop", "--output", str(session))
    steps = len(session.read_text().splitlines()) - 2
    page.wait(lambda: state() == f"recorded {steps} steps", f"the label to say the {steps} steps msghostctl stopped with")
    assert page.find("[data-testid=download-session]").is_displayed()
    # And back: the page's own Record, stopped by msghostctl.
    page.click("[data-testid=record-start]")
    page.wait(lambda: state().startswith("● recording since"), "the page's own recording")
    msghostctl(simulator, "record", "stop", "--output", str(session))
    page.wait(lambda: state() == "recorded 0 steps", "the label after msghostctl stopped the page's recording")
    page.shot("stopped")
