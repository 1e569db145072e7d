package recruiting

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/scorecardattribute"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// CodeAttributeNotFound: an attribute id names no attribute of the
// position's scorecard template (422).
const CodeAttributeNotFound = "scorecard_attribute_not_found"

// Bounds of a scorecard template.
const (
	minRatingScale        = 2
	maxRatingScale        = 10
	maxScorecardAttrs     = 50
	maxAttributeFocus     = 100
	maxAttributeName      = 200
	maxAttributeDescribed = 2000
)

// ScorecardTemplate is a position's scorecard template: what interviewers
// rate, on a scale of 1 to RatingScale.
type ScorecardTemplate struct {
	RatingScale int
	Attributes  []*ent.ScorecardAttribute
}

// ScorecardTemplateInput replaces a position's scorecard template.
type ScorecardTemplateInput struct {
	RatingScale int
	Attributes  []ScorecardAttributeInput
}

// ScorecardAttributeInput is one attribute of a template, in order. With
// an ID it keeps that attribute (and the ratings given to it); without
// one it adds a new attribute.
type ScorecardAttributeInput struct {
	ID          *string
	Focus       string
	Name        string
	Description *string
}

// ScorecardTemplate returns p's template; nil when p has none.
func (s *ScorecardService) ScorecardTemplate(ctx context.Context, p *ent.Position) (*ScorecardTemplate, error) {
	if p.ScorecardRatingScale == nil {
		return nil, nil
	}
	attrs, err := s.clientOf(ctx).ScorecardAttribute.Query().
		Where(scorecardattribute.PositionID(p.ID), scorecardattribute.TimeRemovedIsNil()).
		Order(ent.Asc(scorecardattribute.FieldOrdinal)).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading scorecard attributes: %w", err)
	}
	return &ScorecardTemplate{RatingScale: *p.ScorecardRatingScale, Attributes: attrs}, nil
}

// SetScorecardTemplate replaces the scorecard template of a position:
// attributes named by id are kept (their ratings too), new ones are
// added, and the ones left out leave the template but stay on the
// scorecards that rated them. Needs positions:edit.
func (s *ScorecardService) SetScorecardTemplate(ctx context.Context, positionID string, in ScorecardTemplateInput) (*ent.Position, error) {
	if err := Require(ctx, permission.EditPositions); err != nil {
		return nil, err
	}
	attrs, err := checkTemplate(in)
	if err != nil {
		return nil, err
	}
	var out *ent.Position
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		p, err := lockPosition(ctx, client, positionID)
		if err != nil {
			return err
		}
		before, err := client.ScorecardAttribute.Query().Where(scorecardattribute.PositionID(p.ID)).
			Order(ent.Asc(scorecardattribute.FieldOrdinal)).All(ctx)
		if err != nil {
			return fmt.Errorf("loading scorecard attributes: %w", err)
		}
		if err := s.writeAttributes(ctx, client, p.ID, before, attrs); err != nil {
			return err
		}
		updated, err := client.Position.UpdateOne(p).SetScorecardRatingScale(in.RatingScale).SetTimeUpdated(s.now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("saving position: %w", err)
		}
		out = updated
		changes := slices.Concat(
			Change("scorecardRatingScale", p.ScorecardRatingScale, in.RatingScale),
			Change("scorecardAttributes", attributeNames(liveAttributes(before)), inputNames(attrs)))
		return s.record(ctx, client, Activity{Verb: VerbPositionUpdated, ObjectType: "Position", ObjectID: p.ID, PositionID: p.ID, Changes: changes, Object: updated})
	})
	return out, err
}

// checkTemplate checks a template's scale and attributes and returns the
// attributes trimmed and sanitized.
func checkTemplate(in ScorecardTemplateInput) ([]ScorecardAttributeInput, error) {
	var errs []error
	if in.RatingScale < minRatingScale || in.RatingScale > maxRatingScale {
		errs = append(errs, apierror.Invalid("ratingScale", "ratingScale must be %d to %d, got %d", minRatingScale, maxRatingScale, in.RatingScale))
	}
	if len(in.Attributes) > maxScorecardAttrs {
		errs = append(errs, apierror.Invalid("attributes", "a template has at most %d attributes, got %d", maxScorecardAttrs, len(in.Attributes)))
	}
	out := make([]ScorecardAttributeInput, len(in.Attributes))
	seen := map[string]bool{}
	for i, a := range in.Attributes {
		field := fmt.Sprintf("attributes[%d]", i)
		a.Focus = strings.TrimSpace(sanitize.PlainText(a.Focus))
		a.Name = strings.TrimSpace(sanitize.PlainText(a.Name))
		description := ""
		if a.Description != nil {
			description = strings.TrimSpace(sanitize.PlainText(*a.Description))
		}
		a.Description = &description
		errs = append(errs,
			checkLength(field+".focus", a.Focus, 1, maxAttributeFocus),
			checkLength(field+".name", a.Name, 1, maxAttributeName),
			checkLength(field+".description", description, 0, maxAttributeDescribed))
		if a.ID != nil {
			if seen[*a.ID] {
				errs = append(errs, apierror.Invalid(field+".id", "%s.id names attribute %s a second time", field, *a.ID))
			}
			seen[*a.ID] = true
		}
		out[i] = a
	}
	return out, apierror.Join(errs...)
}

// checkLength checks that value is min to max bytes long.
func checkLength(field, value string, min, max int) error {
	if len(value) < min || len(value) > max {
		return apierror.Invalid(field, "%s must be %d to %d bytes, got %d", field, min, max, len(value))
	}
	return nil
}

// writeAttributes makes the position's attributes what attrs says, in
// its order: each named attribute must be one of the position's (before).
func (s *ScorecardService) writeAttributes(ctx context.Context, client *ent.Client, positionID string, before []*ent.ScorecardAttribute, attrs []ScorecardAttributeInput) error {
	kept := map[string]bool{}
	for i, a := range attrs {
		if a.ID == nil {
			err := client.ScorecardAttribute.Create().SetPositionID(positionID).SetOrdinal(i).
				SetFocus(a.Focus).SetName(a.Name).SetDescription(*a.Description).Exec(ctx)
			if err != nil {
				return fmt.Errorf("adding scorecard attribute: %w", err)
			}
			continue
		}
		if !slices.ContainsFunc(before, func(b *ent.ScorecardAttribute) bool { return b.ID == *a.ID }) {
			field := fmt.Sprintf("attributes[%d].id", i)
			return invalidRef(CodeAttributeNotFound, field, "%s: the position's template has no attribute %q", field, *a.ID)
		}
		kept[*a.ID] = true
		err := client.ScorecardAttribute.UpdateOneID(*a.ID).SetOrdinal(i).
			SetFocus(a.Focus).SetName(a.Name).SetDescription(*a.Description).ClearTimeRemoved().Exec(ctx)
		if err != nil {
			return fmt.Errorf("saving scorecard attribute: %w", err)
		}
	}
	for _, b := range liveAttributes(before) {
		if kept[b.ID] {
			continue
		}
		if err := client.ScorecardAttribute.UpdateOne(b).SetTimeRemoved(s.now()).Exec(ctx); err != nil {
			return fmt.Errorf("removing scorecard attribute: %w", err)
		}
	}
	return nil
}

// copyScorecardAttributes gives position to the attributes of from's
// scorecard template (its scale is a position field, copied with the
// others): a clone is evaluated as its template is. Removed attributes
// stay behind, with the scorecards that rated them.
func copyScorecardAttributes(ctx context.Context, client *ent.Client, from, to string) error {
	attrs, err := client.ScorecardAttribute.Query().
		Where(scorecardattribute.PositionID(from), scorecardattribute.TimeRemovedIsNil()).
		Order(ent.Asc(scorecardattribute.FieldOrdinal)).
		All(ctx)
	if err != nil {
		return fmt.Errorf("loading the template's scorecard attributes: %w", err)
	}
	if len(attrs) == 0 {
		return nil
	}
	builders := make([]*ent.ScorecardAttributeCreate, len(attrs))
	for i, a := range attrs {
		builders[i] = client.ScorecardAttribute.Create().SetPositionID(to).SetOrdinal(i).
			SetFocus(a.Focus).SetName(a.Name).SetDescription(a.Description)
	}
	if err := client.ScorecardAttribute.CreateBulk(builders...).Exec(ctx); err != nil {
		return fmt.Errorf("copying scorecard attributes: %w", err)
	}
	return nil
}

// liveAttributes are the attributes of attrs still in the template.
func liveAttributes(attrs []*ent.ScorecardAttribute) []*ent.ScorecardAttribute {
	return slices.DeleteFunc(slices.Clone(attrs), func(a *ent.ScorecardAttribute) bool { return a.TimeRemoved != nil })
}

func attributeNames(attrs []*ent.ScorecardAttribute) []string {
	names := make([]string, len(attrs))
	for i, a := range attrs {
		names[i] = a.Focus + ": " + a.Name
	}
	return names
}

func inputNames(attrs []ScorecardAttributeInput) []string {
	names := make([]string, len(attrs))
	for i, a := range attrs {
		names[i] = a.Focus + ": " + a.Name
	}
	return names
}
