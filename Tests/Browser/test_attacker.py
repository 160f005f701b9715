"""Another site's page in the developer's browser, while the simulator's page is open in it:
served from a second local port (another origin, but the same site, so the browser even sends
it the page's SameSite=Strict cookie), it tries what any page of any site can try — a `no-cors`
POST that opens an app, a read of the world, the event stream. The daemon does nothing and the
page reads nothing; msghost-web counts each refusal. And a DNS-rebinding name (mapped to
127.0.0.1 in this browser) is answered nothing at all."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from prometheus_client.parser import text_string_to_metric_families
from selenium.webdriver.remote.webdriver import WebDriver

from conftest import ARTIFACTS, REBINDING_NAME, Simulator
from test_simulator import Page

OPEN = {"device": "kate-iphone", "conversation": "kate-john", "app": "com.example.python-raw"}

# What the attacker's page runs: each attempt's outcome as text, in window.attack.
ATTACK = """
const target = TARGET;
const open = JSON.stringify(OPEN);
const results = {};
async function attempt(name, run) {
  try { results[name] = await run(); } catch (error) { results[name] = `refused: ${error}`; }
}
(async () => {
  // The request a browser sends without asking: the answer is hidden, the request is not.
  await attempt('noCorsPost', async () => {
    const response = await fetch(`${target}api/control/open`, { method: 'POST', mode: 'no-cors', credentials: 'include', body: open });
    return `opaque: type ${response.type}, status ${response.status}, body ${JSON.stringify(await response.text())}`;
  });
  // A read of the world, as JSON (a preflight) and as a simple request.
  await attempt('worldJSON', async () => {
    const response = await fetch(`${target}api/control/world`, {
      method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' });
    return `read: ${response.status} ${await response.text()}`;
  });
  await attempt('worldSimple', async () => {
    const response = await fetch(`${target}api/control/world`, { method: 'POST', credentials: 'include', body: '{}' });
    return `read: ${response.status} ${await response.text()}`;
  });
  await attempt('daemon', async () => {
    const response = await fetch(`${target}api/daemon`, { credentials: 'include' });
    return `read: ${response.status} ${await response.text()}`;
  });
  await attempt('stream', () => new Promise((resolve) => {
    const source = new EventSource(`${target}api/stream`, { withCredentials: true });
    const seen = [];
    for (const kind of ['daemon', 'event']) source.addEventListener(kind, (message) => seen.push(message.data));
    source.onerror = () => { source.close(); resolve(seen.length ? `read: ${seen.join(' ')}` : 'refused: stream error, nothing read'); };
    setTimeout(() => { source.close(); resolve(`read: ${seen.join(' ') || 'nothing, but still open'}`); }, 5000);
  }));
  window.attack = results;
})();
"""


@pytest.fixture
def attacker_site(simulator: Simulator):
    """An HTTP server on another port of 127.0.0.1 serving the attacker's page."""
    script = ATTACK.replace("TARGET", json.dumps(simulator.base)).replace("OPEN", json.dumps(OPEN))
    page = f"<!doctype html><title>a page of another site</title><script>{script}</script>".encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("content-type", "text/html; charset=utf-8")
            self.send_header("content-length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *arguments):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def refusals(simulator: Simulator) -> dict[str, float]:
    """msghost_web_http_refused_total by rule, from /metrics."""
    with simulator.open("metrics") as response:
        families = text_string_to_metric_families(response.read().decode())
    return {sample.labels["rule"]: sample.value for family in families if family.name == "msghost_web_http_refused"
            for sample in family.samples if sample.name == "msghost_web_http_refused_total"}


def test_a_page_of_another_origin_can_neither_drive_the_daemon_nor_read_it(simulator: Simulator, attacker_site: str,
                                                                           browser: WebDriver):
    # The developer has the simulator's page open: the browser holds its token cookie.
    page = Page(browser, simulator, "attacker")
    assert "token" not in browser.current_url, "the page leaves its token in the address bar"
    assert browser.get_cookies() and all(cookie["httpOnly"] and cookie.get("sameSite") == "Strict" for cookie in browser.get_cookies())
    assert "msghost-web-token" not in browser.execute_script("return document.cookie"), "the page's script can see its token"
    page.shot("the-page")
    events_before = simulator.control("events")["next"]
    refused_before = refusals(simulator)

    # Then it visits another site's page, in a second tab, the simulator's still open.
    browser.switch_to.new_window("tab")
    browser.get(attacker_site)
    deadline = time.monotonic() + 30
    results = None
    while results is None and time.monotonic() < deadline:
        results = browser.execute_script("return window.attack || null")
        time.sleep(0.1)
    browser.save_screenshot(str(ARTIFACTS / "attacker-page.png"))
    assert results is not None, "the attacker's page did not finish"

    # The page read nothing: the no-cors answer is opaque, everything else refused.
    assert results["noCorsPost"] == 'opaque: type opaque, status 0, body ""', results
    for name in ("worldJSON", "worldSimple", "daemon", "stream"):
        assert results[name].startswith("refused"), (name, results)
    assert not any(word in json.dumps(results) for word in ("kate", "pid", "com.example")), results

    # The daemon did nothing: its event log is as it was, no extension was started.
    assert simulator.control("events")["next"] == events_before
    assert simulator.control("status")["extensions"] == []
    # msghost-web refused them itself (it is not that the browser never sent them): the
    # no-cors POST, the simple POST, the preflight, the reads and the stream, by Origin.
    refused_after = refusals(simulator)
    assert refused_after.get("origin", 0) - refused_before.get("origin", 0) >= 5, (refused_before, refused_after)

    # And the developer's own page still works, in its tab.
    browser.switch_to.window(browser.window_handles[0])
    page.control("open", OPEN)
    page.wait(lambda: page.events("launched"), "the page's own open in its event stream")
    assert simulator.control("events")["next"] > events_before


def test_a_rebinding_name_reaches_nothing_even_with_the_token(simulator: Simulator, browser: WebDriver):
    """A name of the attacker's that now resolves to 127.0.0.1 (the browser maps it so): its
    pages are same-origin with what they reach there, but every request says its name in
    `Host`, and msghost-web answers none — not even the page with the right token."""
    events_before = simulator.control("events")["next"]
    port = simulator.base.rsplit(":", 1)[1].rstrip("/")
    for path in (f"?token={simulator.token}", "api/daemon", "static/app.js"):
        browser.get(f"http://{REBINDING_NAME}:{port}/{path}")
        text = browser.find_element("tag name", "body").text
        assert "refused by the Host rule" in text and f"{REBINDING_NAME}:{port}" in text, (path, text)
    browser.save_screenshot(str(ARTIFACTS / "rebinding-refused.png"))
    assert browser.get_cookies() == [], "the rebinding name got the page's cookie"
    assert simulator.control("events")["next"] == events_before
    assert refusals(simulator).get("host", 0) >= 3
