package rest

import (
	"encoding/base64"
	"errors"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/recruiting"
)

// applyMemory is how much of a multipart application is kept in memory;
// larger files are spooled to temporary files, removed after the request.
const applyMemory = 1 << 20

// Form serves GET …/positions/{position_uid}/apply: the questions, file
// limits and consent text of the position's apply form.
func (c *Careers) Form(w http.ResponseWriter, r *http.Request) {
	handle(func(w http.ResponseWriter, r *http.Request) error {
		ctx, company, err := c.Service.CareersContext(r.Context(), chi.URLParam(r, "company_uid"), r.URL.Query().Get("token"))
		if err != nil {
			return err
		}
		form, err := c.Service.ApplicationForm(ctx, company, chi.URLParam(r, "position_uid"))
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", CareersCacheControl)
		WriteJSON(w, http.StatusOK, form)
		return nil
	})(w, r)
}

// Apply serves POST …/positions/{position_uid}/apply: an application in
// JSON or multipart/form-data. Errors carry the spec's body, with a
// message per field in "fields" when the form's input breaks rules.
func (c *Careers) Apply(w http.ResponseWriter, r *http.Request) {
	handle(func(w http.ResponseWriter, r *http.Request) error {
		ctx, company, err := c.Service.CareersContext(r.Context(), chi.URLParam(r, "company_uid"), r.URL.Query().Get("token"))
		if err != nil {
			return err
		}
		in, cleanup, err := decodeApplication(r)
		defer cleanup()
		if err != nil {
			return err
		}
		applied, err := c.Service.Apply(ctx, company, chi.URLParam(r, "position_uid"), in)
		if err != nil {
			return err
		}
		WriteJSON(w, http.StatusCreated, applied)
		return nil
	})(w, r)
}

// jsonApplication is an application in JSON: files come base64-encoded.
type jsonApplication struct {
	recruiting.ApplyInput
	Resume          *jsonFile `json:"resume"`
	CoverLetterFile *jsonFile `json:"cover_letter_file"`
}

type jsonFile struct {
	FileName string `json:"file_name"`
	Content  string `json:"content_base64"`
}

func (f *jsonFile) upload(field string) (*recruiting.Upload, error) {
	if f == nil {
		return nil, nil
	}
	b, err := base64.StdEncoding.DecodeString(f.Content)
	if err != nil {
		return nil, apierror.BadRequest(field, "%s.content_base64 must be base64 (RFC 4648, with padding)", field)
	}
	return &recruiting.Upload{Name: f.FileName, Content: strings.NewReader(string(b))}, nil
}

// decodeApplication reads an application in either encoding. cleanup
// removes the temporary files of a multipart body.
func decodeApplication(r *http.Request) (in recruiting.ApplyInput, cleanup func(), err error) {
	cleanup = func() {}
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mediaType {
	case "multipart/form-data":
		return decodeMultipartApplication(r)
	case "application/json", "":
		var body jsonApplication
		if err := DecodeJSON(r, &body); err != nil {
			return in, cleanup, err
		}
		in = body.ApplyInput
		if in.Resume, err = body.Resume.upload("resume"); err != nil {
			return in, cleanup, err
		}
		in.CoverLetterFile, err = body.CoverLetterFile.upload("cover_letter_file")
		return in, cleanup, err
	}
	return in, cleanup, apierror.New(http.StatusUnsupportedMediaType, "unsupported_media_type",
		"send the application as application/json or multipart/form-data, not %s", mediaType)
}

func decodeMultipartApplication(r *http.Request) (in recruiting.ApplyInput, cleanup func(), err error) {
	cleanup = func() {}
	if err := r.ParseMultipartForm(applyMemory); err != nil {
		var maxBytes *http.MaxBytesError
		if errors.As(err, &maxBytes) {
			return in, cleanup, err
		}
		return in, cleanup, apierror.BadRequest("", "the multipart body could not be read: %v", err)
	}
	form := r.MultipartForm
	var opened []multipart.File
	cleanup = func() {
		for _, f := range opened {
			_ = f.Close()
		}
		_ = form.RemoveAll()
	}
	for name, values := range form.Value {
		for _, v := range values {
			if strings.ContainsRune(v, 0) {
				return in, cleanup, apierror.BadRequest(name, "%s holds a NUL character; no field accepts one", name)
			}
		}
	}
	get := func(name string) string {
		if v := form.Value[name]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	in = recruiting.ApplyInput{
		FirstName: get("first_name"), LastName: get("last_name"), Email: get("email"), Phone: get("phone"),
		LinkedInURL: get("linkedin_url"), CoverLetter: get("cover_letter"), Source: get("source"),
		Consent: isYes(get("consent")), ConsentText: get("consent_text"), Website: get("website"),
	}
	for name, v := range form.Value {
		if id, ok := strings.CutPrefix(name, "answers["); ok && strings.HasSuffix(id, "]") && len(v) > 0 {
			if in.Answers == nil {
				in.Answers = map[string]string{}
			}
			in.Answers[strings.TrimSuffix(id, "]")] = v[0]
		}
	}
	for _, f := range []struct {
		field string
		dst   **recruiting.Upload
	}{{"resume", &in.Resume}, {"cover_letter_file", &in.CoverLetterFile}} {
		up, file, err := formFile(form, f.field)
		if err != nil {
			return in, cleanup, err
		}
		if file != nil {
			opened = append(opened, file)
		}
		*f.dst = up
	}
	return in, cleanup, nil
}

// isYes reads a checkbox: a browser sends "on", scripts "true" or "1".
func isYes(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "on", "true", "1", "yes":
		return true
	}
	return false
}

// formFile opens the file of a form field; an empty file input (a form
// submitted without choosing one) counts as none.
// The caller closes the file once the application is handled.
func formFile(form *multipart.Form, field string) (*recruiting.Upload, multipart.File, error) {
	files := form.File[field]
	if len(files) == 0 || (files[0].Filename == "" && files[0].Size == 0) {
		return nil, nil, nil
	}
	f, err := files[0].Open()
	if err != nil {
		return nil, nil, apierror.BadRequest(field, "the file in %s could not be read", field)
	}
	return &recruiting.Upload{Name: files[0].Filename, Content: f}, f, nil
}
