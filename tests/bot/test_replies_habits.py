"""Solves, streaks and the year, built directly by :mod:`bot.replies`: "I solved it", /stats in a
private chat and in a group, /heatmap, /top, the daily post's line about yesterday, /forget; and the short
answers to input the bot cannot read (bot.inputs' refusals said through the catalogs)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, datetime, timedelta

import pytest
from sqlalchemy.orm import Session

from bot.callbacks import Action, Callback, encode_callback
from bot.inputs import BadArgument, parse_day, parse_post_time, parse_timezone
from bot.replies import stats
from bot.replies.types import Reply
from bot.texts import language_for, text
from db import chats, solves
from db.solves import Solve
from hints import daily
from hints.daily import PuzzleKind
from hints.errors import NotPrecomputed
from hints.player_actions import InChat
from hints.saved import saved_board
from tests.support import asked
from tests.support.replies import (
    CALENDAR,
    GROUP,
    NOW,
    TODAY,
    a_solution,
    asker,
    data,
    labels,
    open_session,
    photo_key,
    progress,
    save,
)

CAL, PEN = PuzzleKind.CALENDAR, PuzzleKind.PENTOMINO
# The sample store's calendar dates: 14 real ones, the fewest solutions on 11-24, the most on 01-25.
HEATMAP = "Solutions per date: fewest 11-24 (35), most 01-25 (216). 14 dates solved so far."


@pytest.fixture
def session(sample_url: str) -> Iterator[Session]:
    with open_session(sample_url) as session:
        yield session


def solve(session: Session, who: InChat, hints: int, at: datetime = NOW) -> Reply:
    """Open today's calendar puzzle at ``at``, take ``hints`` hints, then report it solved at once."""
    asked.today(session, who, at.date(), now=at)
    for _ in range(hints):
        asked.next_hint(session, who, at)
    return asked.solved(session, who, at)


def record(session: Session, user_id: int, day: date, hints: int, seconds: int | None = None) -> None:
    """A solve of the calendar puzzle of ``day``, as if reported in the group by ``user_id``."""
    row = Solve(user_id, CAL, day, GROUP, f"User{user_id}", hints, seconds)
    solves.record_solve(session=session, solve=row, now=NOW)


def said(reply: Reply) -> str:
    """What a solve reply says before its share text."""
    return reply.text.split("\n\n")[0]


# ---------------------------------------------------------------- "I solved it"


def test_a_first_solve_says_the_hints_the_streak_and_the_time_taken(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY, now=NOW)
    for _ in range(3):
        asked.next_hint(session, who, NOW)
    reply = asked.solved(session, who, NOW + timedelta(minutes=12))
    assert reply.text == (
        "Well done! 2026-01-22 solved with 3 hint stages. Streak: 1 day. Time since you opened it: 12 min."
        "\n\nTo share (no spoilers):\nA-Puzzle-A-Day calendar (DragonFjord) · 2026-01-22 · ★★★★☆"
        "\nHints ■■■ · 12 min · streak 1 🔥"
    )
    assert labels(reply) == ["Share", "Pentomino challenge"]  # share it, or the day's other puzzle next
    assert solves.user_solves(session=session, user_id=who.player.id) == [
        Solve(who.player.id, CAL, TODAY, who.chat.id, "Ann", 3, 720)
    ]


def test_the_answer_seen_before_switching_puzzles_still_counts(session: Session) -> None:
    """/solution, /pentomino, /today, /solved recorded "solved with 0 hint stages" and topped /top."""
    who = asker()
    asked.today(session, who, TODAY, now=NOW)
    asked.solution(session, who, NOW)
    asked.pentomino(session, who, TODAY, now=NOW)
    asked.today(session, who, TODAY, now=NOW)
    reply = asked.solved(session, who, NOW + timedelta(minutes=3))
    assert said(reply).startswith("Well done! 2026-01-22 solved with 3 hint stages.")
    assert [s.hints for s in solves.user_solves(session=session, user_id=who.player.id)] == [3]


def test_only_the_first_report_counts(session: Session) -> None:
    who = asker()
    solve(session, who, 0)
    asked.next_hint(session, who, NOW)
    again = asked.solved(session, who, NOW + timedelta(minutes=5))
    assert said(again) == "You already solved 2026-01-22. Streak: 1 day."
    assert again.text.endswith("Solved with no hints · 1 s · streak 1 🔥")  # what the first report recorded
    assert [s.hints for s in solves.user_solves(session=session, user_id=who.player.id)] == [0]


def test_solving_the_challenge_offers_the_calendar_puzzle(session: Session) -> None:
    who = asker()
    asked.pentomino(session, who, TODAY, now=NOW)
    reply = asked.solved(session, who, NOW)
    assert labels(reply) == ["Share", "Today's puzzle"]
    assert data(reply, "Today's puzzle") == encode_callback(Callback(Action.TODAY, CAL, TODAY))
    assert solves.user_solves(session=session, user_id=who.player.id)[0].kind == PEN


def test_a_solve_under_a_minute_says_one_minute(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY, now=NOW)
    assert said(asked.solved(session, who, NOW + timedelta(seconds=20))).endswith("opened it: 1 min.")


def test_a_solve_never_opened_counts_no_hints_and_no_time(session: Session) -> None:
    who = asker()
    reply = asked.solved(session, who, NOW)  # no puzzle opened: today's calendar puzzle
    assert said(reply) == "Well done! 2026-01-22 solved with 0 hint stages. Streak: 1 day."
    assert solves.user_solves(session=session, user_id=who.player.id)[0].seconds is None


def test_a_solved_button_of_another_puzzle_takes_neither_its_hints_nor_its_time(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY, now=NOW)
    asked.next_hint(session, who, NOW)
    reply = asked.solved(session, who, NOW, PEN, TODAY)  # the challenge, never opened
    assert said(reply) == "Well done! 2026-01-22 solved with 0 hint stages. Streak: 1 day."
    assert solves.user_solves(session=session, user_id=who.player.id)[0] == Solve(
        1, PEN, TODAY, 1, "Ann", 0, None
    )


def test_a_clock_that_went_back_gives_no_time(session: Session) -> None:
    who = asker()
    asked.today(session, who, TODAY, now=NOW)
    assert "opened it" not in asked.solved(session, who, NOW - timedelta(minutes=1)).text


def test_a_user_without_a_first_name_is_listed_as_a_question_mark(session: Session) -> None:
    who = asker(first_name="")
    asked.solved(session, who, NOW)
    assert solves.user_solves(session=session, user_id=who.player.id)[0].first_name == "?"


def test_solves_on_following_days_make_a_streak_and_a_gap_breaks_it(session: Session) -> None:
    who = asker()
    assert "Streak: 1 day." in solve(session, who, 0, NOW - timedelta(days=1)).text
    assert "Streak: 2 days." in solve(session, who, 0).text
    assert "Streak: 1 day." in solve(session, who, 0, NOW + timedelta(days=2)).text


def test_the_day_solved_and_the_streak_follow_the_chats_time_zone(session: Session) -> None:
    who = asker(timezone="Asia/Tokyo")
    record(session, who.player.id, date(2026, 1, 22), 0)
    evening = NOW.replace(hour=20)  # 2026-01-23 05:00 in Tokyo
    reply = asked.solved(session, who, evening)
    assert said(reply) == "Well done! 2026-01-23 solved with 0 hint stages. Streak: 2 days."


def test_solved_speaks_japanese(session: Session) -> None:
    reply = solve(session, asker(language="ja"), 2)
    assert (
        said(reply)
        == "おめでとう！2026年1月22日(木)の問題をヒント2段階で解きました。連続1日。開いてから1分。"
    )
    assert reply.text.endswith("ヒント ■■□ · 1秒 · 1日連続 🔥")


# ---------------------------------------------------------------- /stats, /top and the daily post


def test_personal_stats_say_both_streaks_this_month_and_the_average_hints(session: Session) -> None:
    who = asker()
    for day, hints in ((date(2025, 12, 30), 1), (date(2025, 12, 31), 1), (date(2026, 1, 1), 2)):
        record(session, who.player.id, day, hints)  # the best run: three days across the new year
    late = Solve(who.player.id, CAL, date(2026, 1, 10), GROUP, "Ann", 0, None, on_day=False)
    solves.record_solve(session=session, solve=late, now=NOW)  # this month's, but no streak
    solve(session, who, 3, NOW - timedelta(days=1))
    solve(session, who, 0)
    asked.solved(session, who, NOW, PEN, TODAY)
    assert asked.personal_stats(session, who, NOW).text.split("\n") == [
        "Your streak: 2 days (best 3).",
        "Pentomino challenge streak: 1 day (best 1).",
        "This month: 4 calendar puzzles solved (2 with no hints).",
        "On average 1.0 hint stages over 7 solves.",
    ]


def test_personal_stats_of_a_new_user_say_nothing_is_solved_yet(session: Session) -> None:
    reply = asked.personal_stats(session, asker(), NOW)
    assert reply.text.split("\n") == [
        "Your streak: 0 days (best 0).",  # no challenge line before a challenge is solved
        "This month: no calendar puzzle solved yet.",
        'Nothing solved yet: press "I solved it" or send /solved when you solve a puzzle.',
    ]
    assert photo_key(reply).startswith("solved:2026-01-22:")  # the empty month, today framed


def test_a_missed_day_ends_the_streak_but_not_the_best(session: Session) -> None:
    who = asker()
    for days_ago in (4, 3, 2):
        record(session, who.player.id, TODAY - timedelta(days=days_ago), 0)
    assert asked.personal_stats(session, who, NOW).text.startswith("Your streak: 0 days (best 3).")


def test_personal_stats_speak_japanese(session: Session) -> None:
    who = asker(language="ja")
    solve(session, who, 1)
    reply = asked.personal_stats(session, who, NOW)
    assert reply.text.split("\n") == [
        "連続1日（最高1日）。",
        "今月：カレンダー・パズル1問を解きました（うちヒントなし0問）。",
        "1回解いて、ヒントは平均1.0段階です。",
    ]
    assert photo_key(reply).endswith(":ja")
    assert photo_key(reply).removesuffix(":ja") == photo_key(asked.personal_stats(session, asker(), NOW))


def test_the_month_picture_changes_with_a_new_solve_and_only_then(session: Session) -> None:
    who = asker()
    solve(session, who, 2, NOW - timedelta(days=1))
    before = asked.personal_stats(session, who, NOW)
    assert photo_key(asked.personal_stats(session, who, NOW + timedelta(hours=1))) == photo_key(before)
    solve(session, who, 0)
    after = asked.personal_stats(session, who, NOW)
    assert photo_key(after) != photo_key(before)
    same = others_stats(session, user_id=2, hints=((TODAY - timedelta(days=1), 2), (TODAY, 0)))
    assert photo_key(same) == photo_key(after)  # the same days and hints, whoever solved them
    tomorrow = asked.personal_stats(session, who, NOW + timedelta(days=1))
    assert photo_key(tomorrow) != photo_key(after)  # another day framed
    assert after.photo is not None and after.photo.draw().startswith(b"\x89PNG\r\n\x1a\n")


def others_stats(session: Session, *, user_id: int, hints: tuple[tuple[date, int], ...]) -> Reply:
    """/stats of another user who solved the calendar puzzles of these days with these hints."""
    for day, used in hints:
        record(session, user_id, day, used)
    return asked.personal_stats(session, asker(user_id=user_id), NOW)


def test_the_month_is_the_one_of_the_chats_time_zone(session: Session) -> None:
    who = asker(timezone="Asia/Tokyo")
    record(session, who.player.id, date(2026, 1, 31), 0)
    evening = datetime(2026, 1, 31, 20, 0, tzinfo=NOW.tzinfo)  # 2026-02-01 05:00 in Tokyo
    reply = asked.personal_stats(session, who, evening)
    assert reply.text.split("\n")[:2] == [
        "Your streak: 1 day (best 1).",
        "This month: no calendar puzzle solved yet.",
    ]
    assert photo_key(reply).startswith("solved:2026-02-01:")


def test_heatmap_draws_the_editions_year(session: Session) -> None:
    reply = asked.heatmap(session, asker(), 2026)
    assert reply.text == HEATMAP
    assert photo_key(reply) == photo_key(asked.group_stats(session, asker(group=True), "UTC", 2026))
    assert photo_key(asked.heatmap(session, asker(language="ja"), 2026)) == photo_key(reply) + ":ja"


def test_group_stats_show_the_year_and_whether_the_chat_is_subscribed(session: Session) -> None:
    who = asker(group=True)
    reply = asked.group_stats(session, who, "UTC", 2026)
    assert reply.text == f"{HEATMAP} Daily post: off (/subscribe to start)."
    assert reply.photo is not None
    chats.subscribe(session=session, chat_id=GROUP, kind="supergroup", post_time="07:05", now=NOW)
    assert asked.group_stats(session, who, "Europe/Berlin", 2026).text.endswith(
        "Daily post: every day at 07:05 (Berlin)."  # the chat has no zone of its own
    )
    chats.set_timezone(session=session, chat_id=GROUP, kind="supergroup", timezone="Asia/Tokyo")
    assert asked.group_stats(session, who, "UTC", 2026).text.endswith("every day at 07:05 (Tokyo).")


def test_an_unsubscribed_chat_says_off(session: Session) -> None:
    chats.subscribe(session=session, chat_id=GROUP, kind="supergroup", post_time="07:05", now=NOW)
    chats.unsubscribe(session=session, chat_id=GROUP)
    settings = chats.get_chat(session=session, chat_id=GROUP)
    assert stats.subscription_status(settings, "en", "UTC") == "Daily post: off (/subscribe to start)."
    assert stats.subscription_status(settings, "ja", "UTC") == "毎日の投稿：オフ（/subscribe で開始）"


def test_the_year_in_japanese(session: Session) -> None:
    reply = asked.group_stats(session, asker(language="ja"), "UTC", 2026)
    assert reply.text == (
        "日付ごとの解の数：最少11月24日（35）、最多1月25日（216）。これまでに14日分を計算済みです。"
        "毎日の投稿：オフ（/subscribe で開始）"
    )
    assert photo_key(reply).endswith(":ja")


def test_the_heatmap_picture_is_a_png_keyed_by_the_counts(session: Session) -> None:
    photo = asked.group_stats(session, asker(), "UTC", 2026).photo
    assert photo is not None and photo.draw().startswith(b"\x89PNG\r\n\x1a\n")
    assert photo.key == photo_key(asked.group_stats(session, asker(group=True), "UTC", 2025))  # same counts


def test_an_edition_solved_on_demand_with_no_date_yet_says_so_without_a_picture(session: Session) -> None:
    reply = asked.heatmap(session, asker(edition="calendar-weekday"), 2026)
    assert reply.photo is None
    assert reply.text == (
        "No date of Weekday calendar (Sunday first) is solved yet: each date is "
        "solved the first time someone asks for it (/today)."
    )


def test_a_precomputed_edition_with_no_stored_date_is_not_ready(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(daily, "year_counts", lambda session, puzzle, year: {})
    with pytest.raises(NotPrecomputed) as missing:
        daily.edition_year(session, None, 2026)
    assert missing.value.solvable is None  # nothing to solve on demand: the handler says "not ready"


def test_top_lists_todays_solvers_fewest_hints_then_fastest(session: Session) -> None:
    record(session, 31, TODAY, 2, 60)
    record(session, 32, TODAY, 0, 600)
    record(session, 33, TODAY, 0, 30)
    record(session, 34, TODAY, 1)
    assert asked.top(session, asker(group=True), NOW).text.split("\n") == [
        "Solved today (2026-01-22):",
        "1. User33 - 0 hint stages, 1 min",
        "2. User32 - 0 hint stages, 10 min",
        "3. User34 - 1 hint stage",
        "4. User31 - 2 hint stages, 1 min",
    ]


def test_top_counts_only_this_chats_calendar_solves_of_today(session: Session) -> None:
    record(session, 31, TODAY - timedelta(days=1), 0)
    solves.record_solve(session=session, solve=Solve(32, PEN, TODAY, GROUP, "Pen", 0, None), now=NOW)
    solves.record_solve(session=session, solve=Solve(33, CAL, TODAY, -5, "Elsewhere", 0, None), now=NOW)
    assert asked.top(session, asker(group=True), NOW).text == (
        'Nobody here has solved 2026-01-22 yet. Press "I solved it" or send /solved when you do.'
    )


def test_top_speaks_japanese(session: Session) -> None:
    record(session, 31, TODAY, 1)
    assert asked.top(session, asker(group=True, language="ja"), NOW).text == (
        "2026年1月22日(木)に解いた人：\n1. User31 - ヒント1段階"
    )


def test_the_daily_post_says_how_yesterday_went_in_the_group(session: Session) -> None:
    assert asked.yesterday_line(session, GROUP, TODAY, "en") is None
    for user, hints in ((31, 2), (32, 0), (33, 1)):
        record(session, user, TODAY - timedelta(days=1), hints)
    assert asked.yesterday_line(session, GROUP, TODAY, "en") == "Yesterday: 3 solved, 1 with no hint."
    assert asked.yesterday_line(session, GROUP, TODAY, "ja") == "昨日：3人が解き、1人はヒントなし。"
    assert asked.yesterday_line(session, -5, TODAY, "en") is None  # another chat's solvers


def test_forget_deletes_the_users_solves_progress_and_boards(session: Session) -> None:
    who, other = asker(), asker(user_id=2)
    solve(session, who, 1)
    solve(session, other, 1)
    target = CALENDAR.target("01-22")
    save(session, who, CALENDAR, target, a_solution(session, CALENDAR, target)[:2])
    assert asked.forget(session, who).text == (
        "Done: your solves, streaks, hint progress, saved boards and your private chat's settings "
        "are deleted."
    )
    assert solves.user_solves(session=session, user_id=who.player.id) == []
    assert progress(session, who) is None and saved_board(session, who.player.id, CALENDAR, target) is None
    assert len(solves.user_solves(session=session, user_id=other.player.id)) == 1  # nobody else's


# ---------------------------------------------------------------- input the bot cannot read


@pytest.mark.parametrize(
    ("parse", "given", "english", "japanese"),
    [
        (parse_post_time, "25:00", "Please give a time like 07:30 (24-hour clock; got “25:00”).", "07:30"),
        (parse_post_time, "7", "Did you mean 07:00 or 19:00? Please send the time again", "07:00 or 19:00"),
        (lambda s: parse_day(s, TODAY), "01/02", "Did you mean 2026-01-02 or 2026-02-01?", "どちら"),
        (lambda s: parse_day(s, TODAY), "2026-02-30", "2026-02-30 is not a real date.", "存在しない日付"),
        (lambda s: parse_day(s, TODAY), "someday", "Please give a date like 2026-01-25", "「someday」"),
        (parse_timezone, "Mars/Phobos", "“Mars/Phobos” is not a time zone I know.", "わかりません"),
    ],
)
def test_unreadable_input_gets_a_short_answer_in_the_chats_language(
    parse: Callable[[str], object], given: str, english: str, japanese: str
) -> None:
    """What the handlers answer to a BadArgument: its message key, said with the value read back."""
    with pytest.raises(BadArgument) as refused:
        parse(given)
    said = text(refused.value.key, "en", value=refused.value.value)
    assert english in said and len(said) < 300
    assert japanese in text(refused.value.key, "ja", value=refused.value.value)


def test_an_overlong_date_is_not_read_back_in_full() -> None:
    with pytest.raises(BadArgument) as refused:
        parse_day("9" * 3000, TODAY)
    assert len(text(refused.value.key, "en", value=refused.value.value)) < 300


@pytest.mark.parametrize(
    ("chat", "user", "expected"),
    [("ja", "en", "ja"), (None, "ja", "ja"), (None, "ja-JP", "ja"), (None, "de", "en"), (None, None, "en")],
)
def test_the_chats_language_wins_then_the_users_then_english(
    chat: str | None, user: str | None, expected: str
) -> None:
    assert language_for(chat, user) == expected
