"""Plain words read as commands (bot.intents): each action in English and Japanese, the polite
words around it, dates, and what is no intent at all."""

from __future__ import annotations

import pytest

from bot.commands import COMMANDS, command
from bot.intents import PHRASES, Intent, read_intent, suggestion


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("hint", Intent("hint")),
        ("hint please", Intent("hint")),
        ("Hint, please!", Intent("hint")),
        ("can I have a hint?", Intent("hint")),
        ("next hint", Intent("hint")),
        ("ヒント", Intent("hint")),
        ("ヒントください", Intent("hint")),
        ("ヒントをお願いします", Intent("hint")),
        ("ﾋﾝﾄ", Intent("hint")),  # half-width katakana
        ("answer", Intent("solution")),
        ("show me the answer", Intent("solution")),
        ("I give up", Intent("solution")),
        ("答え", Intent("solution")),
        ("答えを見せて", Intent("solution")),
        ("today", Intent("today")),
        ("today's puzzle", Intent("today")),
        ("今日の問題", Intent("today")),
        ("tomorrow", Intent("today", "tomorrow")),
        ("Tomorrow's puzzle", Intent("today", "tomorrow")),
        ("明日", Intent("today", "明日")),
        ("明日の問題", Intent("today", "明日")),
        ("01-25", Intent("today", "01-25")),
        ("25 Jan", Intent("today", "25 jan")),
        ("the puzzle for 25 January", Intent("today", "25 january")),
        ("1月25日", Intent("today", "1月25日")),
        ("１月２５日", Intent("today", "1月25日")),  # full-width digits
        ("01/02", Intent("today", "01/02")),  # two readings: /today asks which
        ("02-30", Intent("today", "02-30")),  # no such day: /today says so
        ("solved", Intent("solved")),
        ("I solved it!", Intent("solved")),
        ("解けた", Intent("solved")),
        ("解けました！", Intent("solved")),
        ("help", Intent("help")),
        ("ヘルプ", Intent("help")),
        ("使い方を教えて", Intent("help")),
        ("pentomino", Intent("pentomino")),
    ],
)
def test_words_read_as_the_command_they_mean(typed: str, meant: Intent) -> None:
    assert read_intent(typed) == meant


@pytest.mark.parametrize(
    "typed",
    ["hello", "what next?", "thanks", "please", "7", "hint 2 of them", "こんにちは", "", "!!!", "x" * 200],
)
def test_other_words_mean_no_command(typed: str) -> None:
    assert read_intent(typed) is None


def test_every_intent_is_a_command_of_the_table() -> None:
    for name in PHRASES:
        assert command(name).name == name


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("/tody", "/today"),
        ("/tody 01-25", "/today 01-25"),
        ("/todya", "/today"),
        ("/hnit", "/hint"),
        ("/solvd", "/solved"),
        ("/sttings@puzzle_hint_bot", "/settings"),
        ("/answer", "/solution"),  # the word means a command: that one, not the nearest spelling
        ("/tomorrow", "/today tomorrow"),
        ("/frobnicate", None),
        ("/x", None),
    ],
)
def test_a_mistyped_command_suggests_the_one_it_means(typed: str, meant: str | None) -> None:
    assert suggestion(typed, (found.name for found in COMMANDS)) == meant
