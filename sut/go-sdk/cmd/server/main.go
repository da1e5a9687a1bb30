// Command server is the elicit-conform server adapter for the official Go MCP SDK
// (github.com/modelcontextprotocol/go-sdk), following docs/adapter-contract.md.
//
// One mcp.Server with the tools of the adapter contract, each added with mcp.AddTool:
//
//	elicit       {params}        asks the user with these params and returns the ElicitResult
//	                             as JSON text, or isError with the SDK's message if it refused
//	require_url  {elicitations}  fails the call with mcp.URLElicitationRequiredError (-32042)
//	complete     {elicitationId} ServerSession.NotifyElicitationComplete
//	elicit_sequence {params: [...]} asks with each params in turn, one round each, and returns
//	                             the JSON array of the ElicitResults (2026-07-28)
//	elicit_together {params: [...]} asks with all of them in one round (asking again for any a
//	                             retry lacks, keeping the answers it gave in RequestState) and
//	                             returns the JSON array of the ElicitResults
//
// and the official conformance suite's test_elicitation, test_elicitation_sep1034_defaults and
// test_elicitation_sep1330_enums; and, with Server.AddPrompt, the contract's prompt
//
//	elicit_prompt {params: "<JSON text>"} asks with these params, then returns one user message
//	                             whose text is the ElicitResult as JSON (a GetPromptResult may
//	                             carry InputRequests like a CallToolResult)
//
// The SDK has two ways for a tool to ask the user, and --api chooses which one every tool uses:
//
//	--api push            (default) ServerSession.Elicit: sends elicitation/create and waits.
//	                      The SDK refuses it on a 2026-07-28 request; the adapter turns that
//	                      refusal into the SKIP convention.
//	--api input-required  the multi round-trip API: the handler returns a CallToolResult whose
//	                      InputRequests holds one *mcp.ElicitParams, and on the retry reads
//	                      req.Params.InputResponses. On a 2025 session the SDK's own middleware
//	                      sends elicitation/create and re-invokes the handler.
//
// Transport: stdio (mcp.StdioTransport), or --http PORT: Streamable HTTP on 127.0.0.1:PORT
// (0: any free port) through mcp.NewStreamableHTTPHandler, whose URL is the first line of stdout.
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
	"slices"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// key is the one InputRequests key this adapter's input-required handlers use.
const key = "elicit"

var api = "push"

// skip says, on stderr and with exit status 77, that the SDK cannot run this case.
func skip(reason string) {
	fmt.Fprintf(os.Stderr, "elicit-conform: SKIP: %s\n", reason)
	os.Exit(77)
}

func text(t string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: t}}}
}

func toolError(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}, IsError: true}
}

// elicitParams turns the tool's params argument into the SDK's ElicitParams. The requested schema
// stays the JSON it came as (json.RawMessage, which the SDK documents as accepted).
func elicitParams(params map[string]any) (*mcp.ElicitParams, error) {
	raw, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	var p struct {
		Meta            mcp.Meta        `json:"_meta"`
		Mode            string          `json:"mode"`
		Message         string          `json:"message"`
		RequestedSchema json.RawMessage `json:"requestedSchema"`
		URL             string          `json:"url"`
		ElicitationID   string          `json:"elicitationId"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, err
	}
	out := &mcp.ElicitParams{Meta: p.Meta, Mode: p.Mode, Message: p.Message, URL: p.URL, ElicitationID: p.ElicitationID}
	if p.RequestedSchema != nil {
		out.RequestedSchema = p.RequestedSchema
	}
	return out, nil
}

// ask asks the user with params through the chosen API; render makes the tool result from the
// ElicitResult.
func ask(ctx context.Context, req *mcp.CallToolRequest, params *mcp.ElicitParams, render func(*mcp.ElicitResult) *mcp.CallToolResult) (*mcp.CallToolResult, error) {
	if api == "push" {
		res, err := req.Session.Elicit(ctx, params)
		if err != nil {
			// The SDK refuses ServerSession.Elicit on a request of protocol version 2026-07-28 and
			// later (server.go, assertServerInitiatedRequestAllowed): this API has no form there.
			if req.ProtocolVersion() >= "2026-07-28" {
				return toolError(fmt.Errorf("elicit-conform: SKIP: the push API (ServerSession.Elicit) has no form on this revision: %w", err)), nil
			}
			return toolError(err), nil
		}
		return render(res), nil
	}
	// input-required: on the retry the answer is in InputResponses; without one, ask.
	if answer, ok := req.Params.InputResponses[key]; ok {
		if res, ok := answer.(*mcp.ElicitResult); ok {
			return render(res), nil
		}
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: params}}, nil
}

// askMany asks with each of list in turn (together false: elicit_sequence) or all at once
// (together true: elicit_together), and returns the JSON array of the ElicitResults in order.
//
// push: ServerSession.Elicit for each params, one after another or concurrently; on a 2026-07-28
// request the SDK refuses it, which becomes the SKIP convention (as for elicit).
//
// input-required: elicit_sequence asks one round per params under the key step-N, the answers so
// far riding in RequestState as JSON (the SDK hands the handler the state the retry carries, as
// its documentation's example does with "step=1"); so where the call stands comes from the retry
// alone. elicit_together asks with every params under input-1, input-2, ... and asks again for
// any key a retry lacks, keeping the answers a retry gave in RequestState the same way (a JSON
// array, null where one is missing).
func askMany(ctx context.Context, req *mcp.CallToolRequest, list []*mcp.ElicitParams, together bool) *mcp.CallToolResult {
	if api == "push" {
		results := make([]*mcp.ElicitResult, len(list))
		errs := make([]error, len(list))
		if together {
			var wg sync.WaitGroup
			for i, p := range list {
				wg.Add(1)
				go func() {
					defer wg.Done()
					results[i], errs[i] = req.Session.Elicit(ctx, p)
				}()
			}
			wg.Wait()
		} else {
			for i, p := range list {
				if results[i], errs[i] = req.Session.Elicit(ctx, p); errs[i] != nil {
					break
				}
			}
		}
		if err := errors.Join(errs...); err != nil {
			if req.ProtocolVersion() >= "2026-07-28" {
				return toolError(fmt.Errorf("elicit-conform: SKIP: the push API (ServerSession.Elicit) has no form on this revision: %w", err))
			}
			return toolError(err)
		}
		return jsonArray(results)
	}
	responses := req.Params.InputResponses
	if together {
		// The answers earlier retries gave, one per params (null while it is missing).
		results := make([]*mcp.ElicitResult, len(list))
		if state := req.Params.RequestState; state != "" {
			var kept []*mcp.ElicitResult
			if err := json.Unmarshal([]byte(state), &kept); err != nil || len(kept) != len(list) {
				return toolError(errors.New("requestState is not this call's"))
			}
			results = kept
		}
		missing := mcp.InputRequestMap{}
		for i, p := range list {
			key := fmt.Sprintf("input-%d", i+1)
			if res, ok := responses[key].(*mcp.ElicitResult); ok {
				results[i] = res
			} else if results[i] == nil {
				missing[key] = p
			}
		}
		if len(missing) == 0 {
			return jsonArray(results)
		}
		// Ask again for the missing ones alone, keeping the answers given so far in RequestState.
		out := &mcp.CallToolResult{InputRequests: missing}
		if len(missing) < len(list) {
			state, err := json.Marshal(results)
			if err != nil {
				return toolError(err)
			}
			out.RequestState = string(state)
		}
		return out
	}
	var answers []*mcp.ElicitResult
	if state := req.Params.RequestState; state != "" {
		if err := json.Unmarshal([]byte(state), &answers); err != nil || len(answers) >= len(list) {
			return toolError(errors.New("requestState is not this call's"))
		}
	}
	if res, ok := responses[fmt.Sprintf("step-%d", len(answers)+1)].(*mcp.ElicitResult); ok {
		answers = append(answers, res)
		if len(answers) == len(list) {
			return jsonArray(answers)
		}
	}
	state, err := json.Marshal(answers)
	if err != nil {
		return toolError(err)
	}
	if answers == nil {
		state = []byte("[]")
	}
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{fmt.Sprintf("step-%d", len(answers)+1): list[len(answers)]},
		RequestState:  string(state),
	}
}

func jsonArray(results []*mcp.ElicitResult) *mcp.CallToolResult {
	b, err := json.Marshal(results)
	if err != nil {
		return toolError(err)
	}
	return text(string(b))
}

type elicitManyArgs struct {
	Params []map[string]any `json:"params" jsonschema:"the params of each elicitation/create, in order"`
}

type elicitArgs struct {
	Params map[string]any `json:"params" jsonschema:"the params of elicitation/create"`
}

type requireURLArgs struct {
	Elicitations []map[string]any `json:"elicitations" jsonschema:"the URL-mode elicitations the error lists"`
}

type completeArgs struct {
	ElicitationID string `json:"elicitationId" jsonschema:"the id of the URL-mode elicitation that completed"`
}

type messageArgs struct {
	Message string `json:"message"`
}

type noArgs struct{}

func jsonText(res *mcp.ElicitResult) *mcp.CallToolResult {
	b, err := json.Marshal(res)
	if err != nil {
		return toolError(err)
	}
	return text(string(b))
}

func contentJSON(res *mcp.ElicitResult) string {
	content := res.Content
	if content == nil {
		content = map[string]any{}
	}
	b, _ := json.Marshal(content)
	return string(b)
}

func fixtureSchema(s string) *mcp.ElicitParams {
	var p mcp.ElicitParams
	if err := json.Unmarshal([]byte(s), &p); err != nil {
		panic(err)
	}
	return &p
}

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

func newServer(opts *mcp.ServerOptions) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "elicit-conform-go-sdk-adapter", Version: "0.1.0"}, opts)

	mcp.AddTool(s, &mcp.Tool{Name: "elicit", Description: "Asks the user with the given elicitation params and returns the result as JSON text."},
		func(ctx context.Context, req *mcp.CallToolRequest, in elicitArgs) (*mcp.CallToolResult, any, error) {
			params, err := elicitParams(in.Params)
			if err != nil {
				return toolError(err), nil, nil
			}
			res, err := ask(ctx, req, params, jsonText)
			return res, nil, err
		})

	for _, tool := range []struct {
		name, description string
		together          bool
	}{
		{"elicit_sequence", "Asks the user with each of the given params in turn and returns the results as a JSON array.", false},
		{"elicit_together", "Asks the user with all of the given params at once and returns the results as a JSON array.", true},
	} {
		mcp.AddTool(s, &mcp.Tool{Name: tool.name, Description: tool.description},
			func(ctx context.Context, req *mcp.CallToolRequest, in elicitManyArgs) (*mcp.CallToolResult, any, error) {
				list := make([]*mcp.ElicitParams, len(in.Params))
				for i, p := range in.Params {
					params, err := elicitParams(p)
					if err != nil {
						return toolError(err), nil, nil
					}
					list[i] = params
				}
				if len(list) == 0 {
					return toolError(errors.New("params lists no elicitation")), nil, nil
				}
				return askMany(ctx, req, list, tool.together), nil, nil
			})
	}

	s.AddPrompt(&mcp.Prompt{Name: "elicit_prompt", Description: "Asks the user with the given elicitation params, then returns the answer as its message.",
		Arguments: []*mcp.PromptArgument{{Name: "params", Description: "The JSON text of elicitation/create params.", Required: true}}},
		func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			var asked map[string]any
			if err := json.Unmarshal([]byte(req.Params.Arguments["params"]), &asked); err != nil {
				return nil, fmt.Errorf("elicit_prompt needs the argument params, the JSON text of elicitation params: %w", err)
			}
			params, err := elicitParams(asked)
			if err != nil {
				return nil, err
			}
			message := func(res *mcp.ElicitResult) (*mcp.GetPromptResult, error) {
				raw, err := json.Marshal(res)
				if err != nil {
					return nil, err
				}
				return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: string(raw)}}}}, nil
			}
			if api == "push" {
				res, err := req.Session.Elicit(ctx, params)
				if err != nil {
					if req.ProtocolVersion() >= "2026-07-28" {
						return nil, fmt.Errorf("elicit-conform: SKIP: the push API (ServerSession.Elicit) has no form on this revision: %w", err)
					}
					return nil, err
				}
				return message(res)
			}
			// input-required: on the retry the answer is in InputResponses; without one, ask.
			if answer, ok := req.Params.InputResponses[key]; ok {
				if res, ok := answer.(*mcp.ElicitResult); ok {
					return message(res)
				}
			}
			return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{key: params}}, nil
		})

	mcp.AddTool(s, &mcp.Tool{Name: "require_url", Description: "Fails with a -32042 URLElicitationRequiredError listing the given elicitations."},
		func(_ context.Context, _ *mcp.CallToolRequest, in requireURLArgs) (res *mcp.CallToolResult, _ any, err error) {
			// mcp.URLElicitationRequiredError panics on an entry that is not URL mode (its
			// documented refusal). The SDK does not recover a panicking tool handler, so the
			// process would die with it (over HTTP, every session at once); the adapter reports
			// the refusal as the tool's error instead.
			defer func() {
				if r := recover(); r != nil {
					res, err = toolError(fmt.Errorf("the SDK refused: %v", r)), nil
				}
			}()
			var list []*mcp.ElicitParams
			for _, e := range in.Elicitations {
				p, err := elicitParams(e)
				if err != nil {
					return toolError(err), nil, nil
				}
				list = append(list, p)
			}
			return nil, nil, mcp.URLElicitationRequiredError(list)
		})

	mcp.AddTool(s, &mcp.Tool{Name: "complete", Description: "Sends notifications/elicitation/complete for an elicitation id."},
		func(ctx context.Context, req *mcp.CallToolRequest, in completeArgs) (*mcp.CallToolResult, any, error) {
			if err := req.Session.NotifyElicitationComplete(ctx, &mcp.ElicitationCompleteParams{ElicitationID: in.ElicitationID}); err != nil {
				return toolError(err), nil, nil
			}
			return text("completion sent"), nil, nil
		})

	// The official MCP conformance suite's elicitation tools (as its scenario texts describe them).
	mcp.AddTool(s, &mcp.Tool{Name: "test_elicitation", Description: "Asks the user for a username and an email address (official conformance suite)."},
		func(ctx context.Context, req *mcp.CallToolRequest, in messageArgs) (*mcp.CallToolResult, any, error) {
			params := fixtureSchema(`{"requestedSchema":{"type":"object","properties":{
"username":{"type":"string","description":"User's response"},
"email":{"type":"string","description":"User's email address"}},"required":["username","email"]}}`)
			params.Message = in.Message
			res, err := ask(ctx, req, params, func(r *mcp.ElicitResult) *mcp.CallToolResult {
				return text(fmt.Sprintf("User response: action=%s, content=%s", r.Action, contentJSON(r)))
			})
			return res, nil, err
		})
	report := func(r *mcp.ElicitResult) *mcp.CallToolResult {
		return text(fmt.Sprintf("Elicitation completed: action=%s, content=%s", r.Action, contentJSON(r)))
	}
	mcp.AddTool(s, &mcp.Tool{Name: "test_elicitation_sep1034_defaults", Description: "Asks for one field of each primitive type, each with a default (SEP-1034, official conformance suite)."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ noArgs) (*mcp.CallToolResult, any, error) {
			res, err := ask(ctx, req, fixtureSchema(sep1034), report)
			return res, nil, err
		})
	mcp.AddTool(s, &mcp.Tool{Name: "test_elicitation_sep1330_enums", Description: "Asks for one field of each of the five SEP-1330 enum variants (official conformance suite)."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ noArgs) (*mcp.CallToolResult, any, error) {
			res, err := ask(ctx, req, fixtureSchema(sep1330), report)
			return res, nil, err
		})
	return s
}

// serverOptions: the cases about eras name the versions to support, exactly
// (ELICIT_CONFORM_PROTOCOL_VERSIONS); the SDK's option for that is
// ServerOptions.SupportedProtocolVersions. Unset: the SDK's default list.
func serverOptions() *mcp.ServerOptions {
	told := os.Getenv("ELICIT_CONFORM_PROTOCOL_VERSIONS")
	if told == "" {
		return nil
	}
	versions := strings.Split(told, ",")
	for _, v := range versions {
		if !slices.Contains(mcp.SupportedProtocolVersions(), v) {
			skip(fmt.Sprintf("the SDK does not speak protocol version %s (mcp.SupportedProtocolVersions: %s)", v, strings.Join(mcp.SupportedProtocolVersions(), ", ")))
		}
	}
	return &mcp.ServerOptions{SupportedProtocolVersions: versions}
}

// byEra routes a POST that names a protocol version of 2026-07-28 or later to modern, and
// everything else (initialize, a 2025 session's requests, GET and DELETE of a session) to legacy.
// The version is the protocolVersion of the message's params._meta (the SEP-2575 envelope, which
// only a modern request carries), else its MCP-Protocol-Version header; the modern handler then
// judges the two against each other itself.
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
			if v, ok := msg.Params.Meta[mcp.MetaKeyProtocolVersion].(string); ok {
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
	opts := serverOptions()

	if *httpPort < 0 {
		if err := newServer(opts).Run(context.Background(), &mcp.StdioTransport{}); err != nil && !errors.Is(err, context.Canceled) {
			log.Printf("%v", err)
		}
		return
	}
	// Streamable HTTP: one server serves every session, as a deployed server does. The SDK serves
	// 2026-07-28 over Streamable HTTP only from a stateless handler (docs/protocol.md: "Required
	// for 2026-07-28"), and a stateless handler rejects every server-to-client request, which a
	// 2025 elicitation is. So 2025 traffic goes to a sessionful handler and 2026-07-28 traffic to
	// a stateless one, told apart by the version the request names (its MCP-Protocol-Version
	// header, or the protocolVersion of its params._meta).
	server := newServer(opts)
	getServer := func(*http.Request) *mcp.Server { return server }
	handler := byEra(mcp.NewStreamableHTTPHandler(getServer, nil),
		mcp.NewStreamableHTTPHandler(getServer, &mcp.StreamableHTTPOptions{Stateless: true}))
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *httpPort))
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", handler)
	fmt.Printf("http://127.0.0.1:%d/mcp\n", ln.Addr().(*net.TCPAddr).Port)
	log.Fatal(http.Serve(ln, mux))
}
