"""The explorer's "What if…" view: one card in a game state, resolved layer by layer.

The notebook keeps no state: the situation is always *derived* from what the controls
show, by :func:`build`:

1. the **start**: the situation of the last situation file loaded (a validated upload),
   or the default one (:func:`starting_situation`);
2. the **controls** replace its card, zone, counters, timestamp and face-down flag, and
   the ticked effects of the start are kept;
3. the chosen **presets** (cards such as Humility, :data:`leveler.presets.PRESETS`) are
   applied in the order of their lines, each "now" as the library stamps it (one more than
   the latest timestamp, 613.7b) except that the card's own timestamp does not count until
   a preset re-stamps the card (a copy entering, turning face down): the own timestamp, a
   control, places the card among the effects (613.7); 0 puts it before them all;
4. :func:`leveler.resolve_situation` gives the answer and the trace.

A preset that cannot apply (Vampire Hexmage on a card in hand) is left out and listed
with the library's reason; a situation that cannot be resolved gives the error, never a
traceback. Every text from card data or the user goes through :func:`html.escape`.
Nothing here decides a rule.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from leveler.app.card_tab import rule_quote_html as quote_html
from leveler.app.card_tab import zone_counters_note
from leveler.app.labels import number_text
from leveler.app.labels import zone_options as labels_zone_options
from leveler.app.link import COUNTERS_STOP, MAX_PACKED
from leveler.app.trace_words import band_text, step_text
from leveler.app.uploads import Uploaded, first_upload, refusal
from leveler.app.words import WORDS
from leveler.io.budget import SITUATION_BUDGET, read_json
from leveler.io.editions import EDITIONS, cite
from leveler.layers import Resolution, resolve_situation
from leveler.model import LevelerCard, Zone
from leveler.pool_grid import default_card, printed_lines, printed_name
from leveler.presets import PRESETS, apply_preset, next_timestamp
from leveler.situation import parse_situation, situation_to_dict

__all__ = [
    "CASTER_CHOICES",
    "MAX_COUNTERS",
    "MAX_SITUATION_BYTES",
    "NO_PRESET",
    "PRESET_NAMES",
    "PRESET_SLOTS",
    "SOURCE_WORDS",
    "ZONE_CHOICES",
    "Uploaded",
    "WhatIf",
    "answer_html",
    "build",
    "card_options",
    "caster_options",
    "check_counters",
    "default_situation",
    "effect_text",
    "effects_html",
    "error_html",
    "not_applied_html",
    "panel_html",
    "preset_options",
    "preset_summary_html",
    "read_situation_file",
    "rule_quote",
    "situation_json",
    "starting_situation",
    "trace_html",
    "upload_error",
    "upload_name",
    "visible_slots",
    "zone_options",
]

PRESET_SLOTS = 10
"""How many effect lines the view offers."""

NO_PRESET = "—"
"""The label of an empty effect line."""

ZONE_CHOICES = tuple(zone.value for zone in Zone)
"""The zones a situation names, in the words of the situation file (``"battlefield"``...)."""

CASTER_CHOICES = ("usual", "you", "opponent")
"""Who casts the targeted presets (Giant Growth, Diminish...): each card's usual caster, the
leveler's controller or an opponent (hexproof refuses an opponent's, 702.11b). The
library's words; the dropdown names them in the interface's words (:func:`caster_options`)."""

SOURCE_WORDS = {"file": ("wi_file_effects", "wi_reset"),
                "link": ("wi_link_effects", "wi_link_reset")}
"""Where a loaded situation came from, and the words of its effects' heading and of ↺: a
file loaded in this page (↺ goes back to it) or the link the page was opened from (↺
empties the situation: the link's is dropped)."""


def zone_options(text: Mapping[str, str]) -> dict[str, str]:
    """The zone dropdown's options: the Pool tab's (:func:`leveler.app.labels.zone_options`,
    "Cimetière"), each giving its word in the situation file ("graveyard"; CR 400.1)."""
    return {label: zone.value for label, zone in labels_zone_options(text).items()}


def caster_options(text: Mapping[str, str]) -> dict[str, str]:
    """The caster dropdown's options: each of :data:`CASTER_CHOICES` as ``text`` says it
    (``caster.<choice>``) -> the choice (601.2c)."""
    return {text[f"caster.{choice}"]: choice for choice in CASTER_CHOICES}


MAX_COUNTERS = COUNTERS_STOP
"""The most counters of one kind the panel's fields take (the link's own limit): a count
typed or posted above it is refused with its field's name, before it is resolved."""

MAX_SITUATION_BYTES = SITUATION_BUDGET.max_bytes
"""Situation files larger than this are refused (a situation is a few hundred bytes); the
size is checked on the upload's base64 text, before it is decoded."""


# ---------------------------------------------------------------- the start: default or file

def default_situation(pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
    """Every field of the situation the view opens on: Student of Warfare (or the pool's
    first card) on the battlefield with no counters and no effects."""
    card = default_card(list(pool))
    return situation_to_dict(parse_situation({"card": card}, pool), pool)


def read_situation_file(name: str, contents: bytes,
                        pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
    """The situation in an uploaded file, every field written out; ValueError naming the
    file and the field (``situation.json: counters.level: counters cannot be negative``),
    or the limit of :data:`leveler.io.budget.SITUATION_BUDGET` it passed (size, depth,
    values, string and number length, checked while reading, before anything is built)."""
    data = read_json(contents, source=name, budget=SITUATION_BUDGET)
    try:
        situation = situation_to_dict(parse_situation(data, pool), pool)
        check_counters(situation["counters"])
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None
    return situation


def check_counters(counters: Mapping[str, float]) -> None:
    """ValueError naming the field (``counters.level: more than the 1,000,000,000 …``) for a
    count over :data:`MAX_COUNTERS` or not finite, from a field or a file alike."""
    for kind, count in counters.items():
        if not math.isfinite(count) or count > MAX_COUNTERS:
            raise ValueError(f"counters.{kind}: more than the {MAX_COUNTERS:,} counters of a "
                             "kind this app resolves")


_STAYS = "\nThe situation on screen stays."


def upload_error(raw: object, pool: Mapping[str, LevelerCard]) -> str | None:
    """For ``mo.ui.form(validate=...)``: why the picked situation file cannot be loaded, or
    None (:func:`leveler.app.uploads.refusal`: size checked before decoding, then read by
    :func:`read_situation_file`). A refused file never reaches the view, so the current
    situation stays. Never raises."""
    return refusal(raw, lambda name, contents: read_situation_file(name, contents, pool),
                   max_bytes=MAX_SITUATION_BYTES, what="a situation file", keeps=_STAYS)


def starting_situation(pool: Mapping[str, LevelerCard],
                       uploaded: Sequence[Uploaded] | None) -> dict[str, Any]:
    """The situation of the uploaded file (validated before it got here), else the default.
    A value that skipped the validator (a page can post one) is checked again here: too
    large or bad, it gives the default, never an error."""
    try:
        submitted = first_upload(uploaded, max_bytes=MAX_SITUATION_BYTES,
                                 what="a situation file")
        if submitted is not None:
            return read_situation_file(*submitted, pool)
    except Exception:  # refused by upload_error, or a pool change since
        pass
    return default_situation(pool)


def upload_name(uploaded: Sequence[Uploaded] | None) -> str:
    """The name of the loaded situation file ("file" when none is)."""
    return uploaded[0].name if uploaded else "file"


def card_options(pool: Mapping[str, LevelerCard], start: Mapping[str, Any],
                 source: str = "file") -> dict[str, Any]:
    """Card dropdown options, label -> the situation's ``card`` value: the pool's names, and
    the start's own card when it is not one of them (a custom card, or "Clone" for a copy),
    labelled with ``source``."""
    options: dict[str, Any] = {name: name for name in pool}
    card = start["card"]
    if card not in options.values():
        options[f"{_card_name(card)} — {source}"] = card
    return options


PRESET_NAMES = tuple(PRESETS)
"""The presets an effect line offers, by name (what a link names)."""


def preset_options() -> dict[str, str | None]:
    """Effect line options, label -> preset name (None for an empty line)."""
    return {NO_PRESET: None, **{name: name for name in PRESETS}}


def visible_slots(chosen: Sequence[str | None]) -> list[int]:
    """The effect lines to show: every line up to the last chosen one, then one empty line."""
    last = max((index for index, name in enumerate(chosen) if name), default=-1)
    return list(range(min(last + 2, len(chosen))))


# ---------------------------------------------------------------- the situation and its answer

@dataclass(frozen=True, slots=True)
class WhatIf:
    """A derived situation and what the library says about it."""

    situation: dict[str, Any] | None
    """The whole situation (format version 2), None when the controls give no valid one."""
    resolution: Resolution | None
    """``resolve_situation(situation, pool)``, None with an error."""
    error: str | None = None
    """Why there is no resolution (the library's message, naming the field)."""
    not_applied: tuple[tuple[int, str, str], ...] = ()
    """Presets left out: (line number from 1, preset, the library's reason)."""


def build(start: Mapping[str, Any], *, card: Any, zone: str, level: float | None,
          plus_one: float | None, minus_one: float | None, timestamp: float | None,
          face_down: bool, kept: Sequence[bool],
          presets: Sequence[str | None], pool: Mapping[str, LevelerCard],
          caster: str | None = None) -> WhatIf:
    """The situation the controls describe (see the module docstring) and its resolution.

    A number field left empty (None) counts as 0. ``caster`` (one of
    :data:`CASTER_CHOICES`; None or "usual" for each card's usual caster) controls the
    targeted presets' spells and abilities: an illegal target is left out with the
    library's reason (601.2c).
    """
    cast_by = None if caster in (None, "usual") else caster
    effects = [effect for effect, keep in zip(start["effects"], kept, strict=False) if keep]
    counters = {"level": level or 0, "+1/+1": plus_one or 0, "-1/-1": minus_one or 0}
    try:  # the page's numbers, before any work on them
        check_counters(counters)
    except ValueError as error:
        return WhatIf(None, None, str(error))
    base = {**start, "card": card, "zone": zone, "timestamp": timestamp or 0,
            "face_down": face_down, "effects": effects,
            "counters": {key: int(value) if float(value).is_integer() else value
                         for key, value in counters.items()}}
    try:
        situation = situation_to_dict(parse_situation(base, pool), pool)
    except ValueError as error:
        return WhatIf(None, None, str(error))
    own: float = 0  # the card's own timestamp is left out of "now" until re-stamped
    left_out: list[tuple[int, str, str]] = []
    for line, name in enumerate(presets, start=1):
        if not name:
            continue
        now = next_timestamp({**situation, "timestamp": own})
        try:
            situation = apply_preset(situation, name, timestamp=now, pool=pool,
                                     caster=cast_by if PRESETS[name].target else None)
        except ValueError as error:
            left_out.append((line, name, str(error)))
            continue
        if PRESETS[name].kind in ("copy", "face"):  # a new object, or turned: its own stamp
            own = situation["timestamp"]
    try:
        resolution = resolve_situation(situation, pool)
    except ValueError as error:
        return WhatIf(situation, None, str(error), tuple(left_out))
    return WhatIf(situation, resolution, None, tuple(left_out))


def situation_json(situation: Mapping[str, Any]) -> str:
    """The situation as the file the view downloads (and loads back): indented JSON."""
    return json.dumps(situation, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------- HTML

def _e(value: object) -> str:
    return html.escape(str(value))


def error_html(message: str, text: Mapping[str, str]) -> str:
    """A situation that cannot be resolved: the library's message, escaped."""
    return (f'<div class="lv-wi-error" role="alert"><strong>{_e(text["wi_error"])}</strong>'
            f'<pre class="lv-pre">{_e(message)}</pre></div>')


def answer_html(resolution: Resolution, text: Mapping[str, str],
                pool: Mapping[str, LevelerCard] | None = None) -> str:
    """What the object is now: name, P/T, band, abilities, whether it can level up, and the
    rules that decided the band. With ``pool``, a card of it (the object's name, a copy's
    too: 707.2) is named and its abilities written as printed in the words'
    ``printed_language`` ("Étudiante de la guerre", "Initiative"); an ability it was
    given stays as the rules write it."""
    pt = ("—" if resolution.power is None or resolution.toughness is None
          else f"{resolution.power}/{resolution.toughness}")
    language = text.get("printed_language", "")
    card = (pool or {}).get(resolution.name) if resolution.name is not None else None
    printed = printed_lines(card, language) if card is not None else {}
    name = (_e(printed_name(card, resolution.name, language)) if resolution.name is not None
            else f'<span class="lv-wi-muted">{_e(text["wi_no_name"])}</span>')
    band = band_text(text, resolution.band)
    abilities = ("<ul class=\"lv-wi-abilities\">" + "".join(
        f"<li>{_e(printed.get(ability, ability))}</li>" for ability in resolution.abilities)
        + "</ul>"
        if resolution.abilities else
        f' <span class="lv-wi-abilities lv-wi-muted">{_e(text["wi_no_abilities"])}</span>')
    step = next((s for s in resolution.trace if s.layer == "level up"), None)
    why = f" — {_e(step_text(text, step))} ({_e(step.rule)})" if step is not None else ""
    can = text["wi_yes"] if resolution.can_level_up else text["wi_no"]
    return (f'<div class="lv-wi-answer" data-pt="{_e(pt)}" '
            f'data-can-level-up="{str(resolution.can_level_up).lower()}">'
            f'<div class="lv-wi-name">{name}</div>'
            f'<div class="lv-wi-pt">{_e(pt)}</div>'
            f'<div>{_e(text["wi_band"])} <strong class="lv-wi-band">{_e(band)}</strong></div>'
            f'<div>{_e(text["wi_abilities"])}{abilities}</div>'
            f'<div>{_e(text["wi_can_level_up"])} <strong class="lv-wi-level-up">{_e(can)}'
            f"</strong>{why}</div>"
            f'<div class="lv-wi-muted">{_e(text["wi_decided_by"])} '
            f'<span class="lv-wi-citations">{_e(", ".join(resolution.citations))}</span>'
            "</div></div>")


def trace_html(resolution: Resolution, text: Mapping[str, str]) -> str:
    """The trace as a table: step, layer, rule, what happened (one row per step), each
    step in the words of ``text`` (:func:`leveler.app.trace_words.step_text`)."""
    head = "".join(f'<th scope="col">{_e(text[key])}</th>'
                   for key in ("wi_step", "wi_layer", "wi_rule", "wi_what"))
    rows = "".join(
        f'<tr data-layer="{_e(step.layer)}"><td>{number}</td>'
        f'<td class="lv-trace-layer">{_e(step.layer)}</td>'
        f'<td class="lv-trace-rule">{_e(step.rule)}</td><td>{_e(step_text(text, step))}</td></tr>'
        for number, step in enumerate(resolution.trace, start=1))
    return (f'<table class="lv-trace"><caption>{_e(text["wi_trace"])}</caption>'
            '<colgroup><col class="lv-w-step"><col class="lv-w-layer">'
            '<col class="lv-w-trace-rule"><col></colgroup>'
            f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")


def effect_text(effect: Mapping[str, Any], text: Mapping[str, str] | None = None) -> str:
    """One effect in a line: its source, what it does, its timestamp; in the words of
    ``text`` (a dict of :data:`leveler.app.labels.LABELS`, English by default). The source (a
    card's name) and an unknown effect type are shown as they are."""
    words = WORDS["en"] if text is None else text
    kind = effect["type"]
    if kind == "set_base_pt" and effect.get("toughness") is None:
        kind = "set_base_power"  # one component (7b)
    elif kind == "set_base_pt" and effect.get("power") is None:
        kind = "set_base_toughness"
    what = words.get(f"wi_effect.{kind}", kind)
    fields = {key: effect.get(key) for key in ("power", "toughness", "ability")}
    fields["types"] = " ".join(str(word) for key in ("card_types", "subtypes")
                               for word in effect.get(key) or ())
    if kind == "modify_pt":
        fields = {**fields, "power": effect.get("power") or 0,
                  "toughness": effect.get("toughness") or 0}
    try:
        described = what.format(**fields)
    except (TypeError, ValueError):
        described = kind
    source = effect.get("source") or effect["type"]
    stamp = effect.get("timestamp")
    return f"{source}: {described}" + (words["wi_effect.timestamp"].format(timestamp=stamp)
                                       if stamp is not None else "")


def _card_name(card: Any) -> str:
    return card if isinstance(card, str) else str(card.get("name", ""))


def effects_html(situation: Mapping[str, Any], text: Mapping[str, str]) -> str:
    """The derived situation in words: its counters and timestamp, copy, face, effects."""
    counters = situation["counters"]
    parts = [text["wi_counters_now"].format(
        level=counters["level"], plus=counters["+1/+1"], minus=counters["-1/-1"],
        timestamp=situation["timestamp"])]
    copy_of = situation.get("copy_of")
    if copy_of:
        key = "wi_copy_face_down" if copy_of.get("face_down") else "wi_copy"
        parts.append(text[key].format(card=_card_name(copy_of["card"])))
    order = situation.get("entry_order")
    if order:
        parts.append(text["wi_entry_order"].format(
            order=", ".join(map(str, order["order"])), who=order["chosen_by"]))
    if situation.get("face_down"):
        parts.append(text["wi_face_down_now"])
    effects = situation["effects"]
    listed = ("<ol class=\"lv-wi-effects\">" + "".join(
        f"<li>{_e(effect_text(effect, text))}</li>" for effect in effects) + "</ol>"
        if effects else f' <span class="lv-wi-muted">{_e(text["wi_no_effects"])}</span>')
    return (f'<div class="lv-wi-state">{_e(" ".join(parts))}<div>'
            f'{_e(text["wi_effects_now"])}{listed}</div></div>')


def not_applied_html(whatif: WhatIf, text: Mapping[str, str]) -> str:
    """The presets left out, each with the library's reason; empty when none was."""
    if not whatif.not_applied:
        return ""
    items = "".join(f"<li>{line}. {_e(name)}: {_e(reason)}</li>"
                    for line, name, reason in whatif.not_applied)
    return f'<div class="lv-wi-skip">{_e(text["wi_not_applied"])}<ul>{items}</ul></div>'


def preset_summary_html(name: str | None) -> str:
    """What a preset's card does, in short (the preset's own summary), escaped."""
    if not name or name not in PRESETS:
        return ""
    preset = PRESETS[name]
    return (f'<span class="lv-preset-summary" title="{_e(preset.models)}">'
            f"{_e(preset.summary)} ({_e(preset.rule)})</span>")


def rule_quote(resolution: Resolution, text: Mapping[str, str]) -> str:
    """The leveler rules the answer cites (711, 702.87), quoted as the language's rules
    edition words them; empty when it cites none the edition has text for (613.8a...)."""
    edition = text["rules_edition"]
    quoted = [rule for rule in resolution.citations if cite(rule, edition).text is not None]
    if not quoted:
        return ""
    heading = text["wi_rule_quote"].format(edition=EDITIONS[edition])
    return (f'<div class="lv-wi-quotes"><p>{_e(heading)}</p>'
            + "".join(quote_html(text, rule, edition) for rule in quoted) + "</div>")


def _field(label: str, control: str) -> str:
    return f'<label class="lv-wi-field"><span>{_e(label)}</span>{control}</label>'


PANEL_CONTROLS = ("card", "level", "plus", "minus", "zone", "timestamp", "face_down", "reset",
                  "download", "load")
"""The controls :func:`panel_html` places (``caster`` is optional)."""


def link_notes(text: Mapping[str, str], link_error: str | None,
               too_long: int | None) -> list[str]:
    """What the panel says about its link (:mod:`leveler.app.situation_link`): that the
    link's situation could not be read (``link_error``, naming the field), or that the
    loaded situation is ``too_long`` characters packed, over a link's
    :data:`leveler.app.link.MAX_PACKED`."""
    notes = []
    if link_error is not None:
        notes.append(text["wi_link_error"].format(error=link_error))
    if too_long is not None:
        notes.append(text["wi_link_too_long"].format(
            length=number_text(text, too_long), limit=number_text(text, MAX_PACKED)))
    return notes


def panel_html(text: Mapping[str, str], whatif: WhatIf, controls: Mapping[str, str],
               kept: Sequence[tuple[str, Mapping[str, Any]]],
               lines: Sequence[tuple[str, str | None]],
               pool: Mapping[str, LevelerCard] | None = None,
               notes: Sequence[str] = (), source: str = "file") -> str:
    """The whole view: the controls on the left, the answer on the right (its card as
    printed in the words' language, :func:`answer_html`), the trace below.

    ``controls`` holds the HTML of the marimo controls (``card``, ``level``, ``plus``,
    ``minus``, ``zone``, ``timestamp``, ``face_down``, ``reset``, ``download``, ``load``);
    ``kept`` pairs each loaded effect's checkbox with the effect; ``lines`` pairs each shown
    effect line's dropdown with its preset. Card data and effects are escaped here; the
    labels are the app's own; ``notes`` (escaped) come first (:func:`link_notes`).
    ``source`` says where the loaded situation came from: ``"file"`` (loaded in this page)
    or ``"link"`` (packed in the link it was opened from: no file to go back to).
    """
    if source not in SOURCE_WORDS:
        raise ValueError(f"panel_html: source {source!r}, expected one of "
                         f"{', '.join(SOURCE_WORDS)}")
    effects_heading, reset_words = SOURCE_WORDS[source]
    c = controls
    said = "".join(f'<p class="lv-wi-help lv-wi-link-note" role="note">{_e(note)}</p>'
                   for note in notes)
    caster = ""
    if "caster" in c:  # who casts the targeted presets (601.2c)
        caster = (f'<div class="lv-wi-row">{_field(text["wi_caster"], c["caster"])}</div>'
                  f'<div class="lv-wi-help">{_e(text["wi_caster_help"])}</div>')
    loaded = ""
    if kept:
        loaded = (f'<div class="lv-wi-help">{_e(text[effects_heading])}</div>' + "".join(
            f'<div class="lv-wi-line">{box}<span>{_e(effect_text(effect, text))}</span></div>'
            for box, effect in kept))
    shown = "".join(f'<div class="lv-wi-line"><span class="lv-wi-n">{number}.</span>{menu}'
                    f"{preset_summary_html(name)}</div>"
                    for number, (menu, name) in enumerate(lines, start=1))
    full = (f'<div class="lv-wi-help">{_e(text["wi_slots_full"])}</div>'
            if lines and lines[-1][1] else "")
    left = (f'<div class="lv-wi-controls">{said}<p class="lv-wi-help">{_e(text["wi_intro"])}</p>'
            f'{_field(text["wi_card"], c["card"])}'
            f'<div class="lv-wi-help">{_e(text["wi_card_marks"])}</div>'
            f'<div class="lv-wi-row">{_field(text["wi_level"], c["level"])}'
            f'{_field(text["wi_plus"], c["plus"])}{_field(text["wi_minus"], c["minus"])}</div>'
            f'<div class="lv-wi-row">{_field(text["wi_zone"], c["zone"])}'
            f'{_field(text["wi_timestamp"], c["timestamp"])}'
            f'{_field(text["wi_face_down"], c["face_down"])}</div>'
            f'<div class="lv-wi-help">{_e(text["wi_timestamp_help"])}</div>'
            f"{caster}"
            f'<h4>{_e(text["wi_effects"])}</h4>'
            f'<div class="lv-wi-help">{_e(text["wi_effects_help"])}</div>'
            f"{loaded}{shown}{full}"
            f'<div class="lv-wi-line">{c["reset"]}<span class="lv-wi-help">'
            f'{_e(text[reset_words])}</span></div>'
            f'<div class="lv-wi-line">{c["download"]}</div>'
            f'<div class="lv-wi-help">{_e(text["wi_load"])}</div>'
            f'<div class="lv-wi-load">{c["load"]}</div></div>')
    if whatif.resolution is None:
        right = error_html(whatif.error or "", text)
        below = ""
    else:
        right = (answer_html(whatif.resolution, text, pool)
                 + rule_quote(whatif.resolution, text))
        below = trace_html(whatif.resolution, text)
    state = effects_html(whatif.situation, text) if whatif.situation is not None else ""
    if whatif.situation is not None:
        counters = whatif.situation.get("counters") or {}
        note = zone_counters_note(text, int(counters.get("level") or 0),
                                  str(whatif.situation.get("zone") or "battlefield"),
                                  others=bool(counters.get("+1/+1") or counters.get("-1/-1")))
        state += f'<p class="lv-zone-note" role="note">{_e(note)}</p>' if note else ""
    right = (f'<div class="lv-wi-result"><h4>{_e(text["wi_answer"])}</h4>{right}'
             f"{not_applied_html(whatif, text)}{state}</div>")
    return (f'<div class="lv-whatif"><div class="lv-wi-top">{left}{right}</div>'
            f"{below}</div>")
