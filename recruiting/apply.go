package recruiting

import (
	"context"
	"fmt"
	"net/mail"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// ApplyInput is an application as a careers site sends it, in JSON or as
// form fields of the same names.
type ApplyInput struct {
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
	LinkedInURL string `json:"linkedin_url"`
	CoverLetter string `json:"cover_letter"`
	Source      string `json:"source"`
	// Consent must be true: the applicant agreed to ConsentText, which is
	// stored with the application as the form showed it.
	Consent     bool   `json:"consent"`
	ConsentText string `json:"consent_text"`
	// Answers answer the position's questions, keyed by question id
	// (ApplicationForm gives them).
	Answers map[string]string `json:"answers"`
	// Website is the honeypot: the form hides it from people, so only a
	// bot fills it in.
	Website string `json:"website"`
	// Resume and CoverLetterFile are the files sent with the application;
	// nil when none was.
	Resume          *Upload `json:"-"`
	CoverLetterFile *Upload `json:"-"`
}

// applyFieldOrder is the order of the form's inputs, in which field
// messages are listed.
var applyFieldOrder = []string{
	"first_name", "last_name", "email", "phone", "linkedin_url", "cover_letter", "source",
	"consent", "consent_text", "resume", "cover_letter_file",
}

// Limits of an application's text fields, in bytes unless said otherwise.
const (
	maxApplyName        = 100
	maxApplyPhone       = 50
	maxApplyURL         = 2000
	maxApplySource      = 200
	maxCoverLetterRunes = 20000
	maxConsentText      = 4000 // characters
	maxAnswerRunes      = 5000
)

// DefaultSource is the source of an application that names none.
const DefaultSource = "careers site"

// FormQuestion is one question of a position's application form.
type FormQuestion struct {
	// ID names the question in ApplyInput.Answers: the questionnaire's uid
	// and the question's place in it, "qnr_…:0".
	ID          string   `json:"id"`
	Title       string   `json:"title"`
	Explanation string   `json:"explanation"`
	Options     []string `json:"options"`
	Required    bool     `json:"required"`
	// Demographic answers are stored apart (schematype.Question).
	Demographic bool `json:"-"`
}

// ApplicationForm is what a careers site needs to show the apply form of a
// position: its questions, the file limits and the consent to ask for.
type ApplicationForm struct {
	PositionUID   string         `json:"position_uid"`
	Questions     []FormQuestion `json:"questions"`
	MaxFileBytes  int64          `json:"max_file_bytes"`
	AcceptedFiles string         `json:"accepted_files"`
	ConsentText   string         `json:"consent_text"`
}

// openForApplications reads a position that accepts applications:
// published, not a template, open. Anything else reads as missing, as the
// careers API shows it.
func (s *CareersService) openForApplications(ctx context.Context, id string) (*ent.Position, error) {
	p, err := s.Client.Position.Query().
		Where(position.ID(id), position.IsPublished(true), position.IsTemplate(false)).
		WithQuestionnaires().Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound("position_not_found", "no published position has the uid %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("loading position: %w", err)
	}
	if p.Status != position.StatusOpen {
		return nil, apierror.New(409, "position_closed", "%s no longer takes applications", p.Name)
	}
	return p, nil
}

// ApplicationForm describes the apply form of a published, open position.
func (s *CareersService) ApplicationForm(ctx context.Context, company *ent.Company, positionID string) (*ApplicationForm, error) {
	p, err := s.openForApplications(ctx, positionID)
	if err != nil {
		return nil, err
	}
	form := &ApplicationForm{
		PositionUID: p.ID, Questions: formQuestions(p), AcceptedFiles: filestore.AcceptedNames(),
		ConsentText: ConsentText(company.Name),
	}
	if s.Files != nil {
		form.MaxFileBytes = s.Files.MaxBytes()
	}
	return form, nil
}

// ConsentText is the consent a company's apply form asks for.
func ConsentText(company string) string {
	return "I agree that " + company + " stores and processes the data of this application, my resume included, " +
		"to consider me for this and similar positions, and keeps it for up to two years. " +
		"I can ask for it to be deleted at any time."
}

// formQuestions lists the questions of the position's questionnaires, in
// order.
func formQuestions(p *ent.Position) []FormQuestion {
	out := []FormQuestion{}
	for _, q := range p.Edges.Questionnaires {
		for i, question := range q.Questions {
			opts := make([]string, len(question.Options))
			for j, o := range question.Options {
				opts[j] = o.Title
			}
			out = append(out, FormQuestion{
				ID: q.ID + ":" + strconv.Itoa(i), Title: question.Title, Explanation: question.Explanation,
				Options: opts, Required: question.Required, Demographic: question.Demographic,
			})
		}
	}
	return out
}

// checkedApplication is an application whose fields passed the rules,
// cleaned for storing.
type checkedApplication struct {
	ApplyInput
	answers, demographicAnswers []schematype.NamedValue
}

// checkApplication applies the form's rules to every field and reports
// every field at fault at once, so a form can mark them all.
func checkApplication(in ApplyInput, questions []FormQuestion) (*checkedApplication, error) {
	bad := map[string]string{}
	out := &checkedApplication{ApplyInput: in}
	out.FirstName = checkName(bad, "first_name", in.FirstName, true)
	out.LastName = checkName(bad, "last_name", in.LastName, true)
	out.Email = checkApplyEmail(bad, in.Email)
	out.Phone = checkPhone(bad, in.Phone)
	out.LinkedInURL = checkLinkedIn(bad, in.LinkedInURL)
	out.CoverLetter = checkLongText(bad, "cover_letter", in.CoverLetter, maxCoverLetterRunes)
	out.Source = strings.TrimSpace(in.Source)
	switch {
	case out.Source == "":
		out.Source = DefaultSource
	case len(out.Source) > maxApplySource || hasControl(out.Source):
		bad["source"] = fmt.Sprintf("must be at most %d characters of text", maxApplySource)
	}
	if !in.Consent {
		bad["consent"] = "please agree to the processing of your data to apply"
	}
	out.ConsentText = strings.TrimSpace(in.ConsentText)
	switch {
	case out.ConsentText == "":
		bad["consent_text"] = "the text you agreed to is missing"
	case utf8.RuneCountInString(out.ConsentText) > maxConsentText:
		bad["consent_text"] = fmt.Sprintf("must be at most %d characters", maxConsentText)
	}
	out.answers, out.demographicAnswers = checkAnswers(bad, in.Answers, questions)
	if len(bad) == 0 {
		return out, nil
	}
	order := slices.Concat(applyFieldOrder, answerFields(in.Answers, questions))
	return nil, apierror.InvalidFields(order, bad)
}

// answerFields names the answer inputs, questions first, in form order.
func answerFields(answers map[string]string, questions []FormQuestion) []string {
	var out []string
	known := map[string]bool{}
	for _, q := range questions {
		out = append(out, "answers["+q.ID+"]")
		known[q.ID] = true
	}
	for id := range answers {
		if !known[id] {
			out = append(out, "answers["+id+"]")
		}
	}
	return out
}

func checkName(bad map[string]string, field, v string, required bool) string {
	v = strings.TrimSpace(v)
	switch {
	case v == "" && required:
		bad[field] = "please fill this in"
	case len(v) > maxApplyName:
		bad[field] = fmt.Sprintf("must be at most %d characters", maxApplyName)
	case hasControl(v) || strings.ContainsAny(v, "<>"):
		bad[field] = "must be plain text"
	}
	return v
}

func checkApplyEmail(bad map[string]string, v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		bad["email"] = "please fill this in"
		return v
	}
	addr, err := mail.ParseAddress(v)
	at := strings.LastIndexByte(v, '@')
	if err != nil || addr.Address != v || len(v) > maxEmailBytes || at < 1 || !strings.Contains(v[at:], ".") {
		bad["email"] = "must be an e-mail address like ada@example.com"
		return v
	}
	return strings.ToLower(v)
}

func checkPhone(bad map[string]string, v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return v
	}
	digits := 0
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune(" +-().", r):
		default:
			bad["phone"] = "may hold only digits, spaces and + - ( ) ."
			return v
		}
	}
	if digits < 5 || len(v) > maxApplyPhone {
		bad["phone"] = fmt.Sprintf("must be a phone number of 5 to %d characters", maxApplyPhone)
	}
	return v
}

func checkLinkedIn(bad map[string]string, v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return v
	}
	// People paste profiles without the scheme, as browsers show them.
	if !strings.Contains(v, "://") {
		v = "https://" + v
	}
	u, err := url.Parse(v)
	host := ""
	if err == nil {
		host = strings.ToLower(u.Hostname())
	}
	if err != nil || u.Scheme != "https" || u.User != nil || len(v) > maxApplyURL ||
		(host != "linkedin.com" && !strings.HasSuffix(host, ".linkedin.com")) {
		bad["linkedin_url"] = "must be a link to a LinkedIn profile, like https://www.linkedin.com/in/ada"
	}
	return v
}

// checkLongText keeps free text as plain text: tags removed, and HTML
// escaped as every plain-text field of the service is.
func checkLongText(bad map[string]string, field, v string, maxRunes int) string {
	v = strings.TrimSpace(v)
	if utf8.RuneCountInString(v) > maxRunes {
		bad[field] = fmt.Sprintf("must be at most %d characters", maxRunes)
		return v
	}
	if v == "" {
		return v
	}
	return sanitize.PlainText(v)
}

// checkAnswers requires an answer to every required question, one of the
// options where a question offers them, and no answers to questions the
// position does not ask. It returns the answers to demographic questions
// apart from the others.
func checkAnswers(bad map[string]string, answers map[string]string, questions []FormQuestion) (out, demographic []schematype.NamedValue) {
	out, demographic = []schematype.NamedValue{}, []schematype.NamedValue{}
	known := map[string]bool{}
	for _, q := range questions {
		known[q.ID] = true
		field := "answers[" + q.ID + "]"
		a := strings.TrimSpace(answers[q.ID])
		switch {
		case a == "" && q.Required:
			bad[field] = "please answer this question"
			continue
		case a == "":
			continue
		case len(q.Options) > 0 && !slices.Contains(q.Options, a):
			bad[field] = "please choose one of: " + strings.Join(q.Options, ", ")
			continue
		case utf8.RuneCountInString(a) > maxAnswerRunes:
			bad[field] = fmt.Sprintf("must be at most %d characters", maxAnswerRunes)
			continue
		}
		answer := schematype.NamedValue{Name: q.Title, Value: sanitize.PlainText(a)}
		if q.Demographic {
			demographic = append(demographic, answer)
		} else {
			out = append(out, answer)
		}
	}
	for id := range answers {
		if !known[id] {
			bad["answers["+id+"]"] = "the position asks no such question"
		}
	}
	return out, demographic
}

func hasControl(s string) bool {
	return strings.IndexFunc(s, unicode.IsControl) >= 0
}
