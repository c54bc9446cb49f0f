"""cardgen: print-and-play material for 6 nimmt! and its expansions.

Data flows YAML (templates/, layouts/) -> validated model -> layout geometry
-> reportlab renderer -> PDF file; the rules engine (cardgen.engine) stands apart
and knows nothing of printing.
"""

__version__ = "0.1.0"
