"""A rules page generated from the active deck and options (spec section 6, "should")."""

from __future__ import annotations

from kibitz.games.tchess.deck import CARD_NAMES
from kibitz.games.tchess.options import TchessOptions
from kibitz.games.tchess.tables import relation_set, tables_for


def rules_page(options: TchessOptions) -> str:
    """Markdown: the deck table, the combinations in force and the round settings."""
    t = tables_for(options)
    lines = [
        "# TCHESS Cards: active rules",
        "",
        "| Letter | Piece | Count | Value |",
        "|---|---|---|---|",
    ]
    for letter, count, value in zip(t.letters, t.counts, t.values, strict=True):
        shown = "copies a paired card" if letter == "J" else str(value)
        lines.append(f"| {letter} | {CARD_NAMES.get(letter) or '-'} | {count} | {shown} |")
    pairs = sorted("+".join(sorted(p)) for p in relation_set(options))
    lines += [
        "",
        f"Deck: {sum(t.counts)} cards per player.",
        f"Combinations (+{options.combo_bonus} each): "
        + ("identical cards, " if options.identical_pairs else "")
        + "J with any card, "
        + ", ".join(pairs)
        + ".",
        "Pairs: "
        + (
            "every adjacent combinable pair scores (reading A)."
            if options.allow_overlapping_pairs
            else "disjoint adjacent pairs, chosen to maximise strength."
        ),
        f"Sergeant boost: +{options.sergeant_boost} to a P per adjacent S.",
        f"Jester copies face values up to {options.jester_copy_cap}.",
        f"Hands: {options.hand_size_start} dealt; after each round draw up to "
        f"{options.draw_per_round}, to at most {options.hand_limit} in hand.",
        "Ties go to the " + ("defender." if options.ties_to_defender else "attacker."),
        f"First attacker: {options.first_player}. "
        + (f"Round cap: {options.max_rounds}." if options.max_rounds else "No round cap."),
    ]
    return "\n".join(lines) + "\n"
