"""What the bot answers, as plain data: text, an optional image, buttons; one module per kind of reply.

Nothing here talks to Telegram, so every reply can be built and tested (and timed) on its own.
Each module formats what the service (:mod:`hints.seat`, :mod:`hints.daily`) returns, each daily
puzzle once per reply. Nothing here commits: the handler's unit of work (one update) does. Callers
import the module they need (``from bot.replies import puzzles``); the reply types are in
:mod:`bot.replies.types`.
"""
