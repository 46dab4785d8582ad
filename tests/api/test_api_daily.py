"""``/api/v1/daily``: the day's puzzles and hints agree with ``hints.service`` and the renderer."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime
from zoneinfo import ZoneInfo

import httpx
import pytest
from sqlalchemy.orm import Session, sessionmaker

from hints.daily import challenge_board, daily_calendar, daily_challenge, target_name
from render.hint import hint_image, hint_text
from solver.catalog import MONTH_ABBREVIATIONS, Puzzle
from solver.encoding import Placement
from solver.stages import Hint, Stage
from tests.support.api_server import assert_error, assert_png

DAYS = [date(2026, 1, 25), date(2024, 2, 29), date(1, 1, 1), date(9999, 12, 31)]


def as_json(puzzle: Puzzle, placements: tuple[Placement, ...]) -> list[dict[str, object]]:
    return [
        {"piece": puzzle.pieces[p.piece].name, "cells": [list(c) for c in sorted(p.cells)]}
        for p in sorted(placements, key=lambda p: p.piece)
    ]


@pytest.mark.parametrize("day", DAYS, ids=str)
def test_daily_matches_the_service(client: httpx.Client, store: sessionmaker[Session], day: date) -> None:
    body = client.get(f"/api/v1/daily/{day.isoformat()}").json()
    with store() as session:
        calendar = daily_calendar(session, day)
        challenge = daily_challenge(session, day)
    assert body["date"] == day.isoformat()
    assert (body["puzzle"], body["target"]) == ("calendar-dragonfjord", target_name(day))
    assert body["total"] == calendar.total
    assert body["difficulty"] == {
        "level": calendar.difficulty.level,
        "label": calendar.difficulty.label,
        "rank": calendar.difficulty.rank,
        "out_of": 366,
    }
    assert body["uncovered"] == sorted([list(c) for c in calendar.target.uncovered])
    month = MONTH_ABBREVIATIONS[day.month - 1]
    assert body["labels"] == [month, str(day.day)]
    base = f"/api/v1/daily/{day.isoformat()}"
    assert body["image"] == f"{base}/puzzle.png"
    assert [h["url"] for h in body["hints"]] == [f"{base}/hints/{s}" for s in (1, 2, 3)]
    assert [h["image"] for h in body["hints"]] == [f"{base}/hints/{s}.png" for s in (1, 2, 3)]
    pentomino = body["pentomino"]
    assert pentomino["puzzle"] == challenge_board(day) == challenge.puzzle.id
    assert pentomino["placements"] == as_json(challenge.puzzle, challenge.preplaced)
    assert pentomino["total"] == challenge.total
    assert pentomino["image"] == f"{base}/pentomino/puzzle.png"
    assert client.get(f"{base}/pentomino").json() == pentomino


def test_the_issue_example_shape(client: httpx.Client, store: sessionmaker[Session]) -> None:
    body = client.get("/api/v1/daily/2026-01-25/hints/1").json()
    assert {k: body[k] for k in ("date", "puzzle", "target", "stage", "total")} == {
        "date": "2026-01-25",
        "puzzle": "calendar-dragonfjord",
        "target": "01-25",
        "stage": 1,
        "total": 216,
    }
    assert body["placements"][0].keys() == {"piece", "cells"}
    challenge = client.get("/api/v1/daily/2026-01-25/pentomino").json()
    assert {"date", "puzzle", "placements"} <= challenge.keys()


@pytest.mark.parametrize("day", DAYS[:2], ids=str)
def test_calendar_hints_match_the_service(
    client: httpx.Client, store: sessionmaker[Session], day: date
) -> None:
    with store() as session:
        stages = daily_calendar(session, day).hints
        daily = daily_calendar(session, day)
    for hint in stages:
        body = client.get(f"/api/v1/daily/{day.isoformat()}/hints/{hint.stage}").json()
        assert body["stage"] == hint.stage
        assert (body["remaining"], body["total"]) == (hint.remaining, hint.total)
        assert body["placements"] == as_json(daily.puzzle, hint.shown)
        assert body["preplaced"] == []
        assert body["image"] == f"/api/v1/daily/{day.isoformat()}/hints/{hint.stage}.png"
    assert len(client.get(f"/api/v1/daily/{day.isoformat()}/hints/3").json()["placements"]) == 8


@pytest.mark.parametrize("day", DAYS, ids=str)
def test_challenge_hints_match_the_service(
    client: httpx.Client, store: sessionmaker[Session], day: date
) -> None:
    with store() as session:
        stages = daily_challenge(session, day).hints
        challenge = daily_challenge(session, day)
    names = [challenge.puzzle.pieces[p.piece].name for p in challenge.preplaced]
    for hint in stages:
        body = client.get(f"/api/v1/daily/{day.isoformat()}/pentomino/hints/{hint.stage}").json()
        assert (body["puzzle"], body["target"]) == (challenge.puzzle.id, "board")
        assert (body["remaining"], body["total"]) == (hint.remaining, hint.total)
        assert body["placements"] == as_json(challenge.puzzle, hint.shown)
        assert body["preplaced"] == names
        assert set(names) <= {p["piece"] for p in body["placements"]}


def test_images_are_the_renderers_output(client: httpx.Client, store: sessionmaker[Session]) -> None:
    """Every stage's PNG and text equal what render.hint draws for the same hint (stage 0 = the puzzle)."""
    day = date(2026, 1, 25)
    with store() as session:
        daily = daily_calendar(session, day)
        calendar_stages = (Hint(0, (), daily.total, daily.total), *daily_calendar(session, day).hints)
        challenge = daily_challenge(session, day)
        challenge_stages = (
            Hint(0, challenge.preplaced, 1, challenge.total),
            *daily_challenge(session, day).hints,
        )
    heading = f"2026-01-25 · pentomino challenge ({challenge.puzzle.id.removeprefix('pentomino-')})"
    for stage in range(4):
        suffix = "puzzle" if stage == 0 else f"hints/{stage}"
        calendar_png = assert_png(client.get(f"/api/v1/daily/2026-01-25/{suffix}.png"))
        options = {"heading": "2026-01-25", "marked": daily.target.uncovered}
        before = calendar_stages[stage - 1].shown if stage else None  # what the stage adds is marked
        drawn = hint_image(daily.puzzle, calendar_stages[stage], before=before, **options)  # type: ignore[arg-type]
        assert calendar_png == drawn
        calendar_text = client.get(f"/api/v1/daily/2026-01-25/{suffix}.txt").text
        assert calendar_text == hint_text(daily.puzzle, calendar_stages[stage], **options)  # type: ignore[arg-type]
        board_png = assert_png(client.get(f"/api/v1/daily/2026-01-25/pentomino/{suffix}.png"))
        preplaced = len(challenge.preplaced)
        assert board_png == hint_image(
            challenge.puzzle,
            challenge_stages[stage],
            heading=heading,
            preplaced=preplaced,
            before=challenge_stages[stage - 1].shown if stage else None,
        )


def test_dated_images_are_immutable_and_dated_json_stable(client: httpx.Client) -> None:
    png = client.get("/api/v1/daily/2026-01-25/hints/2.png")
    assert png.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert (
        client.get(
            "/api/v1/daily/2026-01-25/hints/2.png", headers={"If-None-Match": png.headers["etag"]}
        ).status_code
        == 304
    )
    json = client.get("/api/v1/daily/2026-01-25")
    assert json.headers["cache-control"] == "public, max-age=86400"
    assert (
        client.get("/api/v1/daily/2026-01-25", headers={"If-None-Match": json.headers["etag"]}).status_code
        == 304
    )


@pytest.mark.parametrize("tz", [None, "Pacific/Kiritimati", "Etc/GMT+12", "Europe/Berlin"])
def test_today_honours_the_time_zone(client: httpx.Client, tz: str | None) -> None:
    zone = ZoneInfo(tz or "UTC")
    params = {"tz": tz} if tz else {}
    before = datetime.now(zone).date()
    response = client.get("/api/v1/daily/today", params=params)
    after = datetime.now(zone).date()
    assert response.status_code == 200
    assert response.json()["date"] in {before.isoformat(), after.isoformat()}
    assert response.headers["cache-control"] == "public, max-age=60"
    dated = client.get(f"/api/v1/daily/{response.json()['date']}")
    assert dated.json() == response.json()
    image = client.get("/api/v1/daily/today/hints/1.png", params=params)
    assert image.headers["cache-control"] == "public, max-age=60"
    assert_png(image)
    hint = client.get("/api/v1/daily/today/pentomino/hints/2", params=params)
    assert hint.json()["date"] in {before.isoformat(), after.isoformat()}


def test_concurrent_first_requests_for_a_new_date_all_succeed(api_url: str) -> None:
    """A cold date computed (and its hint cache written) once, however many requests race for it."""
    paths = [
        f"/api/v1/daily/2031-07-04{suffix}"
        for suffix in ("", "/hints/1", "/hints/2.png", "/puzzle.png", "/pentomino", "/pentomino/hints/3.png")
    ] * 3

    def fetch(path: str) -> tuple[int, str]:
        response = httpx.get(api_url + path, timeout=60)
        return response.status_code, response.headers.get("etag", "")

    with ThreadPoolExecutor(max_workers=len(paths)) as pool:
        results = list(pool.map(fetch, paths))
    assert {status for status, _ in results} == {200}
    for path in set(paths):
        assert len({etag for p, (_, etag) in zip(paths, results, strict=True) if p == path}) == 1


# ---------------------------------------------------------------- languages


def test_images_are_drawn_in_the_language_asked_for_each_cached_apart(
    client: httpx.Client, store: sessionmaker[Session]
) -> None:
    """``lang=ja`` draws the same stage in Japanese; neither language is ever served from the other's
    cache (asked alternately, each answer is its own language's drawing, with its own ETag)."""
    day = date(2026, 1, 23)  # a date no other test asks for, so both start cold
    with store() as session:
        daily = daily_calendar(session, day)
        challenge = daily_challenge(session, day)
    for stage in (0, 1):
        suffix = "puzzle.png" if stage == 0 else f"hints/{stage}.png"
        for base, puzzle in (
            ("/api/v1/daily/2026-01-23", daily),
            ("/api/v1/daily/2026-01-23/pentomino", challenge),
        ):
            english = assert_png(client.get(f"{base}/{suffix}"))
            japanese = assert_png(client.get(f"{base}/{suffix}", params={"lang": "ja"}))
            assert japanese != english
            assert english == puzzle.image(Stage(stage))
            assert japanese == puzzle.image(Stage(stage), "ja")
            again = client.get(f"{base}/{suffix}", params={"lang": "en"})
            assert again.content == english  # lang=en is the default
            assert client.get(f"{base}/{suffix}", params={"lang": "ja"}).content == japanese
            etags = {client.get(f"{base}/{suffix}", params=p).headers["etag"] for p in ({}, {"lang": "ja"})}
            assert len(etags) == 2


def test_hint_json_titles_and_captions_follow_lang(client: httpx.Client) -> None:
    english = client.get("/api/v1/daily/2026-01-25/hints/1").json()
    japanese = client.get("/api/v1/daily/2026-01-25/hints/1", params={"lang": "ja"}).json()
    assert english["title"] == "Hint 1 of 3" and japanese["title"] == "ヒント 1/3"
    assert japanese["caption"] != english["caption"] and "通り" in japanese["caption"]
    assert japanese["placements"] == english["placements"]  # only the words change
    assert japanese["image"] == "/api/v1/daily/2026-01-25/hints/1.png?lang=ja"
    assert english["image"] == "/api/v1/daily/2026-01-25/hints/1.png"
    daily = client.get("/api/v1/daily/2026-01-25", params={"lang": "ja"}).json()
    assert [h["title"] for h in daily["hints"]] == ["ヒント 1/3", "ヒント 2/3", "答え"]
    assert daily["image"].endswith("puzzle.png?lang=ja")
    assert daily["hints"][0]["text"] == "/api/v1/daily/2026-01-25/hints/1.txt"  # text drawings: English
    assert daily["pentomino"]["image"] == "/api/v1/daily/2026-01-25/pentomino/puzzle.png?lang=ja"


@pytest.mark.parametrize(
    "path",
    ["/api/v1/puzzles/calendar-dragonfjord/heatmap.png", "/api/v1/editions/calendar-weekday/board.png"],
)
def test_the_heatmap_and_the_edition_boards_speak_japanese_too(client: httpx.Client, path: str) -> None:
    english = assert_png(client.get(path))
    japanese = assert_png(client.get(path, params={"lang": "ja"}))
    assert japanese != english  # month names, weekdays and legend in Japanese
    assert client.get(path).content == english
    assert client.get(path, params={"lang": "ja"}).content == japanese


@pytest.mark.parametrize("lang", ["xx", "JA", "ja-JP", "", "<b>"])
def test_an_unknown_language_is_refused_on_the_image_endpoints(client: httpx.Client, lang: str) -> None:
    for path in (
        "/api/v1/daily/2026-01-25/puzzle.png",
        "/api/v1/daily/2026-01-25/hints/2.png",
        "/api/v1/daily/2026-01-25/pentomino/hints/1.png",
        "/api/v1/daily/2026-01-25/hints/2",
        "/api/v1/puzzles/calendar-dragonfjord/heatmap.png",
        "/api/v1/editions/calendar-dragonfjord/board.png",
    ):
        error = assert_error(client.get(path, params={"lang": lang}), 422, "unknown_language")
        assert "en, ja" in str(error["message"]), path
