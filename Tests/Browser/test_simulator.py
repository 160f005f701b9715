"""The web simulator in a real browser (headless Chromium): a person's way through the default
world, checked on the page itself — what each phone shows after each click."""
from __future__ import annotations

import time
from typing import Callable

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

from conftest import ARTIFACTS, Simulator

KATE, JOHN = "kate-iphone", "john-iphone"
ICE_CREAM, PYTHON_RAW = "com.example.icecream", "com.example.python-raw"


class Page:
    """The page as a person sees it, one phone at a time."""

    def __init__(self, driver: WebDriver, simulator: Simulator, name: str):
        self.driver, self.simulator, self.name, self.shots = driver, simulator, name, 0
        driver.get(simulator.url)  # the URL scripts/simulator printed, with the token
        self.wait(lambda: "pid" in self.find("[data-testid=daemon-state]").text, "the page to reach the daemon")

    def find(self, css: str, within: WebElement | None = None) -> WebElement:
        return (within or self.driver).find_element(By.CSS_SELECTOR, css)

    def all(self, css: str, within: WebElement | None = None) -> list[WebElement]:
        return (within or self.driver).find_elements(By.CSS_SELECTOR, css)

    def phone(self, device: str) -> WebElement:
        return self.find(f'[data-device="{device}"]')

    def wait(self, condition: Callable[[], object], what: str, timeout: float = 20):
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            try:
                value = condition()
                if value:
                    return value
            except Exception as error:  # an element redrawn under us: look again
                last = error
            time.sleep(0.05)
        self.shot(f"timeout-{what}")
        raise AssertionError(f"timed out waiting for {what} ({last})")

    def shot(self, label: str):
        self.shots += 1
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in label)[:60]
        self.driver.save_screenshot(str(ARTIFACTS / f"{self.name}-{self.shots:02d}-{safe}.png"))

    def click(self, css: str, within: WebElement | None = None, what: str | None = None):
        """Clicks the element once it is there and enabled (parts of a phone are redrawn)."""
        def attempt():
            element = self.find(css, within() if callable(within) else within)
            if not element.is_enabled():
                return False
            element.click()
            return True
        self.wait(attempt, what or css)

    def type_into(self, css: str, within: Callable[[], WebElement], text: str, clear: bool = False):
        """Types into a field once it is shown and enabled: a phone's parts are redrawn as
        events arrive, so a field found a moment ago may be gone or not yet laid out."""
        def attempt():
            field = self.find(css, within())
            if not (field.is_displayed() and field.is_enabled()):
                return False
            if clear:
                field.clear()
            field.send_keys(text)
            return True
        self.wait(attempt, f"{css} to type into")

    def show_conversation(self, device: str):
        self.click(".conversation", lambda: self.phone(device), f"{device}'s conversation list")
        self.wait(lambda: self.all("[data-testid=compose]", self.phone(device)), f"{device}'s transcript")

    def entries(self, device: str) -> list[WebElement]:
        return self.all("[data-testid=entry]", self.phone(device))

    def control(self, command: str, body: dict) -> dict:
        """A control request through msghost-web's relay, for setting up what the page has no control for."""
        return self.simulator.control(command, body)

    def events(self, kind: str) -> list[str]:
        return [row.text for row in self.all(f'#events tr[data-kind="{kind}"]')]


def app_bubbles(page: Page, device: str) -> list[WebElement]:
    return page.all("[data-testid=app-bubble]", page.phone(device))


def wait_staged(page: Page, device: str, what: str):
    """Waits for the item an app staged on `device` and for the app to be gone: the apps here
    dismiss themselves once they staged, and the app area closing moves the input row up under
    the pointer. A click sent while it moves (Selenium's is a mouse event at coordinates it took
    a moment before) lands on whatever is there then, and is lost without an error."""
    page.wait(lambda: page.all("[data-testid=staged]", page.phone(device)), what)
    page.wait(lambda: "closed" in page.find("[data-testid=app-area]", page.phone(device)).get_attribute("class").split(),
              f"{what}: the app dismissed")


def screen_item(page: Page, device: str, label: str) -> str:
    """The selector of what the app's screen shows labelled `label` (a cell's accessibility
    label, a button's title); a click there is a tap on it (control `tapScreen`)."""
    return f'[data-device="{device}"] [data-testid=screen-item][aria-label="{label}"]'


def tap_screen(page: Page, device: str, label: str, what: str | None = None):
    """A person's click where the item is drawn: on a control, the item's own box takes it; on
    a cell or an image, the picture under it does (the page lets those through)."""
    def attempt():
        ActionChains(page.driver).move_to_element(page.find(screen_item(page, device, label))).click().perform()
        return True
    page.wait(lambda: page.all(screen_item(page, device, label)), what or f"{label} on {device}'s screen")
    # The app may lay its screen out again as it settles (each change is a new picture): click
    # where the item is once it has stayed put, as a person aims at what has stopped moving.
    box = lambda: page.driver.execute_script(
        "const e = document.querySelector(arguments[0]); if (!e) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height];",
        screen_item(page, device, label))
    def settled():
        first = box()
        time.sleep(0.3)
        return first is not None and first == box()
    page.wait(settled, f"{label} on {device}'s screen, settled")
    page.wait(attempt, what or label)


def walk_through_an_ice_cream(page: Page):
    """docs/WEB.md's walk through, steps 1 to 4: Kate starts an ice cream and sends it, John
    adds a scoop (deletes it once, adds it again) and sends it; Kate's bubble collapses. Ice
    Cream's screens are its UIKit views, drawn by the page; a click on one is a tap there."""
    page.show_conversation(KATE)
    page.show_conversation(JOHN)
    page.shot("conversations")

    # Kate opens Ice Cream from the drawer: compact, its history's collection view.
    page.click(f'.app-icon[data-app="{ICE_CREAM}"]', lambda: page.phone(KATE))
    page.wait(lambda: page.find("[data-testid=app-area]", page.phone(KATE)).get_attribute("data-app") == ICE_CREAM, "Ice Cream open on Kate's phone")
    page.wait(lambda: page.all("[data-testid=view-screen] img", page.phone(KATE)), "Ice Cream's screen on Kate's phone")
    page.shot("kate-opened-ice-cream")

    # Kate taps "+" (expanded: the builder), then the cone's cell: Ice Cream stages it.
    tap_screen(page, KATE, "Create a new ice cream")
    page.wait(lambda: page.find("[data-testid=app-area]", page.phone(KATE)).get_attribute("data-style") == "expanded", "the builder, expanded")
    tap_screen(page, KATE, "A cone", "the cone's cell")
    wait_staged(page, KATE, "the staged ice cream on Kate's phone")
    page.shot("kate-staged")

    # Kate presses Send: the bubble arrives on John's phone, from "Katie".
    page.click("[data-testid=send]", lambda: page.phone(KATE))
    page.wait(lambda: app_bubbles(page, JOHN), "the ice cream on John's phone")
    sender = page.wait(lambda: [e.text for e in page.all("[data-testid=sender-name]", page.phone(JOHN))], "a sender name")
    assert "Katie" in sender, sender
    page.shot("john-received")

    # John taps the bubble: Ice Cream opens expanded on it, the cone so far and the scoops.
    page.click("[data-testid=app-bubble]", lambda: page.phone(JOHN))
    page.wait(lambda: page.find("[data-testid=app-area]", page.phone(JOHN)).get_attribute("data-style") == "expanded", "Ice Cream expanded on John's phone")
    page.wait(lambda: page.all(screen_item(page, JOHN, "An ice cream: a cone")), "the builder on John's phone, with the cone")
    page.shot("john-opened-bubble")

    # John adds a scoop (staged; Ice Cream dismisses itself, as Apple's sample does), deletes it
    # (cancel), taps the bubble again, adds the scoop again and sends it.
    tap_screen(page, JOHN, "Vanilla scoops", "a scoop")
    wait_staged(page, JOHN, "John's staged scoop")
    page.click("[data-testid=delete-staged]", lambda: page.phone(JOHN))
    page.wait(lambda: not page.all("[data-testid=staged]", page.phone(JOHN)), "the staged scoop deleted")
    page.wait(lambda: page.events("cancelled"), "the cancel in the event stream")
    page.shot("john-deleted")
    page.click("[data-testid=app-bubble]", lambda: page.phone(JOHN), "the bubble again")
    tap_screen(page, JOHN, "Vanilla scoops", "a scoop again")
    wait_staged(page, JOHN, "John's staged scoop again")
    page.click("[data-testid=send]", lambda: page.phone(JOHN))
    # On Kate's phone: the newest bubble is John's step, the older one collapsed to a summary.
    page.wait(lambda: page.all("[data-testid=summary]", page.phone(KATE)), "the earlier step collapsed into its summary on Kate's phone")
    page.shot("kate-sees-john-step")


def test_build_an_ice_cream_between_kate_and_john(simulator, browser):
    page = Page(browser, simulator, "icecream")
    # John's own name for Kate: the bubble on his phone must carry it, not hers.
    assert page.control("contact", {"device": JOHN, "person": "kate@example.com", "name": "Katie"})["status"] == "ok"
    walk_through_an_ice_cream(page)


def test_a_second_send_is_refused_and_deliveries_hold_and_release(simulator, browser):
    page = Page(browser, simulator, "rules")
    page.find("#frames-on").click()  # the inspector: the wire tap
    page.show_conversation(KATE)
    page.show_conversation(JOHN)
    page.click(f'.app-icon[data-app="{PYTHON_RAW}"]', lambda: page.phone(KATE))
    page.wait(lambda: page.find("[data-testid=app-area]", page.phone(KATE)).get_attribute("data-app") == PYTHON_RAW, "the raw app open on Kate's phone")

    # One touch, two sends: the first goes, the second is refused, by Apple's name.
    page.type_into(".payload", lambda: page.phone(KATE), '{"caption": "first", "sends": 2}')
    page.click("[data-testid=touch]", lambda: page.phone(KATE))
    page.wait(lambda: any("first" in b.text for b in app_bubbles(page, JOHN)), "the first send on John's phone")
    refusals = page.wait(lambda: page.events("sendRefused"), "the refusal in the event stream")
    assert any("9 sendWithoutRecentInteraction" in row for row in refusals), refusals
    page.wait(lambda: page.all('#frames tr[data-type="sendMessage"]'), "sendMessage frames in the inspector")
    page.shot("refused")

    # John holds deliveries: Kate's next message waits, then arrives on release.
    page.click("[data-testid=deliveries]", lambda: page.phone(JOHN))
    page.click("[data-testid=hold]", lambda: page.phone(JOHN))
    page.click("[data-testid=apply-delivery]", lambda: page.phone(JOHN))
    before = len(app_bubbles(page, JOHN))
    page.type_into(".payload", lambda: page.phone(KATE), '{"caption": "held one"}', clear=True)
    page.click("[data-testid=touch]", lambda: page.phone(KATE))
    page.wait(lambda: page.all("[data-testid=held] li", page.phone(JOHN)), "the held message listed on John's phone")
    assert len(app_bubbles(page, JOHN)) == before
    page.shot("held")
    page.click("[data-testid=release-sent]", lambda: page.phone(JOHN))
    page.wait(lambda: any("held one" in b.text for b in app_bubbles(page, JOHN)), "the released message on John's phone")
    page.shot("released")


def test_metrics_parse_and_the_page_keeps_up_with_a_hundred_messages_a_second(simulator, browser):
    from prometheus_client.parser import text_string_to_metric_families

    page = Page(browser, simulator, "busy")
    page.show_conversation(KATE)
    page.show_conversation(JOHN)
    page.control("open", {"device": KATE, "conversation": "kate-john", "app": PYTHON_RAW})

    # A hundred sends a second for three seconds, through the relay, while the page draws them.
    import threading
    sent = []

    def drive():
        start = time.monotonic()
        for n in range(300):
            delay = start + n / 100 - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            reply = page.control("touch", {"device": KATE, "payload": {"caption": f"busy {n}"}})
            assert reply["status"] == "ok", reply
            sent.append(n)

    # The page's own measure of its responsiveness: the longest gap between animation frames
    # while the messages come (a blocked main thread shows as a long gap).
    browser.execute_script("""
        window.__gaps = []; let last = performance.now();
        const tick = (now) => { window.__gaps.push(now - last); last = now; if (!window.__stopGaps) requestAnimationFrame(tick); };
        requestAnimationFrame(tick);""")
    driver = threading.Thread(target=drive)
    driver.start()
    driver.join()
    elapsed = len(sent) / 100
    page.wait(lambda: any("busy 299" in b.text for b in app_bubbles(page, JOHN)), "the last message on John's phone", timeout=10)
    gaps = browser.execute_script("window.__stopGaps = true; return window.__gaps")
    page.shot("busy")
    gaps.sort()
    worst, p95 = gaps[-1], gaps[int(len(gaps) * 0.95)]
    print(f"page frames while busy: {len(gaps)} frames, p95 gap {p95:.0f} ms, worst {worst:.0f} ms; {elapsed:.0f} s of sends")
    # A frozen page, not a slow frame: `swift test` runs this beside other suites on 2 cores,
    # where the scheduler alone puts p95 at 250–400 ms (seen in the suite, fine alone). The
    # figure itself is printed above; speed is msghost-bench's to measure, not a timed test's.
    assert p95 < 1000 and worst < 3000, f"the page froze under 100 messages a second: p95 frame gap {p95:.0f} ms, worst {worst:.0f} ms"

    # A refused send and an idle termination, so that every family below has a sample.
    page.control("touch", {"device": KATE, "payload": {"caption": "twice", "sends": 2}})
    page.control("close", {"device": KATE})
    page.wait(lambda: page.events("terminated"), "the idle termination in the event stream")

    # /metrics: valid Prometheus text (the reference parser), with the daemon's counters in it.
    with simulator.open("metrics") as response:
        assert response.headers["content-type"].startswith("text/plain; version=0.0.4")
        text = response.read().decode()
    families = {family.name: family for family in text_string_to_metric_families(text)}
    for name in ("msghost_sends", "msghost_send_refusals", "msghost_callbacks", "msghost_callback_round_trip_seconds",
                 "msghost_launches", "msghost_crashes", "msghost_terminations", "msghost_store_commit_seconds",
                 "msghost_queue_depth", "msghost_web_http_requests"):
        assert name in families, f"{name} missing from /metrics: {sorted(families)}"
    sends = sum(sample.value for sample in families["msghost_sends"].samples if sample.name == "msghost_sends_total")
    assert sends >= 300, sends


def test_add_and_remove_a_member_from_the_conversation_screen(simulator, browser):
    page = Page(browser, simulator, "members")
    lee = "lee@example.com"
    assert page.control("createPerson", {"handle": lee, "name": "Lee"})["status"] == "ok"
    assert page.control("createDevice", {"id": "lee-iphone", "owner": lee})["status"] == "ok"
    # People and devices made through control leave no event: the page reads them on "reload world".
    page.click("#reload-world")
    page.wait(lambda: page.all('[data-device="lee-iphone"]'), "Lee's phone after the reload")
    page.show_conversation(KATE)

    def members(device: str) -> WebElement:
        """The members control of a phone's conversation screen, opened."""
        details = page.find("[data-testid=members]", page.phone(device))
        if details.get_attribute("open") is None:
            page.find("summary", details).click()
        return details

    # Kate adds Lee: every phone follows (Lee's phone appears, with the conversation in its list).
    page.wait(lambda: members(KATE).find_element(By.CSS_SELECTOR, "[data-testid=add-member-person]"), "the person picker")
    page.click("[data-testid=add-member]", lambda: members(KATE), "add")
    page.wait(lambda: "Lee" in page.find(".screen-title", page.phone(KATE)).text, "Lee in the title of Kate's conversation")
    page.wait(lambda: page.all('[data-device="lee-iphone"] .conversation'), "the conversation on Lee's phone")
    assert page.events("memberAdded"), "the event log shows the change"
    page.show_conversation("lee-iphone")
    page.shot("lee-added")

    # Kate writes: Lee's phone gets it (and nothing from before Lee joined).
    page.type_into("[data-testid=compose]", lambda: page.phone(KATE), "welcome Lee\n")
    page.wait(lambda: len(page.entries("lee-iphone")) == 1, "Kate's text on Lee's phone")

    # Kate removes Lee: Lee's phone keeps what it had and gets nothing more.
    page.click(f'[data-testid="remove-member-{lee}"]', lambda: members(KATE), "remove Lee")
    page.wait(lambda: "Lee" not in page.find(".screen-title", page.phone(KATE)).text, "Lee gone from Kate's title")
    page.wait(lambda: page.events("memberRemoved"), "the removal in the event log")
    before = len(page.entries(KATE))
    page.type_into("[data-testid=compose]", lambda: page.phone(KATE), "after Lee\n")
    page.wait(lambda: len(page.entries(KATE)) == before + 1, "Kate's second text on her phone")
    time.sleep(0.5)
    assert len(page.entries("lee-iphone")) == 1, "a leaver gets nothing sent after they left"
    page.wait(lambda: page.all("[data-testid=left]", page.phone("lee-iphone")), "Lee's phone saying Lee left, with no input field")
    page.shot("lee-removed")


def test_the_parent_app_presents_a_compose_sheet_that_the_user_sends(simulator, browser):
    """Corrections' parent app (PROTOCOL.md §4.10): opened through control, touched on the page,
    it presents a compose sheet; the page's Send puts the request on John's phone."""
    page = Page(browser, simulator, "parent-app")
    corrections = "com.example.corrections"
    page.show_conversation(JOHN)
    assert page.control("openParentApp", {"device": KATE, "app": corrections})["status"] == "ok"
    page.click("[data-testid=parent-touch]", lambda: page.phone(KATE), "the parent app's touch button")
    page.wait(lambda: "john@example.com" in page.find("[data-testid=compose-sheet]", page.phone(KATE)).text, "the compose sheet")
    page.shot("sheet")
    before = len(app_bubbles(page, JOHN))
    page.click("[data-testid=compose-send]", lambda: page.phone(KATE), "the sheet's Send")
    page.wait(lambda: len(app_bubbles(page, JOHN)) == before + 1, "the request on John's phone")
    page.wait(lambda: not page.all("[data-testid=compose-sheet]", page.phone(KATE)), "the sheet gone from Kate's phone")
    page.wait(lambda: page.events("composeFinished"), "composeFinished in the event log")
    assert "Correction request" in app_bubbles(page, JOHN)[-1].text
    page.click("[data-testid=close-parent-app]", lambda: page.phone(KATE), "close the parent app")
    page.wait(lambda: not page.all("[data-testid=parent-touch]", page.phone(KATE)), "the parent app closed")
