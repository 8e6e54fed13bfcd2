package tabla.server.games;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.websocket.api.StatusCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.accounts.Accounts;
import tabla.server.kernel.RefusalCode;
import tabla.server.kernel.Refused;
import tabla.server.kernel.SiteCode;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.kernel.http.Json;
import tabla.server.kernel.http.Refusals;
import tabla.server.kernel.http.RequestDrain;
import tabla.server.socket.Connection;

/**
 * Actions sent over the game's WebSocket, {"type":"action","ref":R,"csrf":TOKEN,"action":BODY} where BODY is what
 * {@code POST /api/games/{id}/actions} takes: the same commands, the same refusals (with the HTTP status they would
 * have), stored before the answer. It saves an HTTP request per action. The answer comes after the action's event
 * on the same socket: {"type":"answer","ref":R,"version":V}, or {"type":"refused","ref":R,"status":S,"error":…}
 * (nothing changed). The session is checked on every action (a logout or ban ends it at once) and the CSRF token
 * must come with it: another site's page could open the socket with the player's cookie, but cannot read the token.
 * At the server's stop an action is counted as a request is ({@link RequestDrain#enter}): one taken before the stop
 * began is stored and its answer written before the server stops; one sent after is refused (503, nothing changed),
 * and the client sends it again once reconnected.
 */
final class SocketActions {
  private static final Logger LOG = LoggerFactory.getLogger(SocketActions.class);

  /** {"type":"answer"}: the action was stored; {@code version} is the game's after it; its event came before this. */
  record Answer(String type, Long ref, int version) {
    Answer(Long ref, int version) {
      this("answer", ref, version);
    }
  }

  /** {"type":"refused"}: nothing changed; {@code status} is what HTTP would have answered. */
  /** A refused action: its status, its English sentence and, where the refuser names them, its code and values. */
  record RefusedAnswer(String type, Long ref, int status, String error,
      @JsonInclude(JsonInclude.Include.NON_NULL) String code,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Object> args) {
    RefusedAnswer(Long ref, int status, String error) {
      this("refused", ref, status, error, null, Map.of());
    }

    RefusedAnswer(Long ref, int status, String error, RefusalCode code, Map<String, Object> args) {
      this("refused", ref, status, error, code == null ? null : code.code(), args);
    }
  }

  private final GameService games;
  private final Accounts accounts;
  private final DatabaseOutage outage;
  private final RequestDrain drain;

  SocketActions(GameService games, Accounts accounts, DatabaseOutage outage, RequestDrain drain) {
    this.games = games;
    this.accounts = accounts;
    this.outage = outage;
    this.drain = drain;
  }

  /** The action message {@code m} from the socket of session {@code token}: acted on, then answered through {@code w}. */
  void act(GameRoom room, SocketViewer v, String token, ObjectNode m) {
    Connection w = v.out();
    if (!w.allowAction(games.clock().millis())) {
      w.close(StatusCode.POLICY_VIOLATION, "too many actions: at most " + Connection.MAX_ACTIONS + " per "
          + Connection.INBOUND_WINDOW_MILLIS / 1000 + " s");
      return;
    }
    if (!drain.enter()) { // the server is stopping: refused as a request is, sent again once reconnected
      w.send(refusal(m, 503, RequestDrain.MESSAGE, SiteCode.RESTARTING));
      return;
    }
    String answer = null;
    try {
      answer = answer(room, token, m);
    } finally {
      if (answer == null) drain.exit();
    }
    w.send(answer, drain::exit); // the stop waits until the answer is written, not only stored
  }

  /** Action {@code m}, acted on: its answer, or its refusal. */
  private String answer(GameRoom room, String token, ObjectNode m) {
    Long ref = null;
    try {
      ref = ref(m);
      Json.refuseControlCharacters(m);
      JsonNode body = m.get("action");
      if (body == null || !body.isObject()) throw Refused.invalid("'action' must be the action, as POST …/actions takes it");
      Accounts.Session s = accounts.session(token)
          .orElseThrow(() -> Refused.of(Refused.Kind.UNAUTHENTICATED, SiteCode.LOG_IN_FIRST, "log in first"));
      JsonNode csrf = m.get("csrf");
      if (csrf == null || !csrf.isTextual() || !MessageDigest.isEqual(csrf.textValue().getBytes(), s.csrf().getBytes())) {
        throw Refused.of(Refused.Kind.FORBIDDEN, SiteCode.CSRF, "missing or wrong 'csrf' (the session's CSRF token)");
      }
      CommandJson.Request request = CommandJson.read((ObjectNode) body);
      Optional<Refusal> refused = games.act(room, room.seatOf(s.user().id()), request.version(), request.command());
      return Json.write(refused.isEmpty() ? new Answer(ref, room.version())
          : new RefusedAnswer(ref, CommandJson.status(refused.get()), refused.get().reason(), refused.get().code(),
              refused.get().args()));
    } catch (Refused e) {
      return Json.write(new RefusedAnswer(ref, Refusals.status(e.kind()), e.getMessage(), e.code(), e.args()));
    } catch (RuntimeException e) {
      // as over HTTP: the database away or every connection busy is a 503 with its sentence, anything else a 500
      Refused down = outage.refusal(e);
      if (down == null) LOG.error("action over the socket of game {} failed", room.id(), e);
      return Json.write(down != null ? new RefusedAnswer(ref, Refusals.status(down.kind()), down.getMessage(), down.code(), down.args())
          : new RefusedAnswer(ref, 500, "the server failed; nothing was changed"));
    }
  }

  /** The client's reference for the answer: a whole number, or none. */
  private static Long ref(ObjectNode m) {
    JsonNode r = m.get("ref");
    if (r == null || r.isNull()) return null;
    if (!r.isIntegralNumber() || !r.canConvertToLong()) throw Refused.invalid("'ref' must be a whole number");
    return r.longValue();
  }

  /** The refusal of action {@code m} sent to a node that does not run its game (several nodes): nothing changed. */
  static String runElsewhere(ObjectNode m) {
    return refusal(m, 503,
        "this game runs on another server of the site: post the action over HTTP (POST /api/games/{id}/actions)", null);
  }

  /** The refusal of action {@code m} before anything looked at it (its ref echoed when it is one): nothing changed. */
  private static String refusal(ObjectNode m, int status, String error, RefusalCode code) {
    Long ref;
    try {
      ref = ref(m);
    } catch (Refused e) {
      ref = null;
    }
    return Json.write(new RefusedAnswer(ref, status, error, code, Map.of()));
  }

  /** A socket's message as a JSON object, or null when it is none (then it counts as "resync", as always). */
  static ObjectNode message(String text) {
    try {
      JsonNode n = Json.MAPPER.readTree(text);
      return n != null && n.isObject() ? (ObjectNode) n : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }
}
