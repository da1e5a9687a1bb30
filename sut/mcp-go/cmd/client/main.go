// Command client is the elicit-conform client adapter for github.com/mark3labs/mcp-go,
// following docs/adapter-contract.md.
//
// A client.Client that declares the elicitation capability of ELICIT_CONFORM_CAPABILITIES
// (client.WithClientCapabilities), answers elicitations through client.WithElicitationHandler as
// the scripted user of ELICIT_CONFORM_USER (one answer per elicitation shown; cancel once the
// script is used up), connects to the server named by its last argument, calls
// ELICIT_CONFORM_TOOL once and exits 0 after the result. Whatever the SDK checks or changes on the
// way is the SDK's doing.
//
// The revision (ELICIT_CONFORM_PROTOCOL_VERSION) is client.WithProtocolVersion: a 2025 revision
// keeps the client on initialize; 2026-07-28 makes it probe with server/discover and fall back to
// initialize at 2025-11-25 when the server is legacy.
//
// Last argument: an http:// URL (transport.NewStreamableHTTP) or the path of an executable to
// spawn as the stdio server (transport.NewStdio).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

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

// Elicit implements client.ElicitationHandler: the user interface.
func (u *user) Elicit(_ context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	a := u.answer(req.Params.Message)
	res := &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseAction(a.Action)}}
	if a.Action != "accept" {
		return res, nil
	}
	if req.Params.Mode == mcp.ElicitationModeURL {
		openURL(req.Params.URL)
		return res, nil
	}
	if a.Content == nil {
		// The user submits the form as pre-filled: mcp-go has no API that fills in a schema's
		// defaults (SEP-1034), and filling them in here would be the adapter's doing.
		skip("mcp-go has no API for applying SEP-1034 defaults to an accepted form")
	}
	res.Content = a.Content
	return res, nil
}

// openURL "opens" a URL the user agreed to: one GET, and only on loopback.
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
	if revision != "" && !slices.Contains(mcp.ValidProtocolVersions, revision) {
		skip(fmt.Sprintf("mcp-go does not speak protocol version %s", revision))
	}
	// The cases about eras: WithProtocolVersion(2026-07-28) is dual-era with 2025-11-25 as its
	// fallback; a modern-only client is the same against a modern server. Nothing else.
	if told := os.Getenv("ELICIT_CONFORM_PROTOCOL_VERSIONS"); told != "" {
		versions := strings.Split(told, ",")
		switch {
		case len(versions) == 1 && versions[0] == revision:
		case len(versions) == 2 && versions[0] == "2026-07-28" && versions[1] == "2025-11-25":
		// 2026-07-28 with 2025-11-25 and 2025-06-18: mcp-go speaks these (and older ones it cannot
		// drop); what the set decides is the fallback's version, the newest initialize-based one:
		// 2025-11-25 in the set as in mcp-go (mcp.LATEST_LEGACY_PROTOCOL_VERSION).
		case len(versions) == 3 && versions[0] == "2026-07-28" && versions[1] == "2025-11-25" && versions[2] == "2025-06-18":
		default:
			skip("mcp-go's client has no option to support exactly " + told)
		}
	}

	var caps mcp.ClientCapabilities
	opts := []client.ClientOption{}
	if revision != "" {
		opts = append(opts, client.WithProtocolVersion(revision))
	}
	if declared != "none" {
		var elicitation mcp.ElicitationCapability
		if err := json.Unmarshal([]byte(declared), &elicitation); err != nil {
			fail("ELICIT_CONFORM_CAPABILITIES is not JSON: %v", err)
		}
		caps.Elicitation = &elicitation
		opts = append(opts, client.WithElicitationHandler(scripted))
	}
	opts = append(opts, client.WithClientCapabilities(caps))

	var t transport.Interface
	if strings.HasPrefix(target, "http://") || strings.HasPrefix(target, "https://") {
		// A 2025 client that declares URL mode receives notifications/elicitation/complete
		// outside any request: on the standalone GET stream, which mcp-go opens only with
		// WithContinuousListening (deprecated for 2026-07-28, which has no such stream).
		var httpOpts []transport.StreamableHTTPCOption
		if caps.Elicitation != nil && caps.Elicitation.URL != nil && revision != "" && revision < "2026-07-28" {
			httpOpts = append(httpOpts, transport.WithContinuousListening())
		}
		h, err := transport.NewStreamableHTTP(target, httpOpts...)
		if err != nil {
			fail("%v", err)
		}
		t = h
	} else {
		t = transport.NewStdio(target, nil)
	}
	c := client.NewClient(t, opts...)

	// Completion of a URL-mode elicitation (2025-11-25): the retry after -32042 waits for it.
	var completedMu sync.Mutex
	completed := map[string]bool{}
	completedCh := make(chan struct{}, 16)
	c.OnNotification(func(n mcp.JSONRPCNotification) {
		if n.Method != string(mcp.MethodNotificationElicitationComplete) {
			return
		}
		id, _ := n.Params.AdditionalFields["elicitationId"].(string)
		fmt.Fprintf(os.Stderr, "adapter: elicitation %s completed\n", id)
		completedMu.Lock()
		completed[id] = true
		completedMu.Unlock()
		select {
		case completedCh <- struct{}{}:
		default:
		}
	})
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

	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		fail("start failed: %v", err)
	}
	defer func() { _ = c.Close() }()
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = revision
	init.Params.ClientInfo = mcp.Implementation{Name: "elicit-conform-mcp-go-adapter", Version: "0.1.0"}
	init.Params.Capabilities = caps
	if _, err := c.Initialize(ctx, init); err != nil {
		_ = c.Close()
		fail("initialize failed: %v", err)
	}

	for attempt := 1; ; attempt++ {
		var call mcp.CallToolRequest
		call.Params.Name = tool
		call.Params.Arguments = map[string]any{}
		_, err := c.CallTool(ctx, call)
		if err == nil {
			break
		}
		var required mcp.URLElicitationRequiredError
		if !errors.As(err, &required) {
			fmt.Fprintf(os.Stderr, "adapter: tool call failed: %v\n", err)
			break
		}
		// -32042 (2025-11-25): each URL is shown to the user and opened only if accepted; when
		// all were accepted, the application retries once they completed (the spec's MAY).
		var accepted []string
		for _, e := range required.Elicitations {
			if scripted.answer(e.Message).Action != "accept" {
				continue
			}
			openURL(e.URL)
			accepted = append(accepted, e.ElicitationID)
		}
		if attempt > 1 || len(accepted) != len(required.Elicitations) || !allCompleted(accepted, 3*time.Second) {
			break
		}
	}
}
