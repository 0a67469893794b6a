"""Presets named after real cards: each edits a situation the way that card would.

For the app's "What if…" view and for tests: pick a preset, apply it to a situation
(a mapping in format version 1 or a :class:`~leveler.situation.Situation`), get back a
new, complete situation mapping (every field written out) to resolve, show or save. Names
are looked up in the ``pool`` given (this module opens no file; ``leveler.apply_preset``
defaults to the bundled printed pool).

>>> from leveler import load_pool
>>> from leveler.layers import resolve_situation
>>> pool = load_pool()
>>> s = {"card": "Student of Warfare", "counters": {"level": 2}}
>>> s = PRESETS["Giant Growth"].apply(s, pool=pool)
>>> s["effects"][0]["type"], s["effects"][0]["origin"]
('modify_pt', 'spell')
>>> r = resolve_situation(s, pool)
>>> r.power, r.toughness
(6, 6)

Effects a preset adds get the timestamp "now": one more than the latest timestamp in the
situation (613.7b), unless ``timestamp=`` says otherwise. A preset named after a targeted
spell or ability knows what it targets, its card type and colour and who controls it
(``caster=``, "you" or "opponent"): it is refused with the rule when the leveler is not a
legal target now (601.2c, 115.1: shroud, hexproof, protection); untargeted ones apply.
The card texts in ``summary`` are short paraphrases of the Oracle text, enough to say what
the preset models.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from leveler.layers import Resolution, resolve_situation
from leveler.model import LevelerCard
from leveler.situation import Situation, parse_situation, situation_to_dict
from leveler.targeting import Source, keywords, target_refusal

__all__ = ["CASTERS", "PRESETS", "Preset", "PresetError", "Target", "apply_preset",
           "next_timestamp"]

CASTERS = ("you", "opponent")
"""Who controls a targeted preset's spell or ability: the leveler's controller or an opponent."""

_Edit = Callable[[dict[str, Any], float, Mapping[str, LevelerCard]], dict[str, Any]]


class PresetError(ValueError):
    """A preset that cannot apply to this situation (e.g. Vampire Hexmage on a card in hand)."""


@dataclass(frozen=True, slots=True)
class Target:
    """What a targeted preset targets, and what its spell or ability's source is (115.1)."""

    what: str
    """"creature" or "permanent" (on the battlefield, 115.1, 109.2)."""
    card_types: tuple[str, ...]
    """The spell's card types, or its source's for an ability (for protection, 702.16b)."""
    colors: tuple[str, ...]
    ability: bool = False
    """An activated or triggered ability of a permanent, not a spell."""
    caster: str = "you"
    """Who controls it unless ``caster=`` says otherwise."""
    opponents_only: bool = False
    """"target creature an opponent controls" (Merfolk Trickster)."""
    with_keyword: str | None = None
    """"target creature with flying" (Island of Wak-Wak)."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A named edit of a situation: what the card does and how the situation records it."""

    name: str
    kind: str
    """"effect" (adds continuous effects), "counters", "copy" or "face"."""
    summary: str
    """What the card does, in short."""
    models: str
    """How the situation records it, with the rules."""
    rule: str
    edit: _Edit = field(repr=False, compare=False)
    target: Target | None = None
    """What it targets, for a targeted spell or ability; None when it targets nothing."""

    def apply(
        self,
        situation: Mapping[str, Any] | Situation,
        *,
        timestamp: float | None = None,
        pool: Mapping[str, LevelerCard],
        caster: str | None = None,
    ) -> dict[str, Any]:
        """A new situation mapping: ``situation`` (validated first) with this preset applied.

        ``caster`` ("you" or "opponent") controls a targeted preset's spell or ability
        (default: the preset's usual caster); :class:`PresetError` with the rule when the
        leveler is not a legal target now (601.2c, 115.1).
        """
        if not isinstance(situation, Situation):
            situation = parse_situation(situation, pool)
        data = situation_to_dict(situation, pool)
        if self.target is not None:
            self._check_target(data, pool, caster or self.target.caster)
        elif caster is not None and caster not in CASTERS:
            raise PresetError(f"{self.name}: caster must be one of {', '.join(CASTERS)}")
        now = next_timestamp(data) if timestamp is None else timestamp
        edited = self.edit(data, now, pool)
        return situation_to_dict(parse_situation(edited, pool), pool)  # canonical, valid

    def _check_target(self, data: dict[str, Any], pool: Mapping[str, LevelerCard],
                      caster: str) -> None:
        """Refuse an illegal target as it is chosen (601.2c, 115.1), saying which rule."""
        target = self.target
        assert target is not None
        if caster not in CASTERS:
            raise PresetError(f"{self.name}: caster must be one of {', '.join(CASTERS)}, "
                              f"not {caster!r}")
        if data["zone"] != "battlefield":
            raise PresetError(f"{self.name}: it targets a {target.what} on the battlefield; "
                              f"the card is in the {data['zone']} (115.1, 109.2)")
        now = resolve_situation(data, pool)
        if target.what == "creature" and now.power is None:
            raise PresetError(f"{self.name}: it targets a creature, and the leveler is not one "
                              f"now ({' '.join(now.card_types)}) (115.1, 601.2c)")
        if target.opponents_only and caster != "opponent":
            raise PresetError(f"{self.name}: it targets a creature an opponent of its "
                              "controller controls; cast by the leveler's controller it cannot "
                              "target the leveler (115.1, 601.2c)")
        if target.with_keyword and target.with_keyword not in keywords(now.abilities):
            raise PresetError(f"{self.name}: it targets a creature with {target.with_keyword}, "
                              f"and the leveler has no {target.with_keyword} now "
                              "(115.1, 601.2c)")
        source = Source(self.name, target.card_types, target.colors, caster, target.ability)
        refusal = target_refusal(now.abilities, source)
        if refusal is not None:
            raise PresetError(f"{self.name} cannot target it: {refusal.reason} "
                              f"({refusal.rule})")
        _sacrificed_when_targeted(self.name, now)


def _sacrificed_when_targeted(name: str, now: Resolution) -> None:
    """Phantasmal Image's copy: targeting it triggers its sacrifice, which resolves first."""
    for ability in now.abilities:
        text = ability.lower()
        if "becomes the target of a spell or ability" in text and "sacrifice it" in text:
            raise PresetError(
                f"{name}: the target is legal, but it has {ability!r}: that ability triggers "
                f"as {name} targets it and resolves first, so it is sacrificed and {name} "
                "then does nothing (no legal target left); a situation cannot show a "
                "sacrificed object (603.2, 608.2b)")


def next_timestamp(situation: Mapping[str, Any]) -> float:
    """One more than the latest timestamp in a complete situation mapping: "now" (613.7b)."""
    stamps: list[float] = [situation.get("timestamp", 0)]
    copy_of = situation.get("copy_of")
    if copy_of and copy_of.get("timestamp") is not None:
        stamps.append(copy_of["timestamp"])
    stamps += [e["timestamp"] for e in situation.get("effects", [])
               if e.get("timestamp") is not None]
    return max(stamps) + 1


def apply_preset(
    situation: Mapping[str, Any] | Situation,
    name: str,
    *,
    timestamp: float | None = None,
    pool: Mapping[str, LevelerCard],
    caster: str | None = None,
) -> dict[str, Any]:
    """``PRESETS[name].apply(situation, ...)``, with a clear error for an unknown name."""
    if name not in PRESETS:
        raise PresetError(f"unknown preset {name!r}: expected one of {', '.join(PRESETS)}")
    return PRESETS[name].apply(situation, timestamp=timestamp, pool=pool, caster=caster)


# --------------------------------------------------------------------------- edits


def _with_effects(*effects: dict[str, Any]) -> _Edit:
    def edit(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
        added = [{**effect, "timestamp": now} for effect in effects]
        return {**data, "effects": [*data["effects"], *added]}
    return edit


def _on_battlefield(data: Mapping[str, Any], who: str, why: str) -> None:
    if data["zone"] != "battlefield":
        raise PresetError(f"{who}: {why}; the card is in the {data['zone']}")


def _add_counter(kind: str, amount: int) -> _Edit:
    def edit(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
        counters = dict(data["counters"])
        counters[kind] += amount
        return {**data, "counters": counters}
    return edit


def _hexmage(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
    return {**data, "counters": {key: 0 for key in data["counters"]}}


def _teacher(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
    resolution = resolve_situation(data, pool)
    if (data["zone"] != "battlefield" or not resolution.has_level_up
            or "Creature" not in resolution.card_types):
        return data  # not a creature you control with level up: nothing happens
    return _add_counter("level", 2)(data, now, pool)


def _level_up(data: dict[str, Any], now: float,
              pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
    resolution = resolve_situation(data, pool)
    if not resolution.can_level_up:
        step = next(s for s in resolution.trace if s.layer == "level up")
        raise PresetError(f"level up: {step.description} ({step.rule})")
    return _add_counter("level", 1)(data, now, pool)


def kept_by_a_copy(effect: Mapping[str, Any]) -> bool:
    """Whether an effect on the original also applies to a new object that copies it.

    Decided by what the effect is, never by its source's name: copy effects (layer 1) are
    part of the copiable values and live in ``copy_of`` (707.2); every other effect is not
    copied (707.2: "other effects ... are not copied"). One from a static ability of another
    permanent applies to the new object too, as to any object it covers (``origin``
    "static", 613.7a); one from a resolved spell or ability applied to the original only
    (``origin`` "spell" or none, 613.7b, 611.2c).
    """
    return effect.get("origin") == "static"


def _copy(copier: str, exceptions: Mapping[str, Any] | None) -> _Edit:
    def edit(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
        _on_battlefield(data, copier, "it copies a creature on the battlefield")
        original = data["copy_of"] or {"card": data["card"]}
        copy: dict[str, Any] = {"card": original["card"]}
        if data["face_down"] or original.get("face_down"):
            copy["face_down"] = True  # the face-down values (707.2, 708.2a), exceptions on top
        if exceptions is not None:
            copy["except"] = dict(exceptions)
        elif "except" in original and not data["face_down"]:  # a copy of a copy keeps them
            copy["except"] = original["except"]  # (707.9b); face down they are gone (708.2a)
        kept = [{key: value for key, value in e.items() if key != "entered_with"}
                for e in data["effects"] if kept_by_a_copy(e)]  # Godhead entered earlier
        return {**data, "card": copier, "copy_of": copy, "timestamp": now, "face_down": False,
                "counters": {key: 0 for key in data["counters"]}, "effects": kept,
                "entry_order": None}
    return edit


def _entered_with(first: str) -> _Edit:
    """Godhead of Awe entered at the same time as the leveler: the active player chose."""
    def edit(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
        _on_battlefield(data, "Godhead of Awe", "it entered with the leveler")
        if data["copy_of"] is not None or data["face_down"]:
            raise PresetError("Godhead of Awe, entering with it: only for a face-up leveler "
                              "that is not a copy (its own card's name orders the entry)")
        own = parse_situation(data, pool).name
        effect = {**_BASE_1_1, "source": "Godhead of Awe", **_STATIC,
                  "entered_with": True, "timestamp": data["timestamp"]}
        others = [e for e in data["effects"] if not e.get("entered_with")]
        order = ["Godhead of Awe", own] if first == "Godhead" else [own, "Godhead of Awe"]
        return {**data, "effects": [*others, effect],
                "entry_order": {"chosen_by": "the active player", "order": order}}
    return edit


def _face(down: bool) -> _Edit:
    def edit(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
        who = "turn face down" if down else "turn face up"
        _on_battlefield(data, who, "only a permanent turns face down or up here")
        if data["face_down"] == down:
            raise PresetError(f"{who}: it is already face {'down' if down else 'up'}")
        return {**data, "face_down": down, "timestamp": now}
    return edit


def _preset(name: str, kind: str, summary: str, models: str, rule: str, edit: _Edit,
            target: Target | None = None) -> Preset:
    return Preset(name, kind, summary, models, rule, edit, target)


_BASE_1_1 = {"type": "set_base_pt", "power": 1, "toughness": 1}
_LOSE_ALL = {"type": "lose_all_abilities"}
_SPELL = {"origin": "spell"}
_STATIC = {"origin": "static", "affects": "creatures"}
_PHANTASMAL = {"subtypes": ["Illusion"],
               "abilities": ["When this creature becomes the target of a spell or ability, "
                             "sacrifice it."]}

PRESETS: Mapping[str, Preset] = {p.name: p for p in (
    _preset("Giant Growth", "effect", "Target creature gets +3/+3 until end of turn.",
            "modify_pt +3/+3: layer 7c, applies whenever it began", "613.4c, ruling 3",
            _with_effects({"type": "modify_pt", "power": 3, "toughness": 3,
                           "source": "Giant Growth", **_SPELL}),
            Target("creature", ("Instant",), ("G",))),
    _preset("Glorious Anthem", "effect", "Creatures you control get +1/+1.",
            "modify_pt +1/+1: layer 7c, applies whenever it began", "613.4c, ruling 3",
            _with_effects({"type": "modify_pt", "power": 1, "toughness": 1,
                           "source": "Glorious Anthem", **_STATIC})),
    _preset("Diminish", "effect", "Target creature becomes 1/1 until end of turn.",
            "set_base_pt 1/1 now: layer 7b, later than the leveler's own timestamp, so it "
            "beats the band even if the leveler levels up afterwards", "613.4b, ruling 2",
            _with_effects({**_BASE_1_1, "source": "Diminish", **_SPELL}),
            Target("creature", ("Instant",), ("U",), caster="opponent")),
    _preset("Island of Wak-Wak", "effect", "{T}: Target creature with flying has base power "
            "0 until end of turn.",
            "set_base_pt power 0 only (toughness untouched): layer 7b with one component",
            "613.4b, 208.4a",
            _with_effects({"type": "set_base_pt", "power": 0, "source": "Island of Wak-Wak",
                           **_SPELL}),
            Target("creature", ("Land",), (), ability=True, caster="opponent",
                   with_keyword="flying")),
    _preset("Godhead of Awe", "effect", "Flying. Other creatures have base power and "
            "toughness 1/1.",
            "set_base_pt 1/1 with the timestamp it entered (now by default; give an earlier "
            "timestamp if it was there before the leveler, and the band wins)",
            "613.4b, ruling 2",
            _with_effects({**_BASE_1_1, "source": "Godhead of Awe", **_STATIC})),
    _preset("Godhead of Awe, entered with it (leveler first)", "effect",
            "Godhead of Awe entered the battlefield at the same time as the leveler.",
            "set_base_pt 1/1 at the leveler's own timestamp, entered_with; the active player "
            "put the leveler first, so Godhead's effect is later and wins", "613.7m",
            _entered_with("leveler")),
    _preset("Godhead of Awe, entered with it (Godhead first)", "effect",
            "Godhead of Awe entered the battlefield at the same time as the leveler.",
            "set_base_pt 1/1 at the leveler's own timestamp, entered_with; the active player "
            "put Godhead first, so the band is later and wins", "613.7m",
            _entered_with("Godhead")),
    _preset("Humility", "effect", "All creatures lose all abilities and have base power and "
            "toughness 1/1.",
            "lose_all_abilities + set_base_pt 1/1: no band at all, whatever the timestamps "
            "(dependency)", "613.8a",
            _with_effects({**_LOSE_ALL, "source": "Humility", **_STATIC},
                          {**_BASE_1_1, "source": "Humility", **_STATIC})),
    _preset("Merfolk Trickster", "effect", "Flash. When it enters, tap target creature an "
            "opponent controls; it loses all abilities until end of turn.",
            "lose_all_abilities: no band abilities, no band P/T, no level up", "613.8a",
            _with_effects({**_LOSE_ALL, "source": "Merfolk Trickster", **_SPELL}),
            Target("creature", ("Creature",), ("U",), ability=True, caster="opponent",
                   opponents_only=True)),
    _preset("Turn to Frog", "effect", "Until end of turn, target creature loses all abilities "
            "and becomes a blue Frog with base power and toughness 1/1.",
            "lose_all_abilities + set_types Creature Frog + set_base_pt 1/1", "613.8a, 613.4b",
            _with_effects({**_LOSE_ALL, "source": "Turn to Frog", **_SPELL},
                          {"type": "set_types", "card_types": ["Creature"], "subtypes": ["Frog"],
                           "source": "Turn to Frog", **_SPELL},
                          {**_BASE_1_1, "source": "Turn to Frog", **_SPELL}),
            Target("creature", ("Instant",), ("U",), caster="opponent")),
    _preset("Soul Sculptor", "effect", "{1}{W}, {T}: Target creature becomes an enchantment "
            "and loses all other card types until a player casts a creature spell.",
            "set_types Enchantment: not a creature, so no power or toughness (208.3); its "
            "bands still give their abilities", "613.1d, 208.3",
            _with_effects({"type": "set_types", "card_types": ["Enchantment"],
                           "source": "Soul Sculptor", **_SPELL}),
            Target("creature", ("Creature",), ("W",), ability=True, caster="opponent")),
    _preset("Liquimetal Coating", "effect", "{T}: Target permanent becomes an artifact in "
            "addition to its other types until end of turn.",
            "add_types Artifact: still a creature, so nothing else changes", "613.1d, 205.1b",
            _with_effects({"type": "add_types", "card_types": ["Artifact"],
                           "source": "Liquimetal Coating", **_SPELL}),
            Target("permanent", ("Artifact",), (), ability=True)),
    _preset("Clone", "copy", "You may have Clone enter as a copy of any creature on the "
            "battlefield.",
            "the object becomes a Clone that entered now as a copy of this card: printed text, "
            "level symbols and level up are copied (a copy of a face-down one copies the "
            "face-down values); counters are not (the Clone starts with none); effects from "
            "other permanents' static abilities (origin static) still apply, those of resolved "
            "spells and abilities do not", "707.2, ruling 4", _copy("Clone", None)),
    _preset("Quicksilver Gargantuan", "copy", "You may have it enter as a copy of any creature "
            "on the battlefield, except it's 7/7.",
            "as Clone, with except 7/7 in the copiable values: 7/7 below N1, the band's P/T "
            "inside a band", "707.9b", _copy("Quicksilver Gargantuan",
                                              {"power": 7, "toughness": 7})),
    _preset("Phantasmal Image", "copy", "You may have it enter as a copy of a creature on the "
            "battlefield, except it's an Illusion in addition to its other types and it has "
            "\"When this creature becomes the target of a spell or ability, sacrifice it.\"",
            "as Clone, with except subtypes Illusion and the sacrifice trigger in the copiable "
            "values (a copy of it has them too); a targeted preset on it is refused: it is "
            "sacrificed first", "707.9a, 707.9b", _copy("Phantasmal Image", _PHANTASMAL)),
    _preset("turn face down", "face", "An effect turns the permanent face down.",
            "face_down true, new timestamp: a 2/2 with no abilities; counters stay",
            "708.2a, 613.7f", _face(True)),
    _preset("turn face up", "face", "The face-down permanent is turned face up.",
            "face_down false, new timestamp: its bands are now newer than effects created "
            "while it was face down", "708.8, 613.7f", _face(False)),
    _preset("+1/+1 counter", "counters", "Put a +1/+1 counter on it.",
            "one more +1/+1 counter: +1/+1 in layer 7c, unlike a level counter",
            "122.1a", _add_counter("+1/+1", 1)),
    _preset("-1/-1 counter", "counters", "Put a -1/-1 counter on it.",
            "one more -1/-1 counter: -1/-1 in layer 7c", "122.1a", _add_counter("-1/-1", 1)),
    _preset("Vampire Hexmage", "counters", "First strike. Sacrifice it: remove all counters "
            "from target permanent.",
            "every counter removed: its level falls to 0 (back to the uppermost box)",
            "ruling 5", _hexmage,
            Target("permanent", ("Creature",), ("B",), ability=True, caster="opponent")),
    _preset("Venerated Teacher", "counters", "When it enters, put two level counters on each "
            "creature you control with level up.",
            "two more level counters if the object has level up now (not under Humility, not "
            "face down); its level rises accordingly", "ruling 5", _teacher),
    _preset("level up", "counters", "Activate level up: put a level counter on it, only as a "
            "sorcery.",
            "one more level counter, if level up can be activated now; otherwise an error "
            "saying why", "702.87a, 602.5d", _level_up),
)}
"""Presets by name, in the order the app lists them."""
