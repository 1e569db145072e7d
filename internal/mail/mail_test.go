package mail_test

import (
	"context"
	"io"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/hiregraph/hiregraph/internal/mail"
	"github.com/hiregraph/hiregraph/internal/mail/mailtest"
)

var invitation = []byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:int_1@hiregraph\r\nDTSTAMP:20260301T090000Z\r\nDTSTART:20260302T090000Z\r\nDTEND:20260302T100000Z\r\nSUMMARY:Interview\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")

func message() mail.Message {
	return mail.Message{
		ID: "msg_01@hiregraph.test", From: "jobs@acme.example", FromName: "Rita Recruiter (Acme)",
		ReplyTo: "rita@acme.example", To: "ada@example.com", ToName: "Ada Lovelace",
		Subject: "Your interview at Acme", Text: "Dear Ada,\nsee you on Monday.",
		Date: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC),
	}
}

func TestSMTPDeliversHeadersBodyAndInvitation(t *testing.T) {
	server := mailtest.Start(t, nil)
	sender, err := mail.NewSMTP(server.URL)
	if err != nil {
		t.Fatal(err)
	}
	m := message()
	m.Calendar = invitation
	if err := sender.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := server.Received()
	if len(got) != 1 || got[0].From != "jobs@acme.example" || len(got[0].To) != 1 || got[0].To[0] != "ada@example.com" {
		t.Fatalf("envelope: %+v", got)
	}
	parsed := got[0].Parsed(t)
	for header, want := range map[string]string{
		"From": `"Rita Recruiter (Acme)" <jobs@acme.example>`, "To": `"Ada Lovelace" <ada@example.com>`,
		"Reply-To": "<rita@acme.example>", "Subject": "Your interview at Acme", "Message-Id": "<msg_01@hiregraph.test>",
	} {
		if g := parsed.Header.Get(header); g != want {
			t.Errorf("%s = %q, want %q", header, g, want)
		}
	}
	if date, err := parsed.Header.Date(); err != nil || !date.Equal(m.Date) {
		t.Errorf("Date = %v (%v), want %v", date, err, m.Date)
	}
	parts := got[0].Parts(t)
	if text := parts["text/plain"]; text != m.Text {
		t.Errorf("text part = %q, want %q", text, m.Text)
	}
	want := strings.ReplaceAll(string(invitation), "\r\n", "\n")
	if cal := parts["text/calendar; method=REQUEST"]; cal != want {
		t.Errorf("calendar part = %q, want the invitation", cal)
	}
	if ics := parts["application/ics"]; ics != want {
		t.Errorf("invite.ics = %q, want the invitation", ics)
	}
}

func TestSMTPTellsTemporaryFromPermanentRefusals(t *testing.T) {
	for _, tc := range []struct {
		code      int
		permanent bool
	}{{451, false}, {550, true}} {
		server := mailtest.Start(t, func(int) *smtp.SMTPError {
			return &smtp.SMTPError{Code: tc.code, EnhancedCode: smtp.EnhancedCode{tc.code / 100, 1, 1}, Message: "no"}
		})
		sender, err := mail.NewSMTP(server.URL)
		if err != nil {
			t.Fatal(err)
		}
		err = sender.Send(context.Background(), message())
		if err == nil || mail.IsPermanent(err) != tc.permanent {
			t.Errorf("refused with %d: error %v, permanent %v, want permanent %v", tc.code, err, mail.IsPermanent(err), tc.permanent)
		}
		if len(server.Received()) != 0 {
			t.Errorf("refused with %d: the server kept the message", tc.code)
		}
	}
}

func TestSMTPURLs(t *testing.T) {
	for _, bad := range []string{"http://mail.example", "smtp://", "smtp://mail.example:port", "::"} {
		if _, err := mail.NewSMTP(bad); err == nil {
			t.Errorf("NewSMTP(%q) accepted", bad)
		}
	}
	for _, good := range []string{"smtp://mail.example", "smtps://user:secret@mail.example:2465"} {
		if _, err := mail.NewSMTP(good); err != nil {
			t.Errorf("NewSMTP(%q): %v", good, err)
		}
	}
}

func TestOutboxWritesOneFilePerMessage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	outbox := mail.NewOutbox(dir)
	m := message()
	for range 2 { // a retry overwrites the same file
		if err := outbox.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) != 1 || filepath.Base(files[0]) != "msg_01@hiregraph.test.eml" {
		t.Fatalf("outbox holds %v (%v), want one .eml named after the Message-ID", files, err)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	parsed, err := netmail.ReadMessage(f)
	if err != nil {
		t.Fatal(err)
	}
	if parsed.Header.Get("Subject") != m.Subject || parsed.Header.Get("To") != `"Ada Lovelace" <ada@example.com>` {
		t.Errorf("headers: %v", parsed.Header)
	}
	body, _ := io.ReadAll(parsed.Body)
	if !strings.Contains(string(body), "see you on Monday.") {
		t.Errorf("body %q", body)
	}
}

func TestBadAddressIsPermanent(t *testing.T) {
	m := message()
	m.To = "not an address"
	err := mail.NewOutbox(t.TempDir()).Send(context.Background(), m)
	if !mail.IsPermanent(err) {
		t.Errorf("error %v, want a permanent one", err)
	}
}
