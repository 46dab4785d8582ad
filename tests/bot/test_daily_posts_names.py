"""Two dispatchers in one process claim posts and beat their hearts under names of their own."""

from __future__ import annotations

import os
import socket

from bot.daily_posts import _default_name


def test_each_dispatcher_of_a_process_has_a_name_of_its_own() -> None:
    names = [_default_name() for _ in range(3)]
    assert len(set(names)) == 3
    assert all(name.startswith(f"{socket.gethostname()}:{os.getpid()}") for name in names)
