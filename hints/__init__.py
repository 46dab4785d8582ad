"""The hint service: daily puzzles and staged hints over the store (no Telegram, no HTTP)."""
