"""puzzlesat: take a logic puzzle off the web, solve it with SAT, prove it unique, draw it."""

__version__ = "0.1.0"
