"""A tiny SVG writer for the pictures of solved puzzles, and their PNG through cairosvg.

The kinds' picture modules (`kinds/*/picture.py`) lay out their grid and clues; what they
share is here: a document of rects, lines and text in one font stack, the colour that reads
over a fill, and the PNG of a document. Output is deterministic (same calls, same bytes):
numbers are written rounded, attributes in a fixed order, nothing depends on the clock.
cairosvg (and the system's libcairo) is imported only when a PNG is asked for, so that the
SVG, and everything else, works without them.
"""

from __future__ import annotations

import math

from .core import LazyPattern, ServiceUnavailable, one_line, xml_attr, xml_escape

FONT = "DejaVu Sans, Arial, sans-serif"  # DejaVu first: cairosvg takes the first family only
DIGIT_WIDTH = 0.64  # a digit's advance in DejaVu Sans, in ems: for laying out clue text
BASELINE = 0.36  # baseline below a line's middle, in ems: centres digits without
# dominant-baseline, which renderers (cairosvg among them) honour unevenly
TITLE_SIZE = 16
TITLE_CHARS = 80  # a title widens the page up to this many characters; a longer one is cut
MARGIN = 12
PNG_SIDE = 32767  # the widest and tallest image cairo draws
PNG_PIXELS = 1 << 25  # the most pixels a PNG is drawn with (four bytes each while drawn)
SVG_SIZE = LazyPattern(r'<svg[^>]*? width="([0-9.]+)" height="([0-9.]+)"')
PNG_HINT = "pip install 'puzzlesat[png]' (it needs the system's cairo library too)"


def number(value: float) -> str:
    """A coordinate as SVG text: at most two decimals, no trailing zeros, so that the same
    layout always gives the same bytes and the file stays small."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def text_width(text: str, size: float) -> float:
    """About how wide `text` is at `size` px: the layout needs room for clues before any
    renderer measures them (digits are the widest common glyphs, so this errs wide)."""
    return len(text) * DIGIT_WIDTH * size


def ink_on(fill: str) -> str:
    """Black or white, whichever reads over the colour `fill` ("rrggbb" or "#rrggbb"),
    by the same perceived brightness the terminal drawing uses."""
    hex_ = fill.removeprefix("#")
    red, green, blue = (int(hex_[i : i + 2], 16) for i in (0, 2, 4))
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#ffffff"


def hex_colour(fill: str) -> str:
    """"rrggbb" (as boards keep colours) as "#rrggbb" for SVG; other spellings unchanged."""
    return f"#{fill}" if len(fill) == 6 and not fill.startswith("#") else fill


def _attributes(pairs: dict[str, object]) -> str:
    """Attributes in the order given, None left out, numbers rounded, values quoted."""
    out = []
    for name, value in pairs.items():
        if value is None:
            continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = number(value)
        out.append(f" {name}={xml_attr(str(value))}")
    return "".join(out)


class Svg:
    """One SVG document being built: elements are appended in drawing order (later ones
    paint over earlier ones), and `document()` gives the text."""

    def __init__(self, width: float, height: float, title: str | None = None):
        self.width = math.ceil(width)  # whole pixels: a PNG of the page has no half pixel
        self.height = math.ceil(height)
        self.title = title
        self.parts: list[str] = []

    def element(self, tag: str, content: str | None = None, **attributes: object) -> None:
        """Any element; `content` is text and is escaped. Attribute names take '_' for '-'
        (font_weight -> font-weight) and a trailing '_' for Python keywords (class_)."""
        names = {key.rstrip("_").replace("_", "-"): value for key, value in attributes.items()}
        attrs = _attributes(names)
        if content is None:
            self.parts.append(f"<{tag}{attrs}/>")
        else:
            self.parts.append(f"<{tag}{attrs}>{xml_escape(content)}</{tag}>")

    def rect(self, x: float, y: float, width: float, height: float, fill: str, **more) -> None:
        """A filled rectangle (give stroke=... for an outline)."""
        self.element("rect", x=x, y=y, width=width, height=height, fill=fill, **more)

    def line(
        self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float, **more
    ) -> None:
        """A straight line; square caps, so that walls meeting at a corner close it."""
        self.element(
            "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, stroke_width=width,
            stroke_linecap=more.pop("stroke_linecap", "square"), **more,
        )

    def text(
        self,
        x: float,
        middle: float,
        content: str,
        size: float,
        fill: str = "#000000",
        anchor: str = "middle",
        bold: bool = False,
        **more,
    ) -> None:
        """A line of text whose middle is at height `middle`: centred on x, or ending
        (anchor="end") or starting there."""
        self.element(
            "text",
            content,
            x=x,
            y=middle + BASELINE * size,
            font_family=FONT,
            font_size=size,
            font_weight="bold" if bold else "normal",
            text_anchor=anchor,
            fill=fill,
            **more,
        )

    def document(self) -> str:
        """The whole document: size, viewBox, a white page, the title, then the elements."""
        size = {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": self.width,
            "height": self.height,
            "viewBox": f"0 0 {number(self.width)} {number(self.height)}",
        }
        head = [f"<svg{_attributes(size)}>"]
        title = one_line(self.title or "")
        if title:  # whole, where the drawn one may be cut
            head.append(f"<title>{xml_escape(title)}</title>")
        head.append('<rect width="100%" height="100%" fill="#ffffff"/>')
        return "\n".join([*head, *self.parts, "</svg>"]) + "\n"


def shown_title(title: str | None, width: float) -> str:
    """The title as drawn over a picture `width` wide: one line, cut with an ellipsis where
    it would widen the page past both the picture and TITLE_CHARS characters, so that no
    title makes a page too wide to draw (the document's <title> keeps it whole)."""
    line = one_line(title or "")
    fits = max(TITLE_CHARS, int((width - 2 * MARGIN) / (TITLE_SIZE * DIGIT_WIDTH * 0.9)))
    return line if len(line) <= fits else line[: fits - 1].rstrip() + "\u2026"


def titled(width: float, title: str) -> tuple[float, float]:
    """(page width, height taken above the picture) for a picture `width` wide under its
    title as drawn: the page widens for the title rather than crop it (shown_title has cut
    one that would widen it without bound)."""
    if not title:
        return width, 0.0
    return max(width, text_width(title, TITLE_SIZE) * 0.9 + 2 * MARGIN), TITLE_SIZE * 2.0


def draw_title(svg: Svg, title: str) -> None:
    """The board's title centred on top of the page, bold."""
    if title:
        svg.text(svg.width / 2, MARGIN + TITLE_SIZE * 0.6, title, TITLE_SIZE, bold=True)


def grid_page(
    columns: int, rows: int, cell: float, title: str | None, left: float = 0, top: float = 0,
    right: float = 0, bottom: float = 0,
) -> tuple[Svg, float, float]:
    """A page for a grid of cells under its title, with `left`, `top`, `right` and
    `bottom` room for clues around it, the grid's white ground drawn: (the page, x and y
    of the grid's top left corner)."""
    content = 2 * MARGIN + left + columns * cell + right
    shown = shown_title(title, content)
    width, title_height = titled(content, shown)
    x0, y0 = (width - content) / 2 + MARGIN + left, MARGIN + title_height + top
    page = Svg(width, y0 + rows * cell + bottom + MARGIN, title)
    draw_title(page, shown)
    page.rect(x0, y0, columns * cell, rows * cell, "#ffffff", class_="grid")
    return page, x0, y0


def png_size(width: float, height: float) -> tuple[int, int]:
    """The pixels a page `width` x `height` is drawn at in a PNG: its own size, or scaled
    down, keeping its shape, to what cairo can draw (PNG_SIDE) and memory should hold
    (PNG_PIXELS). A picture is never refused for its size: a banner-wide puzzle or a long
    title still gives its whole picture, and the SVG keeps every detail."""
    scale = min(1.0, PNG_SIDE / width, PNG_SIDE / height, math.sqrt(PNG_PIXELS / (width * height)))

    def fitted(side: float) -> int:  # the small slack keeps a whole side whole
        return min(PNG_SIDE, max(1, math.floor(side * scale + 1e-6)))

    return fitted(width), fitted(height)


def png_of(svg_text: str) -> bytes:
    """The SVG drawn into a PNG by cairosvg, imported only now: a missing cairosvg or
    libcairo (an ImportError, or an OSError from loading the library) is ServiceUnavailable
    with how to install it, not a crash, and costs nothing to whoever never asks for a PNG."""
    try:
        import cairosvg
    except (ImportError, OSError) as error:
        raise ServiceUnavailable(
            f"PNG output needs cairosvg and the cairo library: {error}", hint=PNG_HINT
        ) from None
    try:
        return cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), **_png_fit(svg_text))
    except OSError as error:  # libcairo loads lazily in some cairocffi versions
        raise ServiceUnavailable(
            f"cairosvg could not draw the PNG: {error}", hint=PNG_HINT
        ) from None


def _png_fit(svg_text: str) -> dict[str, int]:
    """cairosvg's output size for the document (see png_size); nothing when it declares no
    size of its own."""
    size = SVG_SIZE.match(svg_text)
    if size is None or not all(float(side) > 0 for side in size.groups()):
        return {}
    width, height = png_size(*(float(side) for side in size.groups()))
    return {"output_width": width, "output_height": height}
