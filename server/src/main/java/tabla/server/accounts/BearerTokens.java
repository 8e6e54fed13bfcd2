package tabla.server.accounts;

/**
 * The personal API tokens as the auth hook asks them: which account a bearer secret acts for on one request. Owned
 * here so that accounts need not import the tokens concern (which imports accounts); {@code tabla.server.tokens}
 * answers.
 */
public interface BearerTokens {
  /** No tokens: every bearer secret is refused. */
  BearerTokens NONE = (secret, method, path) -> {
    throw new tabla.server.kernel.Refused(tabla.server.kernel.Refused.Kind.UNAUTHENTICATED, "no such API token");
  };

  /**
   * The account of a live token whose scopes allow {@code method path}; otherwise a {@link tabla.server.kernel.Refused}:
   * unauthenticated (unknown or revoked), forbidden (a scope or an account page), too many (its rate limit).
   */
  User user(String secret, String method, String path);
}
