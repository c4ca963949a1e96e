"""Commands a game declares for itself: its rules page and its own tools."""

from __future__ import annotations

from typing import Annotated

import typer

from kibitz.cli.common import OptionsArg, app, fail, make_game, user_errors

GameArg = Annotated[str, typer.Argument(help="Game name (see `kibitz games`).")]


@app.command("rules")
@user_errors
def rules_cmd(game: GameArg, option: OptionsArg = None) -> None:
    """Print a game's rules as its options resolve them, then its player's guide
    (Markdown), as the web app's rules page shows them."""
    from kibitz.server.rules import guide

    g = make_game(game, option)
    parts = [text for text in (g.rules_page(), guide(g.name)) if text]
    if not parts:
        fail(f"{g.name} has no rules page or guide")
    text = "\n\n".join(part.rstrip("\n") for part in parts)
    typer.echo(text)


@app.command(
    "tool", context_settings={"allow_extra_args": False, "ignore_unknown_options": True}
)
@user_errors
def tool_cmd(
    game: GameArg,
    name: Annotated[str | None, typer.Argument(help="The tool; omitted: list them.")] = None,
    args: Annotated[list[str] | None, typer.Argument(help="The tool's arguments.")] = None,
    option: OptionsArg = None,
) -> None:
    """Run one of a game's own tools, e.g. `kibitz tool tchess strength P S P Q`."""
    g = make_game(game, option)
    tools = g.tools()
    if name is None:
        if not tools:
            fail(f"{g.name} has no tools")
        for tool_name, tool in sorted(tools.items()):
            typer.echo(f"{tool_name}: {tool.help}")
        return
    if name not in tools:
        known = ", ".join(sorted(tools)) or "none"
        fail(f"{g.name} has no tool {name!r}; its tools: {known}")
    typer.echo(tools[name].run(g, args or []))
