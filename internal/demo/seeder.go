package demo

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/recruiting"
)

// Names of the records the manifest points at.
const (
	templateName    = "Software Engineer (template)"
	publishedName   = "Senior Backend Engineer"
	unpublishedName = "Office Manager"
	headquarters    = "Berlin HQ"
	ownerEmail      = "olivia.owner@acme.example"
	recruiterEmail  = "rita.recruiter@acme.example"
	managerEmail    = "hank.manager@acme.example"
)

// The demo evaluation partner is the example partner of
// examples/evaluation-partner, run locally; its token is public so the
// example can verify it with no setup.
const (
	PartnerName  = "SkillCheck (example partner)"
	PartnerToken = "skillcheck-demo-token"
)

// seeder writes the demo records of one company inside one transaction.
type seeder struct {
	tx     *ent.Client
	sealer *auth.Sealer
	now    time.Time
	err    error // the first failure; later steps do nothing once it is set

	users     map[string]*ent.User
	locations map[string]*ent.Location
	positions map[string]*ent.Position
	quests    []*ent.Questionnaire
	steps     map[string][]*ent.PipelineStep // by position key; "" is the default pipeline
	reasons   []*ent.RejectionReason
}

func (s *seeder) run(ctx context.Context) error {
	s.seedUsers(ctx)
	s.seedLocations(ctx)
	s.seedFields(ctx)
	s.seedQuestionnaires(ctx)
	s.seedPositions(ctx)
	s.seedPipelines(ctx)
	s.seedOpenings(ctx)
	s.seedCandidates(ctx)
	s.seedPartner(ctx)
	s.indexForSearch(ctx)
	return s.err
}

// indexForSearch indexes the demo candidates, written around the
// service's writes, which index as they go.
func (s *seeder) indexForSearch(ctx context.Context) {
	if s.err == nil {
		_, s.err = recruiting.IndexForSearch(ctx, s.tx, math.MaxInt)
	}
}

func (s *seeder) ago(d time.Duration) time.Time { return s.now.Add(-d) }

const day = 24 * time.Hour

func (s *seeder) seedUsers(ctx context.Context) {
	s.users = map[string]*ent.User{}
	for i, u := range []struct {
		key, email, first, last string
		roles                   []string
	}{
		{"owner", ownerEmail, "Olivia", "Owner", []string{"owner"}},
		{"recruiter", recruiterEmail, "Rita", "Recruiter", []string{"recruiter"}},
		{"hiring_manager", managerEmail, "Hank", "Manager", []string{"hiring_manager"}},
		{"coordinator", "cody.coordinator@acme.example", "Cody", "Coordinator", []string{"coordinator"}},
		{"interviewer", "ian.interviewer@acme.example", "Ian", "Interviewer", []string{"interviewer"}},
		{"second_owner", "sam.founder@acme.example", "Sam", "Founder", []string{"owner", "recruiter"}},
	} {
		if s.err != nil {
			return
		}
		// Distinct creation times make "the earliest Owner" well defined.
		s.users[u.key], s.err = s.tx.User.Create().
			SetEmail(u.email).SetFirstName(u.first).SetLastName(u.last).
			SetRoles(u.roles).SetTimeCreated(s.ago(time.Duration(400-i) * day)).
			Save(ctx)
	}
}

func (s *seeder) seedLocations(ctx context.Context) {
	s.locations = map[string]*ent.Location{}
	if s.err != nil {
		return
	}
	s.locations["hq"], s.err = s.tx.Location.Create().
		SetName(headquarters).SetCountry("DE").SetCity("Berlin").SetState("Berlin").
		SetPostalCode("10115").SetStreetName("Invalidenstraße").SetStreetNumber("117").
		SetArrivalInstructions("Reception on the 3rd floor; ask for the hiring team.").
		SetTimezone("Europe/Berlin").Save(ctx)
	if s.err != nil {
		return
	}
	s.locations["austin"], s.err = s.tx.Location.Create().
		SetName("Austin Lab").SetCountry("US").SetCity("Austin").SetState("TX").
		SetPostalCode("78701").SetStreetName("Congress Ave").SetStreetNumber("600").
		SetTimezone("America/Chicago").Save(ctx)
}

func (s *seeder) seedFields(ctx context.Context) {
	type def struct {
		scope    fielddefinition.Scope
		name     string
		kind     fielddefinition.Kind
		options  []string
		internal bool
	}
	defs := []def{
		{fielddefinition.ScopeDepartment, "Department", fielddefinition.KindDropdown, []string{"Engineering", "Operations", "Sales"}, false},
		{fielddefinition.ScopeExperienceLevel, "Experience level", fielddefinition.KindDropdown, []string{"Junior", "Mid-level", "Senior"}, false},
		{fielddefinition.ScopeEmploymentType, "Employment type", fielddefinition.KindDropdown, []string{"Full-time", "Part-time", "Contract"}, false},
		{fielddefinition.ScopeCategory, "Team", fielddefinition.KindDropdown, []string{"Platform", "Robotics", "Support"}, false},
		{fielddefinition.ScopeCategory, "Remote policy", fielddefinition.KindText, nil, false},
		{fielddefinition.ScopeCategory, "Budget code", fielddefinition.KindText, nil, true},
		{fielddefinition.ScopeDetail, "Job description", fielddefinition.KindText, nil, false},
		{fielddefinition.ScopeDetail, "Requirements", fielddefinition.KindText, nil, false},
		{fielddefinition.ScopeDetail, "Hiring notes", fielddefinition.KindText, nil, true},
		{fielddefinition.ScopeOpeningCustomField, "Cost center", fielddefinition.KindDropdown, []string{"CC-100", "CC-200"}, false},
		{fielddefinition.ScopeOpeningCustomField, "Requisition ID", fielddefinition.KindText, nil, false},
		{fielddefinition.ScopeOpeningCustomField, "Internal budget", fielddefinition.KindText, nil, true},
	}
	for _, d := range defs {
		if s.err != nil {
			return
		}
		opts := d.options
		if opts == nil {
			opts = []string{}
		}
		_, s.err = s.tx.FieldDefinition.Create().
			SetScope(d.scope).SetName(d.name).SetKind(d.kind).SetOptions(opts).SetInternalUse(d.internal).
			Save(ctx)
	}
}

func (s *seeder) seedQuestionnaires(ctx context.Context) {
	for _, q := range []struct {
		name, typ, enabledFor, showAs string
		questions                     []schematype.Question
	}{
		{"Screening questions", "screening", "all_positions", "form", []schematype.Question{
			{Title: "Are you authorized to work in the EU?", Explanation: "We cannot sponsor visas for this role.", Options: []schematype.QuestionOption{{Title: "Yes"}, {Title: "No"}}, Required: true},
			{Title: "What is your notice period?", Explanation: "In weeks."},
		}},
		{"Voluntary diversity survey", "eeo", "published_positions", "survey", []schematype.Question{
			{Title: "How do you describe your gender?", Explanation: "Optional; never shown to interviewers.", Options: []schematype.QuestionOption{{Title: "Woman"}, {Title: "Man"}, {Title: "Non-binary"}, {Title: "Prefer not to say"}}, Demographic: true},
		}},
	} {
		if s.err != nil {
			return
		}
		var created *ent.Questionnaire
		created, s.err = s.tx.Questionnaire.Create().
			SetName(q.name).SetSpecificType(q.typ).SetEnabledFor(q.enabledFor).SetShowAs(q.showAs).
			SetQuestions(q.questions).Save(ctx)
		s.quests = append(s.quests, created)
	}
}

func (s *seeder) seedPositions(ctx context.Context) {
	s.positions = map[string]*ent.Position{}
	type pos struct {
		key, name, dept, level, kind, workplace, loc string
		status                                       position.Status
		template, published                          bool
		team, description                            string
	}
	for i, p := range []pos{
		{"template", templateName, "Engineering", "Mid-level", "Full-time", "hybrid", "hq", position.StatusOpen, true, false, "Platform",
			"<p>Build the services behind our <b>warehouse robots</b>.</p>"},
		{"published", publishedName, "Engineering", "Senior", "Full-time", "hybrid", "hq", position.StatusOpen, false, true, "Platform",
			"<p>Own the fleet API that <b>2,000 robots</b> talk to every second.</p><ul><li>Go</li><li>PostgreSQL</li></ul>"},
		{"technician", "Robotics Technician", "Operations", "Mid-level", "Full-time", "on-site", "austin", position.StatusOpen, false, true, "Robotics",
			"<p>Keep our Austin test fleet <i>rolling</i>.</p>"},
		{"sales", "Account Executive", "Sales", "Senior", "Full-time", "remote", "", position.StatusOpen, false, true, "Support",
			"<p>Bring robots to new warehouses across Europe.</p>"},
		{"unpublished", unpublishedName, "Operations", "Junior", "Part-time", "on-site", "hq", position.StatusOnHold, false, false, "Support",
			"<p>Run the Berlin office.</p>"},
	} {
		if s.err != nil {
			return
		}
		c := s.tx.Position.Create().
			SetName(p.name).SetStatus(p.status).SetIsTemplate(p.template).SetIsPublished(p.published).
			SetDepartment(p.dept).SetExperienceLevel(p.level).SetEmploymentType(p.kind).SetWorkplaceType(p.workplace).
			SetEmail(fmt.Sprintf("jobs+%s@acme.example", p.key)).
			SetURLServiceHostedPage(fmt.Sprintf("https://jobs.acme.example/%s", p.key)).
			SetURLActivePage(fmt.Sprintf("https://acme.example/careers/%s", p.key)).
			SetPictureURL("https://acme.example/img/robots.png").
			SetInternalUseCustomID(fmt.Sprintf("REQ-%03d", 100+i)).
			SetSalaryRange(&schematype.SalaryRange{Min: 60000 + int64(i)*10000, Max: 80000 + int64(i)*15000, CurrencyCode: "EUR", Period: "annually"}).
			SetCategories([]schematype.NamedValue{
				{Name: "Team", Value: p.team, Order: 1},
				{Name: "Remote policy", Value: p.workplace, Order: 2},
				{Name: "Budget code", Value: "BC-42", Order: 3},
			}).
			SetDetails([]schematype.NamedValue{
				{Name: "Job description", Value: p.description, Order: 1},
				{Name: "Requirements", Value: "<ul><li>Curiosity</li><li>Care for <u>quality</u></li></ul>", Order: 2},
				{Name: "Hiring notes", Value: "Internal: budget approved for Q3.", Order: 3},
			}).
			SetWorkflow([]schematype.WorkflowStep{
				{Name: "Application review", Type: "review", AssigneeIDs: []string{s.users["recruiter"].ID}},
				{Name: "Technical interview", Type: "interview", AssigneeIDs: []string{s.users["hiring_manager"].ID, s.users["interviewer"].ID}},
				{Name: "Offer", Type: "offer", AssigneeIDs: []string{s.users["recruiter"].ID}},
			}).
			SetLeadRecruiter(s.users["recruiter"]).SetHiringManager(s.users["hiring_manager"]).SetCoordinator(s.users["coordinator"]).
			AddHiringTeam(s.users["recruiter"], s.users["hiring_manager"], s.users["interviewer"]).
			AddQuestionnaires(s.quests[0]).
			SetTimeCreated(s.ago(time.Duration(90-i) * day)).SetTimeUpdated(s.ago(time.Duration(30-i) * day))
		if loc := s.locations[p.loc]; loc != nil {
			c.SetLocation(loc)
		}
		if s.positions[p.key], s.err = c.Save(ctx); s.err == nil {
			s.err = recruiting.GiveLeadRoles(ctx, s.tx, s.positions[p.key])
		}
	}
}

func (s *seeder) seedOpenings(ctx context.Context) {
	for i, key := range []string{"published", "published", "technician", "sales", "unpublished"} {
		if s.err != nil {
			return
		}
		created := s.ago(time.Duration(60-i*5) * day)
		c := s.tx.Opening.Create().
			SetPosition(s.positions[key]).
			SetName(fmt.Sprintf("%s #%d", s.positions[key].Name, i+1)).
			SetReason(opening.ReasonNew).
			SetTimeExpectedHire(s.now.Add(time.Duration(30+i*10) * day)).
			SetTimeOpened(created).SetTimeCreated(created).SetTimeLastStatusChange(created).SetTimeUpdated(created).
			SetCustomFields(schematype.StringMap{"Cost center": "CC-100", "Requisition ID": fmt.Sprintf("RQ-%d", 500+i), "Internal budget": "120k"})
		switch i {
		case 0:
			c.SetApprovalStatus(opening.ApprovalStatusApproved).SetTimeApproved(created)
		case 1:
			c.SetApprovalStatus(opening.ApprovalStatusStarted).SetStatus(opening.StatusPending).SetReason(opening.ReasonReplacementHire)
		case 4:
			c.SetApprovalStatus(opening.ApprovalStatusPaused).SetStatus(opening.StatusPending)
		}
		var o *ent.Opening
		o, s.err = c.Save(ctx)
		if s.err == nil && o.ApprovalStatus != opening.ApprovalStatusNA {
			// An approval process shows the opening's approval status.
			ap := s.tx.ApprovalProcess.Create().
				SetName("Headcount approval").SetStatus(recruiting.ApprovalStatuses.Spell(o.ApprovalStatus)).
				SetTimeStarted(created).SetOpening(o)
			if o.ApprovalStatus == opening.ApprovalStatusApproved {
				ap.SetTimeCompleted(created)
			}
			_, s.err = ap.Save(ctx)
		}
	}
}

func (s *seeder) seedCandidates(ctx context.Context) {
	people := []struct{ first, last, email, phone, city, country string }{
		{"Ada", "Lovelace", "ada@example.com", "+49 30 1234567", "Berlin", "DE"},
		{"Grace", "Hopper", "grace@example.com", "+1 512 555 0100", "Austin", "US"},
		{"Alan", "Turing", "alan@example.com", "", "London", "GB"},
		{"Katherine", "Johnson", "katherine@example.com", "+1 757 555 0199", "Hampton", "US"},
		{"Linus", "Torvalds", "linus@example.com", "", "Portland", "US"},
		{"Margaret", "Hamilton", "margaret@example.com", "+1 617 555 0142", "Boston", "US"},
		{"Edsger", "Dijkstra", "edsger@example.com", "", "Austin", "US"},
		{"Barbara", "Liskov", "barbara@example.com", "", "Cambridge", "US"},
	}
	targets := []string{"published", "published", "technician", "sales", "published", "technician", "unpublished", "sales"}
	// Each candidate's step in its position's pipeline (demoPipeline), so
	// the board shows candidates spread over the steps.
	stepAt := []int{3, 1, 2, 2, 4, 0, 1, 3}
	// The interviewer sees only the candidates assigned to them: give them
	// two to interview.
	interviews := map[int]bool{0: true, 2: true}
	for i, p := range people {
		if s.err != nil {
			return
		}
		created := s.ago(time.Duration(40-i*3) * day)
		var per *ent.Person
		per, s.err = s.tx.Person.Create().
			SetFirstName(p.first).SetLastName(p.last).SetEmail(p.email).SetPhone(p.phone).
			SetIDNumber(fmt.Sprintf("ID-%05d", 7000+i)).
			SetResumeName(fmt.Sprintf("%s-%s-cv.pdf", p.first, p.last)).
			SetResumeURL(fmt.Sprintf("https://files.acme.example/resumes/%d", 7000+i)).
			SetTimeCreated(created).SetTimeLastActivity(created.Add(2 * day)).
			Save(ctx)
		if s.err != nil {
			return
		}
		status := candidate.StatusInProgress
		if i == 3 {
			status = candidate.StatusRejected
		}
		create := s.tx.Candidate.Create().
			SetPerson(per).SetPosition(s.positions[targets[i]]).SetStatus(status).SetSource("Careers site")
		if status == candidate.StatusRejected {
			create.SetRejectionReason(s.reasons[1]).SetRejectionNote("Strong profile, but we need deeper Go experience.")
		}
		if interviews[i] {
			create.AddAssignees(s.users["interviewer"])
		}
		var c *ent.Candidate
		c, s.err = create.
			SetAddress(&schematype.Address{Country: p.country, City: p.city, State: "", Zip: "", StreetAddress: ""}).
			SetTimeCreated(created).SetTimeLastStatusChanged(created.Add(day)).SetTimeHiringProcessUpdated(created.Add(2 * day)).
			Save(ctx)
		s.placeCandidate(ctx, c, targets[i], stepAt[i])
	}
	if s.err != nil {
		return
	}
	// Ada also applies to a second position: one person, two hiring processes.
	var ada *ent.Person
	ada, s.err = s.tx.Person.Query().Order(ent.Asc("time_created")).First(ctx)
	if s.err != nil {
		return
	}
	var second *ent.Candidate
	second, s.err = s.tx.Candidate.Create().
		SetPerson(ada).SetPosition(s.positions["technician"]).SetSource("Referral").
		SetTimeCreated(s.ago(3 * day)).SetTimeLastStatusChanged(s.ago(3 * day)).SetTimeHiringProcessUpdated(s.ago(3 * day)).
		Save(ctx)
	s.placeCandidate(ctx, second, "technician", 0)
	s.seedConversation(ctx)
	s.settleActivityTimes(ctx)
}

// seedConversation gives the first candidate of the published position a
// note, a conversation with one message and an offer letter.
func (s *seeder) seedConversation(ctx context.Context) {
	if s.err != nil {
		return
	}
	var main *ent.Candidate
	main, s.err = s.positions["published"].QueryCandidates().Order(ent.Asc("id")).First(ctx)
	if s.err != nil {
		return
	}
	recruiter := s.users["recruiter"]
	_, s.err = s.tx.Note.Create().
		SetCandidate(main).SetTimeCreated(s.ago(10 * day)).
		SetCreatedBy(schematype.Party{Type: "user", UID: recruiter.ID, FirstName: recruiter.FirstName, LastName: recruiter.LastName, Email: recruiter.Email}).
		SetText("Strong <b>systems</b> background.").
		SetDetails([]schematype.NoteDetail{{Title: "Source", Text: "Referral"}}).
		Save(ctx)
	if s.err != nil {
		return
	}
	var conv *ent.Conversation
	conv, s.err = s.tx.Conversation.Create().SetSubject("Interview scheduling").SetCandidate(main).Save(ctx)
	if s.err != nil {
		return
	}
	_, s.err = s.tx.Message.Create().
		SetConversation(conv).SetTimeSent(s.ago(9 * day)).SetStatus("Sent").SetSubject("Interview scheduling").
		SetBody("Hi Ada, would <b>Tuesday</b> work for you?").
		SetFrom(schematype.Party{Type: "user", UID: recruiter.ID, FirstName: recruiter.FirstName, LastName: recruiter.LastName, Email: recruiter.Email}).
		SetTo([]schematype.Party{{Type: "candidate", UID: main.ID, FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Status: "Open"}}).
		Save(ctx)
	if s.err != nil {
		return
	}
	_, s.err = s.tx.OfferLetter.Create().
		SetCandidate(main).SetFileName("offer-ada-lovelace.pdf").SetContent(minimalPDF).Save(ctx)
}

func (s *seeder) seedPartner(ctx context.Context) {
	if s.err != nil {
		return
	}
	var token []byte
	token, s.err = s.sealer.Seal([]byte(PartnerToken))
	if s.err != nil {
		return
	}
	_, s.err = s.tx.EvaluationPartner.Create().
		SetName(PartnerName).
		SetSubmitURL("http://127.0.0.1:9090/submit").
		SetTestsURL("http://127.0.0.1:9090/tests").
		SetSealedAccessToken(token).
		SetCanSeeOffers(true).
		SetTestCatalog([]schematype.PartnerTest{{TestID: "go-basics", TestName: "Go basics"}, {TestID: "sql-1", TestName: "SQL fundamentals"}}).
		Save(ctx)
}

// minimalPDF is a valid one-page PDF, small enough to keep in the source.
var minimalPDF = []byte("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")

// settleActivityTimes keeps the demo's times consistent: a candidate's
// hiring process is updated no earlier than its notes and messages, and a
// person's last activity is the latest of their candidates'.
func (s *seeder) settleActivityTimes(ctx context.Context) {
	if s.err != nil {
		return
	}
	var main *ent.Candidate
	if main, s.err = s.positions["published"].QueryCandidates().Order(ent.Asc("id")).First(ctx); s.err != nil {
		return
	}
	if s.err = main.Update().SetTimeHiringProcessUpdated(s.ago(9 * day)).Exec(ctx); s.err != nil {
		return
	}
	var people []*ent.Person
	if people, s.err = s.tx.Person.Query().WithCandidates().All(ctx); s.err != nil {
		return
	}
	for _, p := range people {
		latest := p.TimeLastActivity
		for _, c := range p.Edges.Candidates {
			if c.TimeHiringProcessUpdated.After(latest) {
				latest = c.TimeHiringProcessUpdated
			}
		}
		if latest.After(p.TimeLastActivity) {
			if s.err = p.Update().SetTimeLastActivity(latest).Exec(ctx); s.err != nil {
				return
			}
		}
	}
}
