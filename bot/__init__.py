"""The Telegram bot: handlers, replies, daily posts."""
