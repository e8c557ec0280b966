"""Rewrite the README's generated tables from the registries: the games read (`<!-- games
... -->`) and every kind's board JSON (`<!-- kinds ... -->`). tests/test_catalogue.py
fails until this is run after a game or kind is added:

    python tools/update_readme_tables.py
"""

from __future__ import annotations

import re
from pathlib import Path

from puzzlesat import catalogue

README = Path(__file__).resolve().parents[1] / "README.md"


def main() -> None:
    text = README.read_text(encoding="utf-8")
    for name, table in (("games", catalogue.table(catalogue.games())),
                        ("kinds", catalogue.kinds_table(catalogue.kinds()))):
        pattern = re.compile(rf"(<!-- {name}:[^>]*-->\n)(.*?)(<!-- /{name} -->)", re.S)
        text, count = pattern.subn(lambda m, t=table: m.group(1) + t + m.group(3), text)
        if count != 1:
            raise SystemExit(f"README.md has no table of {name} between its markers")
    README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
