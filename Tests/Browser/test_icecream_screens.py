"""examples/IceCream on its UIKit screens: Kate taps the parts' cells in the
builder's collection view, sends, and John's phone shows the bubble image the app drew from
its views; on the finished ice cream, "Send" sends the sticker at once and stages a line of
text (one direct send a tap: nothing is refused)."""
from __future__ import annotations

from test_simulator import ICE_CREAM, JOHN, KATE, Page, app_bubbles, tap_screen, wait_staged

BACKGROUND = (0xE8, 0xF4, 0xFB)
CONE = (0xE0, 0xA8, 0x5C)


def pixel(page: Page, image, x: int, y: int) -> list[int]:
    """The image's pixel as the browser decoded it (the file is the page's own, so a canvas reads it)."""
    return page.driver.execute_script("""
        const image = arguments[0], canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        return Array.from(context.getImageData(arguments[1], arguments[2], 1, 1).data);""", image, x, y)


def near(rgba: list[int], rgb: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 6 for a, b in zip(rgba, rgb))


def send_from(page: Page, device: str, part: str, finishes: bool = False):
    tap_screen(page, device, part)
    if finishes:  # the last part: Ice Cream goes compact instead of dismissing itself
        page.wait(lambda: page.find("[data-testid=app-area]", page.phone(device)).get_attribute("data-style") == "compact", f"{part}: compact")
        page.wait(lambda: page.all("[data-testid=staged]", page.phone(device)), f"{part} staged on {device}")
    else:
        wait_staged(page, device, f"{part} staged on {device}")
    page.click("[data-testid=send]", lambda: page.phone(device))


def open_bubble(page: Page, device: str, caption: str):
    """Taps the bubble captioned `caption` (earlier steps collapse into summaries)."""
    def tap():
        bubbles = [b for b in app_bubbles(page, device) if caption in b.text]
        if bubbles:
            bubbles[-1].click()
        return bool(bubbles)
    page.wait(tap, f"the bubble \"{caption}\" on {device}'s phone")
    page.wait(lambda: page.find("[data-testid=app-area]", page.phone(device)).get_attribute("data-style") == "expanded", f"Ice Cream expanded on {device}")


def test_ice_cream_on_its_uikit_screens(simulator, browser):
    page = Page(browser, simulator, "icecream-screens")
    page.show_conversation(KATE)
    page.show_conversation(JOHN)
    page.click(f'.app-icon[data-app="{ICE_CREAM}"]', lambda: page.phone(KATE))
    tap_screen(page, KATE, "Create a new ice cream")
    page.wait(lambda: page.all('[data-testid=screen-item][aria-label="A waffle cone"]', page.phone(KATE)), "the bases' cells")
    page.shot("builder")
    send_from(page, KATE, "A waffle cone")

    # John's bubble: the 300-pixel picture the app drew from its IceCreamView.
    # Found again at each look: a transcript drawn again leaves an element found earlier stale.
    def bubble_image():
        return app_bubbles(page, JOHN)[0].find_element("css selector", ".image img")
    page.wait(bubble_image, "the bubble's image on John's phone")
    page.wait(lambda: browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", bubble_image()) == 300, "the bubble's image loaded")
    bubble = bubble_image()
    assert near(pixel(page, bubble, 4, 4), BACKGROUND), pixel(page, bubble, 4, 4)
    assert near(pixel(page, bubble, 150, 170), CONE), pixel(page, bubble, 150, 170)
    page.shot("john-sees-the-cone")

    # John adds the scoops, Kate the topping: the ice cream is finished.
    open_bubble(page, JOHN, "Let's build an ice cream")
    send_from(page, JOHN, "Chocolate scoops")
    open_bubble(page, KATE, "I added some scoops")
    send_from(page, KATE, "Nuts", finishes=True)

    # John opens the finished one: its sticker and Send. One tap, one send: the sticker goes
    # and the app stages the text after it for John's own Send.
    open_bubble(page, JOHN, "Our finished ice cream")
    tap_screen(page, JOHN, "Send", "the finished ice cream's Send")
    page.wait(lambda: "Our ice cream: chocolate scoops on a waffle cone with nuts" in page.find("[data-testid=staged]", page.phone(JOHN)).text,
              "the text staged on John's phone")
    page.wait(lambda: page.all('[data-testid=screen-item][aria-label="Sticker sent; the text waits in the input field"]', page.phone(JOHN)),
              "the app's word on its screen")
    assert not page.all("[data-testid=refusal]", page.phone(JOHN)), "John's phone refused nothing"
    page.shot("sent-once")
