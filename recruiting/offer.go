package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatefile"
	"github.com/hiregraph/hiregraph/ent/offer"
	"github.com/hiregraph/hiregraph/ent/offerversion"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// An offer's terms live in versions: the offer holds its current terms,
// and every change of them writes the next OfferVersion, so the history
// stays queryable. An offer's document is a file of the candidate
// (CandidateFile, through the file store), not an OfferLetter: offer
// letters are the PDFs evaluation partners fetch through signed links
// (spec 4.9), which stay as they are.
//
// Every change of an offer locks its candidate, then the offer
// (docs/concurrency.md), so the offers of one candidate change one at a
// time and accepting one hires through the same guarded transition as
// HireCandidate.

// CodeOfferNotFound: an offer id names no offer the viewer sees.
const CodeOfferNotFound = "offer_not_found"

// maxOfferCustomFields and maxOfferTerm bound an offer's own terms.
const (
	maxOfferCustomFields = 50
	maxOfferTerm         = 2000
)

// OfferTerms are an offer's terms as a request gives them; a nil term
// keeps its value.
type OfferTerms struct {
	Salary       *schematype.OfferSalary `json:"salary"`
	StartDate    *string                 `json:"startDate"`
	CustomFields schematype.StringMap    `json:"customFields"`
	DocumentID   *string                 `json:"documentID"`
}

// offerChange changes offer o of candidate c, both locked in the
// transaction of client, through upd; it returns the verb and changes of
// its activity.
type offerChange func(ctx context.Context, client *ent.Client, c *ent.Candidate, o *ent.Offer, upd *ent.OfferUpdateOne) (string, []schematype.FieldChange, error)

// CreateOffer drafts an offer for a candidate in progress on an opening of
// its position, as version 1 of its terms.
func (s *CandidateService) CreateOffer(ctx context.Context, candidateID, openingID string, terms *OfferTerms) (*ent.Offer, error) {
	if terms == nil {
		terms = &OfferTerms{}
	}
	if err := s.checkOfferTerms(ctx, terms); err != nil {
		return nil, err
	}
	var out *ent.Offer
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		c, err := lockCandidate(ctx, client, candidateID)
		if err != nil {
			return err
		}
		if c.Status != candidate.StatusInProgress {
			return illegal(c, "make an offer to", candidate.StatusInProgress)
		}
		exists, err := client.Opening.Query().Where(opening.ID(openingID), opening.PositionID(c.PositionID)).Exist(ctx)
		if err != nil {
			return fmt.Errorf("loading opening: %w", err)
		}
		if !exists {
			return invalidRef(CodeOpeningNotFound, "openingID", "the candidate's position has no opening with the uid %q", openingID)
		}
		create := client.Offer.Create().SetCandidateID(c.ID).SetOpeningID(openingID).SetTimeCreated(s.now()).SetTimeUpdated(s.now())
		changes, err := s.applyTerms(ctx, client, c, nil, terms, create.Mutation())
		if err != nil {
			return err
		}
		saved, err := create.Save(ctx)
		if err != nil {
			return fmt.Errorf("saving offer: %w", err)
		}
		if err := s.writeVersion(ctx, client, saved, terms.Salary == nil); err != nil {
			return err
		}
		if err := s.record(ctx, client, Activity{Verb: VerbOfferCreated, ObjectType: "Offer", ObjectID: saved.ID, Candidate: c, Changes: changes, Object: saved}); err != nil {
			return err
		}
		out, err = findOffer(ctx, client, saved.ID)
		return err
	})
	return out, err
}

// UpdateOffer changes the terms of an offer not yet sent, as its next
// version. An offer under approval or approved goes back to DRAFT: its
// new terms need approval again.
func (s *CandidateService) UpdateOffer(ctx context.Context, id string, terms OfferTerms) (*ent.Offer, error) {
	if err := s.checkOfferTerms(ctx, &terms); err != nil {
		return nil, err
	}
	return s.changeOffer(ctx, id, permission.ManageOffers, func(ctx context.Context, client *ent.Client, c *ent.Candidate, o *ent.Offer, upd *ent.OfferUpdateOne) (string, []schematype.FieldChange, error) {
		if err := checkOfferStatus(o, "change the terms of", offer.StatusDraft, offer.StatusPendingApproval, offer.StatusApproved); err != nil {
			return "", nil, err
		}
		changes, err := s.applyTerms(ctx, client, c, o, &terms, upd.Mutation())
		if err != nil || len(changes) == 0 {
			return VerbOfferUpdated, changes, err
		}
		upd.SetVersion(o.Version + 1).SetApprovals(0)
		changes = append(Change("version", o.Version, o.Version+1), changes...)
		if o.Status != offer.StatusDraft {
			upd.SetStatus(offer.StatusDraft)
			changes = append(changes, Change("offerStatus", o.Status, offer.StatusDraft)...)
		}
		return VerbOfferUpdated, changes, nil
	})
}

// RequestOfferApproval asks approverIDs, in order, to approve a draft;
// naming none, any user or key with offers:approve decides, as for
// openings.
func (s *CandidateService) RequestOfferApproval(ctx context.Context, id string, approverIDs []string) (*ent.Offer, error) {
	if len(approverIDs) > maxApprovers {
		return nil, apierror.Invalid("approverIDs", "approverIDs names at most %d users, got %d", maxApprovers, len(approverIDs))
	}
	return s.changeOffer(ctx, id, permission.ManageOffers, func(ctx context.Context, client *ent.Client, _ *ent.Candidate, o *ent.Offer, upd *ent.OfferUpdateOne) (string, []schematype.FieldChange, error) {
		if err := checkOfferStatus(o, "ask for the approval of", offer.StatusDraft); err != nil {
			return "", nil, err
		}
		if err := checkApprovers(ctx, client, approverIDs); err != nil {
			return "", nil, err
		}
		upd.SetStatus(offer.StatusPendingApproval).SetApprovers(approverIDs).SetApprovals(0)
		return VerbOfferApprovalRequested, append(Change("offerStatus", o.Status, offer.StatusPendingApproval), Change("approvers", o.Approvers, approverIDs)...), nil
	})
}

// ApproveOffer approves an offer as the approver whose turn it is; the
// last approver's approval makes it APPROVED. An offer that names no
// approvers is approved by the first holder of offers:approve.
func (s *CandidateService) ApproveOffer(ctx context.Context, id string) (*ent.Offer, error) {
	return s.changeOffer(ctx, id, permission.ApproveOffers, func(ctx context.Context, _ *ent.Client, _ *ent.Candidate, o *ent.Offer, upd *ent.OfferUpdateOne) (string, []schematype.FieldChange, error) {
		if err := checkApproverTurn(ctx, o, "approve"); err != nil {
			return "", nil, err
		}
		if o.Approvals+1 < len(o.Approvers) {
			upd.SetApprovals(o.Approvals + 1)
			return VerbOfferApproved, Change("currentApprover", o.Approvers[o.Approvals], o.Approvers[o.Approvals+1]), nil
		}
		if len(o.Approvers) > 0 {
			upd.SetApprovals(o.Approvals + 1)
		}
		upd.SetStatus(offer.StatusApproved)
		return VerbOfferApproved, Change("offerStatus", o.Status, offer.StatusApproved), nil
	})
}

// RejectOffer turns an offer under approval down, as the approver whose
// turn it is (as ApproveOffer): it goes back to DRAFT with no approvals,
// so its terms can change and its approval be asked for again.
func (s *CandidateService) RejectOffer(ctx context.Context, id string) (*ent.Offer, error) {
	return s.changeOffer(ctx, id, permission.ApproveOffers, func(ctx context.Context, _ *ent.Client, _ *ent.Candidate, o *ent.Offer, upd *ent.OfferUpdateOne) (string, []schematype.FieldChange, error) {
		if err := checkApproverTurn(ctx, o, "reject"); err != nil {
			return "", nil, err
		}
		upd.SetStatus(offer.StatusDraft).SetApprovals(0)
		return VerbOfferRejected, Change("offerStatus", o.Status, offer.StatusDraft), nil
	})
}

// checkApproverTurn refuses a decision on an offer that is not under
// approval, and one by anyone but the approver whose turn it is; an offer
// naming no approvers is decided by any holder of offers:approve.
func checkApproverTurn(ctx context.Context, o *ent.Offer, action string) error {
	if err := checkOfferStatus(o, action, offer.StatusPendingApproval); err != nil {
		return err
	}
	if len(o.Approvers) == 0 {
		return nil
	}
	current := o.Approvers[o.Approvals]
	if v, _ := viewer.FromContext(ctx); v.UserID != current {
		return apierror.New(http.StatusForbidden, CodeNotApprover,
			"offer %s awaits the decision of user %s; only the approver whose turn it is may %s it", o.ID, current, action)
	}
	return nil
}

// SendOffer records that an approved offer went to the candidate.
func (s *CandidateService) SendOffer(ctx context.Context, id string) (*ent.Offer, error) {
	return s.moveOffer(ctx, id, offer.StatusSent, VerbOfferSent, "send", offer.StatusApproved)
}

// DeclineOffer records that the candidate declined a sent offer.
func (s *CandidateService) DeclineOffer(ctx context.Context, id string) (*ent.Offer, error) {
	return s.moveOffer(ctx, id, offer.StatusDeclined, VerbOfferDeclined, "decline", offer.StatusSent)
}

// WithdrawOffer withdraws an offer the candidate has not answered.
func (s *CandidateService) WithdrawOffer(ctx context.Context, id string) (*ent.Offer, error) {
	return s.moveOffer(ctx, id, offer.StatusWithdrawn, VerbOfferWithdrawn, "withdraw",
		offer.StatusDraft, offer.StatusPendingApproval, offer.StatusApproved, offer.StatusSent)
}

// AcceptOffer records that the candidate accepted a sent offer and hires
// the candidate into the offer's opening, in the same transaction, through
// the hire HireCandidate makes.
func (s *CandidateService) AcceptOffer(ctx context.Context, id string) (*ent.Offer, error) {
	if err := Require(ctx, permission.HireCandidates); err != nil {
		return nil, err
	}
	return s.changeOffer(ctx, id, permission.ManageOffers, func(ctx context.Context, client *ent.Client, c *ent.Candidate, o *ent.Offer, upd *ent.OfferUpdateOne) (string, []schematype.FieldChange, error) {
		if err := checkOfferStatus(o, "accept", offer.StatusSent); err != nil {
			return "", nil, err
		}
		counted, err := rollupBefore(ctx, client, c)
		if err != nil {
			return "", nil, err
		}
		saved, hired, err := s.hire(ctx, client, c, o.OpeningID)
		if err != nil {
			return "", nil, err
		}
		if err := counted.settle(ctx, client, saved); err != nil {
			return "", nil, err
		}
		upd.SetStatus(offer.StatusAccepted)
		return VerbOfferAccepted, append(Change("offerStatus", o.Status, offer.StatusAccepted), hired...), nil
	})
}

// moveOffer moves an offer in one of the statuses from to status to.
func (s *CandidateService) moveOffer(ctx context.Context, id string, to offer.Status, verb, action string, from ...offer.Status) (*ent.Offer, error) {
	return s.changeOffer(ctx, id, permission.ManageOffers, func(_ context.Context, _ *ent.Client, _ *ent.Candidate, o *ent.Offer, upd *ent.OfferUpdateOne) (string, []schematype.FieldChange, error) {
		if err := checkOfferStatus(o, action, from...); err != nil {
			return "", nil, err
		}
		upd.SetStatus(to)
		return verb, Change("offerStatus", o.Status, to), nil
	})
}

// changeOffer runs one change of an offer in one transaction: it needs
// perm, locks the offer's candidate and then the offer, so a racing change
// waits and then decides on what this one wrote, and records the
// activity with the offer as saved. It returns the offer as the viewer
// sees it.
func (s *CandidateService) changeOffer(ctx context.Context, id, perm string, change offerChange) (*ent.Offer, error) {
	if err := Require(ctx, perm); err != nil {
		return nil, err
	}
	var out *ent.Offer
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		c, o, err := lockOffer(ctx, client, id)
		if err != nil {
			return err
		}
		upd := client.Offer.UpdateOne(o).SetTimeUpdated(s.now())
		verb, changes, err := change(ctx, client, c, o, upd)
		if err != nil {
			return err
		}
		saved, err := upd.Save(ctx)
		if err != nil {
			return fmt.Errorf("saving offer: %w", err)
		}
		if saved.Version != o.Version {
			if err := s.writeVersion(ctx, client, saved, !slices.ContainsFunc(changes, func(c schematype.FieldChange) bool { return c.Field == "salary" })); err != nil {
				return err
			}
		}
		if c, err = client.Candidate.Get(ctx, c.ID); err != nil {
			return fmt.Errorf("reading candidate: %w", err)
		}
		if err := s.record(ctx, client, Activity{Verb: verb, ObjectType: "Offer", ObjectID: o.ID, Candidate: c, Changes: changes, Object: saved}); err != nil {
			return err
		}
		out, err = findOffer(ctx, client, id)
		return err
	})
	return out, err
}

// lockOffer locks the offer's candidate, then the offer, and returns both;
// the offer is read whole, its salary included, for the service's own use.
func lockOffer(ctx context.Context, client *ent.Client, id string) (*ent.Candidate, *ent.Offer, error) {
	o, err := findOffer(ctx, client, id)
	if err != nil {
		return nil, nil, err
	}
	c, err := lockCandidate(ctx, client, o.CandidateID)
	if err != nil {
		return nil, nil, err
	}
	if o, err = client.Offer.Query().Where(offer.ID(id), lockedForWrite).Only(rule.WithSalaries(ctx)); err != nil {
		return nil, nil, fmt.Errorf("locking offer: %w", err)
	}
	return c, o, nil
}

// findOffer reads an offer as the viewer sees it.
func findOffer(ctx context.Context, client *ent.Client, id string) (*ent.Offer, error) {
	o, err := client.Offer.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(CodeOfferNotFound, "no offer has the uid %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("reading offer: %w", err)
	}
	return o, nil
}

// checkOfferStatus refuses action on an offer in none of the statuses
// allowed.
func checkOfferStatus(o *ent.Offer, action string, allowed ...offer.Status) error {
	if slices.Contains(allowed, o.Status) {
		return nil
	}
	spelled := make([]string, len(allowed))
	for i, st := range allowed {
		spelled[i] = string(st)
	}
	return refuseTransition("cannot %s offer %s: its status is %s; only an offer in status %s can be", action, o.ID, o.Status, strings.Join(spelled, " or "))
}

// offerTermsMutation is what creating and updating an offer share.
type offerTermsMutation interface {
	SetSalary(*schematype.OfferSalary)
	SetStartDate(time.Time)
	SetCustomFields(schematype.StringMap)
	SetDocumentID(string)
}

// applyTerms sets the terms given on m and returns their changes against
// o's (nil for a new offer). The document must be a file of candidate c.
func (s *CandidateService) applyTerms(ctx context.Context, client *ent.Client, c *ent.Candidate, o *ent.Offer, terms *OfferTerms, m offerTermsMutation) ([]schematype.FieldChange, error) {
	if o == nil {
		o = &ent.Offer{CustomFields: schematype.StringMap{}}
	}
	var changes []schematype.FieldChange
	if terms.Salary != nil {
		m.SetSalary(terms.Salary)
		changes = append(changes, Change("salary", o.Salary, terms.Salary)...)
	}
	if terms.StartDate != nil {
		start, err := apitime.ParseDateOrTime("startDate", *terms.StartDate)
		if err != nil {
			return nil, err
		}
		m.SetStartDate(start)
		changes = append(changes, Change("startDate", o.StartDate, start)...)
	}
	if terms.CustomFields != nil {
		m.SetCustomFields(terms.CustomFields)
		changes = append(changes, Change("offerCustomFields", o.CustomFields, terms.CustomFields)...)
	}
	if terms.DocumentID != nil {
		ok, err := client.CandidateFile.Query().Where(candidatefile.ID(*terms.DocumentID), candidatefile.CandidateID(c.ID)).Exist(ctx)
		if err != nil {
			return nil, fmt.Errorf("loading document: %w", err)
		}
		if !ok {
			return nil, invalidRef(CodeFileNotFound, "documentID", "the candidate has no file with the id %q", *terms.DocumentID)
		}
		m.SetDocumentID(*terms.DocumentID)
		changes = append(changes, Change("documentID", o.DocumentID, terms.DocumentID)...)
	}
	return changes, nil
}

// checkOfferTerms validates terms before anything is read, so a bad
// request writes nothing. Setting a salary needs salary:edit.
func (s *CandidateService) checkOfferTerms(ctx context.Context, terms *OfferTerms) error {
	if err := Require(ctx, permission.ManageOffers); err != nil {
		return err
	}
	if sal := terms.Salary; sal != nil {
		if err := Require(ctx, permission.EditSalary); err != nil {
			return err
		}
		switch {
		case sal.Amount <= 0:
			return apierror.Invalid("salary.amount", "salary.amount must be positive, got %d", sal.Amount)
		case !isISO4217(sal.CurrencyCode):
			return apierror.Invalid("salary.currencyCode", "salary.currencyCode must be an ISO 4217 code such as EUR")
		case !slices.Contains(salaryPeriods, sal.Period):
			return apierror.Invalid("salary.period", "salary.period must be one of %s", strings.Join(salaryPeriods, ", "))
		}
	}
	if len(terms.CustomFields) > maxOfferCustomFields {
		return apierror.Invalid("customFields", "customFields holds at most %d terms, got %d", maxOfferCustomFields, len(terms.CustomFields))
	}
	for k, v := range terms.CustomFields {
		if strings.TrimSpace(k) == "" || len(k) > maxText || len(v) > maxOfferTerm {
			return apierror.Invalid("customFields", "customFields: each name must be 1 to %d bytes and each value at most %d", maxText, maxOfferTerm)
		}
	}
	return nil
}

// writeVersion records o's current terms as its version o.Version. A
// salary the request did not change is the service's copy of what the
// offer holds, which needs no salary permission.
func (s *CandidateService) writeVersion(ctx context.Context, client *ent.Client, o *ent.Offer, salaryCopied bool) error {
	writeCtx := ctx
	if salaryCopied {
		writeCtx = rule.WithSalaries(ctx)
	}
	create := client.OfferVersion.Create().SetOfferID(o.ID).SetVersion(o.Version).SetNillableStartDate(o.StartDate).
		SetCustomFields(o.CustomFields).SetNillableDocumentID(o.DocumentID).SetCreatedBy(actorLabel(actorOf(ctx))).SetTimeCreated(s.now())
	if o.Salary != nil {
		create.SetSalary(o.Salary)
	}
	if err := create.Exec(writeCtx); err != nil {
		return fmt.Errorf("saving offer version: %w", err)
	}
	return nil
}

// actorLabel names an actor in a version: a user by name, a key by id.
func actorLabel(a Actor) string {
	if a.Name != "" {
		return a.Name
	}
	return a.ID
}

// OfferVersions lists an offer's versions, oldest first, as the viewer
// sees them.
func (s *CandidateService) OfferVersions(ctx context.Context, o *ent.Offer) ([]*ent.OfferVersion, error) {
	return perRecord(ctx, o.ID, func(r *operationReads) *batch[[]*ent.OfferVersion] { return &r.offerVersions }, offersRead, s.versionsOf)
}

// versionsOf reads the versions of the offers of ids, by offer, oldest
// first.
func (s *CandidateService) versionsOf(ctx context.Context, ids []string) (map[string][]*ent.OfferVersion, error) {
	rows, err := s.clientOf(ctx).OfferVersion.Query().
		Where(offerversion.OfferIDIn(ids...)).
		Order(offerversion.ByOfferID(), offerversion.ByVersion()).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading offer versions: %w", err)
	}
	out := make(map[string][]*ent.OfferVersion, len(ids))
	for _, v := range rows {
		out[v.OfferID] = append(out[v.OfferID], v)
	}
	return out, nil
}

// CandidateOffers lists a candidate's offers, oldest first.
func (s *CandidateService) CandidateOffers(ctx context.Context, c *ent.Candidate) ([]*ent.Offer, error) {
	return perRecord(ctx, c.ID, func(r *operationReads) *batch[[]*ent.Offer] { return &r.candidateOffers }, candidatesRead, s.offersOf)
}

// offersOf reads the offers of the candidates of ids, by candidate,
// oldest first.
func (s *CandidateService) offersOf(ctx context.Context, ids []string) (map[string][]*ent.Offer, error) {
	rows, err := s.clientOf(ctx).Offer.Query().
		Where(offer.CandidateIDIn(ids...)).
		Order(offer.ByTimeCreated(), offer.ByID()).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading offers: %w", err)
	}
	out := make(map[string][]*ent.Offer, len(ids))
	for _, o := range rows {
		out[o.CandidateID] = append(out[o.CandidateID], o)
	}
	return out, nil
}

// CurrentOfferApprover is the approver whose decision a pending offer
// awaits; nil for an offer in another status.
func (s *PositionService) CurrentOfferApprover(ctx context.Context, o *ent.Offer) (*ent.User, error) {
	if o.Status != offer.StatusPendingApproval || o.Approvals >= len(o.Approvers) {
		return nil, nil
	}
	return s.approvalUser(ctx, o.Approvers[o.Approvals])
}
