"""The page's logic (pyapp/webapp/controller.py) as the game's worker runs it, for CPython tests: the DOM agent
(static/agent.mjs) replaced by a list of the operation batches it would receive, and the page's opening."""

import json


class Agent:
    """What the page's agent would receive: batches of operations."""

    def __init__(self):
        self.batches = []

    def __call__(self, text):
        self.batches.append(json.loads(text))

    def ops(self, name=None):
        return [op for batch in self.batches for op in batch if name is None or op[0] == name]

    def names(self):
        return [op[0] for op in self.ops()]

    def html(self, selector):
        """The last HTML put at `selector`."""
        return [op[2] for op in self.ops("html") if op[1] == selector][-1]

    def prop(self, selector, name):
        """The last value given to `selector`'s property `name`."""
        return [op[3] for op in self.ops("prop") if op[1] == selector and op[2] == name][-1]

    def stored(self):
        return {op[1]: op[2] for op in self.ops("store")}


def opened(slug="three-dice-dungeon", query="?seed=page-test", storage=None, speed=None):
    """What the agent reads of the page as it opens (agent.mjs, opened)."""
    return json.dumps({"slug": slug, "href": f"https://example.org/{slug}/{query}", "title": slug,
                       "storage": {} if storage is None else storage, "speed": speed, "now": 1_790_000_000_000})
