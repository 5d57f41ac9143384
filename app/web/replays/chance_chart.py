"""The chart of a finished match's story, drawn by the server as SVG: each seat's chance
to win after every step, one line a seat in the seat's colour (the colours and marker
shapes of :mod:`app.web.charts`, seat by seat), the holes marked along the bottom, the
turning points ringed and the replay's current step marked.

The SVG is plain markup (presentation attributes, no style attribute, no script), so the
pages' Content-Security-Policy holds. Its numbers are on the page as words too: a table
of each seat's chance at each hole's start, and the turning points (:func:`story_model`).
``static/chance.js`` makes the chart a control where script runs: a click goes to the
nearest step, and the arrow keys move a point along it that Enter goes to.

A long match has more steps than the chart has room for: its lines are drawn through
the lowest and the highest chance of each run of steps that share a point's width, so
that no swing is lost.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape

from markupsafe import Markup

from app.service.replays.win_chances import Story
from app.web.charts import INKS, MARKERS

# Drawn small: the chart is shown a third of a wide screen across, or a phone's width,
# and its words must stay readable there.
WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 42, 10, 10, 36
LEGEND_ROW, LEGEND_COLUMNS, LEGEND_NAME = 20, 2, 20
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
MOST_POINTS = 400  # points a line is drawn through at most: about one a unit of width
TICKS = (0, 25, 50, 75, 100)


def percent(share: float) -> int:
    """A chance as a whole percentage, never 0 or 100 unless it is certain.

    >>> percent(0.004), percent(0.5), percent(0.996), percent(1.0)
    (1, 50, 99, 100)
    """
    value = round(100 * share)
    if 0 < share < 1:
        value = min(max(value, 1), 99)
    return value


def _marker(kind: str, x: float, y: float, ink: str, size: float = 4.0) -> str:
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size:.1f}" fill="{ink}"/>'
    if kind == "square":
        s = size * 0.875
        return f'<rect x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}" fill="{ink}"/>'
    s = size * 1.25
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - s:.1f}L{x + s:.1f} {y:.1f}L{x:.1f} {y + s:.1f}L{x - s:.1f} {y:.1f}Z" fill="{ink}"/>'
    return f'<path d="M{x:.1f} {y - s:.1f}L{x + s:.1f} {y + s * 0.8:.1f}L{x - s:.1f} {y + s * 0.8:.1f}Z" fill="{ink}"/>'


def x_at(step: int, count: int) -> float:
    """Where step ``step`` of ``count`` (the last step's number) lies across the chart."""
    return LEFT + PLOT_W * step / max(count, 1)


def y_at(share: float) -> float:
    return TOP + PLOT_H * (1 - share)


def thinned(line: Sequence[float], most: int = MOST_POINTS) -> list[tuple[int, float]]:
    """The (step, chance) points a line is drawn through: every step when they fit, else
    the first and the last and each run of steps by its lowest and highest chance, in
    the order they came (about ``most`` points).

    >>> thinned([0.5, 0.6, 0.4, 0.7], most=4)
    [(0, 0.5), (1, 0.6), (2, 0.4), (3, 0.7)]
    >>> thinned([0.5, 0.6, 0.4, 0.7, 0.1, 0.2, 0.3, 0.25], most=4)
    [(0, 0.5), (2, 0.4), (3, 0.7), (4, 0.1), (6, 0.3), (7, 0.25)]
    """
    if len(line) <= most:
        return list(enumerate(line))
    run = -(-len(line) // max(most // 2, 1))
    kept = {0, len(line) - 1}
    for start in range(0, len(line), run):
        steps = range(start, min(start + run, len(line)))
        kept.add(min(steps, key=lambda s: (line[s], s)))
        kept.add(max(steps, key=lambda s: (line[s], -s)))
    return [(step, line[step]) for step in sorted(kept)]


def hole_starts(holes: Sequence[int]) -> list[tuple[int, int]]:
    """Each hole's number and its first step (its deal), from each step's hole.

    >>> hole_starts([1, 1, 1, 2, 2, 3])
    [(1, 0), (2, 3), (3, 5)]
    """
    starts = [(holes[0], 0)]
    for step in range(1, len(holes)):
        if holes[step] != holes[step - 1]:
            starts.append((holes[step], step))
    return starts


def chance_chart(story: Story, step: int, name: str) -> Markup:
    """The SVG chart of ``story``, the replay's step ``step`` marked; ``name`` is its title."""
    chances, count = story.chances, len(story.chances) - 1
    seats = len(story.names)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart chance-svg" viewBox="0 0 {WIDTH} '
        f'{HEIGHT + LEGEND_ROW * -(-seats // LEGEND_COLUMNS)}" role="img" aria-label="{escape(name)}">',
        f"<title>{escape(name)}</title>",
    ]
    for tick in TICKS:
        y = y_at(tick / 100)
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#d0d0d0" '
            f'stroke-width="{1.5 if tick in (0, 100) else 1}"/>'
        )
        parts.append(
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="13" fill="#1b1b1b">{tick}%</text>'
        )
    starts = hole_starts(story.holes)
    every = max(1, -(-len(starts) // 12))  # a label for every hole while twelve fit
    for index, (hole, first) in enumerate(starts):
        x = x_at(first, count)
        end = x_at(starts[index + 1][1], count) if index + 1 < len(starts) else x_at(count, count)
        parts.append(
            f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + PLOT_H + 6}" stroke="#9a9a9a" stroke-width="1"/>'
        )
        if index % every == 0:
            parts.append(
                f'<text x="{(x + end) / 2:.1f}" y="{TOP + PLOT_H + 19}" text-anchor="middle" font-size="13" '
                f'fill="#1b1b1b">{hole}</text>'
            )
    parts.append(
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 1}" text-anchor="end" font-size="13" fill="#4a4a4a">Hole</text>'
    )
    for seat in range(seats):
        ink = INKS[seat % len(INKS)]
        line = [entry[seat] for entry in chances]
        path = " ".join(f"{x_at(s, count):.1f},{y_at(v):.1f}" for s, v in thinned(line))
        parts.append(f'<polyline points="{path}" fill="none" stroke="{ink}" stroke-width="2"/>')
        marker = MARKERS[seat % len(MARKERS)]
        parts.extend(_marker(marker, x_at(first, count), y_at(line[first]), ink, 3.2) for _, first in starts)
    for point in story.turning_points:
        x, y = x_at(point["step"], count), y_at(chances[point["step"]][point["seat"]])
        ink = INKS[point["seat"] % len(INKS)]
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6.5" fill="none" stroke="{ink}" stroke-width="2"/>')
    x = x_at(step, count)
    parts.append(
        f'<line class="chance-now" x1="{x:.1f}" y1="{TOP - 4}" x2="{x:.1f}" y2="{TOP + PLOT_H + 4}" '
        f'stroke="#1b1b1b" stroke-width="2"/>'
    )
    parts.append(
        f'<line class="chance-cursor" x1="{x:.1f}" y1="{TOP - 4}" x2="{x:.1f}" y2="{TOP + PLOT_H + 4}" '
        f'stroke="#0b4fa0" stroke-width="3" stroke-dasharray="4 3" visibility="hidden"/>'
    )
    for seat, label in enumerate(story.names):
        ink, marker = INKS[seat % len(INKS)], MARKERS[seat % len(MARKERS)]
        lx = 8 + (WIDTH - 16) // LEGEND_COLUMNS * (seat % LEGEND_COLUMNS)
        ly = HEIGHT + 4 + LEGEND_ROW * (seat // LEGEND_COLUMNS)
        parts.append(_marker(marker, lx + 5, ly + 6, ink))
        shown = label if len(label) <= LEGEND_NAME else label[: LEGEND_NAME - 1] + "…"  # the table has it whole
        parts.append(f'<text x="{lx + 15}" y="{ly + 11}" font-size="13" fill="#1b1b1b">{escape(shown)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def chart_data(story: Story) -> dict[str, str]:
    """What ``static/chance.js`` reads off the chart: where its steps lie, each step's
    chances in whole percentages and the seats' names (for the words of a focused point)."""
    return {
        "count": str(len(story.chances) - 1),
        "left": str(LEFT),
        "plot": str(PLOT_W),
        "width": str(WIDTH),
        "names": json.dumps(story.names),
        "chances": ";".join(",".join(str(percent(share)) for share in entry) for entry in story.chances),
        "holes": ",".join(str(hole) for hole in story.holes),
    }


def story_model(story: Story | None, replay_id: str, step: int, seat: int | None = None) -> dict:
    """The story as the pages draw it: the chart, the table of the chances at each hole's
    start, the turning points (``seat``'s only, when given) and each person's peak; or
    only that it is being worked out."""
    link = f"/r/{replay_id}"
    if story is None:
        return {"pending": True, "link": link, "step": step, "seat": seat}
    names = story.names
    starts = hole_starts(story.holes)
    rows = [
        {"hole": hole, "step": first, "chances": [percent(share) for share in story.chances[first]]}
        for hole, first in starts
    ]
    rows.append({"hole": None, "step": len(story.chances) - 1, "chances": [percent(s) for s in story.chances[-1]]})
    people = list(story.people) if seat is None else [seat]
    peaks = []
    for person in people:
        line = story.peak(person, "Your" if seat is not None else f"{names[person]}'s")
        if line is not None:
            peaks.append(line)
    points = story.points(seat)
    return {
        "pending": False,
        "link": link,
        "step": step,
        "seat": seat,
        "chart": chance_chart(story, step, "Each player's chance to win after every step: " + _summary(story)),
        "data": chart_data(story),
        "names": names,
        "inks": [INKS[s % len(INKS)] for s in range(len(names))],
        "rows": rows,
        "people": [{"seat": p, "name": names[p], "points": [t for t in points if t["seat"] == p]} for p in people],
        "peaks": peaks,
    }


def _summary(story: Story) -> str:
    """The chart's name says where it started and ended, seat by seat."""
    first, last = story.chances[0], story.chances[-1]
    return "; ".join(
        f"{name} {percent(first[s])}% at the deal, {percent(last[s])}% at the end" for s, name in enumerate(story.names)
    )
