package graph

import "github.com/hiregraph/hiregraph/internal/apierror"

// renamedArg reads an argument renamed to the schema's one spelling of ID
// (positionId became positionID): the new name or, for a release, the old
// one, which the schema marks deprecated. Both are optional in the schema,
// so a client of either keeps working; giving both is refused, and so is
// neither when the argument is required.
func renamedArg(name string, value *string, oldName string, old *string, required bool) (*string, error) {
	switch {
	case value != nil && old != nil:
		return nil, apierror.BadRequest(name, "give %s or the deprecated %s, not both", name, oldName)
	case value != nil:
		return value, nil
	case old != nil:
		return old, nil
	case required:
		return nil, apierror.BadRequest(name, "%s is required", name)
	}
	return nil, nil
}
