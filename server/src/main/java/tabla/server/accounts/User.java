package tabla.server.accounts;

/** A player account as the API shows it. Guests have no password and can only play the computer. */
public record User(long id, String name, boolean guest, String lang, double rating) {}
