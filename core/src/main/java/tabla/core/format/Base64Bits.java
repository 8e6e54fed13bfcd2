package tabla.core.format;

/**
 * The bit strings inside gnubg's IDs: bytes filled least significant bit first, written in standard
 * base64 without padding. Strict: a character outside the alphabet or a non-zero padding bit is an
 * error, so a mistyped ID is refused instead of read as some other position.
 */
final class Base64Bits {
  private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

  private Base64Bits() {}

  /** Bytes of the ID, or null when a character is not base64 or padding bits are set. */
  static byte[] decode(String text, int bytes) {
    byte[] out = new byte[bytes];
    int acc = 0;
    int nbits = 0;
    int n = 0;
    for (int i = 0; i < text.length(); i++) {
      int v = ALPHABET.indexOf(text.charAt(i));
      if (v < 0) return null;
      acc = (acc << 6) | v;
      nbits += 6;
      if (nbits >= 8) {
        nbits -= 8;
        if (n < bytes) out[n++] = (byte) (acc >> nbits);
        else if (((acc >> nbits) & 0xFF) != 0) return null;
      }
      acc &= (1 << nbits) - 1;
    }
    if (acc != 0 || n != bytes) return null; // leftover padding bits must be zero
    return out;
  }

  static String encode(byte[] data, int chars) {
    StringBuilder sb = new StringBuilder(chars);
    int acc = 0;
    int nbits = 0;
    for (byte x : data) {
      acc = (acc << 8) | (x & 0xFF);
      nbits += 8;
      while (nbits >= 6) {
        nbits -= 6;
        sb.append(ALPHABET.charAt((acc >> nbits) & 63));
      }
      acc &= (1 << nbits) - 1;
    }
    if (nbits > 0) sb.append(ALPHABET.charAt((acc << (6 - nbits)) & 63));
    return sb.toString();
  }

  static boolean bit(byte[] data, int n) {
    return ((data[n >> 3] >> (n & 7)) & 1) != 0;
  }

  static void setBit(byte[] data, int n) {
    data[n >> 3] |= (byte) (1 << (n & 7));
  }

  /** Reads {@code width} bits starting at bit {@code from}, least significant first. */
  static int field(byte[] data, int from, int width) {
    int v = 0;
    for (int i = 0; i < width; i++) {
      if (bit(data, from + i)) v |= 1 << i;
    }
    return v;
  }

  static void putField(byte[] data, int from, int width, int value) {
    for (int i = 0; i < width; i++) {
      if (((value >> i) & 1) != 0) setBit(data, from + i);
    }
  }
}
