# GNU Backgammon's cubeless probabilities for the positions of `CubeBench dump` (run inside gnubg), to set
# beside ours (`CubeBench probs FILE`), e.g. to compare the gammon rates of the two evaluators:
#   GNUBG_PROBS_IN=positions.txt GNUBG_PROBS_OUT=probs.txt GNUBG_PROBS_PLIES=0 gnubg -q -t -r -p scripts/gnubg-probs.py
# One line per position: win, win gammon, win backgammon, lose gammon, lose backgammon of the player on roll.
import os
import gnubg

plies = int(os.environ.get("GNUBG_PROBS_PLIES", "0"))
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
length = None
with open(os.environ["GNUBG_PROBS_IN"]) as src, open(os.environ["GNUBG_PROBS_OUT"], "w") as out:
    for line in src:
        f = line.split()
        pos_id, match_id = f[0].split(":")
        if f[1] != length:
            gnubg.command("new match " + f[1])
            length = f[1]
        gnubg.command("set matchid " + match_id)
        gnubg.command("set board " + pos_id)
        ctx = {"cubeful": 0, "plies": plies, "deterministic": 1, "noise": 0.0, "prune": 1}
        r = gnubg.evaluate(gnubg.board(), gnubg.cubeinfo(), ctx)
        out.write(" ".join("%.5f" % x for x in r[:5]) + "\n")
