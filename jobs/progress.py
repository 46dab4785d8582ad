"""The precompute command's progress: one tqdm bar per puzzle on a terminal, a line now and then
in a log."""

from __future__ import annotations

import io
import time
from collections.abc import Callable

# A bar on a terminal, a line in a log: tasks done, time so far, ETA, then the targets stored.
_BAR_FORMAT = (
    "{desc} {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} tasks [{elapsed}, ETA {remaining}{postfix}]"
)
_LINE_FORMAT = "{desc}: {n_fmt}/{total_fmt} tasks [{elapsed}, ETA {remaining}{postfix}]"
# The ETA follows a slow moving average of the task rate (tqdm's default weight is 0.3): a weekday
# target takes 0.5-12 s, so the last few tasks alone give a jumpy estimate, and a puzzle whose tasks
# queue behind another puzzle's forgets that idle start within a few dozen updates.
_SMOOTHING = 0.05


class _Discard(io.TextIOBase):
    """Where bars that are counted but not drawn write to."""

    def write(self, text: str) -> int:
        return len(text)


class ProgressBars:
    """One tqdm bar per puzzle: tasks done, elapsed time, ETA, targets stored.

    Drawn on a terminal (``draw``). Otherwise, given ``every`` (seconds), the same bars count
    unseen and their line is said at most that often, for the log of a long run; else silent.
    """

    def __init__(
        self,
        counts: dict[str, tuple[int, int]],
        *,
        draw: bool,
        every: float | None = None,
        say: Callable[[str], None] = print,
    ) -> None:
        from tqdm import tqdm

        self._every = None if draw else every
        self._say = say
        self._said_at = time.monotonic()
        self._targets = {pid: [0, n_targets] for pid, (_, n_targets) in counts.items()}
        self._bars = {
            pid: tqdm(
                total=n_tasks,
                desc=pid.ljust(22) if draw else pid,
                unit="task",
                position=i,
                leave=True,
                disable=not draw and self._every is None,
                file=None if draw else _Discard(),
                bar_format=_BAR_FORMAT if draw else _LINE_FORMAT,
                smoothing=_SMOOTHING,
            )
            for i, (pid, (n_tasks, _)) in enumerate(counts.items())
        }

    def task_done(self, puzzle_id: str, stored: str | None = None) -> None:
        """One more task of a puzzle done, and the target it completed (``stored``) if any."""
        bar = self._bars[puzzle_id]
        if stored is not None:
            done = self._targets[puzzle_id]
            done[0] += 1
            bar.set_postfix_str(f"targets {done[0]}/{done[1]} (last {stored})", refresh=False)
        bar.update(1)
        if self._every is not None and time.monotonic() - self._said_at >= self._every:
            self._said_at = time.monotonic()
            self._say(str(bar))

    def close(self) -> None:
        for bar in self._bars.values():
            bar.close()
