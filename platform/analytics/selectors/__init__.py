"""Reads of the market analytics, one module per seam (split as it grew; issue 17, item 6):
``figures`` (dashboard and heatmap figures), ``rows`` (the row lists and the history) and
``options`` (what the filters offer)."""
