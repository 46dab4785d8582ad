"""The server-rendered page: today's puzzles, hint buttons, a date picker and the year heatmap.

Everything works without JavaScript: a hint button is a link to
``/?date=YYYY-MM-DD&stage=N&pstage=M`` and the page shows every image up to
the revealed stage (``stage`` for the calendar, ``pstage`` for the pentomino
challenge). ``/static/page.js`` only reveals the next image in place.

Every text is a gettext ``msgid`` translated into the page's language
(:mod:`api.web.language`); the images are asked for in the same language.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from html import escape
from urllib.parse import urlencode

from api import links
from api.presenters import board_link, symmetry_count
from api.web import assets
from api.web.language import PageLanguage, language_switch, open_cells
from hints.daily import CALENDAR_ID, DailyBundle, DailyPuzzle, PuzzleKind, calendar_editions
from i18n import N_, SOURCE_LANGUAGE, Nn_
from render.layout import board_layout, heatmap_layout
from render.words import date_label, long_date, puzzle_title
from solver.catalog import Puzzle, target_for_date
from solver.stages import HINT_STAGES, Stage

STAGE_BUTTONS = {
    Stage.ONE_PIECE: N_("Hint 1: one piece"),
    Stage.HALF: N_("Hint 2: half the pieces"),
    Stage.ANSWER: N_("Show the answer"),
}
PARAM = {PuzzleKind.CALENDAR: "stage", PuzzleKind.PENTOMINO: "pstage"}
SECTION_TITLES = {
    PuzzleKind.CALENDAR: N_("Calendar puzzle"),
    PuzzleKind.PENTOMINO: N_("Pentomino challenge"),
}
TITLE = N_("Puzzles of the day")
EXACTLY_ONE = N_("exactly one")  # way to finish the pentomino challenge
# TRANSLATORS: ends a sentence ({text}) of the web page, e.g. the paragraph over the year heatmap
SENTENCE = N_("{text}.")
NOT_PRECOMPUTED = N_("The puzzles are not ready yet; please try again later.")
STORE_UNAVAILABLE = N_("The solution store cannot be read right now.")
# What the page says about a refused query, by error code, in a language other than English (the
# API's English messages name the bad value, and stay what English readers see).
ERROR_TEXTS = {
    "invalid_date": N_("Please choose a real date between 0001-01-01 and 9999-12-31."),
    "invalid_timezone": N_("That time zone is unknown; use a name like Europe/Berlin."),
    "unknown_edition": N_("That calendar edition is unknown; choose one from the list."),
    "invalid_stage": N_("Hints go from 0 (none) to 3 (the answer)."),
    "too_many_requests": N_("Too many new dates at once; please try again in a minute."),
    "overloaded": N_("The server is busy with other dates; please try again in a moment."),
    "no_faceup_solution": N_("No solution on this date without turning a piece over"),
}


def error_text(language: PageLanguage, code: str, message: str) -> str:
    """What went wrong, for a person: the API's own ``message`` in English, the page's translated
    words for ``code`` in another language."""
    if language.code == SOURCE_LANGUAGE or code not in ERROR_TEXTS:
        return message
    return language.text(ERROR_TEXTS[code])


@dataclass(frozen=True)
class View:
    """What the page shows: a date and how far each puzzle's hints are revealed (0..3)."""

    day: date
    stage: int = 0
    pstage: int = 0
    edition: str = CALENDAR_ID  # the calendar edition shown (kept in the URL)
    faceup: bool = False  # face-up mode: only solutions that turn no piece over (kept in the URL)
    language: PageLanguage = field(default_factory=PageLanguage)  # kept in the URL (not English)

    def revealed(self, kind: PuzzleKind) -> int:
        return self.stage if kind == PuzzleKind.CALENDAR else self.pstage

    def with_stage(self, kind: PuzzleKind, stage: int) -> View:
        return replace(self, stage=stage) if kind == PuzzleKind.CALENDAR else replace(self, pstage=stage)

    def url(self, anchor: str = "") -> str:
        query = {"date": self.day.isoformat()}
        if self.edition != CALENDAR_ID:
            query["edition"] = self.edition
        if self.faceup:
            query["faceup"] = "1"
        if self.stage:
            query["stage"] = str(self.stage)
        if self.pstage:
            query["pstage"] = str(self.pstage)
        if self.language.param:
            query["lang"] = self.language.param
        return f"/?{urlencode(query)}" + (f"#{anchor}" if anchor else "")


def _alt(daily: DailyPuzzle, stage: Stage, language: PageLanguage) -> str:
    return language.text(
        N_("{section}, {title}: {caption}"),
        section=language.text(SECTION_TITLES[daily.kind]),
        title=daily.title(stage, language.code),
        caption=daily.caption(stage, language.code),
    )


def _image(daily: DailyPuzzle, stage: Stage, language: PageLanguage) -> str:
    return links.stage_image(daily.day, daily.kind, stage, daily.puzzle.id, daily.faceup, language.code)


def _size(daily: DailyPuzzle) -> tuple[int, int]:
    """The pixel size of every image of a puzzle (the page reserves its room before it loads)."""
    return board_layout(daily.puzzle).size


def _figure(daily: DailyPuzzle, stage: Stage, language: PageLanguage) -> str:
    title, caption = daily.title(stage, language.code), daily.caption(stage, language.code)
    width, height = _size(daily)
    return (
        f'<figure id="{daily.kind}-stage-{stage}" tabindex="-1">'
        f'<img src="{escape(_image(daily, stage, language))}" alt="{escape(_alt(daily, stage, language))}" '
        f'width="{width}" height="{height}">'
        f"<figcaption><strong>{escape(title)}</strong> — {escape(caption)}"
        "</figcaption></figure>"
    )


def _button(daily: DailyPuzzle, view: View, stage: Stage) -> str:
    done = stage <= view.revealed(daily.kind)
    language = view.language
    attributes = {
        "class": "button done" if done else "button",
        "href": view.with_stage(daily.kind, stage).url(f"{daily.kind}-stage-{stage}"),
        "data-stage": str(stage),
        "data-src": _image(daily, stage, language),
        "data-alt": _alt(daily, stage, language),
        "data-title": daily.title(stage, language.code),
        "data-caption": daily.caption(stage, language.code),
        "data-width": str(_size(daily)[0]),
        "data-height": str(_size(daily)[1]),
    }
    if done:
        attributes["aria-current"] = "step"
    rendered = " ".join(f'{name}="{escape(value)}"' for name, value in attributes.items())
    return f"<a {rendered}>{escape(language.text(STAGE_BUTTONS[stage]))}</a>"


def _hide_link(daily: DailyPuzzle, view: View) -> str:
    """Back to the bare puzzle; hidden while nothing is revealed (the script unhides it)."""
    href = view.with_stage(daily.kind, 0).url(daily.kind)
    hidden = "" if view.revealed(daily.kind) else " hidden"
    text = escape(view.language.text(N_("Hide the hints")))
    return f'<a class="reset" href="{escape(href)}"{hidden}>{text}</a>'


def _play_link(daily: DailyPuzzle, view: View) -> str:
    """The playable board of the puzzle, with the challenge's pre-placed pieces already on it, fixed."""
    href = board_link(daily, view.language.param)
    text = escape(view.language.text(N_("Play this on the board")))
    return f'<p class="play-link"><a class="button secondary" href="{escape(href)}">{text}</a></p>'


def _calendar_facts(daily: DailyPuzzle, language: PageLanguage) -> str:
    cells = open_cells(daily.puzzle, daily.marked, language.code)
    facts = language.html_plural(
        Nn_(
            "{puzzle}: leave {cells} uncovered. {n} solution",
            "{puzzle}: leave {cells} uncovered. {n} solutions",
        ),
        daily.total,
        puzzle=escape(puzzle_title(daily.puzzle, language.code)),
        cells=f"<strong>{escape(cells)}</strong>",
        n=f"<strong>{daily.total}</strong>",
    )
    level = daily.difficulty
    if level is not None:
        label = language.text(level.label)  # a hints.daily.DIFFICULTY_LABELS msgid
        rank = language.html(
            N_("difficulty {label} (level {level} of 5)"),
            label=f"<strong>{escape(label)}</strong>",
            level=str(level.level),
        )
        facts += f" · {rank}"
    return f"<p class=facts>{facts}</p>"


def distinct_total(daily: DailyPuzzle) -> int:
    """The challenge board's one total, as its playable board counts it: solutions up to rotation and
    reflection (the stored count). ``daily.total`` counts every turned and mirrored image; no
    pentomino solution of a challenge board is its own image, so each stands for as many images as
    the board has symmetries."""
    return daily.total // symmetry_count(daily.puzzle.id)


def _challenge_facts(daily: DailyPuzzle, language: PageLanguage) -> str:
    count = len(daily.preplaced)
    facts = language.html_plural(
        Nn_(
            "{board}: {n} piece pre-placed, {exactly_one} way to finish (the board has {total} solutions "
            "up to rotation and reflection).",
            "{board}: {n} pieces pre-placed, {exactly_one} way to finish (the board has {total} solutions "
            "up to rotation and reflection).",
        ),
        count,
        board=escape(puzzle_title(daily.puzzle, language.code)),
        n=str(count),
        exactly_one=f"<strong>{escape(language.text(EXACTLY_ONE))}</strong>",
        total=str(distinct_total(daily)),
    )
    return f"<p class=facts>{facts}</p>"


def _facts(bundle: DailyBundle, kind: PuzzleKind, language: PageLanguage) -> str:
    if kind == PuzzleKind.CALENDAR:
        return _calendar_facts(bundle.calendar, language)
    return _challenge_facts(bundle.pentomino, language)


def _section(bundle: DailyBundle, kind: PuzzleKind, view: View) -> str:
    daily, language = bundle.of(kind), view.language
    figures = "".join(_figure(daily, stage, language) for stage in Stage if stage <= view.revealed(kind))
    buttons = "".join(_button(daily, view, stage) for stage in HINT_STAGES)
    title = language.text(SECTION_TITLES[kind])
    hints_label = language.text(N_("{section} hints"), section=title)
    return (
        f'<section id="{kind}" class="puzzle" aria-labelledby="{kind}-title" '
        f'data-param="{PARAM[kind]}" data-date="{daily.day.isoformat()}">'
        f'<h2 id="{kind}-title">{escape(title)}</h2>'
        f"{_facts(bundle, kind, language)}"
        f'<div class="stages" aria-live="polite">{figures}</div>'
        f'<nav class="hints" aria-label="{escape(hints_label)}">{buttons}{_hide_link(daily, view)}</nav>'
        f"{_play_link(daily, view)}</section>"
    )


NO_FACEUP = Nn_(
    "No solution on this date without turning a piece over; {n} with turning.",
    "No solution on this date without turning a piece over; {n} with turning.",
)


def _no_faceup(daily: DailyPuzzle, view: View) -> str:
    """Face-up mode on a date every solution of which turns some piece over (``daily``: the usual
    puzzle): say exactly that, with the usual puzzle one tap away."""
    language = view.language
    title = language.text(SECTION_TITLES[PuzzleKind.CALENDAR])
    usual = replace(view, faceup=False).url("calendar")
    button = language.text(N_("Show the usual hints (pieces may be turned over)"))
    return (
        '<section id="calendar" class="puzzle" aria-labelledby="calendar-title">'
        f'<h2 id="calendar-title">{escape(title)}</h2>'
        f'<p class="facts" role="status">{escape(language.plural(NO_FACEUP, daily.total))}</p>'
        f'<p><a class="button" href="{escape(usual)}">{escape(button)}</a></p></section>'
    )


def _day_link(view: View, offset: int, text: str, rel: str) -> str:
    try:
        other = view.day + timedelta(days=offset)
    except OverflowError:
        return ""
    href = replace(view, day=other, stage=0, pstage=0).url()
    return f'<a href="{escape(href)}" rel="{rel}">{escape(text)}</a>'


def _edition_select(view: View) -> str:
    """The calendar edition the player owns; submitted with the date, kept in every link."""
    options = "".join(
        f'<option value="{escape(p.id)}"{" selected" if p.id == view.edition else ""}>'
        f"{escape(puzzle_title(p, view.language.code))}</option>"
        for p in calendar_editions()
    )
    checked = " checked" if view.faceup else ""
    label = view.language.text(N_("Your calendar"))
    faceup = view.language.text(N_("Face up only (no piece turned over)"))
    return (
        f'<label for="edition">{escape(label)}</label><select id="edition" name="edition">{options}</select>'
        f'<label class="faceup"><input type="checkbox" name="faceup" value="1"{checked}> '
        f"{escape(faceup)}</label>"
    )


def _language_field(view: View) -> str:
    """The page's language, submitted with the form like the edition."""
    param = view.language.param
    return f'<input type="hidden" name="lang" value="{escape(param)}">' if param else ""


def _day_links(view: View, today: date) -> str:
    """Previous day, today, next day (nothing revealed), in a labelled navigation."""
    text = view.language.text
    today_href = replace(view, day=today, stage=0, pstage=0).url()
    previous = _day_link(view, -1, text(N_("← Previous day")), "prev")
    following = _day_link(view, 1, text(N_("Next day →")), "next")
    today_text = text(N_("Today"))
    today_link = f'<a href="{escape(today_href)}">{escape(today_text)}</a>'
    label = text(N_("Other days"))
    return f'<nav class="days" aria-label="{escape(label)}">{previous}{today_link}{following}</nav>'


def _date_form(view: View, today: date) -> str:
    text = view.language.text
    another, show = text(N_("Another day")), text(N_("Show"))
    return (
        '<form class="pick" method="get" action="/">'
        f"{_edition_select(view)}{_language_field(view)}"
        f'<label for="date">{escape(another)}</label>'
        f'<input type="date" id="date" name="date" value="{view.day.isoformat()}" '
        'min="0001-01-01" max="9999-12-31" required>'
        f'<button type="submit">{escape(show)}</button></form>'
        f"{_day_links(view, today)}"
    )


def _heatmap_words(view: View, puzzle: Puzzle) -> str:
    """The paragraph over the heatmap: what it shows, whose weekdays, what grey means."""
    language = view.language
    words = language.text(N_("How many solutions the calendar has on each date; grey dates do not exist"))
    if puzzle.targets_kind == "month-day-weekday":
        words = language.text(
            N_(
                "{text}. Each date is counted with the weekday it has in {year} "
                "(the weekday cell left open too)"
            ),
            text=words,
            year=view.day.year,
        )
    if puzzle.on_demand:
        words = language.text(
            N_("{text}; dates not solved yet are grey too (each is solved the first time it is asked for)"),
            text=words,
        )
    return language.text(SENTENCE, text=words)


LEAP_YEAR = 2000  # a year with every month and day of the calendar, 02-29 too
PLAY_DATE = N_("{date}: play its board")  # a date's link on the heatmap


def _box(month: int, day: int) -> str:
    """A date's square on the heatmap, as SVG rectangle attributes (the picture's pixels)."""
    x0, y0, x1, y1 = heatmap_layout().cell_box(month, day)
    return f'x="{x0}" y="{y0}" width="{x1 - x0 + 1}" height="{y1 - y0 + 1}"'


def _heatmap_links(view: View, puzzle: Puzzle, today: date) -> str:
    """Over the heatmap, a link on each date of the shown year to its board, and today outlined:
    tapped, clicked, or reached with Tab (the focused date ringed), each named by its date."""
    language = view.language
    width, height = heatmap_layout().size
    weekdays = puzzle.targets_kind == "month-day-weekday"
    year = view.day.year if weekdays else LEAP_YEAR  # elsewhere the picture is every year's
    squares = []
    day = date(year, 1, 1)
    while day.year == year:
        target = target_for_date(puzzle, day).name
        href = links.play(puzzle.id, target, faceup=view.faceup, lang=language.param)
        name = language.text(PLAY_DATE, date=date_label(day.month, day.day, language.code))
        squares.append(
            f'<a href="{escape(href)}" aria-label="{escape(name)}"><rect {_box(day.month, day.day)}/></a>'
        )
        day += timedelta(days=1)
    shown = not weekdays or today.year == year
    marked = f'<rect class="today" {_box(today.month, today.day)}/>' if shown else ""
    label = language.text(N_("The dates of the year, each a link to its board"))
    return (
        f'<svg class="heatmap-links" viewBox="0 0 {width} {height}" role="group" '
        f'aria-label="{escape(label)}">'
        f"{''.join(squares)}{marked}</svg>"
    )


def _heatmap(view: View, puzzle: Puzzle, today: date) -> str:
    """The year at a glance of the edition shown (on the weekday editions, the shown year's
    weekdays), loaded when scrolled to; each date links to its board, and today is outlined."""
    language = view.language
    year = view.day.year if puzzle.targets_kind == "month-day-weekday" else None
    src = links.heatmap(puzzle.id, year, language.code)
    alt = language.text(
        N_("Heatmap of the number of solutions of {puzzle} for each date of the year"),
        puzzle=puzzle_title(puzzle, language.code),
    )
    heading = language.text(N_("The year at a glance"))
    width, height = heatmap_layout().size
    tap = language.text(N_("Tap a date to play its board; today is outlined."))
    return (
        '<section id="year" aria-labelledby="year-title">'
        f'<h2 id="year-title">{escape(heading)}</h2>'
        f"<p>{escape(_heatmap_words(view, puzzle))} {escape(tap)}</p>"
        f'<div class="heatmap"><img src="{escape(src)}" alt="{escape(alt)}" width="{width}" '
        f'height="{height}" loading="lazy" decoding="async">{_heatmap_links(view, puzzle, today)}</div>'
        "</section>"
    )


def _switch(view: View) -> str:
    """The language switch: this very page (date, hints revealed, edition) in each language."""
    return language_switch(view.language, lambda other: replace(view, language=other).url())


def _footer(language: PageLanguage) -> str:
    docs, catalog = language.text(N_("OpenAPI docs")), language.text(N_("the catalog"))
    line = language.html(
        N_("API: {docs} · {catalog}"),
        docs=f'<a href="/docs">{escape(docs)}</a>',
        catalog=f'<a href="/api/v1/puzzles">{escape(catalog)}</a>',
    )
    return f"<footer><p>{line}</p></footer>"


DESCRIPTION = N_(
    "The day's A-Puzzle-A-Day calendar puzzle and pentomino challenge, with hints in three steps: "
    "one piece, half the pieces, the answer."
)


def _document(title: str, body: str, language: PageLanguage) -> str:
    skip = escape(language.text(N_("Skip to the puzzles")))
    return (
        f'<!doctype html><html lang="{escape(language.code)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        f"{assets.head_tags(language.text(DESCRIPTION), ['page.css'], ['page.js'])}</head>"
        f'<body><a class="skip" href="#main">{skip}</a>{body}{_footer(language)}</body></html>'
    )


def render_page(bundle: DailyBundle, view: View, today: date, no_faceup: bool = False) -> str:
    """The whole page for one date; ``no_faceup``: face-up mode on a date without a face-up solution
    (``bundle`` is then the usual one, whose calendar puzzle is offered instead)."""
    language = view.language
    calendar = _no_faceup(bundle.calendar, view) if no_faceup else _section(bundle, PuzzleKind.CALENDAR, view)
    heading = long_date(view.day, language.code)
    json_link = links.daily(view.day, PuzzleKind.CALENDAR, view.edition, view.faceup, language.code)
    title, as_json = language.text(TITLE), language.text(N_("This day as JSON:"))
    body = (
        f'<header>{_switch(view)}<h1>{escape(title)} <span class="day">{escape(heading)}</span></h1>'
        f"{_date_form(view, today)}</header>"
        '<main id="main"><div class="puzzles">'
        f"{calendar}{_section(bundle, PuzzleKind.PENTOMINO, view)}"
        f"</div>{_heatmap(view, bundle.calendar.puzzle, today)}"
        f'<p class="json">{escape(as_json)} <a href="{escape(json_link)}">{escape(json_link)}</a></p></main>'
    )
    return _document(f"{title} · {view.day.isoformat()}", body, language)


def render_not_found(language: PageLanguage) -> str:
    """The page for an address that names nothing: say so, and link to the puzzles and the boards."""
    text = language.text
    home = f"/?lang={language.param}" if language.param else "/"
    boards = f"/play?lang={language.param}" if language.param else "/play"
    title, nothing = text(N_("Page not found")), text(N_("There is no page at this address."))
    playable = text(N_("Boards you can play"))
    body = (
        f'<header><h1>{escape(title)}</h1></header><main id="main"><p>{escape(nothing)}</p>'
        f'<p><a class="button" href="{escape(home)}">{escape(text(TITLE))}</a></p>'
        f'<p><a href="{escape(boards)}">{escape(playable)}</a></p></main>'
    )
    return _document(title, body, language)


def render_error(message: str, today: date, language: PageLanguage | None = None) -> str:
    """A page saying what is wrong (``message``, in the page's language), with the date form."""
    view = View(today, language=language or PageLanguage())
    title = view.language.text(TITLE)
    body = (
        f"<header>{_switch(view)}<h1>{escape(title)}</h1>{_date_form(view, today)}</header>"
        f'<main id="main"><p class="error" role="alert">{escape(message)}</p></main>'
    )
    error = view.language.text(N_("error"))
    return _document(f"{title} · {error}", body, view.language)
