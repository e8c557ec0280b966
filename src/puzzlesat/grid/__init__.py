"""What every grid game shares, in the style of cspuz: one small function a rule.

* `geometry`: cells, neighbours, the pairs that touch, strips cut into 2x2 blocks, the
  row and column segments between walls, regions (from ids or from borders), the walls
  between units, cell edges and lattice edges;
* `clauses`: the clause shapes grid games keep needing beyond CardEnc (at least one, at
  most one, exactly k of a few, or of a whole unit as native constraints, a flag for
  "one of these", never two touching, fresh variables);
* `draw`: one terminal drawing of a grid of glyphs inside walls and region borders (full,
  compact, ASCII, never cropped), whose wall slots are where loop edges will go;
* `picture`: the same grid's thin lines, walls and frame in SVG;
* `connectivity`: one single loop, one connected region, one tree (clauses up front and
  a lazy refine that cuts what is not connected), over literals of either polarity;
* `connected`: its twin for the checkers, in plain Python: the parts of a graph (by
  default cells next to each other), and whether there is one;
* `cell_path`: a line through cell centres (Masyu's loop): its edges numbered in the
  answer's order, its box-drawing lines in the terminal (full, compact, ASCII) and in SVG;
* `counts`: the counts of marked cells along every row and column (Thermometers,
  Aquarium): a board base, board JSON, the rule as native exact counts, the check, and the
  counts drawn above and left of the grid, in the terminal and in SVG;
* `loop`: a loop game's answer (edge rows between grid points: Masyu's cell centres,
  Slitherlink's lattice), its JSON, the site's y/n text, and the one-loop check.

Kinds import it; it imports no kind (core, the SVG primitives and the drawing style only),
and imports neither rich nor a solver until a drawing asks for it.
"""
