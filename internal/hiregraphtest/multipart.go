package hiregraphtest

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"testing"
)

// Part is one part of a multipart/form-data body: a field when FileName
// is empty, else a file.
type Part struct {
	Name        string
	FileName    string
	ContentType string // of a file part; application/octet-stream when empty
	Content     []byte
}

// Multipart encodes parts as a multipart/form-data body and returns it with
// its Content-Type.
func Multipart(t testing.TB, parts ...Part) (body []byte, contentType string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, p := range parts {
		var (
			pw  io.Writer
			err error
		)
		if p.FileName == "" {
			pw, err = w.CreateFormField(p.Name)
		} else {
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", `form-data; name="`+p.Name+`"; filename="`+p.FileName+`"`)
			ct := p.ContentType
			if ct == "" {
				ct = "application/octet-stream"
			}
			h.Set("Content-Type", ct)
			pw, err = w.CreatePart(h)
		}
		if err != nil {
			t.Fatal(err)
		}
		pw.Write(p.Content)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), w.FormDataContentType()
}

// Upload runs a GraphQL operation as a multipart request (the GraphQL
// multipart request spec) with the demo key: file fills the variable
// named variable.
func (e *Env) Upload(query string, vars map[string]any, variable string, file Part) *GraphQLResponse {
	e.T.Helper()
	return e.UploadWith(map[string]string{"Authorization": "Bearer " + e.Demo.APIKey}, query, vars, variable, file)
}

// UploadWith runs a multipart GraphQL operation as Upload does, with
// exactly the given headers (DoWith) besides its Content-Type.
func (e *Env) UploadWith(headers map[string]string, query string, vars map[string]any, variable string, file Part) *GraphQLResponse {
	e.T.Helper()
	ops, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		e.T.Fatal(err)
	}
	file.Name = "0"
	body, ct := Multipart(e.T,
		Part{Name: "operations", Content: ops},
		Part{Name: "map", Content: []byte(`{"0": ["variables.` + variable + `"]}`)},
		file,
	)
	withType := maps.Clone(headers)
	withType["Content-Type"] = ct
	resp := e.DoWith(http.MethodPost, "/graphql", body, withType)
	var out GraphQLResponse
	resp.JSON(e.T, &out)
	out.Status = resp.Status
	return &out
}

// SamplePDF is a small valid PDF: a resume, for tests.
var SamplePDF = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
