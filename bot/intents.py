"""Plain words read as the command they mean: "hint please" is /hint, "明日" is /today tomorrow.

A private chat's text that is no command goes through :func:`read_intent` first; what it reads is
answered exactly as the command would be. The reader is deliberately small: a handful of phrases
per action in English and Japanese, the polite words around them dropped, and any date the
``/today`` argument reader (:func:`bot.inputs.parse_day`) understands. Anything else is no intent.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from bot.inputs import Ambiguous, BadArgument, parse_day

# ---------------------------------------------------------------- data

# What each action is called, after the polite words are gone (lower case, NFKC-normalised).
PHRASES: dict[str, tuple[str, ...]] = {
    "hint": (
        "hint", "hints", "a hint", "next hint", "another hint", "next", "clue", "a clue", "stuck",
        "i'm stuck",
        "ヒント", "ひんと", "次のヒント", "つぎのヒント", "手がかり",
    ),
    "solution": (
        "answer", "the answer", "solution", "the solution", "full answer", "i give up", "give up",
        "答え", "こたえ", "解答", "正解", "降参", "ギブアップ", "ぎぶあっぷ",
    ),
    "today": (
        "today", "puzzle", "the puzzle", "today's puzzle", "daily puzzle", "the daily puzzle",
        "今日", "きょう", "本日", "今日の問題", "今日のパズル", "問題", "パズル",
    ),
    "pentomino": ("pentomino", "challenge", "pentomino challenge", "ペントミノ", "チャレンジ"),
    "solved": (
        "solved", "solved it", "i solved it", "done", "i did it", "finished", "got it",
        "解けた", "解けました", "とけた", "とけました", "できた", "できました", "完成", "クリア",
    ),
    "help": (
        "help", "commands", "what can you do", "how does this work",
        "ヘルプ", "使い方", "つかいかた", "助けて", "コマンド",
    ),
}  # fmt: skip

# Words around the action that change nothing: "please", "can I have", "ください" ...
POLITE_PREFIXES = (
    "please", "pls", "plz", "can i have", "could i have", "can i get", "may i have", "give me", "show me",
    "i want", "i need", "i'd like", "send me", "tell me", "hey", "hi", "ok", "okay",
)  # fmt: skip
POLITE_SUFFIXES = (
    "please", "pls", "plz", "thanks", "thank you",
    "をください", "ください", "下さい", "をお願いします", "お願いします", "おねがいします",
    "をお願い", "お願い", "おねがい", "を見せて", "見せて", "をちょうだい", "ちょうだい",
    "が欲しい", "がほしい", "欲しい", "ほしい", "を教えて", "教えて", "です",
)  # fmt: skip
EDGES = " \t\n!?.,。、！？〜~…"

# "tomorrow's puzzle", "puzzle for 25 jan", "明日の問題": the date is what matters.
DATE_WRAPPERS = (
    re.compile(r"(?P<day>.+?)(?:'s|’s)?\s+(?:puzzle|one)"),
    re.compile(r"(?:the\s+)?(?:puzzle|one)\s+(?:for|of|on)\s+(?P<day>.+)"),
    re.compile(r"(?P<day>.+?)の(?:問題|パズル)"),
)
ANY_YEAR = date(2000, 1, 1)
# How alike a mistyped command and a command must be (difflib's ratio): /tody and /today are 0.89,
# /hnit and /hint 0.75, /frobnicate and any command under 0.5.
COMMAND_CUTOFF = 0.6  # a leap year: only whether a text reads as a date matters here


@dataclass(frozen=True)
class Intent:
    """A command of the table (:data:`bot.commands.COMMANDS`) and the argument it gets."""

    command: str
    argument: str | None = None


_BY_PHRASE = {phrase: command for command, phrases in PHRASES.items() for phrase in phrases}


# ---------------------------------------------------------------- reading


def read_intent(text: str) -> Intent | None:
    """The command a plain text means, with its argument (a date for ``today``); None for text
    that means none of them (chatter, a question, a long sentence)."""
    words = _core(text)
    if not words or len(words) > 40:
        return None
    if words in _BY_PHRASE:
        return Intent(_BY_PHRASE[words])
    day = _day_words(words)
    return Intent("today", day) if day is not None else None


def _plain(text: str) -> str:
    """NFKC-normalised (full-width letters and digits become ASCII), lower case, one space between
    words, no punctuation at either end."""
    folded = unicodedata.normalize("NFKC", text).lower().replace("’", "'")
    return " ".join(folded.split()).strip(EDGES)


def _core(text: str) -> str:
    """The text without the polite words before and after what it asks for."""
    words = _plain(text)
    changed = True
    while changed and words:
        changed = False
        for prefix in POLITE_PREFIXES:
            if words.startswith(prefix + " ") or words.startswith(prefix + ","):
                words, changed = words[len(prefix) + 1 :].strip(EDGES), True
        for suffix in POLITE_SUFFIXES:
            if words.endswith(suffix) and words != suffix:
                words, changed = words[: -len(suffix)].strip(EDGES), True
    return words


def _day_words(words: str) -> str | None:
    """The words of a date ('01-25', '25 jan', 'tomorrow', '1月25日'), alone or wrapped in
    "the puzzle for ..." and the like; None when there is no date."""
    candidates = [words] + [m["day"].strip(EDGES) for p in DATE_WRAPPERS if (m := p.fullmatch(words))]
    return next((candidate for candidate in candidates if _reads_as_date(candidate)), None)


def _reads_as_date(words: str) -> bool:
    """Whether ``words`` is a date to /today's reader: one date, several readings ('01/02') or an
    impossible one ('02-30'), which /today then asks back or refuses in its own words."""
    try:
        parse_day(words, ANY_YEAR)
    except Ambiguous:
        return True
    except BadArgument as error:
        return error.key == "not_a_date"
    return True


def closest_command(typed: str, names: Iterable[str]) -> str | None:
    """The command ``typed`` (a mistyped one, with or without its slash) most likely means: the
    nearest of ``names`` by :mod:`difflib`'s ratio, if it is near enough; else None."""
    word = typed.lstrip("/").split("@", 1)[0].lower()
    found = difflib.get_close_matches(word, list(names), n=1, cutoff=COMMAND_CUTOFF)
    return found[0] if found else None


def suggestion(typed: str, names: Iterable[str]) -> str | None:
    """What to suggest for an unknown command (with the words after it): the command its word means
    ("/answer" is /solution, "/tomorrow" /today tomorrow), else the nearest by spelling ("/tody"
    is /today); None when nothing is near."""
    first, *rest = typed.split(maxsplit=1)
    meant = read_intent(first.lstrip("/").split("@", 1)[0].replace("_", " "))
    if meant is not None:
        return " ".join((f"/{meant.command}", *([meant.argument] if meant.argument else []), *rest))
    near = closest_command(first, names)
    return None if near is None else " ".join((f"/{near}", *rest))
