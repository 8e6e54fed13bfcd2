package tabla.server.fibs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A connection's FIBS toggles (on/off settings) with FIBS's own sentences for each change, as clients recognise them.
 * Those Tabla acts on: ready, double, automove, notify, report, silent, moreboards, autoboard; the others are kept and
 * shown, as FIBS shows them, and change nothing here (docs/fibs.md says which and why).
 */
final class Toggles {
  /** Name, default, sentence when turned on, sentence when turned off. */
  private record Toggle(String name, boolean dflt, String on, String off) {}

  private static final List<Toggle> ALL = List.of(
      new Toggle("allowpip", true, "** You allow the use the server's 'pip' command.",
          "** You don't allow the use of the server's 'pip' command."),
      new Toggle("autoboard", true, "** The board will be refreshed after every move.",
          "** The board won't be refreshed after every move."),
      new Toggle("autodouble", false, "** You agree that doublets during opening double the cube.",
          "** You don't agree that doublets during opening double the cube."),
      new Toggle("automove", false, "** Forced moves will be done automatically.",
          "** Forced moves won't be done automatically."),
      new Toggle("bell", false, "** Your terminal will ring the bell if someone talks to you or invites you",
          "** Your terminal won't ring the bell."),
      new Toggle("crawford", true, "** You insist on playing with the Crawford rule.",
          "** You would like to play without using the Crawford rule."),
      new Toggle("double", true, "** You will be asked if you want to double.",
          "** You won't be asked if you want to double."),
      new Toggle("greedy", false, "** Will use automatic greedy bearoffs.", "** Won't use automatic greedy bearoffs."),
      new Toggle("moreboards", false, "** Will send rawboards after rolling.", "** Won't send rawboards after rolling."),
      new Toggle("moves", false, "** You want a list of moves after this game.",
          "** You won't see a list of moves after this game."),
      new Toggle("notify", true, "** You'll be notified when new users log in.",
          "** You won't be notified when new users log in."),
      new Toggle("ratings", false, "** You'll see how the rating changes are calculated.",
          "** You won't see how the rating changes are calculated."),
      new Toggle("ready", false, "** You're now ready to invite or join someone.",
          "** You're now refusing to play with someone."),
      new Toggle("report", false, "** You will be informed about starting and ending matches.",
          "** You won't be informed about starting and ending matches."),
      new Toggle("silent", false, "** You won't hear what other players shout.",
          "** You will hear what other players shout."),
      new Toggle("telnet", true, "** You use telnet and don't need extra 'newlines'.",
          "** You use a client program and will receive extra 'newlines'."),
      new Toggle("wrap", false, "** Your terminal knows how to wrap long lines.", "** The server will wrap long lines."));

  private final Map<String, Boolean> values = new LinkedHashMap<>();

  Toggles() {
    for (Toggle t : ALL) values.put(t.name(), t.dflt());
  }

  boolean on(String name) {
    Boolean v = values.get(name);
    if (v == null) throw new IllegalArgumentException("no toggle " + name);
    return v;
  }

  /** Flips a toggle: its sentence, or null when there is no such toggle (nothing changed). */
  String flip(String name) {
    for (Toggle t : ALL) {
      if (t.name().equals(name)) {
        boolean now = !values.get(name);
        values.put(name, now);
        return now ? t.on() : t.off();
      }
    }
    return null;
  }

  /** Sets a toggle without a sentence (the login's defaults for a client). */
  void set(String name, boolean v) {
    on(name);
    values.put(name, v);
  }

  /** The toggles now away from FIBS's defaults, in the listing's order: what is kept for the account. */
  List<String> changed() {
    List<String> out = new java.util.ArrayList<>();
    for (Toggle t : ALL) if (values.get(t.name()) != t.dflt()) out.add(t.name());
    return out;
  }

  /** Turns the toggles named (kept for the account) away from their defaults; names not known here are passed over. */
  void restore(java.util.Collection<String> changed) {
    for (Toggle t : ALL) values.put(t.name(), changed.contains(t.name()) != t.dflt());
  }

  /** What {@code toggle} alone prints: "The current settings are:" and a line per toggle. */
  List<String> listing() {
    List<String> out = new java.util.ArrayList<>();
    out.add("The current settings are:");
    for (Map.Entry<String, Boolean> e : values.entrySet()) {
      out.add(String.format("%-15s %s", e.getKey(), e.getValue() ? "YES" : "NO"));
    }
    return out;
  }
}
