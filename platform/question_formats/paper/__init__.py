"""Paper tests (issue 36, item 3; decision 0042): shuffled versions (``versions``), their PDF
(``pdf``, formulas by ``formulas``, question HTML by ``markup``), .docx (``docx``) and answer
keys (``keys``), and the background export (``services``)."""
