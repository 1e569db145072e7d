package server_test

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/conversation"
	"github.com/hiregraph/hiregraph/ent/messagetemplate"
	"github.com/hiregraph/hiregraph/ent/migrate"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/rejectionreason"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// world is one id of each type a mutation argument names, all of one
// company and, where the type hangs off a position, of one position.
type world map[string]string

// worldOf gathers a world of env's company around position positionID.
func worldOf(t *testing.T, env *hiregraphtest.Env, positionID string) world {
	t.Helper()
	ctx, c, company := hiregraphtest.System(), env.DB.Client, env.Demo.CompanyUID
	cand := c.Candidate.Query().Where(candidate.PositionID(positionID), candidate.StatusEQ(candidate.StatusInProgress)).
		Order(candidate.ByID()).FirstX(ctx)
	conv, err := c.Conversation.Query().Where(conversation.HasCandidateWith(candidate.ID(cand.ID))).FirstID(ctx)
	if err != nil {
		conv = c.Conversation.Create().SetCompanyID(company).SetCandidateID(cand.ID).SetSubject("Edges").SaveX(ctx).ID
	}
	// An event of the position, for redeliverEvent: the demo seeds none.
	env.GraphQL(`mutation($id: ID!) { createNote(candidateID: $id, input: {timeCreated: "2026-11-01T10:00:00Z", createdBy: {type: "app", firstName: "Bot"}, text: "Edges"}) { id } }`,
		map[string]any{"id": cand.ID}).Decode(t, &struct{}{})
	var endpoint struct {
		CreateWebhookEndpoint struct{ Endpoint struct{ ID string } }
	}
	env.GraphQL(`mutation { createWebhookEndpoint(input: {url: "https://hooks.example.com/edges", active: false}) { endpoint { id } } }`, nil).
		Decode(t, &endpoint)
	var role struct{ CreateRole struct{ ID string } }
	env.GraphQL(`mutation($n: String!) { createRole(input: {name: $n, permissions: ["candidates:move"]}) { id } }`,
		map[string]any{"n": "edge_" + strings.ToLower(positionID[len(positionID)-8:])}).Decode(t, &role)
	var pending struct{ CreateOpening struct{ ID string } }
	env.GraphQL(`mutation($p: ID!) { createOpening(positionID: $p, input: {name: "Pending", timeExpectedHire: "2027-01-01", reason: "New"}) { id } }`,
		map[string]any{"p": positionID}).Decode(t, &pending)
	var file struct{ UploadCandidateFile struct{ ID string } }
	env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f) { id } }`, map[string]any{"c": cand.ID, "f": nil}, "f",
		hiregraphtest.Part{FileName: "cv.pdf", Content: hiregraphtest.SamplePDF}).Decode(t, &file)
	var offer struct{ CreateOffer struct{ ID string } }
	env.GraphQL(`mutation($c: ID!, $o: ID!) { createOffer(candidateID: $c, openingID: $o) { id } }`,
		map[string]any{"c": cand.ID, "o": c.Opening.Query().Where(opening.HasPositionWith(position.ID(positionID))).Order(opening.ByID()).FirstIDX(ctx)}).Decode(t, &offer)
	rita := c.User.Query().Where(user.CompanyID(company), user.Email(env.Demo.Users["recruiter"])).OnlyIDX(ctx)
	// Each world's interview at its own hour: Rita interviews in two.
	at := time.Now().UTC().Add(30*24*time.Hour + time.Duration(c.Interview.Query().CountX(ctx))*time.Hour).Truncate(time.Hour)
	var interview struct{ ScheduleInterview struct{ ID string } }
	env.GraphQL(`mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`, map[string]any{"in": map[string]any{
		"candidateID": cand.ID, "stepID": *cand.CurrentStepID, "interviewerIDs": []string{rita},
		"timeStart": at, "timeEnd": at.Add(time.Hour), "timeZone": "UTC"}}).Decode(t, &interview)
	var template struct {
		SetScorecardTemplate struct {
			ScorecardTemplate struct{ Attributes []struct{ ID string } }
		}
	}
	env.GraphQL(`mutation($p: ID!) { setScorecardTemplate(positionID: $p, input: {ratingScale: 4, attributes: [{focus: "Skills", name: "Go"}]}) {
		scorecardTemplate { attributes { id } } } }`, map[string]any{"p": positionID}).Decode(t, &template)
	w := world{
		"ScorecardAttribute": template.SetScorecardTemplate.ScorecardTemplate.Attributes[0].ID,
		"Offer":              offer.CreateOffer.ID,
		"Interview":          interview.ScheduleInterview.ID,
		"CandidateFile":      file.UploadCandidateFile.ID,
		"Role":               role.CreateRole.ID,
		"PendingOpening":     pending.CreateOpening.ID,
		"Position":           positionID,
		"Candidate":          cand.ID,
		"Person":             cand.PersonID,
		"PipelineStep":       c.PipelineStep.Query().Where(pipelinestep.HasPositionWith(position.ID(positionID))).Order(pipelinestep.ByID()).FirstIDX(ctx),
		"Opening":            c.Opening.Query().Where(opening.HasPositionWith(position.ID(positionID))).Order(opening.ByID()).FirstIDX(ctx),
		"Conversation":       conv,
		"Activity":           c.Activity.Query().Where(activity.PositionID(positionID)).Order(activity.ByID()).FirstIDX(ctx),
		"User":               rita,
		"Location":           env.Demo.LocationUID,
		"Questionnaire":      env.Demo.QuestionnaireUID,
		"EvaluationPartner":  env.Demo.EvaluationPartnerUID,
		"RejectionReason":    c.RejectionReason.Query().Where(rejectionreason.CompanyID(company)).Order(rejectionreason.ByID()).FirstIDX(ctx),
		"WebhookEndpoint":    endpoint.CreateWebhookEndpoint.Endpoint.ID,
		"APIKey":             env.Demo.APIKeyID,
		"MessageTemplate":    c.MessageTemplate.Query().Where(messagetemplate.CompanyID(company), messagetemplate.KindEQ(messagetemplate.KindAcknowledgement)).FirstIDX(ctx),
	}
	for typ, id := range w {
		if id == "" {
			t.Fatalf("the world of %s has no %s", positionID, typ)
		}
	}
	return w
}

// idCase is one ID argument or input field of a mutation, by the path
// introspection gives it: the mutation with the id under test as $id and
// every other argument valid in the viewer's own world.
type idCase struct {
	path, typ, doc string
	vars           func(own world) map[string]any
}

// positionInput is a valid createPosition input with extra fields.
func positionInput(env *hiregraphtest.Env, extra map[string]any) map[string]any {
	in := map[string]any{"name": "Edge Engineer", "status": "open", "isDiscreet": false,
		"users": map[string]any{
			"leadRecruiter": map[string]any{"email": env.Demo.Users["recruiter"]},
			"hiringManager": map[string]any{"email": env.Demo.Users["hiring_manager"]},
		}}
	for k, v := range extra {
		in[k] = v
	}
	return in
}

// cloneInput is the demo's valid clone input with extra fields and
// without its location.
func cloneInput(env *hiregraphtest.Env, extra map[string]any) map[string]any {
	in := env.CloneInput()
	delete(in, "locationUID")
	for k, v := range extra {
		in[k] = v
	}
	return in
}

func idCases(env *hiregraphtest.Env) []idCase {
	none := func(world) map[string]any { return nil }
	only := func(name, typ string) func(world) map[string]any {
		return func(w world) map[string]any { return map[string]any{name: w[typ]} }
	}
	person := map[string]any{"firstName": "Edge", "email": "edge@example.com"}
	return []idCase{
		{"addHiringTeamMember.positionID", "Position", `mutation($id: ID!, $u: ID!) { addHiringTeamMember(positionID: $id, userID: $u, role: INTERVIEWER) { id } }`, only("u", "User")},
		{"addHiringTeamMember.userID", "User", `mutation($id: ID!, $p: ID!) { addHiringTeamMember(positionID: $p, userID: $id, role: INTERVIEWER) { id } }`, only("p", "Position")},
		{"removeHiringTeamMember.positionID", "Position", `mutation($id: ID!, $u: ID!) { removeHiringTeamMember(positionID: $id, userID: $u) { id } }`, only("u", "User")},
		{"removeHiringTeamMember.userID", "User", `mutation($id: ID!, $p: ID!) { removeHiringTeamMember(positionID: $p, userID: $id) { id } }`, only("p", "Position")},
		{"startOpeningApproval.approverIDs", "User", `mutation($id: ID!, $o: ID!) { startOpeningApproval(openingID: $o, approverIDs: [$id]) { id } }`, only("o", "PendingOpening")},
		{"updateRole.id", "Role", `mutation($id: ID!) { updateRole(id: $id, input: {description: "Edge"}) { id } }`, none},
		{"deleteRole.id", "Role", `mutation($id: ID!) { deleteRole(id: $id) { id } }`, none},
		{"addPipelineStep.positionID", "Position", `mutation($id: ID) { addPipelineStep(positionID: $id, input: {name: "Extra", kind: REVIEW}) { id } }`, none},
		{"approveOpening.openingID", "Opening", `mutation($id: ID!) { approveOpening(openingID: $id) { id } }`, none},
		{"assignCandidate.id", "Candidate", `mutation($id: ID!, $u: ID!) { assignCandidate(id: $id, userIDs: [$u]) { id } }`, only("u", "User")},
		{"assignCandidate.userIDs", "User", `mutation($id: ID!, $c: ID!) { assignCandidate(id: $c, userIDs: [$id]) { id } }`, only("c", "Candidate")},
		{"clonePosition.input.location.uid", "Location", `mutation($t: ID!, $in: ClonePositionInput!) { clonePosition(uid: $t, input: $in) { id } }`,
			func(world) map[string]any {
				return map[string]any{"t": env.Demo.TemplatePositionUID, "in": cloneInput(env, map[string]any{"location": map[string]any{"uid": "$id"}})}
			}},
		{"clonePosition.input.locationUID", "Location", `mutation($t: ID!, $in: ClonePositionInput!) { clonePosition(uid: $t, input: $in) { id } }`,
			func(world) map[string]any {
				return map[string]any{"t": env.Demo.TemplatePositionUID, "in": cloneInput(env, map[string]any{"locationUID": "$id"})}
			}},
		{"clonePosition.input.questionnaireUIDs", "Questionnaire", `mutation($t: ID!, $in: ClonePositionInput!) { clonePosition(uid: $t, input: $in) { id } }`,
			func(world) map[string]any {
				return map[string]any{"t": env.Demo.TemplatePositionUID, "in": cloneInput(env, map[string]any{"questionnaireUIDs": []any{"$id"}})}
			}},
		{"clonePosition.uid", "Position", `mutation($id: ID!, $in: ClonePositionInput!) { clonePosition(uid: $id, input: $in) { id } }`,
			func(world) map[string]any { return map[string]any{"in": cloneInput(env, nil)} }},
		{"createAPIKey.input.partnerID", "EvaluationPartner", `mutation($id: ID) { createAPIKey(input: {name: "Edge", scopes: ["evaluations:write"], partnerID: $id}) { secret } }`, none},
		{"createAPIKey.input.userID", "User", `mutation($id: ID) { createAPIKey(input: {name: "Edge", scopes: ["read"], userID: $id}) { secret } }`, none},
		{"createCandidate.input.positionID", "Position", `mutation($id: ID!, $p: PersonInput!) { createCandidate(input: {positionID: $id, person: $p}) { id } }`,
			func(world) map[string]any { return map[string]any{"p": person} }},
		{"createMessage.conversationID", "Conversation", `mutation($id: ID!, $in: CreateMessageInput!) { createMessage(conversationID: $id, input: $in) { id } }`,
			func(world) map[string]any { return map[string]any{"in": hiregraphtest.MessageInput()} }},
		{"createConversation.input.candidateID", "Candidate", `mutation($id: ID!) { createConversation(input: {candidateID: $id, subject: "Edge"}) { id } }`, none},
		{"sendMessage.conversationID", "Conversation", `mutation($id: ID!) { sendMessage(conversationID: $id, input: {body: "Edge"}) { id } }`, none},
		{"sendMessage.input.templateID", "MessageTemplate", `mutation($id: ID!, $c: ID!) { sendMessage(conversationID: $c, input: {templateID: $id}) { id } }`, only("c", "Conversation")},
		{"updateMessageTemplate.id", "MessageTemplate", `mutation($id: ID!) { updateMessageTemplate(id: $id, input: {name: "Edge", subject: "Edge", body: "Edge"}) { id } }`, none},
		{"deleteMessageTemplate.id", "MessageTemplate", `mutation($id: ID!) { deleteMessageTemplate(id: $id) { id } }`, none},
		{"rejectCandidate.input.messageTemplateID", "MessageTemplate", `mutation($id: ID!, $c: ID!, $r: ID!) { rejectCandidate(id: $c, input: {reasonID: $r, messageTemplateID: $id}) { id } }`,
			func(w world) map[string]any { return map[string]any{"c": w["Candidate"], "r": w["RejectionReason"]} }},
		{"createNote.candidateID", "Candidate", `mutation($id: ID!) { createNote(candidateID: $id, input: {timeCreated: "2026-11-01T10:00:00Z", createdBy: {type: "app", firstName: "Bot"}, text: "Edge"}) { id } }`, none},
		{"createOpening.positionID", "Position", `mutation($id: ID!) { createOpening(positionID: $id, input: {name: "Edge", timeExpectedHire: "2027-01-01", reason: "New"}) { id } }`, none},
		{"createPosition.input.location.uid", "Location", `mutation($in: CreatePositionInput!) { createPosition(input: $in) { id } }`,
			func(world) map[string]any {
				return map[string]any{"in": positionInput(env, map[string]any{"location": map[string]any{"uid": "$id"}})}
			}},
		{"createPosition.input.locationUID", "Location", `mutation($in: CreatePositionInput!) { createPosition(input: $in) { id } }`,
			func(world) map[string]any {
				return map[string]any{"in": positionInput(env, map[string]any{"locationUID": "$id"})}
			}},
		{"createPosition.input.questionnaireUIDs", "Questionnaire", `mutation($in: CreatePositionInput!) { createPosition(input: $in) { id } }`,
			func(world) map[string]any {
				return map[string]any{"in": positionInput(env, map[string]any{"questionnaireUIDs": []any{"$id"}})}
			}},
		{"scheduleInterview.input.candidateID", "Candidate", scheduleEdge, interviewVars("$id", "PipelineStep", "User")},
		{"scheduleInterview.input.stepID", "PipelineStep", scheduleEdge, interviewVars("Candidate", "$id", "User")},
		{"scheduleInterview.input.interviewerIDs", "User", scheduleEdge, interviewVars("Candidate", "PipelineStep", "$id")},
		{"setScorecardTemplate.positionID", "Position", `mutation($id: ID!) { setScorecardTemplate(positionID: $id, input: {ratingScale: 4, attributes: []}) { id } }`, none},
		{"setScorecardTemplate.input.attributes.id", "ScorecardAttribute",
			`mutation($id: ID!, $p: ID!) { setScorecardTemplate(positionID: $p, input: {ratingScale: 5, attributes: [{id: $id, focus: "Skills", name: "Go"}]}) { id } }`,
			only("p", "Position")},
		{"submitScorecard.input.interviewID", "Interview", `mutation($id: ID!) { submitScorecard(input: {interviewID: $id, overallRecommendation: YES}) { id } }`, none},
		{"submitScorecard.input.ratings.attributeID", "ScorecardAttribute",
			`mutation($id: ID!, $i: ID!) { submitScorecard(input: {interviewID: $i, overallRecommendation: YES, ratings: [{attributeID: $id, rating: 3}]}) { id } }`,
			only("i", "Interview")},
		{"rescheduleInterview.id", "Interview", `mutation($id: ID!) { rescheduleInterview(id: $id, input: {location: "Room 2"}) { id } }`, none},
		{"rescheduleInterview.input.interviewerIDs", "User", `mutation($id: ID!, $i: ID!) { rescheduleInterview(id: $i, input: {interviewerIDs: [$id]}) { id } }`,
			only("i", "Interview")},
		{"cancelInterview.id", "Interview", `mutation($id: ID!) { cancelInterview(id: $id) { id } }`, none},
		{"deactivateUser.id", "User", `mutation($id: ID!) { deactivateUser(id: $id) { id } }`, none},
		{"deleteCandidateFile.id", "CandidateFile", `mutation($id: ID!) { deleteCandidateFile(id: $id) }`, none},
		{"deleteWebhookEndpoint.id", "WebhookEndpoint", `mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }`, none},
		{"erasePerson.id", "Person", `mutation($id: ID!) { erasePerson(id: $id) { id } }`, none},
		{"exportPerson.id", "Person", `mutation($id: ID!) { exportPerson(id: $id) { id } }`, none},
		{"createOffer.candidateID", "Candidate", `mutation($id: ID!, $o: ID!) { createOffer(candidateID: $id, openingID: $o) { id } }`, only("o", "Opening")},
		{"createOffer.openingID", "Opening", `mutation($id: ID!, $c: ID!) { createOffer(candidateID: $c, openingID: $id) { id } }`, only("c", "Candidate")},
		{"createOffer.terms.documentID", "CandidateFile", `mutation($id: ID!, $c: ID!, $o: ID!) { createOffer(candidateID: $c, openingID: $o, terms: {documentID: $id}) { id } }`,
			func(w world) map[string]any { return map[string]any{"c": w["Candidate"], "o": w["Opening"]} }},
		{"updateOffer.id", "Offer", `mutation($id: ID!) { updateOffer(id: $id, terms: {startDate: "2027-02-01"}) { id } }`, none},
		{"updateOffer.terms.documentID", "CandidateFile", `mutation($id: ID!, $f: ID!) { updateOffer(id: $f, terms: {documentID: $id}) { id } }`, only("f", "Offer")},
		{"requestOfferApproval.id", "Offer", `mutation($id: ID!) { requestOfferApproval(id: $id, approverIDs: []) { id } }`, none},
		{"requestOfferApproval.approverIDs", "User", `mutation($id: ID!, $f: ID!) { requestOfferApproval(id: $f, approverIDs: [$id]) { id } }`, only("f", "Offer")},
		{"approveOffer.id", "Offer", `mutation($id: ID!) { approveOffer(id: $id) { id } }`, none},
		{"rejectOffer.id", "Offer", `mutation($id: ID!) { rejectOffer(id: $id) { id } }`, none},
		{"sendOffer.id", "Offer", `mutation($id: ID!) { sendOffer(id: $id) { id } }`, none},
		{"acceptOffer.id", "Offer", `mutation($id: ID!) { acceptOffer(id: $id) { id } }`, none},
		{"declineOffer.id", "Offer", `mutation($id: ID!) { declineOffer(id: $id) { id } }`, none},
		{"withdrawOffer.id", "Offer", `mutation($id: ID!) { withdrawOffer(id: $id) { id } }`, none},
		{"hireCandidate.id", "Candidate", `mutation($id: ID!, $o: ID!) { hireCandidate(id: $id, openingID: $o) { id } }`, only("o", "Opening")},
		{"hireCandidate.openingID", "Opening", `mutation($id: ID!, $c: ID!) { hireCandidate(id: $c, openingID: $id) { id } }`, only("c", "Candidate")},
		{"moveCandidate.id", "Candidate", `mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`, only("s", "PipelineStep")},
		{"moveCandidate.toStepID", "PipelineStep", `mutation($id: ID!, $c: ID!) { moveCandidate(id: $c, toStepID: $id) { id } }`, only("c", "Candidate")},
		{"pauseOpeningApproval.openingID", "Opening", `mutation($id: ID!) { pauseOpeningApproval(openingID: $id) { id } }`, none},
		{"pingWebhookEndpoint.id", "WebhookEndpoint", `mutation($id: ID!) { pingWebhookEndpoint(id: $id) { id } }`, none},
		{"publishPosition.id", "Position", `mutation($id: ID!) { publishPosition(id: $id) { id } }`, none},
		{"redeliverEvent.endpointID", "WebhookEndpoint", `mutation($id: ID!, $e: ID!) { redeliverEvent(endpointID: $id, eventID: $e) }`, only("e", "Activity")},
		{"redeliverEvent.eventID", "Activity", `mutation($id: ID!, $w: ID!) { redeliverEvent(endpointID: $w, eventID: $id) }`, only("w", "WebhookEndpoint")},
		{"refreshPartnerTests.partnerID", "EvaluationPartner", `mutation($id: ID!) { refreshPartnerTests(partnerID: $id) { id } }`, none},
		{"rejectCandidate.id", "Candidate", `mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r}) { id } }`, only("r", "RejectionReason")},
		{"rejectCandidate.input.reasonID", "RejectionReason", `mutation($id: ID!, $c: ID!) { rejectCandidate(id: $c, input: {reasonID: $id}) { id } }`, only("c", "Candidate")},
		{"rejectOpening.openingID", "Opening", `mutation($id: ID!) { rejectOpening(openingID: $id) { id } }`, none},
		{"removePipelineStep.id", "PipelineStep", `mutation($id: ID!) { removePipelineStep(id: $id) { id } }`, none},
		{"reopenOpening.id", "Opening", `mutation($id: ID!) { reopenOpening(id: $id) { id } }`, none},
		{"reorderPipeline.positionID", "Position", `mutation($id: ID, $s: ID!) { reorderPipeline(positionID: $id, stepIDs: [$s]) { id } }`, only("s", "PipelineStep")},
		{"reorderPipeline.stepIDs", "PipelineStep", `mutation($p: ID, $s: [ID!]!) { reorderPipeline(positionID: $p, stepIDs: $s) { id } }`,
			func(w world) map[string]any {
				var steps []any
				for _, id := range env.DB.Client.PipelineStep.Query().Where(pipelinestep.HasPositionWith(position.ID(w["Position"]))).IDsX(hiregraphtest.System()) {
					steps = append(steps, id)
				}
				steps[len(steps)-1] = "$id"
				return map[string]any{"p": w["Position"], "s": steps}
			}},
		{"reviveCandidate.id", "Candidate", `mutation($id: ID!) { reviveCandidate(id: $id) { id } }`, none},
		{"revokeAPIKey.id", "APIKey", `mutation($id: ID!) { revokeAPIKey(id: $id) { id } }`, none},
		{"rotateWebhookSecret.id", "WebhookEndpoint", `mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }`, none},
		{"setPositionStatus.id", "Position", `mutation($id: ID!) { setPositionStatus(id: $id, status: ON_HOLD) { id } }`, none},
		{"setUserRoles.id", "User", `mutation($id: ID!) { setUserRoles(id: $id, roles: ["recruiter"]) { id } }`, none},
		{"startOpeningApproval.openingID", "Opening", `mutation($id: ID!) { startOpeningApproval(openingID: $id) { id } }`, none},
		{"submitCandidateForTest.candidateID", "Candidate", `mutation($id: ID!, $p: ID!) { submitCandidateForTest(candidateID: $id, partnerID: $p, testID: "go-1") { id } }`,
			only("p", "EvaluationPartner")},
		{"submitCandidateForTest.partnerID", "EvaluationPartner", `mutation($id: ID!, $c: ID!) { submitCandidateForTest(candidateID: $c, partnerID: $id, testID: "go-1") { id } }`,
			only("c", "Candidate")},
		{"unassignCandidate.id", "Candidate", `mutation($id: ID!, $u: ID!) { unassignCandidate(id: $id, userIDs: [$u]) { id } }`, only("u", "User")},
		{"unassignCandidate.userIDs", "User", `mutation($id: ID!, $c: ID!) { unassignCandidate(id: $c, userIDs: [$id]) { id } }`, only("c", "Candidate")},
		{"unhireCandidate.id", "Candidate", `mutation($id: ID!) { unhireCandidate(id: $id) { id } }`, none},
		{"unpublishPosition.id", "Position", `mutation($id: ID!) { unpublishPosition(id: $id) { id } }`, none},
		{"updateCandidate.id", "Candidate", `mutation($id: ID!) { updateCandidate(id: $id, input: {source: "Edge"}) { id } }`, none},
		{"updateEvaluationPartner.id", "EvaluationPartner", `mutation($id: ID!) { updateEvaluationPartner(id: $id, input: {name: "Edge"}) { id } }`, none},
		{"updateOpening.id", "Opening", `mutation($id: ID!) { updateOpening(id: $id, input: {name: "Edge"}) { id } }`, none},
		{"updatePerson.id", "Person", `mutation($id: ID!) { updatePerson(id: $id, input: {firstName: "Edge"}) { id } }`, none},
		{"updatePipelineStep.id", "PipelineStep", `mutation($id: ID!) { updatePipelineStep(id: $id, input: {name: "Edge"}) { id } }`, none},
		{"updatePosition.id", "Position", `mutation($id: ID!) { updatePosition(id: $id, input: {name: "Edge"}) { id } }`, none},
		{"updatePosition.input.location.uid", "Location", `mutation($id: ID, $p: ID!) { updatePosition(id: $p, input: {location: {uid: $id}}) { id } }`, only("p", "Position")},
		{"updatePosition.input.questionnaireUIDs", "Questionnaire", `mutation($id: ID!, $p: ID!) { updatePosition(id: $p, input: {questionnaireUIDs: [$id]}) { id } }`,
			only("p", "Position")},
		{"updateWebhookEndpoint.id", "WebhookEndpoint", `mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: {active: false}) { id } }`, none},
		{"uploadCandidateFile.candidateID", "Candidate", `mutation($id: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $id, file: $f) { id } }`, none},
		{"withdrawCandidate.id", "Candidate", `mutation($id: ID!) { withdrawCandidate(id: $id) { id } }`, none},
	}
}

// scheduleEdge schedules an interview with the input interviewVars gives.
const scheduleEdge = `mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`

// interviewVars is a schedule of the world's candidate, step and user,
// a month ahead; "$id" in place of a type puts the id under test there.
func interviewVars(candidateType, stepType, userType string) func(world) map[string]any {
	return func(w world) map[string]any {
		pick := func(typ string) string {
			if typ == "$id" {
				return typ
			}
			return w[typ]
		}
		at := time.Now().UTC().Add(40 * 24 * time.Hour).Truncate(time.Hour)
		return map[string]any{"in": map[string]any{"candidateID": pick(candidateType), "stepID": pick(stepType),
			"interviewerIDs": []any{pick(userType)}, "timeStart": at, "timeEnd": at.Add(time.Hour), "timeZone": "UTC"}}
	}
}

// teamTypes are the types a hiring manager sees only on the positions
// assigned to them (rule.FilterVisible).
var teamTypes = []string{"Position", "Candidate", "Person", "PipelineStep", "Opening", "Conversation", "Activity", "Offer", "Interview"}

// Every ID a mutation takes, as an argument or in an input, refuses
// another company's record and, for a hiring manager, a record of a
// position outside their team exactly as it refuses an unknown id, and
// writes nothing.
func TestMutationIDsRefuseRecordsTheViewerCannotSee(t *testing.T) {
	webhooks := hiregraphtest.DeliverWebhooks(t, nil)
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		webhooks(c)
		c.APIRatePerMinute, c.APIBurst = 1<<30, 1<<30
	})
	// Before the other company exists: both name their users alike.
	sales := env.DB.Client.Candidate.Query().Where(candidate.ID(unassignSales(t, env))).QueryPosition().OnlyIDX(hiregraphtest.System())
	manager := env.UserToken("hank.manager@acme.example")
	other := env.OtherCompany()
	own := worldOf(t, env, env.Demo.PublishedPositionUID)
	foreign := worldOf(t, other, other.Demo.PublishedPositionUID)
	outside := worldOf(t, env, sales)

	cases := idCases(env)
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c.path] = true
	}
	for _, path := range mutationIDPaths(t, env) {
		if !covered[path] {
			t.Errorf("%s: an ID of a mutation no case covers", path)
		}
	}

	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			unknown := uid.New(uid.Prefix(own[c.typ]))
			send := func(credential, id string) answer {
				t.Helper()
				return sendCase(t, env, credential, c, own, id)
			}
			want := send(env.Demo.APIKey, unknown)
			if want.status/100 != 4 || !strings.Contains(want.message, unknown) {
				t.Fatalf("an unknown id answers %+v, want a refusal naming the id", want)
			}
			assertSameAnswer(t, env, "another company's", want.shape(unknown), func() answer { return send(env.Demo.APIKey, foreign[c.typ]) }, foreign[c.typ])
			if !slices.Contains(teamTypes, c.typ) {
				return
			}
			wantManager := send(manager, unknown).shape(unknown)
			assertSameAnswer(t, env, "a position outside the team's", wantManager, func() answer { return send(manager, outside[c.typ]) }, outside[c.typ])
		})
	}
}

// answer is what a mutation answered, as a client tells errors apart.
type answer struct {
	status        int
	code, message string
}

// shape is the answer with id in the message written <id>.
func (a answer) shape(id string) answer {
	a.message = strings.ReplaceAll(a.message, id, "<id>")
	return a
}

func sendCase(t *testing.T, env *hiregraphtest.Env, credential string, c idCase, own world, id string) answer {
	t.Helper()
	vars := c.vars(own)
	if vars == nil {
		vars = map[string]any{}
	}
	for k, v := range vars {
		vars[k] = replaceID(v, id)
	}
	vars["id"] = id
	var r *hiregraphtest.GraphQLResponse
	if strings.Contains(c.doc, "Upload!") {
		as := *env
		demo := *env.Demo
		demo.APIKey = credential
		as.Demo = &demo
		r = as.Upload(c.doc, vars, "f", hiregraphtest.Part{FileName: "cv.pdf", ContentType: "application/pdf", Content: hiregraphtest.SamplePDF})
	} else {
		r = env.GraphQLAs(credential, c.doc, vars)
	}
	if len(r.Errors) == 0 {
		t.Fatalf("id %s was accepted: %s", id, r.Data)
	}
	status, _ := r.Errors[0].Extensions["status"].(float64)
	return answer{status: int(status), code: r.Code(), message: r.Errors[0].Message}
}

// replaceID puts id where an input says "$id", for ids nested in inputs.
func replaceID(v any, id string) any {
	switch v := v.(type) {
	case string:
		if v == "$id" {
			return id
		}
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = replaceID(e, id)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = replaceID(e, id)
		}
		return out
	}
	return v
}

// assertSameAnswer sends a request with a refused id and checks it answers
// as an unknown id does and changes no row.
func assertSameAnswer(t *testing.T, env *hiregraphtest.Env, what string, want answer, send func() answer, id string) {
	t.Helper()
	if id == "" {
		t.Fatalf("no %s id to send", what)
	}
	before := databaseRows(t, env)
	if got := send().shape(id); got != want {
		t.Errorf("%s id answers %+v, an unknown id %+v", what, got, want)
	}
	if after := databaseRows(t, env); !slices.Equal(before, after) {
		t.Errorf("%s id changed rows:\n%s", what, rowsDiff(before, after))
	}
}

// databaseRows renders every row of every table, sorted, leaving out the
// rate limiter's buckets and when each API key was last used: bookkeeping
// of every request, refused or not.
func databaseRows(t *testing.T, env *hiregraphtest.Env) []string {
	t.Helper()
	var out []string
	for _, table := range migrate.Tables {
		if table.Name == migrate.RateLimitBucketsTable.Name {
			continue
		}
		rows, err := env.DB.SQL.QueryContext(context.Background(), "SELECT * FROM "+table.Name)
		if err != nil {
			t.Fatal(err)
		}
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			values := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range values {
				ptrs[i] = &values[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			b.WriteString(table.Name)
			for i, col := range cols {
				if col != "time_last_used" {
					fmt.Fprintf(&b, " %s=%v", col, values[i])
				}
			}
			out = append(out, b.String())
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(out)
	return out
}

// rowsDiff lists the rows only one of before and after has.
func rowsDiff(before, after []string) string {
	var b strings.Builder
	for _, r := range before {
		if !slices.Contains(after, r) {
			fmt.Fprintf(&b, "- %s\n", r)
		}
	}
	for _, r := range after {
		if !slices.Contains(before, r) {
			fmt.Fprintf(&b, "+ %s\n", r)
		}
	}
	return b.String()
}

// mutationIDPaths lists, through introspection, every mutation argument
// and input field (at any depth) of type ID or [ID!], as
// mutation.argument.field…
func mutationIDPaths(t *testing.T, env *hiregraphtest.Env) []string {
	t.Helper()
	type typeRef struct {
		Kind, Name string
		OfType     *typeRef
	}
	type inputValue struct {
		Name string
		Type typeRef
	}
	var schema struct {
		Schema struct {
			MutationType struct {
				Fields []struct {
					Name string
					Args []inputValue
				}
			}
			Types []struct {
				Name        string
				InputFields []inputValue
			}
		} `json:"__schema"`
	}
	const ref = `kind name ofType { kind name ofType { kind name ofType { kind name } } }`
	env.GraphQL(`{ __schema { mutationType { fields { name args { name type { `+ref+` } } } } types { name inputFields { name type { `+ref+` } } } } }`, nil).
		Decode(t, &schema)
	inputs := map[string][]inputValue{}
	for _, typ := range schema.Schema.Types {
		inputs[typ.Name] = typ.InputFields
	}
	var paths []string
	var walk func(path string, v inputValue, seen []string)
	walk = func(path string, v inputValue, seen []string) {
		named := v.Type
		for named.OfType != nil {
			named = *named.OfType
		}
		switch {
		case named.Name == "ID":
			paths = append(paths, path)
		case named.Kind == "INPUT_OBJECT" && !slices.Contains(seen, named.Name):
			for _, f := range inputs[named.Name] {
				walk(path+"."+f.Name, f, append(seen, named.Name))
			}
		}
	}
	for _, m := range schema.Schema.MutationType.Fields {
		for _, a := range m.Args {
			walk(m.Name+"."+a.Name, a, nil)
		}
	}
	if len(paths) == 0 {
		t.Fatal("introspection found no ID of any mutation")
	}
	return paths
}

// A hiring manager adds candidates to a position of theirs: the new person
// is theirs to link although no candidacy of theirs names it yet.
func TestHiringManagerAddsCandidatesToTheirPosition(t *testing.T) {
	env := hiregraphtest.New(t)
	manager := env.UserToken("hank.manager@acme.example")
	for _, person := range []map[string]any{{"firstName": "Nomail"}, {"firstName": "Mail", "email": "mail@example.com"}} {
		var out struct {
			CreateCandidate struct{ Person struct{ FirstName string } }
		}
		env.GraphQLAs(manager, `mutation($p: ID!, $per: PersonInput!) { createCandidate(input: {positionID: $p, person: $per}) { person { firstName } } }`,
			map[string]any{"p": env.Demo.PublishedPositionUID, "per": person}).Decode(t, &out)
		if out.CreateCandidate.Person.FirstName != person["firstName"] {
			t.Errorf("created %+v for %v", out, person)
		}
	}
}
