package recruiting

// PositionFields are the fields of a position that every write of one
// takes: a clone (spec 4.1), a position made from scratch and an update.
// Pointers tell a missing field from a zero value.
type PositionFields struct {
	Name              *string           `json:"name"`
	IsDiscreet        *bool             `json:"is_discreet"`
	Department        *string           `json:"department"`
	ExperienceLevel   *string           `json:"experience_level"`
	EmploymentType    *string           `json:"employment_type"`
	IsTalentPool      *bool             `json:"is_talent_pool"`
	Location          *LocationRef      `json:"location"`
	SalaryRange       *SalaryRangeInput `json:"salary_range"`
	Categories        []NamedValueInput `json:"categories"`
	Details           []NamedValueInput `json:"details"`
	QuestionnaireUIDs []string          `json:"questionnaire_uids"`
}

// NewPositionFields are the fields of a new position, cloned or made from
// scratch: PositionFields with its status, hiring team and openings.
type NewPositionFields struct {
	PositionFields
	Status *string `json:"status"`
	// LocationUID is where the spec's sample puts the location.
	LocationUID   *string        `json:"location_uid"`
	AllowFallback *bool          `json:"allow_fallback"`
	Users         *CloneUsers    `json:"users"`
	Openings      []OpeningInput `json:"openings"`
}
