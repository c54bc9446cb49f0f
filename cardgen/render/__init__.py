"""Drawing with reportlab: card faces, sheets, marks. Geometry comes from cardgen.layout."""
