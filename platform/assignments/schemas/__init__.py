"""Request and response schemas of the assignments app, one module per router (issue 17, item 5):
``educator`` (``api.py``), ``taking`` (``api_taking.py``), ``grading`` (``api_grading.py``), and the
shapes they share (``shared``)."""
