"""Telegram handlers by concern: thin adapters from updates to :mod:`bot.replies`, answered
through :mod:`bot.respond` (one unit of work per update, then the delivery)."""
