"""Reading a pack's source files as located data: YAML, spreadsheets, and fields read as declared."""
