import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="leveler",
                 html_head_file="../leveler/app/head.html")

with app.setup:
    import os

    import marimo as mo

    import leveler
    from leveler import charts, working_pool
    from leveler import search as band_search
    from leveler.app import (
        card_tab,
        chart_view,
        chart_widget,
        labels,
        layout,
        link,
        link_button,
        pool_picker,
        situation_link,
        style,
        views,
        whatif_view,
        working_view,
    )
    from leveler.app import pool_table as table_view
    from leveler.app.inline_chart import inline_altair_chart
    from leveler.app.link_later import LinkWriter


@app.cell
def _():
    # The screen (leveler.app.link.Screen): read from the page's link once per session,
    # every value checked; each control starts from it and keeps its value there from its
    # on_change, and the link follows a moment later (leveler.app.link_later: not while
    # the page answers). No cell refers to mo.query_params(), so a write re-runs nothing,
    # and a control remade by a language switch keeps its value (and the tab).
    _params = mo.query_params()
    screen = link.Screen(_params.to_dict().copy())
    screen.fit({"lang": link.Choice(tuple(labels.LANGUAGES.values()), "en")})
    link_soon = LinkWriter(lambda: screen.sync(_params)).soon

    def remember(key, convert=None):
        """An on_change keeping a control's value (``convert``-ed) under ``key``."""
        def keep(value):
            if screen.set(key, convert(value) if convert else value):
                link_soon()
        return keep
    return link_soon, remember, screen


@app.cell
def _(remember, screen):
    # The language switch and the pool picker: made once, so no other control resets them.
    language = mo.ui.radio(options=labels.LANGUAGES, inline=True, on_change=remember("lang"),
                           value=link.label_of(labels.LANGUAGES, screen.get("lang")))
    pool_file = mo.ui.file(filetypes=[".json"]).form(
        submit_button_label="OK", bordered=False, validate=pool_picker.upload_error)
    return language, pool_file


@app.cell
def _(language):
    ui_text = labels.labels_for(language.value)
    return (ui_text,)


@app.cell(hide_code=True)
def _(ui_text):
    _intro = mo.md(ui_text["intro"])
    mo.vstack([mo.Html(style.style_html()), _intro])  # the app's one stylesheet, once
    return


@app.cell
def _(pool_file):
    pool, pool_error, pool_report = pool_picker.choose_pool(os.environ.get("LEVELER_POOL"),
                                                            pool_file.value)
    return pool, pool_error, pool_report


@app.cell
def _(language, pool, pool_error, pool_file, pool_report, ui_text):
    # the sidebar's top: the language and the pool picker. No pool (a bad LEVELER_POOL): no
    # tab and no control is made, the sidebar holds these only, and the page's loading
    # line goes (leveler/app/head.html)
    _report = pool_picker.report_html(ui_text, pool, pool_report,
                                      os.environ.get("LEVELER_POOL"))
    sidebar_top = layout.language_and_pool(ui_text, language, pool_file, _report)
    _ready = mo.Html('<span class="lv-ready" hidden></span>')
    layout.side_panel(ui_text, [*sidebar_top, _ready]) if pool_error else None
    return (sidebar_top,)


@app.cell
def _(sidebar_controls, sidebar_top, ui_text):
    # the sidebar: its top and every tab's controls once, all hidden until the layout
    # cell's style shows the current tab's, so a tab switch re-renders no control
    # (leveler.app.layout). They come in a dict: a cell naming a control re-runs at each of
    # its changes (and would drop the slider's keyboard focus)
    layout.side_panel(ui_text,
                      [*sidebar_top, layout.sidebar_controls(sidebar_controls, ui_text)])
    return


@app.cell
def _(pool_error, ui_text):
    # the error in its own cell: a language switch re-words it without remaking the grid
    mo.callout(mo.Html(views.error_html(ui_text, pool_error)),
               kind="danger") if pool_error is not None else None
    return


@app.cell
def _(designs_store):
    # the saved designs, as state: set only when a snapshot of the store differs (a save, a
    # reload, an import), so typing in the bench re-runs no cell that reads them
    get_saved, _set_saved = mo.state(designs_store.snapshot())

    def saved_changed(snapshot):
        """Hand a new snapshot of the store to every tab, if it changed."""
        if snapshot != get_saved():
            _set_saved(snapshot)
    return get_saved, saved_changed


@app.cell
def _(get_saved, pool, pool_error):
    # the printed pool and the saved designs, never the draft: the sidebar controls, the
    # tabs and the card lists are made from this, so typing in the bench remakes none of them
    mo.stop(pool_error is not None)
    stable = working_pool.stable_pool(pool, get_saved())
    stable_grid = working_pool.grid_of(stable)
    return stable, stable_grid


@app.cell
def _(link_soon, screen, stable, stable_grid):
    # the link's keys for this pool: a card, level or set it lacks is the default again
    # (a cell that reads the screen takes screen_schema, so it runs after this one)
    filter_choices = views.filter_options(stable_grid.cards)
    screen_schema = link.screen_schema(
        cards=[*stable.cards, working_pool.DRAFT], levels=stable_grid.levels,
        zones=whatif_view.ZONE_CHOICES, languages=labels.LANGUAGES.values(),
        colours=filter_choices["colour"], rarities=filter_choices["rarity"],
        sets=filter_choices["set"], casters=whatif_view.CASTER_CHOICES,
        presets=whatif_view.PRESET_NAMES, preset_slots=whatif_view.PRESET_SLOTS,
        sorts=views.SORT_OPTIONS, default_card=views.default_card(list(stable.cards)))
    screen.fit(screen_schema)
    # the card of the Card and What if… tabs: set by its dropdown, a row picked in the
    # Pool tab's stage table, or the link
    get_card, _set_card = mo.state(screen.get("card"))

    def pick_card(name):
        """Open ``name`` in the Card and What if… tabs."""
        if name is not None and name != get_card() and screen.set("card", name):
            screen.set("wi.card", name)
            link_soon()
            _set_card(name)
    return filter_choices, get_card, pick_card, screen_schema


@app.cell
def _():
    # the draft the other tabs show, as state: handed over when the bench is left, so a
    # keystroke in the bench re-runs no cell of the Pool, Card or What if… tabs (~0.4 s)
    get_typed, _set_typed = mo.state(None)

    def typed_changed(card):
        """Hand the bench's parsed draft (None: none) to the other tabs, if it changed."""
        if card != get_typed():
            _set_typed(card)
    return get_typed, typed_changed


@app.cell
def _(designs_view, draft, get_bench_shown, typed_changed):
    # not the bench's untouched "New Leveler" template: nobody has typed it
    if not get_bench_shown():
        typed_changed(draft.card if draft.record != designs_view.NEW_DESIGN else None)
    return


@app.cell
def _(get_saved, get_typed, pool, pool_error):
    # the one working pool of every tab: printed, saved designs, and the draft when it parses
    mo.stop(pool_error is not None)
    working = working_pool.working_pool(pool, get_saved(), get_typed())
    grid = working_pool.grid_of(working)  # the same grid as stable_grid while no draft differs
    return grid, working


@app.cell
def _(grid, ui_text, working):
    # the tables' words in the printed language (NIVEAU, French abilities): once per pool
    # and language, never per slider move; every number is the grid's
    shown_grid = views.printed_grid(grid, working.cards, ui_text["printed_language"])
    return (shown_grid,)


@app.cell
def _(stable, ui_text):
    card_list = working_pool.card_choices(stable, ui_text, ui_text["printed_language"])
    return (card_list,)


@app.cell
def _(get_balance_shown, get_bench_shown, ui_text, working):
    # a card renamed for a name clash is said, never shadowed silently
    _notes = working_pool.renamed_note(working, ui_text)
    mo.callout(mo.Html(working_view.notes_html(_notes)), kind="info") \
        if _notes and not (get_balance_shown() or get_bench_shown()) else None
    return


@app.cell
def _(filter_choices, remember, screen, screen_schema, stable_grid, ui_text):
    # every control starts from the screen (the link, or its value before a language switch)
    _t, _get = ui_text, screen.get
    screen_schema  # the screen fitted to the pool first
    _zones, _sorts = labels.zone_options(_t), labels.sort_options(_t)
    _colours = labels.option_labels(_t, "colour", filter_choices["colour"])
    _rarities = labels.option_labels(_t, "rarity", filter_choices["rarity"])
    level = mo.ui.slider(start=stable_grid.levels.start, stop=stable_grid.levels.stop - 1,
                         step=1, value=_get("level"), label=_t["level"], show_value=True,
                         full_width=True, on_change=remember("level"))
    zone = mo.ui.dropdown(options=_zones, value=link.label_of(_zones, _get("zone")),
                          label=_t["zone"], full_width=True,
                          on_change=remember("zone", lambda z: leveler.Zone.coerce(z).value))
    colours = mo.ui.multiselect(_colours, value=link.labels_of(_colours, _get("colour")),
                                label=_t["colour"], full_width=True,
                                on_change=remember("colour"))
    rarities = mo.ui.multiselect(_rarities, value=link.labels_of(_rarities, _get("rarity")),
                                 label=_t["rarity"], full_width=True,
                                 on_change=remember("rarity"))
    sets = mo.ui.multiselect(filter_choices["set"], value=list(_get("set")), label=_t["set"],
                             full_width=True, on_change=remember("set"))
    search = mo.ui.text(value=_get("name"), placeholder=_t["name_placeholder"],
                        label=_t["name"], full_width=True, on_change=remember("name"))
    band_query = mo.ui.text(value=_get("q"), placeholder=_t["band_search_placeholder"],
                            label=_t["band_search"], full_width=True, on_change=remember("q"))
    sort_by = mo.ui.dropdown(options=_sorts, value=link.label_of(_sorts, _get("sort")),
                             label=_t["sort_by"], full_width=True, on_change=remember("sort"))
    descending = mo.ui.switch(value=_get("desc"), label=_t["descending"],
                              on_change=remember("desc"))
    sidebar_controls = {"level": level, "zone": zone, "colours": colours,
                        "rarities": rarities, "sets": sets, "search": search,
                        "band_query": band_query, "sort_by": sort_by, "descending": descending}
    return (band_query, colours, descending, level, rarities, search, sets, sidebar_controls,
            sort_by, zone)


@app.cell
def _(ui_text):
    # "copy link": the page's address holds the screen (a frame: marimo strips onclick from
    # mo.Html, and the sidebar shows no frame)
    mo.iframe(link_button.copy_link_document(ui_text), height=link_button.HEIGHT)
    return


@app.cell
def _(remember, screen, screen_schema, ui_text):
    # the tab from the screen: a language switch remakes the tabs on the tab shown before
    screen_schema  # the screen fitted to the pool first
    _tabs = {ui_text[f"tab_{_id}"]: _id for _id in link.TABS}
    _keep_tab = remember("tab", _tabs.get)
    # whether the What if…, Balance and bench tabs are shown, each a state of its own that a
    # switch sets only when it changes: a switch re-runs the cells of the tab left and of
    # the tab opened, no other (each cell re-run costs a Pool <-> Card switch ~5 ms)
    get_whatif_shown, _show_whatif = mo.state(screen.get("tab") == "whatif")
    get_balance_shown, _show_balance = mo.state(screen.get("tab") == "balance")
    get_bench_shown, _show_bench = mo.state(screen.get("tab") == "bench")
    _shown = {"whatif": (get_whatif_shown, _show_whatif),
              "balance": (get_balance_shown, _show_balance),
              "bench": (get_bench_shown, _show_bench)}

    def _switched(label):
        if label not in _tabs:  # marimo's value before the tabs are first drawn: ""
            return
        _keep_tab(label)
        for _tab, (_is_shown, _show) in _shown.items():
            if _is_shown() != (_tabs[label] == _tab):
                _show(_tabs[label] == _tab)
    view = mo.ui.tabs(dict.fromkeys(_tabs, ""), value=link.label_of(_tabs, screen.get("tab")),
                      on_change=_switched)
    view
    return get_balance_shown, get_bench_shown, get_whatif_shown, view


@app.cell
def _(ui_text, view):
    # the current tab's box and controls only (leveler.app.layout): shown in the sidebar,
    # and above the tab on a phone, by this style alone, so a tab switch re-runs this cell
    # only and sends no control
    mo.Html(layout.tab_style(layout.tab_of(ui_text, view.value)))
    return


@app.cell
def _(sidebar_controls, ui_text):
    # the controls above the tab on a phone: the same elements whatever the tab, so each
    # keeps its value; the style above shows the current tab's
    layout.phone_controls(sidebar_controls, ui_text)
    return


@app.cell
def _(card_list, get_card, pick_card, ui_text):
    _card = get_card() if get_card() in card_list.values() else \
        views.default_card(list(card_list.values()))
    card_name = mo.ui.dropdown(options=card_list, value=link.label_of(card_list, _card),
                               label=ui_text["card"], on_change=pick_card)
    edition = mo.ui.radio(options=views.edition_options(), value=labels.edition_label(ui_text),
                          inline=True)
    return card_name, edition


@app.cell
def _(pool):
    pool  # a new pool starts it over
    band_kept: dict[str, object] = {}  # the last query that read well, per pool
    return (band_kept,)


@app.cell
def _(band_kept, band_query, working):
    # band-aware search (leveler.search); a malformed query keeps the last good filter
    band_names, band_error = band_search.matching_names(working.cards, band_query.value)
    if band_error is None:
        band_kept["names"] = band_names
    else:
        band_names = band_kept.get("names")
    return band_error, band_names


@app.cell
def _(band_error, ui_text):
    mo.callout(mo.vstack([mo.md(ui_text["band_search_error"]),
                          mo.plain_text(str(band_error))]),
               kind="warn") if band_error is not None else None
    return


@app.cell
def _(band_names, colours, grid, rarities, search, sets):
    names = [_name for _name in views.filter_names(grid.cards, colours.value, rarities.value,
                                                   sets.value, search.value)
             if band_names is None or _name in band_names]
    return (names,)


@app.cell
def _():
    # a count of the selections made in the chart (chart.picked holds them): a new one
    # re-runs the cell that reads it, nothing else
    get_chart_picks, set_chart_picks = mo.state(0)
    return get_chart_picks, set_chart_picks


@app.cell
def _(set_chart_picks):
    # the pool chart's widget, made once a session: a new chart is drawn in it, in place
    chart = chart_widget.pool_chart_widget(lambda: set_chart_picks(lambda count: count + 1))
    return (chart,)


@app.cell
def _(chart, get_chart_picks, grid, names, ui_text):
    # the filters draw their cards in the chart as it is (a cell less for a filter to run);
    # the cards picked in the chart (a chart drawn anew drops them: get_chart_picks says
    # so): a drag is tested against the cards' segments, not only the points drawn (no
    # level input: a slider move does not re-run it)
    get_chart_picks()
    chart.show(names)
    selected = charts.selected_cards(grid, chart_view.CHART_ZONE, names, chart.picked,
                                     ui_text)
    return (selected,)


@app.cell
def _(card_name, chart, descending, edition, grid, level, names, selected, shown_grid,
      sort_by, ui_text, working, zone):
    # Both views in one cell: each cell a slider move re-runs costs ~10 ms of latency. Both
    # always in the page, each in its tab's box (the layout cell's style shows the current
    # one): a tab switch re-runs nothing here and re-mounts no chart
    pool_table = views.pool_table(shown_grid, level.value, zone.value, names, sort_by.value,
                                  descending.value)
    shown = views.narrow(pool_table, selected)
    table = mo.Html(views.pool_table_html(ui_text, shown, len(grid.names), level.value,
                                          zone.value, selected, working.cards))
    _card = working.card(card_name.value)
    now = leveler.characteristics(_card, level.value, zone.value)
    card_view = mo.hstack([
        mo.vstack([card_name, mo.Html(card_tab.card_html(ui_text, _card, now.band)),
                   mo.Html(card_tab.translation_html(ui_text, _card))
                   if edition.value == "fr-2011" else ""]),
        mo.vstack([mo.Html(card_tab.characteristics_html(ui_text, level.value, zone.value,
                                                         now, _card)),
                   mo.Html(card_tab.why_html(ui_text)), edition,
                   mo.Html(card_tab.rule_quote_html(ui_text, now.rule, edition.value))]),
    ], widths=[1, 1], gap=2, align="start")
    mo.Html(layout.tab_box("pool", mo.vstack([mo.Html(chart_view.chart_with_rule_html(
        chart.text, level.value, grid.levels, text=ui_text, zone=zone.value)), table]).text)
        + layout.tab_box("card", card_view.text))
    return card_view, now, pool_table, shown, table


@app.cell
def _(names, pick_card, selected, shown_grid, ui_text, working):
    # marimo's table of every stage of the cards shown on the battlefield: header sort,
    # search, pages, download; a row opens its card. Neither the level, the zone nor the tab
    # is an input: none of them remakes it (remaking an mo.ui.table costs several times a
    # slider move: benchmarks/README.md); it stays in the Pool tab's box
    stages = table_view.stages_table(
        ui_text, shown_grid, chart_view.CHART_ZONE,
        [_name for _name in names if selected is None or _name in selected], working.cards)
    # made and drawn when scrolled into view (mo.lazy): below the chart and the level
    # table, so a filter, zone or language change does not wait for it out of sight
    def _stage_table() -> object:
        return mo.ui.table(
            stages.frame, **table_view.table_options(ui_text, stages),
            on_change=lambda rows: pick_card(table_view.picked_card(stages, rows)))

    mo.Html(layout.tab_box("pool", '<div class="lv-stages">' + mo.vstack([
        mo.md(ui_text.get("stages_heading", "")), mo.lazy(_stage_table)]).text + "</div>"))
    return


@app.cell
def _(chart, ui_text, working):
    # every card of the working pool, on the battlefield (chart_view.CHART_ZONE, 711.6):
    # neither the level, the zone nor the filters, so only a language switch or a changed
    # pool draws it anew (built once per pool and language for the server); which cards it
    # draws is set in place (the selection cell); the cards named as printed in the
    # interface's language. After the tables' cells in the file: marimo runs the cells a
    # change reaches in the file's order where the graph leaves a choice, so a language
    # switch shows the tables' words before the chart is drawn anew
    chart_drawn = chart_view.pool_chart(working, ui_text)
    chart.draw(chart_drawn)
    return (chart_drawn,)


@app.cell
def _(link_soon, pool_error, screen, stable):
    # What if…: loading a file and starting over are the only inputs that remake its controls
    # (a refused file never gets past validate); nothing here depends on the language.
    mo.stop(pool_error is not None)
    whatif_file = mo.ui.file(filetypes=[".json"]).form(
        submit_button_label="OK", bordered=False,
        validate=lambda raw: whatif_view.upload_error(raw, stable.cards))
    # starting over also takes the basic controls out of the link
    whatif_reset = mo.ui.button(label="↺", kind="neutral", on_click=lambda _: (
        screen.reset(link.WHATIF_KEYS), link_soon()))
    return whatif_file, whatif_reset


@app.cell
def _(get_card, link_soon, remember, screen, screen_schema, stable, whatif_file,
      whatif_reset):
    whatif_reset  # a click re-runs this cell: the controls start over
    get_card, screen_schema  # a card picked in the Pool or Card tab opens here too
    # the working pool's cards (a design marked ◆, the draft's one fixed choice ✎: no words,
    # so a language switch keeps these controls), and a loaded file's own card
    whatif_start = whatif_view.starting_situation(stable.cards, whatif_file.value)
    # a situation loaded before, packed whole in the link (leveler.app.situation_link): a
    # file loaded in this page comes first; a link that does not read well starts over
    _linked, wi_link_error = ((None, None) if whatif_file.value
                              else situation_link.linked_situation(screen, stable.cards))
    if wi_link_error is not None:
        link_soon()  # the key was dropped
    whatif_start = whatif_start if _linked is None else _linked
    # a loaded situation: the link holds it whole (the panel cell keeps it there)
    wi_packed = bool(whatif_file.value) or _linked is not None
    _cards = working_pool.card_choices(stable)
    wi_file_cards = {}
    if whatif_start["card"] not in _cards.values():  # a custom card (or "Clone") of the file
        wi_file_cards = whatif_view.card_options(
            {}, whatif_start,
            whatif_view.upload_name(whatif_file.value) if whatif_file.value else "link")
        _cards |= wi_file_cards
    # no situation loaded: the basic controls start from the screen (the link, the picked
    # card)
    _start = whatif_start if wi_packed else link.whatif_start(
        whatif_start, screen.state, _cards)
    # the worded dropdowns' choices since this start (card, zone): each dropdown's own cell
    # remakes it on its choice after a language switch
    wi_chosen = {"card": _start["card"], "zone": _start["zone"]}

    def wi_keep(kind):
        """An on_change keeping a worded dropdown's choice here and in the link."""
        def keep(value):
            wi_chosen[kind] = value
            remember(f"wi.{kind}")(value)
        return keep
    # the counters as the situation names them (122.1): the dictionary's value is the
    # situation's "counters"; each count is kept in the link under its own key
    wi_counters = mo.ui.dictionary(
        {_kind: mo.ui.number(start=0, stop=whatif_view.MAX_COUNTERS, step=1,
                             value=_start["counters"][_kind])
         for _kind in link.COUNTER_KEYS},
        on_change=lambda _counts: [remember(_key)(_counts[_kind])
                                   for _kind, _key in link.COUNTER_KEYS.items()])
    # any finite timestamp a file gives (the link keeps two decimals of a typed one)
    wi_timestamp = mo.ui.number(step=0.5, value=_start["timestamp"], on_change=remember(
        "wi.time", lambda _t: None if _t is None else round(_t, 2)))
    wi_face_down = mo.ui.switch(value=_start["face_down"], on_change=remember("wi.face"))
    wi_kept = mo.ui.array([mo.ui.checkbox(value=True) for _ in whatif_start["effects"]])
    # the effect lines: the link's (a loaded file's start with none), each kept in it
    _presets = whatif_view.preset_options()
    _lines = ([None] * whatif_view.PRESET_SLOTS if wi_packed
              else link.linked_presets(screen.state, whatif_view.PRESET_SLOTS))
    wi_presets = mo.ui.array(
        [mo.ui.dropdown(options=_presets, value=link.label_of(_presets, _name))
         for _name in _lines],
        on_change=remember("wi.presets", link.preset_slots_value))
    return (wi_chosen, wi_counters, wi_face_down, wi_file_cards, wi_keep, wi_kept,
            wi_link_error, wi_packed, wi_presets, wi_timestamp, whatif_start)


@app.cell
def _(stable, ui_text, wi_chosen, wi_file_cards, wi_keep):
    # the card, printed cards named as printed in the interface's language ("Étudiante de
    # la guerre"): a cell of its own, so a language switch remakes only this dropdown, on
    # the card chosen since the start (a design marked ◆, the draft ✎, a file's own card)
    _cards = working_pool.card_choices(stable, language=ui_text["printed_language"])
    _cards |= wi_file_cards
    wi_card = mo.ui.dropdown(options=_cards, value=link.label_of(_cards, wi_chosen["card"]),
                             full_width=True, on_change=wi_keep("card"))
    return (wi_card,)


@app.cell
def _(ui_text, wi_chosen, wi_keep):
    # the zone, named in the interface's language: a cell of its own, so a language switch
    # remakes this dropdown only, on the zone chosen since the start (the controls cell's:
    # a click on ↺ or a loaded file starts it over)
    _zones = whatif_view.zone_options(ui_text)
    wi_zone = mo.ui.dropdown(options=_zones, value=link.label_of(_zones, wi_chosen["zone"]),
                             on_change=wi_keep("zone"))
    return (wi_zone,)


@app.cell
def _(remember, screen, screen_schema, ui_text, whatif_reset):
    # who casts the targeted presets (601.2c), in the interface's words: a cell of its own,
    # so a language switch remakes only it (the screen keeps its value); the reset button
    # starts it over too
    whatif_reset, screen_schema
    _casters = whatif_view.caster_options(ui_text)
    wi_caster = mo.ui.dropdown(options=_casters, on_change=remember("wi.caster"),
                               value=link.label_of(_casters, screen.get("wi.caster") or "usual"))
    return (wi_caster,)


@app.cell
def _(whatif_start, wi_card, wi_caster, wi_counters, wi_face_down, wi_kept, wi_presets,
      wi_timestamp, wi_zone, working):
    whatif = whatif_view.build(
        whatif_start, card=working.situation_card(wi_card.value), zone=wi_zone.value,
        level=wi_counters.value["level"], plus_one=wi_counters.value["+1/+1"],
        minus_one=wi_counters.value["-1/-1"], timestamp=wi_timestamp.value,
        face_down=wi_face_down.value, kept=wi_kept.value, presets=wi_presets.value,
        pool=working.cards,
        caster=wi_caster.value)
    return (whatif,)


@app.cell
def _(get_whatif_shown, link_soon, screen, ui_text, whatif, whatif_file, whatif_reset,
      whatif_start, wi_card, wi_caster, wi_counters, wi_face_down, wi_kept, wi_link_error,
      wi_packed, wi_presets, wi_timestamp, wi_zone, working):
    # nothing is made for another tab: a tab switch elsewhere costs this cell no more (a
    # situation changes only while its tab is shown)
    mo.stop(not get_whatif_shown())
    # a loaded situation as it is now, whole in the link; said when too long for one
    _too_long = None
    if wi_packed and whatif.situation is not None:
        _too_long = situation_link.keep_in_link(screen, whatif.situation)
        link_soon()
    _notes = whatif_view.link_notes(ui_text, wi_link_error, _too_long)
    _saved = whatif_view.situation_json(whatif.situation or {}).encode()
    _download = mo.download(data=_saved, filename="situation.json", mimetype="application/json",
                            label=ui_text["wi_save"], disabled=whatif.situation is None)
    _controls = {"card": wi_card, "level": wi_counters["level"],
                 "plus": wi_counters["+1/+1"], "minus": wi_counters["-1/-1"],
                 "zone": wi_zone, "timestamp": wi_timestamp, "face_down": wi_face_down,
                 "caster": wi_caster,
                 "reset": whatif_reset, "download": _download, "load": whatif_file}
    _lines = [(wi_presets[_i].text, wi_presets.value[_i])
              for _i in whatif_view.visible_slots(wi_presets.value)]
    _kept = [(wi_kept[_i].text, _effect) for _i, _effect in enumerate(whatif_start["effects"])]
    # a situation opened from a link has no file to go back to: its effects and ↺ say so
    mo.Html(whatif_view.panel_html(
        ui_text, whatif, {_k: _v.text for _k, _v in _controls.items()}, _kept, _lines,
        working.cards, notes=_notes,
        source="link" if wi_packed and not whatif_file.value else "file"))
    return


@app.cell(hide_code=True)
def _():
    from leveler import balance_charts, bench_reach, export
    from leveler import bench as bench_data
    from leveler.app import balance_view, bench_view, designs_view
    from leveler.io import designs as designs_io

    return (balance_charts, balance_view, bench_data, bench_reach, bench_view, designs_io,
            designs_view, export)


@app.cell
def _():
    # The Balance and bench controls carry words, so a language switch remakes them; each
    # writes its value here as it changes and is remade with it, so a switch keeps the
    # settings and what was typed in the bench (a plain dict: writing it re-runs nothing).
    kept_values: dict[str, object] = {}

    def keep(key):
        """An on_change that keeps a control's value under ``key``."""
        return lambda value: kept_values.__setitem__(key, value)

    def kept(key, default):
        """The value kept under ``key``, else ``default`` (also for an emptied number)."""
        found = kept_values.get(key)
        return default if found is None else found
    return keep, kept, kept_values


@app.cell
def _(balance_view, bench_data, bench_reach, keep, kept, kept_values, ui_text):
    # the curve (Balance view and bench) and the Limited Monte Carlo (Balance view)
    _t = ui_text
    # the curve's three numbers, one control (their value: curve_settings' keywords)
    curve = mo.ui.dictionary({
        "slope": mo.ui.number(start=0, stop=10, step=0.25,
                              value=kept("slope", bench_data.VANILLA.slope), label="a"),
        "intercept": mo.ui.number(start=-10, stop=10, step=0.5,
                                  value=kept("intercept", bench_data.VANILLA.intercept),
                                  label="b"),
        "tolerance": mo.ui.number(start=0, stop=5, step=0.5,
                                  value=kept("tolerance", bench_data.TOLERANCE),
                                  label=_t["curve_tolerance"]),
    }, on_change=kept_values.update)
    curve_controls = mo.hstack([mo.Html(balance_view.curve_line_html(_t)), curve["slope"],
                                curve["intercept"], curve["tolerance"], ""],
                               widths=[3, 1.2, 1.2, 2, 3], align="center", gap=1)
    mc_lands = mo.ui.slider(start=10, stop=24, value=kept("lands", bench_reach.LIMITED.lands),
                            label=_t["mc_lands"], show_value=True, on_change=keep("lands"))
    mc_play = mo.ui.radio(options={_t["mc_play"]: True, _t["mc_draw"]: False},
                          value=_t["mc_play"] if kept("play", True) else _t["mc_draw"],
                          inline=True, on_change=keep("play"))
    mc_run = mo.ui.run_button(label=_t["mc_run"].format(
        games=labels.number_text(_t, bench_reach.GAMES)))
    return curve, curve_controls, mc_lands, mc_play, mc_run


@app.cell
def _(designs_io, designs_view):
    # The designs store is the server's (LEVELER_DESIGNS, else ~/.local/share/leveler): the
    # page names no path and is shown the store's file name only. The draft token is the
    # browser's (the page's ?draft=...), so a reload or a server restart finds the draft.
    designs_store = designs_io.open_store()
    draft_token = designs_view.draft_token(mo.query_params())
    return designs_store, draft_token


@app.cell
def _(ui_text):
    designs_reload = mo.ui.button(label=ui_text["designs_reload"], kind="neutral")
    return (designs_reload,)


@app.cell
def _(designs_view):
    # a JSON designs file to import: checked (size, then a budgeted read) before it is taken
    designs_upload = mo.ui.file(filetypes=[".json"]).form(
        submit_button_label="OK", bordered=False, validate=designs_view.import_error)
    return (designs_upload,)


@app.cell
def _(designs_store, designs_upload, designs_view, kept, kept_values, ui_text):
    # imported once per submitted file (a language switch re-runs this cell, not the import)
    if kept("imported", None) is not designs_upload.value:
        kept_values["imported"] = designs_upload.value
        kept_values["import_said"] = designs_view.import_upload(
            designs_store, designs_upload.value, ui_text)
    import_note, import_ok = kept("import_said", (None, True))
    return import_note, import_ok


@app.cell
def _(designs_reload, designs_store, designs_view, import_note, keep, kept, kept_values,
      ui_text):
    designs_reload, import_note  # a click (or an import) reads the store again
    designs_file = designs_view.open_designs(designs_store)
    _choices = designs_view.design_choices(designs_file, ui_text)
    _open = designs_view.pick_label(_choices, kept("pick", None), ui_text)
    kept_values["pick"] = _choices[_open]  # a later remake opens on it (not on a newer last)
    design_pick = mo.ui.dropdown(options=_choices, value=_open, label=ui_text["design_open"],
                                 on_change=keep("pick"))
    return design_pick, designs_file


@app.cell
def _(design_pick, designs_reload, designs_store, designs_view, ui_text):
    # the picked design's kept revisions, newest first; one can be restored as the newest
    designs_reload
    _name = (None if design_pick.selected_key == ui_text["design_new"]
             else design_pick.value["name"])
    _revisions = designs_view.history_choices(designs_store, _name, ui_text)
    design_history = mo.ui.dropdown(options=_revisions, value=next(iter(_revisions), None),
                                    label=ui_text["design_history"])
    design_restore = mo.ui.run_button(label=ui_text["design_restore"], kind="neutral",
                                      disabled=not _revisions)
    history_name = _name
    return design_history, design_restore, history_name


@app.cell
def _(design_history, design_restore, designs_store, designs_view, history_name, kept,
      ui_text):
    design_restored = designs_view.restore_design(
        designs_store, history_name if design_restore.value else None, design_history.value,
        kept("opened", (None, None)), ui_text)
    return (design_restored,)


@app.cell
def _(design_pick, design_restored, designs_file, designs_store, designs_view, draft_token,
      keep, kept, kept_values, ui_text):
    # opens on the picked design (on a new session: on the browser's kept draft, if any);
    # remade by a language switch, it keeps what was typed; a restore puts that revision in
    _t, _start = ui_text, design_pick.value
    _opened = designs_view.opened_for(designs_file, design_pick.selected_key, _start, _t)
    draft_note = None
    if "form_for" not in kept_values:
        _draft, draft_note = designs_view.offered_draft(designs_store, draft_token,
                                                        designs_file, _t)
        if _draft is not None:
            _start, _opened = _draft.record, (_draft.opened_name, _draft.opened_revision)
        _reset = True
    elif kept("restored", None) is not design_restored and design_restored.fields:
        _start, _opened, _reset = design_restored.fields, design_restored.opened, True
    else:
        _reset = kept("form_for", None) != _opened[0]
    kept_values["restored"] = design_restored
    if _reset:  # another design in the form: the last save's note is not about it
        kept_values.pop("last_save", None)
        kept_values.update({"form_for": _opened[0], "opened": _opened}
                           | {f"form.{_k}": _v for _k, _v in _start.items()})
    else:
        draft_note = kept("draft_note", None)
    kept_values["draft_note"] = draft_note

    def _field(key, label, **options):
        make = mo.ui.text_area if key == "oracle_text" else mo.ui.text
        return make(value=kept(f"form.{key}", ""), label=_t[label], debounce=300,
                    full_width=True, on_change=keep(f"form.{key}"), **options)

    design_name = _field("name", "design_name")
    design_cost = _field("mana_cost", "design_cost")
    design_type = _field("type_line", "design_type")
    design_power = _field("power", "design_power")
    design_toughness = _field("toughness", "design_toughness")
    design_text = _field("oracle_text", "design_text", rows=9)
    design_save = mo.ui.run_button(label=_t["design_save"], kind="success")
    design_copy = mo.ui.run_button(label=_t["design_copy"], kind="neutral")
    return (design_copy, design_cost, design_name, design_power, design_save, design_text,
            design_toughness, design_type, draft_note)


@app.cell
def _(bench_data, design_cost, design_name, design_power, design_text, design_toughness,
      design_type):
    draft = bench_data.read_draft(design_name.value, design_cost.value, design_type.value,
                                    design_power.value, design_toughness.value,
                                    design_text.value)
    return (draft,)


@app.cell
def _(designs_store, designs_view, draft, draft_token, kept, ui_text):
    # what is typed is kept as the browser's draft (the fields are debounced: 300 ms)
    draft_kept_note = designs_view.save_draft(designs_store, draft_token, draft.record,
                                              kept("opened", (None, None)), ui_text)
    return (draft_kept_note,)


@app.cell
def _(design_copy, design_save, designs_reload, designs_store, designs_view, draft,
      import_note, kept, kept_values, saved_changed, ui_text):
    # a save starts from the revision this session opened: a design changed meanwhile by
    # another session is refused, said out loud; then the store is read again
    designs_reload, import_note
    _copy = bool(design_copy.value)
    _pressed = bool(design_save.value) or _copy
    _saved = designs_view.save_and_reload(
        designs_store, draft.record if _pressed else None, kept("opened", (None, None)),
        ui_text, copy=_copy)
    kept_values["opened"] = _saved.opened
    saved_changed(_saved.designs)  # a save or a reload reaches every tab (no page reload)
    designs, save_note, save_ok = _saved.designs, _saved.note, _saved.ok
    _last = kept("last_save", None)
    if _pressed:  # what was saved, for the note while the form changes after it
        kept_values["last_save"] = (draft.record, _saved.note, _saved.ok)
    elif _last is not None:
        save_note, save_ok = designs_view.since_save(_last, draft.record, ui_text)
    return designs, save_note, save_ok


@app.cell
def _(bench_data, bench_reach, curve, get_balance_shown, mc_lands, mc_play, mc_run, pool, ui_text,
      working):
    mo.stop(not get_balance_shown())
    balance_vanilla, _tolerance = bench_data.curve_settings(**curve.value)
    balance, balance_error = bench_data.balance_or_error(
        pool, working.designs, vanilla=balance_vanilla, tolerance=_tolerance)
    chances = bench_reach.reach_frame(pool, working.designs, mc_lands.value, mc_play.value,
                                       run=mc_run.value)
    _names = bench_data.card_names(pool, working.designs)
    # a press plays at most CARD_GAMES games in all: the page says how many, for which cards
    mc_budget = bench_reach.monte_carlo_budget(len(_names))
    _names = _names[:mc_budget.played]
    mc_card = mo.ui.dropdown(options=_names, value=views.default_card(_names),
                             label=ui_text["card"])
    return balance, balance_error, balance_vanilla, chances, mc_budget, mc_card


@app.cell
def _(balance_charts, balance_view, bench_reach, chances, mc_budget, mc_card, mc_lands, mc_play,
      mc_run, ui_text):
    _ready = chances is not None
    reach_shown = (balance_charts.reach_chart(chances.frame, mc_card.value, text=ui_text)
                   if _ready else None)
    _table = bench_reach.reach_table(chances.frame, mc_card.value) if _ready else None
    _t = ui_text
    reach_section = mo.vstack([
        mo.md(_t["mc_heading"]),
        mo.hstack([mc_lands, mc_play, mc_run], justify="start", align="center"),
        mo.Html(balance_view.budget_html(mc_budget, _t)),
        mo.md(_t["mc_played"].format(
            games=labels.number_text(_t, chances.games), lands=chances.model.lands,
            seed=bench_reach.SEED, seconds=labels.number_text(_t, chances.seconds, 2))
              if _ready else _t["mc_not_played"]),
        mc_card if _ready else "",
        # a box of its own that scrolls: the chart never widens the section past a phone
        mo.Html('<div class="lv-fit-x">' + inline_altair_chart(
            reach_shown, chart_selection=False, legend_selection=False).text + "</div>")
        if _ready else "",
        mo.Html('<div class="lv-fit-x">' + balance_view.frame_html(
            _table, _t["mc_caption"].format(card=mc_card.value), kind="chances", text=_t)
            + "</div>") if _ready else "",
    ])
    return reach_section, reach_shown


@app.cell
def _(balance, balance_charts, balance_error, balance_vanilla, balance_view, bench_data, pool,
      ui_text):
    mo.stop(balance is None, mo.callout(mo.Html(balance_view.message_html(
        balance_error or "", title=ui_text["balance_no_curve"])), kind="warn"))
    balance_shown = bench_data.balance_table(balance)
    balance_figures = balance_charts.balance_charts(balance, bench_data.trend_of(pool),
                                                    balance_vanilla, text=ui_text)
    balance_html = balance_view.frame_html(balance_shown, ui_text["balance_caption"],
                                           kind="balance", sources=list(balance["source"]),
                                           text=ui_text)
    return balance_figures, balance_html, balance_shown


@app.cell
def _(balance_figures, balance_html, balance_shown, chances, curve_controls, export,
      get_balance_shown, reach_section, reach_shown, ui_text):
    mo.stop(not get_balance_shown())
    _charts = {name: inline_altair_chart(chart, chart_selection=False, legend_selection=False)
               for name, chart in balance_figures.items()}
    _files = export.downloads(
        {"balance": balance_shown} | ({"chances": chances.frame} if chances else {}),
        balance_figures | ({"chances": reach_shown} if reach_shown is not None else {}))
    mo.vstack([
        mo.md(ui_text["balance_intro"]),
        curve_controls,
        mo.hstack([_charts["investment"], _charts["turns"]], justify="start", gap=0),
        mo.hstack([_charts["curve"], reach_section], justify="start", wrap=True),
        mo.Html(f'<div class="lv-scroll">{balance_html}</div>'),
        mo.md(ui_text["download"]),
        mo.hstack([mo.download(data=f.data, filename=f.filename, mimetype=f.mimetype,
                               label=f.label) for f in _files], justify="start", wrap=True),
    ])
    return


@app.cell
def _(bench_data, curve, draft, get_bench_shown, pool):
    mo.stop(not get_bench_shown())
    bench_vanilla, _tolerance = bench_data.curve_settings(**curve.value)
    bench = bench_data.bench_frames(pool, draft, vanilla=bench_vanilla, tolerance=_tolerance)
    return bench, bench_vanilla


@app.cell
def _(balance_view, bench, bench_data, bench_view, design_copy, design_cost, design_history,
      design_name, design_pick, design_power, design_restore, design_restored, design_save,
      design_text, design_toughness, design_type, designs, designs_reload, designs_store,
      designs_upload, designs_view, draft, draft_kept_note, draft_note, import_note, import_ok,
      save_note, save_ok, ui_text):
    def _said(note, ok):
        return mo.callout(mo.Html(balance_view.message_html(note)),
                          kind="success" if ok else "danger") if note else ""

    _export = mo.download(data=designs_store.export_json(), filename="designs.json",
                          mimetype="application/json", label=ui_text["designs_export"])
    bench_form = mo.vstack([
        _said(draft_note, True), design_pick, design_name,
        mo.hstack([design_cost, design_power, design_toughness], widths=[2, 1, 1]),
        design_type, design_text,
        mo.hstack([design_save, design_copy, designs_reload], justify="start", wrap=True),
        _said(save_note, save_ok), _said(draft_kept_note, False),
        mo.hstack([design_history, design_restore], justify="start", align="end", wrap=True),
        _said(design_restored.note, design_restored.ok),
        mo.Html(designs_view.designs_html(designs, ui_text)), _export,
        mo.hstack([mo.md(ui_text["designs_import"]), designs_upload], justify="start",
                  align="center"),
        _said(import_note, import_ok),
    ])
    _rows = bench.design_rows
    bench_parsed = mo.vstack([
        mo.Html(bench_view.draft_error_html(draft, ui_text) if draft.error is not None
                else bench_view.design_html(draft.card, ui_text)),
        mo.Html('<div class="lv-scroll-x">' + balance_view.frame_html(
            bench_data.design_table(_rows), ui_text["design_caption"], kind="design",
            sources=list(_rows["source"]), text=ui_text) + "</div>")
        if _rows is not None and not _rows.empty else "",
    ])
    return bench_form, bench_parsed


@app.cell
def _(bench_form, bench_parsed, bench_view, get_bench_shown, ui_text):
    # the form and what it parses to first: the charts below take longer to redraw; a grid
    # whose columns keep their share, so a long note after Save cannot widen the form
    mo.stop(not get_bench_shown())
    mo.vstack([mo.md(ui_text["bench_intro"]),
               mo.Html(bench_view.bench_row_html(bench_form.text, bench_parsed.text))])
    return


@app.cell
def _(balance_view, bench, bench_view, curve_controls, get_bench_shown, ui_text):
    mo.stop(not get_bench_shown())
    _variants = (balance_view.frame_html(bench_view.variants_table(bench.variants, ui_text),
                                         ui_text["variants_caption"], kind="variants",
                                         text=ui_text)
                 if bench.variants is not None else bench_view.waiting_html(ui_text))
    mo.vstack([curve_controls, mo.Html(f'<div class="lv-scroll">{_variants}</div>')])
    return


@app.cell
def _(balance_charts, bench, bench_data, bench_vanilla, pool, ui_text):
    bench_figures = balance_charts.bench_charts(bench, bench_data.trend_of(pool), bench_vanilla,
                                                text=ui_text)
    return (bench_figures,)


@app.cell
def _(bench, bench_data, bench_figures, export, get_bench_shown, ui_text):
    mo.stop(not get_bench_shown())
    _charts = {name: inline_altair_chart(chart, chart_selection=False, legend_selection=False)
               for name, chart in bench_figures.items()}
    _files = export.downloads(bench_data.bench_tables(bench), bench_figures)
    mo.vstack([
        _charts.get("variants", ""),
        _charts["progression"],
        mo.hstack([_charts.get("investment", ""), _charts.get("turns", "")], justify="start"),
        mo.md(ui_text["download"]),
        mo.hstack([mo.download(data=f.data, filename=f.filename, mimetype=f.mimetype,
                               label=f.label) for f in _files], justify="start", wrap=True),
    ])
    return


if __name__ == "__main__":
    app.run()
