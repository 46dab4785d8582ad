"""``POST /api/v1/puzzles/check``: a definition read without keeping it, as the editor at
``/make`` asks while a person draws: its problems in the request's language, else today's
target probed (one computation of the client's budget)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.clients import Requester
from tests.api.test_routes_custom_puzzles import BOX
from tests.support.custom_puzzles import CALENDAR
from tests.support.miniapp import signed_in_app

CHECK = "/api/v1/puzzles/check"


@pytest.fixture(scope="module")
def api(store_url: str) -> Iterator[TestClient]:
    with signed_in_app(store_url) as client:
        yield client


@pytest.fixture
def charged(api: TestClient, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The requesters charged a computation during the test."""
    budget = api.app.state.api.budget  # type: ignore[attr-defined]
    spent: list[str] = []
    admit = budget.admit

    async def counting(who: Requester | None) -> None:
        if who is not None:
            spent.append(who.key)
        await admit(who)

    monkeypatch.setattr(budget, "admit", counting)
    return spent


def test_a_good_definition_comes_back_with_todays_probe_and_costs_one_computation(
    api: TestClient, charged: list[str]
) -> None:
    answer = api.post(CHECK, json={"definition": BOX})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "problems": [],
        "probe": [
            {"target": "board", "solvable": True, "solutions": 1, "more_than": False, "undecided": False}
        ],
    }
    assert len(charged) == 1
    assert api.get("/api/v1/me/puzzles").json()["puzzles"] == []  # nothing was kept


def test_problems_come_back_in_the_requests_language_without_a_probe_or_a_charge(
    api: TestClient, charged: list[str]
) -> None:
    broken = BOX.replace("L P V", "L P V T")  # 20 cells of pieces for a 15-cell box
    english = api.post(CHECK, json={"definition": broken})
    japanese = api.post(CHECK, params={"lang": "ja"}, json={"definition": broken})
    assert english.status_code == japanese.status_code == 200
    [problem] = english.json()["problems"]
    assert problem["code"] == "area-board" and problem["line"] >= 1 and "20" in problem["message"]
    assert english.json()["probe"] is None
    [translated] = japanese.json()["problems"]
    assert translated["code"] == "area-board" and translated["message"] != problem["message"]
    assert charged == []


def test_a_month_day_calendar_is_probed_on_todays_date_only(api: TestClient) -> None:
    calendar = api.post(CHECK, json={"definition": CALENDAR})
    assert calendar.status_code == 200, calendar.text
    [today] = calendar.json()["probe"]
    assert today["target"][:2].isdigit() and today["target"][2] == "-"


def test_an_unsolvable_definition_is_no_problem_but_its_probe_says_so(api: TestClient) -> None:
    answer = api.post(CHECK, json={"definition": BOX.replace("L P V", "I L P")})
    assert answer.status_code == 200 and answer.json()["problems"] == []
    assert answer.json()["probe"][0]["solvable"] is False


def test_a_check_takes_only_a_definition(api: TestClient) -> None:
    assert api.post(CHECK, json={"definition": ""}).status_code == 422
    assert api.post(CHECK, json={"definition": BOX, "save": True}).status_code == 422
