"""What a process has imported: sent to a worker process by name, answered from its ``sys.modules``."""

from __future__ import annotations

import sys


def imported(prefix: str) -> list[str]:
    """The modules this process has imported whose name is ``prefix`` or starts with ``prefix.``."""
    return sorted(name for name in sys.modules if name == prefix or name.startswith(prefix + "."))
