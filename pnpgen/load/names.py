"""The game's names that other records refer to: its palette, suits, icons, terrain, actions, rules and the values it
marks provisional."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..errors import Loc
from ..model import Provisional, Rules
from ..source.declare import declarations
from ..source.fields import did_you_mean
from ..source.yamlsrc import key_loc, loc_of
from .context import Context
from .files import Files


class Names:
    """Links the records whose names others use, and resolves a colour or suit a field names."""

    def __init__(self, context: Context, files: Files):
        self.context = context
        self.files = files

    def link_palette(self, pairs: Any, raw: Any) -> dict[str, str]:
        """The palette; names whose colour was bad are remembered, so their uses are not reported again."""
        out = dict(pairs or ())
        if isinstance(raw, dict):
            self.context.bad_colours |= {str(k) for k in raw if str(k) not in out}
            self.context.palette_locs.update({str(k): loc_of(raw, k) for k in raw if str(k) in out})
        return out

    def colour_loc(self, obj: Any, key: str) -> Loc | None:
        """Where the colour a field names is defined: its palette entry or suit, else the field itself."""
        v = self.context.source(obj).mapping.get(key)
        if isinstance(v, str) and v in self.context.palette_locs:
            return self.context.palette_locs[v]
        if isinstance(v, str) and v in self.context.suits:
            return self.context.suits[v].colour_loc
        return self.context.at(obj, key)

    def colour(self, obj: Any, key: str, value: str | None) -> str | None:
        """A colour as the model holds it (#rrggbb), or None after an error for an unknown name."""
        if value is None or value.startswith("#") or value in self.context.palette:
            return self.context.palette.get(value, value) if value is not None else None
        if value in self.context.suits:
            return value
        if value not in self.context.bad_colours and not self.context.broken & {"colours", "suits"}:
            names = list(self.context.palette) + list(self.context.suits)
            self.context.err(obj, key, f"unknown colour '{value}' (expected #rrggbb or one of: {', '.join(names)})"
                     + did_you_mean(value, names))
        return None

    def link_colours(self, obj: Any, *keys: str, default: str | None = None) -> Any:
        """A record with its colour fields resolved (an unknown name falls back to `default`)."""
        changes = {}
        for attr in keys:
            key = next(d.key for d in declarations(type(obj)) if d.attr == attr)
            got = self.colour(obj, key, getattr(obj, attr))
            if got != getattr(obj, attr):
                changes[attr] = got if got is not None else (default if default is not None else
                                                             _model_default(obj, attr))
        return self.context.keep(obj, replace(obj, **changes)) if changes else obj

    def suit(self, obj: Any, key: str, name: str | None) -> str | None:
        """A suit name the game declares, else None (after an error unless the suits did not load)."""
        if name is None or name in self.context.suits:
            return name
        if "suits" not in self.context.broken:
            self.context.err(
                obj,
                key,
                f"unknown suit '{name}' (expected one of: {', '.join(self.context.suits) or 'none declared'})"
                + did_you_mean(name, self.context.suits),
            )
        return None

    def rules(self, mapping: Any, loc: Loc | None) -> Rules:
        """The rules parameters as content wrote them (the engine's declarations check them)."""
        if not isinstance(mapping, dict):
            return Rules(where=loc)
        return Rules(
            tuple((str(k), v) for k, v in mapping.items()),
            tuple((str(k), loc_of(mapping, k)) for k in mapping),
            loc_of(mapping) or loc,
            tuple((str(k), key_loc(mapping, k)) for k in mapping),
        )

    def link_icon(self, icon: Any) -> Any:
        m = self.context.source(icon).mapping
        given = [k for k in ("symbol", "path", "file") if k in m]
        if not given:
            self.context.err(icon, None, "an icon needs a 'symbol', a 'path' or a 'file'")
        elif len(given) > 1:
            self.context.err(
                icon, given[1], f"an icon has one of 'symbol', 'path' or 'file', not both '{given[0]}' and '{given[1]}'"
            )
        if icon.file is not None:
            icon = self.context.keep(icon, replace(icon, file=self.files.image(icon, "file", icon.file)))
        return self.link_colours(icon, "colour", default="#222222")

    def link_terrain(self, terrain: Any) -> Any:
        if terrain.id in self.context.suits:
            self.context.error(
                terrain.loc, f"terrain: id '{terrain.id}' is also a suit; board cells could not tell them apart"
            )
        if terrain.image is not None:
            terrain = self.context.keep(
                terrain, replace(terrain, image=self.files.image(terrain, "image", terrain.image))
            )
        return self.link_colours(terrain, "colour")

    def link_action(self, action: Any) -> Any:
        m = self.context.source(action).mapping
        if action.kind == "sail" and not all(m.get(k) for k in ("headings", "steps")):
            self.context.err(action, None, "a sail action needs 'headings' and 'steps'")
        if action.kind == "fire" and not all(k in m for k in ("range", "damage")):  # (bad values: said already)
            self.context.err(action, None, "a fire action needs 'range' and 'damage'")
        self.context.mark(action, f"{action.name} (action)")
        return (
            self.context.keep(action, replace(action, plan_loc=self.context.at(action, "plan")))
            if "plan" in m
            else action
        )

    def link_marks(self, pairs: tuple, raw: Any, fields: dict[str, Any], rules: Rules) -> None:
        """The `provisional:` mapping of a game or variant: its own fields (players) and rules parameters
        (rules.NAME), each with why it is not final."""
        names = list(fields) + [f"rules.{k}" for k, _ in rules.values]
        for key, why in pairs:
            if key.startswith("rules.") and key[6:] in rules:
                shown = f"rules {key[6:]}: {_shown(rules[key[6:]])}"
            elif key in fields:
                shown = f"{key}: {_shown(fields[key])}"
            else:
                if "rules" not in self.context.broken:
                    self.context.error(
                        key_loc(raw, key),
                        f"provisional: unknown field '{key}' (expected one of: "
                        f"{', '.join(names)})" + did_you_mean(key, names),
                    )
                continue
            self.context.marked.append(Provisional(shown, why, loc_of(raw, key), self.context.players_now))


def _shown(value: Any) -> str:
    """A value as the cover prints it: a list as '2, 3, 4'."""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _model_default(obj: Any, attr: str) -> Any:
    return type(obj).__dataclass_fields__[attr].default
