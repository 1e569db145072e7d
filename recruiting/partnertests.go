package recruiting

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// MaxPartnerTests bounds the test catalog kept for a partner.
const MaxPartnerTests = 1000

// RefreshPartnerTests fetches the partner's test catalog (GET testsURL,
// answering [{test_id, test_name, ...}]) and keeps it. When the fetch fails
// the last good catalog stays and the error says why. Recruiters refresh
// catalogs, so the write scope suffices.
func (s *PartnerService) RefreshPartnerTests(ctx context.Context, partnerID string) (*ent.EvaluationPartner, error) {
	if err := Require(ctx, permission.ManagePartners, permission.SubmitFeedback); err != nil {
		return nil, err
	}
	p, err := partnerByID(ctx, s.Client, "partner_uid", partnerID)
	if err != nil {
		return nil, err
	}
	return s.refreshTests(ctx, p)
}

// refreshTests calls the partner outside any transaction, then stores the
// catalog in a transaction of its own.
func (s *PartnerService) refreshTests(ctx context.Context, p *ent.EvaluationPartner) (*ent.EvaluationPartner, error) {
	if p.TestsURL == "" {
		return nil, apierror.Invalid("partner_uid", "the evaluation partner %q has no testsURL to fetch its tests from", p.Name)
	}
	authorization, err := s.partnerAuthorization(p)
	if err != nil {
		return nil, err
	}
	resp, callErr := s.partnerRequest(ctx, p, authorization, http.MethodGet, p.TestsURL, nil)
	if callErr != nil {
		return nil, callErr
	}
	tests, callErr := readTests(p, resp.Status, resp.Body)
	if callErr != nil {
		return nil, callErr
	}
	var updated *ent.EvaluationPartner
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		var err error
		updated, err = client.EvaluationPartner.UpdateOneID(p.ID).
			SetTestCatalog(tests).SetTimeCatalogFetched(s.now()).Save(ctx)
		return err
	})
	if err != nil {
		return nil, err
	}
	return updated.Unwrap(), nil
}

// readTests reads a catalog answer. Test names are shown to recruiters, so
// they are reduced to plain text.
func readTests(p *ent.EvaluationPartner, status int, body []byte) ([]schematype.PartnerTest, *apierror.Error) {
	if !isSuccess(status) {
		return nil, partnerError(CodePartnerBadResponse, p, "answered the request for its tests with HTTP %d", status)
	}
	var entries []struct {
		TestID   string `json:"test_id"`
		TestName string `json:"test_name"`
	}
	if err := json.Unmarshal(body, &entries); err != nil {
		return nil, partnerError(CodePartnerBadResponse, p, "answered the request for its tests with something other than a JSON array of {test_id, test_name}")
	}
	if len(entries) > MaxPartnerTests {
		return nil, partnerError(CodePartnerBadResponse, p, "lists more than %d tests", MaxPartnerTests)
	}
	tests := make([]schematype.PartnerTest, 0, len(entries))
	for _, e := range entries {
		id := strings.TrimSpace(e.TestID)
		if id == "" || len(id) > 200 {
			return nil, partnerError(CodePartnerBadResponse, p, "lists a test whose test_id is empty or longer than 200 bytes")
		}
		if offersTest(tests, id) {
			continue
		}
		name := truncate(sanitize.PlainText(e.TestName), 200)
		if name == "" {
			name = id
		}
		tests = append(tests, schematype.PartnerTest{TestID: id, TestName: name})
	}
	return tests, nil
}

// ensureTestOffered checks testID against the partner's catalog, fetching
// the catalog again when the test is not in the last one. A partner without
// a testsURL has no catalog; it judges test ids itself.
func (s *PartnerService) ensureTestOffered(ctx context.Context, p *ent.EvaluationPartner, testID string) (*ent.EvaluationPartner, error) {
	if p.TestsURL == "" || offersTest(p.TestCatalog, testID) {
		return p, nil
	}
	refreshed, err := s.refreshTests(ctx, p)
	if e, ok := apierror.As(err); ok {
		failed := *e
		failed.Message = "test_id " + testID + " is not in the partner's last known tests, and fetching them again failed: " + e.Message
		return nil, &failed
	}
	if err != nil {
		return nil, err
	}
	if !offersTest(refreshed.TestCatalog, testID) {
		return nil, apierror.Invalid("test_id", "the evaluation partner %q offers no test %q; it offers: %s", p.Name, testID, testIDs(refreshed.TestCatalog))
	}
	return refreshed, nil
}

func offersTest(tests []schematype.PartnerTest, id string) bool {
	return slices.ContainsFunc(tests, func(t schematype.PartnerTest) bool { return t.TestID == id })
}

// testIDs lists the first test ids of a catalog for an error message.
func testIDs(tests []schematype.PartnerTest) string {
	const shown = 10
	ids := make([]string, 0, shown)
	for _, t := range tests[:min(len(tests), shown)] {
		ids = append(ids, t.TestID)
	}
	list := strings.Join(ids, ", ")
	if len(tests) > shown {
		list += ", …"
	}
	if list == "" {
		return "no tests"
	}
	return list
}

// truncate shortens s to at most n characters, marking the cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
