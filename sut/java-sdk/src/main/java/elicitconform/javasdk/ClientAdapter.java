package elicitconform.javasdk;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.ClientCapabilities;
import io.modelcontextprotocol.spec.McpSchema.ElicitResult;
import io.modelcontextprotocol.spec.McpSchema.ElicitUrlRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A client built with {@code McpClient.sync(...)}: declares exactly ELICIT_CONFORM_CAPABILITIES,
 * answers elicitations through the SDK's handlers ({@code elicitation(...)} for form mode,
 * {@code urlElicitation(...)} for URL mode) as the scripted user of ELICIT_CONFORM_USER, calls
 * ELICIT_CONFORM_TOOL once and exits 0 after its result. The last argument is the stdio server
 * to spawn ({@code StdioClientTransport}) or an http:// URL ({@code HttpClientStreamableHttpTransport}).
 */
final class ClientAdapter {

  private static List<Map<String, Object>> script = List.of();

  private static int next;

  private static final Set<String> COMPLETED = ConcurrentHashMap.newKeySet();

  private ClientAdapter() {}

  static void main(String[] args) {
    if (args.length == 0) {
      Adapter.log("usage: adapter client SERVER-OR-URL");
      System.exit(2);
    }
    String target = args[args.length - 1];
    boolean overHttp = target.startsWith("http://") || target.startsWith("https://");

    // The revisions the SDK speaks are those its transports list (McpTransport.protocolVersions(),
    // oldest first; the HTTP transport's builder has the same default list); the client asks for
    // the last one of the list it is given. Constructing the transport starts nothing.
    List<String> speaks = new StdioClientTransport(ServerParameters.builder(target).build(), Adapter.JSON)
        .protocolVersions();
    String revision = Adapter.env("ELICIT_CONFORM_PROTOCOL_VERSION", speaks.get(speaks.size() - 1));
    if (!speaks.contains(revision)) {
      Adapter.skipRevision("io.modelcontextprotocol.sdk:mcp speaks " + String.join(", ", speaks)
          + " (McpTransport.protocolVersions()), not " + revision);
    }
    String versions = Adapter.env("ELICIT_CONFORM_PROTOCOL_VERSIONS", null);
    if (versions != null && !speaks.containsAll(List.of(versions.split(",")))) {
      Adapter.skip("the SDK has no option to support " + versions);
    }
    // Ask for the revision told: the SDK's versions up to it (the client asks for the last).
    List<String> offered = List.copyOf(speaks.subList(0, speaks.indexOf(revision) + 1));

    script = Adapter.fromJson(Adapter.env("ELICIT_CONFORM_USER", "[]"), new io.modelcontextprotocol.json.TypeRef<>() {});
    String tool = Adapter.env("ELICIT_CONFORM_TOOL", "elicitation_case");
    String declared = Adapter.env("ELICIT_CONFORM_CAPABILITIES", "none");

    McpClientTransport transport = overHttp ? httpTransport(target, offered) : stdioTransport(target, offered);
    McpClient.SyncSpec spec = McpClient.sync(transport)
        .clientInfo(new McpSchema.Implementation("elicit-conform-java-sdk-adapter", "0.1.0"))
        .requestTimeout(Duration.ofSeconds(30));

    ClientCapabilities.Builder capabilities = ClientCapabilities.builder();
    if (!declared.equals("none")) {
      Map<String, Object> elicitation = Adapter.fromJson(declared, Adapter.MAP);
      for (Map.Entry<String, Object> member : elicitation.entrySet()) {
        boolean plain = (member.getKey().equals("form") || member.getKey().equals("url"))
            && member.getValue() instanceof Map<?, ?> m && m.isEmpty();
        if (!plain) {
          Adapter.skip("the SDK's ClientCapabilities.Elicitation cannot declare " + declared);
        }
      }
      boolean form = elicitation.containsKey("form");
      boolean url = elicitation.containsKey("url");
      capabilities.elicitation(new ClientCapabilities.Elicitation(
          form ? new ClientCapabilities.Elicitation.Form() : null,
          url ? new ClientCapabilities.Elicitation.Url() : null));
      // elicitation: {} is form mode (the SDK reads it so too).
      if (form || !url) {
        // A user who accepts without typing submits the form as it was pre-filled (SEP-1034): the
        // SDK's switch for that is applyElicitationDefaults; the handler then returns {} and the
        // SDK fills in the schema's defaults. On only when the script has such an answer.
        boolean defaults = script.stream().anyMatch(a -> "accept".equals(a.get("action")) && !a.containsKey("content"));
        spec.applyElicitationDefaults(defaults);
        spec.elicitation(request -> answer(false));
      }
      if (url) {
        spec.urlElicitation(ClientAdapter::answerUrl);
        spec.elicitationCompleteConsumer(notification -> {
          Adapter.log("elicitation " + notification.elicitationId() + " completed");
          synchronized (COMPLETED) {
            COMPLETED.add(notification.elicitationId());
            COMPLETED.notifyAll();
          }
        });
      }
    }
    spec.capabilities(capabilities.build());

    McpSyncClient client = spec.build();
    int status = 0;
    try {
      client.initialize();
    } catch (RuntimeException e) {
      Adapter.log("initialize failed: " + e.getMessage());
      status = 1;
    }
    if (status == 0) {
      callTool(client, tool);
    }
    // Close, but never wait long for it: the result is in, the case is over.
    Thread closer = new Thread(client::closeGracefully);
    closer.setDaemon(true);
    closer.start();
    try {
      closer.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    System.err.flush();
    Runtime.getRuntime().halt(status);
  }

  private static McpClientTransport stdioTransport(String command, List<String> offered) {
    ServerParameters parameters = ServerParameters.builder(command).build();
    // StdioClientTransport has no option for its versions: it inherits McpTransport's default
    // list, whose last entry is what the client asks for. An application overrides the method.
    StdioClientTransport transport = new StdioClientTransport(parameters, Adapter.JSON) {
      @Override
      public List<String> protocolVersions() {
        return offered;
      }
    };
    transport.setStdErrorHandler(line -> System.err.println("server stderr: " + line));
    return transport;
  }

  private static McpClientTransport httpTransport(String url, List<String> offered) {
    URI uri = URI.create(url);
    String base = uri.getScheme() + "://" + uri.getAuthority();
    return HttpClientStreamableHttpTransport.builder(base)
        .endpoint(uri.getRawPath())
        .jsonMapper(Adapter.JSON)
        .supportedProtocolVersions(offered)
        .build();
  }

  // --- The user: one scripted answer per elicitation shown ---------------------------------------

  private static synchronized Map<String, Object> nextAnswer() {
    return next < script.size() ? script.get(next++) : Map.of("action", "cancel");
  }

  @SuppressWarnings("unchecked")
  private static ElicitResult answer(boolean url) {
    Map<String, Object> answer = nextAnswer();
    ElicitResult.Action action = ElicitResult.Action.valueOf(String.valueOf(answer.get("action")).toUpperCase(Locale.ROOT));
    if (action != ElicitResult.Action.ACCEPT || url) {
      return new ElicitResult(action, null);
    }
    // Form mode: the user's content, or the pre-filled form untouched ({}: the SDK fills defaults).
    Object content = answer.get("content");
    return new ElicitResult(action, content instanceof Map<?, ?> m ? (Map<String, Object>) m : new HashMap<>());
  }

  private static ElicitResult answerUrl(ElicitUrlRequest request) {
    ElicitResult result = answer(true);
    if (result.action() == ElicitResult.Action.ACCEPT) {
      openUrl(request.url());
    }
    return result;
  }

  /**
   * "Opening" a URL the user agreed to: one GET, and only on loopback (this adapter never leaves
   * the machine). The application's job, not the SDK's: the SDK hands the URL over.
   */
  static void openUrl(String url) {
    URI uri;
    try {
      uri = URI.create(url);
    } catch (IllegalArgumentException e) {
      return;
    }
    if (!"http".equals(uri.getScheme()) || !"127.0.0.1".equals(uri.getHost())) {
      return;
    }
    try {
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build()
          .send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(1)).GET().build(),
              HttpResponse.BodyHandlers.discarding());
    } catch (Exception e) {
      // the harness's trap records the attempt; the answer does not matter
    }
  }

  // --- The tool call ---------------------------------------------------------------------------

  private static void callTool(McpSyncClient client, String tool) {
    for (int attempt = 1;; attempt++) {
      try {
        McpSchema.CallToolResult result = client.callTool(new CallToolRequest(tool, Map.of()));
        Adapter.log("tool result: " + Adapter.toJson(result));
        return;
      } catch (McpError e) {
        var error = e.getJsonRpcError();
        if (error == null || error.code() != McpSchema.ErrorCodes.URL_ELICITATION_REQUIRED
            || !(error.data() instanceof Map<?, ?> data) || !(data.get("elicitations") instanceof List<?> list)) {
          Adapter.log("tool call failed: " + e.getMessage());
          return;
        }
        // A -32042 (2025-11-25): each URL is shown to the user and opened only if the user
        // accepts. When the user accepted them all, the application retries the call once they
        // have completed (the spec's MAY; the SDK delivers the notifications, the retry is the
        // application's).
        List<String> accepted = new ArrayList<>();
        for (Object entry : list) {
          if (!(entry instanceof Map<?, ?> elicitation)) {
            continue;
          }
          if (!"accept".equals(nextAnswer().get("action"))) {
            continue;
          }
          openUrl(String.valueOf(elicitation.get("url")));
          accepted.add(String.valueOf(elicitation.get("elicitationId")));
        }
        boolean retry = attempt == 1 && accepted.size() == list.size();
        if (!retry || !completion(accepted, 3000)) {
          return;
        }
      } catch (RuntimeException e) {
        Adapter.log("tool call failed: " + e);
        return;
      }
    }
  }

  private static boolean completion(List<String> ids, long millis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    synchronized (COMPLETED) {
      while (!COMPLETED.containsAll(ids)) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          return false;
        }
        try {
          COMPLETED.wait(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
      return true;
    }
  }
}
