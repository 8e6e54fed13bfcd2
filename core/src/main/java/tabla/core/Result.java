package tabla.core;

import java.util.Map;
import java.util.function.Function;

/**
 * The outcome of an action that may be refused: either a value or a reason. Rules code never throws
 * for bad input; it returns {@link Err} with a sentence a player can read and, for the refusals players meet, a
 * {@link RuleCode} with the sentence's values, so that a client can say it in the player's language.
 */
public sealed interface Result<T> permits Result.Ok, Result.Err {

  record Ok<T>(T value) implements Result<T> {}

  /** A refusal: the English sentence, its code (null for none) and the values the sentence holds, by name. */
  record Err<T>(String reason, RuleCode code, Map<String, Object> args) implements Result<T> {
    public Err {
      args = Map.copyOf(args);
    }

    public Err(String reason) {
      this(reason, null, Map.of());
    }
  }

  static <T> Result<T> ok(T value) {
    return new Ok<>(value);
  }

  static <T> Result<T> err(String reason) {
    return new Err<>(reason);
  }

  /** A refusal with its code and the values its sentence holds (e.g. {@code Map.of("max", 64)}). */
  static <T> Result<T> err(RuleCode code, String reason, Map<String, Object> args) {
    return new Err<>(reason, code, args);
  }

  static <T> Result<T> err(RuleCode code, String reason) {
    return new Err<>(reason, code, Map.of());
  }

  default boolean isOk() {
    return this instanceof Ok;
  }

  /** The value; throws IllegalStateException with the reason when this is an error. */
  default T get() {
    if (this instanceof Ok<T> ok) return ok.value();
    throw new IllegalStateException(((Err<T>) this).reason());
  }

  /** The reason of an error, or null for a value. */
  default String error() {
    return this instanceof Err<T> e ? e.reason() : null;
  }

  /** The code of an error, or null for a value or an error without one. */
  default RuleCode errorCode() {
    return this instanceof Err<T> e ? e.code() : null;
  }

  /** The values of an error's sentence; empty for a value. */
  default Map<String, Object> errorArgs() {
    return this instanceof Err<T> e ? e.args() : Map.of();
  }

  /** This error, sentence, code and values, as the result of another type; throws IllegalStateException for a value. */
  default <U> Result<U> sameError() {
    if (this instanceof Err<T> e) return new Err<>(e.reason(), e.code(), e.args());
    throw new IllegalStateException("not an error: " + this);
  }

  default <U> Result<U> map(Function<? super T, ? extends U> f) {
    if (this instanceof Ok<T> ok) return new Ok<>(f.apply(ok.value()));
    return sameError();
  }

  default <U> Result<U> flatMap(Function<? super T, Result<U>> f) {
    if (this instanceof Ok<T> ok) return f.apply(ok.value());
    return sameError();
  }
}
