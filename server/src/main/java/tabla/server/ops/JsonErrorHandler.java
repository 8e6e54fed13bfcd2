package tabla.server.ops;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import tabla.server.kernel.http.Json;

/**
 * The errors Jetty answers itself, before Javalin sees the request (a malformed request: 400, headers too
 * large: 431, …): JSON like every other error of the API, with the security headers, instead of Jetty's
 * HTML page.
 */
public final class JsonErrorHandler extends ErrorHandler {

  static byte[] body(int status, String reason) {
    String why = reason == null || reason.isBlank() ? HttpStatus.getMessage(status) : reason;
    return Json.write(Map.of("error", "the request was refused: " + why, "status", status)).getBytes(StandardCharsets.UTF_8);
  }

  private static void headers(HttpFields.Mutable fields) {
    fields.put(HttpHeader.CONTENT_TYPE, "application/json");
    fields.put("Content-Security-Policy", SecurityHeaders.CSP);
    fields.put("X-Content-Type-Options", "nosniff");
    fields.put("X-Frame-Options", "DENY");
    fields.put("Referrer-Policy", "same-origin");
  }

  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    headers(fields);
    return ByteBuffer.wrap(body(status, reason));
  }

  @Override
  protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
      Callback callback) throws IOException {
    headers(response.getHeaders());
    response.write(true, ByteBuffer.wrap(body(code, message)), callback);
  }
}
