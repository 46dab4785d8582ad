"""The board's solved state: a celebration, the time, the hints used, the streak, a share text and
where to go next. The panel is static HTML; ``/static/game.js`` keeps the player's record in the
browser and ``/static/board.js`` fills the panel in when the board is solved."""

from __future__ import annotations

from html import escape

from api.web.language import PageLanguage
from i18n import N_

SOLVED = N_("Solved!")
SHARE = N_("Share")
CHALLENGE = N_("Try the pentomino challenge")


def solved_panel(language: PageLanguage, challenge_url: str | None) -> str:
    """The hidden panel ``board.js`` shows on a solve (``challenge_url``: the day's challenge board,
    offered next on a calendar board)."""
    text = language.text
    challenge = (
        f'<a id="challenge-link" class="next" href="{escape(challenge_url)}">{escape(text(CHALLENGE))}</a>'
        if challenge_url
        else ""
    )
    return (
        '<section id="solved-panel" class="solved-panel" data-testid="solved-panel" hidden '
        'aria-labelledby="solved-title">'
        f'<h2 id="solved-title" class="celebrate">{escape(text(SOLVED))}</h2>'
        '<p id="solved-summary"></p>'  # not live: the solving move says "Solved!" (board.js, #says)
        '<pre id="share-text" class="share-text" data-testid="share-text"></pre>'
        f'<p class="share-row"><button type="button" id="share-button" class="action">{escape(text(SHARE))}'
        '</button> <span id="share-done" role="status"></span></p>'
        f'<p class="next-row">{challenge} <span id="tomorrow" class="tomorrow"></span></p>'
        "</section>"
    )
