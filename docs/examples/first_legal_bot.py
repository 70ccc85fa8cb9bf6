"""A complete chieu bot in a few lines: JSON lines over stdin/stdout (docs/bot-protocol.md).

Run it in the arena:
    chieu arena chan --bots "ext:python docs/examples/first_legal_bot.py",heuristic
It prefers to win (ù) when offered, then draws, passes or declines, else plays the first legal
action. Replace ``choose`` with your own strategy, in any language.
"""

import json
import sys

PREFERRED = ("win", "draw", "pass", "decline", "announce_done")


def choose(observation, legal):
    """Index of the action to play among ``legal`` (a list of action JSON objects)."""
    for verb in PREFERRED:
        for i, action in enumerate(legal):
            if action["verb"] == verb:
                return i
    return 0


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "start":
            reply = {"type": "ready", "name": "first-legal"}
        elif message["type"] == "act":
            reply = {"index": choose(message["observation"], message["legal"])}
        elif message["type"] == "quit":
            break
        else:  # "end": no answer
            continue
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
