"""Text dumps that golden files store: every component's primitives, and seeded playthroughs."""

from __future__ import annotations

import hashlib
import json

from pnpgen.components import layout_kit
from pnpgen.draw.dump import dump_lines, number
from pnpgen.load.loader import load_game


def kit_dump(pack: str) -> str:
    """Every piece of a bundled pack, face and back, as primitives in drawing order."""
    kit = layout_kit(load_game(pack))
    lines = [f"kit {kit.game_id} {kit.title!r} version {kit.version}: {len(kit.pieces)} pieces"]
    for piece in kit.pieces:
        w, h = piece.size
        lines.append(f"piece {piece.id} {piece.name!r} {piece.kind or '-'} section={piece.section!r} "
                     f"{number(w)}x{number(h)} bleed={number(piece.bleed)} count={piece.count} cut={piece.cut} "
                     f"group={piece.group!r} part_of={piece.part_of!r} players={list(piece.players)}"
                     + (f" copy_of={piece.copy_of}" if piece.copy_of else ""))
        lines.append(" face")
        lines.extend("  " + line for line in dump_lines(piece.face))
        if piece.back is not None:
            lines.append(f" back{' of ' + piece.back_id if piece.back_id else ''}")
            lines.extend("  " + line for line in dump_lines(piece.back))
    return "\n".join(lines) + "\n"


LISTED = 12  # legal actions listed by name at most; a longer list is shown by its count and digest
SHOWN_EVERY = 50  # decisions between full observations of the player to move


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _plain(value):
    """An observation's value as JSON takes it (sets sorted, so the text is the same run after run)."""
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    return str(value)


def observed(state, player: int) -> str:
    """What a player sees, as sorted JSON."""
    return json.dumps(state.observation(player), sort_keys=True, default=_plain, ensure_ascii=False)


def playthrough(pack: str, players: int, seed: int, agent: str = "random", max_decisions: int = 400) -> str:
    """A seeded game (uniformly random moves, or the engine's agent of that name in every seat): each decision's
    status, legal-action count and action; below it the legal actions (by name, or a digest of the names when
    there are many) and a digest of what the player to move sees (in full every SHOWN_EVERY decisions); then the
    position reached (after at most `max_decisions`), what each player sees of it and the scores."""
    from pnpgen.engine.api import Position, engine_for
    from pnpgen.engine.rng import AgentRng

    content = load_game(pack)
    engine = engine_for(content)
    rules = engine.make_rules(content, players)
    state = rules.new_initial_state(seed)
    rng = AgentRng(seed)
    seats = ([engine.agents()[agent](rules, p, {}) for p in range(1, players + 1)] if agent != "random" else [])
    lines = [f"playthrough {pack}, {players} players, seed {seed}, {agent} agents"]
    decisions = 0
    while not state.is_terminal() and decisions < max_decisions:
        legal = state.legal_actions()
        mover = state.current_player()
        seen = observed(state, mover)
        names = [engine.describe_action(rules, a) for a in legal]
        action = seats[mover - 1](state, rng) if seats else legal[rng.randrange(len(legal))]
        decisions += 1
        lines.append(f"{decisions}. {engine.status(state)} | {len(legal)} legal | "
                     f"{engine.describe_action(rules, action)}")
        listed = "; ".join(names) if len(names) <= LISTED else f"digest {_digest(chr(10).join(names))}"
        lines.append(f"   legal: {listed}")
        lines.append(f"   player {mover} sees " + (seen if decisions % SHOWN_EVERY == 1 else f"digest {_digest(seen)}"))
        state.apply(action)
    lines.append(f"end after {decisions} decisions: {engine.status(state)}")
    lines.append(engine.write_position(Position(state, pack)).rstrip("\n"))
    lines += [f"player {p} sees {observed(state, p)}" for p in range(1, players + 1)]
    lines.append("scores: " + ", ".join(f"player {p} {score:g}" for p, score in enumerate(state.returns(), start=1)))
    return "\n".join(lines) + "\n"
