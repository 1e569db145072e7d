package recruiting

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"text/template"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/messagetemplate"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// Verbs of message templates' changes, on the company's feed.
const (
	VerbTemplateCreated = "message_template.created"
	VerbTemplateUpdated = "message_template.updated"
	VerbTemplateDeleted = "message_template.deleted"
)

// Error codes of message templates.
const (
	CodeTemplateExists   = "message_template_exists"
	CodeTemplateNotFound = "message_template_not_found"
)

// Limits of a template's texts: the subject column holds 500 bytes.
const maxTemplateBodyBytes = 20000

// MessageTemplateInput is a template's name, kind and texts.
type MessageTemplateInput struct {
	Name    string
	Kind    *messagetemplate.Kind
	Subject string
	Body    string
}

// MessageTemplateSeed is one of the templates a company starts with.
type MessageTemplateSeed struct {
	Name    string
	Kind    messagetemplate.Kind
	Subject string
	Body    string
}

// DefaultMessageTemplates are the templates a company starts with.
var DefaultMessageTemplates = []MessageTemplateSeed{
	{
		Name: "Application received", Kind: messagetemplate.KindAcknowledgement,
		Subject: "Your application for {{.position.name}}",
		Body:    "Dear {{.candidate.firstName}},\n\nthank you for applying for {{.position.name}} at {{.company.name}}. We are reading your application and will be in touch soon.\n\nKind regards,\n{{.recruiter.name}}",
	},
	{
		Name: "Interview invitation", Kind: messagetemplate.KindInterviewInvitation,
		Subject: "Interview for {{.position.name}} at {{.company.name}}",
		Body:    "Dear {{.candidate.firstName}},\n\nwe would like to meet you for an interview for {{.position.name}} on {{.interview.time}}.\n\nKind regards,\n{{.recruiter.name}}",
	},
	{
		Name: "Rejection", Kind: messagetemplate.KindRejection,
		Subject: "Your application for {{.position.name}}",
		Body:    "Dear {{.candidate.firstName}},\n\nthank you for your interest in {{.position.name}} at {{.company.name}}. After careful consideration we have decided not to move forward with your application.\n\nWe wish you all the best,\n{{.recruiter.name}}",
	},
}

// templateVariables are the variables templates may use, per object; a
// template naming any other fails to save.
var templateVariables = []struct {
	object string
	fields []string
}{
	{"candidate", []string{"firstName", "lastName", "fullName", "email"}},
	{"position", []string{"name"}},
	{"company", []string{"name"}},
	{"recruiter", []string{"name", "email"}},
	{"interview", []string{"time"}},
}

// MessageTemplateVariables lists the variables as templates write them.
func MessageTemplateVariables() []string {
	var out []string
	for _, v := range templateVariables {
		for _, f := range v.fields {
			out = append(out, fmt.Sprintf("{{.%s.%s}}", v.object, f))
		}
	}
	return out
}

// templateData is what a template is rendered with: every object of
// templateVariables that the message has. Rendering fails on any other
// name (missingkey=error), which is how an unknown variable is found.
type templateData map[string]map[string]string

// sampleTemplateData has every variable, to check a template on save.
func sampleTemplateData() templateData {
	data := templateData{}
	for _, v := range templateVariables {
		data[v.object] = map[string]string{}
		for _, f := range v.fields {
			data[v.object][f] = f
		}
	}
	return data
}

// renderTemplate renders text (the template's field) with data. An
// unknown variable is a validation error naming it.
func renderTemplate(field, text string, data templateData) (string, error) {
	t, err := template.New(field).Option("missingkey=error").Parse(text)
	if err != nil {
		return "", apierror.Invalid(field, "%s is not a valid template: %s", field, strings.TrimPrefix(err.Error(), "template: "))
	}
	var out strings.Builder
	err = t.Execute(&out, data)
	var execErr template.ExecError
	switch {
	case errors.As(err, &execErr):
		return "", apierror.Invalid(field, "%s uses %s, which is not a variable; the variables are %s", field, variableOf(execErr), strings.Join(MessageTemplateVariables(), " "))
	case err != nil:
		return "", apierror.Invalid(field, "%s cannot be rendered: %v", field, err)
	}
	return out.String(), nil
}

// variableOf names the variable text/template failed at ("at <.a.b>:").
func variableOf(err template.ExecError) string {
	_, at, _ := strings.Cut(err.Error(), " at <")
	name, _, _ := strings.Cut(at, ">")
	return "{{" + name + "}}"
}

// validTemplateInput checks a template's texts against every variable.
func validTemplateInput(in MessageTemplateInput) (MessageTemplateInput, error) {
	in.Name = strings.TrimSpace(in.Name)
	switch {
	case in.Name == "":
		return in, apierror.Invalid("name", "name is required")
	case len([]rune(in.Name)) > 200:
		return in, apierror.Invalid("name", "name may be at most 200 characters")
	case strings.TrimSpace(in.Subject) == "":
		return in, apierror.Invalid("subject", "subject is required")
	case len(in.Subject) > maxSubjectBytes:
		return in, apierror.Invalid("subject", "subject may be at most %d bytes", maxSubjectBytes)
	case strings.TrimSpace(in.Body) == "":
		return in, apierror.Invalid("body", "body is required")
	case len(in.Body) > maxTemplateBodyBytes:
		return in, apierror.Invalid("body", "body may be at most %d bytes", maxTemplateBodyBytes)
	}
	if in.Kind != nil {
		if err := messagetemplate.KindValidator(*in.Kind); err != nil {
			return in, apierror.Invalid("kind", "kind: %v", err)
		}
	}
	for field, text := range map[string]string{"subject": in.Subject, "body": in.Body} {
		if _, err := renderTemplate(field, text, sampleTemplateData()); err != nil {
			return in, err
		}
	}
	return in, nil
}

// CreateMessageTemplate adds a template to the company.
func (s *CandidateService) CreateMessageTemplate(ctx context.Context, in MessageTemplateInput) (*ent.MessageTemplate, error) {
	return s.writeTemplate(ctx, "", in)
}

// UpdateMessageTemplate replaces a template's name, kind and texts.
func (s *CandidateService) UpdateMessageTemplate(ctx context.Context, id string, in MessageTemplateInput) (*ent.MessageTemplate, error) {
	return s.writeTemplate(ctx, id, in)
}

// writeTemplate creates (id empty) or replaces a template. The unique
// index on (company, name) keeps names unique under concurrency.
func (s *CandidateService) writeTemplate(ctx context.Context, id string, in MessageTemplateInput) (*ent.MessageTemplate, error) {
	if err := Require(ctx, permission.EditSettings); err != nil {
		return nil, err
	}
	in, err := validTemplateInput(in)
	if err != nil {
		return nil, err
	}
	var saved *ent.MessageTemplate
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		verb, err := VerbTemplateCreated, error(nil)
		if id == "" {
			create := client.MessageTemplate.Create().SetName(in.Name).SetSubject(in.Subject).SetBody(in.Body).SetNillableKind(in.Kind)
			saved, err = create.Save(ctx)
		} else {
			verb = VerbTemplateUpdated
			update := client.MessageTemplate.UpdateOneID(id).SetName(in.Name).SetSubject(in.Subject).SetBody(in.Body).
				SetKind(messagetemplate.KindOther).SetTimeUpdated(s.now())
			if in.Kind != nil {
				update.SetKind(*in.Kind)
			}
			saved, err = update.Save(ctx)
		}
		switch {
		case ent.IsNotFound(err):
			return templateNotFound(id)
		case ent.IsConstraintError(err):
			return apierror.New(http.StatusConflict, CodeTemplateExists, "the company has a message template named %q already", in.Name)
		case err != nil:
			return fmt.Errorf("saving message template: %w", err)
		}
		return s.record(ctx, client, Activity{Verb: verb, ObjectType: "MessageTemplate", ObjectID: saved.ID})
	})
	if err != nil {
		return nil, err
	}
	return saved, nil
}

// DeleteMessageTemplate deletes a template and returns it as it was.
func (s *CandidateService) DeleteMessageTemplate(ctx context.Context, id string) (*ent.MessageTemplate, error) {
	if err := Require(ctx, permission.EditSettings); err != nil {
		return nil, err
	}
	var gone *ent.MessageTemplate
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		var err error
		if gone, err = messageTemplate(ctx, client, id); err != nil {
			return err
		}
		if err := client.MessageTemplate.DeleteOne(gone).Exec(ctx); err != nil {
			return fmt.Errorf("deleting message template: %w", err)
		}
		return s.record(ctx, client, Activity{Verb: VerbTemplateDeleted, ObjectType: "MessageTemplate", ObjectID: gone.ID})
	})
	if err != nil {
		return nil, err
	}
	return gone, nil
}

func templateNotFound(id string) error {
	return apierror.NotFound(CodeTemplateNotFound, "no message template has the uid %q; the messageTemplates query lists the company's", id)
}

// renderedMessage is a template rendered for one candidate.
type renderedMessage struct{ subject, body string }

// render renders tpl for a message to c from the acting user; an
// interview time fills {{.interview.time}}, which fails without one.
func (s *CandidateService) render(ctx context.Context, client *ent.Client, tpl *ent.MessageTemplate, c *ent.Candidate, from *ContactInput, interview *time.Time) (renderedMessage, error) {
	p, err := c.QueryPerson().Only(ctx)
	if err != nil {
		return renderedMessage{}, fmt.Errorf("reading the candidate's person: %w", err)
	}
	pos, err := c.QueryPosition().Only(ctx)
	if err != nil {
		return renderedMessage{}, fmt.Errorf("reading the candidate's position: %w", err)
	}
	company, err := client.Company.Get(ctx, viewerCompany(ctx))
	if err != nil {
		return renderedMessage{}, fmt.Errorf("reading the company: %w", err)
	}
	data := templateData{
		"candidate": {"firstName": p.FirstName, "lastName": p.LastName, "fullName": strings.TrimSpace(p.FirstName + " " + p.LastName), "email": p.Email},
		"position":  {"name": pos.Name},
		"company":   {"name": company.Name},
		"recruiter": {"name": strings.TrimSpace(from.FirstName + " " + from.LastName), "email": from.Email},
	}
	if interview != nil {
		data["interview"] = map[string]string{"time": interview.UTC().Format("Monday, 2 January 2006, 15:04 MST")}
	}
	var out renderedMessage
	out.subject, err = renderTemplate("subject", tpl.Subject, data)
	if err == nil {
		out.body, err = renderTemplate("body", tpl.Body, data)
	}
	if err != nil && interview == nil && strings.Contains(err.Error(), "{{.interview") {
		return out, apierror.Invalid("interviewTime", "template %q uses the interview's time: give interviewTime", tpl.Name)
	}
	return out, err
}
