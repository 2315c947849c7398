package site

import (
	"math"
	"unicode/utf8"

	"kplay/engine"
)

// This file places a broker box's title row: its name on the left and
// its role pill (BrokerLook.Role) on the right, apart, so that no pill
// covers the name a learner looks for (a 169-unit box of the nine-broker
// phone grid drew "no replica" over "broker 4").

// Title row geometry, in viewBox units: the pill's padding around its
// text, and the least gap between the name's end and the pill.
const (
	rolePillPad = 12
	titleGap    = 6
)

// widestRole is the longest role pill of a broker that is up and
// registered (LookOf): a box with room for it beside its name has room
// for every role but "leader on record", which RolePillOf cuts.
const widestRole = "no replica"

// BrokerName is broker b's box title: "broker 4", or "b4" when short.
func BrokerName(b engine.BrokerID, short bool) string {
	if short {
		return BrokerKey(b)
	}
	return "broker " + itoa(int64(b))
}

// TitleW is the narrowest box whose title row holds "broker N" (N up to
// brokers) and the widest role pill apart (TextW: the name at NamePx, the
// role at TextPx), in whole units: 185 for up to nine brokers.
func TitleW(brokers int) float64 {
	name := BrokerName(engine.BrokerID(max(brokers, 1)), false)
	return math.Ceil(BadgePad + TextW(utf8.RuneCountInString(name), NamePx) + titleGap + PillW(widestRole) + BadgePad)
}

// PillW is the width of a role pill saying role.
func PillW(role string) float64 { return TextW(utf8.RuneCountInString(role), TextPx) + rolePillPad }

// RolePill is a box's role pill as drawn: its text, X (from the box's
// left edge) and W; Title is the whole role when Text is cut, else "".
type RolePill struct {
	Text, Title string
	X, W        float64
}

// RolePillOf places the pill saying role at the right of a box boxW wide
// whose title row starts with name, its text cut (Clip) when the whole
// would come within titleGap of the name's end.
func RolePillOf(role, name string, boxW float64) RolePill {
	room := boxW - BadgePad - (BadgePad + TextW(utf8.RuneCountInString(name), NamePx) + titleGap)
	p := RolePill{Text: role}
	if PillW(role) > room {
		n := int((room - rolePillPad) / TextW(1, TextPx))
		p.Text, p.Title = Clip(role, max(n, 2)), role
	}
	p.W = PillW(p.Text)
	p.X = boxW - BadgePad - p.W
	return p
}
