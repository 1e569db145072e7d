package ent

import "github.com/hiregraph/hiregraph/ent/entgql"

// A timeline reads newest first unless the caller orders it otherwise.
func init() { DefaultActivityOrder.Direction = entgql.OrderDirectionDesc }
