package rest_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/server"
)

func applyPath(env *hiregraphtest.Env, positionUID string) string {
	return "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions/" + positionUID + "/apply?token=" + env.Demo.CareersToken
}

// applicationForm reads the published position's apply form.
func applicationForm(t *testing.T, env *hiregraphtest.Env) (form struct {
	Questions []struct {
		ID, Title string
		Options   []string
		Required  bool
	}
	MaxFileBytes  int64  `json:"max_file_bytes"`
	AcceptedFiles string `json:"accepted_files"`
	ConsentText   string `json:"consent_text"`
}) {
	t.Helper()
	r := env.DoWith(http.MethodGet, applyPath(env, env.Demo.PublishedPositionUID), nil, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("form: %s", r)
	}
	r.JSON(t, &form)
	return form
}

// validApplication is an application of Ada's that passes every rule.
func validApplication(t *testing.T, env *hiregraphtest.Env) map[string]any {
	form := applicationForm(t, env)
	return map[string]any{
		"first_name": "Ada", "last_name": "Byron", "email": "Ada.Byron@Example.com", "phone": "+44 20 7946 0000",
		"linkedin_url": "https://www.linkedin.com/in/ada", "cover_letter": "I like engines.", "source": "LinkedIn",
		"consent": true, "consent_text": form.ConsentText,
		"answers": map[string]string{form.Questions[0].ID: "Yes"},
	}
}

func TestApplyFormDescribesThePosition(t *testing.T) {
	env := hiregraphtest.New(t)
	form := applicationForm(t, env)
	if len(form.Questions) != 2 || !form.Questions[0].Required || form.Questions[1].Required ||
		strings.Join(form.Questions[0].Options, ",") != "Yes,No" || !strings.HasPrefix(form.Questions[0].ID, "qnr_") {
		t.Errorf("questions %+v", form.Questions)
	}
	if form.MaxFileBytes != 5<<20 || form.AcceptedFiles != "PDF, DOC, DOCX, RTF, ODT, TXT" || !strings.Contains(form.ConsentText, "Acme Robotics") {
		t.Errorf("form %+v", form)
	}
	env.DoWith(http.MethodGet, applyPath(env, env.Demo.UnpublishedPositionUID), nil, nil).AssertError(t, http.StatusNotFound, "position_not_found", env.Demo.UnpublishedPositionUID)
}

// TestApplyReportsEveryFieldAtFault sends applications that break rules:
// the answer is the spec's error body, with a message per field a form
// can show next to each input.
func TestApplyReportsEveryFieldAtFault(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.ApplyAddressRate = ratelimit.Rate{PerMinute: 600, Burst: 100} })
	form := applicationForm(t, env)
	q := form.Questions[0].ID
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), map[string]any{}, nil)
	r.AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "first_name: please fill this in")
	var body struct{ Fields map[string]string }
	r.JSON(t, &body)
	for _, f := range []string{"first_name", "last_name", "email", "consent", "consent_text", "answers[" + q + "]"} {
		if body.Fields[f] == "" {
			t.Errorf("no message for %s: %v", f, body.Fields)
		}
	}
	if len(body.Fields) != 6 {
		t.Errorf("fields %v", body.Fields)
	}

	for name, c := range map[string]struct {
		change func(map[string]any)
		field  string
	}{
		"email":          {func(a map[string]any) { a["email"] = "Ada <ada@example.com>" }, "email"},
		"email domain":   {func(a map[string]any) { a["email"] = "ada@localhost" }, "email"},
		"linkedin":       {func(a map[string]any) { a["linkedin_url"] = "https://evil.example/in/ada" }, "linkedin_url"},
		"phone":          {func(a map[string]any) { a["phone"] = "call me" }, "phone"},
		"name markup":    {func(a map[string]any) { a["first_name"] = "<b>Ada</b>" }, "first_name"},
		"long name":      {func(a map[string]any) { a["last_name"] = strings.Repeat("x", 101) }, "last_name"},
		"no consent":     {func(a map[string]any) { a["consent"] = false }, "consent"},
		"option":         {func(a map[string]any) { a["answers"] = map[string]string{q: "Maybe"} }, "answers[" + q + "]"},
		"unknown":        {func(a map[string]any) { a["answers"].(map[string]string)["qnr_x:9"] = "?" }, "answers[qnr_x:9]"},
		"long cover":     {func(a map[string]any) { a["cover_letter"] = strings.Repeat("é", 20001) }, "cover_letter"},
		"source":         {func(a map[string]any) { a["source"] = strings.Repeat("s", 201) }, "source"},
		"required blank": {func(a map[string]any) { a["answers"] = map[string]string{q: "  "} }, "answers[" + q + "]"},
	} {
		app := validApplication(t, env)
		c.change(app)
		r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil)
		r.AssertError(t, http.StatusUnprocessableEntity, "validation_failed", c.field)
		var body struct{ Fields map[string]string }
		r.JSON(t, &body)
		if len(body.Fields) != 1 || body.Fields[c.field] == "" {
			t.Errorf("%s: fields %v, want one for %s", name, body.Fields, c.field)
		}
	}
}

func TestApplyRefusesFilesThatAreNotDocuments(t *testing.T) {
	env := hiregraphtest.New(t)
	app := validApplication(t, env)
	app["resume"] = map[string]string{"file_name": "cv.pdf", "content_base64": base64.StdEncoding.EncodeToString([]byte("GIF89a\x01\x00\x01\x00"))}
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil)
	r.AssertError(t, http.StatusUnsupportedMediaType, "unsupported_file_type", "PDF")
	var body struct{ Fields map[string]string }
	r.JSON(t, &body)
	if body.Fields["resume"] == "" {
		t.Errorf("fields %v", body.Fields)
	}
	if n := env.DB.Client.CandidateFile.Query().CountX(hiregraphtest.System()); n != 0 {
		t.Errorf("%d files recorded", n)
	}
}

func TestApplyRefusesPositionsThatTakeNoApplications(t *testing.T) {
	env := hiregraphtest.New(t)
	app := validApplication(t, env)
	env.DoWith(http.MethodPost, applyPath(env, env.Demo.UnpublishedPositionUID), app, nil).AssertError(t, http.StatusNotFound, "position_not_found", "")
	env.DoWith(http.MethodPost, applyPath(env, env.Demo.TemplatePositionUID), app, nil).AssertError(t, http.StatusNotFound, "position_not_found", "")
	env.DB.Client.Position.UpdateOneID(env.Demo.PublishedPositionUID).SetStatus(position.StatusClosed).ExecX(hiregraphtest.System())
	env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil).AssertError(t, http.StatusConflict, "position_closed", "no longer")
	bad := strings.Replace(applyPath(env, env.Demo.PublishedPositionUID), "token=", "token=x", 1)
	env.DoWith(http.MethodPost, bad, app, nil).AssertError(t, http.StatusUnauthorized, "invalid_token", "")
	env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), "first_name=Ada", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}).
		AssertError(t, http.StatusUnsupportedMediaType, "unsupported_media_type", "multipart/form-data")
}

// TestApplyHoneypot: a filled-in hidden field is a bot's application. It
// gets a success answer and nothing is stored.
func TestApplyHoneypot(t *testing.T) {
	env := hiregraphtest.New(t)
	app := validApplication(t, env)
	app["website"] = "https://spam.example"
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil)
	if r.Status != http.StatusCreated || !strings.HasPrefix(r.Map(t)["application_uid"].(string), "app_") {
		t.Fatalf("honeypot: %s", r)
	}
	if n := env.DB.Client.Application.Query().CountX(hiregraphtest.System()); n != 0 {
		t.Errorf("%d applications stored", n)
	}
}

// TestApplyRateLimits: each client address, and each company, may send so
// many applications; past that 429 with Retry-After.
func TestApplyRateLimits(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		c.ApplyAddressRate = ratelimit.Rate{PerMinute: 1, Burst: 2}
	})
	for i := range 3 {
		r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), map[string]any{}, nil)
		if i < 2 && r.Status != http.StatusUnprocessableEntity {
			t.Fatalf("application %d: %s", i, r)
		}
		if i == 2 {
			r.AssertError(t, http.StatusTooManyRequests, "rate_limited", "")
			if r.Header.Get("Retry-After") == "" {
				t.Error("no Retry-After")
			}
		}
	}
	// Reading positions is not an application.
	if r := env.DoWith(http.MethodGet, applyPath(env, env.Demo.PublishedPositionUID), nil, nil); r.Status != http.StatusOK {
		t.Errorf("form after the limit: %s", r)
	}

	env = hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		c.ApplyCompanyRate = ratelimit.Rate{PerMinute: 1, Burst: 1}
	})
	env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), map[string]any{}, nil)
	env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), map[string]any{}, nil).AssertError(t, http.StatusTooManyRequests, "rate_limited", "")
}

// TestApplyBodyLimit: a multipart application may carry two files of the
// file limit; anything larger is refused with 413 before it is read whole.
func TestApplyBodyLimit(t *testing.T) {
	env := hiregraphtest.New(t)
	huge := make([]byte, 2*(5<<20)+(1<<20)+1)
	body, ct := hiregraphtest.Multipart(t, hiregraphtest.Part{Name: "first_name", Content: []byte("Ada")},
		hiregraphtest.Part{Name: "resume", FileName: "cv.pdf", Content: huge})
	env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), body, map[string]string{"Content-Type": ct}).
		AssertError(t, http.StatusRequestEntityTooLarge, "payload_too_large", "")
	big := append([]byte("%PDF-1.4\n"), make([]byte, 5<<20)...)
	body, ct = hiregraphtest.Multipart(t, hiregraphtest.Part{Name: "resume", FileName: "cv.pdf", Content: big})
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), body, map[string]string{"Content-Type": ct})
	// The fields are checked before the file is stored.
	r.AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "first_name")
}

func TestApplyRefusesNULInFormFields(t *testing.T) {
	env := hiregraphtest.New(t)
	body, ct := hiregraphtest.Multipart(t, hiregraphtest.Part{Name: "consent_text", Content: []byte("I agree\x00")})
	env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), body, map[string]string{"Content-Type": ct}).
		AssertError(t, http.StatusBadRequest, "bad_request", "consent_text")
}

// FuzzApplyBody posts fuzzed JSON applications: the answer is never a
// server error and always JSON, in the error body of spec 7.1 (with the
// form's fields) when it is an error.
func FuzzApplyBody(f *testing.F) {
	env := hiregraphtest.NewWithConfig(f, func(c *server.Config) {
		c.ApplyAddressRate = ratelimit.Rate{PerMinute: 1 << 30, Burst: 1 << 30}
		c.ApplyCompanyRate = ratelimit.Rate{PerMinute: 1 << 30, Burst: 1 << 30}
		c.CareersRatePerMinute, c.CareersBurst = 1<<30, 1<<30
	})
	r := env.DoWith(http.MethodGet, applyPath(env, env.Demo.PublishedPositionUID), nil, nil)
	var form struct {
		Questions []struct{ ID string }
		Consent   string `json:"consent_text"`
	}
	if err := json.Unmarshal(r.Body, &form); err != nil || len(form.Questions) == 0 {
		f.Fatalf("form: %s", r)
	}
	valid := map[string]any{
		"first_name": "Ada", "last_name": "Byron", "email": "ada@example.com", "consent": true, "consent_text": form.Consent,
		"answers": map[string]string{form.Questions[0].ID: "Yes"}, "linkedin_url": "linkedin.com/in/ada",
		"resume": map[string]string{"file_name": "cv.pdf", "content_base64": base64.StdEncoding.EncodeToString(hiregraphtest.SamplePDF)},
	}
	b, _ := json.Marshal(valid)
	f.Add(b)
	for _, s := range brokenBodies {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"answers":{"x":7},"resume":{"content_base64":"!!"},"consent":"yes"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		e := *env
		e.T = t
		r := e.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), body, nil)
		if r.Status >= 500 || !json.Valid(r.Body) {
			t.Fatalf("not a sane answer: %s", r)
		}
		if r.Status < 400 {
			return
		}
		var e7 struct {
			Status  int               `json:"status"`
			Error   string            `json:"error"`
			Message string            `json:"message"`
			Fields  map[string]string `json:"fields"`
		}
		dec := json.NewDecoder(bytes.NewReader(r.Body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&e7); err != nil || e7.Status != r.Status || e7.Error == "" || e7.Message == "" {
			t.Fatalf("not the error body (%v): %s", err, r)
		}
	})
}
