"""LibreTranslate compatibility: its endpoints, request and answer forms, and error shape.

``detect`` (language detection), ``html`` (HTML fragments, inline tags carried by the
cross-attention), ``files`` (txt/srt/html/docx files and their store), ``errors`` (its error
shape), ``schemas`` (its bodies), ``translate`` (``/translate`` in its form) and ``routes``
(its other endpoints). The README's LibreTranslate section has the compatibility table.
"""
