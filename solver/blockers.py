"""Options that cannot be in any solution, alone or two together: redundant facts for CP-SAT.

An exact-cover search fails most often right after a placement that leaves some item (cell)
with no option left to cover it: every option through that item overlaps the placements
made, or uses a piece they use. CP-SAT finds each such dead end by a conflict, analyses it
and learns a long clause, which costs about half of its time on a calendar target. Checked
beforehand, the simplest of these dead ends become facts CP-SAT propagates for free:

- a *lone* blocker is an option that by itself rules out every option through some other
  item: no solution holds it;
- a *pair* of blockers is two compatible options that together rule out every option through
  some other item: no solution holds both.

Both are true of any sub-problem that drops options and leaves items open (a calendar target
is its whole board minus a few open cells and the placements over them), as long as the
witness item still has to be covered there. So a board is analysed once and each target
keeps the facts whose witness it covers (:meth:`Blockers.onto`). With them CP-SAT enumerates a
weekday-calendar target about 1.3x faster (docs/benchmarks.md, "What each solver setting saves").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from solver.cover import CoverProblem

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

# Pairs are looked for among the options next to an item: those overlapping more than this share
# of the options through it. Options further away rarely end a search; leaving them out makes the
# analysis 3-5x faster and the facts 40 % fewer at no cost in search speed (measured on the
# calendar editions).
NEAR_SHARE = 0.5


@dataclass(frozen=True, eq=False)
class Blockers:
    """Lone blockers (``lone[k]`` strands ``lone_item[k]``) and pairs (``pairs[k]`` strand ``pair_item[k]``).

    A pair appears once per witness item; ``pairs`` holds option indices ``a < b``.
    """

    lone: IntArray
    lone_item: IntArray
    pairs: IntArray  # shape (k, 2)
    pair_item: IntArray

    def onto(self, option_map: IntArray, open_items: BoolArray) -> tuple[IntArray, IntArray]:
        """The facts that hold on a sub-problem, in its option indices: (dead options, pairs ``a < b``).

        ``option_map[i]`` is the sub-problem's index of this problem's option ``i``, or -1 where
        the sub-problem lacks it; ``open_items[j]`` is True where item ``j`` needs no cover there.
        Every option of the sub-problem must be one of this problem's (same items, same group).
        """
        keep_lone = (option_map[self.lone] >= 0) & ~open_items[self.lone_item]
        dead = np.unique(option_map[self.lone[keep_lone]])
        mapped = option_map[self.pairs]
        keep = (mapped >= 0).all(axis=1) & ~open_items[self.pair_item]
        mapped = np.sort(mapped[keep], axis=1)
        return dead, _unique_rows(mapped)


def _unique_rows(pairs: IntArray) -> IntArray:
    if not len(pairs):
        return pairs.reshape(0, 2)
    base = int(pairs.max()) + 1
    keys = np.unique(pairs[:, 0] * base + pairs[:, 1])
    return np.stack([keys // base, keys % base], axis=1)


def _incidence(problem: CoverProblem) -> npt.NDArray[np.float32]:
    """Options x items, 1.0 where the option covers the item (float for BLAS products)."""
    sizes = [len(option.items) for option in problem.options]
    rows = np.repeat(np.arange(len(problem.options)), sizes)
    columns = np.fromiter((item for option in problem.options for item in option.items), dtype=np.int64)
    incidence = np.zeros((len(problem.options), problem.n_items), dtype=np.float32)
    incidence[rows, columns] = 1.0
    return incidence


def find_blockers(problem: CoverProblem) -> Blockers:
    """Every lone blocker, and the pairs of blockers next to their item.

    Two options *clash* when they share an item or a group. For each item, an option not
    through it that clashes with all the options through it is a lone blocker; two options
    that do not clash with each other, each overlapping more than :data:`NEAR_SHARE` of the
    options through the item, whose non-clashing options through it have nothing in common,
    are a pair.
    """
    incidence = _incidence(problem)
    groups = np.array([option.group for option in problem.options], dtype=np.int64)
    overlap = (incidence @ incidence.T) > 0
    clash = overlap | (groups[:, None] == groups[None, :])
    lone, lone_item, pairs, pair_item = [], [], [], []
    for item in range(problem.n_items):
        through = incidence[:, item] > 0
        compatible = ~clash[:, through]  # option x option through the item: may both be chosen
        left = compatible.sum(axis=1)
        found = np.flatnonzero(~through & (left == 0))
        lone.append(found)
        lone_item.append(np.full(len(found), item))
        if not through.any():  # a cell no placement covers (a person's board): every option is lone
            continue
        near = np.flatnonzero(~through & (left > 0) & (overlap[:, through].mean(axis=1) > NEAR_SHARE))
        shared = compatible[near].astype(np.float32)
        together = ~(((shared @ shared.T) > 0) | clash[np.ix_(near, near)])
        first, second = np.nonzero(np.triu(together, 1))
        pairs.append(np.stack([near[first], near[second]], axis=1))
        pair_item.append(np.full(len(first), item))
    return Blockers(
        lone=np.concatenate(lone).astype(np.int64),
        lone_item=np.concatenate(lone_item).astype(np.int64),
        pairs=np.concatenate(pairs).astype(np.int64).reshape(-1, 2),
        pair_item=np.concatenate(pair_item).astype(np.int64),
    )


def with_facts(problem: CoverProblem, dead: IntArray, pairs: IntArray) -> CoverProblem:
    """The problem carrying the facts: dead options, and for each option the later options it excludes."""
    excludes: list[tuple[int, tuple[int, ...]]] = []
    if len(pairs):
        starts = np.flatnonzero(np.r_[True, pairs[1:, 0] != pairs[:-1, 0]])
        for start, end in zip(starts, [*starts[1:], len(pairs)], strict=True):
            excludes.append((int(pairs[start, 0]), tuple(pairs[start:end, 1].tolist())))
    return replace(problem, dead=tuple(dead.tolist()), excludes=tuple(excludes))
