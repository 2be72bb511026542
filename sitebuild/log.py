"""How build.py and its parts report to the terminal."""


def say(text: str) -> None:
    print(f"[build.py] {text}", flush=True)
