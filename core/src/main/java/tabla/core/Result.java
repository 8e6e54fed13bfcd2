package tabla.core;

import java.util.function.Function;

/**
 * The outcome of an action that may be refused: either a value or a reason. Rules code never throws
 * for bad input; it returns {@link Err} with a sentence a player can read.
 */
public sealed interface Result<T> permits Result.Ok, Result.Err {

  record Ok<T>(T value) implements Result<T> {}

  record Err<T>(String reason) implements Result<T> {}

  static <T> Result<T> ok(T value) {
    return new Ok<>(value);
  }

  static <T> Result<T> err(String reason) {
    return new Err<>(reason);
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

  default <U> Result<U> map(Function<? super T, ? extends U> f) {
    if (this instanceof Ok<T> ok) return new Ok<>(f.apply(ok.value()));
    return new Err<>(((Err<T>) this).reason());
  }

  default <U> Result<U> flatMap(Function<? super T, Result<U>> f) {
    if (this instanceof Ok<T> ok) return f.apply(ok.value());
    return new Err<>(((Err<T>) this).reason());
  }
}
