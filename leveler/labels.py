"""The explorer app's own words, in English and French, and the few views that use them.

:data:`LABELS` holds one dict per language with the same keys (``tests/test_labels.py``
checks it): the title and intro, control labels, tab names, table headers and captions,
the What-if and pool-picker texts, the charts' titles (``chart.*``, which
:mod:`leveler.charts` takes, English by default). The notebook picks one dict with the
language switch and passes it around; nothing here decides a rule.

Data stays data: card names, ability texts, band labels and the library's messages
(trace steps, errors) are shown as the library gives them, in English. The French
labels follow the French Comprehensive Rules of 2011 (rule 710): *marqueur « niveau »*,
*symbole de niveau*, *cartouche force/endurance*, *montée de niveau*.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence

import pandas as pd

from leveler import views
from leveler.io.editions import EDITIONS
from leveler.model import Characteristics, LevelBand, LevelerCard, Zone
from leveler.views import SORT_OPTIONS, TABLE_COLUMNS, table_html

__all__ = [
    "LABELS",
    "LANGUAGES",
    "card_html",
    "characteristics_html",
    "counters_text",
    "edition_label",
    "labels_for",
    "localise_headers",
    "number_text",
    "option_labels",
    "pool_error_html",
    "pool_table_html",
    "rule_quote_html",
    "sort_options",
    "tab_names",
    "table_caption",
    "translation_html",
    "zone_name",
    "zone_options",
]

LANGUAGES = {"English": "en", "Français": "fr"}
"""The language switch: its options (each language named in itself) -> key of :data:`LABELS`."""

_EN_INTRO = r"""
# Leveler explorer

**Levelers** are Magic: The Gathering creatures, first printed in *Rise of the Eldrazi*
(2010), that grow as you pay their **level up** cost: each time, they get a level
counter. Their text box is split into striations, each under a level symbol such as
`LEVEL 2-6` or `LEVEL 7+`; with that many counters the creature has that striation's
power/toughness and abilities (rules 711.2a, 711.2b). With fewer counters than its first
band it is what its uppermost P/T box says (711.5), and so it is in every zone but the
battlefield (711.6). Choose a number of counters and a zone to see the whole pool at once.
"""

_FR_INTRO = r"""
# Explorateur des monteurs de niveau

Les **monteurs de niveau** sont des créatures de Magic: The Gathering, imprimées pour la
première fois dans *L'Ascension des Eldrazi* (2010), qui grandissent à mesure que vous
payez leur coût de **montée de niveau** : chaque fois, elles reçoivent un marqueur
« niveau ». Leur encadré de texte est divisé en parties striées, chacune sous un symbole
de niveau comme `NIVEAU 2-6` ou `NIVEAU 7+` ; avec autant de marqueurs, la créature a la
force/endurance et les capacités de cette partie (règles 711.2a, 711.2b). Avec moins de
marqueurs que son premier symbole, elle a ce que dit son premier cartouche
force/endurance (711.5), et de même dans toute zone autre que le champ de bataille
(711.6). Choisissez un nombre de marqueurs et une zone pour voir toutes les cartes à la fois.
"""

_EN_BALANCE_INTRO = (
    "Every band of every printed leveler, and of each design saved in the designs store: "
    "the **mana invested** to reach it (mana value + N1 × the level up cost, 702.87a), the "
    "**turn** it is reached on the play with a land a turn and no other mana, and its **P+T "
    "against the curve**: the printed pool's own trend (least squares over every band) and "
    "the vanilla line P+T = a × mana + b (default a = 2, b = 0: a 2/2 for 2). A band is "
    "*above* or *below* a line when its P+T is more than the tolerance away from it. "
    "Abilities are not valued, so a utility leveler sits below by design.")

_FR_BALANCE_INTRO = (
    "Chaque niveau de chaque monteur de niveau imprimé, et de chaque création enregistrée "
    "dans le magasin des créations : le **mana investi** pour l'atteindre (valeur de mana + "
    "N1 × le coût de montée de niveau, 702.87a), le **tour** où il est atteint en commençant, "
    "avec un terrain par tour et aucun autre mana, et sa **F+E face à la courbe** : la "
    "tendance propre des cartes imprimées (moindres carrés sur tous les niveaux) et la droite "
    "vanille F+E = a × mana + b (par défaut a = 2, b = 0 : un 2/2 pour 2). Un niveau est "
    "*au-dessus* ou *en dessous* d'une droite quand sa F+E s'en écarte de plus que la "
    "tolérance. Les capacités ne sont pas évaluées : un monteur de niveau utilitaire est donc "
    "en dessous, par construction.")

_EN_BENCH_INTRO = (
    "Write a leveler: its text is parsed as you type, the way the designs store will read "
    "it. It is placed beside the printed pool on the charts below, and every variant "
    "that moves one parameter one step is placed against the curve. **Save design** "
    "writes it to the server's designs store as a new revision (earlier ones are kept), "
    "even if it does not parse yet; a design another session changed meanwhile is never "
    "replaced without a word. What you type is kept as a draft as you type, and offered "
    "back after a reload or a server restart.")

_FR_BENCH_INTRO = (
    "Écrivez un monteur de niveau : son texte est lu à mesure que vous tapez, comme le lira "
    "le magasin des créations. Il est placé à côté des cartes imprimées dans les graphiques "
    "ci-dessous, et chaque variante qui change un paramètre d'un cran est placée face à la "
    "courbe. **Enregistrer la création** l'écrit dans le magasin des créations du serveur "
    "comme une nouvelle révision (les précédentes sont gardées), même si elle n'est pas "
    "encore lisible ; une création modifiée entre-temps par une autre session n'est jamais "
    "remplacée sans un mot. Ce que vous tapez est gardé comme brouillon à mesure, et "
    "proposé de nouveau après un rechargement ou un redémarrage du serveur.")

_EN: dict[str, str] = {
    "language": "en",
    "rules_edition": "en-current",
    "intro": _EN_INTRO,
    # the sidebar
    "show_with": "### Show the pool with",
    "filter": "### Filter the pool",
    "sort": "### Sort the table",
    "level": "Level counters",
    "zone": "Zone",
    "colour": "Colour",
    "rarity": "Rarity",
    "set": "Set",
    "name": "Name",
    "name_placeholder": "part of a name",
    "band_search": "Band stats (on the battlefield)",
    "band_search_placeholder": "pow>=4 lvl<=3",
    "band_search_error": "The band search is not understood; the table keeps the last one "
                         "that was:",
    "sort_by": "Sort by",
    "descending": "Descending",
    "zone.battlefield": "Battlefield",
    "zone.hand": "Hand",
    "zone.library": "Library",
    "zone.graveyard": "Graveyard",
    "zone.exile": "Exile",
    "zone.stack": "Stack",
    "zone.command": "Command",
    **{f"where.{zone.value}": zone.phrase for zone in Zone},
    "sort.Name": "Name",
    "sort.Mana value": "Mana value",
    "sort.Power": "Power",
    "sort.Toughness": "Toughness",
    "sort.Rule": "Rule",
    "colour.White": "White",
    "colour.Blue": "Blue",
    "colour.Black": "Black",
    "colour.Red": "Red",
    "colour.Green": "Green",
    "colour.Colourless": "Colourless",
    "colour.Multicolour": "Multicolour",
    "rarity.common": "common",
    "rarity.uncommon": "uncommon",
    "rarity.rare": "rare",
    "rarity.mythic": "mythic",
    "rarity.special": "special",
    "rarity.bonus": "bonus",
    # the pool picker
    "pool_heading": "### Card pool",
    "pool_pick": "Load a pool file (the project's JSON, Scryfall, MTGJSON), then **OK**.",
    "pool_bundled": "The bundled printed levelers: {count} cards.",
    "pool_env": "From LEVELER_POOL, {source}: {count} cards.",
    "pool_failed": "Cards that could not be loaded:",
    "pool_more": "… and {count} more.",
    "language_heading": "### Language",
    # tabs and the pool view
    "tab_pool": "Pool",
    "tab_card": "Card",
    "tab_whatif": "What if…",
    "col.Name": "Name",
    "col.Mana cost": "Mana cost",
    "col.Band": "Band",
    "col.Power": "Power",
    "col.Toughness": "Toughness",
    "col.Abilities": "Abilities",
    "col.Rule": "Rule",
    "counter_one": "1 level counter",
    "counter_many": "{count} level counters",
    "caption": "{shown} of {total} cards with {counters}, {zone}",
    "caption_hint": ". Click a card's line, or drag a box, in the chart to pick cards.",
    "caption_selected": "; only the {selected} selected in the chart (double-click the chart "
                        "to clear).",
    # the pool's P/T chart (leveler.charts): axis, legend and tooltip titles, the level rule
    "chart.level_counters": "Level counters",
    "chart.Power": "Power",
    "chart.Toughness": "Toughness",
    "chart.colour": "Colour",
    "chart.card": "Card",
    "chart.band": "Band",
    "chart.pt": "P/T",
    "chart.rule": "Rule",
    "chart.level_rule": "level {level}",
    # the Balance and bench charts (leveler.balance_charts); flags, lines and sources are
    # the chart's words for the values below, above or on a line, and where a card comes from
    "chart.source": "Source",
    "chart.source.printed": "printed",
    "chart.source.design": "design",
    "chart.stage": "Stage (0 = printed box)",
    "chart.mana_invested": "Mana invested",
    "chart.turn": "Turn",
    "chart.turn_reached": "Turn reached",
    "chart.investment_title": "Mana invested per band",
    "chart.turns_title": "Turns to each band",
    "chart.reference": "Reference",
    "chart.line": "Line",
    "chart.line.pool trend": "pool trend",
    "chart.line.vanilla": "vanilla",
    "chart.vs_pool_trend": "vs pool trend",
    "chart.vs_trend": "vs trend",
    "chart.vs_vanilla": "vs vanilla",
    "chart.flag.below": "below",
    "chart.flag.on": "on",
    "chart.flag.above": "above",
    "chart.pt_sum": "P+T",
    "chart.pool_trend": "Pool trend",
    "chart.vanilla": "Vanilla",
    "chart.curve_title": "The curve: P+T per mana invested",
    "chart.chance_reached": "Chance reached",
    "chart.chance": "Chance",
    "chart.reach_title": "Chance of having reached each band by each turn",
    "chart.variant": "Variant",
    "chart.variants_title": "Variants: one parameter, one step",
    "chart.value": "Value",
    "chart.progression_title": "P/T by level counters (battlefield)",
    "no_band": "(none)",
    "table_empty": "No card passes the filters.",
    "pool_error": "The app could not load its card pool.",
    "pool_error_fix": "Fix the file named by {variable}, or unset it to use the bundled pool, "
                      "and reload.",
    # the card view
    "card": "Card",
    "why": "<p><strong>Why:</strong> the rule that decided it, as worded in</p>",
    "now_with": "With <strong>{counters}</strong>, <strong>{zone}</strong>:",
    "now_band": "Band:",
    "now_abilities": "Abilities now:",
    "applies_now": "applies now",
    "quote_rule": "Rule",
    "quote_now": "now",
    "quote_no_text": "no text",
    "translation_missing": "The pool has no French text for this card.",
    "translation_printed": "Printed in French:",
    # the What if… view
    "wi_intro": "Put one card in a game state: its counters, its zone, and effects from real "
                "cards. It is resolved layer by layer (rule 613), each step with its rule.",
    "wi_card": "Card",
    "wi_level": "Level counters",
    "wi_plus": "+1/+1 counters",
    "wi_minus": "-1/-1 counters",
    "wi_zone": "Zone",
    "wi_timestamp": "Its timestamp",
    "wi_face_down": "Face down",
    "wi_timestamp_help": "When it entered (613.7d). The effects below are stamped 1, 2, 3… "
                         "in their order: 0 puts the card before them all.",
    "wi_effects": "Effects, in order",
    "wi_effects_help": "Choose a card in the last line to add its effect; set a line back to "
                       "— to remove it.",
    "wi_file_effects": "From the loaded file (untick to remove):",
    "wi_slots_full": "Every line is used.",
    "wi_reset": "Start over: back to the loaded file, or to an empty situation.",
    "wi_save": "Download the situation (JSON)",
    "wi_load": "Load a situation file (JSON), then OK:",
    "wi_answer": "The answer",
    "wi_no_name": "no name (face down)",
    "wi_band": "Band:",
    "wi_abilities": "Abilities:",
    "wi_no_abilities": "none",
    "wi_can_level_up": "Can level up now:",
    "wi_yes": "yes",
    "wi_no": "no",
    "wi_decided_by": "Decided by:",
    "wi_counters_now": "Counters now: {level} level, {plus} +1/+1, {minus} -1/-1; timestamp "
                       "{timestamp}.",
    "wi_copy": "A copy of {card}.",
    "wi_copy_face_down": "A copy of a face-down {card}: its face-down values.",
    "wi_entry_order": "Entered together, in this order: {order} (chosen by {who}).",
    "wi_caster": "Targeted effects cast by",
    "wi_caster_help": "Who casts the targeted cards (Giant Growth, Diminish…): each card's "
                      "usual caster, you (the leveler's controller) or an opponent. Hexproof "
                      "refuses an opponent's, shroud and protection refuse either (601.2c).",
    "wi_face_down_now": "Face down.",
    "wi_effects_now": "Effects in the situation:",
    "wi_no_effects": "no effects from other sources.",
    "wi_not_applied": "Not applied:",
    "wi_error": "This situation cannot be resolved:",
    "wi_trace": "Layer by layer",
    "wi_step": "#",
    "wi_layer": "Layer",
    "wi_rule": "Rule",
    "wi_what": "What happened",
    "wi_rule_quote": "The leveler rules it cites, as worded in {edition}:",
    "wi_effect.set_base_pt": "base P/T {power}/{toughness}",
    "wi_effect.set_base_power": "base power {power}",
    "wi_effect.set_base_toughness": "base toughness {toughness}",
    "wi_effect.set_types": "becomes {types}",
    "wi_effect.add_types": "is also {types}",
    "wi_effect.modify_pt": "{power:+d}/{toughness:+d}",
    "wi_effect.switch_pt": "switch P/T",
    "wi_effect.lose_all_abilities": "loses all abilities",
    "wi_effect.gain_ability": "gains {ability!r}",
    "wi_effect.timestamp": " (timestamp {timestamp})",
    # the Balance view and the Design bench
    "tab_balance": "Balance",
    "tab_bench": "Design bench",
    "balance_intro": _EN_BALANCE_INTRO,
    "bench_intro": _EN_BENCH_INTRO,
    "curve_line": "Vanilla line",
    "curve_formula": "P+T = a × mana + b",
    "curve_tolerance": "tolerance",
    "mc_heading": "#### Limited: the chance of having reached each band by each turn",
    "mc_lands": "Lands in the 40-card deck",
    "mc_play": "On the play",
    "mc_draw": "On the draw",
    "mc_run": "Play {games} games per card",
    "mc_played": "{games} games per card ({lands} lands, seed {seed}), played in {seconds} s.",
    "mc_budget": "A press plays at most {cap} games in all (games × cards), for the server's "
                 "sake: here {games} games for each of the {played} cards.",
    "mc_budget_cut": "A press plays at most {cap} games in all (games × cards), for the "
                     "server's sake: of the {cards} cards, only the first {played} are played, "
                     "{games} games each.",
    "mc_not_played": "_Not played yet with these settings: press the button (a second or so)._",
    "mc_caption": "{card}: chance (%) by turn",
    "balance_no_curve": "The curve cannot be drawn",
    "balance_caption": "Every band: mana invested, turn reached (on the play, a land a turn), "
                       "P+T against the curve",
    "download": "**Download**",
    "design_open": "Open",
    "design_new": "New design",
    "design_name": "Design name",
    "design_cost": "Mana cost",
    "design_type": "Type line",
    "design_power": "Power",
    "design_toughness": "Toughness",
    "design_text": "Oracle text",
    "design_save": "Save design",
    "design_caption": "Your design, band by band",
    "variants_caption": "Every variant one step away, on the curve",
    "variants_waiting": "Variants appear once the design parses.",
    "btable_empty": "Nothing to show.",
    # the Balance and bench tables' headings (the frames and their CSV keep the English ones)
    "bcol.Card": "Card",
    "bcol.Source": "Source",
    "bcol.Band": "Band",
    "bcol.Counters": "Counters",
    "bcol.Mana": "Mana",
    "bcol.Turn": "Turn",
    "bcol.P/T": "P/T",
    "bcol.P+T": "P+T",
    "bcol.Trend": "Trend",
    "bcol.vs trend": "vs trend",
    "bcol.Vanilla": "Vanilla",
    "bcol.vs vanilla": "vs vanilla",
    "bcol.Change": "Change",
    "bcol.Printed": "Printed",
    "bcol.Band {number}": "Band {number}",
    "bcol.Turn {number}": "Turn {number}",
    # a variant, in a cell of the variants table and in words (its change)
    "variant_cell": "{label}{pt} · {mana} mana · {turn}\ntrend {trend}, vanilla {vanilla}",
    "variant_turn": "turn {turn}",
    "variant_not_reached": "not reached",
    "change.design": "the design",
    "change.level_up_cost": "level up cost {sign} generic",
    "change.printed": "printed box {field} {sign}",
    "change.band": "band {band} {field} {sign}",
    "change.power": "power",
    "change.toughness": "toughness",
    "change.min_level": "start (N1)",
    # a design that does not parse, a parsed design, the designs file, a save
    "draft_not_parsing": "This design does not parse yet{where}.",
    "draft_where": " (line {line} of the text)",
    "draft_saveable": "It can still be saved; the designs store keeps it as typed.",
    "draft_line": "↑ line {line}: ",
    "draft_rule": " (rule {rule})",
    "design_printed": "printed",
    "design_note": "Note: {note}",
    "designs_file": "Designs store:",
    "designs_no_name": "(no name)",
    "designs_failing": "does not parse: {message}",
    "designs_failing_line": " (line {line})",
    "designs_parses": "parses",
    "designs_none": "no designs yet",
    "designs_count": "{count} design(s), {parsed} parse",
    "save_added": "Added “{name}” to {store} (revision {revision}): {count} design(s) in "
                  "the store.",
    "save_replaced": "Saved “{name}” in {store} as revision {revision}: {count} design(s) "
                     "in the store.",
    "save_unchanged": "“{name}” is unchanged since revision {revision}: nothing to save.",
    "save_copied": "Kept yours as “{name}” in {store} (revision {revision}): {count} "
                   "design(s) in the store.",
    "save_conflict_changed": "Not saved: “{name}” was changed meanwhile by another session "
                             "(now revision {current}, you opened revision {expected}) — "
                             "keep yours as a copy, or reload.",
    "save_conflict_exists": "Not saved: “{name}” already exists in {store} (revision "
                            "{current}, saved by another session or earlier) — keep yours "
                            "as a copy, or reload.",
    "save_conflict_gone": "Not saved: “{name}” is no longer in {store} (you opened revision "
                          "{expected}) — keep yours as a copy, or reload.",
    "save_failed": "Not saved: {error}",
    "design_copy": "Keep mine as a copy",
    "designs_reload": "Reload designs",
    "design_history": "History",
    "design_restore": "Restore this revision",
    "history_entry": "revision {revision} · {when}",
    "restored": "Restored revision {revision} of “{name}”: it is now revision {new}, in "
                "the form.",
    "draft_restored": "Your unsaved draft of “{name}” (typed {when}) was kept: it is back "
                      "in the form.",
    "draft_not_kept": "What you type is not kept as a draft: {error}",
    "designs_caps": "(at most {cap} designs, {size} bytes each)",
    "designs_read_only": "This store is read-only on the server: designs can be opened, "
                         "not saved.",
    "designs_export": "Export the designs (JSON)",
    "designs_import": "Import a designs file (JSON):",
    "import_failed": "Not imported: {error}",
}

_FR: dict[str, str] = {
    "language": "fr",
    "rules_edition": "fr-2011",
    "intro": _FR_INTRO,
    "show_with": "### Afficher les cartes avec",
    "filter": "### Filtrer les cartes",
    "sort": "### Trier le tableau",
    "level": "Marqueurs « niveau »",
    "zone": "Zone",
    "colour": "Couleur",
    "rarity": "Rareté",
    "set": "Extension",
    "name": "Nom",
    "name_placeholder": "une partie du nom",
    "band_search": "Caractéristiques par niveau (sur le champ de bataille)",
    "band_search_placeholder": "pow>=4 lvl<=3",
    "band_search_error": "La recherche par niveau n'est pas comprise ; la table garde la "
                         "dernière qui l'était :",
    "sort_by": "Trier par",
    "descending": "Décroissant",
    "zone.battlefield": "Champ de bataille",
    "zone.hand": "Main",
    "zone.library": "Bibliothèque",
    "zone.graveyard": "Cimetière",
    "zone.exile": "Exil",
    "zone.stack": "Pile",
    "zone.command": "Zone de commandement",
    "where.battlefield": "sur le champ de bataille",
    "where.hand": "dans la main",
    "where.library": "dans la bibliothèque",
    "where.graveyard": "dans le cimetière",
    "where.exile": "en exil",
    "where.stack": "sur la pile",
    "where.command": "dans la zone de commandement",
    "sort.Name": "Nom",
    "sort.Mana value": "Valeur de mana",
    "sort.Power": "Force",
    "sort.Toughness": "Endurance",
    "sort.Rule": "Règle",
    "colour.White": "Blanc",
    "colour.Blue": "Bleu",
    "colour.Black": "Noir",
    "colour.Red": "Rouge",
    "colour.Green": "Vert",
    "colour.Colourless": "Incolore",
    "colour.Multicolour": "Multicolore",
    "rarity.common": "commune",
    "rarity.uncommon": "inhabituelle",
    "rarity.rare": "rare",
    "rarity.mythic": "rare mythique",
    "rarity.special": "spéciale",
    "rarity.bonus": "bonus",
    "pool_heading": "### Cartes",
    "pool_pick": "Chargez un fichier de cartes (JSON du projet, Scryfall, MTGJSON), puis "
                 "**OK**.",
    "pool_bundled": "Les monteurs de niveau imprimés fournis : {count} cartes.",
    "pool_env": "Depuis LEVELER_POOL, {source} : {count} cartes.",
    "pool_failed": "Cartes qui n'ont pas pu être chargées :",
    "pool_more": "… et {count} de plus.",
    "language_heading": "### Langue",
    "tab_pool": "Toutes les cartes",
    "tab_card": "Une carte",
    "tab_whatif": "Et si…",
    "col.Name": "Nom",
    "col.Mana cost": "Coût de mana",
    "col.Band": "Niveau",
    "col.Power": "Force",
    "col.Toughness": "Endurance",
    "col.Abilities": "Capacités",
    "col.Rule": "Règle",
    "counter_one": "1 marqueur « niveau »",
    "counter_many": "{count} marqueurs « niveau »",
    "caption": "{shown} cartes sur {total} avec {counters}, {zone}",
    "caption_hint": ". Cliquez sur la ligne d'une carte, ou tracez un cadre, dans le graphique "
                    "pour choisir des cartes.",
    "caption_selected": " ; seulement les {selected} choisies dans le graphique (double-clic "
                        "sur le graphique pour tout reprendre).",
    "chart.level_counters": "Marqueurs « niveau »",
    "chart.Power": "Force",
    "chart.Toughness": "Endurance",
    "chart.colour": "Couleur",
    "chart.card": "Carte",
    "chart.band": "Niveau",
    "chart.pt": "F/E",
    "chart.rule": "Règle",
    "chart.level_rule": "niveau {level}",
    "chart.source": "Origine",
    "chart.source.printed": "imprimée",
    "chart.source.design": "création",
    "chart.stage": "Étape (0 = cartouche imprimé)",
    "chart.mana_invested": "Mana investi",
    "chart.turn": "Tour",
    "chart.turn_reached": "Tour atteint",
    "chart.investment_title": "Mana investi pour chaque niveau",
    "chart.turns_title": "Tours pour atteindre chaque niveau",
    "chart.reference": "Référence",
    "chart.line": "Droite",
    "chart.line.pool trend": "tendance des cartes",
    "chart.line.vanilla": "vanille",
    "chart.vs_pool_trend": "Face à la tendance des cartes",
    "chart.vs_trend": "Face à la tendance",
    "chart.vs_vanilla": "Face à la vanille",
    "chart.flag.below": "en dessous",
    "chart.flag.on": "sur la droite",
    "chart.flag.above": "au-dessus",
    "chart.pt_sum": "F+E",
    "chart.pool_trend": "Tendance des cartes",
    "chart.vanilla": "Vanille",
    "chart.curve_title": "La courbe : F+E selon le mana investi",
    "chart.chance_reached": "Probabilité d'avoir atteint",
    "chart.chance": "Probabilité",
    "chart.reach_title": "Probabilité d'avoir atteint chaque niveau à chaque tour",
    "chart.variant": "Variante",
    "chart.variants_title": "Variantes : un paramètre, un cran",
    "chart.value": "Valeur",
    "chart.progression_title": "F/E selon les marqueurs « niveau » (champ de bataille)",
    "no_band": "(aucun)",
    "table_empty": "Aucune carte ne passe les filtres.",
    "pool_error": "L'application n'a pas pu charger ses cartes.",
    "pool_error_fix": "Corrigez le fichier indiqué par {variable}, ou retirez cette variable "
                      "pour utiliser les cartes fournies, puis rechargez la page.",
    "card": "Carte",
    "why": "<p><strong>Pourquoi :</strong> la règle qui en décide, dans la version</p>",
    "now_with": "Avec <strong>{counters}</strong>, <strong>{zone}</strong> :",
    "now_band": "Symbole de niveau :",
    "now_abilities": "Capacités maintenant :",
    "applies_now": "s'applique maintenant",
    "quote_rule": "Règle",
    "quote_now": "actuellement",
    "quote_no_text": "pas de texte",
    "translation_missing": "Les cartes chargées n'ont pas de texte français pour cette carte.",
    "translation_printed": "Imprimée en français :",
    "wi_intro": "Placez une carte dans une situation de jeu : ses marqueurs, sa zone et les "
                "effets de vraies cartes. Elle est résolue couche par couche (règle 613), "
                "chaque étape avec sa règle.",
    "wi_card": "Carte",
    "wi_level": "Marqueurs « niveau »",
    "wi_plus": "Marqueurs +1/+1",
    "wi_minus": "Marqueurs -1/-1",
    "wi_zone": "Zone",
    "wi_timestamp": "Son horodatage",
    "wi_face_down": "Face cachée",
    "wi_timestamp_help": "Quand elle est arrivée (613.7d). Les effets ci-dessous sont "
                         "horodatés 1, 2, 3… dans leur ordre : 0 place la carte avant eux.",
    "wi_effects": "Effets, dans l'ordre",
    "wi_effects_help": "Choisissez une carte dans la dernière ligne pour ajouter son effet ; "
                       "remettez une ligne sur — pour l'enlever.",
    "wi_file_effects": "Du fichier chargé (décochez pour enlever) :",
    "wi_slots_full": "Toutes les lignes sont utilisées.",
    "wi_reset": "Recommencer : revenir au fichier chargé, ou à une situation vide.",
    "wi_save": "Télécharger la situation (JSON)",
    "wi_load": "Charger un fichier de situation (JSON), puis OK :",
    "wi_answer": "La réponse",
    "wi_no_name": "pas de nom (face cachée)",
    "wi_band": "Symbole de niveau :",
    "wi_abilities": "Capacités :",
    "wi_no_abilities": "aucune",
    "wi_can_level_up": "Peut monter de niveau maintenant :",
    "wi_yes": "oui",
    "wi_no": "non",
    "wi_decided_by": "Décidé par :",
    "wi_counters_now": "Marqueurs maintenant : {level} « niveau », {plus} +1/+1, {minus} "
                       "-1/-1 ; horodatage {timestamp}.",
    "wi_copy": "Une copie de {card}.",
    "wi_copy_face_down": "Une copie d'un {card} face cachée : ses valeurs face cachée.",
    "wi_entry_order": "Entrés ensemble, dans cet ordre : {order} (choisi par {who}).",
    "wi_caster": "Effets ciblés lancés par",
    "wi_caster_help": "Qui lance les sorts et capacités qui ciblent : le lanceur habituel de "
                      "chaque carte, vous (le contrôleur du monteur de niveau) ou un "
                      "adversaire. La défense talismanique refuse ceux d'un adversaire ; le "
                      "linceul et la protection refusent les deux (601.2c).",
    "wi_face_down_now": "Face cachée.",
    "wi_effects_now": "Effets dans la situation :",
    "wi_no_effects": "aucun effet d'une autre source.",
    "wi_not_applied": "Non appliqué :",
    "wi_error": "Cette situation ne peut pas être résolue :",
    "wi_trace": "Couche par couche",
    "wi_step": "n°",
    "wi_layer": "Couche",
    "wi_rule": "Règle",
    "wi_what": "Ce qui s'est passé",
    "wi_rule_quote": "Les règles des monteurs de niveau citées, dans la version {edition} :",
    "wi_effect.set_base_pt": "force/endurance de base {power}/{toughness}",
    "wi_effect.set_base_power": "force de base {power}",
    "wi_effect.set_base_toughness": "endurance de base {toughness}",
    "wi_effect.set_types": "devient {types}",
    "wi_effect.add_types": "est aussi {types}",
    "wi_effect.modify_pt": "{power:+d}/{toughness:+d}",
    "wi_effect.switch_pt": "force et endurance échangées",
    "wi_effect.lose_all_abilities": "perd toutes ses capacités",
    "wi_effect.gain_ability": "acquiert {ability!r}",
    "wi_effect.timestamp": " (horodatage {timestamp})",
    "tab_balance": "Équilibrage",
    "tab_bench": "Atelier de création",
    "balance_intro": _FR_BALANCE_INTRO,
    "bench_intro": _FR_BENCH_INTRO,
    "curve_line": "Droite vanille",
    "curve_formula": "F+E = a × mana + b",
    "curve_tolerance": "tolérance",
    "mc_heading": "#### Limité : la probabilité d'avoir atteint chaque niveau à chaque tour",
    "mc_lands": "Terrains dans le deck de 40 cartes",
    "mc_play": "Premier à jouer",
    "mc_draw": "Second à jouer",
    "mc_run": "Jouer {games} parties par carte",
    "mc_played": "{games} parties par carte ({lands} terrains, graine {seed}), jouées en "
                 "{seconds} s.",
    "mc_budget": "Un appui joue au plus {cap} parties en tout (parties × cartes), pour "
                 "ménager le serveur : ici {games} parties pour chacune des {played} cartes.",
    "mc_budget_cut": "Un appui joue au plus {cap} parties en tout (parties × cartes), pour "
                     "ménager le serveur : des {cards} cartes, seules les {played} premières "
                     "sont jouées, {games} parties chacune.",
    "mc_not_played": "_Pas encore jouées avec ces réglages : appuyez sur le bouton (une "
                     "seconde environ)._",
    "mc_caption": "{card} : probabilité (%) par tour",
    "balance_no_curve": "La courbe ne peut pas être tracée",
    "balance_caption": "Chaque niveau : mana investi, tour où il est atteint (en commençant, "
                       "un terrain par tour), F+E face à la courbe",
    "download": "**Télécharger**",
    "design_open": "Ouvrir",
    "design_new": "Nouvelle création",
    "design_name": "Nom de la création",
    "design_cost": "Coût de mana",
    "design_type": "Ligne de type",
    "design_power": "Force",
    "design_toughness": "Endurance",
    "design_text": "Texte Oracle",
    "design_save": "Enregistrer la création",
    "design_caption": "Votre création, niveau par niveau",
    "variants_caption": "Chaque variante à un cran, face à la courbe",
    "variants_waiting": "Les variantes apparaissent dès que la création est lisible.",
    "btable_empty": "Rien à afficher.",
    "bcol.Card": "Carte",
    "bcol.Source": "Origine",
    "bcol.Band": "Niveau",
    "bcol.Counters": "Marqueurs",
    "bcol.Mana": "Mana",
    "bcol.Turn": "Tour",
    "bcol.P/T": "F/E",
    "bcol.P+T": "F+E",
    "bcol.Trend": "Tendance",
    "bcol.vs trend": "Face à la tendance",
    "bcol.Vanilla": "Vanille",
    "bcol.vs vanilla": "Face à la vanille",
    "bcol.Change": "Changement",
    "bcol.Printed": "Imprimée",
    "bcol.Band {number}": "Niveau {number}",
    "bcol.Turn {number}": "Tour {number}",
    "variant_cell": "{label}{pt} · {mana} mana · {turn}\ntendance {trend}, vanille {vanilla}",
    "variant_turn": "tour {turn}",
    "variant_not_reached": "pas atteint",
    "change.design": "la création",
    "change.level_up_cost": "coût de montée de niveau {sign} générique",
    "change.printed": "cartouche imprimé : {field} {sign}",
    "change.band": "niveau {band} : {field} {sign}",
    "change.power": "force",
    "change.toughness": "endurance",
    "change.min_level": "début (N1)",
    "draft_not_parsing": "Cette création n'est pas encore lisible{where}.",
    "draft_where": " (ligne {line} du texte)",
    "draft_saveable": "Elle peut quand même être enregistrée ; le magasin des créations la "
                      "garde telle quelle.",
    "draft_line": "↑ ligne {line} : ",
    "draft_rule": " (règle {rule})",
    "design_printed": "imprimée",
    "design_note": "Remarque : {note}",
    "designs_file": "Magasin des créations :",
    "designs_no_name": "(sans nom)",
    "designs_failing": "illisible : {message}",
    "designs_failing_line": " (ligne {line})",
    "designs_parses": "lisible",
    "designs_none": "aucune création pour l'instant",
    "designs_count": "{count} création(s), {parsed} lisible(s)",
    "save_added": "« {name} » ajoutée à {store} (révision {revision}) : {count} "
                  "création(s) dans le magasin.",
    "save_replaced": "« {name} » enregistrée dans {store}, révision {revision} : {count} "
                     "création(s) dans le magasin.",
    "save_unchanged": "« {name} » est inchangée depuis la révision {revision} : rien à "
                      "enregistrer.",
    "save_copied": "La vôtre est gardée sous « {name} » dans {store} (révision {revision}) "
                   ": {count} création(s) dans le magasin.",
    "save_conflict_changed": "Pas enregistrée : « {name} » a été modifiée entre-temps par "
                             "une autre session (révision {current} maintenant, vous aviez "
                             "ouvert la révision {expected}) — gardez la vôtre comme copie, "
                             "ou rechargez.",
    "save_conflict_exists": "Pas enregistrée : « {name} » existe déjà dans {store} "
                            "(révision {current}, enregistrée par une autre session ou "
                            "avant) — gardez la vôtre comme copie, ou rechargez.",
    "save_conflict_gone": "Pas enregistrée : « {name} » n'est plus dans {store} (vous "
                          "aviez ouvert la révision {expected}) — gardez la vôtre comme "
                          "copie, ou rechargez.",
    "save_failed": "Pas enregistrée : {error}",
    "design_copy": "Garder la mienne comme copie",
    "designs_reload": "Recharger les créations",
    "design_history": "Historique",
    "design_restore": "Restaurer cette révision",
    "history_entry": "révision {revision} · {when}",
    "restored": "Révision {revision} de « {name} » restaurée : c'est maintenant la "
                "révision {new}, dans le formulaire.",
    "draft_restored": "Votre brouillon non enregistré de « {name} » (tapé le {when}) a été "
                      "gardé : il est de retour dans le formulaire.",
    "draft_not_kept": "Ce que vous tapez n'est pas gardé comme brouillon : {error}",
    "designs_caps": "(au plus {cap} créations, de {size} octets chacune)",
    "designs_read_only": "Ce magasin est en lecture seule sur le serveur : les créations "
                         "s'ouvrent, mais ne s'enregistrent pas.",
    "designs_export": "Exporter les créations (JSON)",
    "designs_import": "Importer un fichier de créations (JSON) :",
    "import_failed": "Pas importé : {error}",
}

LABELS: Mapping[str, Mapping[str, str]] = {"en": _EN, "fr": _FR}
"""The app's words per language (a key of :data:`LANGUAGES`' values); every dict has the
same keys."""


def labels_for(language: str) -> Mapping[str, str]:
    """The words of ``language`` ("en" or "fr"); raises ValueError for another."""
    if language not in LABELS:
        raise ValueError(f"no labels for language {language!r}: expected one of "
                         f"{', '.join(LABELS)}")
    return LABELS[language]


def edition_label(text: Mapping[str, str]) -> str:
    """The rule edition the language quotes by default, as the edition radio labels it:
    the current English rules (711) in English, the 2011 French ones (710) in French."""
    return EDITIONS[text["rules_edition"]]


def tab_names(text: Mapping[str, str]) -> tuple[str, str, str]:
    """The names of the Pool, Card and What-if tabs."""
    return text["tab_pool"], text["tab_card"], text["tab_whatif"]


def zone_name(text: Mapping[str, str], zone: Zone | str) -> str:
    """A zone as the labels name it: "Graveyard", "Cimetière"."""
    return text[f"zone.{Zone.coerce(zone).value}"]


def zone_options(text: Mapping[str, str]) -> dict[str, Zone]:
    """Zone dropdown options, label -> zone, in the order of :class:`Zone`."""
    return {zone_name(text, zone): zone for zone in Zone}


def sort_options(text: Mapping[str, str]) -> dict[str, str]:
    """Sort dropdown options: label -> a key of :data:`leveler.views.SORT_OPTIONS`."""
    return {text[f"sort.{key}"]: key for key in SORT_OPTIONS}


def option_labels(text: Mapping[str, str], kind: str, values: Iterable[str]) -> dict[str, str]:
    """Filter options, label -> value: ``kind`` "colour" or "rarity"; unknown values as they are."""
    return {text.get(f"{kind}.{value}", value): value for value in values}


def number_text(text: Mapping[str, str], value: float, decimals: int = 0) -> str:
    """A number as the labels' language writes it: ``100,000`` and ``0.95`` in English,
    ``100 000`` (a narrow no-break space) and ``0,95`` in French."""
    written = f"{value:,.{decimals}f}"
    if text["language"] == "fr":
        written = written.replace(",", "\u202f").replace(".", ",")
    return written


def counters_text(text: Mapping[str, str], level: int) -> str:
    """"1 level counter", "7 level counters" in the labels' language."""
    return text["counter_one"] if level == 1 else text["counter_many"].format(count=level)


def table_caption(text: Mapping[str, str], shown: int, total: int, level: int,
                  zone: Zone | str, selected: Sequence[str] | None) -> str:
    """The pool table's caption (English: exactly :func:`leveler.views.table_caption`)."""
    zone = Zone.coerce(zone)
    where = text[f"where.{zone.value}"]
    line = text["caption"].format(shown=shown, total=total, zone=where,
                                  counters=counters_text(text, level))
    if selected is None:
        return line + text["caption_hint"]
    return line + text["caption_selected"].format(selected=len(selected))


_THEAD = re.compile(r"<thead>.*?</thead>", re.DOTALL)


def localise_headers(table: str, text: Mapping[str, str]) -> str:
    """An HTML table from :func:`leveler.views.table_html` with its column headers translated.

    Only the ``<thead>`` changes; the rows (card data) stay as they are.
    """
    def translate(head: re.Match[str]) -> str:
        out = head.group(0)
        for column in TABLE_COLUMNS:
            out = out.replace(f">{html.escape(column)}</th>",
                              f">{html.escape(text[f'col.{column}'])}</th>")
        return out
    return _THEAD.sub(translate, table, count=1)


def pool_table_html(text: Mapping[str, str], table: pd.DataFrame, total: int, level: int,
                    zone: Zone | str, selected: Sequence[str] | None) -> str:
    """:func:`leveler.views.table_html` with the caption, headers, "no band" and "no card"
    in the labels' language."""
    caption = table_caption(text, len(table), total, level, zone, selected)
    return localise_headers(table_html(table, caption, level, zone, empty=text["table_empty"],
                                       no_band=text["no_band"]), text)


def pool_error_html(text: Mapping[str, str], message: str) -> str:
    """:func:`leveler.views.error_html` in the labels' language (the message as it is)."""
    return views.error_html(message, heading=text["pool_error"], fix=text["pool_error_fix"])


def card_html(text: Mapping[str, str], card: LevelerCard, active: LevelBand | None) -> str:
    """:func:`leveler.views.card_html`, the striation that applies marked in the labels'
    language (the card's own text as it is)."""
    return views.card_html(card, active, applies_now=text["applies_now"])


def rule_quote_html(text: Mapping[str, str], rule: str, edition: str) -> str:
    """:func:`leveler.views.rule_quote_html` with its own words in the labels' language (the
    rule as ``edition`` words it)."""
    return views.rule_quote_html(rule, edition, rule_word=text["quote_rule"],
                                 now=text["quote_now"], no_text=text["quote_no_text"])


def translation_html(text: Mapping[str, str], card: LevelerCard) -> str:
    """:func:`leveler.views.translation_html` (the card's French text) with its heading or
    note in the labels' language."""
    return views.translation_html(card, missing=text["translation_missing"],
                                  printed=text["translation_printed"])


def characteristics_html(text: Mapping[str, str], level: int, zone: Zone | str,
                         now: Characteristics) -> str:
    """What the card is now (as :func:`leveler.views.characteristics_html`), in the labels'
    language."""
    zone = Zone.coerce(zone)
    band = now.band.label if now.band is not None else text["no_band"]
    where = text[f"where.{zone.value}"]
    abilities = "".join(f"<li>{html.escape(ability)}</li>" for ability in now.abilities)
    heading = text["now_with"].format(counters=html.escape(counters_text(text, level)),
                                      zone=html.escape(where))
    return (f'<div class="lv-now"><div>{heading}</div>'
            f'<div class="lv-now-pt" style="font-size:2em;font-weight:700;margin:.1rem 0">'
            f"{now.power}/{now.toughness}</div>"
            f'<div>{html.escape(text["now_band"])} <strong class="lv-now-band">'
            f"{html.escape(band)}</strong></div>"
            f'<div style="margin-top:.4rem">{html.escape(text["now_abilities"])}</div>'
            f'<ul class="lv-now-abilities" style="margin:.2rem 0">{abilities}</ul></div>')
