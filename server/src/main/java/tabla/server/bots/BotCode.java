package tabla.server.bots;

import tabla.server.kernel.RefusalCode;

/** The codes of the bot API's refusals a person may meet (its streams' bounds); see {@link RefusalCode}. */
public enum BotCode implements RefusalCode {
  /** 429, {@code max}, {@code seconds}: the server holds the most bot streams it can. */
  STREAMS_SERVER,
  /** 429, {@code max}, {@code seconds}: this bot holds the most streams an account may. */
  STREAMS_ACCOUNT;

  @Override
  public String concern() {
    return "bot";
  }
}
