package elicitconform.javasdk;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ElicitFormRequest;
import io.modelcontextprotocol.spec.McpSchema.ElicitRequest;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import io.modelcontextprotocol.spec.McpSchema.ElicitUrlRequest;
import io.modelcontextprotocol.spec.McpSchema.ElicitationCompleteNotification;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * A server built with {@code McpServer.sync(...)}: the contract's tools {@code elicit},
 * {@code require_url}, {@code complete} and the official conformance suite's fixture tools, over
 * stdio ({@code StdioServerTransportProvider}) or Streamable HTTP
 * ({@code HttpServletStreamableServerTransportProvider} in an embedded Tomcat, with {@code --http
 * PORT}). Every argument goes to the SDK as given: the adapter checks, repairs and filters nothing.
 */
final class ServerAdapter {

  /** The server, for {@code sendElicitationComplete} (an McpSyncServer method, not an exchange's). */
  private static final AtomicReference<McpSyncServer> SERVER = new AtomicReference<>();

  private static boolean overHttp;

  private ServerAdapter() {}

  static void main(String[] args) throws Exception {
    int httpPort = -1;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--http") && i + 1 < args.length) {
        httpPort = Integer.parseInt(args[++i]);
      } else {
        Adapter.log("unknown argument " + args[i]);
        System.exit(2);
      }
    }
    overHttp = httpPort >= 0;
    if (overHttp) {
      serveHttp(httpPort);
    } else {
      serveStdio();
    }
  }

  private static void serveStdio() {
    var transport = new StdioServerTransportProvider(Adapter.JSON);
    List<String> speaks = transport.protocolVersions();
    // The revision this process was started for (the harness sets it for every case). One the
    // transport does not list is one the SDK cannot negotiate at all.
    String revision = Adapter.env("ELICIT_CONFORM_PROTOCOL_VERSION", null);
    if (revision != null && !speaks.contains(revision)) {
      Adapter.skipRevision("io.modelcontextprotocol.sdk:mcp speaks " + String.join(", ", speaks)
          + " (StdioServerTransportProvider.protocolVersions()), not " + revision);
    }
    // The cases about eras name the versions to support, exactly: the SDK has no public option
    // for a server's versions (McpAsyncServer.setProtocolVersions is package-private).
    String versions = Adapter.env("ELICIT_CONFORM_PROTOCOL_VERSIONS", null);
    if (versions != null && !List.of(versions.split(",")).equals(speaks)) {
      Adapter.skip("the SDK has no option to support exactly " + versions + " (it speaks "
          + String.join(", ", speaks) + ")");
    }
    SERVER.set(McpServer.sync(transport)
        .serverInfo("elicit-conform-java-sdk-adapter", "0.1.0")
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        .tools(tools())
        .build());
    // The transport reads stdin on threads of its own: main returns, as in the SDK's examples.
  }

  private static void serveHttp(int port) throws Exception {
    var transport = HttpServletStreamableServerTransportProvider.builder()
        .jsonMapper(Adapter.JSON)
        .mcpEndpoint("/mcp")
        .build();
    SERVER.set(McpServer.sync(transport)
        .serverInfo("elicit-conform-java-sdk-adapter", "0.1.0")
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        .tools(tools())
        .build());

    Path base = Files.createTempDirectory("java-sdk-adapter-tomcat");
    base.toFile().deleteOnExit();
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(base.toString());
    Connector connector = new Connector();
    connector.setPort(port);
    connector.setProperty("address", "127.0.0.1");
    tomcat.setConnector(connector);
    Context context = tomcat.addContext("", base.toString());
    Wrapper wrapper = Tomcat.addServlet(context, "mcp", transport);
    wrapper.setAsyncSupported(true);
    context.addServletMappingDecoded("/*", "mcp");
    tomcat.start();
    System.out.println("http://127.0.0.1:" + connector.getLocalPort() + "/mcp");
    System.out.flush();
    tomcat.getServer().await();
  }

  // --- Tools ------------------------------------------------------------------------------------

  private static List<SyncToolSpecification> tools() {
    return List.of(
        tool("elicit", "Sends elicitation/create with the given params and returns the result as JSON text.",
            "params", (exchange, request) -> elicit(exchange, request.arguments().get("params"))),
        tool("require_url", "Fails with -32042 listing the given URL-mode elicitations.", "elicitations",
            (exchange, request) -> requireUrl(request.arguments().get("elicitations"))),
        tool("complete", "Sends notifications/elicitation/complete for an elicitationId.", "elicitationId",
            (exchange, request) -> complete(exchange, request.arguments().get("elicitationId"))),
        tool("test_elicitation", "Asks for a username and an email address.", "message",
            ServerAdapter::testElicitation),
        tool("test_elicitation_sep1034_defaults", "A form with a default for every primitive type.", null,
            (exchange, request) -> official(exchange, SEP1034)),
        tool("test_elicitation_sep1330_enums", "A form with the five SEP-1330 enum variants.", null,
            (exchange, request) -> official(exchange, SEP1330)));
  }

  private static SyncToolSpecification tool(String name, String description, String argument,
      BiFunction<McpSyncServerExchange, CallToolRequest, CallToolResult> handler) {
    Map<String, Object> properties = argument == null ? Map.of() : Map.of(argument, Map.of());
    Tool tool = Tool.builder()
        .name(name)
        .description(description)
        .inputSchema(Map.of("type", "object", "properties", properties))
        .build();
    return SyncToolSpecification.builder().tool(tool).callHandler(handler).build();
  }

  private static CallToolResult text(String text) {
    return CallToolResult.builder().addTextContent(text).isError(false).build();
  }

  private static CallToolResult error(String text) {
    return CallToolResult.builder().addTextContent(text).isError(true).build();
  }

  /**
   * {@code exchange.createElicitation(request)}, the request built as an SDK user builds one: with
   * the public constructors of the SDK's records, {@code new ElicitFormRequest(message,
   * requestedSchema, _meta)} (mode absent or "form") or {@code new ElicitUrlRequest(message, url,
   * elicitationId, _meta)} (mode "url"). What those types cannot hold (another mode, a member of
   * the wrong JSON type, a null the constructor refuses) is the SDK's refusal: an isError result.
   */
  private static CallToolResult elicit(McpSyncServerExchange exchange, Object params) {
    ElicitRequest request;
    try {
      request = elicitRequest(params);
    } catch (RuntimeException e) {
      return error("the SDK's ElicitRequest types do not take these params: " + e.getMessage());
    }
    try {
      ElicitResult result = exchange.createElicitation(request);
      return text(Adapter.toJson(result));
    } catch (McpError e) {
      return error("the client answered with an error: " + e.getMessage());
    } catch (RuntimeException e) {
      return error("the SDK refused or failed: " + e.getMessage());
    }
  }

  /** The SDK's record for these params; throws (ClassCastException, IllegalArgumentException) when none fits. */
  @SuppressWarnings("unchecked")
  static ElicitRequest elicitRequest(Object params) {
    if (!(params instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException("params is not an object");
    }
    Object mode = map.get("mode");
    String message = (String) map.get("message");
    Map<String, Object> meta = (Map<String, Object>) map.get("_meta");
    if (mode == null || ElicitFormRequest.MODE.equals(mode)) {
      return new ElicitFormRequest(message, (Map<String, Object>) map.get("requestedSchema"), meta);
    }
    if (ElicitUrlRequest.MODE.equals(mode)) {
      return new ElicitUrlRequest(message, (String) map.get("url"), (String) map.get("elicitationId"), meta);
    }
    throw new IllegalArgumentException("no ElicitRequest type for mode " + Adapter.toJson(mode)
        + " (the SDK has ElicitFormRequest and ElicitUrlRequest)");
  }

  /** {@code throw McpError.URL_ELICITATION_REQUIRED.apply(elicitations)}: the SDK's -32042. */
  private static CallToolResult requireUrl(Object elicitations) {
    if (!(elicitations instanceof List<?> entries)) {
      return error("elicitations is not a list");
    }
    List<ElicitUrlRequest> urls = new ArrayList<>();
    for (Object entry : entries) {
      ElicitRequest request;
      try {
        request = elicitRequest(entry);
      } catch (RuntimeException e) {
        return error("the SDK's ElicitRequest types do not take this entry: " + e.getMessage());
      }
      // The SDK's error factory takes ElicitUrlRequest only: a form entry cannot be passed to it.
      if (!(request instanceof ElicitUrlRequest url)) {
        return error("McpError.URL_ELICITATION_REQUIRED takes ElicitUrlRequest only; this entry is an "
            + request.getClass().getSimpleName());
      }
      urls.add(url);
    }
    throw McpError.URL_ELICITATION_REQUIRED.apply(urls);
  }

  /** {@code McpSyncServer.sendElicitationComplete(exchange.sessionId(), ...)}. */
  private static CallToolResult complete(McpSyncServerExchange exchange, Object elicitationId) {
    if (!(elicitationId instanceof String id)) {
      return error("elicitationId is not a string");
    }
    try {
      SERVER.get().sendElicitationComplete(exchange.sessionId(), new ElicitationCompleteNotification(id));
    } catch (RuntimeException e) {
      return error("the SDK refused or failed: " + e.getMessage());
    }
    return text("completion sent");
  }

  // --- The official conformance suite's fixture tools --------------------------------------------

  private static final ElicitFormRequest SEP1034 = ElicitFormRequest.builder("Please review the pre-filled values",
      Adapter.fromJson("""
          {"type": "object", "properties": {
            "name": {"type": "string", "default": "John Doe"},
            "age": {"type": "integer", "default": 30},
            "score": {"type": "number", "default": 95.5},
            "status": {"type": "string", "enum": ["active", "inactive", "pending"], "default": "active"},
            "verified": {"type": "boolean", "default": true}}}""", Adapter.MAP)).build();

  private static final ElicitFormRequest SEP1330 = ElicitFormRequest.builder("Please pick your options",
      Adapter.fromJson("""
          {"type": "object", "properties": {
            "untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
            "titledSingle": {"type": "string", "oneOf": [
              {"const": "value1", "title": "First Option"}, {"const": "value2", "title": "Second Option"},
              {"const": "value3", "title": "Third Option"}]},
            "legacyEnum": {"type": "string", "enum": ["opt1", "opt2", "opt3"],
                           "enumNames": ["Option One", "Option Two", "Option Three"]},
            "untitledMulti": {"type": "array", "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
            "titledMulti": {"type": "array", "items": {"anyOf": [
              {"const": "value1", "title": "First Choice"}, {"const": "value2", "title": "Second Choice"},
              {"const": "value3", "title": "Third Choice"}]}}}}""", Adapter.MAP)).build();

  private static CallToolResult testElicitation(McpSyncServerExchange exchange, CallToolRequest request) {
    Object message = request.arguments().get("message");
    ElicitFormRequest form = ElicitFormRequest.builder(
        message instanceof String m ? m : "Please provide your information",
        Adapter.fromJson("""
            {"type": "object", "required": ["username", "email"], "properties": {
              "username": {"type": "string", "description": "User's response"},
              "email": {"type": "string", "description": "User's email address"}}}""", Adapter.MAP)).build();
    try {
      ElicitResult result = exchange.createElicitation(form);
      return text("User response: action=" + action(result) + ", content=" + content(result));
    } catch (RuntimeException e) {
      return error("the SDK refused or failed: " + e.getMessage());
    }
  }

  private static CallToolResult official(McpSyncServerExchange exchange, ElicitFormRequest form) {
    try {
      ElicitResult result = exchange.createElicitation(form);
      return text("Elicitation completed: action=" + action(result) + ", content=" + content(result));
    } catch (RuntimeException e) {
      return error("the SDK refused or failed: " + e.getMessage());
    }
  }

  private static String action(ElicitResult result) {
    return result.action() == null ? "null" : result.action().name().toLowerCase();
  }

  private static String content(ElicitResult result) {
    return Adapter.toJson(result.content() == null ? Map.of() : result.content());
  }
}
