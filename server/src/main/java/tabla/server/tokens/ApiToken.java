package tabla.server.tokens;

import java.util.List;

/**
 * A personal API token as its owner's list shows it: never its secret (only its hash is stored). {@code created} is
 * an ISO-8601 instant in UTC.
 */
public record ApiToken(long id, String name, List<Scope> scopes, String created) {}
