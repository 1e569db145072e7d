package rest

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/internal/filestore"
)

// candidateFileJSON is one of a candidate's files, with a fresh download
// link.
type candidateFileJSON struct {
	UID         string `json:"uid"`
	Kind        string `json:"kind"`
	FileName    string `json:"file_name"`
	ContentType string `json:"content_type"`
	Size        int64  `json:"size"`
	TimeCreated string `json:"time_created"`
	URL         string `json:"url"`
	URLExpires  string `json:"url_expires"`
}

// listCandidateFiles serves GET {base_url}/candidates/{uid}/files.
func (a *API) listCandidateFiles(w http.ResponseWriter, r *http.Request) error {
	files, err := a.Service.CandidateFiles(r.Context(), chi.URLParam(r, "uid"))
	if err != nil {
		return err
	}
	out := make([]candidateFileJSON, len(files))
	for i, f := range files {
		out[i] = a.candidateFileJSON(r.Context(), f)
	}
	WriteJSON(w, http.StatusOK, map[string]any{"files": out})
	return nil
}

func (a *API) candidateFileJSON(ctx context.Context, f *ent.CandidateFile) candidateFileJSON {
	link, expires := a.Service.FileURL(ctx, f)
	return candidateFileJSON{
		UID: f.ID, Kind: string(f.Kind), FileName: f.FileName, ContentType: f.ContentType, Size: f.Size,
		TimeCreated: apitime.Format(f.TimeCreated), URL: link, URLExpires: apitime.Format(expires),
	}
}

// CandidateFile serves a candidate's file to whoever holds a signed link
// (recruiting.FileURL). It is mounted outside {base_url}: the link is the
// credential, so a browser opens it with no API key.
func (a *API) CandidateFile(w http.ResponseWriter, r *http.Request) { handle(a.candidateFile)(w, r) }

func (a *API) candidateFile(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f, content, err := a.Service.SignedFile(r.Context(), chi.URLParam(r, "uid"), q.Get("expires"), q.Get("signature"))
	if err != nil {
		return err
	}
	defer content.Close()
	sendAttachment(w, r, content, f.ContentType, f.Size, f.FileName)
	return nil
}

// sendAttachment sends content behind a signed link as a download: an
// attachment, never rendered in the service's origin (a document from a
// stranger), never cached.
func sendAttachment(w http.ResponseWriter, r *http.Request, content io.Reader, contentType string, size int64, name string) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.FormatInt(size, 10))
	h.Set("Content-Disposition", filestore.ContentDisposition(name))
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	w.WriteHeader(http.StatusOK)
	if _, err := io.Copy(w, content); err != nil {
		slog.DebugContext(r.Context(), "sending a download", "name", name, "error", err)
	}
}
