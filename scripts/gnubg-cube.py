# Adds GNU Backgammon's cubeful equities to the positions of `CubeBench dump` (run inside gnubg):
#   GNUBG_CUBE_IN=positions.txt GNUBG_CUBE_OUT=judged.txt GNUBG_CUBE_PLIES=2,0 gnubg -q -t -r -p scripts/gnubg-cube.py
# Each line gains, per depth in GNUBG_CUBE_PLIES, gnubg's no double, double/take and double/pass
# (cfevaluate, EMG from the doubler's side). The first depth is the reference CubeBench judges by.
# With GNUBG_CUBE_PROBS=1 each line gains instead, per depth, gnubg's cubeless probabilities of the player on
# roll (win, win gammon, win backgammon, lose gammon, lose backgammon), to set beside `CubeBench probs`.
import os
import gnubg

plies = [int(p) for p in os.environ.get("GNUBG_CUBE_PLIES", "2").split(",")]
cubeless = os.environ.get("GNUBG_CUBE_PROBS") == "1"
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
done = 0
if os.path.exists(os.environ["GNUBG_CUBE_OUT"]):
    done = sum(1 for _ in open(os.environ["GNUBG_CUBE_OUT"]))
with open(os.environ["GNUBG_CUBE_IN"]) as src, open(os.environ["GNUBG_CUBE_OUT"], "a") as out:
    length = None
    for n, line in enumerate(src):
        if n < done:
            continue  # resumable: the lines already judged
        f = line.split()
        pos_id, match_id = f[0].split(":")
        if f[1] != length:
            gnubg.command("new match " + f[1])
            length = f[1]
        gnubg.command("set matchid " + match_id)
        gnubg.command("set board " + pos_id)
        if gnubg.matchid() != match_id or gnubg.positionid(gnubg.board()) != pos_id:
            raise SystemExit("gnubg did not take " + f[0] + ": " + gnubg.matchid() + " " + gnubg.positionid(gnubg.board()))
        cols = []
        for p in plies:
            if cubeless:
                ctx = {"cubeful": 0, "plies": p, "deterministic": 1, "noise": 0.0, "prune": 1}
                cols += ["%.5f" % x for x in gnubg.evaluate(gnubg.board(), gnubg.cubeinfo(), ctx)[:5]]
                continue
            ctx = {"cubeful": 1, "plies": p, "deterministic": 1, "noise": 0.0, "prune": 1}
            r = gnubg.cfevaluate(gnubg.board(), gnubg.cubeinfo(), ctx)
            cols += ["%.5f" % r[1], "%.5f" % r[2], "%.5f" % r[3]]
        out.write(line.rstrip("\n") + " " + " ".join(cols) + "\n")
        out.flush()
