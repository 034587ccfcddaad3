"""Request and response schemas of the assignments app (issue 17, item 5): ``educator``
(``api.py``), and the shapes the sitting's, grading's and item analysis's schemas share with it
(``shared``; decision 0039)."""
