"""Small line charts drawn by the server as SVG: the running totals of a match by hole,
and the recent totals of a rule set.

The SVG is plain markup (presentation attributes, no style attribute, no script), so
the pages' Content-Security-Policy holds. Each line has its own marker shape as well as
its own colour, and a legend, so that colour is never the only way to tell lines apart;
the chart is one image with a name, and the numbers it draws are on the page as a table.

>>> svg = line_chart([("You", [3, 8]), ("Computer", [5, 4])], ["1", "2"], "Running totals")
>>> svg.startswith('<svg') and 'role="img"' in svg and 'aria-label="Running totals"' in svg
True
"""

from __future__ import annotations

from html import escape

from markupsafe import Markup

# Colours with enough contrast on white, each with a marker shape of its own.
INKS = ["#1d5a37", "#b3161f", "#0b4fa0", "#7a4a00", "#5b2a86", "#00666b", "#8a1c6b", "#3d3d3d"]
MARKERS = ["circle", "square", "diamond", "triangle", "circle", "square", "diamond", "triangle"]

WIDTH, HEIGHT = 520, 220
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 12, 28


def _marker(kind: str, x: float, y: float, ink: str) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{ink}"/>'
    if kind == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{ink}"/>'
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - 5:.1f}L{x + 5:.1f} {y:.1f}L{x:.1f} {y + 5:.1f}L{x - 5:.1f} {y:.1f}Z" fill="{ink}"/>'
    return f'<path d="M{x:.1f} {y - 5:.1f}L{x + 5:.1f} {y + 4:.1f}L{x - 5:.1f} {y + 4:.1f}Z" fill="{ink}"/>'


def _ticks(low: int, high: int) -> list[int]:
    """A few round values from ``low`` to ``high`` for the vertical axis."""
    span = max(high - low, 1)
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if span / s <= 5)
    start = (low // step) * step
    return list(range(start, high + step, step))


def line_chart(
    series: list[tuple[str, list[int]]], x_labels: list[str], name: str, x_title: str = "Hole", with_zero: bool = True
) -> Markup:
    """An SVG chart of one line per series over ``x_labels`` (values may stop early);
    its scale takes in 0 unless ``with_zero`` is False (a rating near 1000, say)."""
    values = [v for _, line in series for v in line]
    floor = [0] if with_zero else []
    low, high = (min(values + floor), max(values + floor)) if values else (0, 1)
    ticks = _ticks(low, high)
    low, high = ticks[0], ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = max(len(x_labels), 2)

    def x_at(i: int) -> float:
        return LEFT + plot_w * i / (count - 1)

    def y_at(v: float) -> float:
        return TOP + plot_h * (high - v) / ((high - low) or 1)

    legend_h = 18 * ((len(series) + 3) // 4)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT + legend_h}" '
        f'role="img" aria-label="{escape(name)}">',
        f"<title>{escape(name)}</title>",
    ]
    for t in ticks:
        y = y_at(t)
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#d0d0d0" '
            f'stroke-width="{1.5 if t == 0 else 1}"/>'
        )
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="11" fill="#1b1b1b">{t}</text>')
    every = max(1, len(x_labels) // 9)
    for i, label in enumerate(x_labels):
        if i % every == 0 or i == len(x_labels) - 1:
            parts.append(
                f'<text x="{x_at(i):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle" font-size="11" '
                f'fill="#1b1b1b">{escape(label)}</text>'
            )
    parts.append(
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 2}" text-anchor="end" font-size="11" '
        f'fill="#4a4a4a">{escape(x_title)}</text>'
    )
    for index, (label, line) in enumerate(series):
        ink, marker = INKS[index % len(INKS)], MARKERS[index % len(MARKERS)]
        points = [(x_at(i), y_at(v)) for i, v in enumerate(line)]
        if len(points) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{ink}" stroke-width="2.5"/>')
        parts.extend(_marker(marker, x, y, ink) for x, y in points)
        lx, ly = 8 + 128 * (index % 4), HEIGHT + 6 + 18 * (index // 4)
        parts.append(_marker(marker, lx + 5, ly + 5, ink))
        parts.append(f'<text x="{lx + 14}" y="{ly + 9}" font-size="12" fill="#1b1b1b">{escape(label)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
