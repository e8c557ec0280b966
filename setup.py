"""The one compiled part: nonogram line logic and clauses (kinds/nonogram/_native.c).

It is optional: without a C compiler the install still succeeds, and the same work is done
by its Python twin (lines.propagate and encode.line_clauses), slower.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "puzzlesat.kinds.nonogram._native",
            ["src/puzzlesat/kinds/nonogram/_native.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
