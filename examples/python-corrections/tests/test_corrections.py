"""Integration tests of the corrections app: a real msghostd per test (the `msghost_daemon`
fixture of the msghost pytest plugin) running app.py as Chris's and Miu's extension."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Dict

import pytest

from msghost.testing import App, Daemon, Member, World

EXAMPLE = Path(__file__).resolve().parents[1]
REPOSITORY = EXAMPLE.parents[1]
APP = "com.example.corrections"
CHRIS_AND_MIU = World([Member("chris@example.com", "Chris", ["chris-iphone"]),
                       Member("miu@example.com", "Miu", ["miu-iphone"])], conversation="chris-miu")


@pytest.fixture
def daemon(msghost_daemon: Any) -> Daemon:
    return msghost_daemon(apps=[App.python(APP, EXAMPLE / "app.py")], world=CHRIS_AND_MIU)


def ask(daemon: Daemon, device: str, kind: str, question: str) -> None:
    """The user opens the app (if it is not open), asks, and taps Send."""
    daemon.touch(device, {"ask": kind, "question": question})
    daemon.send(device)


def answer(daemon: Daemon, device: str, payload: Dict[str, str]) -> None:
    """The user taps the newest request, answers it in the app, and taps Send."""
    tapped = daemon.tap(device)
    assert tapped["action"] == "selected"
    daemon.touch(device, payload)
    daemon.send(device)


def test_a_correction_is_answered_in_the_same_session(daemon: Daemon) -> None:
    daemon.open("chris-iphone")
    ask(daemon, "chris-iphone", "correction", "週末、東京で行きましたか。")
    request = daemon.last_entry("miu-iphone")
    assert request["rendered"]["caption"] == "Correction request"
    assert request["rendered"]["subcaption"] == "週末、東京で行きましたか。"

    answer(daemon, "miu-iphone", {"answer": "incorrect", "text": "週末、東京に行きましたか。"})
    daemon.type_text("miu-iphone", "はい、東京に行きました！")
    daemon.send("miu-iphone")

    chris = daemon.transcript("chris-iphone")
    assert [entry["kind"] for entry in chris] == ["summary", "message", "text"]
    assert chris[0]["text"] == "Chris asked for a correction"
    assert chris[1]["senderName"] == "Miu"
    assert chris[1]["rendered"]["subcaption"] == "週末、東京で行きましたか。"
    assert chris[1]["rendered"]["trailingCaption"] == "週末、東京に行きましたか。"
    assert chris[2]["text"] == "はい、東京に行きました！"
    # The answer's summary names Miu on Chris's device, from Miu's own "$<uuid>".
    assert chris[1]["rendered"]["summaryText"] == "Miu answered"


def test_a_translation_is_a_new_session_next_to_the_first(daemon: Daemon) -> None:
    daemon.open("chris-iphone")
    ask(daemon, "chris-iphone", "correction", "週末、東京で行きましたか。")
    answer(daemon, "miu-iphone", {"answer": "incorrect", "text": "週末、東京に行きましたか。"})
    daemon.type_text("miu-iphone", "はい、東京に行きました！")
    daemon.send("miu-iphone")

    ask(daemon, "chris-iphone", "translation", "Did you go to Tokyo last weekend?")
    answer(daemon, "miu-iphone", {"answer": "known", "text": "週末、東京に行きましたか。"})

    after = daemon.transcript("chris-iphone")
    assert [entry["kind"] for entry in after] == ["summary", "message", "text", "summary", "message"]
    assert after[3]["text"] == "Chris asked for a translation"
    assert after[-1]["rendered"]["caption"] == "Translation"
    assert after[-1]["rendered"]["trailingCaption"] == "週末、東京に行きましたか。"
    assert after[1]["message"]["session"] != after[4]["message"]["session"]
    # Miu sees the same story, with her names.
    miu = daemon.transcript("miu-iphone")
    assert [entry["kind"] for entry in miu] == ["summary", "message", "text", "summary", "message"]
    assert miu[0]["text"] == "Chris asked for a correction"


def test_the_url_is_the_model(daemon: Daemon) -> None:
    daemon.open("chris-iphone")
    ask(daemon, "chris-iphone", "correction", "Je suis allé à Tokyo.")
    answer(daemon, "miu-iphone", {"answer": "correct"})
    message = daemon.last_entry("chris-iphone")["message"]
    assert message["url"] == "https://corrections.example/?type=correction&question=Je+suis+all%C3%A9+%C3%A0+Tokyo.&answer=correct"
    assert message["layout"]["trailingCaption"] == "correct"


def test_an_answer_without_a_selected_request_stages_nothing(daemon: Daemon) -> None:
    daemon.open("miu-iphone")
    daemon.touch("miu-iphone", {"answer": "correct"})
    assert daemon.input_field("miu-iphone").get("staged") is None


def test_the_default_world_runs_it_from_the_repository(msghost_daemon: Any) -> None:
    """config/apps/corrections.yaml and config/world.yaml as shipped: python3 from PATH, in
    the example's folder, with no PYTHONPATH (app.py finds python/src itself if needed)."""
    daemon = msghost_daemon(settings={"apps.directory": str(REPOSITORY / "config" / "apps"),
                                      "world.seed": str(REPOSITORY / "config" / "world.yaml")},
                            world={"conversations": [{"id": "kate-john"}]},  # only names the conversation for the helpers
                            environment={"PYTHONPATH": ""})
    assert {(i["device"], i["app"]) for i in daemon.control.world()["installs"]} >= {
        ("kate-iphone", APP), ("john-iphone", APP)}
    daemon.open("kate-iphone", APP)
    ask(daemon, "kate-iphone", "translation", "Vanilla or chocolate?")
    entry = daemon.last_entry("john-iphone")
    assert entry["app"] == APP
    assert entry["rendered"]["caption"] == "Translation request"
    assert entry["rendered"]["summaryText"] == "Kate Bell asked for a translation"


def test_the_view_asks_and_answers_with_buttons_and_text_fields(daemon: Daemon) -> None:
    """What msghost-web draws: the app's view, its buttons activated with what was typed."""
    daemon.open("chris-iphone")
    asking = daemon.view("chris-iphone")["view"]["elements"]
    assert [e["type"] for e in asking] == ["text", "textField", "row"]
    assert [b["id"] for b in asking[2]["elements"]] == ["ask-correction", "ask-translation"]
    daemon.activate("chris-iphone", "ask-correction", {"question": "Je suis allé à Tokyo."})
    daemon.send("chris-iphone")

    tapped = daemon.tap("miu-iphone")
    assert tapped["action"] == "selected"
    answering = daemon.view("miu-iphone")
    assert answering["presentationStyle"] == "expanded"
    texts = [e["text"] for e in answering["view"]["elements"] if e["type"] == "text"]
    assert texts == ["Correction request", "Je suis allé à Tokyo."]
    buttons = [b["id"] for b in answering["view"]["elements"][-1]["elements"]]
    assert buttons == ["answer-correct", "answer-incorrect"]
    daemon.activate("miu-iphone", "answer-incorrect", {"text": "Je suis allée à Tokyo."})
    daemon.send("miu-iphone")

    answer = daemon.last_entry("chris-iphone")
    assert answer["senderName"] == "Miu"
    assert answer["rendered"]["trailingCaption"] == "Je suis allée à Tokyo."
    assert [entry["kind"] for entry in daemon.transcript("chris-iphone")] == ["summary", "message"]


def test_asking_from_the_view_without_a_question_stages_nothing(daemon: Daemon) -> None:
    daemon.open("chris-iphone")
    daemon.activate("chris-iphone", "ask-translation")
    assert daemon.input_field("chris-iphone").get("staged") is None
