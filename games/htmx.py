"""Responses that differ for htmx requests say so."""

from django.views.decorators.vary import vary_on_headers

#: For a view that answers an htmx request (HX-Request: true) with a partial and any other request
#: with the whole page: `Vary: HX-Request` keeps the two apart in every cache, the browser's and
#: the service worker's (the Cache API matches on Vary), so a partial is never served as a page.
varies_for_htmx = vary_on_headers("HX-Request")
