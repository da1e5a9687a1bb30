// Command server is the elicit-conform server adapter for github.com/mark3labs/mcp-go,
// following docs/adapter-contract.md.
//
// One server.MCPServer (server.WithElicitation) with the tools of the adapter contract:
//
//	elicit       {params}        asks the user with these params and returns the ElicitationResult
//	                             as JSON text, or isError with the SDK's message if it refused
//	require_url  {elicitations}  the handler returns mcp.URLElicitationRequiredError (-32042)
//	complete     {elicitationId} MCPServer.SendElicitationComplete
//	elicit_sequence {params: [...]} asks with each params in turn, one round each, and returns
//	                             the JSON array of the ElicitationResults (2026-07-28)
//	elicit_together {params: [...]} asks with all of them in one round (asking again for any a
//	                             retry lacks, keeping the answers it gave in the request state)
//	                             and returns the JSON array of the ElicitationResults
//
// and the official conformance suite's test_elicitation, test_elicitation_sep1034_defaults and
// test_elicitation_sep1330_enums; and the contract's prompt elicit_prompt (MCPServer.AddPrompt).
// elicit runs as a task when the call is task-augmented (2025-11-25: server.WithTaskCapabilities,
// execution.taskSupport "optional"; left out when the harness names another revision).
//
// The SDK has two ways for a tool to ask the user, and --api chooses which one every tool uses:
//
//	--api push            (default) MCPServer.RequestElicitation: sends elicitation/create and
//	                      waits. The SDK refuses it on a 2026-07-28 request
//	                      (server.ErrServerInitiatedRequestUnsupported); the adapter turns that
//	                      refusal into the SKIP convention.
//	--api input-required  the multi round-trip API: server.NewInputRequestBuilder(...).Elicit(...)
//	                      .ToolResult(), and on the retry server.ElicitationResponse. On a 2025
//	                      session the SDK sends elicitation/create itself and re-invokes the handler.
//
// Transport: stdio (server.ServeStdio), or --http PORT: Streamable HTTP on 127.0.0.1:PORT
// (0: any free port) through server.NewStreamableHTTPServer, whose URL is the first line of stdout.
//
// Every argument goes to the SDK as given: the adapter neither checks nor repairs it.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// key is the one input request key this adapter's input-required handlers use.
const key = "elicit"

var api = "push"

func skip(reason string) {
	fmt.Fprintf(os.Stderr, "elicit-conform: SKIP: %s\n", reason)
	os.Exit(77)
}

func toolError(err error) *mcp.CallToolResult { return mcp.NewToolResultError(err.Error()) }

// elicitParams turns a JSON object into the SDK's ElicitationParams; the requested schema stays
// the JSON it came as.
func elicitParams(params any) (mcp.ElicitationParams, error) {
	raw, err := json.Marshal(params)
	if err != nil {
		return mcp.ElicitationParams{}, err
	}
	var p struct {
		Meta            *mcp.Meta       `json:"_meta"`
		Mode            string          `json:"mode"`
		Message         string          `json:"message"`
		RequestedSchema json.RawMessage `json:"requestedSchema"`
		URL             string          `json:"url"`
		ElicitationID   string          `json:"elicitationId"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return mcp.ElicitationParams{}, err
	}
	out := mcp.ElicitationParams{Meta: p.Meta, Mode: p.Mode, Message: p.Message, URL: p.URL, ElicitationID: p.ElicitationID}
	if p.RequestedSchema != nil {
		out.RequestedSchema = p.RequestedSchema
	}
	return out, nil
}

type asker struct{ s *server.MCPServer }

// ask asks the user with params through the chosen API; render makes the tool result.
func (a asker) ask(ctx context.Context, req mcp.CallToolRequest, params mcp.ElicitationParams, render func(*mcp.ElicitationResult) *mcp.CallToolResult) (*mcp.CallToolResult, error) {
	if api == "push" {
		res, err := a.s.RequestElicitation(ctx, mcp.ElicitationRequest{
			Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
			Params:  params,
		})
		if errors.Is(err, server.ErrServerInitiatedRequestUnsupported) {
			// The SDK's typed refusal of the push API on a 2026-07-28 request: no form there.
			return toolError(fmt.Errorf("elicit-conform: SKIP: the push API (MCPServer.RequestElicitation) has no form on this revision: %w", err)), nil
		}
		if err != nil {
			return toolError(err), nil
		}
		return render(res), nil
	}
	if answer := server.ElicitationResponse(req.Params.InputResponses, key); answer != nil {
		return render(answer), nil
	}
	return server.NewInputRequestBuilder("").Elicit(key, params).ToolResult(), nil
}

// askMany asks with each of list in turn (together false: elicit_sequence) or all at once
// (together true: elicit_together), and returns the JSON array of the ElicitationResults.
//
// push: MCPServer.RequestElicitation for each params, one after another or concurrently; the SDK
// refuses it on a 2026-07-28 request, which becomes the SKIP convention (as for elicit).
//
// input-required: elicit_sequence asks one round per params under the key step-N, the answers so
// far riding in the request state as JSON (NewInputRequestBuilder(state): "use it to resume where
// the handler left off"), so where the call stands comes from the retry alone. elicit_together
// asks with every params under input-1, input-2, ... and asks again for any key a retry lacks,
// keeping the answers a retry gave in the request state the same way (InputRequestBuilder's
// RequestState: a JSON array, null where one is missing).
func (a asker) askMany(ctx context.Context, req mcp.CallToolRequest, list []mcp.ElicitationParams, together bool) *mcp.CallToolResult {
	if api == "push" {
		results := make([]*mcp.ElicitationResult, len(list))
		errs := make([]error, len(list))
		elicit := func(i int) {
			results[i], errs[i] = a.s.RequestElicitation(ctx, mcp.ElicitationRequest{
				Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
				Params:  list[i],
			})
		}
		if together {
			var wg sync.WaitGroup
			for i := range list {
				wg.Add(1)
				go func() {
					defer wg.Done()
					elicit(i)
				}()
			}
			wg.Wait()
		} else {
			for i := range list {
				if elicit(i); errs[i] != nil {
					break
				}
			}
		}
		err := errors.Join(errs...)
		if errors.Is(err, server.ErrServerInitiatedRequestUnsupported) {
			return toolError(fmt.Errorf("elicit-conform: SKIP: the push API (MCPServer.RequestElicitation) has no form on this revision: %w", err))
		}
		if err != nil {
			return toolError(err)
		}
		return jsonArray(results)
	}
	responses := req.Params.InputResponses
	if together {
		// The answers earlier retries gave, one per params (null while it is missing).
		results := make([]*mcp.ElicitationResult, len(list))
		if state := req.Params.RequestState; state != "" {
			var kept []*mcp.ElicitationResult
			if err := json.Unmarshal([]byte(state), &kept); err != nil || len(kept) != len(list) {
				return toolError(errors.New("requestState is not this call's"))
			}
			results = kept
		}
		missing := server.NewInputRequestBuilder("")
		asked := 0
		for i, p := range list {
			key := fmt.Sprintf("input-%d", i+1)
			if answer := server.ElicitationResponse(responses, key); answer != nil {
				results[i] = answer
			} else if results[i] == nil {
				missing.Elicit(key, p)
				asked++
			}
		}
		if asked == 0 {
			return jsonArray(results)
		}
		// Ask again for the missing ones alone, keeping the answers given so far in the request state.
		if asked < len(list) {
			state, err := json.Marshal(results)
			if err != nil {
				return toolError(err)
			}
			missing.RequestState(string(state))
		}
		return missing.ToolResult()
	}
	answers := []*mcp.ElicitationResult{}
	if state := req.Params.RequestState; state != "" {
		if err := json.Unmarshal([]byte(state), &answers); err != nil || len(answers) >= len(list) {
			return toolError(errors.New("requestState is not this call's"))
		}
	}
	if answer := server.ElicitationResponse(responses, fmt.Sprintf("step-%d", len(answers)+1)); answer != nil {
		answers = append(answers, answer)
		if len(answers) == len(list) {
			return jsonArray(answers)
		}
	}
	state, err := json.Marshal(answers)
	if err != nil {
		return toolError(err)
	}
	return server.NewInputRequestBuilder(string(state)).
		Elicit(fmt.Sprintf("step-%d", len(answers)+1), list[len(answers)]).
		ToolResult()
}

func jsonArray(results []*mcp.ElicitationResult) *mcp.CallToolResult {
	b, err := json.Marshal(results)
	if err != nil {
		return toolError(err)
	}
	return mcp.NewToolResultText(string(b))
}

func jsonText(res *mcp.ElicitationResult) *mcp.CallToolResult {
	b, err := json.Marshal(res)
	if err != nil {
		return toolError(err)
	}
	return mcp.NewToolResultText(string(b))
}

func contentJSON(res *mcp.ElicitationResult) string {
	content := res.Content
	if content == nil {
		content = map[string]any{}
	}
	b, _ := json.Marshal(content)
	return string(b)
}

func fixture(s string) mcp.ElicitationParams {
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		panic(err)
	}
	p, err := elicitParams(m)
	if err != nil {
		panic(err)
	}
	return p
}

const testElicitation = `{"requestedSchema":{"type":"object","properties":{
"username":{"type":"string","description":"User's response"},
"email":{"type":"string","description":"User's email address"}},"required":["username","email"]}}`

const sep1034 = `{"message":"Please review the pre-filled values","requestedSchema":{"type":"object","properties":{
"name":{"type":"string","default":"John Doe"},"age":{"type":"integer","default":30},
"score":{"type":"number","default":95.5},
"status":{"type":"string","enum":["active","inactive","pending"],"default":"active"},
"verified":{"type":"boolean","default":true}}}}`

const sep1330 = `{"message":"Please pick your options","requestedSchema":{"type":"object","properties":{
"untitledSingle":{"type":"string","enum":["option1","option2","option3"]},
"titledSingle":{"type":"string","oneOf":[{"const":"value1","title":"First Option"},{"const":"value2","title":"Second Option"},{"const":"value3","title":"Third Option"}]},
"legacyEnum":{"type":"string","enum":["opt1","opt2","opt3"],"enumNames":["Option One","Option Two","Option Three"]},
"untitledMulti":{"type":"array","items":{"type":"string","enum":["option1","option2","option3"]}},
"titledMulti":{"type":"array","items":{"anyOf":[{"const":"value1","title":"First Choice"},{"const":"value2","title":"Second Choice"},{"const":"value3","title":"Third Choice"}]}}}}}`

func newServer() *server.MCPServer {
	options := []server.ServerOption{
		server.WithToolCapabilities(true),
		server.WithPromptCapabilities(false),
		server.WithElicitation(),
	}
	// Tasks (2025-11-25, experimental): the SDK runs a tool whose execution.taskSupport is
	// "optional" as a task when the call is task-augmented (server.WithTaskCapabilities,
	// mcp.WithTaskSupport). Left out when the harness names another revision (stdio); over HTTP
	// the adapter is told nothing and declares them.
	withTasks := false
	if rev := os.Getenv("ELICIT_CONFORM_PROTOCOL_VERSION"); rev == "" || rev == "2025-11-25" {
		withTasks = true
		options = append(options, server.WithTaskCapabilities(true, true, true))
	}
	s := server.NewMCPServer("elicit-conform-mcp-go-adapter", "0.1.0", options...)
	a := asker{s}

	// The contract's prompt elicit_prompt {params: "<JSON text>"}: asks with these params, then
	// returns one user message whose text is the ElicitationResult as JSON. A GetPromptResult
	// carries InputRequests like a CallToolResult (InputRequestBuilder.PromptResult).
	s.AddPrompt(mcp.NewPrompt("elicit_prompt",
		mcp.WithPromptDescription("Asks the user with the given elicitation params, then returns the answer as its message."),
		mcp.WithArgument("params", mcp.RequiredArgument(), mcp.ArgumentDescription("The JSON text of elicitation/create params."))),
		func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			var asked map[string]any
			if err := json.Unmarshal([]byte(req.Params.Arguments["params"]), &asked); err != nil {
				return nil, fmt.Errorf("elicit_prompt needs the argument params, the JSON text of elicitation params: %w", err)
			}
			params, err := elicitParams(asked)
			if err != nil {
				return nil, err
			}
			message := func(res *mcp.ElicitationResult) (*mcp.GetPromptResult, error) {
				raw, err := json.Marshal(res)
				if err != nil {
					return nil, err
				}
				return &mcp.GetPromptResult{Messages: []mcp.PromptMessage{
					mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent(string(raw)))}}, nil
			}
			if api == "push" {
				res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{
					Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
					Params:  params,
				})
				if errors.Is(err, server.ErrServerInitiatedRequestUnsupported) {
					return nil, fmt.Errorf("elicit-conform: SKIP: the push API (MCPServer.RequestElicitation) has no form on this revision: %w", err)
				}
				if err != nil {
					return nil, err
				}
				return message(res)
			}
			if answer := server.ElicitationResponse(req.Params.InputResponses, key); answer != nil {
				return message(answer)
			}
			return server.NewInputRequestBuilder("").Elicit(key, params).PromptResult(), nil
		})

	elicitOptions := []mcp.ToolOption{
		mcp.WithDescription("Asks the user with the given elicitation params and returns the result as JSON text."),
		mcp.WithObject("params", mcp.Required(), mcp.Description("the params of elicitation/create"))}
	if withTasks {
		elicitOptions = append(elicitOptions, mcp.WithTaskSupport(mcp.TaskSupportOptional))
	}
	s.AddTool(mcp.NewTool("elicit", elicitOptions...),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			params, err := elicitParams(req.GetArguments()["params"])
			if err != nil {
				return toolError(err), nil
			}
			return a.ask(ctx, req, params, jsonText)
		})

	for _, tool := range []struct {
		name, description string
		together          bool
	}{
		{"elicit_sequence", "Asks the user with each of the given params in turn and returns the results as a JSON array.", false},
		{"elicit_together", "Asks the user with all of the given params at once and returns the results as a JSON array.", true},
	} {
		s.AddTool(mcp.NewTool(tool.name,
			mcp.WithDescription(tool.description),
			mcp.WithArray("params", mcp.Required(), mcp.Items(map[string]any{"type": "object"}),
				mcp.Description("the params of each elicitation/create, in order"))),
			func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				given, _ := req.GetArguments()["params"].([]any)
				if len(given) == 0 {
					return toolError(errors.New("params lists no elicitation")), nil
				}
				list := make([]mcp.ElicitationParams, len(given))
				for i, p := range given {
					params, err := elicitParams(p)
					if err != nil {
						return toolError(err), nil
					}
					list[i] = params
				}
				return a.askMany(ctx, req, list, tool.together), nil
			})
	}

	s.AddTool(mcp.NewTool("require_url",
		mcp.WithDescription("Fails with a -32042 URLElicitationRequiredError listing the given elicitations."),
		mcp.WithArray("elicitations", mcp.Required(), mcp.Items(map[string]any{"type": "object"}))),
		func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			list, _ := req.GetArguments()["elicitations"].([]any)
			required := mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{}}
			for _, e := range list {
				p, err := elicitParams(e)
				if err != nil {
					return toolError(err), nil
				}
				required.Elicitations = append(required.Elicitations, p)
			}
			return nil, required
		})

	s.AddTool(mcp.NewTool("complete",
		mcp.WithDescription("Sends notifications/elicitation/complete for an elicitation id."),
		mcp.WithString("elicitationId", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			id := req.GetString("elicitationId", "")
			if err := s.SendElicitationComplete(ctx, server.ClientSessionFromContext(ctx), id); err != nil {
				return toolError(err), nil
			}
			return mcp.NewToolResultText("completion sent"), nil
		})

	// The official MCP conformance suite's elicitation tools (as its scenario texts describe them).
	s.AddTool(mcp.NewTool("test_elicitation",
		mcp.WithDescription("Asks the user for a username and an email address (official conformance suite)."),
		mcp.WithString("message", mcp.Required())),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			params := fixture(testElicitation)
			params.Message = req.GetString("message", "")
			return a.ask(ctx, req, params, func(r *mcp.ElicitationResult) *mcp.CallToolResult {
				return mcp.NewToolResultText(fmt.Sprintf("User response: action=%s, content=%s", r.Action, contentJSON(r)))
			})
		})
	report := func(r *mcp.ElicitationResult) *mcp.CallToolResult {
		return mcp.NewToolResultText(fmt.Sprintf("Elicitation completed: action=%s, content=%s", r.Action, contentJSON(r)))
	}
	s.AddTool(mcp.NewTool("test_elicitation_sep1034_defaults",
		mcp.WithDescription("Asks for one field of each primitive type, each with a default (SEP-1034, official conformance suite).")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return a.ask(ctx, req, fixture(sep1034), report)
		})
	s.AddTool(mcp.NewTool("test_elicitation_sep1330_enums",
		mcp.WithDescription("Asks for one field of each of the five SEP-1330 enum variants (official conformance suite).")),
		func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return a.ask(ctx, req, fixture(sep1330), report)
		})
	return s
}

// byEra routes a POST that names a protocol version of 2026-07-28 or later (in params._meta,
// else in its MCP-Protocol-Version header) to modern, everything else to legacy. mcp-go serves
// 2026-07-28 over Streamable HTTP only from a stateless server (server/discover.go: "a stateful
// Streamable HTTP server reports only the legacy versions"), which cannot carry a 2025
// server-to-client elicitation/create.
func byEra(legacy, modern http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Header.Get("Mcp-Session-Id") != "" {
			legacy.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		var msg struct {
			Params struct {
				Meta map[string]any `json:"_meta"`
			} `json:"params"`
		}
		version := r.Header.Get("Mcp-Protocol-Version")
		if json.Unmarshal(body, &msg) == nil {
			if v, ok := msg.Params.Meta["io.modelcontextprotocol/protocolVersion"].(string); ok {
				version = v
			}
		}
		if version >= "2026-07-28" {
			modern.ServeHTTP(w, r)
			return
		}
		legacy.ServeHTTP(w, r)
	})
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("adapter: ")
	flag.StringVar(&api, "api", "push", "the elicitation API every tool uses: push or input-required")
	httpPort := flag.Int("http", -1, "serve Streamable HTTP on 127.0.0.1:PORT (0: any free port) instead of stdio")
	flag.Parse()
	if api != "push" && api != "input-required" {
		log.Fatal("--api takes push or input-required")
	}
	// The cases about eras name the versions to support, exactly: mcp-go has no option to narrow
	// the versions a server speaks (mcp.ValidProtocolVersions is global).
	if told := os.Getenv("ELICIT_CONFORM_PROTOCOL_VERSIONS"); told != "" {
		skip("mcp-go has no option to support exactly " + told)
	}
	s := newServer()
	if *httpPort < 0 {
		if err := server.ServeStdio(s); err != nil && !errors.Is(err, context.Canceled) {
			log.Printf("%v", err)
		}
		return
	}
	legacy := server.NewStreamableHTTPServer(s)
	modern := server.NewStreamableHTTPServer(s, server.WithStateLess(true))
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *httpPort))
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", byEra(legacy, modern))
	fmt.Printf("http://127.0.0.1:%d/mcp\n", ln.Addr().(*net.TCPAddr).Port)
	log.Fatal(http.Serve(ln, mux))
}
