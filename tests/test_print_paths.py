"""Card sheets printed the way Linux prints them: through CUPS's pdftopdf (`lp`, or any viewer
that hands the PDF to CUPS), then read back from the pixels with verify's own checks. CUPS
centres every page on its TrimBox; the sheets must come out of it with every card, back,
target and mark where the sheet's record says, the back offset kept."""

import pytest
from cupsprint import CUPSFILTER, LP_OPTIONS, printed_report, record_of, through_cups

from cardgen.build import PrintSettings, jobs_for, render_jobs

pytestmark = pytest.mark.skipif(
    CUPSFILTER is None,
    reason="cupsfilter is not installed (Debian: apt-get install cups cups-filters): "
    "the sheets are not printed through CUPS",
)


@pytest.mark.parametrize(
    "sets, mode, settings, options",
    [
        # 10 jokers: a full sheet, then a partial one holding a single card
        (["jokers"], "duplex", PrintSettings(back_offset=(1.5, -0.5)), LP_OPTIONS),
        (["jokers"], "duplex", PrintSettings(back_offset=(1.5, -0.5)), ()),  # plain `lp FILE`
        (["jokers"], "duplex", PrintSettings(flip="short", back_offset=(-0.75, 1.0)), LP_OPTIONS),
        (
            ["zero-cards"],
            "glue",
            PrintSettings(paper="letter", back_offset=(0.5, 0.5)),
            LP_OPTIONS,
        ),  # 8 cards, 6 a sheet
        (["jokers"], "duplex", PrintSettings(layout="poker"), LP_OPTIONS),
        (["jokers"], "fold", PrintSettings(), ()),  # the last page holds 2 of its 4 cards and their backs
        # Letter's 3 x 2 cards make a square box: drawn wider than tall for this printer, CUPS turned it
        (["jokers"], "duplex", PrintSettings(paper="letter", ruler_measured=(99.6, 100.2)), LP_OPTIONS),
    ],
    ids=[
        "a4-long-offset",
        "a4-long-offset-plain-lp",
        "a4-short-offset",
        "letter-glue",
        "poker",
        "fold",
        "letter-scaled",
    ],
)
def test_a_sheet_printed_through_cups_keeps_every_position_and_the_back_offset(sets, mode, settings, options):
    [content] = render_jobs(jobs_for(sets, mode), settings).values()
    printed = through_cups(content, tuple(record_of(content).paper_mm), options)
    report = printed_report(content, printed)
    assert report.ok, [check.line() for check in report.failures][:5]
