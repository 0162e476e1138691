"""Schemathesis hooks for the Delve server (loaded through the generated config's `hooks`).

`POST /api/tables/import` takes JSON Lines (`application/x-ndjson`), a media type schemathesis
has no serializer for; its schema is a string, so it is sent as plain text.
"""

import schemathesis

schemathesis.serializer.alias("application/x-ndjson", "text/plain")
