package tabla.server.records;

import java.time.Clock;
import java.util.List;
import tabla.core.Result;
import tabla.core.record.MatchRecord;
import tabla.server.accounts.User;
import tabla.server.kernel.Refused;

/**
 * Uploaded match records: read with core's parsers (every play replayed and checked) before anything is stored, kept
 * as sent, owned by the uploader; anyone with a record's link may read it (as a finished site game).
 */
public final class Records {
  /** The largest record accepted, in bytes: a long match with gnubg's analysis in it is a few hundred kB. */
  public static final int MAX_BYTES = 1024 * 1024;
  /** Records one account keeps at most. */
  public static final int MAX_PER_USER = 200;
  /** Records per page of the list. */
  public static final int PAGE = 20;
  private static final int MAX_NAME = 60;

  private final RecordStore store;
  private final Clock clock;

  public Records(RecordStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** A record read and replayed: the stored row and the match it holds. */
  record Loaded(RecordStore.Row row, MatchRecord record) {}

  /**
   * Reads {@code text} in the format named (sgf, mat, tabla) or, when {@code format} is null or blank, the one its
   * first lines show, and stores it for {@code owner}. A record that does not read is refused with the parser's
   * sentence (it names the line), and nothing is stored.
   */
  public RecordView.Summary upload(User owner, String format, String text) {
    if (owner.guest()) throw Refused.of(Refused.Kind.FORBIDDEN, RecordCode.GUEST, "guests keep no records: register to upload one");
    if (text.indexOf('\0') >= 0) throw Refused.of(Refused.Kind.INVALID, RecordCode.NUL, "a record is text: this one holds a NUL character");
    if (text.isBlank()) throw Refused.of(Refused.Kind.INVALID, RecordCode.EMPTY, "the record is empty: send the file's text as the body");
    RecordFormat f = format == null || format.isBlank() ? RecordFormat.sniff(text) : RecordFormat.named(format);
    if (f == null && (format == null || format.isBlank())) {
      throw Refused.of(Refused.Kind.INVALID, RecordCode.UNKNOWN_FORMAT,
          "cannot tell the record's format from its first lines: name it (format=sgf, mat or tabla)");
    }
    if (f == null) throw Refused.of(Refused.Kind.INVALID, RecordCode.FORMAT, "the format is sgf, mat or tabla, not '" + cut(format, 20) + "'");
    Result<MatchRecord> read = f.read(text);
    if (!read.isOk()) throw unreadable(f.word(), read.error());
    MatchRecord r = read.get();
    String p0 = cut(r.info().player0(), MAX_NAME);
    String p1 = cut(r.info().player1(), MAX_NAME);
    java.time.Instant now = clock.instant();
    long id = store.insert(owner.id(), f.word(), p0, p1, r.match().rules().matchLength(), text, now, MAX_PER_USER);
    return new RecordView.Summary(id, f.word(), p0, p1, r.match().rules().matchLength(), now.toString());
  }

  /** A page (from 0) of the owner's records, newest first. */
  public RecordView.Page list(User owner, int page) {
    if (page < 0 || page > MAX_PER_USER / PAGE) throw Refused.invalid("page is 0 to " + MAX_PER_USER / PAGE);
    List<RecordStore.Row> rows = store.list(owner.id(), page * PAGE, PAGE + 1);
    List<RecordView.Summary> shown = rows.stream().limit(PAGE).map(RecordView.Summary::of).toList();
    return new RecordView.Page(page, rows.size() > PAGE, shown);
  }

  /** The record {@code id} as the site shows a match: players, games, every action. */
  public RecordView view(long id) {
    return RecordView.of(load(id));
  }

  public void delete(User owner, long id) {
    if (!store.delete(owner.id(), id)) throw notFound(id, "record " + id + " (of yours) not found");
  }

  /** The match record {@code id} holds (anyone with its link reads it); for the rollout of one of its positions. */
  public tabla.core.match.Match match(long id) {
    return load(id).record().match();
  }

  /** The stored record {@code id} replayed; a record stored is one that read, so it reads again. */
  Loaded load(long id) {
    RecordStore.Row row = store.find(id).orElseThrow(() -> notFound(id, "record " + id + " not found"));
    Result<MatchRecord> r = RecordFormat.named(row.format()).read(row.body());
    if (!r.isOk()) throw new IllegalStateException("stored record " + id + " no longer reads: " + r.error());
    return new Loaded(row, r.get());
  }

  /** The parsers' sentences begin "line N: " where a line is to blame: that number goes along as {@code line}. */
  private static final java.util.regex.Pattern LINE = java.util.regex.Pattern.compile("^line (\\d{1,9}): ");

  /** A record the parser refused, with its sentence (in English) and, where it names one, the line as a value. */
  static Refused unreadable(String format, String why) {
    String sentence = "the " + format + " record does not read: " + why;
    java.util.regex.Matcher m = LINE.matcher(why);
    if (!m.find()) return Refused.of(Refused.Kind.INVALID, RecordCode.UNREADABLE, sentence, java.util.Map.of("format", format));
    return Refused.of(Refused.Kind.INVALID, RecordCode.UNREADABLE_LINE, sentence,
        java.util.Map.of("format", format, "line", Integer.parseInt(m.group(1))));
  }

  static Refused notFound(long id, String why) {
    return Refused.of(Refused.Kind.NOT_FOUND, RecordCode.NOT_FOUND, why, java.util.Map.of("id", id));
  }

  private static String cut(String s, int max) {
    return s.length() > max ? s.substring(0, max) : s;
  }
}
