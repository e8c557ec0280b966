"""The one compiled part: line logic and the order encoding of nonograms (kinds/nonogram/_native.c).

It is optional: without a C compiler the install still succeeds and nonograms go to the SAT
solver alone, as they did before the search existed.
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
