"""The CP-SAT side of :mod:`solver.cover`: the model, the solver's settings and the collector.

Kept apart so that a process imports OR-Tools (and pandas, which its CP-SAT module imports: about
0.4 s of a start's CPU) only when it first solves: :mod:`solver.cover` imports this module then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ortools.sat.python import cp_model

from solver.cover_problem import Constraints, CoverProblem, SearchIncomplete, Solution

# With enumerate_all_solutions a finished search ends OPTIMAL (solutions found) or INFEASIBLE (none).
_FINISHED = (cp_model.OPTIMAL, cp_model.INFEASIBLE)


class Collector(cp_model.CpSolverSolutionCallback):
    """Collects every solution as the sorted tuple of chosen option indices.

    Reading a solution costs more than finding it if done naively (a Python call per option,
    or CP-SAT evaluating a weighted sum per group: together a third of a weekday target's
    time). Since every item is covered exactly once, the option covering the lowest item not
    yet covered is one whose first item it is; the read-out walks the items that way, looking
    only at those options' values in the solution CP-SAT reports.
    """

    def __init__(
        self, problem: CoverProblem, limit: int | None, accept: Callable[[Solution], bool] | None = None
    ) -> None:
        super().__init__()
        self._accept = accept
        self._starting_at: list[list[int]] = [[] for _ in range(problem.n_items)]
        self._masks: list[int] = []
        for index, option in enumerate(problem.options):
            self._starting_at[min(option.items)].append(index)
            self._masks.append(sum(1 << item for item in set(option.items)))
        self._all_items = (1 << problem.n_items) - 1
        self._limit = limit
        self.solutions: list[Solution] = []

    @property
    def reached_limit(self) -> bool:
        """Whether the caller's limit of solutions has been collected."""
        return self._limit is not None and len(self.solutions) >= self._limit

    def on_solution_callback(self) -> None:
        solution = self._read(self.response_proto.solution)
        if self._accept is None or self._accept(solution):
            self.solutions.append(solution)
        if self.reached_limit:
            self.stop_search()

    def _read(self, values: Sequence[int]) -> Solution:
        starting_at, masks, all_items = self._starting_at, self._masks, self._all_items
        covered = 0
        chosen = []
        while covered != all_items:
            lowest_open = (~covered & (covered + 1)).bit_length() - 1
            for option in starting_at[lowest_open]:
                if values[option]:
                    break
            else:
                raise SearchIncomplete(f"CP-SAT reported a solution that leaves item {lowest_open} uncovered")
            chosen.append(option)
            covered |= masks[option]
        return tuple(sorted(chosen))


def build_model(problem: CoverProblem, constraints: Constraints) -> cp_model.CpModel:
    """The problem as a CP-SAT model, written straight into its proto (4.5 ms for a tetromino
    calendar target's 700 options; 7.2 ms through CP-SAT's Python helpers). Variable ``i`` is
    option ``i``; literal ``-i-1`` is its negation."""
    model = cp_model.CpModel()
    proto = model.proto
    # Variables: one boolean per option.
    for _ in problem.options:
        proto.variables.add().domain.extend((0, 1))
    # Main constraints: each item covered once, each group used once.
    by_item: list[list[int]] = [[] for _ in range(problem.n_items)]
    by_group: list[list[int]] = [[] for _ in range(problem.n_groups)]
    for index, option in enumerate(problem.options):
        by_group[option.group].append(index)
        for item in option.items:
            by_item[item].append(index)
    for literals in (*by_item, *by_group):
        proto.constraints.add().exactly_one.literals.extend(literals)
    add_facts(model, problem)
    # Caller's constraints: fixed, forbidden, excluded solutions.
    if constraints.fixed or constraints.forbidden:
        proto.constraints.add().bool_and.literals.extend(
            [*constraints.fixed, *(-index - 1 for index in constraints.forbidden)]
        )
    for solution in constraints.excluded:
        proto.constraints.add().bool_or.literals.extend([-index - 1 for index in solution])
    # Search strategy: options ordered by the first item they cover, each tried "chosen" first.
    strategy = proto.search_strategy.add()
    strategy.variables.extend(
        sorted(range(len(problem.options)), key=lambda i: (min(problem.options[i].items), i))
    )
    strategy.variable_selection_strategy = cp_model.CHOOSE_FIRST
    strategy.domain_reduction_strategy = cp_model.SELECT_MAX_VALUE
    return model


def add_facts(model: cp_model.CpModel, problem: CoverProblem) -> None:
    """The problem's dead options and exclusions.

    A weekday calendar target has tens of thousands of exclusions; one ``bool_and`` per option (``a``
    implies not ``b`` for each ``b``) keeps that to about a thousand constraints.
    """
    if problem.dead:
        model.proto.constraints.add().bool_and.literals.extend([-index - 1 for index in problem.dead])
    for option, excluded in problem.excludes:
        constraint = model.proto.constraints.add()
        constraint.enforcement_literal.append(option)
        constraint.bool_and.literals.extend([-index - 1 for index in excluded])


def make_solver(enumerate_all: bool, seconds: float | None = None) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    if seconds is not None:
        solver.parameters.max_time_in_seconds = seconds
    solver.parameters.search_branching = cp_model.FIXED_SEARCH
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = enumerate_all
    # Measured on this catalog: presolve, LP relaxation, symmetry detection and
    # probing cost more than they save on small exact-cover models (3.5x on a
    # calendar date; docs/benchmarks.md, "What each solver setting saves").
    solver.parameters.cp_model_presolve = False
    solver.parameters.linearization_level = 0
    solver.parameters.symmetry_level = 0
    solver.parameters.cp_model_probing_level = 0
    # Inprocessing (vivification, probing, clause minimization between searches) spends most of
    # an enumeration's branches on exact-cover models, and the recursive conflict minimization
    # costs more than it saves: without them a weekday calendar target is 1.5x and a tetromino
    # one 3x faster (docs/benchmarks.md, "What each solver setting saves").
    solver.parameters.inprocessing_dtime_ratio = 0.0
    solver.parameters.minimization_algorithm = type(solver.parameters).SIMPLE
    # CP-SAT would install its own SIGINT handler for each solve and leave the default one behind,
    # so a Ctrl-C after a solve in the API's or the bot's threads (targets solved on demand) would
    # kill the process instead of stopping it cleanly; precompute's workers block SIGINT anyway.
    solver.parameters.catch_sigint_signal = False
    return solver


def check_status(status: cp_model.CpSolverStatus, *, stopped_at_limit: bool = False) -> None:
    """Return None if an enumeration finished or stopped at the caller's limit; SearchIncomplete otherwise.

    FEASIBLE means the search stopped before the end: fine when the collector
    stopped it at its limit, incomplete otherwise (e.g. a time limit). UNKNOWN
    (stopped before any answer) and MODEL_INVALID always raise.
    """
    if status in _FINISHED or (status == cp_model.FEASIBLE and stopped_at_limit):
        return
    raise SearchIncomplete(f"CP-SAT enumeration did not finish: status {status.name}")


def finished(status: cp_model.CpSolverStatus) -> bool:
    """Whether an enumeration went through to the end."""
    return status in _FINISHED


def rejected(status: cp_model.CpSolverStatus) -> bool:
    """Whether CP-SAT refused the model itself."""
    return status == cp_model.MODEL_INVALID


def search(
    problem: CoverProblem,
    constraints: Constraints,
    limit: int | None,
    *,
    seconds: float | None = None,
    accept: Callable[[Solution], bool] | None = None,
) -> tuple[Collector, cp_model.CpSolverStatus]:
    """Enumerate with CP-SAT: the collector (its solutions) and the status the solve ended with."""
    collector = Collector(problem, limit, accept)
    model = build_model(problem, constraints)
    status = make_solver(enumerate_all=True, seconds=seconds).solve(model, collector)
    return collector, status
