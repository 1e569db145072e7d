// Package demo seeds a company with realistic data for every resource, so a
// newcomer can try every endpoint and the tests have a known world to work in.
package demo

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/apikey"
	"github.com/hiregraph/hiregraph/ent/company"
	"github.com/hiregraph/hiregraph/ent/conversation"
	"github.com/hiregraph/hiregraph/ent/evaluationpartner"
	"github.com/hiregraph/hiregraph/ent/location"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/questionnaire"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// DefaultCompany is the name of the company `hiregraph demo` creates.
const DefaultCompany = "Acme Robotics"

// Manifest tells a newcomer, and the tests, what the demo holds.
type Manifest struct {
	CompanyUID             string            `json:"company_uid"`
	APIKeyID               string            `json:"api_key_id"`
	APIKey                 string            `json:"api_key"`
	CareersToken           string            `json:"careers_token"`
	TemplatePositionUID    string            `json:"template_position_uid"`
	NonTemplatePositionUID string            `json:"non_template_position_uid"`
	PublishedPositionUID   string            `json:"published_position_uid"`
	UnpublishedPositionUID string            `json:"unpublished_position_uid"`
	CandidateUID           string            `json:"candidate_uid"`
	ConversationUID        string            `json:"conversation_uid"`
	LocationUID            string            `json:"location_uid"`
	QuestionnaireUID       string            `json:"questionnaire_uid"`
	EvaluationPartnerUID   string            `json:"evaluation_partner_uid"`
	Users                  map[string]string `json:"users"`
	// UserToken signs in the recruiter (RecruiterEmail) for an hour, as a
	// browser front-end would: `Authorization: Bearer <user_token>`.
	UserToken string `json:"user_token"`
}

// RecruiterEmail is the demo user the manifest's user token signs in.
const RecruiterEmail = recruiterEmail

// UserTokenTTL is how long the manifest's user token lasts.
const UserTokenTTL = time.Hour

// keyName names the demo company's API key.
const keyName = "demo"

// seedLock is the PostgreSQL advisory lock processes seeding an empty
// database take turns on.
const seedLock = "hiregraph demo seed"

// Seed creates the demo company named name, or finds it when it already
// exists, and returns its manifest with its API key: the key named demo
// with every scope, issued on the first run and shown again on later ones
// (its secret is sealed at rest), so that each `eval "$(hiregraph demo
// --env)"` does not leave one more admin key that never expires. Revoking
// it makes the next run issue a new one.
func Seed(ctx context.Context, client *ent.Client, sealer *auth.Sealer, name string) (*Manifest, error) {
	// Companies are outside every tenant, so finding and creating one takes
	// an explicit decision; everything else runs as the company's viewer, so
	// the privacy rules keep the seed inside it.
	sys := privacy.DecisionContext(ctx, privacy.Allow)
	comp, err := client.Company.Query().Where(company.Name(name)).Order(company.ByID()).First(sys)
	switch {
	case ent.IsNotFound(err):
		comp, err = create(ctx, client, sealer, name)
		if err != nil {
			return nil, fmt.Errorf("seeding demo company: %w", err)
		}
	case err != nil:
		return nil, fmt.Errorf("looking up demo company: %w", err)
	}
	ctx = viewer.NewContext(ctx, viewer.ForService(comp.ID))
	m, err := manifest(ctx, client, comp)
	if err != nil {
		return nil, fmt.Errorf("reading demo company: %w", err)
	}
	key, err := demoKey(ctx, client, sealer, comp.ID)
	if err != nil {
		return nil, err
	}
	m.APIKeyID, m.APIKey = key.ID, key.Secret
	recruiter, err := client.User.Query().Where(user.Email(recruiterEmail)).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the demo recruiter: %w", err)
	}
	if m.UserToken, err = sealer.MintUserToken(recruiter, time.Now(), UserTokenTTL); err != nil {
		return nil, err
	}
	return m, nil
}

// SeedEmpty seeds the demo company named name into a database that holds
// no company yet (a first start) and returns its manifest; on a database
// with a company it does nothing and returns nil. Processes starting
// together on an empty database seed it once: each counts the companies in
// the transaction that would seed, and these transactions take turns (on
// PostgreSQL behind an advisory lock, dialect says which; on SQLite every
// write transaction does, _txlock=immediate).
func SeedEmpty(ctx context.Context, client *ent.Client, sealer *auth.Sealer, dia, name string) (*Manifest, error) {
	tx, err := client.Tx(ctx)
	if err != nil {
		return nil, err
	}
	if dia == dialect.Postgres {
		if _, err := tx.Client().ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtext($1))", seedLock); err != nil {
			return nil, rollback(tx, fmt.Errorf("waiting for the seed lock: %w", err))
		}
	}
	n, err := tx.Company.Query().Count(privacy.DecisionContext(ctx, privacy.Allow))
	if err != nil {
		return nil, rollback(tx, fmt.Errorf("counting companies: %w", err))
	}
	if n > 0 {
		return nil, tx.Rollback()
	}
	if _, err := createIn(ctx, tx, sealer, name); err != nil {
		return nil, rollback(tx, fmt.Errorf("seeding demo company: %w", err))
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("seeding demo company: %w", err)
	}
	return Seed(ctx, client, sealer, name)
}

// create writes the whole demo company in one transaction.
func create(ctx context.Context, client *ent.Client, sealer *auth.Sealer, name string) (*ent.Company, error) {
	tx, err := client.Tx(ctx)
	if err != nil {
		return nil, err
	}
	comp, err := createIn(ctx, tx, sealer, name)
	if err != nil {
		return nil, rollback(tx, err)
	}
	return comp, tx.Commit()
}

// createIn writes the whole demo company in tx.
func createIn(ctx context.Context, tx *ent.Tx, sealer *auth.Sealer, name string) (*ent.Company, error) {
	comp, err := tx.Company.Create().SetName(name).SetCareersToken(newToken()).Save(privacy.DecisionContext(ctx, privacy.Allow))
	if err != nil {
		return nil, err
	}
	ctx = viewer.NewContext(ctx, viewer.ForService(comp.ID))
	if err := (&seeder{tx: tx.Client(), sealer: sealer, now: time.Now().UTC().Truncate(time.Second)}).run(ctx); err != nil {
		return nil, err
	}
	// The seeder writes its rows directly, so the reports' rollup is
	// counted from them once, as for an upgraded database.
	return comp, recruiting.RebuildReportCounts(ctx, tx.Client(), comp.ID)
}

// demoKey returns the company's active demo key, with its secret, issuing
// it when there is none.
func demoKey(ctx context.Context, client *ent.Client, sealer *auth.Sealer, companyID string) (*auth.NewKey, error) {
	k, err := client.APIKey.Query().
		Where(apikey.CompanyID(companyID), apikey.Name(keyName), apikey.Revoked(false), apikey.UserIDIsNil(), apikey.PartnerIDIsNil()).
		Order(apikey.ByTimeCreated(), apikey.ByID()).First(ctx)
	if ent.IsNotFound(err) {
		return auth.CreateKey(ctx, client, sealer, companyID, keyName, permission.CoarseScopes)
	}
	if err != nil {
		return nil, fmt.Errorf("looking up the demo API key: %w", err)
	}
	secret, err := sealer.Open(k.SealedSecret)
	if err != nil {
		return nil, fmt.Errorf("opening the demo API key %s: %w", k.ID, err)
	}
	return &auth.NewKey{ID: k.ID, Secret: string(secret), Scopes: k.Scopes}, nil
}

func rollback(tx *ent.Tx, err error) error {
	if rerr := tx.Rollback(); rerr != nil {
		return fmt.Errorf("%w (rollback: %v)", err, rerr)
	}
	return err
}

// manifest finds the well-known records of a seeded company.
func manifest(ctx context.Context, client *ent.Client, comp *ent.Company) (*Manifest, error) {
	m := &Manifest{CompanyUID: comp.ID, CareersToken: comp.CareersToken, Users: map[string]string{}}
	var err error
	first := func(q interface {
		FirstID(context.Context) (string, error)
	}) string {
		if err != nil {
			return ""
		}
		var id string
		id, err = q.FirstID(ctx)
		return id
	}
	m.TemplatePositionUID = first(client.Position.Query().Where(position.Name(templateName)).Order(position.ByID()))
	m.NonTemplatePositionUID = first(client.Position.Query().Where(position.Name(unpublishedName)).Order(position.ByID()))
	m.UnpublishedPositionUID = m.NonTemplatePositionUID
	m.PublishedPositionUID = first(client.Position.Query().Where(position.Name(publishedName)).Order(position.ByID()))
	m.CandidateUID = first(client.Position.Query().Where(position.Name(publishedName)).QueryCandidates().Order(ent.Asc("id")))
	m.ConversationUID = first(client.Conversation.Query().Order(conversation.ByID()))
	m.LocationUID = first(client.Location.Query().Where(location.Name(headquarters)).Order(location.ByID()))
	m.QuestionnaireUID = first(client.Questionnaire.Query().Order(questionnaire.ByID()))
	m.EvaluationPartnerUID = first(client.EvaluationPartner.Query().Where(evaluationpartner.Name(PartnerName)).Order(evaluationpartner.ByID()))
	for role, email := range map[string]string{"owner": ownerEmail, "recruiter": recruiterEmail, "hiring_manager": managerEmail} {
		if first(client.User.Query().Where(user.Email(email))) != "" {
			m.Users[role] = email
		}
	}
	return m, err
}

func newToken() string {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand failed: %v", err))
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
