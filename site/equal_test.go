package site

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// TestViewEqualComparesEveryField: a view's Equal is what lets the page
// skip redrawing it (site/ui's view), so a field it forgets to compare is
// a change the page never draws. For each view type, every field (and
// every field of a field that is a struct) is set alone to a value other
// than its zero, and Equal must tell that value from the zero view, both
// ways round. The one field left out on purpose is named with its reason.
func TestViewEqualComparesEveryField(t *testing.T) {
	checkEqualFields[OutlineView](t)
	checkEqualFields[Inspection](t)
	checkEqualFields[PlacedBadge](t)
	// A countdown's data-left is the time left at the last redraw: the box
	// redraws when the ring's arc moves (TimerView.Same), not every
	// simulated millisecond.
	checkEqualFields[BrokerView](t, "Timer.Left")
	checkEqualFields[StripView](t)
	checkEqualFields[InspectorView](t)
	checkEqualFields[LifecycleView](t)
	checkEqualFields[ConfigFormView](t)
	checkEqualFields[ConsumerFormView](t)
	checkEqualFields[PartitionMapView](t)
}

// checkEqualFields checks T's Equal against each of its leaf fields
// (equalLeaves) set alone, but those named in skip.
func checkEqualFields[T interface{ Equal(T) bool }](t *testing.T, skip ...string) {
	t.Helper()
	var zero T
	typ := reflect.TypeOf(zero)
	for _, path := range equalLeaves(typ, nil) {
		if slices.Contains(skip, fieldName(typ, path)) {
			continue
		}
		var w T
		f := reflect.ValueOf(&w).Elem()
		for _, i := range path {
			f = f.Field(i)
		}
		f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem() // unexported fields too
		if !setNonZero(f) {
			t.Errorf("%s.%s: cannot make a %s other than its zero for the check", typ.Name(), fieldName(typ, path), f.Type())
			continue
		}
		if zero.Equal(w) || w.Equal(zero) {
			t.Errorf("%s.Equal does not compare %s", typ.Name(), fieldName(typ, path))
		}
	}
}

// equalLeaves lists the paths (field indexes) to typ's fields, going into
// the fields that are structs.
func equalLeaves(typ reflect.Type, prefix []int) [][]int {
	var out [][]int
	for i := range typ.NumField() {
		path := append(append([]int(nil), prefix...), i)
		if ft := typ.Field(i).Type; ft.Kind() == reflect.Struct {
			out = append(out, equalLeaves(ft, path)...)
			continue
		}
		out = append(out, path)
	}
	return out
}

// setNonZero sets v to a value other than its zero; false if it cannot.
func setNonZero(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1)
	case reflect.String:
		v.SetString("x")
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		m.SetMapIndex(reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem())
		v.Set(m)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
	default:
		return false
	}
	return true
}

// fieldName spells a path of field indexes: "Box.X".
func fieldName(typ reflect.Type, path []int) string {
	var names []string
	for _, i := range path {
		f := typ.Field(i)
		names = append(names, f.Name)
		typ = f.Type
	}
	return strings.Join(names, ".")
}
