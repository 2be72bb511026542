"""The game page's browser layer: binds the DOM, localStorage, the URL,
keys, files and the clipboard to pyapp.webapp.

Kept thin on purpose: what can be decided without a browser lives in
pyapp/webapp (the driver, links, saves, HTML) and is tested under CPython.
Events are bound once, on containers that are never replaced, and
dispatched by data-* attributes, so re-rendering never creates a new proxy.

Importing this module touches nothing of the page: it is imported into the
boot snapshot (build.py), where no page exists. `start()`, called by each
page's main.py, binds it to the live page.
"""

import asyncio
import time
from collections.abc import MutableMapping

from pyodide.ffi import create_proxy, to_js

from pyapp import dice, registry, webapp
from pyapp.engine import BadSave, Game, IllegalAction
from pyapp.webapp import daily, handover, logview
from pyapp.webapp.driver import AUTO_DELAY_S, Driver, Report
from pyapp.webapp.prefs import Prefs
from pyapp.webapp.tool_run import ToolRun

js = document = ROOT = RULESET = None  # the live page, bound by start()
SAVES_OFF = "Saves are off: this browser does not allow storage here. The game still plays, but it is not kept."
TASKS = set()  # tasks started and not awaited, held until they end: asyncio itself keeps only weak references


def run_soon(coro):
    """Start `coro` as a task that nothing awaits, kept alive until it ends."""
    task = asyncio.ensure_future(coro)
    TASKS.add(task)
    task.add_done_callback(TASKS.discard)


def by_id(name):
    return document.getElementById(name)


def set_html(name, html):
    by_id(name).innerHTML = html


class BrowserStorage(MutableMapping):
    """localStorage seen as a Python mapping of strings."""

    def __init__(self, local):
        self.local = local

    def __getitem__(self, key):
        value = self.local.getItem(key)
        if not isinstance(value, str):  # JS null arrives as jsnull, not None
            raise KeyError(key)
        return value

    def __setitem__(self, key, value):
        self.local.setItem(key, value)

    def __delitem__(self, key):
        self.local.removeItem(key)

    def __iter__(self):
        return iter([self.local.key(i) for i in range(self.local.length)])

    def __len__(self):
        return self.local.length


def open_storage():
    """(storage, saving?): localStorage, or a plain dict where the browser blocks it."""
    try:
        local = js.window.localStorage  # throws in a storage-blocked cross-origin iframe
        local.setItem("dice-dungeons:probe", "1")
        local.removeItem("dice-dungeons:probe")
        return BrowserStorage(local), True
    except Exception:
        return {}, False


def open_store(storage, saving):
    """The save store; a storage that breaks while being read turns saves off."""
    try:
        return webapp.SaveStore(storage, RULESET.slug), webapp.HighScores(storage, RULESET.slug), saving
    except Exception:
        return webapp.SaveStore({}, RULESET.slug), webapp.HighScores({}, RULESET.slug), False


def fresh_seed():
    return dice.new_seed_text(int(js.Date.now()) ^ int(js.Math.random() * 2**52))


def utc_today():
    """Today's UTC date, "YYYY-MM-DD": the day whose dungeon is today's (pyapp reads no clock)."""
    return str(js.Date.new().toISOString())[:10]


def local_time(stamp):
    return webapp.when_text(stamp, js.Date.new(stamp * 1000).getTimezoneOffset())


def download(name, text, mime="application/json"):
    """Offer `text` as a file download."""
    options = to_js({"type": mime}, dict_converter=js.Object.fromEntries)
    url = js.URL.createObjectURL(js.Blob.new(to_js([text]), options))
    link = document.createElement("a")
    link.href, link.download = url, name
    document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once(lambda: js.URL.revokeObjectURL(url)), 1000)


def create_once(func):
    """A proxy for a callback that runs once, destroyed after it ran."""
    def run(*_):
        try:
            func()
        finally:
            proxy.destroy()
    proxy = create_proxy(run)
    return proxy


class Page:
    """The one game on this page, its slot, and everything shown about it."""

    def __init__(self):
        storage, saving = open_storage()
        self.store, self.scores, self.saving = open_store(storage, saving)
        self.prefs = Prefs(storage, RULESET.slug)
        self.today = utc_today()
        self.history = daily.History(storage if self.saving else {}, RULESET.slug, kept=self.saving)
        self.request = webapp.parse_query(RULESET, str(js.location.search), today=self.today)
        opened = webapp.open_game(RULESET, self.request, self.store, fresh_seed(), time.time())
        self.game, self.slot = opened.game, opened.slot
        self.seat = handover.device_seat(RULESET, self.game, self.request.hand)  # play by link: this device's seat
        self.sticky = list(self.store.notices) + ([] if self.saving else [SAVES_OFF])
        self.sticky += [self.history.notice] if self.history.notice else []
        self.daily_kind = None  # how this daily game's finish counted here (daily.COUNTED...), once it finished
        self.opened_over = self.game.over  # a game opened finished (a result card's link) counts for no one
        self.messages = opened.messages
        if handover.receive(self.game, self.seat, self.request.replay) and self.slot is not None:
            self.autosave()  # kept so: a reload cannot undo the moves the link brought either
        self.log_shown, self.log_from = [], None
        self.handover_shown = ""
        # auto play and the rules' own steps (Ruleset.automatic): pyapp.webapp.driver decides, a timer calls it
        self.driver = Driver(self.game, time.monotonic(), step_delay=self.step_delay, may_act=self.refusal)
        self.timer = None
        self.tool_task = None
        self.proxies = []

    # -- events: bound once on containers that are never replaced ----------
    def bind(self):
        app = by_id("app")
        for target, kind, handler in (
            (app, "click", self.on_click),
            (app, "submit", self.on_submit),
            (app, "change", self.on_change),
            (document, "keydown", self.on_key),
        ):
            proxy = create_proxy(handler)
            self.proxies.append(proxy)  # kept for the page's lifetime
            target.addEventListener(kind, proxy)
        if can_share():
            for button in document.querySelectorAll('[data-control="share"]'):
                button.hidden = False

    def on_click(self, event):
        action = event.target.closest("[data-action]")
        if action:
            self.play(action.getAttribute("data-action"))
            return
        control = event.target.closest("[data-control]")
        handler = control and CONTROLS.get(control.getAttribute("data-control"))
        if handler:
            handler(self, control)

    def on_submit(self, event):
        event.preventDefault()
        pairs = [(str(entry[0]), str(entry[1])) for entry in js.FormData.new(event.target).entries()]
        tool = event.target.getAttribute("data-tool")
        if tool:
            self.run_tool(tool, dict(pairs))
        else:
            self.new_game_from_form(pairs)

    def on_change(self, event):
        if event.target.getAttribute("data-control") == "speed":
            self.prefs.set("speed", str(event.target.value))  # kept for the next visit
        elif event.target.getAttribute("data-control") == "import":
            files = event.target.files
            if files.length:
                run_soon(self.import_file(files.item(0), event.target))

    def on_key(self, event):
        target = event.target
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        if target.closest("input, select, textarea"):
            return
        if event.key in ("Enter", " ") and target.closest("[data-action]") and target.tagName != "BUTTON":
            event.preventDefault()  # board elements with data-action act like buttons
            self.play(target.closest("[data-action]").getAttribute("data-action"))
        elif event.key in ("Enter", " ") and target.closest("[data-control]") and target.tagName != "BUTTON":
            event.preventDefault()  # so do board elements with data-control (a game-over panel's "New game")
            self.on_click(event)
        elif len(event.key) == 1 and event.key in "123456789":
            buttons = webapp.button_actions(self.game.legal())
            if int(event.key) <= len(buttons):
                self.play(buttons[int(event.key) - 1].code)
        elif event.key in ("u", "U"):
            self.undo()
        elif event.key in ("a", "A"):
            self.auto_step()

    # -- playing -------------------------------------------------------
    def refusal(self):
        """Why this device may not move now ("": it may): play by link, another person's turn."""
        return handover.refusal(RULESET, self.game, self.seat)

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
        return daily.game_day(RULESET, self.game.seed, self.game.settings)

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
        by_id("auto-play").setAttribute("aria-pressed", "true" if self.driver.auto_on else "false")
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

    def restore_prefs(self):
        """The speed chosen on an earlier visit, if the page still offers it."""
        speed = by_id("speed")
        if speed:
            offered = [str(speed.options.item(i).value) for i in range(speed.options.length)]
            speed.value = self.prefs.get("speed", offered, str(speed.value))

    def step_delay(self):
        """The speed the player chose for the rules' own steps, in seconds (0: instant)."""
        speed = by_id("speed")
        try:
            return max(0.0, float(speed.value)) if speed else AUTO_DELAY_S
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
        self.daily_kind, self.opened_over = None, game.over
        same = game.seed == self.request.seed and game.settings == self.request.settings
        self.seat = handover.device_seat(RULESET, game, self.request.hand if same else None)
        self.messages = list(messages)
        self.log_shown, self.log_from = [], None
        self.render_form()
        self.render()
        self.show_game()
        self.show(report)

    def show_game(self):
        """Bring a new or loaded game into view, focus on its first action
        (the player started it from the tools further down the page)."""
        document.querySelector("main.game").scrollIntoView(True)
        buttons = document.querySelectorAll("#actions button")
        target = buttons.item(0) if buttons.length else by_id("actions")
        if not buttons.length:
            target.setAttribute("tabindex", "-1")  # a finished game has no buttons: its actions box
        target.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))

    def new_game(self, seed, settings):
        game = Game(RULESET, seed, settings)
        messages = []
        slot = None
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
        settings, problems = RULESET.parse_settings(webapp.form_settings(RULESET, pairs))
        if problems:
            self.say("Not started: " + "; ".join(problems))
            return
        self.new_game(seed, settings)

    def continue_slot(self, slot_id):
        try:
            game = self.store.load(slot_id, RULESET)
            self.store.select(slot_id)
        except (BadSave, webapp.StorageFailed) as exc:
            self.say(f"That save cannot be continued: {exc} It is kept as it is.")
            self.render_saves()  # shows the problem beside the slot
            return
        self.start(game, slot_id)

    async def import_file(self, file, input_element):
        text = str(await file.text())
        input_element.value = ""  # the same file can be picked again
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
            game, slot = webapp.import_save(RULESET, self.store, text, time.time())
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
        set_html("messages", webapp.messages_html(self.sticky + self.messages))

    def render(self):
        refused = self.refusal()
        legal = [] if refused else self.game.legal()  # play by link: nothing to click in another person's turn
        view = RULESET.render(self.game.state, legal)  # a pyapp.engine.View, drawn from the same legal actions
        refocus = self.focused_action_index()
        set_html("board-wrap", view.board)
        set_html("status", view.status)
        set_html("dice", view.dice)
        set_html("panel", view.panel)
        set_html("actions", webapp.actions_html(legal, refused or RULESET.done_text,
                                                RULESET.rules_step(self.game.state), view.pictures))
        box = handover.notice_html(RULESET, self.game, self.seat, webapp.page_base(str(js.location.href)))
        if box != self.handover_shown:  # a live region: redrawn only when it changes, so it is read only then
            set_html("handover", box)
            self.handover_shown = box
        self.restore_focus(refocus)
        self.render_log()
        self.render_controls()
        self.render_links()
        self.render_daily()
        self.render_saves()
        self.render_messages()
        self.keep_current_in_view()  # last: it reads the layout, so the page lays out once per redraw

    def keep_current_in_view(self):
        """A map larger than its box scrolls: keep the marked current place
        (a ruleset marks it with data-current) visible, without moving the page."""
        box = by_id("board-wrap")
        if box.scrollWidth <= box.clientWidth and box.scrollHeight <= box.clientHeight:
            return
        mark = box.querySelector("[data-current]")
        if mark:
            spot, frame = mark.getBoundingClientRect(), box.getBoundingClientRect()
            box.scrollLeft += (spot.left + spot.width / 2) - (frame.left + frame.width / 2)
            box.scrollTop += (spot.top + spot.height / 2) - (frame.top + frame.height / 2)

    def focused_action_index(self):
        """Which action button had the focus (re-rendering replaces them)."""
        active = document.activeElement
        if not (active and active.closest("#actions, #board-wrap")):
            return None
        buttons = list(document.querySelectorAll("#actions button"))
        return next((i for i, b in enumerate(buttons) if b == active), 0)

    def restore_focus(self, index):
        buttons = document.querySelectorAll("#actions button")
        if index is not None and buttons.length:
            buttons.item(min(index, buttons.length - 1)).focus()

    def render_log(self):
        entries = [str(e) for e in self.game.state.get("log", [])]
        self.log_from = logview.first_line(len(entries), self.log_from)
        entries = entries[self.log_from:]  # the latest page, or more once the player asked for earlier lines
        replace, drop, html = webapp.log_update(self.log_shown, entries)
        box = by_id("log-list")
        if replace or not self.log_shown:  # nothing of this view shown yet: the list starts anew
            box.innerHTML = html
            box.setAttribute("start", str(self.log_from + 1))  # a line keeps its number in the game
        else:
            for _ in range(drop):
                box.firstElementChild.remove()
            if html:
                box.insertAdjacentHTML("beforeend", html)
        self.log_shown = entries
        more = by_id("log-earlier")
        if more:
            more.hidden = self.log_from == 0
            more.textContent = logview.earlier_label(self.log_from)
        log = by_id("log")
        log.scrollTop = log.scrollHeight

    def show_earlier_log(self, *_):
        self.log_from, self.log_shown = logview.earlier(self.log_from or 0), []
        self.render_log()
        by_id("log").scrollTop = 0

    def render_controls(self):
        waiting = bool(self.refusal())  # play by link: another person's turn, on their device
        by_id("undo").disabled = not self.game.can_undo() or waiting
        by_id("auto-step").disabled = self.game.over or waiting
        by_id("auto-play").disabled = self.game.over and not self.driver.auto_on

    def render_links(self):
        base = webapp.page_base(str(js.location.href))
        game = self.game
        share = webapp.share_query(RULESET, game.seed, game.settings)
        replay = webapp.replay_query(RULESET, game.seed, game.settings, game.actions)
        by_id("share-url").value = base + share
        # Never a link the page would refuse: past what a link carries, say so instead.
        by_id("replay-url").value = base + replay if replay is not None else ""
        by_id("replay-note").textContent = "" if replay is not None else webapp.REPLAY_TOO_LONG
        by_id("replay-note").hidden = replay is not None
        by_id("copy-replay").disabled = by_id("share-replay").disabled = replay is None
        by_id("embed-code").value = webapp.embed_snippet(base + share + "&embed=1", RULESET.title)
        by_id("full-page").href = base + share
        # The address bar always names this dungeon, so a reload continues it.
        here = share + handover.address_suffix(self.seat) + ("&embed=1" if self.request.embed else "")
        if str(js.location.search) != here:
            js.history.replaceState(js.undefined, "", here)

    def render_daily(self):
        """The day history beside the Today's dungeon button and, once a daily game is over, its result card."""
        by_id("daily-history").textContent = self.history.summary(self.today)
        day = self.game_day()
        note, card = by_id("daily-note"), by_id("daily-card")
        if day is None:
            note.hidden = card.hidden = True
            return
        over = self.game.over
        kind = self.finished_kind(day) if over else self.history.kind(day, self.today)
        note.textContent = daily.kind_note(kind, day, over)
        note.hidden = False
        card.hidden = not over
        if not over:
            return
        base = webapp.page_base(str(js.location.href))
        replay = webapp.replay_query(RULESET, self.game.seed, self.game.settings, self.game.actions)
        link = base + (replay or webapp.share_query(RULESET, self.game.seed, self.game.settings))
        outcome = self.game.outcome()
        picture = daily.run_picture(RULESET, self.game.state, outcome.result, outcome.score)
        text = daily.result_card(RULESET, day, outcome.result, outcome.score, picture, link, kind)
        if by_id("daily-text").value != text:
            by_id("daily-text").value = text
            by_id("daily-link").value = link

    def open_daily(self, *_):
        """Today's dungeon: continue this browser's game of it, else start it."""
        self.today = utc_today()
        seed, settings = daily.daily_seed(self.today), daily.daily_settings(RULESET)
        slot, game = self.store.find(seed, settings, RULESET) if self.saving else (None, None)
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
        name = f"{RULESET.slug}-daily-{day}.png"
        run_soon(board_png(self, name, daily.caption(RULESET, day, outcome.result, outcome.score)))

    def export_history(self, *_):
        download(f"{RULESET.slug}-day-history.json", self.history.export_text())

    def render_saves(self):
        state = by_id("saves-state")
        if not self.saving:
            state.textContent = SAVES_OFF
        set_html("slot-list", webapp.slots_html(self.store.listed(), self.slot, local_time))
        set_html("score-table", webapp.scores_html(self.scores.rows, local_time))

    def render_form(self):
        set_html("settings-fields", webapp.settings_form_fields(RULESET, self.game.settings, self.game.seed))

    # -- tools (statistics over many dungeons, the balance labs) -----------
    def run_tool(self, key, values):
        tool = next((t for t in RULESET.tools if t.key == key), None)
        if tool is None:
            return
        self.cancel_tool()  # a new run replaces the one going on
        self.tool_task = asyncio.ensure_future(self.tool_loop(tool, values))

    def cancel_tool(self, *_):
        if self.tool_task and not self.tool_task.done():
            self.tool_task.cancel()  # tool_loop draws the figures so far

    async def tool_loop(self, tool, values):
        """Pull the tool's pieces a slice at a time (pyapp.webapp.tool_run),
        drawing and letting the browser handle clicks and paint in between."""
        parts = ToolParts(tool.key)
        parts.start()
        run = None
        try:
            run = ToolRun(tool.run(self.game, values), time.monotonic())
            while not run.pull(time.monotonic):
                parts.draw(run)
                await asyncio.sleep(0)
            parts.draw(run)
            parts.finish()
        except asyncio.CancelledError:
            if run is not None:
                parts.draw(run, final=True)
            parts.finish(stopped=True)
            raise
        except Exception as exc:
            parts.output.textContent = f"{tool.title} could not run: {exc}"
            parts.finish(stopped=True)


class ToolParts:
    """A tool's panel: its output, progress bar and count, and Cancel button."""

    def __init__(self, key):
        self.output = by_id(f"tool-{key}-output")
        self.progress = by_id(f"tool-{key}-progress")
        self.bar = self.progress.querySelector("progress")
        self.count = self.progress.querySelector(".tool-count")
        self.cancel = document.querySelector(f'[data-control="tool-cancel"][data-tool="{key}"]')

    def start(self):
        self.output.setAttribute("aria-busy", "true")
        self.output.innerHTML = ""
        self.progress.hidden = False
        self.cancel.hidden = False
        self.bar.value = 0
        self.count.textContent = ""

    def draw(self, run, final=False):
        if run.total:
            self.bar.value = run.done / run.total
        self.count.textContent = run.count_text()
        now = time.monotonic()
        html = run.take_figures(now) if final or run.due(now) else None
        if html is not None:
            self.output.innerHTML = html

    def finish(self, stopped=False):
        self.output.removeAttribute("aria-busy")
        self.cancel.hidden = True
        if stopped:
            self.count.textContent += " – stopped; the figures are those of the part finished"
        else:
            self.progress.hidden = True


# -- the page's own buttons (data-control="...") -------------------------


def copy_field(page, button):
    field = by_id(button.getAttribute("data-copy"))
    run_soon(copy_text(page, field, button))


async def copy_text(page, field, button=None):
    try:
        await js.navigator.clipboard.writeText(field.value)
        page.say("Copied.")
        if button is not None:  # said where the eye is: the message line is a screen away on a phone
            said(button, "Copied ✓")
    except Exception:  # no clipboard outside https/localhost, or permission refused
        field.select()
        page.say("Copying was refused by the browser: the text is selected, press Ctrl+C (or ⌘C).")


def said(button, words, seconds=2):
    """Show `words` on `button` for a moment, then its own words again."""
    own = button.getAttribute("data-words") or button.textContent
    button.setAttribute("data-words", own)
    button.textContent = words
    js.setTimeout(create_once(lambda: setattr(button, "textContent", own)), seconds * 1000)


def can_share() -> bool:
    """Does this browser offer the device's own share sheet (navigator.share: phones, some desktops)?"""
    return hasattr(js.navigator, "share")


def share_field(page, button):
    field = by_id(button.getAttribute("data-share"))
    run_soon(share_link(page, field, button))


async def share_link(page, field, button):
    """The device's share sheet with this link, where there is one; the clipboard where it is refused.
    With data-share-url (a result card), the field is the text and that other field the link."""
    what = button.getAttribute("data-share-text") or f"A dungeon of {RULESET.title} to play"
    url = field.value
    if button.getAttribute("data-share-url"):
        url = by_id(button.getAttribute("data-share-url")).value
        what = field.value.replace(url, "").strip()
    data = to_js({"title": str(document.title), "text": what, "url": url}, dict_converter=js.Object.fromEntries)
    try:
        await js.navigator.share(data)
    except Exception as exc:
        if "AbortError" in str(exc):  # the player closed the sheet: nothing to say
            return
        await copy_text(page, field, button)


def delete_slot(page, button):
    slot_id = button.getAttribute("data-slot")
    if slot_id == page.slot:
        page.say("This is the game you are playing; continue another one or start a new game first.")
        return
    if button.getAttribute("data-armed") != "1":  # a second click confirms
        button.setAttribute("data-armed", "1")
        button.textContent = "Really delete?"
        return
    page.store.delete(slot_id)
    page.render_saves()


def download_file(page, button):
    key = button.getAttribute("data-download")
    item = next((d for d in RULESET.downloads if d.key == key), None)
    if item is None:
        return
    name = item.filename or webapp.download_name(RULESET, page.game, item.extension)
    if item.make is None:  # only the browser can turn the drawn board into pixels
        run_soon(board_png(page, name))
        return
    try:
        download(name, item.make(page.game), item.mime)
    except Exception as exc:
        page.say(f"{item.label} could not be made: {exc}")


async def board_png(page, name, caption=""):
    try:
        # a page may keep a copy of the whole board for paper (the Dungeon Generator's levels): the PNG draws that
        await js.diceDungeonsBoardPng(by_id("board-print") or by_id("board"), name, caption)
    except Exception as exc:
        page.say(f"The browser could not draw the map as a PNG ({exc}); try the SVG instead.")


def export_slot(page, button):
    slot_id = button.getAttribute("data-slot")
    text = page.store.raw(slot_id)
    if text is None:
        page.say("That save is missing from the browser's storage.")
        return
    download(f"{RULESET.slug}-save-{slot_id}.json", text)


CONTROLS = {
    "undo": Page.undo,
    "auto-step": Page.auto_step,
    "auto-play": Page.toggle_auto,
    "log-earlier": Page.show_earlier_log,
    "copy": copy_field,
    "share": share_field,
    "export": lambda page, _: download(webapp.export_name(RULESET, page.game), page.game.to_json()),
    "slot-new": lambda page, _: page.new_game(fresh_seed(), page.game.settings),
    "slot-continue": lambda page, button: page.continue_slot(button.getAttribute("data-slot")),
    "slot-delete": delete_slot,
    "slot-export": export_slot,
    "download": download_file,
    "tool-cancel": Page.cancel_tool,
    "daily": Page.open_daily,
    "daily-again": Page.daily_again,
    "daily-png": Page.daily_png,
    "daily-export": Page.export_history,
}


def main():
    status = by_id("loading-text")
    status.textContent = "Starting the game…"
    try:
        page = Page()
        page.bind()
        page.restore_prefs()
        page.render_form()
        page.render()
    except Exception as exc:
        status.textContent = f"The game could not start ({type(exc).__name__}: {exc})."
        raise
    ROOT.setAttribute("data-ready", "")
    page.show(Report())  # a game saved half-way through the rules' own steps goes on
    return page


def start():
    """Bind this module to the live page and start its game; returns the Page."""
    global js, document, ROOT, RULESET
    import js as live  # here, not at import: the snapshot is made where no page exists

    js, document = live, live.document
    ROOT = document.documentElement
    RULESET = registry.get(ROOT.dataset.ruleset)
    return main()

