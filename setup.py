"""The compiled parts: nonogram line logic, clauses and belief propagation
(kinds/nonogram/_native.c), and the probing search that races MiniSat on black-and-white
nonograms (kinds/nonogram/_search.c), and the engine that solves files of many boxed Sudokus
(kinds/sudoku/_solver.c).

All are optional: without a C compiler the install still succeeds; the same line logic and
clauses come from their Python twins (lines.propagate and encode.line_clauses), slower,
MiniSat runs without the search beside it, and Sudokus go to the numpy engine and SAT.
"""

import os

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "puzzlesat.kinds.nonogram._native",
            ["src/puzzlesat/kinds/nonogram/_native.c"],
            extra_compile_args=["-O2"],
            libraries=["m"] if os.name == "posix" else [],  # exp and log
            optional=True,
        ),
        Extension(
            "puzzlesat.kinds.nonogram._search",
            ["src/puzzlesat/kinds/nonogram/_search.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(
            "puzzlesat.kinds.sudoku._solver",
            ["src/puzzlesat/kinds/sudoku/_solver.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ]
)
