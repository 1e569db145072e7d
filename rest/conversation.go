package rest

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/recruiting"
)

// partyRef is how responses name a party: {type, uid} (spec 2.8, 2.9).
type partyRef struct {
	Type string `json:"type"`
	UID  string `json:"uid"`
}

func newPartyRef(p schematype.Party) partyRef { return partyRef{Type: p.Type, UID: p.UID} }

func newPartyRefs(ps []schematype.Party) []partyRef {
	out := make([]partyRef, len(ps))
	for i, p := range ps {
		out[i] = newPartyRef(p)
	}
	return out
}

// noteJSON is the note object of spec 2.8.
type noteJSON struct {
	UID         string                  `json:"uid"`
	TimeCreated string                  `json:"time_created"`
	CreatedBy   partyRef                `json:"created_by"`
	Text        string                  `json:"text"`
	Details     []schematype.NoteDetail `json:"details"`
}

// messageJSON is the message object of spec 2.9.
type messageJSON struct {
	UID      string     `json:"uid"`
	TimeSent string     `json:"time_sent"`
	Status   string     `json:"status"`
	From     partyRef   `json:"from"`
	To       []partyRef `json:"to"`
	Cc       []partyRef `json:"cc"`
	Bcc      []partyRef `json:"bcc"`
	Subject  string     `json:"subject"`
	Body     string     `json:"body"`
}

// createNote serves POST /candidates/{uid}/notes (spec 4.2).
func (a *API) createNote(w http.ResponseWriter, r *http.Request) error {
	var in recruiting.CreateNoteInput
	if err := DecodeJSON(r, &in); err != nil {
		return err
	}
	n, err := a.Service.CreateNote(r.Context(), chi.URLParam(r, "uid"), in)
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusCreated, newNoteJSON(n))
	return nil
}

// createMessage serves POST /conversations/{uid}/messages (spec 4.3).
func (a *API) createMessage(w http.ResponseWriter, r *http.Request) error {
	var in recruiting.CreateMessageInput
	if err := DecodeJSON(r, &in); err != nil {
		return err
	}
	m, err := a.Service.CreateMessage(r.Context(), chi.URLParam(r, "uid"), in)
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusCreated, newMessageJSON(m))
	return nil
}

func newNoteJSON(n *ent.Note) noteJSON {
	details := n.Details
	if details == nil {
		details = []schematype.NoteDetail{}
	}
	return noteJSON{
		UID: n.ID, TimeCreated: apitime.Format(n.TimeCreated), CreatedBy: newPartyRef(n.CreatedBy),
		Text: n.Text, Details: details,
	}
}

func newMessageJSON(m *ent.Message) messageJSON {
	return messageJSON{
		UID: m.ID, TimeSent: apitime.Format(m.TimeSent), Status: m.Status, From: newPartyRef(m.From),
		To: newPartyRefs(m.To), Cc: newPartyRefs(m.Cc), Bcc: newPartyRefs(m.Bcc),
		Subject: m.Subject, Body: m.Body,
	}
}
