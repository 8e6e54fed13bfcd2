package tabla.core.record;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.Result;

/**
 * The generic part of SGF: game trees of nodes, each node a map of property names to values. Only
 * the main line is kept: of several variations, the first one (SGF's convention for what was played).
 */
final class SgfTree {
  /** One node; {@code line} is where its ';' stands. */
  record Node(int line, Map<String, List<String>> props) {
    String get(String name) {
      List<String> v = props.get(name);
      return v == null || v.isEmpty() ? null : v.get(0);
    }
  }

  private final String s;
  private int pos;
  private int line = 1;

  private SgfTree(String s) {
    this.s = s;
  }

  /** The main line of each top-level game tree. */
  static Result<List<List<Node>>> parse(String text) {
    SgfTree p = new SgfTree(text);
    List<List<Node>> trees = new ArrayList<>();
    try {
      while (p.skipSpace() && p.peek() == '(') {
        List<Node> nodes = new ArrayList<>();
        p.tree(nodes, true);
        trees.add(nodes);
      }
      if (p.pos < p.s.length()) throw p.error("expected '(' to start a game tree");
    } catch (IllegalArgumentException e) {
      return Result.err(e.getMessage());
    }
    return trees.isEmpty() ? Result.err("no SGF game tree found") : Result.ok(trees);
  }

  private void tree(List<Node> into, boolean keep) {
    pos++; // '('
    boolean firstChild = true;
    while (skipSpace()) {
      char c = peek();
      if (c == ';') {
        Node n = node();
        if (keep) into.add(n);
      } else if (c == '(') {
        tree(into, keep && firstChild);
        firstChild = false;
      } else if (c == ')') {
        pos++;
        return;
      } else {
        throw error("unexpected '" + c + "'");
      }
    }
    throw error("the file ends inside a game tree (missing ')')");
  }

  private Node node() {
    int at = line;
    pos++; // ';'
    Map<String, List<String>> props = new LinkedHashMap<>();
    while (skipSpace() && Character.isUpperCase(peek())) {
      int start = pos;
      while (pos < s.length() && Character.isLetter(s.charAt(pos))) pos++;
      String name = s.substring(start, pos).replaceAll("[a-z]", ""); // FF[3] allowed lower case letters
      List<String> values = props.computeIfAbsent(name, k -> new ArrayList<>());
      while (skipSpace() && peek() == '[') values.add(value());
      if (values.isEmpty()) throw error("property " + name + " has no value");
    }
    return new Node(at, props);
  }

  private String value() {
    pos++; // '['
    StringBuilder sb = new StringBuilder();
    while (pos < s.length()) {
      char c = s.charAt(pos++);
      if (c == '\n') line++;
      if (c == ']') return sb.toString();
      if (c == '\\' && pos < s.length()) {
        c = s.charAt(pos++);
        if (c == '\n') {
          line++;
          continue; // a soft line break
        }
      }
      sb.append(c);
    }
    throw error("the file ends inside a property value (missing ']')");
  }

  private boolean skipSpace() {
    while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
      if (s.charAt(pos) == '\n') line++;
      pos++;
    }
    return pos < s.length();
  }

  private char peek() {
    return s.charAt(pos);
  }

  private IllegalArgumentException error(String why) {
    return new IllegalArgumentException("line " + line + ": " + why);
  }

  /** A value as SGF writes it: ']' and '\' escaped. */
  static String escape(String v) {
    return v.replace("\\", "\\\\").replace("]", "\\]");
  }
}
