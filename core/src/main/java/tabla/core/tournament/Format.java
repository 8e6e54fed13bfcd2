package tabla.core.tournament;

import java.util.Arrays;

/** How a tournament pairs its rounds; the API name is {@link #api}. */
public enum Format {
  KNOCKOUT("knockout"), ROUND_ROBIN("roundRobin"), SWISS("swiss");

  public final String api;

  Format(String api) {
    this.api = api;
  }

  /** The format named {@code api}, or null. */
  public static Format of(String api) {
    return Arrays.stream(values()).filter(f -> f.api.equals(api)).findFirst().orElse(null);
  }
}
