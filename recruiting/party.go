package recruiting

import (
	"context"
	"fmt"
	"net/mail"
	"slices"
	"strings"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/contact"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// ContactInput is a party named in a request: the author of a note (spec
// 4.2 created_by) or a sender or recipient of a message (spec 2.10).
type ContactInput struct {
	Type       string  `json:"type"`
	FirstName  string  `json:"first_name"`
	MiddleName string  `json:"middle_name"`
	LastName   string  `json:"last_name"`
	Email      string  `json:"email"`
	Status     *string `json:"status"`
}

// Party types of spec 2.10 (message contacts) and 4.2 (note authors).
var (
	messagePartyTypes = []string{"user", "candidate", "source_contact", "other"}
	noteAuthorTypes   = []string{"user", "source_contact", "other", "app"}
	recipientStatuses = []string{"Sent", "Open", "Failed", "Clicked"}
)

// Sizes of party fields, in bytes as the contact columns count them.
const (
	maxNameBytes  = 100
	maxEmailBytes = 320
)

// validateParty checks the fields every party has; field is its path in
// the request, such as "to[2]".
func validateParty(field string, in ContactInput, types []string) error {
	if !slices.Contains(types, in.Type) {
		return apierror.Invalid(field+".type", "%s.type must be one of %s, got %q", field, strings.Join(types, ", "), in.Type)
	}
	if strings.TrimSpace(in.FirstName) == "" {
		return apierror.Invalid(field+".first_name", "%s.first_name is required", field)
	}
	for _, name := range []struct{ key, value string }{
		{"first_name", in.FirstName}, {"middle_name", in.MiddleName}, {"last_name", in.LastName},
	} {
		if len(name.value) > maxNameBytes {
			return apierror.Invalid(field+"."+name.key, "%s.%s must be at most %d bytes of UTF-8", field, name.key, maxNameBytes)
		}
	}
	return validateEmail(field+".email", in.Email)
}

// validateEmail accepts an empty value or one bare address: the display-name
// form "Ada <ada@example.com>" is refused, because the value is what parties
// are matched on.
func validateEmail(field, email string) error {
	if email == "" {
		return nil
	}
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email || len(email) > maxEmailBytes {
		return apierror.Invalid(field, "%s must be an e-mail address like ada@example.com, got %q", field, email)
	}
	return nil
}

// linkParty gives a party the uid of the record it stands for: the user or
// candidate of the company with that e-mail, the candidate the request is
// about for a candidate with no e-mail, or else a Contact of its own (found
// again by type and e-mail, or by type and name when there is no e-mail).
func linkParty(ctx context.Context, client *ent.Client, in ContactInput, about *ent.Candidate) (schematype.Party, error) {
	p := schematype.Party{
		Type: in.Type, FirstName: in.FirstName, MiddleName: in.MiddleName, LastName: in.LastName, Email: in.Email,
	}
	if in.Status != nil {
		p.Status = *in.Status
	}
	id, err := matchingRecord(ctx, client, in, about)
	if err != nil {
		return p, err
	}
	if id == "" {
		id, err = contactFor(ctx, client, in)
		if err != nil {
			return p, err
		}
	}
	p.UID = id
	return p, nil
}

func matchingRecord(ctx context.Context, client *ent.Client, in ContactInput, about *ent.Candidate) (string, error) {
	switch {
	case in.Type == "user" && in.Email != "":
		return firstIDOrEmpty(client.User.Query().Where(user.EmailEqualFold(in.Email)).FirstID(ctx))
	case in.Type == "candidate" && in.Email == "" && about != nil:
		return about.ID, nil
	case in.Type == "candidate":
		if about != nil {
			// The candidate the request is about wins when the e-mail is theirs.
			ok, err := about.QueryPerson().Where(person.EmailEqualFold(in.Email)).Exist(ctx)
			if err != nil || ok {
				return about.ID, err
			}
		}
		// Otherwise the person's latest hiring process stands for them.
		return firstIDOrEmpty(client.Candidate.Query().
			Where(candidate.HasPersonWith(person.EmailEqualFold(in.Email))).
			Order(candidate.ByTimeCreated(sql.OrderDesc()), candidate.ByID()).FirstID(ctx))
	}
	return "", nil
}

func contactFor(ctx context.Context, client *ent.Client, in ContactInput) (string, error) {
	q := client.Contact.Query().Where(contact.Type(in.Type)).Order(contact.ByID())
	if in.Email != "" {
		q.Where(contact.EmailEqualFold(in.Email))
	} else {
		q.Where(contact.FirstName(in.FirstName), contact.LastName(in.LastName), contact.Or(contact.EmailIsNil(), contact.Email("")))
	}
	id, err := firstIDOrEmpty(q.FirstID(ctx))
	if err != nil || id != "" {
		return id, err
	}
	c, err := client.Contact.Create().
		SetType(in.Type).SetFirstName(in.FirstName).SetMiddleName(in.MiddleName).
		SetLastName(in.LastName).SetEmail(in.Email).
		Save(ctx)
	if err != nil {
		return "", fmt.Errorf("creating contact: %w", err)
	}
	return c.ID, nil
}

func firstIDOrEmpty(id string, err error) (string, error) {
	if ent.IsNotFound(err) {
		return "", nil
	}
	return id, err
}
