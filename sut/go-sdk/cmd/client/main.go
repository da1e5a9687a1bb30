// Command client is the elicit-conform client adapter for the official Go MCP SDK
// (github.com/modelcontextprotocol/go-sdk), following docs/adapter-contract.md.
//
// An mcp.Client that declares the elicitation capability of ELICIT_CONFORM_CAPABILITIES
// (ClientOptions.Capabilities), answers elicitations through ClientOptions.ElicitationHandler as
// the scripted user of ELICIT_CONFORM_USER (one answer per elicitation shown; cancel once the
// script is used up), connects to the server named by its last argument, calls
// ELICIT_CONFORM_TOOL once and exits 0 after the result. Whatever the SDK checks or changes on the
// way (mode support, result validation, defaults, the 2026-07-28 envelope, input_required
// retries) is the SDK's doing.
//
// The revision (ELICIT_CONFORM_PROTOCOL_VERSION) is ClientSessionOptions.ProtocolVersion. For
// 2026-07-28 the SDK probes with server/discover and falls back to initialize at 2025-11-25 when
// the server is legacy: the dual-era client the cases about eras ask for.
//
// Last argument: an http:// URL (mcp.StreamableClientTransport) or the path of an executable to
// spawn as the stdio server (mcp.CommandTransport).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// skip says, on stderr and with exit status 77, that the SDK cannot run this case.
func skip(reason string) {
	fmt.Fprintf(os.Stderr, "elicit-conform: SKIP: %s\n", reason)
	os.Exit(77)
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "adapter: "+format+"\n", args...)
	os.Exit(1)
}

type answer struct {
	Action  string         `json:"action"`
	Content map[string]any `json:"content"`
	// Message, when set, names the elicitation this answer is for (its message): an SDK that
	// shows several input requests at once, concurrently, gets each answer to its own form.
	Message *string `json:"message"`
}

// user is the scripted user: one answer per elicitation shown, cancel once the script runs out.
type user struct {
	mu     sync.Mutex
	script []answer
	used   []bool
}

// answer is the user's answer to the elicitation with this message: the first unused one
// addressed to that message, else the first unused one addressed to none (the script's order),
// else cancel.
func (u *user) answer(message string) answer {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.used == nil {
		u.used = make([]bool, len(u.script))
	}
	pick := -1
	for i, a := range u.script {
		if !u.used[i] && a.Message != nil && *a.Message == message {
			pick = i
			break
		}
	}
	for i, a := range u.script {
		if pick < 0 && !u.used[i] && a.Message == nil {
			pick = i
		}
	}
	if pick < 0 {
		return answer{Action: "cancel"}
	}
	u.used[pick] = true
	return u.script[pick]
}

// openURL "opens" a URL the user agreed to: one GET, and only on loopback. This is the
// application's job, not the SDK's: the SDK hands the URL over.
func openURL(raw string) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "http" || u.Hostname() != "127.0.0.1" {
		return
	}
	c := &http.Client{Timeout: time.Second}
	if resp, err := c.Get(u.String()); err == nil {
		_ = resp.Body.Close()
	}
}

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: client SERVER-COMMAND|URL")
	}
	target := os.Args[len(os.Args)-1]
	revision := os.Getenv("ELICIT_CONFORM_PROTOCOL_VERSION")
	declared := env("ELICIT_CONFORM_CAPABILITIES", "none")
	tool := env("ELICIT_CONFORM_TOOL", "elicitation_case")
	scripted := &user{}
	if raw := os.Getenv("ELICIT_CONFORM_USER"); raw != "" {
		if err := json.Unmarshal([]byte(raw), &scripted.script); err != nil {
			fail("ELICIT_CONFORM_USER is not JSON: %v", err)
		}
	}

	// The revision: the SDK asks for ClientSessionOptions.ProtocolVersion (initialize for a 2025
	// one; server/discover first, with a fallback to initialize, for 2026-07-28).
	if revision != "" && !slices.Contains(mcp.SupportedProtocolVersions(), revision) {
		skip(fmt.Sprintf("the SDK does not speak protocol version %s", revision))
	}
	// The cases about eras name the versions to support, exactly. The SDK's client has one
	// option, the version it asks for; asked for 2026-07-28 it is dual-era with 2025-11-25 as its
	// fallback. Any other set it cannot be configured to (but the one of fallback-offers-latest, below).
	if told := os.Getenv("ELICIT_CONFORM_PROTOCOL_VERSIONS"); told != "" {
		versions := strings.Split(told, ",")
		switch {
		case len(versions) == 1 && versions[0] == revision:
		case len(versions) == 2 && versions[0] == "2026-07-28" && versions[1] == "2025-11-25":
		// 2026-07-28 with 2025-11-25 and 2025-06-18: the SDK speaks these (and the two older ones,
		// which it cannot drop); what the set decides is the fallback's version, the newest
		// initialize-based one, 2025-11-25 in the set as in the SDK.
		case len(versions) == 3 && versions[0] == "2026-07-28" && versions[1] == "2025-11-25" && versions[2] == "2025-06-18":
		default:
			skip(fmt.Sprintf("the SDK's client has no option to support exactly %s", told))
		}
	}

	// Capabilities: exactly what the case asks for. A non-nil ClientOptions.Capabilities replaces
	// the SDK's default (roots); its Elicitation overrides the one inferred from the handler.
	caps := &mcp.ClientCapabilities{}
	opts := &mcp.ClientOptions{Capabilities: caps}
	if declared != "none" {
		var elicitation mcp.ElicitationCapabilities
		if err := json.Unmarshal([]byte(declared), &elicitation); err != nil {
			fail("ELICIT_CONFORM_CAPABILITIES is not JSON: %v", err)
		}
		caps.Elicitation = &elicitation
		opts.ElicitationHandler = func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			a := scripted.answer(req.Params.Message)
			if a.Action != "accept" {
				return &mcp.ElicitResult{Action: a.Action}, nil
			}
			if req.Params.Mode == "url" {
				openURL(req.Params.URL)
				return &mcp.ElicitResult{Action: "accept"}, nil
			}
			// Form mode: the user's content, or the form as it was pre-filled: an empty content,
			// to which the SDK applies the schema's defaults (client.go, Client.elicit).
			content := a.Content
			if content == nil {
				content = map[string]any{}
			}
			return &mcp.ElicitResult{Action: "accept", Content: content}, nil
		}
	}

	// Completion of a URL-mode elicitation (2025-11-25): the retry after -32042 waits for it.
	var completedMu sync.Mutex
	completed := map[string]bool{}
	completedCh := make(chan struct{}, 16)
	if caps.Elicitation != nil && caps.Elicitation.URL != nil {
		opts.ElicitationCompleteHandler = func(_ context.Context, n *mcp.ElicitationCompleteNotificationRequest) {
			fmt.Fprintf(os.Stderr, "adapter: elicitation %s completed\n", n.Params.ElicitationID)
			completedMu.Lock()
			completed[n.Params.ElicitationID] = true
			completedMu.Unlock()
			select {
			case completedCh <- struct{}{}:
			default:
			}
		}
	}
	allCompleted := func(ids []string, wait time.Duration) bool {
		deadline := time.After(wait)
		for {
			completedMu.Lock()
			done := true
			for _, id := range ids {
				done = done && completed[id]
			}
			completedMu.Unlock()
			if done {
				return true
			}
			select {
			case <-completedCh:
			case <-deadline:
				return false
			}
		}
	}

	client := mcp.NewClient(&mcp.Implementation{Name: "elicit-conform-go-sdk-adapter", Version: "0.1.0"}, opts)

	var transport mcp.Transport
	if strings.HasPrefix(target, "http://") || strings.HasPrefix(target, "https://") {
		transport = &mcp.StreamableClientTransport{Endpoint: target}
	} else {
		transport = &mcp.CommandTransport{Command: exec.Command(target)}
	}
	ctx := context.Background()
	session, err := client.Connect(ctx, transport, &mcp.ClientSessionOptions{ProtocolVersion: revision})
	if err != nil {
		fail("connect failed: %v", err)
	}

	for attempt := 1; ; attempt++ {
		_, err := session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: map[string]any{}})
		if err == nil {
			break
		}
		var rpcErr *jsonrpc.Error
		if !errors.As(err, &rpcErr) || rpcErr.Code != mcp.CodeURLElicitationRequired {
			fmt.Fprintf(os.Stderr, "adapter: tool call failed: %v\n", err)
			break
		}
		// A -32042 URLElicitationRequiredError (2025-11-25): each URL is shown to the user and
		// opened only if the user accepts. When the user accepted them all, the application
		// retries once they have completed (the spec's MAY; the SDK has no exported API for it).
		var data struct {
			Elicitations []*mcp.ElicitParams `json:"elicitations"`
		}
		if len(rpcErr.Data) == 0 || json.Unmarshal(rpcErr.Data, &data) != nil {
			fmt.Fprintf(os.Stderr, "adapter: tool call failed: %v\n", err)
			break
		}
		var accepted []string
		for _, e := range data.Elicitations {
			if scripted.answer(e.Message).Action != "accept" {
				continue
			}
			openURL(e.URL)
			accepted = append(accepted, e.ElicitationID)
		}
		if attempt > 1 || len(accepted) != len(data.Elicitations) || !allCompleted(accepted, 3*time.Second) {
			break
		}
	}
	_ = session.Close()
}
