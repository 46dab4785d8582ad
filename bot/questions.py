"""Which of a person's yes-or-no questions is still open (``/forget``'s "Delete everything?").

A question that deletes must be answered once, and only the newest one: "Yes" pressed after "No",
or under a question asked before the last ``/forget``, is refused. Each person has a counter in
the same storage as the flood budgets (:func:`db.rate_limits.shared_storage`: Redis when
``REDIS_URL`` is set, so every process sees the same questions; else this process's memory):
asking counts one up and the question carries the number, answering counts one up again, so an
answer holds only while its number is the last one counted. A counter nobody asked for a day
expires, and so does its question; a storage that cannot be read refuses the answer (nothing is
deleted on doubt).
"""

from __future__ import annotations

import logging

from limits.errors import StorageError
from limits.storage import MemoryStorage, Storage

logger = logging.getLogger(__name__)

QUESTION_SECONDS = 24 * 3600  # a question unanswered for a day is closed


class Questions:
    """Numbered questions per person, under ``namespace`` ("forget")."""

    def __init__(self, storage: Storage | None = None, namespace: str = "forget") -> None:
        self._storage = storage or MemoryStorage()
        self._namespace = namespace

    def _key(self, person: int) -> str:
        return f"question/{self._namespace}/{person}"

    def ask(self, person: int) -> int:
        """Open a new question for ``person`` (any older one closes); its number (0: none could be
        kept, and its answer will be refused)."""
        try:
            return self._storage.incr(self._key(person), QUESTION_SECONDS)
        except StorageError:
            logger.warning("questions unavailable; the question will not be answerable")
            return 0

    def settle(self, person: int, number: int) -> bool:
        """Answer the question ``number``: True once, if it is ``person``'s open question (then it
        closes); False for an older one, one answered already, or an unreadable storage."""
        key = self._key(person)
        try:
            if number <= 0 or self._storage.get(key) != number:
                return False
            return self._storage.incr(key, QUESTION_SECONDS) == number + 1  # two presses at once: one wins
        except StorageError:
            logger.warning("questions unavailable; an answer is refused")
            return False
