package tabla.core.format;

import java.util.Base64;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.variant.Geometry;
import tabla.core.variant.Variant;

/**
 * Position IDs for every variant. Where gnubg's Position ID can hold the position (contrary movement,
 * at most 15 checkers a side, nothing beyond the board) it is used, so backgammon, Nackgammon,
 * Hypergammon, Portes and Anti positions read as gnubg's. Otherwise (checkers waiting to enter, pins,
 * parallel games, Cloning's extra checkers) the Tabla ID: {@code T} then URL-safe base64 of
 * [extras k, 26 mover counts, 26 opponent counts, k mover extras, k opponent extras], each side in its
 * own numbering (0 off, 25 bar) as in {@link Position}.
 */
public final class VariantPositionId {
  private static final int SIDE = Position.SIDE;

  private VariantPositionId() {}

  public static String encode(Variant v, Position p) {
    if (fitsGnubg(v, p)) return PositionId.encode(p);
    int k = p.extras();
    byte[] b = new byte[1 + 2 * SIDE + 2 * k];
    b[0] = (byte) k;
    for (int i = 0; i < SIDE; i++) {
      b[1 + i] = (byte) p.mover(i);
      b[1 + SIDE + i] = (byte) p.opponent(i);
    }
    for (int i = 0; i < k; i++) {
      b[1 + 2 * SIDE + i] = (byte) p.moverExtra(i);
      b[1 + 2 * SIDE + k + i] = (byte) p.opponentExtra(i);
    }
    return "T" + Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  /** The position an ID names in variant {@code v}, checked by the variant's own rules, or why it names none. */
  public static Result<Position> decode(Variant v, String id) {
    if (id == null || id.isBlank()) return Result.err("no position ID given");
    // gnubg's IDs have 14 characters (and may start with T too); Tabla's are longer.
    Result<Position> p = id.length() > 14 && id.startsWith("T") ? decodeTabla(id) : PositionId.decode(id, v.checkers());
    return p.flatMap(v::validate);
  }

  private static boolean fitsGnubg(Variant v, Position p) {
    return p.extras() == 0 && v.geometry() == Geometry.CONTRARY && p.moverCheckers() <= 15
        && p.opponentCheckers() <= 15 && v.checkers() == p.moverCheckers() && v.checkers() == p.opponentCheckers();
  }

  private static Result<Position> decodeTabla(String id) {
    byte[] b;
    try {
      b = Base64.getUrlDecoder().decode(id.substring(1));
    } catch (IllegalArgumentException e) {
      return Result.err("'" + id + "' is not a Tabla position ID: not base64");
    }
    if (b.length < 1 + 2 * SIDE || b.length != 1 + 2 * SIDE + 2 * (b[0] & 0xFF)) {
      return Result.err("'" + id + "' is not a Tabla position ID: wrong length");
    }
    int k = b[0] & 0xFF;
    int[] me = new int[SIDE];
    int[] them = new int[SIDE];
    int[] mine = new int[k];
    int[] theirs = new int[k];
    for (int i = 0; i < SIDE; i++) {
      me[i] = b[1 + i];
      them[i] = b[1 + SIDE + i];
    }
    for (int i = 0; i < k; i++) {
      mine[i] = b[1 + 2 * SIDE + i] & 0xFF;
      theirs[i] = b[1 + 2 * SIDE + k + i] & 0xFF;
    }
    Result<Position> p = Position.ofVariant(me, them, mine, theirs);
    return p.isOk() ? p : Result.err("'" + id + "' is not a legal position: " + p.error());
  }
}
