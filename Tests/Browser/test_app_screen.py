"""An app whose screen is UIKit views (Tests/Fixtures/ScreenApp) on the page: its screen is
drawn in Kate's app area, a click on it is a tap there — a segment, the note field typed
into, Send — and John's phone shows the message; one tap that sends twice is refused."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException

from conftest import REPOSITORY, run_simulator
from test_simulator import JOHN, KATE, Page, app_bubbles

SCREEN_APP = "com.example.screen"


@pytest.fixture
def screen_simulator():
    """The default world with the screen app added and installed on both phones."""
    folder = Path(tempfile.mkdtemp(prefix="msghost-screen-apps-"))
    apps = folder / "apps"
    shutil.copytree(REPOSITORY / "config" / "apps", apps)
    for manifest in apps.glob("*.yaml"):  # their workingDirectory is relative to config/apps
        manifest.write_text(manifest.read_text().replace("workingDirectory: ../..", f"workingDirectory: {REPOSITORY}"))
    (apps / "screen.yaml").write_text(
        f"bundleID: {SCREEN_APP}\ndisplayName: Screen\ncommand: .build/debug/ScreenApp\nworkingDirectory: {REPOSITORY}\ncontexts: [messages]\n")
    world = (REPOSITORY / "config" / "world.yaml").read_text()
    world += "".join(f"  - device: {device}\n    app: {SCREEN_APP}\n" for device in (KATE, JOHN))
    (folder / "world.yaml").write_text(world)
    yield from run_simulator({"MSGHOSTD_APPS_DIRECTORY": str(apps), "MSGHOSTD_WORLD_SEED": str(folder / "world.yaml")})
    shutil.rmtree(folder, ignore_errors=True)


def item(page: Page, label: str):
    return page.find(f'[data-testid=screen-item][aria-label="{label}"]', page.phone(KATE))


def test_a_click_on_the_apps_screen_is_a_tap_on_its_views(screen_simulator, browser):
    page = Page(browser, screen_simulator, "app-screen")
    page.show_conversation(KATE)
    page.show_conversation(JOHN)
    page.click(f'.app-icon[data-app="{SCREEN_APP}"]', lambda: page.phone(KATE))
    page.wait(lambda: page.find("[data-testid=view-screen] img", page.phone(KATE)), "the app's screen on Kate's phone")
    # Found again at each look: the page puts in a new picture each time the screen changes,
    # and a screen updated after its first frame leaves an element found earlier stale.
    page.wait(lambda: browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth",
                                             page.find("[data-testid=view-screen] img", page.phone(KATE))) == 780, "the screen's picture")
    page.shot("screen")

    # Chocolate: a click on the right half of the segmented control, where it is drawn.
    segments = page.find('[data-testid=screen-item][data-role="segmentedControl"]', page.phone(KATE))
    browser.execute_script("""
        const box = arguments[0].getBoundingClientRect();
        arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: box.left + box.width * 0.75, clientY: box.top + box.height / 2}));""", segments)
    page.wait(lambda: "Chocolate" in (page.find('[data-testid=screen-item][data-role="segmentedControl"]', page.phone(KATE)).get_attribute("title") or ""),
              "Chocolate selected")
    # The note: click the field, type, press the page's type button.
    page.click('[data-testid=screen-item][aria-label="A note"]', lambda: page.phone(KATE), "the note field")
    page.type_into("[data-testid=screen-text]", lambda: page.phone(KATE), "for John\n")
    page.wait(lambda: "for John" in (item(page, "A note").get_attribute("title") or ""), "the note typed")
    page.click('[data-testid=screen-item][aria-label="Send"]', lambda: page.phone(KATE), "Send")
    page.wait(lambda: any("Chocolate · for John" in bubble.text for bubble in app_bubbles(page, JOHN)), "the message on John's phone")
    page.shot("sent")

    # One tap that sends twice: the second is refused, on Kate's phone too.
    page.click('[data-testid=screen-item][aria-label="Send twice"]', lambda: page.phone(KATE), "Send twice")
    notice = page.wait(lambda: page.find("[data-testid=refusal]", page.phone(KATE)).text, "the refusal on Kate's phone")
    assert "sendWithoutRecentInteraction (9)" in notice, notice


def test_a_mouse_drag_on_the_apps_screen_is_a_drag_and_a_click_stays_a_tap(screen_simulator, browser):
    page = Page(browser, screen_simulator, "app-screen-drag")
    page.show_conversation(KATE)
    page.show_conversation(JOHN)
    page.click(f'.app-icon[data-app="{SCREEN_APP}"]', lambda: page.phone(KATE))
    page.wait(lambda: page.find("[data-testid=view-screen] img", page.phone(KATE)), "the app's screen on Kate's phone")

    # The mouse goes down on the piece (its centre, 330,230 of 390×292), moves and is let go at
    # 200,250: the piece's pan gesture moves it there, and its send after the drag is allowed.
    # The click the browser fires after the release is no tap. The screen is found again if the
    # page drew it anew in between (a screen the app sends again replaces the element).
    for attempt in range(3):
        figure = page.find("[data-testid=view-screen]", page.phone(KATE))
        try:
            browser.execute_script("""
                const [figure, points] = arguments;
                const box = figure.getBoundingClientRect();
                const at = ([x, y]) => ({bubbles: true, button: 0, clientX: box.left + x / 390 * box.width, clientY: box.top + y / 292 * box.height});
                figure.dispatchEvent(new PointerEvent('pointerdown', at(points[0])));
                figure.dispatchEvent(new PointerEvent('pointerup', at(points[1])));
                figure.dispatchEvent(new MouseEvent('click', at(points[1])));""", figure, [[330, 230], [200, 250]])
            break
        except StaleElementReferenceException:
            if attempt == 2:
                raise
    page.wait(lambda: any("Piece dropped at" in bubble.text for bubble in app_bubbles(page, JOHN)), "the dropped piece on John's phone")
    page.wait(lambda: (item(page, "Piece").get_attribute("style") or "").startswith("left: 43."), "the piece where it was dropped on Kate's screen")
    page.shot("dragged")
    # A press let go within 10 points is a click, which taps: Send, whose message follows.
    page.click('[data-testid=screen-item][aria-label="Send"]', lambda: page.phone(KATE), "Send")
    page.wait(lambda: any("Vanilla" in bubble.text for bubble in app_bubbles(page, JOHN)), "Send's message on John's phone")
    assert sum("Piece dropped at" in bubble.text for bubble in app_bubbles(page, JOHN)) == 1
