"""Random sequences of save-store operations never lose a save (hypothesis state machine)."""

from hypothesis import settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from pyapp import webapp
from pyapp.engine import BadSave, Game
from toy import TOY

DAMAGE = ("{not json", '{"format": 99}', Game(TOY, "x").to_json().replace('"ruleset":"toy"', '"ruleset":"elsewhere"'))


class SaveStoreMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.storage = {}
        self.store = webapp.SaveStore(self.storage, "toy")
        self.good = {}  # slot id -> the actions its save must hold
        self.damaged = {}  # slot id -> the exact text that must stay
        self.clock = 0

    def now(self):
        self.clock += 1
        return self.clock

    def key(self, slot):
        return f"dice-dungeons:toy:slot:{slot}"

    @rule(seed=st.sampled_from(["a", "b", "c"]), moves=st.integers(0, 4))
    def new_game(self, seed, moves):
        game = Game.replay(TOY, seed, TOY.defaults(), ["move N"] * moves)
        self.good[self.store.new_slot(game, self.now())] = game.actions

    @precondition(lambda self: self.good)
    @rule(data=st.data())
    def play_and_autosave(self, data):
        slot = data.draw(st.sampled_from(sorted(self.good)))
        game = self.store.load(slot, TOY)
        if not game.over:
            game.play("roll")
        self.store.save(slot, game, self.now())
        self.good[slot] = game.actions

    @precondition(lambda self: self.good)
    @rule(data=st.data(), text=st.sampled_from(DAMAGE))
    def damage_a_save(self, data, text):
        slot = data.draw(st.sampled_from(sorted(self.good)))
        self.storage[self.key(slot)] = text
        del self.good[slot]
        self.damaged[slot] = text

    @precondition(lambda self: self.damaged)
    @rule(data=st.data())
    def try_the_damaged_one(self, data):
        slot = data.draw(st.sampled_from(sorted(self.damaged)))
        try:
            self.store.load(slot, TOY)
        except BadSave:
            pass
        else:
            raise AssertionError("a damaged save loaded")
        try:
            self.store.save(slot, Game(TOY, "over it"), self.now())
        except webapp.StorageFailed:
            pass

    @precondition(lambda self: self.good or self.damaged)
    @rule(data=st.data())
    def delete_one(self, data):
        slot = data.draw(st.sampled_from(sorted({**self.good, **self.damaged})))
        self.store.delete(slot)
        self.good.pop(slot, None)
        self.damaged.pop(slot, None)

    @rule()
    def reload_the_page(self):
        self.store = webapp.SaveStore(self.storage, "toy")
        webapp.open_game(TOY, webapp.parse_query(TOY, ""), self.store, f"fresh{self.clock}", self.now())
        self.good.update({s: self.store.load(s, TOY).actions for s in self.store.slots if s not in self.good
                          and s not in self.damaged})

    @invariant()
    def every_good_save_loads_and_every_damaged_one_is_untouched(self):
        for slot, actions in self.good.items():
            assert self.store.load(slot, TOY).actions == actions
        for slot, text in self.damaged.items():
            assert self.storage[self.key(slot)] == text


SaveStoreMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=25, deadline=None)
TestSaveStore = SaveStoreMachine.TestCase
