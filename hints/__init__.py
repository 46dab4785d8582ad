"""The service layer: daily puzzles, hints, stored solutions, counts and positions.

The bot, the API and the command-line tools read puzzle data only through
these modules (:mod:`hints.daily`, :mod:`hints.solutions`, :mod:`hints.positions`);
none of them commits: the caller's unit of work does.
"""
