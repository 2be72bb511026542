"""The game page's controller, between pyapp.webapp and the page's DOM agent
(static/agent.mjs): what to show, kept saves and links, the driver's timer.

Python runs in the game's thread (static/game_thread.mjs): a Web Worker, where
no DOM exists, so the page's main thread stays free for the player, or the
page itself where no worker can run. Either way it touches the page only
through data (pyapp/webapp/protocol.py): every change goes to the agent as a
list of operations (Surface), every event comes back as a small dict
(Page.handle), and localStorage is a copy here whose writes the agent makes
(MirrorStorage). What can be decided without a browser lives in
pyapp/webapp (the driver, links, saves, HTML) and is tested under CPython.

Importing this module touches nothing of the page: it is imported into the
boot snapshot (build.py), where no page exists. `start()` makes a Page, the
controller of one page and its ruleset.
"""

import asyncio
import datetime
import json
import os
import time
from collections.abc import MutableMapping

from pyapp import dice, registry, webapp
from pyapp.engine import BadSave, Game, IllegalAction
from pyapp.markup import escape
from pyapp.webapp import daily, handover, logview, protocol, spoken
from pyapp.webapp.driver import AUTO_DELAY_S, Driver, Report
from pyapp.webapp.motion import RollWatch
from pyapp.webapp.prefs import Prefs
from pyapp.webapp.tool_run import ToolRun
from pyapp.webapp.watch import Watch, bar_html

SAVES_OFF = "Saves are off: this browser does not allow storage here. The game still plays, but it is not kept."
STORAGE_PREFIX = "dice-dungeons:"  # the agent sends and keeps only the site's own keys


class Surface:
    """The page as this module changes it: operations the agent applies in order (static/agent.mjs, apply).

    An operation is a list: its name, then a CSS selector and values (pyapp/webapp/protocol.py declares
    each). Operations made in one turn of the event loop go in one message, sent once that turn ends (or at
    once by flush()), so that a redraw is one message and one layout. html(), prop(), attr() and text() are
    op() for the commonest ones."""

    def __init__(self, send):
        self.send = send  # one JSON text per batch: postMessage from a worker, a direct call on the page
        self.ops = []
        self.due = False

    def op(self, name, *values):
        self.ops.append(protocol.operation(name, *values))
        if not self.due:
            self.due = True
            asyncio.get_event_loop().call_soon(self.flush)

    def flush(self):
        self.due = False
        ops, self.ops = self.ops, []
        if ops:
            self.send(json.dumps(ops, separators=(",", ":")))

    def html(self, selector, html):
        self.op("html", selector, html)

    def prop(self, selector, prop, value):
        self.op("prop", selector, prop, value)

    def attr(self, selector, name, value):
        self.op("attr", selector, name, value)

    def text(self, selector, value):
        self.prop(selector, "textContent", value)


class MirrorStorage(MutableMapping):
    """The site's localStorage keys as the page read them when it opened, kept up to date here; every
    write also goes to the agent, which makes it in localStorage (and says when the browser refuses)."""

    def __init__(self, items, surface):
        self.kept = dict(items)
        self.surface = surface

    def __getitem__(self, key):
        return self.kept[key]

    def __setitem__(self, key, value):
        self.kept[key] = value
        self.surface.op("store", key, value)

    def __delitem__(self, key):
        del self.kept[key]
        self.surface.op("store", key, None)

    def __iter__(self):
        return iter(list(self.kept))

    def __len__(self):
        return len(self.kept)


def open_store(storage, saving, slug):
    """The save store; a storage that breaks while being read turns saves off."""
    try:
        return webapp.SaveStore(storage, slug), webapp.HighScores(storage, slug), saving
    except Exception:
        return webapp.SaveStore({}, slug), webapp.HighScores({}, slug), False


def fresh_seed():
    return dice.new_seed_text(time.time_ns() ^ int.from_bytes(os.urandom(7)))


CLOCK = {"shift": 0.0}  # seconds from this interpreter's clock to the page's (a worker's is the same in a browser)


def page_clock(now_ms):
    """The page's clock, as the agent read it (Date.now()): the one its player sees and its tests may set."""
    if isinstance(now_ms, (int, float)):
        CLOCK["shift"] = now_ms / 1000 - time.time()


def utc_today():
    """Today's UTC date, "YYYY-MM-DD": the day whose dungeon is today's (pyapp reads no clock)."""
    return datetime.datetime.fromtimestamp(time.time() + CLOCK["shift"], datetime.UTC).date().isoformat()


def query_of(href):
    """The query part of an address ("" or "?..."), as location.search gives it."""
    query = href.split("#", 1)[0].partition("?")[2]
    return "?" + query if query else ""


def local_time(stamp):
    # Pyodide's localtime asks the browser's Date, which knows the player's zone and its summer time
    return webapp.when_text(stamp, -(time.localtime(stamp).tm_gmtoff or 0) // 60)


class Page:
    """The one game on this page, its slot, and everything shown about it.

    `opened` is what the agent read of the page as it opened (agent.mjs, opened()): its address, its
    title, the site's localStorage keys (None where the browser refuses storage) and the speed menu."""

    def __init__(self, opened, surface):
        self.ruleset = registry.get(opened["slug"])
        self.ui = surface
        self.href = opened["href"]
        self.title = opened.get("title", self.ruleset.title)
        kept = opened.get("storage")
        storage = MirrorStorage(kept, surface) if kept is not None else {}
        self.storage = storage
        self.store, self.scores, self.saving = open_store(storage, kept is not None, self.ruleset.slug)
        self.prefs = Prefs(storage, self.ruleset.slug)
        speed = opened.get("speed")
        self.speed = None if speed is None else self.prefs.get("speed", speed["options"], speed["value"])
        self.today = utc_today()
        self.history = daily.History(storage if self.saving else {}, self.ruleset.slug, kept=self.saving)
        self.search = query_of(self.href)
        # the address from its "?" on, fragment included: a long game's replay link carries its moves after "#"
        self.request = webapp.parse_query(self.ruleset, self.href[len(webapp.page_base(self.href)):],
                                          today=self.today)
        if self.request.replay_behind:
            self.search = None  # the address is set anew (render_links), so a reload does not replay it again
        opened_game = webapp.open_game(self.ruleset, self.request, self.store, fresh_seed(), time.time())
        self.game, self.slot = opened_game.game, opened_game.slot
        self.seat = handover.device_seat(self.ruleset, self.game, self.request.hand)  # play by link: this device's seat
        self.sticky = list(self.store.notices)  # storage refused: the keep note says so (render_links), once
        self.sticky += [self.history.notice] if self.history.notice else []
        self.daily_kind = None  # how this daily game's finish counted here (daily.COUNTED...), once it finished
        self.opened_over = self.game.over  # a game opened finished (a result card's link) counts for no one
        self.messages = opened_game.messages
        if handover.receive(self.game, self.seat, self.request.replay) and self.slot is not None:
            self.autosave()  # kept so: a reload cannot undo the moves the link brought either
        self.log_shown, self.log_from = [], None
        self.handover_shown = ""
        self.rolls = RollWatch()  # were the dice rolled since the last drawing: they tumble (issue 34)
        self.announcer = spoken.Announcer()  # what each redraw says aloud, once (issue 48)
        self.announcer.forget(self.game.over)
        self.words = None  # the board in words last drawn (pyapp/places.py): the question keys answer from it
        self.daily_shown = ""
        # auto play and the rules' own steps (Ruleset.automatic): pyapp.webapp.driver decides, a timer calls it
        self.driver = Driver(self.game, time.monotonic(), step_delay=self.step_delay, may_act=self.refusal)
        self.timer = None
        self.tool_task = None
        # watching the game move by move (webapp/watch.py): a link's &at=N opens so
        self.watch = Watch(self.game, self.request.at) if self.request.at is not None and self.game.actions else None
        self.watch_timer = None

    # -- events: what the agent saw (agent.mjs), as data ---------------------
    def handle(self, text):
        """One event from the agent (JSON); what it changes goes back in one batch."""
        event = json.loads(str(text))
        page_clock(event.get("now"))
        try:
            handler = EVENTS.get(event.get("kind"))
            if handler:
                handler(self, event)
        finally:
            self.ui.flush()

    def on_control(self, event):
        handler = CONTROLS.get(event.get("control"))
        if handler:
            handler(self, event.get("data") or {})

    def on_submit(self, event):
        pairs = [(str(k), str(v)) for k, v in event.get("pairs", [])]
        if event.get("tool"):
            self.run_tool(event["tool"], dict(pairs))
        else:
            self.new_game_from_form(pairs)

    def on_speed(self, event):
        self.speed = str(event.get("value"))
        self.prefs.set("speed", self.speed)  # kept for the next visit

    def on_import(self, event):
        self.import_text(str(event.get("text", "")))

    def on_key(self, event):
        key = event.get("key", "")
        if self.watch is not None and key in WATCH_KEYS:
            WATCH_KEYS[key](self, {})
        elif len(key) == 1 and key in "123456789":
            buttons = webapp.button_actions(self.game.legal())
            if int(key) <= len(buttons):
                self.play(buttons[int(key) - 1].code)
        elif key in ("u", "U"):
            self.undo()
        elif key in ("a", "A"):
            self.auto_step()
        elif key.lower() in spoken.QUESTION_KEYS:
            self.answer(key.lower())

    def answer(self, key):
        """A question key (pyapp/webapp/spoken.py): said in the live region; C also takes the focus to the
        current place in the board in words."""
        legal = [] if self.refusal() or self.watch is not None else self.game.legal()
        if key == "c" and self.words is not None and self.words.places:
            # the focus comes to the place, and a screen reader says its words then: said once, not twice
            self.ui.op("focus-place", "#words", self.words.places[0].id)
            return
        self.announce(spoken.answer(key, self.words, legal))

    def announce(self, said, assertive=False):
        """Say `said` in the page's live region (each time anew, so the same words twice are said twice)."""
        if said:
            self.ui.html("#announce-end" if assertive else "#announce", f"<p>{escape(said)}</p>")

    def on_stored(self, event):
        """Another tab of this site wrote localStorage (the agent heard its storage event), or this page's
        own write was refused: the copy here follows the browser's."""
        key, value = event.get("key"), event.get("value")
        if not (isinstance(key, str) and key.startswith(STORAGE_PREFIX) and isinstance(self.storage, MirrorStorage)):
            return
        if value is None:
            self.storage.kept.pop(key, None)
        else:
            self.storage.kept[key] = str(value)
        if event.get("refused"):
            self.say(f"Could not save: the browser refused ({event['refused']}).")

    # -- playing -------------------------------------------------------
    def refusal(self):
        """Why this device may not move now ("": it may): play by link, another person's turn."""
        return handover.refusal(self.ruleset, self.game, self.seat)

    def play(self, code):
        if self.refusal():
            self.say(self.refusal())
            return
        try:
            self.game.play(code)
        except IllegalAction as exc:
            self.say(str(exc))
            return
        except Exception as exc:  # a rules bug: Game.play changed nothing, so keep playing
            self.say(f"The rules could not play {code!r} ({type(exc).__name__}: {exc}). Please report this seed.")
            raise
        self.changed()

    def undo(self, *_):
        if self.refusal():
            self.say(self.refusal())
            return
        try:
            self.game.undo()
        except IllegalAction as exc:
            self.say(str(exc))
            return
        self.changed()

    def auto_step(self, *_):
        self.show(self.driver.step_once(time.monotonic()))

    def toggle_auto(self, *_):
        self.show(self.driver.toggle_auto(time.monotonic()))

    def changed(self):
        """After the player's own action: autosave, high score, redraw, and the rules' own next step."""
        self.redraw_played()
        self.show(self.driver.moved(time.monotonic()))

    def redraw_played(self):
        self.messages = []
        self.autosave()
        self.record_score()
        self.record_daily()
        self.render()

    def game_day(self):
        """The day of the daily game being played, or None."""
        return daily.game_day(self.ruleset, self.game.seed, self.game.settings)

    def record_daily(self):
        """A daily game that just finished here: the day's result if it is its first finish on its day."""
        day = self.game_day()
        if day is None or not self.game.over or self.opened_over or self.daily_kind is not None:
            return
        self.today = utc_today()
        outcome = self.game.outcome()
        self.daily_kind = self.history.record(day, self.today, outcome.result, outcome.score,
                                              self.game.settings.get("v", 1))

    def finished_kind(self, day):
        """How the finished daily game on show counted: as recorded here, else (opened finished) whether
        it is the day's kept result."""
        if self.daily_kind is not None:
            return self.daily_kind
        if not self.history.kept:
            return daily.UNKEPT
        kept = self.history.days.get(day)
        outcome = self.game.outcome()
        if kept and day == self.today and kept.result == outcome.result[:20] and kept.points == daily.points_of(
                outcome.score):
            return daily.COUNTED
        return daily.REPLAY if day == self.today else daily.ARCHIVE

    # -- the driver's timer: auto play and the rules' own steps -------------
    def show(self, report):
        """Draw what the driver did, then come back when it next has something due."""
        if report.steps:
            self.redraw_played()
        if report.messages:
            self.say(" ".join(report.messages))
        self.ui.attr("#auto-play", "aria-pressed", "true" if self.driver.auto_on else "false")
        self.render_controls()  # e.g. Auto play off once the game it played is over
        self.reschedule()

    def reschedule(self):
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        due = self.driver.next_due()
        if due is not None:
            self.timer = asyncio.get_event_loop().call_later(max(0.0, due - time.monotonic()), self.on_timer)

    def on_timer(self):
        self.timer = None
        self.show(self.driver.tick(time.monotonic()))

    def step_delay(self):
        """The speed the player chose for the rules' own steps, in seconds (0: instant)."""
        try:
            return max(0.0, float(self.speed)) if self.speed is not None else AUTO_DELAY_S
        except ValueError:
            return AUTO_DELAY_S

    def autosave(self):
        if not self.saving:
            return
        try:
            if self.slot is None:
                self.slot = self.store.new_slot(self.game, time.time())
            else:
                self.store.save(self.slot, self.game, time.time())
        except webapp.StorageFailed as exc:
            self.messages.append(str(exc))

    def record_score(self):
        score = self.game.state.get("score")
        if not (self.game.over and isinstance(score, dict) and self.saving):
            return
        try:
            self.scores.record(f"{self.slot}:{self.game.seed}", self.game.seed, score, time.time())
        except Exception as exc:  # storage full: the game matters more than the table
            self.messages.append(f"The high score could not be kept ({exc}).")

    # -- starting and switching games ------------------------------------
    def start(self, game, slot, messages=()):
        report = self.driver.new_game(game, time.monotonic())  # the old game's auto play and rules' steps end
        self.game, self.slot = game, slot
        self.stop_watching()
        self.daily_kind, self.opened_over = None, game.over
        same = game.seed == self.request.seed and game.settings == self.request.settings
        self.seat = handover.device_seat(self.ruleset, game, self.request.hand if same else None)
        self.messages = list(messages)
        self.log_shown, self.log_from = [], None
        self.rolls.forget()  # another game: its dice were not just rolled
        self.announcer.forget(game.over)
        self.render_form()
        self.render()
        self.ui.op("show-game")  # into view, focus on its first action (it was started from further down)
        self.show(report)

    def new_game(self, seed, settings):
        self.start_new_slot(Game(self.ruleset, seed, settings))

    def start_new_slot(self, game, messages=()):
        """Put `game` on the page in a save of its own (none where storage is refused)."""
        messages, slot = list(messages), None
        if self.saving:
            try:
                slot = self.store.new_slot(game, time.time())
            except webapp.StorageFailed as exc:
                messages.append(str(exc))
        self.start(game, slot, messages)

    def new_game_from_form(self, pairs):
        raw = dict(pairs)
        try:
            seed = webapp.clean_seed(raw["seed"]) if raw.get("seed", "").strip() else fresh_seed()
        except webapp.BadLink as exc:
            self.say(str(exc))
            return
        settings, problems = self.ruleset.parse_settings(webapp.form_settings(self.ruleset, pairs))
        if problems:
            self.say("Not started: " + "; ".join(problems))
            return
        self.new_game(seed, settings)

    def continue_slot(self, slot_id):
        try:
            game = self.store.load(slot_id, self.ruleset)
            self.store.select(slot_id)
        except (BadSave, webapp.StorageFailed) as exc:
            self.say(f"That save cannot be continued: {exc} It is kept as it is.")
            self.render_saves()  # shows the problem beside the slot
            return
        self.start(game, slot_id)

    def import_text(self, text):
        if daily.is_history(text):
            try:
                added = self.history.import_text(text)
            except (ValueError, TypeError, RecursionError) as exc:
                self.say(f"Import failed: this day history cannot be read ({exc}). Nothing was changed.")
                return
            self.say(f"Imported the day history: {added} day(s) added."
                     + ("" if self.history.kept else " It is not kept: this browser does not allow storage here."))
            self.render_daily()
            return
        try:
            game, slot = webapp.import_save(self.ruleset, self.store, text, time.time())
        except BadSave as exc:
            self.say(f"Import failed: {exc} Nothing was changed.")
            return
        except webapp.StorageFailed as exc:
            self.say(str(exc))
            return
        self.start(game, slot, [f"Imported the game with seed {game.seed}."])

    # -- drawing ---------------------------------------------------------
    def say(self, message):
        self.messages = [message]
        self.render_messages()

    def render_messages(self):
        self.ui.html("#messages", webapp.messages_html(self.sticky + self.messages))

    def shown_state(self):
        """The state on show: the game's, or the move watched."""
        return self.watch.state if self.watch is not None else self.game.state

    def render(self):
        refused = self.refusal() or (WATCHING if self.watch is not None else "")
        legal = [] if refused else self.game.legal()  # play by link: nothing to click in another person's turn
        state = self.shown_state()
        view = self.ruleset.render(state, legal)  # a pyapp.engine.View, drawn from the same legal actions
        self.ui.op("keep-focus")  # which action button had the focus: re-rendering replaces them
        # figures (Tabletop's) move from where they were drawn, in the same game only, at the page's speed
        moving = self.rolls.same_game and "data-figure" in view.board
        if moving:
            self.ui.op("keep-places", "#board-wrap")
        self.ui.html("#board-wrap", view.board)
        if moving:
            self.ui.op("move-figures", "#board-wrap", self.step_delay())
        self.ui.html("#status", view.status)
        self.ui.html("#dice", view.dice)
        rolled = self.rolls.drawn(state)
        if rolled:
            self.ui.op("roll", "#dice")  # the dice marked data-rolled tumble to the faces drawn
        self.render_words(state, legal, rolled)
        self.ui.html("#panel", view.panel)
        self.ui.html("#actions", webapp.actions_html(legal, refused or self.ruleset.done_text,
                                                    self.ruleset.rules_step(state), view.pictures))
        box = handover.notice_html(self.ruleset, self.game, self.seat, webapp.page_base(self.href))
        if box != self.handover_shown:  # a live region: redrawn only when it changes, so it is read only then
            self.ui.html("#handover", box)
            self.handover_shown = box
        self.ui.op("restore-focus")
        self.render_log()
        self.render_controls()
        self.render_watch()
        self.render_links()
        self.render_daily()
        self.render_saves()
        self.render_messages()
        # last: it reads the layout, so the page lays out once per redraw. A map larger than its box
        # scrolls: the agent keeps the marked current place (data-current) visible, without moving the page.
        self.ui.op("current-in-view", "#board-wrap")

    def render_words(self, state, legal, rolled):
        """The board in words, and what this redraw says aloud: the step's news, and the game's end. Said as
        it is drawn: the dice's tumble and the figures' walk are shows over a decided state, and wait for no
        one, so the words never wait for them."""
        words = self.ruleset.words(state, legal) if self.ruleset.words else None
        self.words = words
        if words is not None:
            self.ui.op("keep-place", "#words")
            self.ui.html("#words-body", spoken.words_html(words))
            self.ui.op("restore-place", "#words")
        log = [str(line) for line in state.get("log", [])]
        self.announce(self.announcer.news(log, rolled, words.rolls if words else ""))
        outcome = self.ruleset.outcome(state)
        self.announce(self.announcer.ended(outcome.over, outcome.result, words.score if words else ""), True)

    def render_log(self):
        entries = [str(e) for e in self.shown_state().get("log", [])]
        self.log_from = logview.first_line(len(entries), self.log_from)
        entries = entries[self.log_from:]  # the latest page, or more once the player asked for earlier lines
        replace, drop, html = webapp.log_update(self.log_shown, entries)
        if replace or not self.log_shown:  # nothing of this view shown yet: the list starts anew
            self.ui.html("#log-list", html)
            self.ui.attr("#log-list", "start", str(self.log_from + 1))  # a line keeps its number in the game
        else:
            if drop:
                self.ui.op("drop-first", "#log-list", drop)
            if html:
                self.ui.op("append-html", "#log-list", html)
        self.log_shown = entries
        self.ui.prop("#log-earlier", "hidden", self.log_from == 0)
        self.ui.text("#log-earlier", logview.earlier_label(self.log_from))
        self.ui.op("scroll", "#log", "end")

    def show_earlier_log(self, *_):
        self.log_from, self.log_shown = logview.earlier(self.log_from or 0), []
        self.render_log()
        self.ui.op("scroll", "#log", "start")

    def render_controls(self):
        waiting = bool(self.refusal()) or self.watch is not None  # another person's turn (play by link), a replay
        self.ui.prop("#undo", "disabled", not self.game.can_undo() or waiting)
        self.ui.prop("#auto-step", "disabled", self.game.over or waiting)
        self.ui.prop("#auto-play", "disabled", (self.game.over or self.watch is not None) and not self.driver.auto_on)
        self.ui.prop("#watch-start", "disabled", not self.game.actions or self.watch is not None)

    # -- watching the game move by move (webapp/watch.py) -------------------
    def render_watch(self):
        watch = self.watch
        self.ui.prop("#watch", "hidden", watch is None)
        self.ui.attr("html", "data-watching", None if watch is None else "")  # the agent sends the arrow keys then
        if watch is not None:
            replay = webapp.game_replay_query(self.game)  # the game watched (it plays no move meanwhile)
            link = webapp.page_base(self.href) + webapp.with_pair(replay, f"&at={watch.at}") if replay else ""
            self.ui.html("#watch", bar_html(watch, link))

    def start_watching(self, *_):
        if not self.game.actions:
            self.say("Nothing to watch yet: no move has been played.")
            return
        self.show(self.driver.stop_auto())
        self.watch = Watch(self.game, 0)
        self.render()

    def stop_watching(self, *_):
        if self.watch_timer is not None:
            self.watch_timer.cancel()
            self.watch_timer = None
        self.watch = None

    def watch_exit(self, *_):
        self.stop_watching()
        self.rolls.forget()
        self.announcer.forget(self.game.over)
        self.render()

    def watch_go(self, at):
        if self.watch is None:
            return
        self.watch.go(at)
        if self.watch.at_end:
            self.watch.playing = False
        self.render()
        self.watch_schedule()

    def watch_play(self, *_):
        if self.watch is None:
            return
        self.watch.playing = not self.watch.playing and not self.watch.at_end
        self.render()
        self.watch_schedule()

    def watch_schedule(self):
        if self.watch_timer is not None:
            self.watch_timer.cancel()
            self.watch_timer = None
        if self.watch is not None and self.watch.playing:
            delay = max(WATCH_LEAST_S, self.step_delay())
            self.watch_timer = asyncio.get_event_loop().call_later(delay, self.on_watch_timer)

    def on_watch_timer(self):
        self.watch_timer = None
        if self.watch is not None and self.watch.playing:
            self.watch_go(self.watch.at + 1)

    def watch_take_over(self, *_):
        """Play on from the move watched: a new game (a new save); the game watched stays as it was."""
        if self.watch is None:
            return
        at = self.watch.at
        self.start_new_slot(self.watch.taken_over(),
                            [f"Playing on from move {at} of the game watched, as a new game; that game is kept."])

    def render_links(self):
        base = webapp.page_base(self.href)
        game = self.game
        share = webapp.share_query(self.ruleset, game.seed, game.settings)
        replay = webapp.game_replay_query(game)
        self.ui.prop("#share-url", "value", base + share)
        # Never a link the page would refuse: past what a link carries, say so instead.
        self.ui.prop("#replay-url", "value", base + replay if replay is not None else "")
        self.ui.text("#replay-note", "" if replay is not None else webapp.REPLAY_TOO_LONG)
        self.ui.prop("#replay-note", "hidden", replay is not None)
        self.ui.prop("#copy-replay", "disabled", replay is None)
        self.ui.prop("#share-replay", "disabled", replay is None)
        self.ui.prop("#embed-code", "value", webapp.embed_snippet(base + share + "&embed=1", self.ruleset.title))
        self.ui.prop("#full-page", "href", base + share)
        # Where nothing can be kept (a blog's sandboxed frame), one line says so and links this very game on
        # the site: its replay link (page.js has a WordPress embed's host open it), else its dungeon's.
        self.ui.prop("#keep-note", "hidden", self.saving)
        if not self.saving:
            self.ui.prop("#continue-link", "href", base + (replay if replay is not None else share))
        # The address bar always names this dungeon, so a reload continues it.
        here = share + handover.address_suffix(self.seat) + ("&embed=1" if self.request.embed else "")
        if self.search != here:
            self.search = here
            self.ui.op("address", here)

    def render_daily(self):
        """The day history beside the Today's dungeon button and, once a daily game is over, its result card."""
        self.ui.text("#daily-history", self.history.summary(self.today))
        day = self.game_day()
        if day is None:
            self.ui.prop("#daily-note", "hidden", True)
            self.ui.prop("#daily-card", "hidden", True)
            return
        over = self.game.over
        kind = self.finished_kind(day) if over else self.history.kind(day, self.today)
        self.ui.text("#daily-note", daily.kind_note(kind, day, over))
        self.ui.prop("#daily-note", "hidden", False)
        self.ui.prop("#daily-card", "hidden", not over)
        if not over:
            return
        base = webapp.page_base(self.href)
        replay = webapp.game_replay_query(self.game)
        link = base + (replay or webapp.share_query(self.ruleset, self.game.seed, self.game.settings))
        outcome = self.game.outcome()
        picture = daily.run_picture(self.ruleset, self.game.state, outcome.result, outcome.score)
        text = daily.result_card(self.ruleset, day, outcome.result, outcome.score, picture, link, kind)
        if self.daily_shown != text:
            self.daily_shown = text
            self.ui.prop("#daily-text", "value", text)
            self.ui.prop("#daily-link", "value", link)

    def open_daily(self, *_):
        """Today's dungeon: continue this browser's game of it, else start it."""
        self.today = utc_today()
        seed, settings = daily.daily_seed(self.today), daily.daily_settings(self.ruleset)
        slot, game = self.store.find(seed, settings, self.ruleset) if self.saving else (None, None)
        if game is not None:
            self.store.select(slot)
            self.start(game, slot)
        else:
            self.new_game(seed, settings)

    def daily_again(self, *_):
        """The dungeon on show, from its start again (a replay: it is not counted)."""
        self.new_game(self.game.seed, self.game.settings)

    def daily_png(self, *_):
        day = self.game_day()
        if day is None:
            return
        outcome = self.game.outcome()
        name = f"{self.ruleset.slug}-daily-{day}.png"
        self.ui.op("png", name, daily.caption(self.ruleset, day, outcome.result, outcome.score))

    def export_history(self, *_):
        self.download(f"{self.ruleset.slug}-day-history.json", self.history.export_text())

    def download(self, name, text, mime="application/json"):
        """Offer `text` as a file download (the agent makes the file)."""
        self.ui.op("download", name, text, mime)

    def render_saves(self):
        if not self.saving:
            self.ui.text("#saves-state", SAVES_OFF)
        self.ui.html("#slot-list", webapp.slots_html(self.store.listed(), self.slot, local_time))
        self.ui.html("#score-table", webapp.scores_html(self.scores.rows, local_time))

    def render_form(self):
        self.ui.html("#settings-fields", webapp.settings_form_fields(self.ruleset, self.game.settings, self.game.seed))

    # -- tools (statistics over many dungeons, the balance labs) -----------
    def run_tool(self, key, values):
        tool = next((t for t in self.ruleset.tools if t.key == key), None)
        if tool is None:
            return
        self.cancel_tool()  # a new run replaces the one going on
        self.tool_task = asyncio.ensure_future(self.tool_loop(tool, values))

    def cancel_tool(self, *_):
        if self.tool_task and not self.tool_task.done():
            self.tool_task.cancel()  # tool_loop draws the figures so far

    async def tool_loop(self, tool, values):
        """Pull the tool's pieces a slice at a time (pyapp.webapp.tool_run),
        drawing and letting the page handle clicks and paint in between."""
        parts = ToolParts(tool.key, self.ui)
        parts.start()
        run = None
        try:
            run = ToolRun(tool.run(self.game, values), time.monotonic())
            while not run.pull(time.monotonic):
                parts.draw(run)
                self.ui.flush()
                await asyncio.sleep(0)
            parts.draw(run)
            parts.finish()
        except asyncio.CancelledError:
            if run is not None:
                parts.draw(run, final=True)
            parts.finish(stopped=True)
            raise
        except Exception as exc:
            self.ui.text(parts.output, f"{tool.title} could not run: {exc}")
            parts.finish(stopped=True)


class ToolParts:
    """A tool's panel: its output, progress bar and count, and Cancel button."""

    def __init__(self, key, ui):
        self.ui = ui
        self.output = f"#tool-{key}-output"
        self.progress = f"#tool-{key}-progress"
        self.cancel = f'[data-control="tool-cancel"][data-tool="{key}"]'
        self.count_text = ""

    def count(self, text):
        self.count_text = text
        self.ui.prop(f"{self.progress} .tool-count", "textContent", text)

    def start(self):
        self.ui.attr(self.output, "aria-busy", "true")
        self.ui.html(self.output, "")
        self.ui.prop(self.progress, "hidden", False)
        self.ui.prop(self.cancel, "hidden", False)
        self.ui.prop(f"{self.progress} progress", "value", 0)
        self.count("")

    def draw(self, run, final=False):
        if run.total:
            self.ui.prop(f"{self.progress} progress", "value", run.done / run.total)
        self.count(run.count_text())
        now = time.monotonic()
        html = run.take_figures(now) if final or run.due(now) else None
        if html is not None:
            self.ui.html(self.output, html)

    def finish(self, stopped=False):
        self.ui.attr(self.output, "aria-busy", None)
        self.ui.prop(self.cancel, "hidden", True)
        if stopped:
            self.count(self.count_text + " – stopped; the figures are those of the part finished")
        else:
            self.ui.prop(self.progress, "hidden", True)


# -- the page's own buttons (data-control="..."), with the data-* of the one clicked (the agent
# copies and shares itself: only it may touch the clipboard and the share sheet) ----------


def delete_slot(page, data):
    slot_id = data.get("slot")
    if slot_id == page.slot:
        page.say("This is the game you are playing; continue another one or start a new game first.")
        return
    if not (slot_id or "").replace("-", "").isalnum():  # slot ids are the store's ("s3"): nothing else is asked
        return
    button = f'[data-control="slot-delete"][data-slot="{slot_id}"]'
    if data.get("armed") != "1":  # a second click confirms
        page.ui.attr(button, "data-armed", "1")
        page.ui.prop(button, "textContent", "Really delete?")
        return
    page.store.delete(slot_id)
    page.render_saves()


def download_file(page, data):
    key = data.get("download")
    item = next((d for d in page.ruleset.downloads if d.key == key), None)
    if item is None:
        return
    name = item.filename or webapp.download_name(page.ruleset, page.game, item.extension)
    if item.make is None:  # only the browser can turn the drawn board into pixels
        page.ui.op("png", name, "")
        return
    try:
        page.download(name, item.make(page.game), item.mime)
    except Exception as exc:
        page.say(f"{item.label} could not be made: {exc}")


def export_slot(page, data):
    slot_id = data.get("slot")
    text = page.store.raw(slot_id)
    if text is None:
        page.say("That save is missing from the browser's storage.")
        return
    page.download(f"{page.ruleset.slug}-save-{slot_id}.json", text)


CONTROLS = {
    "undo": Page.undo,
    "auto-step": Page.auto_step,
    "auto-play": Page.toggle_auto,
    "log-earlier": Page.show_earlier_log,
    "export": lambda page, _: page.download(webapp.export_name(page.ruleset, page.game), page.game.to_json()),
    "slot-new": lambda page, _: page.new_game(fresh_seed(), webapp.fresh_settings(page.ruleset, page.game.settings)),
    "slot-continue": lambda page, data: page.continue_slot(data.get("slot")),
    "slot-delete": delete_slot,
    "slot-export": export_slot,
    "download": download_file,
    "tool-cancel": Page.cancel_tool,
    "daily": Page.open_daily,
    "daily-again": Page.daily_again,
    "daily-png": Page.daily_png,
    "daily-export": Page.export_history,
    "watch": Page.start_watching,
    "watch-first": lambda page, _: page.watch_go(0),
    "watch-back": lambda page, _: page.watch_go(page.watch.at - 1) if page.watch else None,
    "watch-forward": lambda page, _: page.watch_go(page.watch.at + 1) if page.watch else None,
    "watch-last": lambda page, _: page.watch_go(page.watch.length) if page.watch else None,
    "watch-play": Page.watch_play,
    "watch-to": lambda page, data: page.watch_go(int(data["value"])) if str(data.get("value", "")).isdigit() else None,
    "watch-take-over": Page.watch_take_over,
    "watch-exit": Page.watch_exit,
}
WATCH_KEYS = {"ArrowLeft": CONTROLS["watch-back"], "ArrowRight": CONTROLS["watch-forward"],
              "Home": CONTROLS["watch-first"], "End": CONTROLS["watch-last"], " ": Page.watch_play}
WATCHING = "Watching the replay: nothing to play here. Play on from here starts a new game from this move."
WATCH_LEAST_S = 0.25  # a replay played at instant speed still shows each move

EVENTS = {  # the agent's events by kind (agent.mjs)
    "action": lambda page, event: page.play(event.get("code", "")),
    "control": Page.on_control,
    "submit": Page.on_submit,
    "speed": Page.on_speed,
    "import": Page.on_import,
    "key": Page.on_key,
    "say": lambda page, event: page.say(str(event.get("text", ""))),
    "stored": Page.on_stored,
}


def main(opened, send):
    """The page opened (`opened`: what the agent read of it); its first drawing goes out through `send`."""
    surface = Surface(send)
    try:
        page = Page(opened, surface)
        if page.speed is not None:
            surface.prop("#speed", "value", page.speed)
        page.render_form()
        page.render()
    except Exception as exc:
        surface.ops = []
        surface.op("failed", f"The game could not start ({type(exc).__name__}: {exc}).")
        surface.flush()
        raise
    surface.op("ready")
    page.show(Report())  # a game saved half-way through the rules' own steps goes on
    surface.flush()
    return page


def start(opened_json, send):
    """The game's start, in its thread (static/game_thread.mjs): `send` posts a batch of operations to the page."""
    opened = json.loads(str(opened_json))
    page_clock(opened.get("now"))
    return main(opened, send)
