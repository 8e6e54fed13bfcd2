# SPDX-License-Identifier: AGPL-3.0-or-later
"""Tabla's bot bridge asks GNU Backgammon here (GnubgEngine.java): run inside gnubg as
`gnubg -q -t -r -p gnubg_engine.py`, since the `gnubg` module exists only there.

gnubg's stdout is cluttered with its own printing, so the script talks over a TCP connection to the bridge
(127.0.0.1:TABLA_GNUBG_PORT, first line TABLA_GNUBG_KEY so no other local program can pose as it): one JSON
request a line, one JSON answer a line, until the bridge closes the connection. Stateless calls only
(findbestmove, cfevaluate with an explicit board and cube), so no answer depends on an earlier one.

Request: {"op": "move"|"cube", "board": [[25 ints: opponent], [25 ints: side on move]] (each in its own
numbering, index 0..23 = points 1..24, 24 = bar), "dice": [d1, d2] (move), "cube": value, "owner": -1|0|1,
"move": 0|1 (the seat on move), "matchTo": n, "score": [s0, s1], "crawford": 0|1, "jacoby": 0|1, "plies": n}.
Answer: move -> {"result": position ID after gnubg's play, mover's side, "move": gnubg's text} ({"result": null}
when there is no play); cube -> {"noDouble", "take", "drop": cubeful equities of the side on move, "text"};
or {"error": "..."}.
"""
import json
import os
import socket

import gnubg


def setup():
    for c in ("set player 0 human", "set player 1 human", "set automatic roll off", "new session"):
        gnubg.command(c)


def cube_info(req):
    if req["matchTo"] == 0:
        # cubeinfo takes Jacoby (and the gammon prices it implies) from gnubg's setting, not from an argument
        gnubg.command("set jacoby " + ("on" if req["jacoby"] else "off"))
    return gnubg.cubeinfo(req["cube"], req["owner"], req["move"], req["matchTo"], tuple(req["score"]),
                          req["crawford"], 0)


def context(req):
    return gnubg.evalcontext(1, req["plies"], 1, 1, 0.0)  # cubeful, plies, pruned and deterministic (noise 0)


def after(board, steps):
    """The position (opponent, mover) after the mover's single moves (from, to): 25 bar, 0 off; a blot is hit."""
    opp, me = list(board[0]), list(board[1])
    for src, dst in steps:
        me[24 if src == 25 else src - 1] -= 1
        if dst > 0:
            me[dst - 1] += 1
            if opp[24 - dst] == 1:
                opp[24 - dst] = 0
                opp[24] += 1
    return (opp, me)


def answer(req):
    board = (tuple(req["board"][0]), tuple(req["board"][1]))
    if req["op"] == "move":
        gnubg.command("set dice %d %d" % tuple(req["dice"]))  # findbestmove reads the dice of the game
        flat = gnubg.findbestmove(board, cube_info(req), context(req))
        steps = [(flat[i], flat[i + 1]) for i in range(0, len(flat), 2) if flat[i] > 0]
        if not steps:
            return {"result": None}
        return {"result": gnubg.positionid(after(board, steps)), "move": gnubg.movetupletostring(flat, board)}
    if req["op"] == "cube":
        e = gnubg.cfevaluate(board, cube_info(req), context(req))
        return {"noDouble": e[1], "take": e[2], "drop": e[3], "text": e[5]}
    return {"error": "unknown op %r" % req["op"]}


def serve():
    setup()
    conn = socket.create_connection(("127.0.0.1", int(os.environ["TABLA_GNUBG_PORT"])))
    f = conn.makefile("rw", encoding="utf-8", newline="\n")
    f.write(os.environ["TABLA_GNUBG_KEY"] + "\n")
    f.flush()
    for line in f:
        try:
            out = answer(json.loads(line))
        except Exception as e:  # a bad request is answered, the next one still served
            out = {"error": "%s: %s" % (type(e).__name__, e)}
        f.write(json.dumps(out) + "\n")
        f.flush()


serve()
