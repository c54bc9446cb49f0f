"""`cardgen verify`: prove a card set and a printed PDF right before anyone wastes card stock.

    from cardgen.verify.run import verify_inputs
    from cardgen.verify.report import render_text
    reports = verify_inputs(["templates/sets/zero-cards.yaml", "output/deck-duplex.pdf"],
                            expected_sets=["numbered"], games=300)
    print(render_text(reports, "de")); all(report.ok for report in reports)

Modules: sets (a card set against docs/RULES.md), play (simulated games per variant),
pdfs (a PDF's structure), drawn (what the pages actually show, from pixels and
text), readback (reading PDFs back; the tests use it too), report (the output).
Each report lists checks (pass, fail or info) with a reason and a place, Messages said
in whatever language the report is rendered in; input that cannot be read at all
raises InputError.
"""
