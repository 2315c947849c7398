package engine

import (
	"reflect"
	"testing"
)

// TestProduceTextsIsString: produceTexts gives Produce.String for every
// command, for a repeat too, for more distinct commands than it holds,
// and after the caller changed the Values slice it passed.
func TestProduceTextsIsString(t *testing.T) {
	var pt produceTexts
	values := []string{"a", "b"}
	cmds := []Produce{{TP: TopicPartition{Topic: "orders"}, Values: values, Acks: AcksAll}}
	for i := range 2 * produceTextsN {
		cmds = append(cmds, Produce{TP: TopicPartition{Topic: "orders", Partition: int32(i % 5)}, Values: []string{"v"}, Acks: Acks(i % 3), Producer: int32(i % 2)})
	}
	for round := range 3 {
		for i := range cmds {
			if got, want := pt.text(&cmds[i]), cmds[i].String(); got != want {
				t.Fatalf("round %d, command %d: %q, want %q", round, i, got, want)
			}
		}
	}
	pt.text(&cmds[0])
	values[0] = "changed"
	if got, want := pt.text(&cmds[0]), cmds[0].String(); got != want {
		t.Fatalf("after its values changed: %q, want %q", got, want)
	}
}

// TestSameProduceSeesEveryField: two commands that differ in any one
// field, however deep, are not the same (a field added to Produce must be
// compared, or a remembered text would be the other command's).
func TestSameProduceSeesEveryField(t *testing.T) {
	base := Produce{Producer: 2, TP: TopicPartition{Topic: "orders", Partition: 1}, Key: "k", Values: []string{"a", "b"}, Acks: AcksOne, Broker: 3, Size: 10}
	if !sameProduce(&base, &base) {
		t.Fatal("a command differs from itself")
	}
	ty := reflect.TypeOf(base)
	var fields func(ty reflect.Type, index []int, path string)
	fields = func(ty reflect.Type, index []int, path string) {
		for i := range ty.NumField() {
			f := ty.Field(i)
			idx := append(append([]int(nil), index...), i)
			p := path + "." + f.Name
			if f.Type.Kind() == reflect.Struct {
				fields(f.Type, idx, p)
				continue
			}
			c := base
			c.Values = append([]string(nil), base.Values...)
			fv := reflect.ValueOf(&c).Elem().FieldByIndex(idx)
			switch fv.Kind() {
			case reflect.String:
				fv.SetString(fv.String() + "x")
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				fv.SetInt(fv.Int() + 1)
			case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
				fv.SetUint(fv.Uint() + 1)
			case reflect.Slice:
				// One element changed, and one more.
				c.Values[1] = "c"
				if sameProduce(&base, &c) {
					t.Errorf("commands differing in %s[1] are the same", p)
				}
				c.Values = append(base.Values[:2:2], "d")
			default:
				t.Fatalf("%s is a %s: teach this test to change it", p, fv.Kind())
			}
			if sameProduce(&base, &c) {
				t.Errorf("commands differing in %s are the same", p)
			}
		}
	}
	fields(ty, nil, "Produce")
}
