"""The generic CP-SAT cover solver on a toy problem small enough to enumerate by hand."""

from itertools import combinations

import pytest
from ortools.sat.python import cp_model

from solver.cover import (
    Constraints,
    CoverProblem,
    Option,
    SearchIncomplete,
    enumerate_solutions,
    find_other_solution,
    find_solution,
)
from solver.cpsat import check_status

# A 2x3 grid (items 0..5, row-major) tiled by three dominoes, each domino its own group,
# every domino allowed in every position: 3 tilings x 3! assignments of dominoes = 18.
POSITIONS = [(0, 1), (1, 2), (3, 4), (4, 5), (0, 3), (1, 4), (2, 5)]
TOY = CoverProblem(6, 3, tuple(Option(g, cells) for g in range(3) for cells in POSITIONS))


NONE = Constraints()


def brute_force(problem: CoverProblem, constraints: Constraints = NONE) -> set[tuple[int, ...]]:
    found = set()
    for combo in combinations(range(len(problem.options)), problem.n_groups):
        items = [i for o in combo for i in problem.options[o].items]
        groups = {problem.options[o].group for o in combo}
        if sorted(items) != list(range(problem.n_items)) or len(groups) != problem.n_groups:
            continue
        if not set(constraints.fixed) <= set(combo) or set(constraints.forbidden) & set(combo):
            continue
        if any(set(ex) == set(combo) for ex in constraints.excluded):
            continue
        found.add(combo)
    return found


def test_enumeration_matches_brute_force() -> None:
    solutions = enumerate_solutions(TOY)
    assert len(solutions) == 18
    assert set(solutions) == brute_force(TOY)
    assert len(set(solutions)) == len(solutions)


def test_fixed_forbidden_and_excluded_constraints() -> None:
    constraints = Constraints(fixed=(4,), forbidden=(7 + 2,), excluded=())
    assert set(enumerate_solutions(TOY, constraints)) == brute_force(TOY, constraints)
    first = find_solution(TOY, constraints)
    assert first is not None
    excluded = Constraints(fixed=(4,), excluded=(first,))
    assert set(enumerate_solutions(TOY, excluded)) == brute_force(TOY, excluded)


def test_find_other_solution_detects_uniqueness() -> None:
    # With domino 0 vertical at the left and domino 1 vertical in the middle, the rest is forced.
    fixed = (4, 7 + 5)
    only = find_solution(TOY, Constraints(fixed=fixed))
    assert only is not None
    assert find_other_solution(TOY, only, fixed) is None
    assert find_other_solution(TOY, only, fixed=(4,)) is not None


def test_clashing_fixed_options_have_no_solution() -> None:
    assert enumerate_solutions(TOY, Constraints(fixed=(0, 7))) == []  # both cover items 0 and 1
    assert find_solution(TOY, Constraints(fixed=(0,), forbidden=(0,))) is None


def test_limit_stops_early() -> None:
    assert len(enumerate_solutions(TOY, limit=5)) == 5


@pytest.mark.parametrize(
    ("status", "stopped_at_limit"),
    [(cp_model.OPTIMAL, False), (cp_model.INFEASIBLE, False), (cp_model.FEASIBLE, True)],
)
def test_finished_or_limited_enumerations_pass_the_status_check(
    status: cp_model.CpSolverStatus, stopped_at_limit: bool
) -> None:
    check_status(status, stopped_at_limit=stopped_at_limit)  # raises if not


@pytest.mark.parametrize(
    ("status", "stopped_at_limit"),
    [(cp_model.FEASIBLE, False), (cp_model.UNKNOWN, False), (cp_model.MODEL_INVALID, True)],
)
def test_unfinished_enumerations_raise(status: cp_model.CpSolverStatus, stopped_at_limit: bool) -> None:
    with pytest.raises(SearchIncomplete, match=status.name):
        check_status(status, stopped_at_limit=stopped_at_limit)


def test_an_invalid_model_and_a_timed_out_search_are_reported() -> None:
    invalid = cp_model.CpModel()
    invalid.new_int_var(1, 0, "empty_domain")
    with pytest.raises(SearchIncomplete, match="MODEL_INVALID"):
        check_status(cp_model.CpSolver().solve(invalid))
    timed_out = cp_model.CpSolver()
    timed_out.parameters.enumerate_all_solutions = True
    timed_out.parameters.max_time_in_seconds = 0.0
    model = cp_model.CpModel()
    model.add_exactly_one([model.new_bool_var(f"x{i}") for i in range(3)])
    with pytest.raises(SearchIncomplete, match="UNKNOWN"):
        check_status(timed_out.solve(model))
