package server_test

import (
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// introType is the part of an introspected type the selection builder
// reads.
type introType struct {
	Name   string
	Kind   string
	Fields []struct {
		Name string
		Args []struct {
			Type typeRef
		}
		Type typeRef
	}
}

type typeRef struct {
	Kind   string
	Name   string
	OfType *typeRef
}

func (r typeRef) named() typeRef {
	for r.OfType != nil {
		r = *r.OfType
	}
	return r
}

// selection builds a selection of every field of typ that needs no
// argument, and of every edge one level down (its own scalars), so an
// answer that loads its edges through a finished transaction shows.
func selection(types map[string]introType, typ string, depth int) string {
	t := types[typ]
	if t.Kind == "UNION" || t.Kind == "INTERFACE" {
		return "__typename"
	}
	var parts []string
	for _, f := range t.Fields {
		if requiredArgs(f.Args) {
			continue
		}
		n := f.Type.named()
		switch n.Kind {
		case "SCALAR", "ENUM":
			parts = append(parts, f.Name)
		case "OBJECT", "INTERFACE", "UNION":
			if depth == 0 {
				parts = append(parts, f.Name+" { "+selection(types, n.Name, depth+1)+" }")
			}
		}
	}
	if len(parts) == 0 {
		return "__typename"
	}
	return strings.Join(parts, " ")
}

func requiredArgs(args []struct{ Type typeRef }) bool {
	for _, a := range args {
		if a.Type.Kind == "NON_NULL" {
			return true
		}
	}
	return false
}

// schemaTypes introspects every type with its fields.
func schemaTypes(t *testing.T, env *hiregraphtest.Env) (map[string]introType, map[string]string) {
	t.Helper()
	const ref = `kind name ofType { kind name ofType { kind name ofType { kind name } } }`
	var out struct {
		Schema struct {
			MutationType struct {
				Fields []struct {
					Name string
					Type typeRef
				}
			}
			Types []introType
		} `json:"__schema"`
	}
	env.GraphQL(`{ __schema { mutationType { fields { name type { `+ref+` } } }
		types { name kind fields { name args { type { `+ref+` } } type { `+ref+` } } } } }`, nil).Decode(t, &out)
	types := map[string]introType{}
	for _, typ := range out.Schema.Types {
		types[typ.Name] = typ
	}
	returns := map[string]string{}
	for _, m := range out.Schema.MutationType.Fields {
		returns[m.Name] = m.Type.named().Name
	}
	return types, returns
}

// prepare puts the world in the state a mutation starts from.
var prepare = map[string]func(t *testing.T, env *hiregraphtest.Env, w world){
	"unhireCandidate": func(t *testing.T, env *hiregraphtest.Env, w world) {
		env.GraphQL(hire, map[string]any{"id": w["Candidate"], "o": w["Opening"]}).Decode(t, &struct{}{})
	},
	"reviveCandidate": func(t *testing.T, env *hiregraphtest.Env, w world) {
		env.GraphQL(`mutation($id: ID!) { withdrawCandidate(id: $id) { id } }`, map[string]any{"id": w["Candidate"]}).Decode(t, &struct{}{})
	},
	"startOpeningApproval": freshOpening,
	"approveOffer":         offerAt("requestOfferApproval(id: $id, approverIDs: [])"),
	"rejectOffer":          offerAt("requestOfferApproval(id: $id, approverIDs: [])"),
	"sendOffer":            offerAt("requestOfferApproval(id: $id, approverIDs: [])", "approveOffer(id: $id)"),
	"acceptOffer":          offerAt("requestOfferApproval(id: $id, approverIDs: [])", "approveOffer(id: $id)", "sendOffer(id: $id)"),
	"declineOffer":         offerAt("requestOfferApproval(id: $id, approverIDs: [])", "approveOffer(id: $id)", "sendOffer(id: $id)"),
	// The case lists the pipeline's steps with the last one as $id.
	"reorderPipeline": func(t *testing.T, env *hiregraphtest.Env, w world) {
		steps := env.DB.Client.PipelineStep.Query().Where(pipelinestep.HasPositionWith(position.ID(w["Position"]))).IDsX(hiregraphtest.System())
		w["PipelineStep"] = steps[len(steps)-1]
	},
	"refreshPartnerTests":    reachablePartner,
	"submitCandidateForTest": reachablePartner,
	"pauseOpeningApproval":   startApproval,
	"approveOpening":         startApproval,
	"rejectOpening":          startApproval,
	"reopenOpening": func(t *testing.T, env *hiregraphtest.Env, w world) {
		env.GraphQL(`mutation($id: ID!) { updateOpening(id: $id, input: {status: CLOSED}) { id } }`, map[string]any{"id": w["Opening"]}).Decode(t, &struct{}{})
	},
	"unassignCandidate": func(t *testing.T, env *hiregraphtest.Env, w world) {
		env.GraphQL(`mutation($id: ID!, $u: ID!) { assignCandidate(id: $id, userIDs: [$u]) { id } }`, map[string]any{"id": w["Candidate"], "u": w["User"]}).Decode(t, &struct{}{})
	},
	"submitScorecard": sitInterview,
	"removePipelineStep": func(t *testing.T, env *hiregraphtest.Env, w world) {
		var out struct{ AddPipelineStep []struct{ ID, Name string } }
		env.GraphQL(`mutation($p: ID) { addPipelineStep(positionID: $p, input: {name: "Empty", kind: REVIEW}) { id name } }`, map[string]any{"p": w["Position"]}).Decode(t, &out)
		for _, s := range out.AddPipelineStep {
			if s.Name == "Empty" {
				w["PipelineStep"] = s.ID
			}
		}
	},
}

// sitInterview moves the clock into the world's interview, which Rita
// interviews at, so she may submit its scorecard.
func sitInterview(t *testing.T, env *hiregraphtest.Env, w world) {
	iv := env.DB.Client.Interview.GetX(hiregraphtest.System(), w["Interview"])
	env.Clock.Set(iv.TimeStart.Add(time.Minute))
}

// offerAt takes the world's offer through steps, each a mutation on it,
// with an opening that can take the hire an acceptance makes.
func offerAt(steps ...string) func(t *testing.T, env *hiregraphtest.Env, w world) {
	return func(t *testing.T, env *hiregraphtest.Env, w world) {
		var out struct{ CreateOffer struct{ ID string } }
		env.GraphQL(`mutation($c: ID!, $o: ID!) { createOffer(candidateID: $c, openingID: $o) { id } }`,
			map[string]any{"c": w["Candidate"], "o": raceOpening(t, env, 1)}).Decode(t, &out)
		w["Offer"] = out.CreateOffer.ID
		for _, step := range steps {
			env.GraphQL(`mutation($id: ID!) { `+step+` { id } }`, map[string]any{"id": w["Offer"]}).Decode(t, &struct{}{})
		}
	}
}

// freshOpening replaces the world's opening (the demo's are approved) by a
// new one that needs approval.
func freshOpening(t *testing.T, env *hiregraphtest.Env, w world) {
	w["Opening"] = raceOpening(t, env, 1)
}

func startApproval(t *testing.T, env *hiregraphtest.Env, w world) {
	freshOpening(t, env, w)
	env.GraphQL(`mutation($id: ID!) { startOpeningApproval(openingID: $id) { id } }`, map[string]any{"id": w["Opening"]}).Decode(t, &struct{}{})
}

// reachablePartner replaces the world's partner by one on loopback that
// lists the test go-1 and accepts submissions.
func reachablePartner(t *testing.T, env *hiregraphtest.Env, w world) {
	p := env.StartPartner(func(rw http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/tests") {
			hiregraphtest.AnswerJSON(http.StatusOK, `[{"test_id":"go-1","test_name":"Go"}]`)(rw, r)
			return
		}
		hiregraphtest.AnswerJSON(http.StatusCreated, `{"candidate_evaluation_id":"ev-1"}`)(rw, r)
	}, nil)
	env.GraphQL(`mutation($id: ID!, $u: String) { updateEvaluationPartner(id: $id, input: {testsURL: $u}) { id } }`,
		map[string]any{"id": p.UID, "u": p.URL + "/tests"}).Decode(t, &struct{}{})
	w["EvaluationPartner"] = p.UID
}

// withoutIDs are the mutations that take no id of another record, with
// valid arguments.
var withoutIDs = map[string]struct {
	doc  string
	vars map[string]any
}{
	"createRole":              {`mutation { createRole(input: {name: "answers", permissions: ["candidates:move"]}) SEL }`, nil},
	"createLocation":          {`mutation { createLocation(input: {name: "Answers"}) SEL }`, nil},
	"createUser":              {`mutation { createUser(input: {email: "answers@acme.example", firstName: "A", roles: ["interviewer"]}) SEL }`, nil},
	"createEvaluationPartner": {`mutation { createEvaluationPartner(input: {name: "Answers", submitURL: "https://partner.example/submit", accessToken: "answers-token-0123456789"}) SEL }`, nil},
	"createWebhookEndpoint":   {`mutation { createWebhookEndpoint(input: {url: "https://hooks.example.com/answers", active: false}) SEL }`, nil},
	"setRetention":            {`mutation { setRetention(days: 365) SEL }`, nil},
	"createMessageTemplate":   {`mutation { createMessageTemplate(input: {name: "Answers", subject: "Hi {{.candidate.firstName}}", body: "Hello"}) SEL }`, nil},
	"runRetention":            {`mutation { runRetention(dryRun: true) SEL }`, nil},
}

// TestEveryMutationAnswersItsEdges runs each mutation of the schema, in a
// fresh company, selecting every field of its answer and every edge's
// fields: the answer resolves after the transaction that made it, on both
// databases, with no error and nothing left null that the schema says is
// not. The companies share one server and database.
func TestEveryMutationAnswersItsEdges(t *testing.T) {
	webhooks := hiregraphtest.DeliverWebhooks(t, nil)
	probe := hiregraphtest.NewWithConfig(t, func(c *server.Config) { webhooks(c) })
	types, returns := schemaTypes(t, probe)
	docs := casesByMutation(probe)
	var names []string
	for name := range returns {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		_, byID := docs[name]
		_, plain := withoutIDs[name]
		if !byID && !plain {
			t.Errorf("%s: no case runs this mutation", name)
		}
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			env := probe.NewCompany(t, "Answers "+name)
			w := worldOf(t, env, env.Demo.PublishedPositionUID)
			if p := prepare[name]; p != nil {
				p(t, env, w)
			}
			sel := ""
			if ret := types[returns[name]]; ret.Kind == "OBJECT" {
				sel = "{ " + selection(types, ret.Name, 0) + " }"
			}
			r := runWithSelection(t, env, name, casesByMutation(env), w, sel)
			if len(r.Errors) > 0 {
				t.Fatalf("errors: %+v", r.Errors)
			}
			var data map[string]json.RawMessage
			if err := json.Unmarshal(r.Data, &data); err != nil || string(data[name]) == "null" || len(data[name]) == 0 {
				t.Fatalf("no answer: %s", r.Data)
			}
		})
	}
}

// preferred names the case of a mutation whose arguments are all valid in
// a world; by default the first case of a mutation, by path.
var preferred = map[string]string{"reorderPipeline": "reorderPipeline.stepIDs"}

// casesByMutation picks one case of idCases per mutation: those cases
// name the ids of env's records.
func casesByMutation(env *hiregraphtest.Env) map[string]idCase {
	docs := map[string]idCase{}
	for _, c := range idCases(env) {
		name := c.path[:strings.Index(c.path, ".")]
		prev, seen := docs[name]
		switch {
		case !seen, preferred[name] == c.path, preferred[name] == "" && c.path < prev.path:
			docs[name] = c
		}
	}
	return docs
}

// asUser are the mutations only a user makes: e-mail to a candidate goes
// out in a person's name; a scorecard is an interviewer's.
var asUser = map[string]bool{"sendMessage": true, "submitScorecard": true}

// runWithSelection sends the mutation's case with the answer's selection
// replaced by sel.
func runWithSelection(t *testing.T, env *hiregraphtest.Env, name string, docs map[string]idCase, w world, sel string) *hiregraphtest.GraphQLResponse {
	t.Helper()
	if plain, ok := withoutIDs[name]; ok {
		return env.GraphQL(strings.Replace(plain.doc, "SEL", sel, 1), plain.vars)
	}
	c, ok := docs[name]
	if !ok {
		t.Fatalf("no case runs %s", name)
	}
	doc := c.doc
	if i := strings.LastIndex(doc, ") {"); i >= 0 && sel != "" {
		doc = doc[:i+1] + " " + sel + " }"
	}
	vars := c.vars(w)
	if vars == nil {
		vars = map[string]any{}
	}
	for k, v := range vars {
		vars[k] = replaceID(v, w[c.typ])
	}
	vars["id"] = w[c.typ]
	if asUser[name] {
		return env.GraphQLAs(env.UserToken(env.Demo.Users["recruiter"]), doc, vars)
	}
	if strings.Contains(doc, "Upload!") {
		return env.Upload(doc, vars, "f", hiregraphtest.Part{FileName: "cv.pdf", ContentType: "application/pdf", Content: hiregraphtest.SamplePDF})
	}
	return env.GraphQL(doc, vars)
}
