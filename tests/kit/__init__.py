"""Helpers shared by every test folder: pack copies and edits (packs), page pictures (pages), small format-writer
kits (pieces), the engines' common pieces (engines) and one module of position builders per game."""
