package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/openapi"
	"github.com/hiregraph/hiregraph/internal/server"
)

// Fields and properties that carry a URL, found by name in the GraphQL
// schema and the OpenAPI document. Each is either a link the server builds,
// which this test must read in an answer, or a URL a client stored, listed
// below with where it comes from.
var (
	graphQLURLName = regexp.MustCompile(`(?i)(url|uri|link|href|page)s?$|^url`)
	restURLName    = regexp.MustCompile(`(^|_)(urls?|uri|links?|hrefs?|page)$`)
)

// storedURLs are the URL fields and properties whose values a client wrote
// (or an import brought) and the API gives back as they were: no link of
// the server's, so no base to be built on.
var storedURLs = map[string]string{
	"Application.linkedinURL":                 "the applicant's LinkedIn profile",
	"EvaluationPartner.submitURL":             "the partner's endpoint, set by an admin",
	"EvaluationPartner.testsURL":              "the partner's endpoint, set by an admin",
	"Person.resumeURL":                        "where an imported resume lives",
	"Position.urlServiceHostedPage":           "the position's page elsewhere, set by the company",
	"Position.urlActivePage":                  "the position's page elsewhere, set by the company",
	"Position.pictureURL":                     "the position's picture, set by the company",
	"TestSubmission.resultUrls":               "the partner's result pages",
	"WebhookEndpoint.url":                     "the receiver's endpoint",
	"Position.url_service_hosted_page":        "as GraphQL Position.urlServiceHostedPage",
	"Position.url_active_page":                "as GraphQL Position.urlActivePage",
	"Position.picture_url":                    "as GraphQL Position.pictureURL",
	"CareersPosition.url_service_hosted_page": "as Position.url_service_hosted_page",
	"CareersPosition.url_comeet_hosted_page":  "url_service_hosted_page under the legacy name",
	"CareersPosition.url_active_page":         "as Position.url_active_page",
	"CareersPosition.picture_url":             "as Position.picture_url",
	"TestSubmission.result_urls":              "as GraphQL TestSubmission.resultUrls",
	"Webhook.url":                             "the receiver's endpoint",
	// Request bodies: what a client sends.
	"ApplyRequest.linkedin_url":           "a request body",
	"ApplyForm.linkedin_url":              "a request body (multipart)",
	"WebhookRequest.url":                  "a request body",
	"EvaluationUpdateRequest.result_urls": "a request body",
	// Event payloads: webhooks, the change feed and subscriptions carry
	// what a client stored, and no link the server builds.
	"EventPosition.url_service_hosted_page": "as Position.url_service_hosted_page, in events",
	"EventPosition.url_active_page":         "as Position.url_active_page, in events",
	"EventPosition.picture_url":             "as Position.picture_url, in events",
	"EventTestSubmission.result_urls":       "as TestSubmission.result_urls, in events",
	"EventInterview.video_url":              "as Interview.videoURL, in events",
	"Interview.videoURL":                    "the video call's link, set by whoever schedules it",
}

// Without --public-url every link an answer carries (GraphQL and REST, the
// careers API, the offer letter link sent to a partner) is absolute on the
// scheme and host the request reached: its Host, or a trusted proxy's
// X-Forwarded-Proto and -Host, never an untrusted one's. The URL fields are
// found in the schema and the OpenAPI document, so a new one fails this
// test until it is read here or listed in storedURLs.
func TestLinksAreAbsoluteOnTheRequestsBase(t *testing.T) {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	forwarded := map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "jobs.example"}
	for _, c := range []struct {
		name    string
		trusted []netip.Prefix
		headers map[string]string
		base    string
	}{
		{"the request's Host", loopback, nil, "http://hire.example:8443"},
		{"a trusted proxy's X-Forwarded-Proto and -Host", loopback, forwarded, "https://jobs.example"},
		{"an untrusted proxy's headers are ignored", nil, forwarded, "http://hire.example:8443"},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) {
				hiregraphtest.RequestBaseURL(c.trusted...)(cfg)
				hiregraphtest.RunPersonalData(t, 0)(cfg)
			})
			headers := map[string]string{"Authorization": "Bearer " + env.Demo.APIKey, "Host": "hire.example:8443"}
			for k, v := range c.headers {
				headers[k] = v
			}
			l := &links{t: t, env: env, headers: headers, base: c.base, seen: map[string]int{}}
			l.checkGraphQL()
			l.checkREST()
			for f := range storedURLs {
				if !slices.Contains(l.found, f) {
					t.Errorf("storedURLs lists %s, which neither the schema nor the OpenAPI document has", f)
				}
			}
		})
	}
}

// links reads an environment's answers through one base and checks every
// URL they carry.
type links struct {
	t       *testing.T
	env     *hiregraphtest.Env
	headers map[string]string
	base    string
	// seen counts the links read, by field or property.
	seen map[string]int
	// exportID is a person export that is DONE.
	exportID string
	// found are the URL fields of the GraphQL schema and of the OpenAPI
	// document's shapes.
	found []string
}

// check fails unless link is an absolute URL on l's base.
func (l *links) check(where string, link any) {
	l.t.Helper()
	s, _ := link.(string)
	u, err := url.Parse(s)
	if err != nil || u.Scheme+"://"+u.Host != l.base || !strings.HasPrefix(u.Path, "/") {
		l.t.Errorf("%s = %q, want an absolute URL on %s", where, link, l.base)
	}
	l.seen[where]++
}

// requireSeen fails for each URL field in found that no answer held and
// storedURLs does not list.
func (l *links) requireSeen(found []string) {
	l.t.Helper()
	l.t.Logf("URL fields: %v", found)
	l.found = append(l.found, found...)
	for _, f := range found {
		if _, stored := storedURLs[f]; !stored && l.seen[f] == 0 {
			l.t.Errorf("%s carries a URL that no answer of this test held: read it here if the server builds it, else list it in storedURLs", f)
		}
	}
}

// graphQL runs an operation through l's base, failing on any error.
func (l *links) graphQL(query string, vars map[string]any) *hiregraphtest.GraphQLResponse {
	l.t.Helper()
	r := l.env.DoWith(http.MethodPost, "/graphql", map[string]any{"query": query, "variables": vars}, l.headers)
	var out hiregraphtest.GraphQLResponse
	r.JSON(l.t, &out)
	if len(out.Errors) > 0 {
		l.t.Fatalf("%s: %s", query, r.Body)
	}
	return &out
}

// exportDone exports the demo candidate's person and returns the export's
// id once it is DONE.
func exportDone(t *testing.T, env *hiregraphtest.Env) string {
	t.Helper()
	var person struct {
		Node struct{ Person struct{ ID string } }
	}
	env.GraphQL(`query($c: ID!) { node(id: $c) { ... on Candidate { person { id } } } }`, map[string]any{"c": env.Demo.CandidateUID}).Decode(t, &person)
	var started struct{ ExportPerson struct{ ID string } }
	env.GraphQL(`mutation($p: ID!) { exportPerson(id: $p) { id } }`, map[string]any{"p": person.Node.Person.ID}).Decode(t, &started)
	hiregraphtest.Settled(t, func() string {
		var export struct{ PersonExport struct{ Status string } }
		env.GraphQL(`query($e: ID!) { personExport(id: $e) { status } }`, map[string]any{"e": started.ExportPerson.ID}).Decode(t, &export)
		return export.PersonExport.Status
	}, func(status string) bool { return status == "DONE" })
	return started.ExportPerson.ID
}

// checkGraphQL reads every URL field of the schema that the server builds
// through a mutation's answer and queries.
func (l *links) checkGraphQL() {
	env := l.env
	l.exportID = exportDone(l.t, env)
	uploaded := env.UploadWith(l.headers, `mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f) { __typename downloadURL } }`,
		map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f", hiregraphtest.Part{FileName: "cv.pdf", ContentType: "application/pdf", Content: hiregraphtest.SamplePDF})
	if len(uploaded.Errors) > 0 {
		l.t.Fatalf("upload: %+v", uploaded.Errors)
	}
	l.walkGraphQL(uploaded.Data)
	l.walkGraphQL(l.scheduleInterview())
	l.walkGraphQL(l.graphQL(`query($c: ID!, $e: ID!) {
		node(id: $c) { ... on Candidate { files(first: 5) { edges { node { __typename downloadURL } } }
			interviews(first: 5) { edges { node { __typename calendarURL } } } } }
		personExport(id: $e) { __typename downloadURL }
		export: node(id: $e) { __typename ... on PersonExport { downloadURL } } }`,
		map[string]any{"c": env.Demo.CandidateUID, "e": l.exportID}).Data)
	l.requireSeen(graphQLURLFields(l.t, env))
}

// scheduleInterview schedules an interview of the demo candidate at its
// current step and returns the answer, which links its invitation.
func (l *links) scheduleInterview() json.RawMessage {
	var step struct {
		Node  struct{ CurrentStep struct{ ID string } }
		Users struct {
			Edges []struct{ Node struct{ ID, Email string } }
		}
	}
	raw := l.graphQL(`query($c: ID!) { node(id: $c) { ... on Candidate { currentStep { id } } } users(first: 50) { edges { node { id email } } } }`,
		map[string]any{"c": l.env.Demo.CandidateUID}).Data
	if err := json.Unmarshal(raw, &step); err != nil {
		l.t.Fatal(err)
	}
	var interviewer string
	for _, u := range step.Users.Edges {
		if u.Node.Email == l.env.Demo.Users["recruiter"] {
			interviewer = u.Node.ID
		}
	}
	start := time.Now().UTC().Add(72 * time.Hour).Truncate(time.Hour)
	return l.graphQL(`mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { __typename calendarURL } }`,
		map[string]any{"in": map[string]any{"candidateID": l.env.Demo.CandidateUID, "stepID": step.Node.CurrentStep.ID,
			"interviewerIDs": []string{interviewer}, "timeStart": start, "timeEnd": start.Add(time.Hour), "timeZone": "UTC"}}).Data
}

// walkGraphQL checks the URL fields of every object in data that names its
// __typename.
func (l *links) walkGraphQL(data json.RawMessage) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		l.t.Fatal(err)
	}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			typeName, _ := v["__typename"].(string)
			for k, field := range v {
				if _, stored := storedURLs[typeName+"."+k]; !stored && typeName != "" && graphQLURLName.MatchString(k) {
					l.check(typeName+"."+k, field)
				}
				walk(field)
			}
		}
	}
	walk(v)
}

// graphQLURLFields are the String fields of the schema's object types whose
// names say they hold a URL, as Type.field.
func graphQLURLFields(t *testing.T, env *hiregraphtest.Env) []string {
	t.Helper()
	types, _ := schemaTypes(t, env)
	var found []string
	for _, typ := range types {
		if typ.Kind != "OBJECT" || strings.HasPrefix(typ.Name, "__") {
			continue
		}
		for _, f := range typ.Fields {
			if graphQLURLName.MatchString(f.Name) && f.Type.named().Name == "String" {
				found = append(found, typ.Name+"."+f.Name)
			}
		}
	}
	if !slices.Contains(found, "CandidateFile.downloadURL") {
		t.Fatalf("the URL fields found, %v, miss CandidateFile.downloadURL: the search is broken", found)
	}
	return found
}

// restRequest is a REST or careers API request and the OpenAPI path its
// answer is described under.
type restRequest struct {
	method, template, path string
	body                   any
}

// checkREST reads every URL property of the OpenAPI document's answers that
// the server builds, and the offer letter link a test submission sends.
func (l *links) checkREST() {
	env, demo := l.env, l.env.Demo
	var doc openAPIDoc
	if err := json.Unmarshal(openapi.Document, &doc); err != nil {
		l.t.Fatal(err)
	}
	partner := newFakePartner(l.t, answerJSON(http.StatusOK, fmt.Sprintf(`{"candidate_evaluation_id":"eval-links-%d"}`, evaluationSeq.Add(1))))
	p := createPartner(l.t, env, partner, map[string]any{"canSeeOffers": true})
	careers := "?token=" + url.QueryEscape(demo.CareersToken)
	clone := map[string]any{"name": "Platform Engineer", "copy_assignees": false, "status": "open", "is_discreet": false,
		"users": map[string]any{"lead_recruiter": map[string]any{"email": demo.Users["recruiter"]}, "hiring_manager": map[string]any{"email": demo.Users["hiring_manager"]}}}
	for _, req := range []restRequest{
		{http.MethodGet, "/v1/positions", "/v1/positions?limit=1", nil},
		{http.MethodGet, "/v1/positions/{uid}", "/v1/positions/" + demo.PublishedPositionUID, nil},
		{http.MethodPost, "/v1/positions/{uid}/clone", "/v1/positions/" + demo.TemplatePositionUID + "/clone", clone},
		{http.MethodGet, "/v1/positions/{uid}/candidates", "/v1/positions/" + demo.PublishedPositionUID + "/candidates?limit=1", nil},
		{http.MethodGet, "/v1/openings", "/v1/openings?limit=1", nil},
		{http.MethodGet, "/v1/candidates", "/v1/candidates?limit=1", nil},
		{http.MethodGet, "/v1/questionnaires", "/v1/questionnaires?limit=1", nil},
		{http.MethodGet, "/v1/candidates/{uid}/files", "/v1/candidates/" + demo.CandidateUID + "/files", nil},
		{http.MethodGet, "/v1/person-exports/{uid}", "/v1/person-exports/" + l.exportID, nil},
		{http.MethodPost, "/v1/candidates/{uid}/tests", "/v1/candidates/" + demo.CandidateUID + "/tests", map[string]any{"partner_uid": p.ID, "test_id": "links"}},
		{http.MethodGet, "/careers-api/2.0/company/{company_uid}/positions", "/careers-api/2.0/company/" + demo.CompanyUID + "/positions" + careers, nil},
		{http.MethodGet, "/careers-api/2.0/company/{company_uid}/positions/{position_uid}", "/careers-api/2.0/company/" + demo.CompanyUID + "/positions/" + demo.PublishedPositionUID + careers, nil},
	} {
		r := env.DoWith(req.method, req.path, req.body, l.headers)
		schema, ok := doc.answer(req.method, req.template, r.Status)
		if !ok {
			l.t.Fatalf("%s %s: %s, which the OpenAPI document does not describe", req.method, req.path, r)
		}
		var v any
		r.JSON(l.t, &v)
		doc.each(schema, answerLocation(req.method, req.template, r.Status), v, nil, func(loc string, prop schemaObject, v any) {
			if _, stored := storedURLs[loc]; !stored && (restURLName.MatchString(propertyName(loc)) || prop.Format == "uri") {
				l.check(loc, v)
			}
		})
	}
	sent := partner.received()
	if len(sent) != 1 {
		l.t.Fatalf("the partner received %d requests, want the submission", len(sent))
	}
	offers, _ := decodeJSON(l.t, sent[0].Body)["candidate"].(map[string]any)["offers"].([]any)
	if len(offers) == 0 {
		l.t.Fatal("the submission carries no offer letter")
	}
	for _, o := range offers {
		l.check("the offer letter link sent to a partner", o.(map[string]any)["url"])
	}
	l.requireSeen(doc.urlProperties())
}

// openAPIDoc is the part of the OpenAPI document this test reads.
type openAPIDoc struct {
	Paths      map[string]map[string]operation
	Components struct{ Schemas map[string]schemaObject }
}

type operation struct {
	Responses map[string]struct {
		Content map[string]struct{ Schema schemaObject }
	}
}

type schemaObject struct {
	Ref        string `json:"$ref"`
	Type       any
	Format     string
	Items      *schemaObject
	Properties map[string]schemaObject
	AllOf      []schemaObject `json:"allOf"`
	OneOf      []schemaObject `json:"oneOf"`
	AnyOf      []schemaObject `json:"anyOf"`
}

// answer is the schema of the JSON answer of method on template with status.
func (d openAPIDoc) answer(method, template string, status int) (schemaObject, bool) {
	resp, ok := d.Paths[template][strings.ToLower(method)].Responses[fmt.Sprint(status)]
	if !ok {
		return schemaObject{}, false
	}
	content, ok := resp.Content["application/json"]
	return content.Schema, ok
}

// urlProperties are the string properties whose names or formats say they
// hold a URL, at their locations, of every JSON answer of the document and
// every schema it names (request bodies, and the Event* payloads webhooks,
// the change feed and subscriptions carry).
func (d openAPIDoc) urlProperties() []string {
	var found []string
	seen := map[string]bool{}
	collect := func(loc string, prop schemaObject, _ any) {
		if (restURLName.MatchString(propertyName(loc)) || prop.Format == "uri") && prop.holdsStrings() {
			found = append(found, loc)
		}
	}
	for template, ops := range d.Paths {
		for method, op := range ops {
			for status, resp := range op.Responses {
				for _, content := range resp.Content {
					d.each(content.Schema, answerLocation(method, template, status), nil, seen, collect)
				}
			}
		}
	}
	for name := range d.Components.Schemas {
		d.each(schemaObject{Ref: "#/components/schemas/" + name}, name, nil, seen, collect)
	}
	return found
}

// resolved is the schema s refers to, or s.
func (d openAPIDoc) resolved(s schemaObject) schemaObject {
	for s.Ref != "" {
		s = d.Components.Schemas[strings.TrimPrefix(s.Ref, "#/components/schemas/")]
	}
	return s
}

// holdsStrings reports whether the property is a string (not a time) or a
// list of strings.
func (s schemaObject) holdsStrings() bool {
	if s.Items != nil {
		return s.Items.holdsStrings()
	}
	return s.Type == "string" && s.Format != "date-time" && s.Format != "date"
}

// answerLocation names the answer of method on template with status, for
// properties of an answer's schema that has no name of its own.
func answerLocation(method, template string, status any) string {
	return fmt.Sprintf("%s %s %v", strings.ToUpper(method), template, status)
}

// propertyName is the last name of a location: url of Webhook.url, url of
// CandidateFileList.files[].url.
func propertyName(loc string) string {
	return loc[strings.LastIndex(loc, ".")+1:]
}

// each calls f for every property of schema s with the part of value it
// describes. A property's location is the name of the nearest named schema
// and the properties from there (CandidateFileList.files[].url), or loc for
// a schema without a name. With a nil value it walks the whole schema,
// entering each named schema once (seen); with a value, only what the
// value holds.
func (d openAPIDoc) each(s schemaObject, loc string, value any, seen map[string]bool, f func(loc string, prop schemaObject, v any)) {
	if s.Ref != "" {
		name := strings.TrimPrefix(s.Ref, "#/components/schemas/")
		if value == nil {
			if seen[name] {
				return
			}
			seen[name] = true
		}
		d.each(d.Components.Schemas[name], name, value, seen, f)
		return
	}
	for _, sub := range slices.Concat(s.AllOf, s.OneOf, s.AnyOf) {
		d.each(sub, loc, value, seen, f)
	}
	if s.Items != nil {
		list, isList := value.([]any)
		if value == nil {
			list = []any{nil}
		}
		if isList || value == nil {
			for _, e := range list {
				d.each(*s.Items, loc+"[]", e, seen, f)
			}
		}
	}
	object, _ := value.(map[string]any)
	for name, prop := range s.Properties {
		v := object[name]
		if value != nil && v == nil {
			continue
		}
		at := loc + "." + name
		// A property's own schema may be a reference (next_page is a
		// NextPage): its type and format are those of what it refers to.
		own := d.resolved(prop)
		if list, ok := v.([]any); ok && own.Items != nil && own.Items.holdsStrings() {
			for _, e := range list {
				f(at, own, e)
			}
		} else if value == nil || own.holdsStrings() {
			f(at, own, v)
		}
		d.each(prop, at, v, seen, f)
	}
}
