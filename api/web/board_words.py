"""The words the board's script (``/static/board/``) writes, in the page's language.

The board page embeds them as ``<script type="application/json" id="strings">``
(data, not code): the script looks a message up by key and fills its ``{fields}``.
A counted message is a pair, the translations for one and for more (what
``ngettext`` gives for 1 and for 2): the script takes the first for 1 and the
second otherwise, which is right for every language we have a catalog for.
"""

from __future__ import annotations

from i18n import N_, Nn_, translate, translate_plural

BOARD_TEXTS = {
    # why a piece cannot go where it was dropped
    "misfitNowhere": N_("it does not fit there"),
    "misfitOffBoard": N_("it would stick out of the board"),
    "misfitOverlap": N_("it would overlap {pieces}"),
    "doesNotFit": N_("{piece} does not fit there: {why}."),
    # lists of piece names: "L, N and P"
    "listSeparator": N_(", "),
    "listLast": N_("{names} and {last}"),
    # what the board's analysis says
    "unknownCount": N_("solutions: not known right now"),
    "illegal": N_("Not allowed: {problems}."),
    "solved": N_("Solved! This is solution {number} of {distinct}."),
    "noSolution": N_("This target has no solution: no arrangement leaves these cells open."),
    "noFaceUpHint": N_("No hint without turning a piece over: play the usual puzzle instead."),
    "fixedPiece": N_("{piece} is pre-placed: it stays where it is."),
    "deadEnd": N_("Dead end: take off {pieces}."),
    "start": N_("Trace a piece across the cells it covers, or pick one from the tray."),
    "takeOffButton": N_("Take off {pieces}"),
    "serverAnswered": N_("The server answered {status}."),
    "unreachable": N_("The server cannot be reached; your board stays as it is."),
    # moves
    "pickFirst": N_("Pick a piece from the tray first."),
    "turnFirst": N_("Pick a piece first, then rotate or flip it."),
    "selected": N_("{piece} selected: tap the board, or drag it there."),
    "pickedUp": N_("{piece} picked up: tap the board to put it somewhere else."),
    "takenOff": N_("{piece} taken off the board."),
    "tookOff": N_("Took off {pieces}."),
    "placedPieces": N_("Placed {pieces}."),
    "undone": N_("Undone."),
    "redone": N_("Redone."),
    # a turn of the selected piece, said at once: "L rotated: orientation 3 of 8."
    "rotated": N_("{piece} rotated: orientation {number} of {count}."),
    "flipped": N_("{piece} flipped: orientation {number} of {count}."),
    # what a screen reader hears after a move, once: the move's words (without their full stop)
    # with the count, "Placed L: 12 of 48 solutions still possible."; or with the board's verdict
    "moveCount": N_("{move}: {count}."),
    "moveVerdict": N_("{move}. {verdict}"),
    "countSays": N_("{count}."),
    # tracing a piece across the cells it covers
    "placedInstead": N_("Placed {piece} instead of {pieces}."),
    "traceMaybe": N_(
        "These cells are {piece}, or part of a larger piece: tap another cell, or place {piece}."
    ),
    "tracePlace": N_("Place {piece}"),
    "traceNoPiece": N_("No piece left has this shape: tap cells to mark or unmark them, or trace again."),
    "traceOnBoard": N_("This is the shape of {pieces}, which is on the board already."),
    "cleared": N_("Board cleared."),
    # the board's cursor, for screen readers: one sentence per move
    "cursorSays": N_("{cell}: {cover}; {fit}."),
    "cellAt": N_("row {row}, column {column}"),
    "cellLabelled": N_("{label}, row {row}, column {column}"),
    "coverEmpty": N_("empty"),
    "coverOpen": N_("empty, to be left open"),
    "coveredBy": N_("covered by {piece}"),
    "noneSelected": N_("no piece selected"),
    "fits": N_("{piece} fits here"),
    "fitsNot": N_("{piece} does not fit here: {why}"),
    "misfitOpen": N_("it would cover a cell that stays open"),
    # the tray's buttons, for screen readers
    "trayPiece": N_("Piece {piece}"),
    "trayOnBoard": N_("Piece {piece}, on the board: press to pick it up"),
    "traySelected": N_("Piece {piece}, selected"),
    "trayFixed": N_("Piece {piece}, pre-placed on the board"),
    # where the selected piece can go
    "placesPickFirst": N_("Pick a piece to see where it can go."),
    # hints
    "lookingForHint": N_("Looking for a hint…"),
    "confirmAnswer": N_("Show the whole answer? Press again"),
    "notChecked": N_("The board has not been checked yet; try again in a moment."),
    "hintIllegal": N_("Hints start from a legal board: {problems}."),
    "hintSolved": N_("The board is solved: no hint needed."),
    "hintUnreachable": N_("The server cannot be reached for a hint right now."),
    # the solved panel (the share text is the server's: hints.game)
    "solvedHints": N_("Hints used: {marks}"),
    "solvedNoHints": N_("No hints used"),
    "solvedTime": N_("Time: {minutes} min"),
    "solvedSeconds": N_("Time: {seconds} s"),
    "record": N_("Played {played} · Solved {solved} · Streak {streak} · Best {best} · Hints used {hints}"),
    "shareCopied": N_("Copied: paste it anywhere."),
    "shareFailed": N_("Select the text above to copy it."),
    "tomorrow": N_("Tomorrow's puzzle in {hours} h {minutes} min"),
    # saving in Telegram
    "saved": N_("Saved to your Telegram account."),
    "notSignedIn": N_("Telegram did not confirm who you are, so this board is not saved."),
    "sessionExpired": N_(
        "This Telegram session is more than 24 hours old, so this board is not saved: reopen the board "
        "from the bot."
    ),
    "saveFailed": N_("This board could not be saved to Telegram right now."),
    "saveFailedStatus": N_("This board could not be saved to Telegram right now ({status})."),
    # the solve, recorded on the server
    "sessionBeforeDay": N_(
        "This Telegram session was opened before today, so today's solve is not recorded: reopen the "
        "board from the bot."
    ),
    "solveNotRecorded": N_("Your solve could not be recorded right now."),
    "solveNotRecordedStatus": N_("Your solve could not be recorded right now ({status})."),
}
BOARD_COUNTED = {
    # after the number of solutions still possible, shown on its own: "216 | of 216 solutions ..."
    "countText": Nn_("of {n} solution still possible", "of {n} solutions still possible"),
    # face-up mode on a date every solution of which turns a piece over
    "noFaceUp": Nn_(
        "No solution without turning a piece over; {n} with turning.",
        "No solution without turning a piece over; {n} with turning.",
    ),
    "placed": Nn_("{placed} of {n} piece placed.", "{placed} of {n} pieces placed."),
    "traceMarked": Nn_(
        "{n} cell marked: trace or tap the rest of the piece.",
        "{n} cells marked: trace or tap the rest of the piece.",
    ),
    "solvedStreak": Nn_("Streak: {n} day", "Streak: {n} days"),
    # the places of the selected piece marked on the board
    "placesSolvable": Nn_(
        "{piece} can go in {n} place that keeps the board solvable (marked).",
        "{piece} can go in {n} places that keep the board solvable (marked).",
    ),
    "placesFit": Nn_("{piece} fits in {n} place (marked).", "{piece} fits in {n} places (marked)."),
}


def board_strings(language: str) -> dict[str, str | list[str]]:
    """Every message of the board's script in ``language``: a template, or [one, more] when counted."""
    strings: dict[str, str | list[str]] = {
        key: translate(language, text) for key, text in BOARD_TEXTS.items()
    }
    for key, forms in BOARD_COUNTED.items():
        strings[key] = [translate_plural(language, forms, 1), translate_plural(language, forms, 2)]
    return strings
