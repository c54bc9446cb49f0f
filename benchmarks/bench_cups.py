"""What printing through CUPS (cups-filters' pdftopdf, as `lp` does) does to each kind of sheet:
how far each page moves, measured from its pixels, and how far the backs land from behind
their faces (the misregistration), with the checks of `cardgen verify` run on the printed pages.

    python benchmarks/bench_cups.py                      # this checkout
    PYTHONPATH=/path/to/old/checkout python benchmarks/bench_cups.py   # another one, for a before figure

Needs `cupsfilter` (Debian: cups and cups-filters).
"""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from cupsprint import CUPSFILTER, LP_OPTIONS, page_shifts, printed_report, record_of, through_cups

from cardgen.build import PrintSettings, build, jobs_for, render_jobs
from cardgen.verify.readback import MM, reader

CARD_SHEETS = [
    ("jokers duplex, A4, long edge, offset 1.5,-0.5", ["jokers"], "duplex", PrintSettings(back_offset=(1.5, -0.5))),
    (
        "jokers duplex, A4, short edge, offset 1.5,-0.5",
        ["jokers"],
        "duplex",
        PrintSettings(flip="short", back_offset=(1.5, -0.5)),
    ),
    ("deck duplex, A4", ["numbered"], "duplex", PrintSettings()),
    ("zero cards glue, Letter", ["zero-cards"], "glue", PrintSettings(paper="letter")),
    ("deck duplex, Letter", ["numbered"], "duplex", PrintSettings(paper="letter")),
    (
        "jokers duplex, Letter, printer 99.6 x 100.2",
        ["jokers"],
        "duplex",
        PrintSettings(paper="letter", ruler_measured=(99.6, 100.2)),
    ),
    (
        "zero cards sticker, Letter, printer 100.4 x 99.8",
        ["zero-cards"],
        "sticker",
        PrintSettings(paper="letter", ruler_measured=(100.4, 99.8)),
    ),
    ("deck duplex, poker, A4", ["numbered"], "duplex", PrintSettings(layout="poker")),
    ("jokers fold, A4", ["jokers"], "fold", PrintSettings()),
]


def misregistration(shifts, flip: str | None) -> float | None:
    """The largest distance between a back and its front after printing, from the pages' shifts
    (a back's shift seen through the paper: mirrored across the flip), on the sheets where neither
    page was cropped or turned; None when there is no such sheet."""
    worst = None
    for front, back in zip(shifts[0::2], shifts[1::2]):
        if front is None or back is None:
            continue
        seen = (-back[0], back[1]) if flip == "long" else (back[0], -back[1])
        worst = max(worst or 0.0, math.dist(seen, front))
    return worst


def placements(printed: bytes) -> list[tuple[int, float, float]]:
    """What pdftopdf did to each page, from the matrix it draws the page with: quarter turns,
    and how far it moved the page's centre (mm, right and up)."""
    placed = []
    for page in reader(printed).pages:
        [form] = [page["/Resources"]["/XObject"][name] for name in page["/Resources"]["/XObject"]]
        outer = [float(v) for v in page.get_contents().get_data().split(b" cm")[0].split()[-6:]]
        a, b, c, d, e, f = _times([float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])], outer)
        cx, cy = (float(v) / 2 for v in page.mediabox[2:])
        x, y = a * cx + c * cy + e, b * cx + d * cy + f
        placed.append((round(math.degrees(math.atan2(b, a)) / 90) % 4, (x - cx) / MM, (y - cy) / MM))
    return placed


def _times(m, n):
    """The PDF matrix m, then n."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return [a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u]


def shown(shifts, placed) -> str:
    """The pages moved, as measured from the pixels (pdftopdf's own matrix where the ink was cropped)."""
    lines = []
    for number, (shift, (turns, dx, dy)) in enumerate(zip(shifts, placed), 1):
        if turns:
            lines.append(f"p{number} turned {90 * turns}°")
        elif shift is None:
            lines.append(f"p{number} cropped, moved ({dx:+.2f}, {dy:+.2f})")
        elif max(map(abs, shift)) > 0.05:
            lines.append(f"p{number} moved ({shift[0]:+.2f}, {shift[1]:+.2f})")
    return "; ".join(lines[:4]) + (f"; and {len(lines) - 4} more" if len(lines) > 4 else "") or "no page moves"


def main() -> None:
    if CUPSFILTER is None:
        sys.exit("cupsfilter is not installed (Debian: apt-get install cups cups-filters)")
    print(f"through {CUPSFILTER} -o {' -o '.join(LP_OPTIONS)}, measured at 300 dpi")
    for name, sets, mode, settings in CARD_SHEETS:
        [content] = render_jobs(jobs_for(sets, mode), settings).values()
        record = record_of(content)
        printed = through_cups(content, tuple(record.paper_mm))
        shifts, placed = page_shifts(content, printed, dpi=300), placements(printed)
        report = printed_report(content, printed)
        through = record.sheet_mode.through_paper  # a back page behind each front
        off = misregistration(shifts, record.flip) if through else None
        backs = f"backs off by {'?' if off is None else f'{off:.2f} mm'} (whole sheets); " if through else ""
        worst = [
            f"{c.said.params['worst']:.3f} mm"  # the check's measure, not its sentence
            for c in report.checks
            if c.name == "pdf.backs" and c.result == "pass"
        ]
        verified = f"verify: {len(report.failures)} failed checks" + (f", backs within {worst[0]}" if worst else "")
        print(f"{name}: {backs}{shown(shifts, placed)}; {verified}")
    kit = build(PrintSettings(back_offset=(1.5, -0.5)))
    for name in sorted(kit):
        if name.startswith(("rules-", "score-", "calibration")):
            paper = (210.0, 297.0)
            printed = through_cups(kit[name], paper)
            print(f"{name}: {shown(page_shifts(kit[name], printed), placements(printed))}")


if __name__ == "__main__":
    main()
