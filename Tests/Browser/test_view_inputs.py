"""The view's inputs and stickers in a real browser (PROTOCOL.md §4.9): a person picks a date,
flips a toggle and chooses an option in Date Poll's view, and what the extension received
comes back in its bubble; Ice Cream's finished sticker, an MSStickerView on its screen, is peeled onto a
bubble."""
from __future__ import annotations

import time
from urllib.parse import parse_qs, urlsplit

from test_simulator import ICE_CREAM, JOHN, KATE, Page, app_bubbles, wait_staged


def hold(page: Page, what: str, check, act) -> None:
    """Acts until `check` holds on the page as drawn now and still holds a moment later: the
    app may redraw its view as callbacks come back, and a new view replaces an input (and what
    was set in it) under the test. `page.wait` looks again when an element went stale."""
    def attempt() -> bool:
        if not check():
            act()
            return False
        time.sleep(0.3)
        return bool(check())
    page.wait(attempt, what)

DATE_POLL = "com.example.datepoll"


def test_a_date_a_toggle_and_a_choice_reach_the_extension(simulator, browser):
    page = Page(browser, simulator, "view-inputs")
    page.show_conversation(KATE)
    page.show_conversation(JOHN)
    page.click(f'.app-icon[data-app="{DATE_POLL}"]', lambda: page.phone(KATE), "Date Poll in the drawer")
    page.click('[data-testid=view-button][data-button="new"]', lambda: page.phone(KATE), "New poll")
    page.wait(lambda: page.all("[data-testid=view-date]", page.phone(KATE)), "the poll's date picker")
    page.shot("create")

    # Picks Thursday 24 December 2026 in the date input, as the browser's picker sets it.
    hold(page, "the date picked",
         lambda: page.find("[data-testid=view-date]", page.phone(KATE)).get_attribute("value") == "2026-12-24",
         lambda: page.driver.execute_script(
             "arguments[0].value = arguments[1];"
             "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
             "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));",
             page.find("[data-testid=view-date]", page.phone(KATE)), "2026-12-24"))
    # Chooses lunch in the segmented choice, and adds the day.
    hold(page, "the Lunch segment chosen",
         lambda: page.find("[data-testid=view-choice]", page.phone(KATE)).get_attribute("data-value") == "lunch",
         lambda: page.find('[data-testid=view-choice] [data-option="lunch"]', page.phone(KATE)).click())
    page.click('[data-testid=view-button][data-button="add"]', lambda: page.phone(KATE), "Add day")
    page.wait(lambda: "Thu 24 Dec" in page.find("[data-testid=declared-view]", page.phone(KATE)).text, "the day in the poll")
    # The view came back from the extension with lunch chosen: it received the choice.
    page.wait(lambda: page.find('[data-option="lunch"]', page.phone(KATE)).get_attribute("aria-checked") == "true", "lunch kept")

    # Flips "several days" off, and sends the poll.
    page.wait(lambda: page.find("[data-testid=view-toggle]", page.phone(KATE)).is_selected(), "several days on, as the app set it")
    hold(page, "several days off",
         lambda: not page.find("[data-testid=view-toggle]", page.phone(KATE)).is_selected(),
         lambda: page.find("[data-testid=view-toggle]", page.phone(KATE)).click())
    page.shot("filled-in")
    page.click('[data-testid=view-button][data-button="send"]', lambda: page.phone(KATE), "Send poll")
    wait_staged(page, KATE, "the poll staged")
    page.click("[data-testid=send]", lambda: page.phone(KATE))

    # John's phone: the bubble says lunch, and its URL what the extension was given.
    page.wait(lambda: any("Let's meet for lunch" in b.text for b in app_bubbles(page, JOHN)), "the poll on John's phone")
    transcript = page.control("transcript", {"device": JOHN, "conversation": "kate-john"})
    poll = [e for e in transcript["entries"] if e.get("app") == DATE_POLL][-1]
    query = parse_qs(urlsplit(poll["message"]["url"]).query)
    assert query == {"occasion": ["lunch"], "several": ["0"], "date": ["2026-12-24"]}, query
    page.shot("john-received")

    # John opens it: one day each, so a picker; he chooses the day and votes.
    page.click("[data-testid=app-bubble]", lambda: page.phone(JOHN), "the poll bubble")
    page.wait(lambda: page.all("select[data-testid=view-choice]", page.phone(JOHN)), "the vote picker")
    hold(page, "the day chosen in the vote picker",
         lambda: page.find("select[data-testid=view-choice]", page.phone(JOHN)).get_attribute("value") == "2026-12-24",
         lambda: page.driver.execute_script(
             "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change', {bubbles: true}));",
             page.find("select[data-testid=view-choice]", page.phone(JOHN)), "2026-12-24"))
    page.click('[data-testid=view-button][data-button="vote"]', lambda: page.phone(JOHN), "Vote")
    wait_staged(page, JOHN, "the vote staged")
    page.click("[data-testid=send]", lambda: page.phone(JOHN))
    page.wait(lambda: any("Leading: Thu 24 Dec" in b.text for b in app_bubbles(page, KATE)), "John's vote on Kate's phone")


def test_a_sticker_in_the_view_is_peeled_onto_a_bubble(simulator, browser):
    page = Page(browser, simulator, "view-sticker")
    page.show_conversation(KATE)
    # Kate builds a whole ice cream through control (the first browser test builds one by hand),
    # tapping Ice Cream's screens by label as a test would (control tapScreen at the item's centre).
    def tap(label: str):
        def centre():
            items = [e for e in page.control("view", {"device": KATE})["view"]["elements"] if e["type"] == "screen"][0]["items"]
            item = [i for i in items if i.get("label") == label][0]
            return item["x"] + item["width"] / 2, item["y"] + item["height"] / 2
        page.control("settle", {})
        x, y = page.wait(centre, f"{label} on Kate's screen")
        page.control("tapScreen", {"device": KATE, "x": x, "y": y})
    page.control("open", {"device": KATE, "conversation": "kate-john", "app": ICE_CREAM})
    tap("Create a new ice cream")
    for part in ("A cone", "Vanilla scoops", "Sprinkles"):
        tap(part)
        page.control("send", {"device": KATE, "conversation": "kate-john"})
        page.control("settle", {})
        entries = page.control("transcript", {"device": KATE, "conversation": "kate-john"})["entries"]
        if part != "Sprinkles":
            page.control("tap", {"device": KATE, "conversation": "kate-john", "entry": entries[-1]["entry"]})
    # The finished ice cream's sticker was staged too; send it, then open the finished bubble:
    # its screen shows the sticker as an MSStickerView, with the host's Insert and Peel.
    page.control("send", {"device": KATE, "conversation": "kate-john"})
    entries = page.control("transcript", {"device": KATE, "conversation": "kate-john"})["entries"]
    finished = [e for e in entries if e["kind"] == "message"][-1]
    page.control("tap", {"device": KATE, "conversation": "kate-john", "entry": finished["entry"]})
    page.wait(lambda: page.all('[data-testid=screen-item][data-role="sticker"]', page.phone(KATE)), "the sticker view on Kate's screen")
    page.shot("sticker-shown")
    stickers_before = len([e for e in page.entries(KATE) if e.get_attribute("data-kind") == "sticker"])

    # Peel: the sticker's Peel, then the bubble to stick it on.
    page.click("[data-testid=sticker-peel]", lambda: page.phone(KATE), "Peel")
    page.wait(lambda: page.all("[data-testid=peeling]", page.phone(KATE)), "peeling")
    target = f'[data-testid=entry][data-entry="{finished["entry"]}"] [data-testid=app-bubble]'
    page.click(target, lambda: page.phone(KATE), "the finished ice cream's bubble")
    page.wait(lambda: page.all("[data-testid=peeled]", page.phone(KATE)), "the peeled sticker in the transcript")
    entries = page.control("transcript", {"device": KATE, "conversation": "kate-john"})["entries"]
    peeled = entries[-1]
    assert peeled["kind"] == "sticker" and peeled["peeledOnto"] == finished["messageID"], peeled
    assert len([e for e in page.entries(KATE) if e.get_attribute("data-kind") == "sticker"]) == stickers_before + 1
    page.shot("peeled")
