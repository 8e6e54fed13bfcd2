package tabla.server;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class that must not share the machine with another test JVM: it bounds how long something takes
 * (an answer within 2 s, a takeover within 5 s) or counts what a fixed time allows (actions between kills).
 * The server's tests run in two JVMs at once (server/pom.xml); classes with this tag run after them, one at a
 * time, so what they measure is the server's and not the other JVM's load. Say in the class why it is here.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("alone")
public @interface RunsAlone {}
