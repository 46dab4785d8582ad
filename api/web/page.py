"""The server-rendered page: today's puzzles, hint buttons, a date picker and the year heatmap.

Everything works without JavaScript: a hint button is a link to
``/?date=YYYY-MM-DD&stage=N&pstage=M`` and the page shows every image up to
the revealed stage (``stage`` for the calendar, ``pstage`` for the pentomino
challenge). ``/static/page.js`` only reveals the next image in place.

Every text is a gettext ``msgid`` translated into the page's language
(:mod:`api.web.language`); the images are asked for in the same language. This
module says what the page shows (view models); ``templates/daily.html`` marks it up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date, timedelta

from api.caching import Payload
from api.web.daily_sections import no_faceup_section, puzzle_section
from api.web.day_view import View
from api.web.document import document
from api.web.heatmap import heatmap
from api.web.language import LanguageSwitch, PageLanguage, language_switch
from api.web.templating import render
from hints import links
from hints.catalog import get_puzzle
from hints.daily import DailyBundle, PuzzleKind, calendar_editions
from hints.errors import MalformedPosition, OtherPuzzleCode, OutdatedCode
from hints.words import day_label, long_month_name, puzzle_title, written_date
from i18n import N_, SOURCE_LANGUAGE

TITLE = N_("Puzzles of the day")
NOT_PRECOMPUTED = N_("The puzzles are not ready yet; please try again later.")
STORE_UNAVAILABLE = N_("The solution store cannot be read right now.")
NOT_FOUND = N_("There is no page at this address.")
REFUSED = N_("This address asks for something the site cannot show.")
FAILED = N_("Something went wrong on our side; please try again later.")
# What a page says about a refused request, by error code, in a language other than English (the
# API's English messages name the bad value, and stay what English readers see).
ERROR_TEXTS = {
    "invalid_date": N_("Please choose a real date between 0001-01-01 and 9999-12-31."),
    "invalid_timezone": N_("That time zone is unknown; use a name like Europe/Berlin."),
    "unknown_edition": N_("That calendar edition is unknown; choose one from the list."),
    "invalid_stage": N_("Hints go from 0 (none) to 3 (the answer)."),
    "too_many_requests": N_("Too many new dates at once; please try again in a minute."),
    "overloaded": N_("The server is busy with other dates; please try again in a moment."),
    "solving": N_("This date's puzzle is being solved; please try again in a moment."),
    "no_faceup_solution": N_("No solution on this date without turning a piece over"),
}
# Codes whose API message is meant for programs ("Not Found", an error of ours): a page says its
# own words for them, in English too.
OWN_WORDS = {
    "not_found": NOT_FOUND,
    "method_not_allowed": N_("This address is a page to open; it takes nothing sent to it."),
    "not_precomputed": NOT_PRECOMPUTED,
    "database_unavailable": STORE_UNAVAILABLE,
    "internal_error": FAILED,
}
DESCRIPTION = N_(
    "The day's A-Puzzle-A-Day calendar puzzle and pentomino challenge, with hints in three steps: "
    "one piece, half the pieces, the answer."
)


ISO_PARTS = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
NO_SUCH_DAY = N_("There is no {day} {month} in {year}.")
NO_SUCH_MONTH = N_("There is no month {month}: months go from 01 to 12.")
NOT_A_DATE = N_("“{text}” is not a date: write one like 2026-01-25.")


def invalid_date_text(language: PageLanguage, text: str) -> str:
    """Why ``text`` is no date, in plain words: "There is no 29 February in 2026." for a day its
    month does not have, the month for a month that does not exist, else how a date is written."""
    found = ISO_PARTS.fullmatch(text.strip())
    if found is None:
        return language.text(NOT_A_DATE, text=text.strip()[:40])
    year, month, day = (int(part) for part in found.groups())
    if not 1 <= month <= 12:
        return language.text(NO_SUCH_MONTH, month=found.group(2))
    if year == 0:
        return language.text(ERROR_TEXTS["invalid_date"])
    words = {"day": day_label(day, language.code), "month": long_month_name(month, language.code)}
    return language.text(NO_SUCH_DAY, year=year, **words)


DAMAGED_POSITION = N_("This position link is damaged; open the board again.")
OUTDATED_POSITION = N_(
    "This position was saved for an older version of the puzzle and cannot be opened any more; open "
    "the board again."
)
OTHER_PUZZLE_POSITION = N_(
    "This position belongs to another puzzle, {puzzle}; open it from that puzzle's board."
)


def bad_position_text(language: PageLanguage, refused: MalformedPosition) -> str:
    """Why a link's position (``p=``) opens no board, in plain words: another puzzle's (another
    edition's) position, one saved for an older version of the puzzle, or a damaged link."""
    if isinstance(refused, OtherPuzzleCode):
        return language.text(
            OTHER_PUZZLE_POSITION, puzzle=puzzle_title(get_puzzle(refused.other), language.code)
        )
    if isinstance(refused, OutdatedCode):
        return language.text(OUTDATED_POSITION)
    return language.text(DAMAGED_POSITION)


def error_text(language: PageLanguage, code: str, message: str, status: int = 400) -> str:
    """What went wrong, for a person. A refusal (4xx): the API's own ``message`` in English, the
    page's translated words for ``code`` in another language. A failure of ours (5xx), and a code
    whose message is meant for programs: the page's words in every language, never the server's."""
    if code in OWN_WORDS:
        return language.text(OWN_WORDS[code])
    if status >= 500:
        return language.text(ERROR_TEXTS.get(code, FAILED))
    if language.code == SOURCE_LANGUAGE:
        return message
    return language.text(ERROR_TEXTS.get(code, REFUSED))


# ---------------------------------------------------------------- the header and the footer


@dataclass(frozen=True)
class Option:
    value: str
    title: str
    selected: bool


@dataclass(frozen=True)
class DayLink:
    href: str
    text: str
    rel: str | None


@dataclass(frozen=True)
class DateForm:
    """The calendar edition the player owns, face-up mode and a date (submitted together, with the
    page's language), then the previous day, today and the next day."""

    calendar: str
    editions: tuple[Option, ...]
    faceup: bool
    faceup_label: str
    lang: str | None
    another: str
    day: str
    show: str
    days_label: str
    days: tuple[DayLink, ...]


@dataclass(frozen=True)
class RecordWords:
    """The visitor's record, which the page's script fills in from ``/api/v1/me`` (the page is the
    same for everyone): a line per kind of puzzle, and what each puzzle says once it is solved today."""

    heading: str
    calendar: str  # unfilled: {played}, {solved}, {streak}, {best}, {hints}
    challenge: str  # the same fields
    solved_today: str


@dataclass(frozen=True)
class Footer:
    line: str  # unfilled: {docs}, {catalog}
    docs: str
    catalog: str
    make: str  # the editor of people's own puzzles
    make_href: str


def _day_link(view: View, offset: int, text: str, rel: str) -> tuple[DayLink, ...]:
    try:
        other = view.day + timedelta(days=offset)
    except OverflowError:
        return ()
    return (DayLink(replace(view, day=other, stage=0, pstage=0).url(), text, rel),)


def _date_form(view: View, today: date) -> DateForm:
    text = view.language.text
    editions = tuple(
        Option(p.id, puzzle_title(p, view.language.code), p.id == view.edition) for p in calendar_editions()
    )
    days = (
        *_day_link(view, -1, text(N_("← Previous day")), "prev"),
        DayLink(replace(view, day=today, stage=0, pstage=0).url(), text(N_("Today")), None),
        *_day_link(view, 1, text(N_("Next day →")), "next"),
    )
    return DateForm(
        calendar=text(N_("Your calendar")),
        editions=editions,
        faceup=view.faceup,
        faceup_label=text(N_("Face up only (no piece turned over)")),
        lang=view.language.param,
        another=text(N_("Another day")),
        day=view.day.isoformat(),
        show=text(N_("Show")),
        days_label=text(N_("Other days")),
        days=days,
    )


RECORD_LINE = N_(
    "{kind}: played {played} · solved {solved} · streak {streak} · best streak {best} · hints used {hints}"
)


def _record_words(language: PageLanguage) -> RecordWords:
    def line(kind: str) -> str:
        return language.unfilled(RECORD_LINE).replace("{kind}", kind)

    return RecordWords(
        heading=language.text(N_("Your record")),
        calendar=line(language.text(N_("Calendar puzzle"))),
        challenge=line(language.text(N_("Pentomino challenge"))),
        solved_today=language.text(N_("You solved this today.")),
    )


def _switch(view: View) -> LanguageSwitch:
    """The language switch: this very page (date, hints revealed, edition) in each language."""
    return language_switch(view.language, lambda other: replace(view, language=other).url())


MAKE = N_("Make your own puzzle")


def _site(
    template: str, page_title: str, language: PageLanguage, /, refresh: int | None = None, **context: object
) -> str:
    """A page of the site's frame (``templates/site.html``): the skip link and the footer;
    ``refresh``: seconds after which it loads itself again."""
    frame = document(
        language.code,
        page_title,
        language.text(DESCRIPTION),
        ["page.css"],
        ["page.js"],
        skip=language.text(N_("Skip to the puzzles")),
        refresh=refresh,
    )
    footer = Footer(
        language.unfilled(N_("API: {docs} · {catalog}")),
        language.text(N_("OpenAPI docs")),
        language.text(N_("the catalog")),
        language.text(MAKE),
        links.make(language.param),
    )
    return render(template, page=frame, footer=footer, **context)


# ---------------------------------------------------------------- pages


def daily_page_payload(bundle: DailyBundle, view: View, today: date, no_faceup: bool) -> Payload:
    """The page as a payload, as a compute worker process renders it (``DailyContent.apart``)."""
    return Payload.html(render_page(bundle, view, today, no_faceup))


def render_page(bundle: DailyBundle, view: View, today: date, no_faceup: bool = False) -> str:
    """The whole page for one date; ``no_faceup``: face-up mode on a date without a face-up solution
    (``bundle`` is then the usual one, whose calendar puzzle is offered instead)."""
    language = view.language
    json_link = links.daily(view.day, PuzzleKind.CALENDAR, view.edition, view.faceup, language.code)
    title = language.text(TITLE)
    year = heatmap(bundle.calendar.puzzle, view.day, today, view.faceup, language)
    return _site(
        "daily.html",
        f"{title} · {written_date(view.day, language.code)}",
        language,
        languages=_switch(view),
        title=title,
        heading=written_date(view.day, language.code, full=True),
        form=_date_form(view, today),
        no_faceup=no_faceup_section(bundle.calendar, view) if no_faceup else None,
        calendar=None if no_faceup else puzzle_section(bundle.calendar, view),
        challenge=puzzle_section(bundle.pentomino, view),
        heatmap=year,
        record=_record_words(language),
        as_json=language.text(N_("This day as JSON:")),
        json_link=json_link,
    )


def _failure_title(status: int) -> str:
    """The heading of a failed request's page (a marked msgid)."""
    if status == 404:
        return N_("Page not found")
    if status in (429, 503):
        return N_("Not available right now")
    return N_("Something went wrong") if status >= 500 else N_("This address cannot be answered")


def render_failure(language: PageLanguage, status: int, sentence: str) -> str:
    """The page of a request no page answers (an address that names nothing, a wrong method, an
    error of ours): a heading for ``status``, ``sentence`` (in the page's language), and links to
    the puzzles and the boards."""
    text = language.text
    title = text(_failure_title(status))
    return _site(
        "failure.html",
        title,
        language,
        title=title,
        sentence=sentence,
        home=f"/?lang={language.param}" if language.param else "/",
        puzzles=text(TITLE),
        boards=links.boards(language.param),
        playable=text(N_("Boards you can play")),
    )


def render_error(
    message: str,
    today: date,
    language: PageLanguage | None = None,
    asked: View | None = None,
    refresh: int | None = None,
) -> str:
    """A page saying what is wrong (``message``, in the page's language), with the date form set to
    what was ``asked`` (else today); ``refresh``: it loads itself again after so many seconds."""
    view = asked or View(today, language=language or PageLanguage())
    title = view.language.text(TITLE)
    error = view.language.text(N_("error"))
    return _site(
        "daily_error.html",
        f"{title} · {error}",
        view.language,
        refresh,
        languages=_switch(view),
        title=title,
        form=_date_form(view, today),
        message=message,
    )


def solving_text(view: View, seconds: float | None) -> str:
    """What the page says while the day's puzzle of an edition solved on demand is worked out for
    the first time: the date, the edition and, when the edition's stored targets tell, how long."""
    language = view.language
    date_words = written_date(view.day, language.code, full=True)
    edition = puzzle_title(get_puzzle(view.edition), language.code)
    if seconds:
        return language.text(
            N_("Working out {date} for {edition}: about {seconds} s. This page reloads by itself."),
            date=date_words,
            edition=edition,
            seconds=max(1, round(seconds)),
        )
    return language.text(
        N_("Working out {date} for {edition} for the first time. This page reloads by itself."),
        date=date_words,
        edition=edition,
    )
