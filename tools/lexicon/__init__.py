"""The generator of the ranking's dictionary tables (issue 17)."""
