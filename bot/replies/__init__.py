"""What the bot answers, as plain data: text, an optional image, buttons; one module per kind of reply.

Nothing here talks to Telegram or the store: every function is pure, from what the service
(:mod:`hints.player_actions`, :mod:`hints.game`, :mod:`hints.daily`) answered, the language, the chat and
the web links to a reply, so every reply can be built and tested (and timed) on its own. The
handler makes the service call in the update's unit of work (:func:`bot.respond.respond`). Callers
import the module they need (``from bot.replies import puzzles``); the reply types are in
:mod:`bot.replies.types`.
"""
