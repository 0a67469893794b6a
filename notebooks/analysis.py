import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="leveler: analysis")

with app.setup:
    import altair as alt
    import marimo as mo
    import pandas as pd

    from leveler import load_pool
    from leveler.balance import curve
    from leveler.bands import band_frame
    from leveler.io.designs import open_store
    from leveler.pool import cards_frame, progression
    from leveler.search import search


@app.cell(hide_code=True)
def _():
    mo.md("""
    # Levelers, as data

    The library's own frames, explored with pandas and Altair: every rule decision comes
    from `leveler` (CR 711, 702.87), this notebook only asks questions of the frames.
    Open it with `marimo edit notebooks/analysis.py`, or run it as a script:
    `python notebooks/analysis.py`.
    """)
    return


@app.cell
def _():
    pool = load_pool()
    cards = cards_frame(pool)
    bands = band_frame(pool)
    grid = progression(pool, levels=range(13))
    return bands, cards, grid, pool


@app.cell(hide_code=True)
def _(grid):
    mo.md(f"""
    ## The grid: every card x level counters 0-12 x zone

    `progression(pool, levels=range(13))`: {len(grid):,} rows, one per card, count and
    zone, with the rule that decided each (`citation`). Filter, group and sort it here:
    """)
    return


@app.cell
def _(grid):
    grid_explorer = mo.ui.dataframe(grid, page_size=10)
    grid_explorer
    return


@app.cell(hide_code=True)
def _():
    mo.md("""
    ## Bands as rows

    `band_frame(pool)`: one row per stage (the printed box, then each band), with N1,
    N2 (empty for `N3+`), base P/T, the abilities there, the mana invested to reach it
    and the first turn it is reached on the curve (a land a turn, on the play).
    """)
    return


@app.cell
def _(bands):
    mo.ui.table(bands, page_size=10, selection=None)
    return


@app.cell(hide_code=True)
def _():
    mo.md("""
    ## Power per mana invested, by set, rarity and colour

    Each band's power divided by the mana spent to reach it (the card, then a level up
    per counter), averaged over the bands of the cards in each group.
    """)
    return


@app.cell
def _(bands):
    per_mana = bands.assign(
        power_per_mana=bands["power"] / bands["mana_invested"].where(bands["mana_invested"] > 0),
        set=bands["sets"].str.split(),
    ).explode("set")
    by_group = pd.concat([
        per_mana.groupby(column)["power_per_mana"].mean().round(2).rename_axis("group")
        .reset_index()
        .assign(by=column)
        for column in ("set", "rarity", "colors")
    ], ignore_index=True)
    by_group
    return (by_group,)


@app.cell
def _(by_group):
    alt.Chart(by_group).mark_bar().encode(
        x=alt.X("power_per_mana:Q", title="power per mana invested (mean over bands)"),
        y=alt.Y("group:N", sort="-x", title=None),
        row=alt.Row("by:N", title=None),
        tooltip=["by", "group", alt.Tooltip("power_per_mana:Q", format=".2f")],
    ).resolve_scale(y="independent").properties(width=420)
    return


@app.cell(hide_code=True)
def _():
    mo.md("""
    ## Where each card overtakes the vanilla curve

    `curve(pool)` places every stage against the vanilla line P+T = 2 x mana + 0; the
    first stage above it, and the level counters it takes:
    """)
    return


@app.cell
def _(pool):
    placed = curve(pool)
    overtakes = (placed[placed["stats"] > placed["vanilla_stats"]]
                 .sort_values(["name", "stage"]).groupby("name").head(1)
                 [["name", "band", "min_level", "mana_invested", "stats", "vanilla_stats"]])
    never = sorted(set(pool) - set(overtakes["name"]))
    mo.vstack([mo.ui.table(overtakes, selection=None, page_size=10),
               mo.md(f"Never above the vanilla line: {', '.join(never) or 'none'}.")])
    return (overtakes,)


@app.cell
def _(overtakes):
    alt.Chart(overtakes).mark_circle(size=80).encode(
        x=alt.X("min_level:Q", title="level counters to overtake the vanilla line"),
        y=alt.Y("mana_invested:Q", title="mana invested by then"),
        tooltip=["name", "band", "min_level", "mana_invested"],
    ).properties(width=420, height=220)
    return


@app.cell(hide_code=True)
def _():
    mo.md("""
    ## Counters wasted past N3

    From the top band's N3 on, more level counters change nothing (711.2b): each one
    past it is a level up paid for nothing. With 12 counters:
    """)
    return


@app.cell
def _(cards, grid):
    at_twelve = grid[(grid["zone"] == "battlefield") & (grid["level_counters"] == 12)]
    wasted = (at_twelve[["name", "level_counters"]].astype({"name": str})
              .merge(cards[["name", "top_level", "level_up_cost"]], on="name")
              .assign(wasted=lambda f: (f["level_counters"] - f["top_level"]).clip(lower=0))
              .sort_values("wasted", ascending=False))
    alt.Chart(wasted).mark_bar().encode(
        x=alt.X("wasted:Q", title="counters past N3 with 12 counters"),
        y=alt.Y("name:N", sort="-x", title=None),
        tooltip=["name", "top_level", "level_up_cost", "wasted"],
    ).properties(width=420)
    return


@app.cell(hide_code=True)
def _():
    mo.md("""
    ## Band-aware search

    Terms hold at one count of level counters on the battlefield; each card is listed
    at the fewest counters at which all hold (`pow tou pt lvl mana` with `= != < <= > >=`,
    `o: c: r: s: name:`, `-` negates).
    """)
    return


@app.cell
def _():
    query = mo.ui.text(value="pow>=4 lvl<=3", label="Search", full_width=True)
    query
    return (query,)


@app.cell
def _(pool, query):
    try:
        _found = search(pool, query.value)
    except ValueError as _error:
        _shown = mo.md(f"```\n{_error}\n```")
    else:
        _shown = mo.ui.table(pd.DataFrame(
            [{"name": m.name, "level": m.level, "band": m.band.label if m.band else "printed",
              "power": m.power, "toughness": m.toughness, "mana": m.mana} for m in _found],
            columns=["name", "level", "band", "power", "toughness", "mana"]),
            selection=None, page_size=10)
    _shown
    return


@app.cell(hide_code=True)
def _():
    mo.md("""
    ## The designs store

    The same frames for the designs saved from the app's Design bench (the store the
    server is configured with, `LEVELER_DESIGNS`); designs that do not parse yet are
    listed with their problem.
    """)
    return


@app.cell
def _():
    designs = open_store().snapshot()
    design_bands = band_frame(designs.cards)
    problems = pd.DataFrame({"design": [d.name for d in designs.designs if d.problem],
                             "problem": [str(d.problem) for d in designs.designs if d.problem]})
    mo.vstack([mo.md(f"{len(designs.designs)} design(s) in `{designs.location}`."),
               mo.ui.table(design_bands, selection=None, page_size=10),
               mo.ui.table(problems, selection=None) if len(problems) else ""])
    return


if __name__ == "__main__":
    app.run()
