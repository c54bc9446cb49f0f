"""How near the paper's edges each kind of card sheet puts ink, as drawn in the PDF and where the
printer it is drawn for lands it (its shrinking and its shift undone), before and after CUPS's
pdftopdf; and what a laser that clips each page at its printable area leaves of the registration
targets (how far verify reads them from where they must meet).

    python benchmarks/bench_margins.py                      # this checkout
    PYTHONPATH=/path/to/old/checkout python benchmarks/bench_margins.py   # another one, for a before figure

CUPS's figures need `cupsfilter` (Debian: cups and cups-filters); without it they are left out.
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from cupsprint import CUPSFILTER, clipped_at_printable, ink_from_edges, printed_report, record_of, through_cups

from cardgen.build import PrintSettings, jobs_for, render_jobs

SHEETS = [
    ("jokers duplex, Letter, printer 99.6 x 100.2", ["jokers"], "duplex", PrintSettings(paper="letter", ruler_measured=(99.6, 100.2))),
    ("jokers duplex, A4, back offset 1.5,-0.5", ["jokers"], "duplex", PrintSettings(back_offset=(1.5, -0.5))),
    ("jokers duplex, A4, short edge, offset -0.75,1", ["jokers"], "duplex", PrintSettings(flip="short", back_offset=(-0.75, 1.0))),
    ("deck duplex, poker, Letter, offset and 100.4 x 99.6", ["numbered"], "duplex",
     PrintSettings(layout="poker", paper="letter", back_offset=(-1.5, 1.0), ruler_measured=(100.4, 99.6))),
    ("jokers fold, A4, printer 100.4 x 99.7", ["jokers"], "fold", PrintSettings(ruler_measured=(100.4, 99.7))),
    ("zero cards sticker, A4, printer 99.5 x 99.5", ["zero-cards"], "sticker", PrintSettings(ruler_measured=(99.5, 99.5))),
]  # fmt: skip


REACH = 50.0  # mm from each edge looked at


def nearest(pages: list[dict], how: str, record) -> str:
    """The least distance of ink from the sides and from the top and bottom, over all pages."""
    sides = [mm for page in pages for edge, mm in page[how].items() if edge in ("left", "right")] or [REACH]
    ends = [mm for page in pages for edge, mm in page[how].items() if edge in ("top", "bottom")] or [REACH]
    inside = min(sides) >= record.printable_mm[0] - 0.15 and min(ends) >= record.printable_mm[1] - 0.15
    return f"{min(sides):.2f} / {min(ends):.2f} mm{'' if inside else ' (outside)'}"


def targets_off(report) -> str:
    """The farthest verify reads a registration target from where it must sit."""
    offs = [
        max(abs(v) for v in map(float, re.findall(r"[-+]\d+\.\d+", check.message)[:2]))
        for check in report.failures
        if check.name == "pdf.targets" and "mm from (" in check.message
    ]
    missing = sum("no registration target" in check.message for check in report.failures)
    return (f"targets up to {max(offs):.3f} mm off" if offs else "targets in place") + (
        f", {missing} missing" if missing else ""
    )


def main() -> None:
    print("nearest ink to the sides / to the top and bottom (printable area 6.35 / 4.2 mm), at 600 dpi, over all pages")
    for name, sets, mode, settings in SHEETS:
        [content] = render_jobs(jobs_for(sets, mode), settings).values()
        record = record_of(content)
        pages = ink_from_edges(content, record, dpi=600, reach=REACH)
        line = f"{name}: drawn {nearest(pages, 'drawn', record)}, landed {nearest(pages, 'landed', record)}"
        if CUPSFILTER is not None:
            printed = ink_from_edges(through_cups(content, tuple(record.paper_mm)), record, dpi=600, reach=REACH)
            line += (
                f"; through CUPS drawn {nearest(printed, 'drawn', record)}, landed {nearest(printed, 'landed', record)}"
            )
        clipped = printed_report(content, clipped_at_printable(content, record))
        failed = sorted({check.name for check in clipped.failures})
        line += f"; clipped at the printable area: {targets_off(clipped)}" + (f", failing {failed}" if failed else "")
        print(line)


if __name__ == "__main__":
    main()
