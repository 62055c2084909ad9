"""The files of a fresh content pack, as `pnpgen new` writes them (__ID__ and __TITLE__ are filled in)."""

from __future__ import annotations

GAME = '''\
# __TITLE__: a new game started with `pnpgen new`.
# Change anything, then run `pnpgen check __ID__` (or the path to this folder).
# Each section below names the file that holds it; a section may also be
# written inline here instead.
id: __ID__
title: "__TITLE__"
version: "0.1"
players: 2

colours:               # names usable wherever a colour is asked for
  ink: "#222222"
  parchment: "#F4EBD6"
  navy: "#1B3A5C"
  gold: "#D4A017"
  teal: "#1A8A8A"

suits:                 # symbols: diamond circle triangle square star cross hexagon anchor
  sun: {name: Sun, colour: "#F0C020", symbol: diamond}
  sea: {name: Sea, colour: "#4A90D9", symbol: circle}
  ember: {name: Ember, colour: "#A32A24", symbol: triangle}

rules:                 # the numbers your rules use; a rules engine reads them from here
  hand_size: 4

actions: actions.yaml
decks: cards.yaml
boards: board.yaml
tokens: tokens.yaml
player_aids: aids.yaml

counts:                # what the game should hold; `pnpgen check` compares
  cards: 12
  hexes: 19
  tokens: 3
'''

ACTIONS = '''\
# What cards do. 'kind' is yours to choose; the card text prints from 'text'.
move:
  name: Move
  kind: move
  text: Move one of your pieces to a neighbouring hex of this card's suit.
strike:
  name: Strike
  kind: attack
  text: Remove an enemy piece next to one of yours.
gather:
  name: Gather
  kind: gather
  text: Draw a card, then discard a card.
'''

CARDS = '''\
# One deck of 12: each suit holds each action once, and three neutral Wild cards.
# A card's id defaults to <suit>-<action>.
- id: main
  name: Action
  count: 12
  back: {colour: navy, text: "__TITLE__"}
  cards:
    - {suit: sun, action: move}
    - {suit: sun, action: strike}
    - {suit: sun, action: gather}
    - {suit: sea, action: move}
    - {suit: sea, action: strike}
    - {suit: sea, action: gather}
    - {suit: ember, action: move}
    - {suit: ember, action: strike}
    - {suit: ember, action: gather}
    - {id: wild, name: Wild, count: 3, text: Counts as any suit.}
'''

BOARD = '''\
# A hexagon of radius 2 (19 hexes), flat-top, axial [q, r, suit].
# For a square grid write grid: square, width, height and cells [x, y, suit or terrain].
- id: main
  name: The Board
  hex_size_mm: 24
  hexes: [
    [-2, 0, sea], [-2, 1, sun], [-2, 2, ember],
    [-1, -1, sun], [-1, 0, ember], [-1, 1, sea], [-1, 2, sun],
    [0, -2, ember], [0, -1, sea], [0, 0, sun], [0, 1, ember], [0, 2, sea],
    [1, -2, sun], [1, -1, ember], [1, 0, sea], [1, 1, sun],
    [2, -2, sea], [2, -1, sun], [2, 0, ember]]
'''

TOKENS = '''\
# Shapes: square circle hex rect octagon flag triangle diamond pennant custom (with a path).
- {id: pawn-1, kind: pawn, name: Player 1 pawn, owner: 1, shape: circle, size: 16, colour: gold, label: "1"}
- {id: pawn-2, kind: pawn, name: Player 2 pawn, owner: 2, shape: circle, size: 16, colour: teal, label: "2"}
- {id: first-player, kind: first-player, name: First Player marker, shape: circle, size: 26, colour: parchment,
   label: First, back_colour: parchment, back_label: Second}
'''

AIDS = '''\
# Player aids: titled sections of text, with optional tables.
# {sun}, {sea}, {ember} print as the suit symbols.
- id: aid
  title: "__TITLE__ at a Glance"
  sections:
    - title: Your turn
      text: >-
        Play a card whose suit matches the hex under one of your pieces
        ({sun} {sea} {ember}; Wild matches any), then draw back up to 4.
    - title: Cards
      table:
        - [Card, Effect]
        - [Move, Step to a neighbouring hex of the card's suit.]
        - [Strike, Remove an enemy piece next to yours.]
        - [Gather, "Draw a card, then discard a card."]
'''

FILES = {
    "game.yaml": GAME,
    "actions.yaml": ACTIONS,
    "cards.yaml": CARDS,
    "board.yaml": BOARD,
    "tokens.yaml": TOKENS,
    "aids.yaml": AIDS,
}
