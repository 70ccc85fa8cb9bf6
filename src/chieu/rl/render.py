"""The ``ansi`` rendering: a View in the game's words, as plain text."""

from __future__ import annotations

from chieu.core.view import View


def render_text(view: View) -> str:
    """A few lines: the phase, every zone (hidden ones by count), the live card, the
    viewer's decisions and the latest events."""
    who = "spectator" if view.viewer is None else f"seat {view.viewer}"
    lines = [f"{view.title} — {view.phase_label} ({who})"]
    for z in view.zones:
        name = z.id + (f" ({z.label})" if z.label else "")
        cards = "?" * min(z.count, 1) if z.cards is None else " ".join(z.cards)
        shown = f"[{z.count}]" if z.cards is None else cards
        lines.append(f"  {name}: {shown if z.count else '-'}")
    if view.live is not None:
        lines.append(f"  live: {view.live.card} ({view.live.source}, seat {view.live.seat})")
    for d in view.decisions:
        labels = ", ".join(f"{c.id}={c.label}" for c in d.actions[:12])
        more = "" if len(d.actions) <= 12 else f", … (+{len(d.actions) - 12})"
        lines.append(f"  {d.kind}: {labels}{more}")
    for e in view.events[-3:]:
        lines.append(f"  · {e.text}")
    if view.outcome is not None:
        lines.append(f"  payoffs: {view.outcome.get('payoffs')}")
    return "\n".join(lines)
