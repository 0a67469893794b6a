import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="leveler")

with app.setup:
    import os

    import marimo as mo

    import leveler
    from leveler import charts, labels, pool_picker, views, whatif_view


@app.cell
def _():
    # The language switch and the pool picker: made once, so no other control resets them.
    language = mo.ui.radio(options=labels.LANGUAGES, value="English", inline=True)
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
    mo.vstack([mo.Html(views.APP_CSS), _intro])
    return


@app.cell
def _(pool_file):
    pool, pool_error, pool_report = pool_picker.choose_pool(os.environ.get("LEVELER_POOL"),
                                                            pool_file.value)
    return pool, pool_error, pool_report


@app.cell
def _(language, pool, pool_file, pool_report, ui_text):
    mo.sidebar([mo.md(ui_text["language_heading"]), language, mo.md(ui_text["pool_heading"]),
                mo.md(ui_text["pool_pick"]), pool_file,
                mo.Html(pool_picker.report_html(ui_text, pool, pool_report,
                                                os.environ.get("LEVELER_POOL")))],
               width="19rem")
    return


@app.cell
def _(pool, pool_error):
    mo.stop(pool_error is not None,
            mo.callout(mo.Html(views.error_html(pool_error or "")), kind="danger"))
    grid = views.pool_grid(pool)
    return (grid,)


@app.cell
def _(grid, ui_text):
    _options, _t = views.filter_options(grid.cards), ui_text
    level = mo.ui.slider(start=grid.levels.start, stop=grid.levels.stop - 1, step=1, value=0,
                         label=_t["level"], show_value=True, full_width=True)
    zone = mo.ui.dropdown(options=labels.zone_options(_t), value=_t["zone.battlefield"],
                          label=_t["zone"], full_width=True)
    colours = mo.ui.multiselect(labels.option_labels(_t, "colour", _options["colour"]),
                                label=_t["colour"], full_width=True)
    rarities = mo.ui.multiselect(labels.option_labels(_t, "rarity", _options["rarity"]),
                                 label=_t["rarity"], full_width=True)
    sets = mo.ui.multiselect(_options["set"], label=_t["set"], full_width=True)
    search = mo.ui.text(placeholder=_t["name_placeholder"], label=_t["name"], full_width=True)
    sort_by = mo.ui.dropdown(options=labels.sort_options(_t), value=_t["sort.Name"],
                             label=_t["sort_by"], full_width=True)
    descending = mo.ui.switch(label=_t["descending"])
    mo.sidebar([mo.md(_t["show_with"]), level, zone,
                mo.md(_t["filter"]), colours, rarities, sets, search,
                mo.md(_t["sort"]), sort_by, descending], width="19rem")
    return colours, descending, level, rarities, search, sets, sort_by, zone


@app.cell
def _(grid, ui_text):
    view = mo.ui.tabs(dict.fromkeys(labels.tab_names(ui_text), ""))
    card_name = mo.ui.dropdown(options=grid.names, value=views.default_card(grid.names),
                               label=ui_text["card"])
    edition = mo.ui.radio(options=views.edition_options(), value=labels.edition_label(ui_text),
                          inline=True)
    view
    return card_name, edition, view


@app.cell
def _(colours, grid, rarities, search, sets):
    names = views.filter_names(grid.cards, colours.value, rarities.value, sets.value,
                               search.value)
    return (names,)


@app.cell
def _(grid, names, zone):
    chart = mo.ui.altair_chart(
        charts.progression_chart(charts.chart_frame(grid, zone.value, names), grid.levels))
    return (chart,)


@app.cell
def _(card_name, chart, descending, edition, grid, level, names, pool, sort_by, ui_text, view,
      zone):
    # Both views in one cell: each cell a slider move re-runs costs ~10 ms of latency.
    pool_table = views.pool_table(grid, level.value, zone.value, names, sort_by.value,
                                  descending.value)
    selected = views.selected_names(chart.value)
    shown = views.narrow(pool_table, selected)
    table = mo.Html(labels.pool_table_html(ui_text, shown, len(grid.names), level.value,
                                           zone.value, selected))
    _card = pool[card_name.value]
    now = leveler.characteristics(_card, level.value, zone.value)
    card_view = mo.hstack([
        mo.vstack([card_name, mo.Html(views.card_html(_card, now.band)),
                   mo.Html(views.translation_html(_card)) if edition.value == "fr-2011"
                   else ""]),
        mo.vstack([mo.Html(labels.characteristics_html(ui_text, level.value, zone.value, now)),
                   mo.Html(ui_text["why"]), edition,
                   mo.Html(views.rule_quote_html(now.rule, edition.value))]),
    ], widths=[1, 1], gap=2, align="start")
    mo.vstack([mo.Html(charts.chart_with_rule_html(chart.text, level.value, grid.levels)),
               table]) if view.value == ui_text["tab_pool"] else (
        card_view if view.value == ui_text["tab_card"] else None)
    return card_view, now, pool_table, shown, table


@app.cell
def _():
    mo.Html(whatif_view.WHATIF_CSS)
    return


@app.cell
def _(pool, pool_error):
    # What if…: loading a file and starting over are the only inputs that remake its controls
    # (a refused file never gets past validate); nothing here depends on the language.
    mo.stop(pool_error is not None)
    whatif_file = mo.ui.file(filetypes=[".json"]).form(
        submit_button_label="OK", bordered=False,
        validate=lambda raw: whatif_view.upload_error(raw, pool))
    whatif_reset = mo.ui.button(label="↺", kind="neutral")
    return whatif_file, whatif_reset


@app.cell
def _(pool, whatif_file, whatif_reset):
    whatif_reset  # a click re-runs this cell: the controls start over
    whatif_start = whatif_view.starting_situation(pool, whatif_file.value)
    _cards = whatif_view.card_options(pool, whatif_start, whatif_view.upload_name(whatif_file.value))
    wi_card = mo.ui.dropdown(options=_cards, value=whatif_view.card_choice(_cards, whatif_start),
                             full_width=True)
    wi_level = mo.ui.number(start=0, step=1, value=whatif_start["counters"]["level"])
    wi_plus = mo.ui.number(start=0, step=1, value=whatif_start["counters"]["+1/+1"])
    wi_minus = mo.ui.number(start=0, step=1, value=whatif_start["counters"]["-1/-1"])
    wi_zone = mo.ui.dropdown(options=whatif_view.ZONE_CHOICES, value=whatif_start["zone"])
    wi_timestamp = mo.ui.number(step=0.5, value=whatif_start["timestamp"])
    wi_face_down = mo.ui.switch(value=whatif_start["face_down"])
    wi_kept = mo.ui.array([mo.ui.checkbox(value=True) for _ in whatif_start["effects"]])
    wi_presets = mo.ui.array([
        mo.ui.dropdown(options=whatif_view.preset_options(), value=whatif_view.NO_PRESET)
        for _ in range(whatif_view.PRESET_SLOTS)])
    return (wi_card, wi_face_down, wi_kept, wi_level, wi_minus, wi_plus, wi_presets,
            wi_timestamp, wi_zone, whatif_start)


@app.cell
def _(pool, whatif_start, wi_card, wi_face_down, wi_kept, wi_level, wi_minus, wi_plus,
      wi_presets, wi_timestamp, wi_zone):
    whatif = whatif_view.build(
        whatif_start, card=wi_card.value, zone=wi_zone.value, level=wi_level.value,
        plus_one=wi_plus.value, minus_one=wi_minus.value, timestamp=wi_timestamp.value,
        face_down=wi_face_down.value, kept=wi_kept.value, presets=wi_presets.value, pool=pool)
    return (whatif,)


@app.cell
def _(ui_text, view, whatif, whatif_file, whatif_reset, whatif_start, wi_card, wi_face_down,
      wi_kept, wi_level, wi_minus, wi_plus, wi_presets, wi_timestamp, wi_zone):
    _saved = whatif_view.situation_json(whatif.situation or {}).encode()
    _download = mo.download(data=_saved, filename="situation.json", mimetype="application/json",
                            label=ui_text["wi_save"], disabled=whatif.situation is None)
    _controls = {"card": wi_card, "level": wi_level, "plus": wi_plus, "minus": wi_minus,
                 "zone": wi_zone, "timestamp": wi_timestamp, "face_down": wi_face_down,
                 "reset": whatif_reset, "download": _download, "load": whatif_file}
    _lines = [(wi_presets[_i].text, wi_presets.value[_i])
              for _i in whatif_view.visible_slots(wi_presets.value)]
    _kept = [(wi_kept[_i].text, _effect) for _i, _effect in enumerate(whatif_start["effects"])]
    mo.Html(whatif_view.panel_html(
        ui_text, whatif, {_k: _v.text for _k, _v in _controls.items()}, _kept, _lines,
    )) if view.value == ui_text["tab_whatif"] else None
    return


if __name__ == "__main__":
    app.run()
