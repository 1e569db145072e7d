package rest

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/hiregraph/hiregraph/internal/database"
)

// errorBody is the error body of spec 7.1.
type errorBody struct {
	Status  int    `json:"status"`
	Error   string `json:"error"`
	Message string `json:"message"`
	// Fields is there only on errors of forms (the careers apply endpoint):
	// a message per input field, keyed by the field's name. Spec 7.1's three
	// members are always there and mean what they always mean.
	Fields map[string]string `json:"fields,omitempty"`
}

// WriteJSON writes v as the JSON response with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	// Bodies carry HTML (details, note text); escaping <, > and & as \u003c
	// would be valid JSON but unreadable for people checking responses.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// The client hung up; nothing on our side failed.
		slog.Debug("writing response", "error", err)
	}
}

// WriteError writes err as the error body of spec 7.1. Unexpected errors are
// logged and reach the caller only as internal_error.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e, unexpected := database.APIError(err)
	if unexpected {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "error", err)
	}
	e.SetHeaders(w.Header())
	WriteJSON(w, e.Status, errorBody{Status: e.Status, Error: e.Code, Message: e.Message, Fields: e.Fields})
}
