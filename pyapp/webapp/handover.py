"""Play by link, with no server: each person at the table plays on their own device.

A game is played by link when its ruleset says who sits where (`Ruleset.seats`), its
"by_link" setting is on and two or more seats are people. The game goes from device
to device as the page's own replay link (same seed, same settings, every move so far:
the same dice on every device, so the link is its own proof, and it opens offline
once the page was loaded) with `&hand=N`, the seat it is handed to.

The ruling: a device plays the seat its link names (a link without one, as the
host's first page, plays the first person seat). It may act only while that seat
is to move; bots' seats play themselves on whichever device is on when their turn
comes (the rules' own steps), so the next link carries their moves too. Once the
turn passes to another person, the page shows the link marked "hand over to ...":
the player sends it (mail, chat), the next player opens it, plays their turn, and
sends the next one. Moves that came with a link cannot be undone on the device
that receives them.
"""

from __future__ import annotations

from ..engine import Game, Ruleset, Seats
from ..markup import escape
from .links import REPLAY_TOO_LONG, game_replay_query, with_pair

BY_LINK = "by_link"  # the bool setting that turns play by link on


def seats_of(ruleset: Ruleset, game: Game) -> Seats:
    """Who sits where in a game of a ruleset that says so (Ruleset.seats; by_link is only true of those)."""
    if ruleset.seats is None:
        raise ValueError(f"{ruleset.title} does not say who sits where")
    return ruleset.seats(game.state)


def by_link(ruleset: Ruleset, game: Game) -> bool:
    return bool(ruleset.seats and game.settings.get(BY_LINK) and len(ruleset.seats(game.state).persons) > 1)


def device_seat(ruleset: Ruleset, game: Game, hand: int | None) -> int | None:
    """The seat this device plays: the one the link names, else the first person seat (the host's).
    None: the game is not played by link, and this device plays every person seat (hot seat)."""
    if not by_link(ruleset, game):
        return None
    persons = seats_of(ruleset, game).persons
    return hand if hand in persons else persons[0]


def refusal(ruleset: Ruleset, game: Game, seat: int | None) -> str:
    """Why this device may not move now ("" when it may): another person is to move, on their device."""
    if seat is None or game.over:
        return ""
    seats = seats_of(ruleset, game)
    to_move = seats.to_move
    if to_move is not None and to_move in seats.persons and to_move != seat:
        other = seats.names[to_move]
        return (f"It is {other}'s turn, played on their device: this page plays {seats.names[seat]}. "
                f"Send {other} the hand-over link.")
    return ""


def receive(game: Game, seat: int | None, replay: list[str] | None) -> bool:
    """A hand-over link was opened: the moves it brought are the others' to keep, so none can be undone here.
    True when the game was changed so (the page saves it)."""
    if seat is None or not replay:
        return False
    game.undo_floor = len(game.actions)
    return True


def hand_query(game: Game, seat: int | None) -> str | None:
    """The query of the link that hands this game to `seat` (None: to anyone), or None when no link can carry it."""
    query = game_replay_query(game)
    if query is None or seat is None:
        return query
    return with_pair(query, f"&hand={seat + 1}")


def address_suffix(seat: int | None) -> str:
    """What the address bar keeps after the share query, so that a reload plays the same seat."""
    return "" if seat is None else f"&hand={seat + 1}"


def notice_html(ruleset: Ruleset, game: Game, seat: int | None, base: str) -> str:
    """The hand-over box above the actions ("" in a game not played by link): whose turn, what to do next,
    and the link to send."""
    if seat is None:
        return ""
    seats = seats_of(ruleset, game)
    names, to_move = seats.names, seats.to_move
    here = f"<strong>Play by link.</strong> This device plays seat {seat + 1}, {escape(names[seat])}."
    link_to = None
    if game.over:
        text, link_to, mark = ("The game is over: send the others this link so that they see the end (same dice, "
                               "every move)."), -1, "over"
    elif to_move is None:  # Seats: no one is to move only once the game is over
        raise ValueError("a game not over with no seat to move")
    elif to_move == seat:
        text, mark = "Your turn: play it here. When it ends, the page gives you the link for the next player.", "yours"
    elif to_move in seats.persons:
        other = escape(names[to_move])
        text, link_to, mark = (f"Hand over to {other}: your turn is done. Send {other} this link; they play "
                               "their turn on their device and send you the next link."), to_move, "hand-over"
    else:
        text, mark = f"{escape(names[to_move])} (a bot) is playing its turn…", "bots"
    parts = [f"<p>{here} {text}</p>"]
    if link_to is not None:
        query = hand_query(game, None if link_to < 0 else link_to)
        if query is None:
            parts.append(f"<p>{escape(REPLAY_TOO_LONG)}</p>")
        else:
            label = "Link for everyone" if link_to < 0 else f"Hand-over link for {escape(names[link_to])}"
            parts.append(f'<label class="field"><span>{label}</span><input id="handover-url" type="text" readonly '
                         f'value="{escape(base + query)}"></label><button type="button" data-control="copy" '
                         f'data-copy="handover-url">Copy hand-over link</button>')
    return f'<section class="handover" data-handover="{mark}" aria-label="Play by link">{"".join(parts)}</section>'
