package tabla.server.fibs;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CLIP's numbered lines as a person at a telnet prompt reads them, as FIBS tells a user who did not log in with
 * CLIP: "alma says: hello" for "12 alma hello", "bob logs in." for "7 bob bob logs in.", the welcome, own-info, MOTD
 * brackets and the who lines pushed at every change dropped ('who' draws its own table for him: {@link #whoRow}).
 * The words of the chat lines are FIBS's as its telnet users saw them; the delivery notices (10, 11) are Tabla's.
 */
final class TelnetLines {
  private TelnetLines() {}

  /** A CLIP line: its number (1 to 19), then a space or nothing. A name has at least 3 characters, so none matches. */
  private static final Pattern CLIP = Pattern.compile("^([1-9]|1[0-9])(?: (.*))?$");

  /** {@code line} as a telnet user sees it; null for a line he does not get; any other line unchanged. */
  static String plain(String line) {
    Matcher m = CLIP.matcher(line);
    if (!m.matches()) return line;
    String rest = m.group(2) == null ? "" : m.group(2);
    String[] w = rest.split(" ", 3);
    return switch (Integer.parseInt(m.group(1))) {
      case 1 -> "** User " + w[0] + " authenticated.";
      case 2, 3, 4, 5, 6 -> null;
      case 7, 8 -> w.length > 1 ? rest.substring(w[0].length() + 1) : rest;
      case 9 -> w.length > 2 ? "Message from " + w[0] + ": " + w[2] : rest;
      case 10 -> "** Your message was delivered to " + rest + ".";
      case 11 -> "** " + rest + " is not logged in: your message was saved, and is told at the next login.";
      case 12 -> said(rest, "says");
      case 13 -> said(rest, "shouts");
      case 14 -> said(rest, "whispers");
      case 15 -> said(rest, "kibitzes");
      case 16 -> "** You tell " + said(rest, "");
      case 17 -> "** You shout: " + rest;
      case 18 -> "** You whisper: " + rest;
      case 19 -> "** You kibitz: " + rest;
      default -> line;
    };
  }

  /** "NAME verb: text" from "NAME text" ("NAME: text" with no verb). */
  private static String said(String nameAndText, String verb) {
    int space = nameAndText.indexOf(' ');
    if (space < 0) return nameAndText;
    return nameAndText.substring(0, space) + (verb.isEmpty() ? "" : " " + verb) + ": " + nameAndText.substring(space + 1);
  }

  private static final DateTimeFormatter HOURS = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC);

  /**
   * One row of 'who' for a telnet user, from the user's CLIP who line (5): its number in the list, P playing, R ready,
   * the name, rating, experience, login time (UTC), idle minutes and seconds, and where from.
   */
  static String whoRow(int index, String whoLine) {
    String[] f = whoLine.split(" ");
    // 5 name opponent watching ready away rating experience idle login hostname client email
    String state = !f[2].equals("-") ? "P" : f[4].equals("1") ? "R" : "-";
    long idle = Long.parseLong(f[8]);
    long login = Long.parseLong(f[9]);
    return String.format("%2d %s   %-20s %7s %5s %5s %2d:%02d %s%s", index, state, f[1], f[6], f[7],
        login == 0 ? "-" : HOURS.format(Instant.ofEpochSecond(login)), idle / 60, idle % 60, f[10],
        f[5].equals("1") ? " (away)" : "");
  }
}
