package elicitconform.javasdk;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;

/**
 * The entry point of the adapters for the MCP Java SDK ({@code io.modelcontextprotocol.sdk:mcp}),
 * following elicit-conform's adapter contract (docs/adapter-contract.md).
 *
 * <pre>
 *   adapter server [--http PORT]    a server with the contract's tools (stdio, or Streamable HTTP)
 *   adapter client SERVER|URL        a client that calls ELICIT_CONFORM_TOOL once
 * </pre>
 */
public final class Adapter {

  /** Status 77: the automake / ctest convention for "this test was skipped". */
  static final int SKIP_STATUS = 77;

  /** The SDK's JSON mapper (Jackson 3 through mcp-json-jackson3), used for every conversion. */
  static final McpJsonMapper JSON = McpJsonDefaults.getMapper();

  static final TypeRef<Map<String, Object>> MAP = new TypeRef<>() {};

  private Adapter() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      usage();
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    switch (args[0]) {
      case "server" -> ServerAdapter.main(rest);
      case "client" -> ClientAdapter.main(rest);
      default -> usage();
    }
  }

  private static void usage() {
    System.err.println("usage: adapter server [--http PORT] | adapter client SERVER-OR-URL");
    System.exit(2);
  }

  /** Says SKIP for this case (one stderr line, exit 77). */
  static void skip(String reason) {
    System.err.println("elicit-conform: SKIP: " + reason);
    System.err.flush();
    Runtime.getRuntime().halt(SKIP_STATUS);
  }

  /** Says SKIP for every case of the revision this process was started for. */
  static void skipRevision(String reason) {
    System.err.println("elicit-conform: SKIP-REVISION: " + reason);
    System.err.flush();
    Runtime.getRuntime().halt(SKIP_STATUS);
  }

  static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isEmpty() ? fallback : value;
  }

  static String toJson(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  static <T> T fromJson(String text, TypeRef<T> type) {
    try {
      return JSON.readValue(text, type);
    } catch (IOException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  static void log(String text) {
    System.err.println("java-sdk adapter: " + text);
    System.err.flush();
  }
}
