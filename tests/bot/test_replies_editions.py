"""Calendar editions and face-up mode, built directly by :mod:`bot.replies`: the /edition menu,
choosing an edition (and what follows it: the daily puzzle, hints, the year), /faceup.

An edition other than DragonFjord's is solved on demand. The module solves one target of one
small edition once (JarringWords' 01-22, well under a second) into its own copy of the sample
store; every test gets a private copy of that.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest
from PIL import Image
from sqlalchemy.orm import Session

from bot.edition_names import edition_name
from bot.replies import editions, puzzles, stats
from db import chats
from db.engine import make_engine, session_factory
from hints import pictures
from hints.daily import CALENDAR_ID, EditionYear, calendar_editions, daily_calendar
from hints.errors import NotPrecomputed
from hints.words import puzzle_title
from jobs.target_solving import OnDemand
from render.date_counts import MAX_DATES, date_counts_layout
from render.palette import scale_colour
from solver.catalog import target_for_date
from solver.puzzles import get_puzzle
from tests.support import asked
from tests.support.replies import GROUP, NOW, TODAY, WEB, asker, labels, open_session, photo_key, url
from tests.support.stores import copy_sqlite_file

JARRING = get_puzzle("calendar-jarringwords")
JARRING_TITLE = "Calendar puzzle with a T (JarringWords)"
JARRING_JAPANESE = "T 字ピース入りカレンダー・パズル（JarringWords）"
DRAGONFJORD_TITLE = "A-Puzzle-A-Day calendar (DragonFjord)"


@pytest.fixture(scope="module")
def edition_store(sample_store: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """The sample store with JarringWords' 01-22 solved (as the bot solves it on demand); its count."""
    path = tmp_path_factory.mktemp("editions") / "editions.db"
    engine = make_engine(copy_sqlite_file(sample_store, path))
    try:
        solved = OnDemand(session_factory(engine), processes=1).ensure(JARRING, JARRING.target("01-22"))
    finally:
        engine.dispose()
    assert solved.solutions
    return path, solved.solutions


@pytest.fixture
def solutions(edition_store: tuple[Path, int]) -> int:
    """How many solutions JarringWords' 01-22 has."""
    return edition_store[1]


@pytest.fixture
def session(edition_store: tuple[Path, int], tmp_path: Path) -> Iterator[Session]:
    with open_session(copy_sqlite_file(edition_store[0], tmp_path / "store.db")) as session:
        yield session


# ---------------------------------------------------------------- /edition


def test_the_menu_shows_every_edition_with_a_button_and_ticks_the_chats() -> None:
    reply = editions.editions(asker())
    ids = [p.id for p in calendar_editions()]
    assert photo_key(reply) == "edition-sheet:" + "|".join(ids)  # boards and piece sets (test_setup.py)
    assert [b.data for b in reply.buttons] == [f"v1|edition|{i}" for i in ids]
    assert labels(reply)[0] == "✓ DragonFjord"
    assert max(len(label) for label in labels(reply)) <= 27  # short names (was up to 54 characters)
    assert sum(label.startswith("✓ ") for label in labels(reply)) == 1
    assert reply.text.startswith(f"Which calendar puzzle do you own? This chat uses: {DRAGONFJORD_TITLE}.")


def test_the_menu_ticks_and_names_the_edition_the_chat_chose() -> None:
    reply = editions.editions(asker(edition="calendar-jarringwords"))
    assert [label for label in labels(reply) if label.startswith("✓ ")] == ["✓ JarringWords (T)"]
    assert f"This chat uses: {JARRING_TITLE}." in reply.text


def test_the_menu_speaks_japanese() -> None:
    reply = editions.editions(asker(language="ja"))
    assert reply.text.startswith(
        "どのカレンダー・パズルをお持ちですか？このチャットの設定：A-Puzzle-A-Day カレンダー（DragonFjord）。"
    )
    assert photo_key(reply).endswith(":ja")


def test_an_unknown_edition_is_read_back_shortened_with_the_list() -> None:
    reply = editions.unknown_edition(asker(), "calendar-nope")
    assert reply.text.startswith("I don't know the edition “calendar-nope”. Editions: calendar-dragonfjord, ")
    assert all(p.id in reply.text for p in calendar_editions())
    assert "“" + "x" * 64 + "”" in editions.unknown_edition(asker(), "x" * 500).text


def test_choosing_the_default_edition_stores_none_and_answers_todays_puzzle(session: Session) -> None:
    who = asker(edition="calendar-jarringwords")
    reply = asked.set_edition(session, who, CALENDAR_ID, NOW)
    assert reply.text.startswith(
        f"Edition: {DRAGONFJORD_TITLE}.\n2026-01-22: 78 solutions · difficulty ★★★★☆ (hard)\nLeave Jan and 22"
    )
    settings = chats.get_chat(session=session, chat_id=who.chat.id)
    assert settings is not None and settings.edition is None


def test_choosing_an_edition_answers_today_in_the_chats_time_zone(session: Session) -> None:
    evening = NOW.replace(hour=20)  # 2026-01-23 05:00 in Tokyo
    reply = asked.set_edition(session, asker(timezone="Asia/Tokyo"), CALENDAR_ID, evening)
    assert "\n2026-01-23: 188 solutions" in reply.text


def test_an_edition_whose_date_is_not_solved_yet_names_the_target_to_solve(session: Session) -> None:
    """The handler solves that target on demand ('sending photo…' meanwhile) and asks again."""
    tokyo = asker(timezone="Asia/Tokyo")
    with pytest.raises(NotPrecomputed) as missing:
        asked.set_edition(session, tokyo, "calendar-jarringwords", NOW.replace(hour=20))
    assert missing.value.solvable == ("calendar-jarringwords", "01-23")


def test_choosing_an_edition_makes_it_the_chats_and_shows_its_puzzle(
    session: Session, solutions: int
) -> None:
    who = asker()
    reply = asked.set_edition(session, who, "calendar-jarringwords", NOW, WEB)
    assert reply.text == (
        f"Edition: {JARRING_TITLE}.\n{JARRING_TITLE}\n2026-01-22: {solutions} solutions\n"
        "Leave Jan and 22 uncovered."
    )
    assert photo_key(reply) == "calendar:2026-01-22:calendar-jarringwords:stage0"
    assert url(reply, "Play on the board") == f"{WEB.public_url}/play/calendar-jarringwords/01-22"
    settings = chats.get_chat(session=session, chat_id=who.chat.id)
    assert settings is not None and settings.edition == "calendar-jarringwords"


def test_a_group_admin_chooses_the_groups_edition(session: Session) -> None:
    asked.set_edition(session, asker(group=True, user_id=8), "calendar-jarringwords", NOW)
    settings = chats.get_chat(session=session, chat_id=GROUP)
    assert settings is not None and (settings.kind, settings.edition) == (
        "supergroup",
        "calendar-jarringwords",
    )


def test_an_edition_is_named_in_japanese_too(session: Session, solutions: int) -> None:
    reply = asked.set_edition(session, asker(language="ja"), "calendar-jarringwords", NOW)
    assert reply.text.startswith(
        f"エディション：{JARRING_JAPANESE}\n{JARRING_JAPANESE}\n2026年1月22日(木)：解は{solutions}通り"
    )


def test_hints_and_the_year_follow_the_chats_edition(session: Session, solutions: int) -> None:
    who = asker(edition="calendar-jarringwords")
    asked.today(session, who, TODAY)
    hint = asked.next_hint(session, who, NOW)
    assert hint.text.startswith("Hint 1 of 3: 1 piece shown") and f"of {solutions} solutions" in hint.text
    year = asked.heatmap(session, who, 2026)
    counts = f"fewest 01-22 ({solutions}), most 01-22 ({solutions})"
    assert year.text == (
        "Solutions per date, over the 1 date solved so far only (this edition is solved a date at a time, "
        f"the first time someone asks for it): {counts}."
    )


def test_an_edition_solved_on_demand_draws_only_its_stored_dates(session: Session, solutions: int) -> None:
    """One tile for the one date solved, never a year grid of grey squares."""
    reply = asked.heatmap(session, asker(edition="calendar-jarringwords"), 2026)
    assert photo_key(reply).startswith("heatmap-stored:")
    assert reply.photo is not None
    image = Image.open(io.BytesIO(reply.photo.draw())).convert("RGB")
    layout = date_counts_layout(1)
    assert image.size == layout.size
    assert image.getpixel(layout.fill_point(0)) == scale_colour(0.5)  # fewest and most alike: mid-scale
    group = asked.group_stats(session, asker(group=True, edition="calendar-jarringwords"), "UTC", 2026)
    assert photo_key(group) == photo_key(reply)  # /stats in a group shows the same
    japanese = asked.heatmap(session, asker(language="ja", edition="calendar-jarringwords"), 2026)
    assert japanese.text.startswith("日付ごとの解の数（これまでに計算した1日分のみ。")
    assert photo_key(japanese) == photo_key(reply) + ":ja"


def test_a_weekday_edition_names_the_weekday_to_leave_open(session: Session) -> None:
    """Solving a weekday target takes seconds, so the sample's puzzle of the day is put on the
    weekday board: only the words are checked here, not the count."""
    weekday = get_puzzle("calendar-weekday")
    target = target_for_date(weekday, TODAY)
    daily = replace(daily_calendar(session, TODAY), puzzle=weekday, target=target)
    assert target.name == "01-22-thu"
    assert puzzles.today_caption(daily, "en").endswith("\nLeave Jan, 22 and Thu uncovered.")
    assert puzzles.today_caption(daily, "ja").endswith("\n1月22日(木)を空けてください。")


def test_weekday_editions_say_whose_weekdays_the_year_shows() -> None:
    """A weekday edition's year is counted from its stored targets (solving one takes seconds, so
    the answer is built here): the caption says the year and never how many dates are solved."""
    found = EditionYear(get_puzzle("calendar-weekday"), 2026, {"01-22": 3923, "01-23": 100})
    reply = stats.with_status(stats.heatmap(found, "en"), None, "en", "UTC", same_line=True)
    assert reply.text.startswith("Solutions per date, over the 2 dates solved so far only (")
    assert reply.text.endswith(
        "fewest 01-23 (100), most 01-22 (3923). Weekdays as they fall in 2026. Daily post: off "
        "(/subscribe to start)."
    )


def test_many_stored_dates_of_an_edition_solved_on_demand_draw_the_year_saying_what_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past :data:`render.date_counts.MAX_DATES` dates the tiles would be too tall: the year grid
    then, its grey squares said to be dates not solved yet."""
    days = [date(2026, 1, 1) + timedelta(days=n) for n in range(MAX_DATES + 1)]
    counts = {f"{d.month:02d}-{d.day:02d}": 100 + n for n, d in enumerate(days)}
    drawn: list[dict[str, object]] = []
    monkeypatch.setattr(pictures, "_render_heatmap", lambda counts, **words: drawn.append(words) or b"")
    reply = stats.heatmap(EditionYear(get_puzzle("calendar-weekday"), 2026, counts), "en")
    assert reply.text.startswith(f"Solutions per date, over the {MAX_DATES + 1} dates solved so far only")
    assert reply.photo is not None and photo_key(reply).startswith("heatmap-stored:")
    reply.photo.draw()
    assert drawn[0]["no_data"] == "no date / not solved yet"


# ---------------------------------------------------------------- /faceup


def test_faceup_status_says_whether_it_is_on_and_how_to_change_it() -> None:
    assert editions.faceup_status(asker()).text.startswith("Face-up mode is off. /faceup on:")
    assert editions.faceup_status(asker(faceup=True)).text.endswith("/faceup off ends it.")
    assert editions.faceup_status(asker(language="ja")).text.startswith("表向きモードはオフです。")


def test_turning_faceup_on_stores_it_and_answers_todays_puzzle_face_up(session: Session) -> None:
    who = asker()
    reply = asked.set_faceup(session, who, True, NOW, WEB)
    assert reply.text.startswith(
        "Face-up mode on: no piece is turned over.\n2026-01-22: 3 solutions · difficulty ★★★★☆ (hard)\n"
    )
    assert url(reply, "Play on the board") == f"{WEB.public_url}/play/calendar-dragonfjord/01-22?faceup=1"
    settings = chats.get_chat(session=session, chat_id=who.chat.id)
    assert settings is not None and settings.faceup


def test_turning_faceup_off_stores_it_and_answers_the_usual_puzzle(session: Session) -> None:
    who = asker(faceup=True)
    reply = asked.set_faceup(session, who, False, NOW)
    assert reply.text.startswith(
        "Face-up mode off: pieces may be turned over.\n2026-01-22: 78 solutions · difficulty ★★★★☆ (hard)\n"
    )
    settings = chats.get_chat(session=session, chat_id=who.chat.id)
    assert settings is not None and not settings.faceup


def test_faceup_replies_speak_japanese(session: Session) -> None:
    reply = asked.set_faceup(session, asker(language="ja"), True, NOW)
    assert reply.text.startswith(
        "表向きモードをオンにしました：どのピースも裏返しません。\n2026年1月22日(木)：解は3通り"
    )


def test_every_edition_has_a_japanese_name_and_title() -> None:
    for puzzle in calendar_editions():
        assert edition_name(puzzle, "ja") != edition_name(puzzle, "en"), puzzle.id
        assert puzzle_title(puzzle, "ja") != puzzle.title, puzzle.id
